"""TPN, tournament pairing number (C.07 Art. 7.8, 2026 edition): the lower
pairing number ranks higher; TPN/R reverses that."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class PairingNumber:
    name: ClassVar[str] = "TPN"
    title: ClassVar[str] = "Tournament pairing number"
    article: ClassVar[str] = "7.8"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = "R"
    summary: ClassVar[str] = "the lower pairing number first (/R: the higher)"
    editions: ClassVar[tuple[str, ...]] = ("2026",)
    group_dependent: ClassVar[bool] = False

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        return not spec.reverse

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [float(number) for number in table.numbers]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import Explanation  # lazy: --explain only

        order = "higher" if spec.reverse else "lower"
        number = table.numbers[player]
        return Explanation(
            tiebreak=spec.text,
            player=number,
            value=float(number),
            summary=f"pairing number {number}; the {order} number ranks first",
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[PairingNumber], None]) -> None:
    register(PairingNumber())
