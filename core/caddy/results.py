"""Results: what happened in every round, for every player.

An :class:`Event` holds, per player and round, a :class:`RoundResult`:
the opponent (or none), the colour, a result code, and the points awarded.
Result codes are TRF's (FIDE Handbook C.04 Annex 2), so files and the API speak
one language:

===== =========================================================
code  meaning
===== =========================================================
1 = 0 game won, drawn, lost over the board
W D L game that lasted less than one move: won, drawn, lost (not rated)
\\+ \\-  forfeit win / forfeit loss (a double forfeit is ``-`` for both)
U     pairing-allocated bye (PAB)
F     full-point bye
H     half-point bye
Z     zero-point bye (also: absent, and every round after a withdrawal)
R     rest round of an odd round robin (TRF writes it ``Z``)
===== =========================================================

Points are stored with every round, so a file's own bye values and any
scoring system (1/½/0 by default, 3/1/0 allowed) travel with the results.
Points are floats that only ever hold dyadic values (halves, quarters), so
they compare exactly.

Build an event with :class:`EventBuilder`; in a round robin,
:meth:`EventBuilder.withdraw` applies FIDE's 50% rule (General Regulations
for Competitions 6.6; docs/standings.md).
"""

from __future__ import annotations

import datetime
from collections import Counter, deque
from collections.abc import Callable, Collection, Iterable, Sequence
from functools import partial
from itertools import repeat
from operator import itemgetter
from typing import Any, Literal, NamedTuple

import attrs

from caddy.errors import CaddyError

GAME_CODES = frozenset("1=0WDL")
FORFEIT_CODES = frozenset("+-")
BYE_CODES = frozenset("UFHZR")
ALL_CODES = GAME_CODES | FORFEIT_CODES | BYE_CODES
#: A player's points (1 / ½ / 0) for a game or forfeit code.
GAME_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "W": 1.0, "D": 0.5, "L": 0.0, "+": 1.0, "-": 0.0}
#: The code for the other player of a game.
MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
Colour = Literal["w", "b"]


@attrs.frozen(kw_only=True)
class Scoring:
    """Points for every kind of round. Defaults: 1 / ½ / 0; byes of a round
    robin's rest round 0 (docs/schedules.md); a pairing-allocated bye a win."""

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    #: Forfeit win; ``None``: as a win.
    forfeit_win: float | None = None
    forfeit_loss: float = 0.0
    #: Pairing-allocated bye; ``None``: as a win.
    pab: float | None = None
    #: Full-point bye; ``None``: as a win.
    full_bye: float | None = None
    #: Half-point bye; ``None``: as a draw.
    half_bye: float | None = None
    zero_bye: float = 0.0
    #: Rest round of an odd round robin.
    rest: float = 0.0

    @classmethod
    def three_one_zero(cls) -> Scoring:
        """3 for a win, 1 for a draw, 0 for a loss."""
        return cls(win=3.0, draw=1.0, loss=0.0)

    def points(self, code: str) -> float:
        """Points awarded for a result code."""
        if code in ("1", "W"):
            return self.win
        if code in ("=", "D"):
            return self.draw
        if code in ("0", "L"):
            return self.loss
        if code == "+":
            return self.win if self.forfeit_win is None else self.forfeit_win
        if code == "-":
            return self.forfeit_loss
        if code == "U":
            return self.win if self.pab is None else self.pab
        if code == "F":
            return self.win if self.full_bye is None else self.full_bye
        if code == "H":
            return self.draw if self.half_bye is None else self.half_bye
        if code == "Z":
            return self.zero_bye
        if code == "R":
            return self.rest
        raise CaddyError(f"unknown result code '{code}'")


class RoundResult(NamedTuple):
    """One player's round (fields in order: opponent, colour, code, points).

    A named tuple: an event holds one per player and round (a million in a
    1,000-player round robin), so they are made and read at tuple speed.
    Change one with ``rr._replace(points=1.0)``.
    """

    #: Pairing number of the opponent, or ``None`` (byes, rest rounds).
    opponent: int | None = None
    colour: Colour | None = None
    #: TRF result code (see the module docstring).
    code: str = "Z"
    points: float = 0.0

    @property
    def is_game(self) -> bool:
        """A game that took place over the board (incl. under one move)."""
        return self.code in GAME_CODES

    @property
    def is_forfeit(self) -> bool:
        return self.code in FORFEIT_CODES

    @property
    def rated(self) -> bool:
        """Reportable for rating: a game played over the board that lasted at
        least one move (forfeits, byes and W/D/L games are not rated)."""
        return self.code in ("1", "=", "0")


