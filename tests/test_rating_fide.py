"""The ``fide`` rating system against FIDE Handbook B.02: worked examples
computed by hand from the articles (FIDE Rating Regulations effective from
1 March 2024, https://handbook.fide.com/chapter/B022024, 8.3.1 as amended
from 1 October 2025; Rapid and Blitz Rating Regulations effective from
1 March 2024, https://handbook.fide.com/chapter/B02RBRegulations2024).
Expected scores are table 8.1.2's. docs/ratings.md shows the same examples."""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence

import pytest

from caddy.contracts.rating import (
    PlayerChange,
    RatedPlayer,
    RatingGame,
    RatingReport,
    RatingRequest,
)
from caddy.errors import CaddyError
from caddy.model.ratings import RatingType
from caddy.plugins.host import PluginHost
from caddy_plugins.ratings.fide import FideRating

SYSTEM = FideRating()
BEFORE = datetime.date(2025, 9, 30)
AFTER = datetime.date(2025, 10, 1)

#: (round, player, opponent, score, played)
Game = tuple[int, int, int | None, float | None, bool]


def rate(
    players: Sequence[RatedPlayer],
    games: Sequence[Game],
    *,
    date: datetime.date | None = BEFORE,
    type: RatingType = "standard",
    options: dict[str, str] | None = None,
) -> RatingReport:
    return SYSTEM.change(
        RatingRequest(
            type=type,
            date=date,
            players=tuple(players),
            games=tuple(
                RatingGame(round=r, player=p, opponent=o, score=s, played=played)
                for r, p, o, s, played in games
            ),
            options=options or {},
        )
    )


def player(number: int, rating: int | None, k: int | None = None, **more: object) -> RatedPlayer:
    return RatedPlayer(number=number, name=f"P{number}", rating=rating, k=k, **more)  # type: ignore[arg-type]


def both(r: int, a: int, b: int, score_a: float, played: bool = True) -> list[Game]:
    """Both sides of one game."""
    return [(r, a, b, score_a, played), (r, b, a, 1 - score_a, played)]


def of(report: RatingReport, number: int) -> PlayerChange:
    return next(p for p in report.players if p.number == number)


def test_registered_as_fide() -> None:
    assert PluginHost(env={}).rating_systems().get("fide").name == "fide"


# -- 8.3.2: the worked example of issue 26 ---------------------------------------------------


def test_1922_player_against_1798_1801_1897() -> None:
    """8.3.2, table 8.1.2: D 124 → .67, D 121 → .66, D 25 → .53; K 40:
    40 × (1 − .67) = +13.2, 40 × (0 − .66) = −26.4, 40 × (1 − .53) = +18.8; total +5.6."""
    players = [player(1, 1922, k=40), player(2, 1798), player(3, 1801), player(4, 1897)]
    games = both(1, 1, 2, 1) + both(2, 1, 3, 0) + both(3, 1, 4, 1)
    result = of(rate(players, games), 1)
    assert [g.expected for g in result.games] == [0.67, 0.66, 0.53]
    for game, want in zip(result.games, (13.2, -26.4, 18.8), strict=True):
        assert math.isclose(game.change, want, abs_tol=1e-9)
    assert result.change is not None and math.isclose(result.change, 5.6, abs_tol=1e-9)
    assert result.k == 40 and result.published == 6.0  # 8.3.4: 5.6 → 6


# -- 8.3.1: the 400-point rule and its amendment of 1 October 2025 --------------------------------


def test_2813_player_after_the_2650_amendment() -> None:
    """8.3.1: before 1 October 2025 D 513 counts as 400 (PD .92): a win is 10 × .08 = +0.8;
    from 1 October 2025 a player rated 2650 or more uses D 513 (PD .96): +0.4.
    The 2300 opponent is below 2650: 400 (PD .08) on both dates, 20 × (0 − .08) = −1.6."""
    players = [player(1, 2813, k=10), player(2, 2300, k=20)]
    games = both(1, 1, 2, 1)
    before, after = rate(players, games, date=BEFORE), rate(players, games, date=AFTER)
    assert math.isclose(of(before, 1).change or 0, 0.8, abs_tol=1e-9)
    assert math.isclose(of(after, 1).change or 0, 0.4, abs_tol=1e-9)
    assert of(before, 1).games[0].expected == 0.92 and of(after, 1).games[0].expected == 0.96
    for report in (before, after):
        assert math.isclose(of(report, 2).change or 0, -1.6, abs_tol=1e-9)


