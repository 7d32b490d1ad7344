"""TPR, tournament performance rating (C.07 Art. 10.2): ARO plus dp from
FIDE's table (B.02 table 8.1) for the score percentage, rounded half up,
over rated games played over the board."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy_plugins.tiebreaks.common import RatingTieBreak
from caddy_plugins.tiebreaks.ratings import average, dp, performance, score_percent


class TournamentPerformanceRating(RatingTieBreak):
    name: ClassVar[str] = "TPR"
    title: ClassVar[str] = "Tournament performance rating"
    article: ClassVar[str] = "10.2"
    kind: ClassVar[str] = "DB"
    summary: ClassVar[str] = "ARO + dp for the score percentage (FIDE table 8.1)"

    def value_of(self, ratings: list[int], half_points: int, spec: TieBreakSpec) -> int | None:
        return performance(ratings, half_points)

    def describe(
        self, ratings: list[int], half_points: int, spec: TieBreakSpec, value: int | None
    ) -> str:
        percent = score_percent(half_points, len(ratings))
        return (
            f"ARO {average(ratings)}; score {half_points / 2:g}/{len(ratings)} = {percent}% → dp {dp(percent)}; "
            f"TPR = {value}"
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[TournamentPerformanceRating], None]) -> None:
    register(TournamentPerformanceRating())
