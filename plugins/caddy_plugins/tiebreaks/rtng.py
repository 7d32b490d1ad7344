"""RTNG, rating (C.07 Art. 10.6, 2026 edition): the player's own rating, the
higher first; RTNG/R reverses that. An unrated player has no value (sorted
last) unless --unrated-rating gives one."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class Rating:
    name: ClassVar[str] = "RTNG"
    title: ClassVar[str] = "Rating"
    article: ClassVar[str] = "10.6"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = "R"
    summary: ClassVar[str] = "the player's own rating, the higher first (/R: the lower)"
    editions: ClassVar[tuple[str, ...]] = ("2026",)
    group_dependent: ClassVar[bool] = False

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        return spec.reverse

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [None if r is None else float(r) for r in table.ratings]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import Explanation  # lazy: --explain only

        rating = table.ratings[player]
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=None if rating is None else float(rating),
            summary="unrated: no value" if rating is None else f"rating {rating}",
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[Rating], None]) -> None:
    register(Rating())
