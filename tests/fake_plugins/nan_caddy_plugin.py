"""A tie-break plugin ``NAN`` whose every value is NaN (caddy must refuse to rank by it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import caddy
from caddy.contracts.explanation import Explanation
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable


class NotANumber:
    name: ClassVar[str] = "NAN"
    title: ClassVar[str] = "Not a number"
    article: ClassVar[str] = "-"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = ""
    summary: ClassVar[str] = "NaN for everyone"
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [float("nan")] * table.n

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        return Explanation(tiebreak=spec.text, player=player, value=float("nan"), summary="NaN")


@caddy.hookimpl
def caddy_register_tiebreaks(register: Callable[[Any], None]) -> None:
    register(NotANumber())
