"""Rating-based tie-breaks and the 2026 additions (C.07 Art. 7.7, 7.8, 10.1-10.6; issue 8).

Tables: FIDE Handbook B.02 table 8.1, shipped in caddy_plugins/tiebreaks/data (source inside).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts.tiebreak_table import StandingsOptions
from caddy.model.results import EventPlayer, ResultsTable
from caddy.model.results_table import ResultsTableBuilder
from caddy.standings.ranking import standings
from caddy_plugins.codecs.trf_document import read_trf
from caddy_plugins.tiebreaks.ratings import (
    average,
    dp,
    expected_percent,
    perfect_performance,
    performance,
    score_percent,
    tables,
)
from tests.conftest import DATA, Run
from tests.test_standings import relabel, relabellings, swisses

KARL_MALA = DATA / "trf/swiss_fide_example1_karl_mala_2005.trf"


def test_tables_are_fide_b02() -> None:
    """B.02 table 8.1: 50% → dp 0, 100% → +800, 0% → -800; a difference of 0 → 50%, 800 → 100%."""
    to_dp, to_expected = tables()
    assert (to_dp[50], to_dp[100], to_dp[0]) == (0, 800, -800)
    assert (to_expected[0], to_expected[800]) == (50, 100)
    assert len(to_dp) == 101 and len(to_expected) == 801


def test_vasquez_in_fides_sample() -> None:
    """FIDE's 284-player sample, player 1: 6 of 7 against 1895, 2079, 2149, 2302, 2346, 2251, 2219.
    ARO (10.1) = 15241 / 7 = 2177.29 → 2177. TPR (10.2): 6/7 = 85.71% → 86% → dp 309 → 2486.
    PTP (10.3): the expected score at 2517 reaches 600% (6 points), at 2516 it is 599%."""
    event = read_trf(KARL_MALA).event
    result = standings(event, ["ARO", "TPR", "PTP"], "2024")
    row = next(r for r in result.rows if r.pairing_number == 1)
    assert row.tiebreaks == {"ARO": 2177.0, "TPR": 2486.0, "PTP": 2517.0}
    opponents = [1895, 2079, 2149, 2302, 2346, 2251, 2219]
    assert sum(expected_percent(2517, r) for r in opponents) == 600
    assert sum(expected_percent(2516, r) for r in opponents) == 599
    assert dp(86) == 309


def test_sample_with_138_unrated_players() -> None:
    """The sample's unrated players are left out of ARO/TPR/averages; with --unrated-rating
    they count with the given rating; a player with no rated opponent has no value."""
    event = read_trf(KARL_MALA).event
    assert sum(1 for p in event.players if p.rating is None) == 138
    plain = standings(event, ["ARO", "TPR", "PTP", "APRO", "APPO"], "2024")
    assert len(plain.rows) == 284
    given = standings(event, ["ARO"], "2024", options=StandingsOptions(unrated_rating=1000))
    values_plain = {r.pairing_number: r.tiebreaks["ARO"] for r in plain.rows}
    values_given = {r.pairing_number: r.tiebreaks["ARO"] for r in given.rows}
    assert values_plain != values_given
    missing_plain = sum(1 for v in values_plain.values() if v is None)
    missing_given = sum(1 for v in values_given.values() if v is None)
    assert missing_given < missing_plain  # unrated opponents now count, so fewer have no value


def small_event() -> ResultsTableBuilder:
    players = [
        EventPlayer(number=1, name="A", rating=2000),
        EventPlayer(number=2, name="B", rating=2100),
        EventPlayer(number=3, name="C", rating=2200),
        EventPlayer(number=4, name="D", rating=None),
    ]
    b = ResultsTableBuilder(players, rounds=3, pre_determined=False)
    b.game(1, 1, 2, "1-0").game(1, 3, 4, "1-0")
    b.game(2, 1, 3, "1/2").game(2, 2, 4, "+-")  # a forfeit: never in a rating tie-break
    b.game(3, 4, 1, "1/2").game(3, 2, 3, "0-1")
    return b


def test_worked_aro_tpr_ptp() -> None:
    """Player A: beat B (2100), drew C (2200), drew D (unrated: left out).
    ARO = (2100 + 2200) / 2 = 2150. TPR: 1.5 / 2 = 75% → dp 193 → 2343.
    PTP: the lowest R with E(R v 2100) + E(R v 2200) >= 150%."""
    event = small_event().build()
    row = next(
        r for r in standings(event, ["ARO", "TPR", "PTP"], "2024").rows if r.pairing_number == 1
    )
    assert row.tiebreaks["ARO"] == 2150.0
    assert dp(75) == 193 and row.tiebreaks["TPR"] == 2150.0 + 193
    ptp = int(row.tiebreaks["PTP"] or 0)
    assert expected_percent(ptp, 2100) + expected_percent(ptp, 2200) >= 150
    assert expected_percent(ptp - 1, 2100) + expected_percent(ptp - 1, 2200) < 150


def test_aro_cuts() -> None:
    """ARO/C1 drops the lowest-rated opponent, ARO/M1 the lowest and the highest (Art. 14)."""
    assert average([2000, 2100, 2300]) == 2133
    event = read_trf(KARL_MALA).event
    row = next(
        r for r in standings(event, ["ARO/C1", "ARO/M1"], "2024").rows if r.pairing_number == 1
    )
    assert row.tiebreaks["ARO/C1"] == float(average([2079, 2149, 2302, 2346, 2251, 2219]))
    assert row.tiebreaks["ARO/M1"] == float(average([2079, 2149, 2302, 2251, 2219]))


def test_zero_score_ptp() -> None:
    """A zero score: the lowest opponent rating minus 800 (Art. 10.3)."""
    assert perfect_performance([2000, 2100], 0) == 1200


def test_apro_appo() -> None:
    """APRO/APPO (10.4, 10.5): the mean TPR/PTP of the opponents met in rated games."""
    event = small_event().build()
    result = standings(event, ["TPR", "PTP", "APRO", "APPO"], "2024")
    rows = {r.pairing_number: r.tiebreaks for r in result.rows}
    # A met B and C in rated games (D is unrated)
    assert rows[1]["APRO"] == float(average([int(rows[2]["TPR"] or 0), int(rows[3]["TPR"] or 0)]))
    assert rows[1]["APPO"] == float(average([int(rows[2]["PTP"] or 0), int(rows[3]["PTP"] or 0)]))
    assert rows[4]["TPR"] is not None  # an unrated player's own TPR: from rated opponents


def test_no_rated_opponent_has_no_value() -> None:
    players = [EventPlayer(number=1, name="A"), EventPlayer(number=2, name="B")]
    b = ResultsTableBuilder(players, rounds=1)
    b.game(1, 1, 2, "1-0")
    result = standings(b.build(), ["TPR", "ARO"], "2024")
    assert all(r.tiebreaks["TPR"] is None and r.tiebreaks["ARO"] is None for r in result.rows)


def test_std_tpn_rtng_2026() -> None:
    """STD (7.7) counts 1/½/0 whatever the scoring; TPN (7.8) lower first, /R reverses;
    RTNG (10.6) higher first, /R reverses, unrated last."""
    from caddy.model.results import Scoring

    players = [
        EventPlayer(number=i, name=c, rating=r)
        for i, (c, r) in enumerate([("A", 1900), ("B", 2000), ("C", None)], 1)
    ]
    b = ResultsTableBuilder(
        players, rounds=2, scoring=Scoring.three_one_zero(), pre_determined=False
    )
    b.game(1, 1, 2, "1/2").bye(1, 3, "zero")
    b.game(2, 3, 1, "1/2").bye(2, 2, "zero")
    event = b.build()
    rows = {
        r.pairing_number: r.tiebreaks for r in standings(event, ["STD", "TPN", "RTNG"], "2026").rows
    }
    assert rows[1]["STD"] == 1.0 and rows[2]["STD"] == 0.5
    order = [r.pairing_number for r in standings(event, ["TPN"], "2026").rows]
    assert order == [1, 2, 3]  # A 2 points; B and C 1 point each: the lower number first
    reverse = [r.pairing_number for r in standings(event, ["TPN/R"], "2026").rows]
    assert reverse == [1, 3, 2]
    by_rating = [r.pairing_number for r in standings(event, ["RTNG"], "2026").rows]
    assert by_rating == [1, 2, 3]  # B 2000 ahead of unrated C
    by_rating_reversed = [r.pairing_number for r in standings(event, ["RTNG/R"], "2026").rows]
    assert by_rating_reversed == [1, 2, 3]  # unrated stays last either way
    warned = standings(event, ["STD"], "2024")
    assert any("2026 edition" in w for w in warned.warnings)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1000, 2800), min_size=1, max_size=11), st.data())
def test_aro_tpr_ptp_properties(ratings: list[int], data: st.DataObject) -> None:
    """ARO lies between the lowest and highest opponent; TPR rises with the score;
    PTP's expected score reaches the score and one point lower does not (non-zero score)."""
    assert min(ratings) <= average(ratings) <= max(ratings)
    games = len(ratings)
    tprs = [performance(ratings, half) for half in range(2 * games + 1)]
    assert tprs == sorted(tprs)
    half = data.draw(st.integers(1, 2 * games))
    ptp = perfect_performance(ratings, half)
    assert sum(expected_percent(ptp, r) for r in ratings) >= 50 * half
    assert sum(expected_percent(ptp - 1, r) for r in ratings) < 50 * half
    assert score_percent(half, games) == (100 * half + games) // (2 * games)