#: A RoundResult from a 4-tuple, without a Python frame (for whole rounds at once).
_make = partial(tuple.__new__, RoundResult)


@attrs.frozen(kw_only=True)
class EventPlayer:
    """A player of an event, by pairing number."""

    number: int
    name: str
    rating: int | None = None
    title: str | None = None
    federation: str | None = None
    fide_id: str | None = None
    sex: str | None = None
    birth: str | None = None
    #: Points stated by a file, if any (checked against the results).
    stated_points: float | None = None
    #: Rank stated by a file, if any.
    stated_rank: int | None = None


@attrs.frozen(kw_only=True)
class Withdrawal:
    """A round-robin withdrawal after ``after_round`` and what the 50% rule made of it."""

    player: int
    after_round: int
    #: Games the player completed (over the board, or counting forfeits when
    #: the event says so) and the games they were scheduled to play.
    completed: int
    scheduled: int
    #: True: fewer than 50% completed, every result removed from the standings.
    annulled: bool


@attrs.frozen(kw_only=True)
class Event:
    """Everything standings need: players, per-round results, and the rules."""

    name: str = ""
    start_date: datetime.date | None = None
    players: tuple[EventPlayer, ...]
    #: ``results[i][r]`` is player ``i + 1``'s round ``r + 1``.
    results: tuple[tuple[RoundResult, ...], ...]
    rounds: int
    scoring: Scoring = Scoring()
    #: Pre-determined pairings (a round robin): forfeits count as games for
    #: tie-breaks (C.07 Art. 15). ``None``: not decided (see :func:`is_round_robin`).
    pre_determined: bool | None = None
    #: Format name, when known (``round-robin``, ``manual`` ...).
    format: str | None = None
    withdrawals: tuple[Withdrawal, ...] = ()

    def __attrs_post_init__(self) -> None:
        if len(self.results) != len(self.players):
            raise CaddyError("an event needs one row of results per player")
        for number, row in enumerate(self.results, 1):
            if len(row) != self.rounds:
                raise CaddyError(f"player {number} has {len(row)} rounds, the event {self.rounds}")

    @property
    def annulled(self) -> frozenset[int]:
        """Players whose results are removed from the standings (50% rule)."""
        return frozenset(w.player for w in self.withdrawals if w.annulled)

    def player(self, number: int) -> EventPlayer:
        if not 1 <= number <= len(self.players):
            raise CaddyError(f"no player {number} (pairing numbers run 1..{len(self.players)})")
        return self.players[number - 1]

    def find(self, key: str) -> EventPlayer:
        """A player by pairing number or exact name."""
        if key.strip().isascii() and key.strip().isdigit():  # not ``²`` (int refuses it) or ``٣``
            return self.player(int(key))
        matches = [p for p in self.players if p.name == key]
        if not matches:
            raise CaddyError(f"no player named '{key}' (give a pairing number or the exact name)")
        return matches[0]

    def score(self, number: int) -> float:
        return sum(r.points for r in self.results[number - 1])


def is_round_robin(event: Event) -> bool:
    """Whether the results are a round robin: every pair met exactly once
    per cycle (games and forfeits), with at least one cycle."""
    return (
        round_robin_cycles(
            len(event.players), ([rr.opponent for rr in row] for row in event.results)
        )
        > 0
    )


def round_robin_cycles(players: int, opponents: Iterable[Sequence[int | None]]) -> int:
    """How many times every pair met, when every pair met equally often; else 0.

    ``opponents`` gives, per player in pairing-number order, the opponent of
    each round (``None``: no opponent); each player's own line counts (where
    the two sides of a game disagree, :mod:`caddy.check` says so). The one
    rule behind :func:`is_round_robin` and TRF import's choice of format.
    """
    if players < 2:
        return 0
    counts: set[int] = set()
    for number, row in enumerate(opponents, 1):
        met = Counter(row)
        met.pop(None, None)
        # everyone else once per cycle (counted from both sides of every game)
        if len(met) != players - 1 or number in met:
            return 0
        counts.update(met.values())
        if len(counts) > 1:
            return 0
    return counts.pop() if counts else 0