def test_2813_player_loses_more_after_the_amendment() -> None:
    """A loss: 10 × (0 − .92) = −9.2 before, 10 × (0 − .96) = −9.6 after. A 2649 player keeps
    the rule after it: D 449 against 2200 counts as 400 (PD .92, not .94)."""
    players = [player(1, 2813, k=10), player(2, 2300, k=20), player(3, 2649, k=10), player(4, 2200)]
    games = both(1, 1, 2, 0) + both(1, 3, 4, 1)
    before, after = rate(players, games, date=BEFORE), rate(players, games, date=AFTER)
    assert math.isclose(of(before, 1).change or 0, -9.2, abs_tol=1e-9)
    assert math.isclose(of(after, 1).change or 0, -9.6, abs_tol=1e-9)
    assert of(after, 3).games[0].expected == 0.92
    assert any("below 2650 only" in note for note in after.notes)
    assert any("400 for every player" in note for note in before.notes)


def test_difference_over_735_is_certain_for_2650_players() -> None:
    """Table 8.1.2's last row: D over 735 is PD 1.0 (H) and .00 (L): a 2800 player beating a
    1900 after 1 October 2025 gains nothing; a draw costs 10 × (0.5 − 1) = −5."""
    players = [player(1, 2800, k=10), player(2, 1900, k=20)]
    win, draw = both(1, 1, 2, 1), both(1, 1, 2, 0.5)
    assert of(rate(players, win, date=AFTER), 1).change == 0.0
    assert math.isclose(of(rate(players, draw, date=AFTER), 1).change or 0, -5.0, abs_tol=1e-9)
    # the 1900 player is below 2650: D −900 counts as −400 (PD .08), 20 × (0.5 − .08) = +8.4
    assert math.isclose(of(rate(players, draw, date=AFTER), 2).change or 0, 8.4, abs_tol=1e-9)


def test_no_date_reads_the_latest_rules_or_the_option() -> None:
    players = [player(1, 2813, k=10), player(2, 2300, k=20)]
    games = both(1, 1, 2, 1)
    latest = rate(players, games, date=None)
    assert math.isclose(of(latest, 1).change or 0, 0.4, abs_tol=1e-9)
    assert any("no event date" in note and "2025-10-01" in note for note in latest.notes)
    older = rate(players, games, date=None, options={"date": "2025-09-30"})
    assert math.isclose(of(older, 1).change or 0, 0.8, abs_tol=1e-9)
    assert any("(option date)" in note for note in older.notes)


# -- 8.3.3: K --------------------------------------------------------------------------------------

DATE_2026 = datetime.date(2026, 5, 1)


@pytest.mark.parametrize(
    ("rated", "more", "options", "k"),
    [
        pytest.param(1800, {"games": 12}, {}, 40, id="new-player-12-games"),
        pytest.param(1800, {"games": 30}, {}, 20, id="30-games-under-2400"),
        pytest.param(2100, {"birth_year": 2008}, {}, 40, id="junior-18-in-2026"),
        pytest.param(2100, {"birth_year": 2007}, {}, 20, id="19-in-2026-not-junior"),
        pytest.param(2350, {"birth_year": 2010}, {}, 20, id="junior-2300-or-more"),
        pytest.param(2400, {"games": 12, "birth_year": 2010}, {}, 10, id="2400-reached"),
        pytest.param(2350, {}, {"ever_2400": "yes"}, 10, id="ever-2400-option"),
        pytest.param(2100, {}, {"junior": "yes"}, 40, id="junior-option"),
        pytest.param(2100, {"games": 100}, {"new_player": "yes"}, 40, id="new-player-option"),
        pytest.param(2100, {}, {}, 20, id="nothing-known"),
    ],
)
def test_k_derived(rated: int, more: dict[str, int], options: dict[str, str], k: int) -> None:
    """8.3.3: 40 new to the list until 30 games; 40 until the end of the year of the 18th
    birthday under 2300; 20 under 2400; 10 once 2400 was reached."""
    players = [player(1, rated, **more), player(2, 2000, k=20)]
    result = of(rate(players, both(1, 1, 2, 1), date=DATE_2026, options=options), 1)
    assert result.k == k
    assert any(note.startswith(f"K derived: {k}:") for note in result.notes)


