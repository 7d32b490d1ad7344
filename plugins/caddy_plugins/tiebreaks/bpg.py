"""BPG, number of games played with Black (C.07 Art. 7.3), over the board.

Round robins: a forfeit is not a game played by default;
StandingsOptions.rr_forfeits_over_the_board counts forfeit wins."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.common import RoundCount, otb_or_rr_forfeit_win


class BlackGames(RoundCount):
    name: ClassVar[str] = "BPG"
    title: ClassVar[str] = "Number of games played with Black"
    article: ClassVar[str] = "7.3"
    kind: ClassVar[str] = "B"
    summary: ClassVar[str] = "games played over the board with Black"

    def counts(self, table: TieBreakTable, i: int, r: int) -> bool:
        return table.col[i][r] == "b" and otb_or_rr_forfeit_win(table, i, r)


@hookimpl
def caddy_register_tiebreaks(register: Callable[[BlackGames], None]) -> None:
    register(BlackGames())