@settings(max_examples=25, deadline=None)
@given(relabellings(swisses(st.integers(6, 12), st.integers(3, 5))), st.data())
def test_relabelling_changes_nothing_but_tpn(
    case: tuple[ResultsTable, list[int]], data: st.DataObject
) -> None:
    event, permutation = case
    ratings = data.draw(
        st.lists(
            st.none() | st.integers(1200, 2599),
            min_size=len(event.players),
            max_size=len(event.players),
        ),
        label="ratings",
    )
    rated = [
        EventPlayer(number=p.number, name=p.name, rating=rating)
        for p, rating in zip(event.players, ratings, strict=True)
    ]
    from attrs import evolve

    event = evolve(event, players=tuple(rated))
    moved = relabel(event, permutation)
    moved = evolve(
        moved,
        players=tuple(
            EventPlayer(
                number=p.number,
                name=p.name,
                rating=next(q.rating for q in rated if q.name == p.name),
            )
            for p in moved.players
        ),
    )
    codes = ["ARO", "TPR", "PTP", "APRO", "APPO", "STD", "RTNG"]
    before = {r.name: r.tiebreaks for r in standings(event, codes, "2026").rows}
    after = {r.name: r.tiebreaks for r in standings(moved, codes, "2026").rows}
    assert before == after


