"""BWG, number of games won with Black (C.07 Art. 7.4), over the board.

Round robins: forfeits as for BPG (an option)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.common import RoundCount, otb_or_rr_forfeit_win


class BlackWins(RoundCount):
    name: ClassVar[str] = "BWG"
    title: ClassVar[str] = "Number of games won with Black"
    article: ClassVar[str] = "7.4"
    kind: ClassVar[str] = "B"
    summary: ClassVar[str] = "games won over the board with Black"

    def counts(self, table: TieBreakTable, i: int, r: int) -> bool:
        return (
            table.col[i][r] == "b"
            and table.pts[i][r] == table.win
            and otb_or_rr_forfeit_win(table, i, r)
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[BlackWins], None]) -> None:
    register(BlackWins())