def test_k_from_the_list_wins_and_unknowns_are_noted() -> None:
    players = [player(1, 2100, k=40, birth_year=1970), player(2, 2100)]
    report = rate(players, both(1, 1, 2, 1), date=DATE_2026)
    assert of(report, 1).k == 40 and not of(report, 1).notes
    notes = of(report, 2).notes
    assert of(report, 2).k == 20
    assert any("games unknown" in n for n in notes) and any(
        "birth year unknown" in n for n in notes
    )
    assert any("never rated 2400" in n for n in notes)


def test_k_capped_at_700_over_the_games() -> None:
    """8.3.3: K 40 with 20 rated games: 40 × 20 = 800 > 700, K = 35 (35 × 20 = 700);
    K 20 with 39 games: 780 > 700, K = 17 (17 × 39 = 663, 18 × 39 = 702)."""
    for k, n, want in ((40, 20, 35), (20, 39, 17), (40, 17, 40), (10, 70, 10)):
        players = [player(1, 2000, k=k), *(player(i, 2000, k=20) for i in range(2, n + 2))]
        games = [g for i in range(2, n + 2) for g in both(i - 1, 1, i, 0.5)]
        result = of(rate(players, games), 1)
        assert result.k == want, (k, n)
        assert (want != k) == any("reduced to" in note for note in result.notes)
        off = of(rate(players, games, options={"cap": "off"}), 1)
        assert off.k == k


# -- what is not rated ------------------------------------------------------------------------------


def test_unrated_opponent_forfeit_bye_and_missing_result_not_rated() -> None:
    """8.3.1: only games against rated players; 5.1: unplayed games are not counted."""
    players = [player(1, 2000, k=20), player(2, None), player(3, 1900), player(4, 1800)]
    games = [
        *both(1, 1, 2, 1),  # unrated opponent
        *both(2, 1, 3, 1, played=False),  # a forfeit win
        (3, 1, None, 1.0, False),  # a bye
        (4, 1, 4, None, True),  # no result yet
        *both(5, 1, 4, 0.5),  # rated: D 200 → .76, 20 × (0.5 − .76) = −5.2
    ]
    result = of(rate(players, games), 1)
    assert [g.round for g in result.games] == [5]
    assert math.isclose(result.change or 0, -5.2, abs_tol=1e-9)
    (note,) = [n for n in result.notes if n.startswith("not rated")]
    assert "round 1: unrated opponent" in note and "round 2: not played" in note
    assert "round 3: bye" in note and "round 4: no result yet" in note


def test_rapid_600_point_games_not_rated_from_december_2024() -> None:
    """Rapid and blitz 7.3.1 (effective from 1 December 2024): 2700 v 2050 (650 apart, one
    above 2600) is not rated; before, and in a standard event, it is (D counted as 400)."""
    players = [player(1, 2700, k=20), player(2, 2050, k=20)]
    games = both(1, 1, 2, 1)
    on = rate(players, games, type="rapid", date=datetime.date(2024, 12, 1))
    assert of(on, 1).games == () and of(on, 2).games == ()
    assert "600 or more points apart" in of(on, 1).notes[0]
    early = rate(players, games, type="blitz", date=datetime.date(2024, 11, 30))
    assert math.isclose(of(early, 1).change or 0, 1.6, abs_tol=1e-9)  # 20 × (1 − .92)
    assert len(of(rate(players, games, type="standard", date=AFTER), 1).games) == 1


def test_rapid_keeps_the_400_point_rule_for_2650_players() -> None:
    """Rapid and blitz 7.3.1 as published has no 2650 exemption (option rapid_2650=yes adds it)."""
    players = [player(1, 2813, k=10), player(2, 2300, k=20)]
    games = both(1, 1, 2, 1)
    kept = rate(players, games, type="rapid", date=AFTER)
    assert math.isclose(of(kept, 1).change or 0, 0.8, abs_tol=1e-9)
    exempt = rate(players, games, type="rapid", date=AFTER, options={"rapid_2650": "yes"})
    assert math.isclose(of(exempt, 1).change or 0, 0.4, abs_tol=1e-9)


