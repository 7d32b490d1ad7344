"""FB, Fore Buchholz (C.07 Art. 8.3): Buchholz with every game of the last
round (forfeits included) counted as a draw for everybody, so it can be
known before the last round ends. Cuts and medians as for BH."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy_plugins.tiebreaks.common import OpponentScoreSum


class ForeBuchholz(OpponentScoreSum):
    name: ClassVar[str] = "FB"
    #: Team events may use it on MP or GP (C.07 Art. 13 preamble: ``BH:MP``).
    scope: ClassVar[str] = "both"
    takes_score: ClassVar[bool] = True
    title: ClassVar[str] = "Fore Buchholz"
    article: ClassVar[str] = "8.3"
    kind: ClassVar[str] = "D"
    modifiers: ClassVar[str] = "CMP"
    #: Everyone's value is the total of all scores less their own (docs/standings.md).
    separates_round_robin: ClassVar[bool] = False
    summary: ClassVar[str] = "Buchholz with every last-round game counted as a draw"
    fore: ClassVar[bool] = True


@hookimpl
def caddy_register_tiebreaks(register: Callable[[ForeBuchholz], None]) -> None:
    register(ForeBuchholz())
