"""Results: what happened in every round, for every player.

The data (:class:`ResultsTable`, :class:`RoundResult`, :class:`Scoring`, the result
codes and words) is defined in :mod:`caddy.model.results` and importable from
here. Build a results table with :class:`ResultsTableBuilder`; in a round robin,
:meth:`ResultsTableBuilder.withdraw` applies FIDE's 50% rule (General Regulations
for Competitions 6.6; docs/standings.md).
"""

from __future__ import annotations

import datetime
from collections import deque
from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import repeat
from operator import itemgetter
from typing import Any

from caddy.errors import CaddyError
from caddy.model.collector import paused
from caddy.model.results import (
    BYE_KIND_CODES,
    FORFEIT_CODES,
    GAME_CODES,
    MIRROR,
    RESULT_HELP,
    RESULT_WORDS,
    Colour,
    EventPlayer,
    ResultsTable,
    RoundResult,
    Scoring,
    Withdrawal,
    make_round_result,
)


class ResultsTableBuilder:
    """Build a :class:`ResultsTable` round by round through the API.

    >>> b = ResultsTableBuilder(["Ann", "Ben", "Cal", "Dan"], rounds=3)
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
    ) -> ResultsTableBuilder:
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
    ) -> ResultsTableBuilder:
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
            *map(
                make_round_result,
                zip(blacks, repeat("w"), w_codes, map(points.__getitem__, w_codes)),
            ),
            *map(
                make_round_result,
                zip(whites, repeat("b"), b_codes, map(points.__getitem__, b_codes)),
            ),
        ]
        deque(map(column.__setitem__, places, cells), maxlen=0)
        return self

    def bye(
        self, rnd: int, player: int, kind: str = "pab", points: float | None = None
    ) -> ResultsTableBuilder:
        """Record a bye: ``pab``, ``full``, ``half``, ``zero`` or ``rest``."""
        code = BYE_KIND_CODES.get(kind, "Z" if kind == "absent" else "")
        if not code:
            raise CaddyError(f"unknown bye '{kind}' (expected {', '.join(BYE_KIND_CODES)})")
        self._check(rnd, player)
        value = self.scoring.points(code) if points is None else points
        self._cols[rnd - 1][player - 1] = RoundResult(None, None, code, value)
        return self

    def byes(self, rnd: int, byes: Iterable[tuple[int, str]]) -> ResultsTableBuilder:
        """Record a round's byes at once, ``(player, kind)`` each (as :meth:`bye`
        with the scoring's points; a problem is reported as :meth:`bye` reports it)."""
        items = list(byes)
        if not 1 <= rnd <= self.rounds:
            raise CaddyError(f"round {rnd} does not exist (the event has {self.rounds} rounds)")
        column = self._cols[rnd - 1]
        n = len(column)
        players = [p for p, _ in items]
        cells = {}
        for kind in {kind for _, kind in items}:
            code = BYE_KIND_CODES.get(kind, "Z" if kind == "absent" else "")
            if code:
                cells[kind] = RoundResult(None, None, code, self.scoring.points(code))
        clean = (
            len(cells) == len({kind for _, kind in items})
            and len(set(players)) == len(players)
            and (not players or (min(players) > 0 and max(players) <= n))
            and set(map(type, players)) <= {int}
        )
        places = list(map((-1).__add__, players)) if clean else []
        if not clean or any(map(column.__getitem__, places)):
            for player, kind in items:  # one by one, for the message that names what is wrong
                self.bye(rnd, player, kind)
            return self
        # the cells are immutable: one per kind, put in place by map() at C speed
        deque(
            map(column.__setitem__, places, map(cells.__getitem__, [k for _, k in items])), maxlen=0
        )
        return self

    def withdraw(
        self,
        player: int,
        after_round: int,
        schedule: Sequence[tuple[int, int, int]] | None = None,
        *,
        scheduled: int | None = None,
    ) -> ResultsTableBuilder:
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
        (``Z``) from every later round, but for a game paired before they left,
        which they lose by forfeit (``-``).
        """
        if not 1 <= player <= len(self.players):
            raise CaddyError(f"unknown player {player}")
        if not 0 <= after_round <= self.rounds:
            raise CaddyError(
                f"cannot withdraw after round {after_round} (the event has {self.rounds})"
            )
        self._withdrawals.append((player, after_round, schedule, scheduled))
        return self

    def build(self) -> ResultsTable:
        """The event; every round must have a result by now."""

        with paused():  # a million round results in a 1,000-player round robin
            return self._build()

    def _build(self) -> ResultsTable:
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
        return ResultsTable(
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
                cell = mine[rnd - 1]
                if cell is not None and cell[0] is not None and cell[2] == "-":
                    continue  # a game paired before the player left, lost by forfeit
                if cell is not None:
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
