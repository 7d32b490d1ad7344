"""MPvGP, match points versus game points (FIDE Handbook C.07 Art. 13.1): the
secondary score's total — game points when match points rank the teams,
match points when game points do. ``MPvGP:MP`` / ``MPvGP:GP`` name the
score outright.

The registry key is ``MPVGP``: tie-break names are read without regard to
case, so users write ``MPvGP`` as C.07 does.

``MPTS`` and ``GPTS`` are the two totals by the names FIDE's reference engine
and TRF-2026 files (record 202) use: match points and game points (C.07
Art. 11.1), whatever the primary score.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts import TieBreakBase
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.team_common import fmt, team_event

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class MatchVersusGamePoints(TieBreakBase):
    name: ClassVar[str] = "MPVGP"
    scope: ClassVar[str] = "teams"
    takes_score: ClassVar[bool] = True
    title: ClassVar[str] = "Match points vs game points (MPvGP)"
    article: ClassVar[str] = "13.1"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = ""
    summary: ClassVar[str] = (
        "the secondary score: game points when match points rank the teams, else match points"
    )
    editions: ClassVar[tuple[str, ...]] = EDITIONS

    def _kind(self, table: TieBreakTable, spec: TieBreakSpec) -> str:
        tevent = team_event(table, spec)
        return spec.score or tevent.secondary

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        tevent = team_event(table, spec)
        return list(tevent.score(self._kind(table, spec)))

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        tevent = team_event(table, spec)
        kind = self._kind(table, spec)
        rows = []
        for r, result in enumerate(tevent.results[player]):
            points = result.mp if kind == "MP" else result.gp
            rows.append(
                ExplainRow(
                    round=r + 1,
                    opponent=result.opponent,
                    result=result.code,
                    contribution=points,
                    note=f"{kind} ({result.kind})",
                )
            )
        value = tevent.score(kind)[player]
        parts = " + ".join(fmt(row.contribution) for row in rows) or "0"
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=value,
            rows=tuple(rows),
            summary=f"{kind}: {parts} = {fmt(value)}",
        )


class MatchPoints(MatchVersusGamePoints):
    name: ClassVar[str] = "MPTS"
    takes_score: ClassVar[bool] = False
    title: ClassVar[str] = "Match points (MPTS)"
    article: ClassVar[str] = "11.1"
    summary: ClassVar[str] = "the team's match points"

    def _kind(self, table: TieBreakTable, spec: TieBreakSpec) -> str:
        return "MP"


class GamePoints(MatchVersusGamePoints):
    name: ClassVar[str] = "GPTS"
    takes_score: ClassVar[bool] = False
    title: ClassVar[str] = "Game points (GPTS)"
    article: ClassVar[str] = "11.1"
    summary: ClassVar[str] = "the team's game points"

    def _kind(self, table: TieBreakTable, spec: TieBreakSpec) -> str:
        return "GP"


@hookimpl
def caddy_register_tiebreaks(register: Callable[[MatchVersusGamePoints], None]) -> None:
    register(MatchVersusGamePoints())
    register(MatchPoints())
    register(GamePoints())
