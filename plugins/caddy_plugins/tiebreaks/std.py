"""STD, standard points (C.07 Art. 7.7, 2026 edition): the score counted
again as 1 for a round scored above a draw, ½ for a draw, 0 below, whatever
the event's scoring (3/1/0 events get a 1/½/0 score)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class StandardPoints:
    name: ClassVar[str] = "STD"
    title: ClassVar[str] = "Standard points"
    article: ClassVar[str] = "7.7"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = ""
    summary: ClassVar[str] = "the score counted 1 / ½ / 0 per round"
    editions: ClassVar[tuple[str, ...]] = ("2026",)
    group_dependent: ClassVar[bool] = False

    def _point(self, table: TieBreakTable, points: float, code: str) -> float:
        if code == "A":
            return 0.0
        if points > table.draw:
            return 1.0
        return 0.5 if points == table.draw else 0.0

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [
            sum(self._point(table, p, c) for p, c in zip(table.pts[i], table.code[i], strict=True))
            for i in range(table.n)
        ]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        rows = tuple(
            ExplainRow(
                round=r + 1, result=c, contribution=self._point(table, p, c), note=f"{p:g} points"
            )
            for r, (p, c) in enumerate(zip(table.pts[player], table.code[player], strict=True))
        )
        value = sum(row.contribution or 0.0 for row in rows)
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=value,
            rows=rows,
            summary=f"{value:g}",
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[StandardPoints], None]) -> None:
    register(StandardPoints())