RESULT_WORDS = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2": ("=", "="),
    "½-½": ("=", "="),
    "1/2-1/2": ("=", "="),
    "=": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "+/-": ("+", "-"),
    "-/+": ("-", "+"),
    "-/-": ("-", "-"),
    # games that lasted less than one move (TRF W D L: counted, not rated)
    "W-L": ("W", "L"),
    "L-W": ("L", "W"),
    "D-D": ("D", "D"),
}
#: Both sides' codes of a game → its result word (the first word listed for them).
WORD_OF_CODES: dict[tuple[str, str], str] = {}
for _word, _codes in RESULT_WORDS.items():
    WORD_OF_CODES.setdefault(_codes, _word)
del _word, _codes
#: The result words, for messages.
RESULT_HELP = "1-0, 0-1, 1/2, +-, -+, -- (forfeits) or W-L, L-W, D-D (under one move)"
#: Bye kinds and their TRF codes: pairing-allocated, full, half, zero, a forfeit
#: scored without an opponent named (TRF ``0000 - +`` / ``0000 - -``), rest round.
BYE_KIND_CODES = {
    "pab": "U",
    "full": "F",
    "half": "H",
    "zero": "Z",
    "forfeit-win": "+",
    "forfeit-loss": "-",
    "rest": "R",
}


