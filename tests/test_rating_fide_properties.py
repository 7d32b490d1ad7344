"""Properties of the ``fide`` rating system that hold under FIDE Handbook B.02
(1 March 2024; 8.3.1 as amended from 1 October 2025), on drawn events.
The contract suite (tests/test_rating_system_contract.py) adds the sums,
relabelling, determinism and unplayed-games checks every system owes."""

from __future__ import annotations

import datetime
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts.rating import RatedPlayer, RatingGame, RatingRequest
from caddy.testing.rating_systems import rating_requests
from caddy_plugins.ratings.fide import FideRating
from caddy_plugins.ratings.fide.rules import round_away

SYSTEM = FideRating()
SETTINGS = settings(max_examples=30, deadline=None, derandomize=True, database=None)
DATES = st.sampled_from(
    (datetime.date(2024, 6, 1), datetime.date(2025, 9, 30), datetime.date(2025, 10, 1))
)


def one_game(a: int, b: int, k: int, score: float, date: datetime.date) -> tuple[float, float]:
    """The two players' changes for one standard game (both with K ``k``)."""
    request = RatingRequest(
        type="standard",
        date=date,
        players=(
            RatedPlayer(number=1, name="A", rating=a, k=k),
            RatedPlayer(number=2, name="B", rating=b, k=k),
        ),
        games=(
            RatingGame(round=1, player=1, opponent=2, score=score, played=True),
            RatingGame(round=1, player=2, opponent=1, score=1 - score, played=True),
        ),
    )
    first, second = SYSTEM.change(request).players
    assert first.change is not None and second.change is not None
    return first.change, second.change


@SETTINGS
@given(
    st.integers(1400, 2649),
    st.integers(1400, 2649),
    st.sampled_from((10, 20, 40)),
    st.sampled_from((0.0, 0.5, 1.0)),
    DATES,
)
def test_zero_sum_between_players_below_2650(
    a: int, b: int, k: int, score: float, date: datetime.date
) -> None:
    """Table 8.1.2 gives H and L probabilities adding to 1, and 8.3.1 caps both sides alike
    below 2650: with the same K, one player's change is the other's negated."""
    mine, theirs = one_game(a, b, k, score, date)
    assert math.isclose(mine, -theirs, abs_tol=1e-9)


@SETTINGS
@given(
    st.integers(2650, 2900),
    st.integers(1400, 2900),
    st.sampled_from((10, 20)),
    st.sampled_from((0.0, 0.5, 1.0)),
)
def test_zero_sum_after_the_amendment_only_within_400(a: int, b: int, k: int, score: float) -> None:
    """From 1 October 2025 a 2650+ player reads the real difference, a player below 2650 the
    capped one: the game is zero-sum when both read the same D (within 400, or both 2650+)."""
    mine, theirs = one_game(a, b, k, score, datetime.date(2025, 10, 1))
    if abs(a - b) <= 400 or b >= 2650:
        assert math.isclose(mine, -theirs, abs_tol=1e-9)


def test_not_zero_sum_across_2650_over_400() -> None:
    """2813 v 2300, a draw, K 10 each: 10 × (0.5 − .96) = −4.6 and 10 × (0.5 − .08) = +4.2."""
    mine, theirs = one_game(2813, 2300, 10, 0.5, datetime.date(2025, 10, 1))
    assert math.isclose(mine, -4.6, abs_tol=1e-9) and math.isclose(theirs, 4.2, abs_tol=1e-9)


@SETTINGS
@given(st.integers(1400, 2900), st.integers(1400, 2900), st.sampled_from((10, 20, 40)), DATES)
def test_a_better_score_never_gains_less(a: int, b: int, k: int, date: datetime.date) -> None:
    loss, draw, win = (one_game(a, b, k, s, date)[0] for s in (0.0, 0.5, 1.0))
    assert loss <= draw <= win
    assert math.isclose(win - draw, k / 2, abs_tol=1e-9)  # K × 0.5 between results


@SETTINGS
@given(rating_requests(max_players=10, max_rounds=9))
def test_k_times_games_at_most_700_and_published_rounds_the_total(request: RatingRequest) -> None:
    """8.3.3: K × n ≤ 700; |change| ≤ K × n; 8.3.4: the published figure is the change
    rounded to the nearest whole number, 0.5 away from zero."""
    for change in SYSTEM.change(request).players:
        if change.rating is None:
            assert change.change is None and change.published is None
            continue
        n = len(change.games)
        assert (change.k is None) == (n == 0)
        k = change.k or 0
        assert k * n <= 700
        assert change.change is not None and abs(change.change) <= k * n + 1e-9
        assert change.published == round_away(round(change.change * 100))
