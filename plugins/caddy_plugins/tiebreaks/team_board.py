"""The team knock-out tie-breaks of FIDE Handbook C.07 Art. 12, usable in any
team event: BC (board count, 12.1), TBR (top board results, 12.2) and BBE
(bottom board elimination, 12.3).

They read each match's points board by board. Individual forfeits count as
ordinary wins and losses; a pairing-allocated bye counts as a win on every
board whatever game points it gave (Art. 12 preamble); requested byes count
by their kind (full: a win, half: a draw, zero: a loss on every board) and a
forfeited match as a win or a loss on every board, as FIDE's reference
engine reads them.

* BC is one number, board number × points on that board, summed over the
  boards; the **lower** value ranks higher (12.1). It is computed for every
  team (the rule says it is meant for teams equal on game points; the
  reference engine does not restrict it either).
* TBR and BBE are ranking procedures, not one number: compare the points on
  board 1, then board 2 ... (TBR); the points without the bottom board, then
  without the two bottom boards ... (BBE). Packing such a sequence into one
  float could make two different sequences collide, so both rank the tied
  group they are applied to, comparing the sequences exactly (like DE): the
  value reported is the team's place in that group (1 = first, equal teams
  share the place, 1 for a team that was not tied). Lower is better.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts import TieBreakBase
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.team_common import (
    board_count,
    board_totals,
    bottom_elimination,
    fmt,
    places_by,
    team_event,
    top_boards,
)

if TYPE_CHECKING:
    from caddy.contracts.explanation import ExplainRow, Explanation


def board_rows(table: TieBreakTable, spec: TieBreakSpec, player: int) -> tuple[ExplainRow, ...]:
    """One row per round: the round's board points as Art. 12 reads them."""
    from caddy.contracts.explanation import ExplainRow  # lazy: --explain only

    tevent = team_event(table, spec)
    rows = []
    for r, result in enumerate(tevent.results[player]):
        note = "board points " + " ".join(fmt(p) for p in result.boards)
        if result.kind == "pab":
            note += " (pairing-allocated bye: a win on every board, Art. 12)"
        elif not result.played:
            note += f" ({result.kind})"
        rows.append(
            ExplainRow(
                round=r + 1,
                opponent=result.opponent,
                result=result.code,
                contribution=sum(result.boards),
                note=note,
            )
        )
    return tuple(rows)


class BoardCount(TieBreakBase):
    name: ClassVar[str] = "BC"
    scope: ClassVar[str] = "teams"
    title: ClassVar[str] = "Board count"
    article: ClassVar[str] = "12.1"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = ""
    summary: ClassVar[str] = (
        "board number x points on that board, summed over all matches; lower is better"
    )
    editions: ClassVar[tuple[str, ...]] = EDITIONS

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        return True

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        tevent = team_event(table, spec)
        return [board_count(board_totals(tevent, i)) for i in range(tevent.count)]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import Explanation  # lazy: --explain only

        tevent = team_event(table, spec)
        totals = board_totals(tevent, player)
        value = board_count(totals)
        terms = " + ".join(f"{b + 1}x{fmt(p)}" for b, p in enumerate(totals))
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=value,
            rows=board_rows(table, spec, player),
            summary=f"{terms} = {fmt(value)} (lower is better)",
        )


class _BoardSequence(TieBreakBase):
    """TBR and BBE: a sequence of board sums compared in order, higher first."""

    scope: ClassVar[str] = "teams"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = ""
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = True
    #: What each element of the sequence is, for the explanation.
    element: ClassVar[str]

    def sequence(self, totals: Sequence[float]) -> tuple[float, ...]:
        raise NotImplementedError

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        return True  # the value is a place

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        tevent = team_event(table, spec)
        return [1.0] * tevent.count  # the standings replace this by the place in each tied group

    def rank_group(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int]
    ) -> list[int]:
        tevent = team_event(table, spec)
        keys = {i: self.sequence(board_totals(tevent, i)) for i in group}
        places = places_by(keys)
        return [places[i] for i in group]

    def _describe(self, totals: Sequence[float]) -> str:
        seq = self.sequence(totals)
        return ", ".join(
            f"{self.element.format(k + 1, len(totals) - k - 1)} {fmt(v)}" for k, v in enumerate(seq)
        )

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import Explanation  # lazy: --explain only

        tevent = team_event(table, spec)
        totals = board_totals(tevent, player)
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=None,
            rows=board_rows(table, spec, player),
            summary=f"{self._describe(totals) or 'no boards to compare'}; compared in this "
            "order with the teams tied with it (the value is the place among them)",
        )

    def explain_group(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int], player: int
    ) -> Explanation:
        from caddy.contracts.explanation import Explanation  # lazy: --explain only

        tevent = team_event(table, spec)
        totals = board_totals(tevent, player)
        place = self.rank_group(table, spec, group)[list(group).index(player)]
        names = ", ".join(str(table.numbers[i]) for i in group)
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=float(place),
            rows=board_rows(table, spec, player),
            summary=f"tied group {names}: {self._describe(totals) or 'no boards to compare'}; "
            f"place {place}",
        )


class TopBoardResults(_BoardSequence):
    name: ClassVar[str] = "TBR"
    title: ClassVar[str] = "Top board results"
    article: ClassVar[str] = "12.2"
    summary: ClassVar[str] = (
        "points on board 1, then board 2 ... compared in order among the tied teams (place)"
    )
    element: ClassVar[str] = "board {0}"

    def sequence(self, totals: Sequence[float]) -> tuple[float, ...]:
        return top_boards(totals)


class BottomBoardElimination(_BoardSequence):
    name: ClassVar[str] = "BBE"
    title: ClassVar[str] = "Bottom board elimination"
    article: ClassVar[str] = "12.3"
    summary: ClassVar[str] = (
        "points without the bottom board, then without the two bottom boards ... (place)"
    )
    element: ClassVar[str] = "boards 1-{1}"

    def sequence(self, totals: Sequence[float]) -> tuple[float, ...]:
        return bottom_elimination(totals)


@hookimpl
def caddy_register_tiebreaks(register: Callable[[TieBreakBase], None]) -> None:
    register(BoardCount())
    register(TopBoardResults())
    register(BottomBoardElimination())
