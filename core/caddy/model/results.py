"""The results data: what happened in every round, for every player.

An :class:`ResultsTable` holds, per player and round, a :class:`RoundResult`:
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

Build a results table with :class:`caddy.model.results_table.ResultsTableBuilder`; in a round robin,
its ``withdraw`` applies FIDE's 50% rule (General Regulations
for Competitions 6.6; docs/standings.md).
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import partial
from typing import Literal, NamedTuple

import attrs

from caddy.errors import CaddyError
from caddy.model.names import find_player

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
make_round_result = partial(tuple.__new__, RoundResult)


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
class ResultsTable:
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
        """A player by pairing number or name (:func:`caddy.model.names.find_player`)."""

        return self.player(find_player([p.name for p in self.players], key))

    def score(self, number: int) -> float:
        return sum(r.points for r in self.results[number - 1])


def is_round_robin(event: ResultsTable) -> bool:
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
    the two sides of a game disagree, :mod:`caddy.event.check` says so). The one
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
