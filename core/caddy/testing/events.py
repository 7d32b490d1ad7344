"""Small finished events drawn by hypothesis, for the tie-break contract suite.

:func:`small_events` draws Swiss-like events (byes, forfeits) and round
robins, built with :class:`caddy.model.results_table.ResultsTableBuilder`;
:func:`relabelled` gives the players other pairing numbers and :func:`copied`
an equal event sharing no row. hypothesis is imported when a strategy is
built, not when this module is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from caddy.model.results import EventPlayer, ResultsTable, RoundResult
from caddy.model.results_table import ResultsTableBuilder

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["RESULTS", "copied", "relabelled", "small_events"]


#: Results drawn for games (forfeits included).
RESULTS = ("1-0", "0-1", "1/2", "1-0", "0-1", "1/2", "+-", "-+", "--")


def _circle(n: int) -> list[list[tuple[int, int]]]:
    """A single round robin of ``n`` players by the circle method (a dummy
    player ``n + 1`` for an odd field: meeting them is the rest round)."""
    m = n + n % 2
    order = list(range(1, m + 1))
    rounds = []
    for r in range(m - 1):
        pairs = []
        for k in range(m // 2):
            a, b = order[k], order[m - 1 - k]
            pairs.append((a, b) if (r + k) % 2 == 0 else (b, a))
        rounds.append(pairs)
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


def small_events(max_players: int = 8, max_rounds: int = 5) -> SearchStrategy[ResultsTable]:
    """A hypothesis strategy of small finished events: Swiss-like events
    (random pairings, a bye for the odd player out, requested byes, forfeits)
    and round robins (pre-determined pairings, rest rounds for an odd field)."""
    from hypothesis import strategies as st

    @st.composite
    def build(draw: st.DrawFn) -> ResultsTable:
        n = draw(st.integers(2, max_players))
        players = [
            EventPlayer(
                number=i,
                name=f"Player {i}",
                rating=draw(st.none() | st.integers(1000, 2800)),
            )
            for i in range(1, n + 1)
        ]
        if draw(st.booleans()) and n <= max_rounds + 1:
            schedule = _circle(n)
            builder = ResultsTableBuilder(players, rounds=len(schedule), pre_determined=True)
            for number, pairs in enumerate(schedule, 1):
                for white, black in pairs:
                    if black > n or white > n:
                        builder.bye(number, min(white, black), "rest")
                    else:
                        builder.game(number, white, black, draw(st.sampled_from(RESULTS)))
            return builder.build()
        rounds = draw(st.integers(1, max_rounds))
        builder = ResultsTableBuilder(players, rounds=rounds, pre_determined=False)
        for number in range(1, rounds + 1):
            order = draw(st.permutations(list(range(1, n + 1))))
            resting = draw(st.integers(0, max(0, min(2, n - 2))))
            for player in order[:resting]:
                builder.bye(number, player, draw(st.sampled_from(("half", "zero", "full"))))
            playing = order[resting:]
            if len(playing) % 2:
                builder.bye(number, playing.pop(), "pab")
            for k in range(0, len(playing), 2):
                builder.game(number, playing[k], playing[k + 1], draw(st.sampled_from(RESULTS)))
        return builder.build()

    return build()


def relabelled(event: ResultsTable, numbers: Sequence[int]) -> ResultsTable:
    """``event`` with player ``i`` (numbered from 1) renumbered ``numbers[i - 1]``,
    every result carried along."""
    new = {old: numbers[old - 1] for old in range(1, len(event.players) + 1)}
    order = sorted(range(1, len(event.players) + 1), key=new.__getitem__)
    return attrs.evolve(
        event,
        players=tuple(attrs.evolve(event.players[old - 1], number=new[old]) for old in order),
        results=tuple(
            tuple(
                rr if rr.opponent is None else rr._replace(opponent=new[rr.opponent])
                for rr in event.results[old - 1]
            )
            for old in order
        ),
        withdrawals=tuple(attrs.evolve(w, player=new[w.player]) for w in event.withdrawals),
    )


def copied(event: ResultsTable) -> ResultsTable:
    """An equal event that shares no row with ``event``."""
    return attrs.evolve(
        event,
        players=tuple(attrs.evolve(p) for p in event.players),
        results=tuple(tuple(RoundResult(*rr) for rr in row) for row in event.results),
    )