# -- 8.3.4: the published figure ----------------------------------------------------------------------


def test_published_rounds_half_away_from_zero() -> None:
    """8.3.4: 2000 v 1810 (D 190 → .75/.25), K 10: +2.5 → 3 and −2.5 → −3."""
    players = [player(1, 2000, k=10), player(2, 1810, k=10)]
    report = rate(players, both(1, 1, 2, 1))
    assert (of(report, 1).change, of(report, 1).published) == (2.5, 3.0)
    assert (of(report, 2).change, of(report, 2).published) == (-2.5, -3.0)


# -- 8.2: an unrated player's first rating ---------------------------------------------------------


def first(opponents: Sequence[int], scores: Sequence[float]) -> PlayerChange:
    players = [player(1, None), *(player(i + 2, r, k=20) for i, r in enumerate(opponents))]
    games = [g for i, s in enumerate(scores) for g in both(i + 1, 1, i + 2, s)]
    return of(rate(players, games), 1)


def test_first_rating_by_hand() -> None:
    """8.2.2: Ra = (1500 + 1600 + 1700 + 1800 + 1900 + 2 × 1800) / 7 = 1728.57;
    p = (3 + 1) / 7 = .57 → dp 50 (table 8.1.1); 8.2.3: Ru = 1778.57 → 1779."""
    result = first([1500, 1600, 1700, 1800, 1900], [1, 0.5, 1, 0.5, 0])
    assert result.rating is None and result.change is None and result.games == ()
    rating = result.first_rating
    assert rating is not None
    assert (rating.rating, rating.games, rating.score, rating.average) == (1779.0, 5, 3.0, 1700.0)
    assert rating.note == "provisional: FIDE computes it over the rating period"
    assert any("Ra = (8500 + 2 × 1800) / 7 = 1728.57" in n and "dp = 50" in n for n in result.notes)


def test_first_rating_floor_maximum_and_few_games() -> None:
    """7.1.4: below 1400 not published, fewer than 5 games not yet; 8.2.3: at most 2200.
    (1400 × 5 + 3600) / 7 = 1514.29, p = 2/7 = .29 → dp −158: 1356.
    (2400 × 5 + 3600) / 7 = 2228.57, p = 6/7 = .86 → dp 309: 2538 → 2200.
    (1600 + 1700 + 1800 + 3600) / 5 = 1740, p = 3/5 = .60 → dp 72: 1812, 3 games."""
    low = first([1400] * 5, [1, 0, 0, 0, 0])
    assert low.first_rating is not None and low.first_rating.rating == 1356.0
    assert any("below 1400: not published" in n for n in low.notes)
    high = first([2400] * 5, [1] * 5)
    assert high.first_rating is not None and high.first_rating.rating == 2200.0
    assert any("2200 (8.2.3)" in n for n in high.notes)
    few = first([1600, 1700, 1800], [1, 0.5, 0.5])
    assert few.first_rating is not None and few.first_rating.rating == 1812.0
    assert any("3 game(s) against rated opponents" in n for n in few.notes)


def test_first_rating_none_for_zero_or_no_rated_game() -> None:
    """8.2.1: a zero score in a first event is disregarded."""
    zero = first([1600] * 5, [0] * 5)
    assert zero.first_rating is None and any("8.2.1" in n for n in zero.notes)
    alone = of(rate([player(1, None), player(2, None)], both(1, 1, 2, 1)), 1)
    assert alone.first_rating is None


# -- bad input --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "x"}, "fide: unknown option 'colour'"),
        ({"junior": "maybe"}, "fide: option junior='maybe': expected one of auto|yes|no"),
        ({"date": "1 May"}, "fide: option date='1 May': expected YYYY-MM-DD"),
    ],
)
def test_bad_option_is_one_line(options: dict[str, str], message: str) -> None:
    with pytest.raises(CaddyError) as raised:
        rate([player(1, 2000)], [], options=options)
    assert str(raised.value).startswith(message) and "\n" not in str(raised.value)


def test_a_score_that_is_not_1_half_or_0_is_an_error() -> None:
    with pytest.raises(CaddyError, match=r"round 1, player 1: a score of 3"):
        rate([player(1, 2000, k=20), player(2, 2000, k=20)], [(1, 1, 2, 3.0, True)])
