"""FIDE rating arithmetic for the rating-based tie-breaks (C.07 Art. 10).

The tables are FIDE Handbook B.02 (Rating Regulations) table 8.1, shipped as
package data (``caddy_plugins/tiebreaks/data/fide_rating_tables.json``, with its source):
score percentage → rating difference ``dp``, and rating difference →
expected score in percent. Everything here is integer arithmetic: expected
scores are summed in whole percent, averages and percentages are rounded
half up exactly, so no value drifts by a point as float sums do.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path


@cache
def tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(dp by score percent 0..100, expected percent by rating difference 0..800)."""
    data = json.loads(
        (Path(__file__).parent / "data" / "fide_rating_tables.json").read_text(encoding="utf-8")
    )
    return tuple(data["score_percent_to_dp"]["values"]), tuple(
        data["rating_diff_to_expected_percent"]["values"]
    )


def round_half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded half up (denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


def average(ratings: Sequence[int]) -> int:
    """Mean rating, rounded half up (ARO)."""
    return round_half_up(sum(ratings), len(ratings))


def score_percent(half_points: int, games: int) -> int:
    """Score percentage rounded half up, from the score in half points."""
    return round_half_up(50 * half_points, games)


def dp(percent: int) -> int:
    """Rating difference for a score percentage (B.02 table 8.1)."""
    return tables()[0][percent]


def expected_percent(own: int, opponent: int) -> int:
    """Expected score in percent against one opponent (B.02 table 8.1, differences capped at 800)."""
    difference = own - opponent
    value = tables()[1][min(abs(difference), 800)]
    return value if difference >= 0 else 100 - value


def performance(ratings: Sequence[int], half_points: int) -> int:
    """TPR (Art. 10.2): ARO + dp of the score percentage."""
    return average(ratings) + dp(score_percent(half_points, len(ratings)))


def perfect_performance(ratings: Sequence[int], half_points: int) -> int:
    """PTP (Art. 10.3): the lowest rating whose expected score against the
    opponents reaches the actual score; a zero score gives the lowest
    opponent rating minus 800. Expected scores are summed in whole percent."""
    if half_points == 0:
        return min(ratings) - 800
    target = 50 * half_points  # the score in percent points
    low, high = min(ratings) - 800, max(ratings) + 800
    while low < high:  # the expected score never falls as the rating rises
        middle = (low + high) // 2
        if sum(expected_percent(middle, r) for r in ratings) >= target:
            high = middle
        else:
            low = middle + 1
    return low
