"""Tie-breaks whose own code fails when caddy calls it (issue 24 item 22): ``BUG``
divides by zero in a helper of ``compute``, ``EXIT`` calls ``sys.exit(0)``, ``EXIT1``
``sys.exit(1)`` in ``explain``; ``NONE``, ``SHORT`` and ``EXPL`` give what the contract
does not allow (no column, a column too short, an explanation that is a number); a
command ``hostile`` whose handler raises. caddy must name the plugin, in one line, exit 3."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, ClassVar

import caddy
from caddy.contracts.explanation import Explanation
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable


def _share(points: float, players: int) -> float:
    return points / (players - players)  # the plugin's own bug


class Hostile:
    name: ClassVar[str] = "BUG"
    title: ClassVar[str] = "A tie-break with a bug"
    article: ClassVar[str] = "-"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = ""
    summary: ClassVar[str] = "divides by zero"
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [_share(1.0, table.n) for _ in range(table.n)]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        return Explanation(tiebreak=spec.text, player=player, value=0.0, summary="-")


class Exiting(Hostile):
    name: ClassVar[str] = "EXIT"

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        sys.exit(0)


class ExitingInExplain(Hostile):
    name: ClassVar[str] = "EXIT1"

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [0.0] * table.n

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        sys.exit(1)


class Nothing(Hostile):
    """Gives ``None`` for the column, and ``explain`` gives a number."""

    name: ClassVar[str] = "NONE"

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return None  # type: ignore[return-value]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        return 42  # type: ignore[return-value]


class Short(Nothing):
    name: ClassVar[str] = "SHORT"

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [1.0]


class Explaining(Nothing):
    name: ClassVar[str] = "EXPL"

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [1.0] * table.n


@caddy.hookimpl
def caddy_register_tiebreaks(register: Callable[[Any], None]) -> None:
    for tiebreak in (Hostile, Exiting, ExitingInExplain, Nothing, Short, Explaining):
        register(tiebreak())


def _fail(namespace: Any) -> int:
    raise KeyError("no such thing")


@caddy.hookimpl
def caddy_add_commands(subparsers: Any) -> None:
    command = subparsers.add_parser("hostile", help="a command whose handler fails")
    command.set_defaults(handler=_fail)
