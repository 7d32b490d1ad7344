"""REP, rounds one elected to play (C.07 Art. 7.6; GE, games one elected to
play, before 2026): rounds played over the board or scored as a win (forfeit
wins and byes worth a win count; requested byes and forfeit losses do not).

A rest round of an odd round robin is not counted by default (as FIDE's
reference engine); StandingsOptions.rest_round_in_rep counts it."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.common import RoundCount


class RoundsElected(RoundCount):
    name: ClassVar[str] = "REP"
    title: ClassVar[str] = "Rounds one elected to play"
    article: ClassVar[str] = "7.6"
    kind: ClassVar[str] = "B"
    summary: ClassVar[str] = (
        "rounds played or scored as a win; not requested byes or forfeit losses (alias GE)"
    )

    def counts(self, table: TieBreakTable, i: int, r: int) -> bool:
        code = table.code[i][r]
        if code == "A":
            return False
        if code == "R" and table.options.rest_round_in_rep:
            return True
        return table.is_game(i, r) or table.pts[i][r] == table.win


@hookimpl
def caddy_register_tiebreaks(register: Callable[[RoundsElected], None]) -> None:
    register(RoundsElected())
