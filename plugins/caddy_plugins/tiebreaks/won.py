"""WON, number of games won (C.07 Art. 7.2): games won over the board.

Round robins: a forfeit win is not a game won over the board by default (as
FIDE's reference engine counts); StandingsOptions.rr_forfeits_over_the_board
counts it."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.common import RoundCount, otb_or_rr_forfeit_win


class GamesWon(RoundCount):
    name: ClassVar[str] = "WON"
    #: Team events may use it on MP or GP (C.07 Art. 13 preamble: ``BH:MP``).
    scope: ClassVar[str] = "both"
    takes_score: ClassVar[bool] = True
    title: ClassVar[str] = "Number of games won"
    article: ClassVar[str] = "7.2"
    kind: ClassVar[str] = "B"
    summary: ClassVar[str] = "games won over the board"

    def counts(self, table: TieBreakTable, i: int, r: int) -> bool:
        return table.pts[i][r] == table.win and otb_or_rr_forfeit_win(table, i, r)


@hookimpl
def caddy_register_tiebreaks(register: Callable[[GamesWon], None]) -> None:
    register(GamesWon())
