"""APRO, average performance rating of opponents (C.07 Art. 10.4): the mean
TPR of the opponents met in rated games, rounded half up (unrated opponents
are left out unless --unrated-rating)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec, parse_spec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.common import rated_games
from caddy_plugins.tiebreaks.ratings import average

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class AverageOfOpponents:
    """Shared by APRO and APPO: the rounded mean of a rating tie-break over the opponents."""

    name: ClassVar[str]
    source: ClassVar[str]
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False
    modifiers: ClassVar[str] = ""

    def _source(self, table: TieBreakTable) -> list[float | None]:
        from caddy.plugins.host import resolve

        host = resolve(table.host)  # the embedder's host, if it gave one
        return host.tiebreaks().get(self.source).compute(table, parse_spec(self.source))

    def _values(
        self, table: TieBreakTable, i: int, source: list[float | None]
    ) -> list[tuple[int, int, int]]:
        rows = []
        for rnd, opp, _rating, _code in rated_games(table, i)[2]:
            value = source[opp - 1]
            if value is not None:
                rows.append((rnd, opp, int(value)))
        return rows

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        source = self._source(table)
        result: list[float | None] = []
        for i in range(table.n):
            values = [v for _, _, v in self._values(table, i, source)]
            result.append(float(average(values)) if values else None)
        return result

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        source = self._source(table)
        rows = self._values(table, player, source)
        values = [v for _, _, v in rows]
        value = average(values) if values else None
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=None if value is None else float(value),
            rows=tuple(
                ExplainRow(
                    round=r, opponent=o, contribution=float(v), note=f"opponent's {self.source}"
                )
                for r, o, v in rows
            ),
            summary=(
                f"({' + '.join(str(v) for v in values)}) / {len(values)} = {value}, rounded half up"
            )
            if values
            else "no rated opponent: no value",
        )


class AveragePerformanceOfOpponents(AverageOfOpponents):
    name: ClassVar[str] = "APRO"
    title: ClassVar[str] = "Average performance rating of opponents"
    article: ClassVar[str] = "10.4"
    kind: ClassVar[str] = "DC"
    summary: ClassVar[str] = "mean TPR of the opponents met in rated games"
    source: ClassVar[str] = "TPR"


@hookimpl
def caddy_register_tiebreaks(register: Callable[[AveragePerformanceOfOpponents], None]) -> None:
    register(AveragePerformanceOfOpponents())
