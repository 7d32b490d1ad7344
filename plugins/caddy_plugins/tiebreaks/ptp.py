"""PTP, perfect tournament performance (C.07 Art. 10.3): the lowest rating
whose expected score against the opponents' ratings (FIDE table 8.1) reaches
the actual score; a zero score gives the lowest opponent rating minus 800.
Expected scores are summed in whole percent, exactly."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy_plugins.tiebreaks.common import RatingTieBreak
from caddy_plugins.tiebreaks.ratings import expected_percent, perfect_performance


class PerfectTournamentPerformance(RatingTieBreak):
    name: ClassVar[str] = "PTP"
    title: ClassVar[str] = "Perfect tournament performance"
    article: ClassVar[str] = "10.3"
    kind: ClassVar[str] = "DB"
    summary: ClassVar[str] = "lowest rating whose expected score reaches the actual score"

    def value_of(self, ratings: list[int], half_points: int, spec: TieBreakSpec) -> int | None:
        return perfect_performance(ratings, half_points)

    def describe(
        self, ratings: list[int], half_points: int, spec: TieBreakSpec, value: int | None
    ) -> str:
        assert value is not None
        if half_points == 0:
            return f"zero score: lowest opponent rating {min(ratings)} - 800 = {value}"
        at = sum(expected_percent(value, r) for r in ratings)
        below = sum(expected_percent(value - 1, r) for r in ratings)
        return (
            f"score {half_points / 2:g} = {50 * half_points}%; expected at {value}: {at}% (reaches it), "
            f"at {value - 1}: {below}% (does not)"
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[PerfectTournamentPerformance], None]) -> None:
    register(PerfectTournamentPerformance())
