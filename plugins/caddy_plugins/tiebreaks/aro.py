"""ARO, average rating of opponents (C.07 Art. 10.1): the mean rating of the
opponents met in rated games over the board (unplayed games, forfeits
included, are left out; unrated opponents too unless --unrated-rating),
rounded half up. /Cn cuts the n lowest ratings, /Mn also the n highest."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy_plugins.tiebreaks.common import RatingTieBreak
from caddy_plugins.tiebreaks.ratings import average


class AverageRatingOfOpponents(RatingTieBreak):
    name: ClassVar[str] = "ARO"
    title: ClassVar[str] = "Average rating of opponents"
    article: ClassVar[str] = "10.1"
    kind: ClassVar[str] = "D"
    modifiers: ClassVar[str] = "CM"
    summary: ClassVar[str] = "mean rating of the opponents met in rated games, rounded half up"

    def kept(self, ratings: list[int], spec: TieBreakSpec) -> list[int]:
        ordered = sorted(ratings)
        low = min(spec.cut_low, len(ordered))
        high = min(spec.cut_high, len(ordered) - low)
        return ordered[low : len(ordered) - high]

    def value_of(self, ratings: list[int], half_points: int, spec: TieBreakSpec) -> int | None:
        kept = self.kept(ratings, spec)
        return average(kept) if kept else None

    def describe(
        self, ratings: list[int], half_points: int, spec: TieBreakSpec, value: int | None
    ) -> str:
        kept = self.kept(ratings, spec)
        cut = len(ratings) - len(kept)
        note = f" ({cut} cut)" if cut else ""
        return (
            f"({' + '.join(str(r) for r in kept)}) / {len(kept)}{note} = {value}, rounded half up"
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[AverageRatingOfOpponents], None]) -> None:
    register(AverageRatingOfOpponents())