def test_cli_rating_tiebreaks_on_every_file(cli: Callable[..., Run]) -> None:
    for path in sorted((DATA / "trf").glob("*.trf")):
        # a team file ranks its teams; its players with --individual (rating tie-breaks are individual)
        players = ("--individual",) if path.name.startswith("teamswiss") else ()
        run = cli("standings", str(path), "--tiebreaks", "ARO,TPR,PTP,APRO,APPO", *players)
        assert run.code == 0, (path, run.err)
        assert "Traceback" not in run.err


def test_cli_explain_and_unrated_rating(cli: Callable[..., Run]) -> None:
    run = cli("standings", str(KARL_MALA), "--tiebreaks", "TPR,PTP", "--explain", "1")
    assert "score 6/7 = 86% → dp 309; TPR = 2486" in run.out
    assert "rating 1895" in run.out
    run = cli(
        "standings", str(KARL_MALA), "--tiebreaks", "ARO", "--unrated-rating", "1000", "--json"
    )
    assert run.code == 0


def test_listed_by_caddy_tiebreaks(cli: Callable[..., Run]) -> None:
    import json

    codes = {t["code"] for t in json.loads(cli("tiebreaks", "--json").out)["tiebreaks"]}
    assert codes >= {"ARO", "TPR", "PTP", "APRO", "APPO", "STD", "TPN", "RTNG"}


@pytest.mark.parametrize("text", ["TPN/C1", "ARO/L1", "STD/R"])
def test_modifiers_refused(text: str) -> None:
    from caddy.errors import CaddyError
    from caddy.standings.ranking import resolve_tiebreaks

    with pytest.raises(CaddyError, match="does not apply"):
        resolve_tiebreaks([text], False)
