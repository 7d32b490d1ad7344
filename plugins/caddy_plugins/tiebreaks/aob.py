"""AOB, average of opponents' Buchholz (C.07 Art. 8.2): the mean Buchholz of
the opponents met over the board, rounded to 2 decimals, half up (no game
over the board: no value). AOB/F averages their Fore Buchholz (2026)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.common import OpponentScoreSum, half_up

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class _Buchholz(OpponentScoreSum):
    name: ClassVar[str] = "BH"


class AverageOpponentBuchholz:
    name: ClassVar[str] = "AOB"
    #: Team events may use it on MP or GP (C.07 Art. 13 preamble: ``BH:MP``).
    scope: ClassVar[str] = "both"
    takes_score: ClassVar[bool] = True
    title: ClassVar[str] = "Average of opponents' Buchholz"
    article: ClassVar[str] = "8.2"
    kind: ClassVar[str] = "CC"
    modifiers: ClassVar[str] = "F"
    #: Everyone's value is the total of all scores less their own (docs/standings.md).
    separates_round_robin: ClassVar[bool] = False
    summary: ClassVar[str] = "mean Buchholz of the opponents met over the board (2 decimals)"
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False

    def _buchholz(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        from caddy.contracts.tiebreak_spec import TieBreakSpec as Spec

        return _Buchholz().compute(
            table, Spec(text="BH/F" if spec.fore else "BH", code="BH", fore=spec.fore)
        )

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        bh = self._buchholz(table, spec)
        values: list[float | None] = []
        for i in range(table.n):
            met = [bh[o] for r, o in enumerate(table.opp[i]) if o >= 0 and table.is_game(i, r)]
            numbers = [v for v in met if v is not None]
            values.append(half_up(sum(numbers) / len(numbers), 2) if numbers else None)
        return values

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        bh = self._buchholz(table, spec)
        rows = []
        for r, o in enumerate(table.opp[player]):
            counted = o >= 0 and table.is_game(player, r)
            rows.append(
                ExplainRow(
                    round=r + 1,
                    opponent=o + 1 if o >= 0 else None,
                    result=table.code[player][r],
                    contribution=bh[o] if counted else None,
                    note="opponent's Buchholz" if counted else "not a game over the board",
                )
            )
        value = self.compute(table, spec)[player]
        used = [row.contribution for row in rows if row.contribution is not None]
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=value,
            rows=tuple(rows),
            summary=f"({' + '.join(f'{c:g}' for c in used)}) / {len(used)} = {value}"
            if used
            else "no games",
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[AverageOpponentBuchholz], None]) -> None:
    register(AverageOpponentBuchholz())
