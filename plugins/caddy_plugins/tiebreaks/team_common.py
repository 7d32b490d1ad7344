"""Shared machinery of the team tie-breaks (FIDE Handbook C.07 Arts. 12-13).

A team tie-break is handed a :class:`caddy.contracts.tiebreak_table.TieBreakTable` whose players
are the teams, scored in match points (MP) or game points (GP), with
``table.teams`` the :class:`caddy.model.team_results.TeamResultsTable`. What several of
them share lives here: the check that the event has teams, the table of the
other score, the board points of C.07 Art. 12 (a pairing-allocated bye and a
forfeited match count as a win or loss on every board), the comparison of
board vectors (TBR, BBE) and the opponents' scores of the Buchholz-type team
tie-breaks with C.07 Art. 16's unplayed rounds and ``/P``.

Sums of board points use :func:`math.fsum` (exactly rounded), so equal
multisets of points give equal totals whatever the order of the rounds.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING

from caddy.contracts.team_tiebreak_table import TeamTieBreakTable
from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy.errors import CaddyError
from caddy_plugins.tiebreaks.common import Item, contributions

if TYPE_CHECKING:
    from caddy.model.team_results import TeamResultsTable

#: The other score's table of a team table, built once per table.
_OTHER: weakref.WeakKeyDictionary[TieBreakTable, dict[str, TieBreakTable]] = (
    weakref.WeakKeyDictionary()
)


def team_event(table: TieBreakTable, spec: TieBreakSpec) -> TeamResultsTable:
    """The team results behind ``table`` (raises on an individual event)."""
    if table.teams is None:
        raise CaddyError(
            f"tie-break '{spec.text}' ranks teams (C.07 Arts. 12-13): this event has no teams"
        )
    return table.teams


def score_table(table: TieBreakTable, kind: str) -> TieBreakTable:
    """The table of the same team event scored in ``kind`` (``MP`` or ``GP``)."""
    tevent = table.teams
    assert tevent is not None
    if table.score_kind == kind:
        return table
    try:  # built with it (the standings build each when first asked for)
        return table.by_score[kind]
    except KeyError:
        pass
    cached = _OTHER.setdefault(table, {})
    if kind not in cached:
        other = TeamTieBreakTable(
            tevent, kind, edition=table.edition, pre_determined=table.rr, options=table.options
        )
        other.host = table.host
        cached[kind] = other
    return cached[kind]


def score_points(table: TieBreakTable, kind: str) -> Sequence[Sequence[float]]:
    """Per team index and round, the points it scored in ``kind`` (``MP`` or
    ``GP``): the ``pts`` of :func:`score_table`'s table, read from the team
    results when that table was not built (a team event annuls nobody, so
    its tables' points are the results' own)."""
    tevent = table.teams
    assert tevent is not None
    if table.score_kind == kind:
        return table.pts
    built = table.by_score.get(kind) or _OTHER.get(table, {}).get(kind)
    if built is not None:
        return built.pts
    return tevent.points(kind)


def primary_kind(table: TieBreakTable, spec: TieBreakSpec) -> str:
    """The score the tie-break reads: ``spec.score``, else the event's primary."""
    tevent = team_event(table, spec)
    return spec.score or tevent.primary


def secondary_kind(tevent: TeamResultsTable, spec: TieBreakSpec) -> str:
    """The score other than the one the tie-break's primary score is."""
    first = spec.score or tevent.primary
    return "GP" if first == "MP" else "MP"


def fmt(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:g}"


# -- board points (C.07 Art. 12) -----------------------------------------------


def board_totals(
    tevent: TeamResultsTable, t: int, rounds: Sequence[int] | None = None
) -> list[float]:
    """Points of team index ``t`` per board over ``rounds`` (default: every
    round), each round's board points as C.07 Art. 12 reads them."""
    boards = tevent.setup.boards
    chosen = range(tevent.rounds) if rounds is None else rounds
    per_board: list[list[float]] = [[] for _ in range(boards)]
    for r in chosen:
        for b, points in enumerate(tevent.results[t][r].boards):
            per_board[b].append(points)
    return [math.fsum(points) for points in per_board]


def board_count(totals: Sequence[float]) -> float:
    """C.07 Art. 12.1: board number times the points on that board, summed."""
    return math.fsum((b + 1) * points for b, points in enumerate(totals))


def top_boards(totals: Sequence[float]) -> tuple[float, ...]:
    """C.07 Art. 12.2: board 1's points, then board 2's ... (compared in order)."""
    return tuple(totals)


def bottom_elimination(totals: Sequence[float]) -> tuple[float, ...]:
    """C.07 Art. 12.3: the points without the bottom board, then without the
    bottom two ... down to board 1 alone (compared in order)."""
    return tuple(math.fsum(totals[:k]) for k in range(len(totals) - 1, 0, -1))


def places_by(keys: dict[int, tuple[float, ...]], start: int = 1) -> dict[int, int]:
    """Places (1 = first, equal keys share a place) of members by ``keys``,
    higher keys first (compared element by element)."""
    order = sorted(keys, key=lambda i: keys[i], reverse=True)
    places: dict[int, int] = {}
    for k, i in enumerate(order):
        if k and keys[order[k - 1]] == keys[i]:
            places[i] = places[order[k - 1]]
        else:
            places[i] = start + k
    return places


# -- opponents' scores (C.07 Arts. 13.2, 13.4; Art. 16) ------------------------


def opponent_scores(table: TieBreakTable, spec: TieBreakSpec, i: int) -> list[Item]:
    """Per round of team index ``i``: the opponent's (adjusted) score in
    ``table``'s score, or the dummy opponent's for unplayed rounds (C.07 Art.
    16.4, capped in 2026), as Buchholz items (contribution = the score).
    With ``/P`` a forfeited match counts as played against the scheduled
    opponent."""
    assert table.teams is not None
    return contributions(table, i, sb=False, fore=spec.fore, played_forfeits=spec.predetermined)


def products(opponent: TieBreakTable, own: TieBreakTable, spec: TieBreakSpec, i: int) -> list[Item]:
    """ESB items: each opponent's score in ``opponent``'s score times the points
    team ``i`` scored against it in ``own``'s score (C.07 Art. 13.2)."""
    out = []
    for rnd, opp, score, _, vur, note in opponent_scores(opponent, spec, i):
        out.append((rnd, opp, score, score * own.pts[i][rnd - 1], vur, note))
    return out
