"""BH, Buchholz (C.07 Art. 8.1): the sum of the opponents' (adjusted) scores.

Unplayed rounds: the dummy opponent (Art. 16.4); cuts /Cn and medians /Mn
(Art. 14.1-14.2) with voluntarily unplayed rounds cut first (Art. 16.5).
It separates nobody in a complete round robin (every player's BH is the
total of all scores minus their own), so the standings warn there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy_plugins.tiebreaks.common import OpponentScoreSum


class Buchholz(OpponentScoreSum):
    name: ClassVar[str] = "BH"
    #: Team events may use it on MP or GP (C.07 Art. 13 preamble: ``BH:MP``).
    scope: ClassVar[str] = "both"
    takes_score: ClassVar[bool] = True
    title: ClassVar[str] = "Buchholz"
    article: ClassVar[str] = "8.1"
    kind: ClassVar[str] = "C"
    modifiers: ClassVar[str] = "CMP"
    #: Everyone's value is the total of all scores less their own (docs/standings.md).
    separates_round_robin: ClassVar[bool] = False
    summary: ClassVar[str] = (
        "sum of the opponents' scores (unplayed rounds: a dummy with the player's own score)"
    )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[Buchholz], None]) -> None:
    register(Buchholz())
