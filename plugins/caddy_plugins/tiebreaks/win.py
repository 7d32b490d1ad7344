"""WIN, number of wins (C.07 Art. 7.1): rounds scored as a win, whether won
on the board, by forfeit, or as a bye worth a win (PAB, FPB)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.common import RoundCount


class Wins(RoundCount):
    name: ClassVar[str] = "WIN"
    #: Team events may use it on MP or GP (C.07 Art. 13 preamble: ``BH:MP``).
    scope: ClassVar[str] = "both"
    takes_score: ClassVar[bool] = True
    title: ClassVar[str] = "Number of wins"
    article: ClassVar[str] = "7.1"
    kind: ClassVar[str] = "B"
    summary: ClassVar[str] = "rounds scored as a win, including forfeit wins and byes worth a win"

    def counts(self, table: TieBreakTable, i: int, r: int) -> bool:
        return table.pts[i][r] == table.win and table.code[i][r] != "A"

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        win = table.win
        return [
            float(
                sum(
                    1
                    for p, c in zip(table.pts[i], table.code[i], strict=True)
                    if p == win and c != "A"
                )
            )
            for i in range(table.n)
        ]


@hookimpl
def caddy_register_tiebreaks(register: Callable[[Wins], None]) -> None:
    register(Wins())
