"""DRAWS, fewest draws: a club's tie-break for fighting chess.

The value is the number of games a player drew over the board (games of
under one move included); fewer ranks higher. Forfeits and byes are no
games, so they add nothing. Not a FIDE tie-break: a club that wants it says
so in its rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.contracts import TieBreakBase
from caddy.contracts.explanation import ExplainRow, Explanation
from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable

#: Table codes of a drawn game: over the board, and under one move.
DRAWN = ("=", "D")


class FewestDraws(TieBreakBase):
    name: ClassVar[str] = "DRAWS"
    title: ClassVar[str] = "Fewest draws"
    kind: ClassVar[str] = "B"  # the player's own results (C.07's type letters)
    summary: ClassVar[str] = "games drawn over the board; fewer ranks higher"

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        return True

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        """One value per player index (0 .. n-1)."""
        return [float(sum(c in DRAWN for c in table.code[i])) for i in range(table.n)]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        """``player`` is an index into the table (pairing number minus one); the
        explanation names players by pairing number."""
        rows = []
        for r, code in enumerate(table.code[player]):
            drawn = code in DRAWN
            opponent = table.opp[player][r]
            rows.append(
                ExplainRow(
                    round=r + 1,
                    opponent=opponent + 1 if opponent >= 0 else None,
                    result=code,
                    contribution=1.0 if drawn else 0.0,
                    note="drawn" if drawn else "",
                )
            )
        total = sum(row.contribution or 0.0 for row in rows)
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=total,
            rows=tuple(rows),
            summary=f"{total:g} of {table.rounds} rounds drawn",
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[FewestDraws], None]) -> None:
    register(FewestDraws())