class EventBuilder:
    """Build an :class:`Event` round by round through the API.

    >>> b = EventBuilder(["Ann", "Ben", "Cal", "Dan"], rounds=3)
    >>> b.game(1, 1, 4, "1-0")   # round 1: 1 (White) beat 4

    Results: ``1-0 0-1 1/2`` (``½-½``), forfeits ``+- -+ --``; games that
    lasted less than one move with ``short=True``. Byes: :meth:`bye` with
    ``pab``, ``full``, ``half``, ``zero`` or ``rest``.
    """

    def __init__(
        self,
        players: Sequence[str | EventPlayer],
        *,
        rounds: int,
        scoring: Scoring | None = None,
        name: str = "",
        start_date: datetime.date | None = None,
        pre_determined: bool | None = None,
        format: str | None = None,
        forfeits_complete_games: bool = False,
    ) -> None:
        self.players = [
            p if isinstance(p, EventPlayer) else EventPlayer(number=i, name=p)
            for i, p in enumerate(players, 1)
        ]
        if rounds < 1:
            raise CaddyError("an event needs at least one round")
        self.rounds = rounds
        self.scoring = scoring or Scoring()
        self.name = name
        self.start_date = start_date
        self.pre_determined = pre_determined
        self.format = format
        #: For the 50% rule: does a forfeit count as a completed game? (default no)
        self.forfeits_complete_games = forfeits_complete_games
        # one list per round (a column of the crosstable), filled with RoundResults:
        # a whole round is written at C speed (games()), and build() turns the
        # columns into players' rows with one zip (tie-breaks read rows)
        self._cols: list[list[RoundResult | None]] = [
            [None] * len(self.players) for _ in range(rounds)
        ]
        self._withdrawals: list[
            tuple[int, int, Sequence[tuple[int, int, int]] | None, int | None]
        ] = []

    def _check(self, rnd: int, *numbers: int) -> None:
        if not 1 <= rnd <= self.rounds:
            raise CaddyError(f"round {rnd} does not exist (the event has {self.rounds} rounds)")
        for number in numbers:
            if not 1 <= number <= len(self.players):
                raise CaddyError(
                    f"unknown player {number} (pairing numbers run 1..{len(self.players)})"
                )
            if self._cols[rnd - 1][number - 1] is not None:
                raise CaddyError(f"player {number} already has a result in round {rnd}")

    def game(
        self,
        rnd: int,
        white: int,
        black: int,
        result: str,
        *,
        short: bool = False,
        coloured: bool = True,
    ) -> EventBuilder:
        """Record a game (or a forfeit) between ``white`` and ``black``
        (``coloured=False``: a game whose colours are not known, TRF ``-``)."""
        if white == black:
            raise CaddyError(f"round {rnd}: player {white} cannot play themselves")
        self._check(rnd, white, black)
        codes = RESULT_WORDS.get(result.strip().replace(" ", ""))
        if codes is None:
            raise CaddyError(f"round {rnd}: unknown result '{result}' (expected {RESULT_HELP})")
        w, b = codes
        if short:
            if "+" in codes or "-" in codes:
                raise CaddyError(f"round {rnd}: a forfeit cannot be a short game")
            short_codes = {"1": "W", "0": "L", "=": "D"}
            w, b = short_codes.get(w, w), short_codes.get(b, b)
        s = self.scoring
        column = self._cols[rnd - 1]
        column[white - 1] = RoundResult(black, "w" if coloured else None, w, s.points(w))
        column[black - 1] = RoundResult(white, "b" if coloured else None, b, s.points(b))
        return self

    def games(
        self,
        rnd: int,
        whites: Sequence[int],
        blacks: Sequence[int],
        results: Sequence[str],
        *,
        uncoloured: Collection[int] = (),
    ) -> EventBuilder:
        """Record a round's games at once, board by board (as :meth:`game`;
        ``uncoloured`` lists the boards, from 1, whose colours are not known)."""
        if not 1 <= rnd <= self.rounds:
            raise CaddyError(f"round {rnd} does not exist (the event has {self.rounds} rounds)")
        column = self._cols[rnd - 1]
        n = len(column)
        points = {code: self.scoring.points(code) for code in MIRROR}
        codes = list(map(RESULT_WORDS.get, results))
        seen = [*whites, *blacks]
        places = list(map((-1).__add__, seen))  # list indices, at C speed
        clean = (
            None not in codes
            and len(whites) == len(blacks) == len(results)
            and len(set(seen)) == len(seen)
            and (not seen or (min(seen) > 0 and max(seen) <= n))
            and not uncoloured
            and not any(map(column.__getitem__, places))
        )
        if not clean:  # board by board, for the message that names what is wrong
            for board, (white, black, result) in enumerate(
                zip(whites, blacks, results, strict=True), 1
            ):
                self.game(rnd, white, black, result, coloured=board not in uncoloured)
            return self
        # the whole round at C speed: cells made by map, put in place by map
        first: Callable[[Any], str] = itemgetter(0)
        second: Callable[[Any], str] = itemgetter(1)
        w_codes = list(map(first, codes))
        b_codes = list(map(second, codes))
        cells = [
            *map(_make, zip(blacks, repeat("w"), w_codes, map(points.__getitem__, w_codes))),
            *map(_make, zip(whites, repeat("b"), b_codes, map(points.__getitem__, b_codes))),
        ]
        deque(map(column.__setitem__, places, cells), maxlen=0)
        return self

    def bye(
        self, rnd: int, player: int, kind: str = "pab", points: float | None = None
    ) -> EventBuilder:
        """Record a bye: ``pab``, ``full``, ``half``, ``zero`` or ``rest``."""
        code = BYE_KIND_CODES.get(kind, "Z" if kind == "absent" else "")
        if not code:
            raise CaddyError(f"unknown bye '{kind}' (expected {', '.join(BYE_KIND_CODES)})")
        self._check(rnd, player)
        value = self.scoring.points(code) if points is None else points
        self._cols[rnd - 1][player - 1] = RoundResult(None, None, code, value)
        return self

    def withdraw(
        self,
        player: int,
        after_round: int,
        schedule: Sequence[tuple[int, int, int]] | None = None,
        *,
        scheduled: int | None = None,
    ) -> EventBuilder:
        """The player leaves after ``after_round``.

        In a round robin (``pre_determined``) FIDE's rule applies when the
        event is built: fewer than 50% of their games completed → every
        result of theirs is removed from the standings (kept in the
        crosstable); otherwise their results stand and each remaining game
        is a forfeit, ``-`` for them and ``+`` for the opponent.
        ``schedule`` lists the remaining games as ``(round, white, black)``
        when they are not recorded yet; ``scheduled`` gives the player's
        number of games in the whole event when the event built here holds
        only the rounds played so far. In other events the player is absent
        (``Z``) from every later round.
        """
        if not 1 <= player <= len(self.players):
            raise CaddyError(f"unknown player {player}")
        if not 0 <= after_round <= self.rounds:
            raise CaddyError(
                f"cannot withdraw after round {after_round} (the event has {self.rounds})"
            )
        self._withdrawals.append((player, after_round, schedule, scheduled))
        return self

    def build(self) -> Event:
        """The event; every round must have a result by now."""
        from caddy._gc import paused

        with paused():  # a million round results in a 1,000-player round robin
            return self._build()

    def _build(self) -> Event:
        rows: list[Any] = list(zip(*self._cols, strict=True))  # players' rows, at C speed
        withdrawals: list[Withdrawal] = []
        if self._withdrawals:
            rows = [list(row) for row in rows]
            for player, after, schedule, scheduled in self._withdrawals:
                withdrawals.append(self._apply_withdrawal(rows, player, after, schedule, scheduled))
        missing = [
            f"player {i} has no result in round {r}"
            for i, row in enumerate(rows, 1)
            if None in row
            for r, rr in enumerate(row, 1)
            if rr is None
        ]
        if missing:
            raise CaddyError(missing[0], problems=missing)
        results = tuple(map(tuple, rows)) if self._withdrawals else tuple(rows)
        return Event(
            name=self.name,
            start_date=self.start_date,
            players=tuple(self.players),
            results=results,
            rounds=self.rounds,
            scoring=self.scoring,
            pre_determined=self.pre_determined,
            format=self.format,
            withdrawals=tuple(withdrawals),
        )

    def _apply_withdrawal(
        self,
        rows: list[list[RoundResult | None]],
        player: int,
        after: int,
        schedule: Sequence[tuple[int, int, int]] | None,
        scheduled_total: int | None = None,
    ) -> Withdrawal:
        s = self.scoring
        mine = rows[player - 1]
        # the games still to come, from the recorded pairings or the schedule
        remaining: dict[int, tuple[int, Colour]] = {}
        for rnd in range(after + 1, self.rounds + 1):
            cell = mine[rnd - 1]
            if cell is not None and cell[0] is not None:
                remaining[rnd] = (cell[0], cell[1] or "w")
        for rnd, white, black in schedule or ():
            if rnd > after and player in (white, black):
                remaining[rnd] = (black, "w") if white == player else (white, "b")
        if not self.pre_determined:
            for rnd in range(after + 1, self.rounds + 1):
                if mine[rnd - 1] is not None:
                    raise CaddyError(
                        f"player {player} withdrew after round {after} but has a result in round {rnd}"
                    )
                mine[rnd - 1] = RoundResult(None, None, "Z", s.zero_bye)
            return Withdrawal(
                player=player, after_round=after, completed=0, scheduled=0, annulled=False
            )
        scheduled = sum(
            1
            for rnd in range(1, self.rounds + 1)
            if ((cell := mine[rnd - 1]) is not None and cell[0] is not None) or rnd in remaining
        )
        if scheduled_total is not None:
            scheduled = scheduled_total
        done_codes = GAME_CODES | (FORFEIT_CODES if self.forfeits_complete_games else frozenset())
        completed = sum(
            1
            for cell in mine[:after]
            if cell is not None and cell[0] is not None and cell[2] in done_codes
        )
        annulled = 2 * completed < scheduled
        # an opponent who has left too scores no forfeit win: both lose (double forfeit)
        left = {p: a for p, a, *_ in self._withdrawals}
        for rnd, (opponent, colour) in remaining.items():
            other: Colour = "b" if colour == "w" else "w"
            mine[rnd - 1] = RoundResult(opponent, colour, "-", s.points("-"))
            code = "-" if left.get(opponent, rnd) < rnd else "+"
            rows[opponent - 1][rnd - 1] = RoundResult(player, other, code, s.points(code))
        return Withdrawal(
            player=player,
            after_round=after,
            completed=completed,
            scheduled=scheduled,
            annulled=annulled,
        )
