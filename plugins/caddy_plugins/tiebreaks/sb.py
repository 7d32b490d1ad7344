"""SB, Sonneborn–Berger (C.07 Art. 9.1): the sum over rounds of the
opponent's (adjusted) score times the points scored against them — the full
score of every opponent beaten, half of every opponent drawn.

Points are the event's (with 3/1/0 scoring a win multiplies by 3, as FIDE's
reference engine does). Unplayed rounds: the dummy opponent; rest rounds of
an odd round robin are no round at all. /Cn cuts the least significant
values (the lowest opponent scores), voluntarily unplayed rounds first when
their contribution is not lower (Art. 16.5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy_plugins.tiebreaks.common import OpponentScoreSum


class SonnebornBerger(OpponentScoreSum):
    name: ClassVar[str] = "SB"
    title: ClassVar[str] = "Sonneborn–Berger"
    article: ClassVar[str] = "9.1"
    kind: ClassVar[str] = "BC"
    modifiers: ClassVar[str] = "CM"
    summary: ClassVar[str] = "sum of each opponent's score times the points scored against them"
    sb: ClassVar[bool] = True


@hookimpl
def caddy_register_tiebreaks(register: Callable[[SonnebornBerger], None]) -> None:
    register(SonnebornBerger())
