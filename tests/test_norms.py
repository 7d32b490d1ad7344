"""Title norms, FIDE Handbook B.01 (Title Regulations in force from 1 January
2024, https://handbook.fide.com/chapter/B012024), articles 1.4.1 to 1.4.9:
one test per clause, each a small event built for it, the norm made and the
same event one condition short (docs/norms.md). Swiss-like events by
:func:`tests.norms_events.star`, round robins by
:func:`tests.norms_events.round_robin`; a clause whose rule is the same in
both runs on both (``kind``), the clauses that differ (1.4.1e, 1.4.1f,
1.4.2b, the double round robin of 1.4.5) on the event they are about.
"""

from __future__ import annotations

import pytest

from caddy.model.results import EventPlayer, ResultsTable
from caddy.norms.request import EventShape
from caddy_plugins.norms.rules import TITLES, Title, needed_score, percent
from caddy_plugins.tiebreaks.ratings import dp
from tests.norms_events import (
    BASE,
    BASE_RESULTS,
    SEEKER,
    Opp,
    base,
    norm,
    round_robin,
    star,
)

#: The clause's event as a Swiss (one opponent a round) and as a round robin
#: of the seeker and the same opponents (tests.norms_events.base).
KINDS = pytest.mark.parametrize("kind", ["swiss", "round-robin"])


def with_(i: int, o: Opp) -> tuple[Opp, ...]:
    return (*BASE[:i], o, *BASE[i + 1 :])


# -- 1.4.1 number of games ---------------------------------------------------------------


@KINDS
def test_1_4_1a_nine_games(kind: str) -> None:
    """1.4.1a: at least 9 games. A half-point bye in round 9 leaves 8."""
    made = norm(base(kind=kind), "GM")
    assert (made.norm, made.games, made.average_rating, made.performance) == (True, 9, 2450, 2616)
    short = norm(star([*zip(BASE[:8], BASE_RESULTS[:8], strict=True), (None, "H")]), "GM")
    assert not short.norm
    assert "8 games counted, at least 9 needed (1.4.1)" in short.missing


def test_1_4_1b_seven_games_in_a_team_championship() -> None:
    """1.4.1b: 7 games suffice in the team championships it names (the arbiter says so)."""
    event = star(list(zip(BASE[:7], ("0", "=", "=", "1", "1", "1", "1"), strict=True)))
    made = norm(event, "GM", options={"least-games": "7"})
    assert (made.norm, made.games, made.average_rating, made.performance) == (True, 7, 2461, 2619)
    short = norm(event, "GM")
    assert short.missing == ("7 games counted, at least 9 needed (1.4.1)",)
    eight = star(list(zip(BASE[:8], ("0", "=", "=", "1", "1", "1", "1", "1"), strict=True)))
    cup = norm(eight, "GM", options={"least-games": "8"})  # a World Cup's 8 games count as 9
    assert (cup.norm, cup.games, cup.score, cup.needed, cup.counts_as) == (True, 8, 6.0, 6.0, 9)


@pytest.mark.parametrize("code", ["U", "+"])
def test_1_4_1c_eight_games_and_a_pab_or_forfeit_win(code: str) -> None:
    """1.4.1c: a 9-round event's 8 games with a forfeit win or a
    pairing-allocated bye count as 9; a requested half-point bye does not."""
    results = ("0", "1", "=", "1", "1", "=", "1", "1")
    games = list(zip(BASE[:8], results, strict=True))
    other = (Opp(2300, None, "SCO"), "+") if code == "+" else (None, "U")
    made = norm(star([*games, other]), "GM")
    assert (made.norm, made.games, made.score, made.needed, made.counts_as) == (
        True,
        8,
        6.0,
        6.0,
        9,
    )
    assert any("count as 9 (1.4.1c)" in n for n in made.notes)
    short = norm(star([*games, (None, "H")]), "GM")
    assert "8 games counted, at least 9 needed (1.4.1)" in short.missing


@KINDS
def test_1_4_1d_a_full_point_over_counts_one_game_more(kind: str) -> None:
    """1.4.1d: each full point above the norm counts as one more game (7.5 over 6.5 needed: 10)."""
    over = norm(base(("=", "=", "1", "1", "1", "=", "1", "1", "1"), kind=kind), "GM")
    assert (over.norm, over.score, over.needed, over.counts_as) == (True, 7.5, 6.5, 10)
    assert norm(base(kind=kind), "GM").counts_as == 9


def test_1_4_1e_swiss_may_leave_out_the_last_rounds_a_round_robin_may_not() -> None:
    """1.4.1e: after a title result a Swiss's later games may be left out; a
    round robin's norm counts every scheduled round."""
    rounds = [
        *zip(BASE, BASE_RESULTS, strict=True),
        (Opp(2500, "GM", "GER"), "0"),
        (Opp(2520, "GM", "NED"), "0"),
    ]
    made = norm(star(rounds), "GM")
    assert (made.norm, made.games, made.score, made.performance) == (True, 9, 6.5, 2616)
    assert "rounds after 9 left out (1.4.1e)" in made.notes
    short = norm(star(rounds, pre_determined=True), "GM")
    assert not short.norm
    assert (short.games, short.average_rating, short.performance) == (11, 2461, 2526)


def test_1_4_1f_wins_may_be_left_out() -> None:
    """1.4.1f: games against opponents the player beat may be left out; draws may not."""
    low = [(Opp(1900, None, "SCO"), "1"), (Opp(1950, None, "SCO"), "1")]
    made = norm(star([*low, *zip(BASE, BASE_RESULTS, strict=True)]), "GM")
    # one left out is not enough: 10 games need 4 GMs (1.4.5b); both are
    assert (made.norm, made.games, made.average_rating, made.performance) == (True, 9, 2450, 2616)
    assert made.notes == (
        "round 1: the win against Opponent 2 left out (1.4.1f)",
        "round 2: the win against Opponent 3 left out (1.4.1f)",
    )
    draws = [(o, "=") for o, _ in low]
    short = norm(star([*draws, *zip(BASE, BASE_RESULTS, strict=True)]), "GM")
    assert not short.norm
    assert (short.games, short.average_rating, short.performance) == (11, 2382, 2515)


# -- 1.4.2 games that do not count ----------------------------------------------------------


@pytest.mark.parametrize("unrated_drew", [False, True])
def test_1_4_2b_round_robin_unrated_who_scored_nothing(unrated_drew: bool) -> None:
    """1.4.2b: in a round robin, the games of an unrated player who scored
    nothing against rated opponents do not count. When they drew one, their
    game counts: 10 games need 4 GMs (1.4.5b), the field has 3."""
    opponents = [*BASE, Opp(None, None, "SCO")]
    players = [SEEKER, *(pl(k, o) for k, o in enumerate(opponents, 2))]
    scores = {k: r for k, r in enumerate(BASE_RESULTS, 2)} | {11: "1"}
    overrides = _unrated_loses(11) | ({(11, 2): "1/2"} if unrated_drew else {})
    event = round_robin(players, scores, overrides=overrides)
    result = norm(event, "GM")
    if not unrated_drew:
        assert (result.norm, result.games, result.average_rating) == (True, 9, 2450)
        assert any("(1.4.2b)" in n for n in result.notes)
    else:
        assert not result.norm
        assert result.games == 10
        assert result.missing == ("3 opponents holding GM, at least 4 needed (1.4.5b)",)


def pl(number: int, o: Opp) -> EventPlayer:
    return EventPlayer(
        number=number, name=f"Opponent {number}", rating=o.rating, title=o.title, federation=o.fed
    )


def _unrated_loses(unrated: int) -> dict[tuple[int, int], str]:
    """The unrated player loses every game but the overridden ones."""
    return {(unrated, k): "0-1" for k in range(2, unrated)}


def test_1_4_2c_forfeits_and_games_of_under_one_move_do_not_count() -> None:
    """1.4.2c: a forfeit (and a game of under one move, TRF W/D/L) is not a game for norms."""
    games = list(zip(BASE, BASE_RESULTS, strict=True))
    made = norm(star([*games, (Opp(2300, None, "SCO"), "+")]), "GM")
    assert (made.norm, made.games, made.score) == (True, 9, 6.5)
    assert "round 10: a forfeit does not count (1.4.2c)" in made.notes
    forfeited = [*games[:8], (BASE[8], "+"), (Opp(2300, None, "SCO"), "+")]
    short = norm(star(forfeited), "GM")
    assert short.games == 8
    assert "8 games counted, at least 9 needed (1.4.1)" in short.missing
    quick = norm(star([*games[:8], (BASE[8], "W"), (Opp(2300, None, "SCO"), "1")]), "GM")
    assert "round 9: a game of under one move does not count (1.4.2c)" in quick.notes


# -- 1.4.3, 1.4.4 federations ---------------------------------------------------------------------


@KINDS
def test_1_4_3_two_federations_other_than_the_players(kind: str) -> None:
    """1.4.3: at least two federations other than the player's (FID is none)."""
    assert norm(base(kind=kind), "GM").norm
    one = tuple(o if o.fed == "ENG" else Opp(o.rating, o.title, "GER") for o in BASE)
    short = norm(base(opponents=one, kind=kind), "GM")
    assert short.missing == ("1 federation other than ENG (GER), at least 2 needed (1.4.3)",)
    fid = tuple(Opp(o.rating, o.title, "FID") if o.fed == "NED" else o for o in one)
    assert "0 federations" not in " ".join(norm(base(opponents=fid, kind=kind), "GM").missing)


@pytest.mark.parametrize(
    ("exemption", "host", "waived"),
    [
        ("national-championship", None, True),
        ("national-team", "ENG", True),
        ("national-team", "SCO", False),
        ("zonal", None, True),
        ("swiss-foreigners", None, True),
    ],
)
@KINDS
def test_1_4_3a_to_d_exemptions(exemption: str, host: str | None, waived: bool, kind: str) -> None:
    """1.4.3a-d: a national championship, a national team championship (the
    registering federation's players only), a zonal, a Swiss with 20
    foreigners: the federation requirements (1.4.3, 1.4.4) are waived."""
    home = tuple(Opp(o.rating, o.title, "ENG") for o in BASE)
    assert not norm(base(opponents=home, kind=kind), "GM").norm
    options = {"exemption": exemption} | ({"host": host} if host else {})
    result = norm(base(opponents=home, kind=kind), "GM", options=options)
    assert result.norm is waived
    if not waived:
        assert "9 opponents from ENG, at most 5 allowed (1.4.4)" in result.missing


@KINDS
def test_1_4_4_at_most_three_fifths_from_the_players_federation(kind: str) -> None:
    """1.4.4: of 9 opponents at most 5 (3/5, rounded down) from the player's federation."""
    five = with_(3, Opp(2450, "IM", "ENG"))
    assert norm(base(opponents=five, kind=kind), "GM").norm
    six = (*five[:4], Opp(2430, "IM", "ENG"), *five[5:])
    assert norm(base(opponents=six, kind=kind), "GM").missing == (
        "6 opponents from ENG, at most 5 allowed (1.4.4)",
    )


@KINDS
def test_1_4_4_at_most_two_thirds_from_one_federation(kind: str) -> None:
    """1.4.4: of 9 opponents at most 6 (2/3, rounded down) from any one federation."""
    feds = ["GER", "FRA", "NED", "GER", "GER", "GER", "GER", "GER", "ENG"]
    six = tuple(Opp(o.rating, o.title, f) for o, f in zip(BASE, feds, strict=True))
    assert norm(base(opponents=six, kind=kind), "GM").norm
    feds[1] = "GER"
    seven = tuple(Opp(o.rating, o.title, f) for o, f in zip(BASE, feds, strict=True))
    assert norm(base(opponents=seven, kind=kind), "GM").missing == (
        "7 opponents from GER, at most 6 from one federation (1.4.4)",
    )


# -- 1.4.5 titled opponents ------------------------------------------------------------------


@KINDS
def test_1_4_5a_half_the_opponents_titleholders_cm_not(kind: str) -> None:
    """1.4.5a: at least half the opponents (5 of 9) titleholders; a CM is none."""
    titles = ["GM", "GM", "GM", "IM", "FM", None, None, None, None]
    five = tuple(Opp(o.rating, t, o.fed) for o, t in zip(BASE, titles, strict=True))
    assert norm(base(opponents=five, kind=kind), "GM").norm
    titles[4] = "CM"
    four = tuple(Opp(o.rating, t, o.fed) for o, t in zip(BASE, titles, strict=True))
    assert norm(base(opponents=four, kind=kind), "GM").missing == (
        "4 titled opponents of 9, at least 5 needed (1.4.5a; CM and WCM do not count)",
    )


@KINDS
def test_1_4_5b_a_third_and_three_gms(kind: str) -> None:
    """1.4.5b: a GM norm needs a third of the opponents, at least 3, GMs."""
    assert norm(base(kind=kind), "GM").norm
    two = with_(2, Opp(2480, "IM", "NED"))
    assert norm(base(opponents=two, kind=kind), "GM").missing == (
        "2 opponents holding GM, at least 3 needed (1.4.5b)",
    )


@pytest.mark.parametrize(
    ("title", "holder", "article"),
    [("IM", "IM", "1.4.5c"), ("WGM", "WGM", "1.4.5d"), ("WIM", "WIM", "1.4.5e")],
)
@KINDS
def test_1_4_5c_to_e_three_holders_of_the_title(
    title: str, holder: str, article: str, kind: str
) -> None:
    """1.4.5c-e: an IM, WGM or WIM norm needs 3 opponents holding that title (or a higher one)."""
    feds = ["GER", "FRA", "NED"] * 3

    def opponents(holders: int) -> tuple[Opp, ...]:
        titles = [holder] * holders + ["WFM" if title != "IM" else "FM"] * (9 - holders)
        return tuple(Opp(2300, t, f) for t, f in zip(titles, feds, strict=True))

    results = ("1", "1", "1", "1", "1", "1", "1", "1", "0")
    made = norm(base(results, opponents(3), kind=kind), title)
    assert (made.norm, made.average_rating, made.performance) == (True, 2300, 2651)
    short = norm(base(results, opponents(2), kind=kind), title)
    assert short.missing == (
        f"2 opponents holding {'/'.join(sorted(_holders(title)))}, at least 3 needed ({article})",
    )


def _holders(title: str) -> set[str]:
    return {
        "IM": {"GM", "IM"},
        "WGM": {"GM", "IM", "WGM"},
        "WIM": {"GM", "IM", "WGM", "WIM"},
    }[title]


@pytest.mark.parametrize("gms", [3, 2])
def test_1_4_5_double_round_robin_half_the_opponents(gms: int) -> None:
    """1.4.5 (double round robin): half the opponents, rounded up, hold the
    title: 3 GMs of 5 opponents. With 2 GMs (4 GM games of 10, enough for a
    single event's third) there is no GM norm."""
    titles = ["GM"] * gms + ["IM"] * (5 - gms)
    feds = ["GER", "GER", "FRA", "FRA", "NED"]
    ratings = [2550] * 3 + [2450] * 2
    opponents = [Opp(r, t, f) for r, t, f in zip(ratings, titles, feds, strict=True)]
    players = [SEEKER, *(pl(k, o) for k, o in enumerate(opponents, 2))]
    # 3.5 in each cycle: 7 of 10
    event = round_robin(players, {2: "1", 3: "1", 4: "=", 5: "=", 6: "="}, cycles=2)
    result = norm(event, "GM")
    assert result.games == 10 and result.score == 7.0
    assert (result.average_rating, result.performance) == (2510, 2659)
    if gms == 3:
        assert result.norm
    else:
        assert result.missing == ("2 opponents holding GM, at least 3 needed (1.4.5b)",)


# -- 1.4.6, 1.4.7 ratings of opponents -----------------------------------------------------------


def _floor_event(*low: int | None) -> list[tuple[Opp, str]]:
    strong = [
        Opp(2480, "GM", "GER"),
        Opp(2480, "GM", "FRA"),
        Opp(2480, "GM", "NED"),
        Opp(2480, "IM", "GER"),
        Opp(2480, "IM", "FRA"),
        Opp(2480, "IM", "NED"),
        Opp(2480, "FM", "ENG"),
        Opp(2480, "FM", "ENG"),
    ][: 9 - len(low)]
    games = [*strong, *(Opp(r, None, "ENG") for r in low)]
    return list(zip(games, ("0", "=", "=", "1", "1", "=", "1", "1", "1"), strict=True))


def test_1_4_6bc_the_lowest_opponent_raised_to_the_floor_one_only() -> None:
    """1.4.6b/c: the lowest opponent under the floor (GM 2200) is raised to
    it; no more than one is. 8 x 2480 and 2000: (19840 + 2200) / 9 = 2449;
    7 x 2480, 2000 and 1990: (17360 + 2000 + 2200) / 9 = 2396."""
    made = norm(star(_floor_event(2000)), "GM")
    assert (made.norm, made.average_rating, made.performance) == (True, 2449, 2615)
    assert [g.rating_used for g in made.counted][-1] == 2200
    short = norm(star(_floor_event(2000, 1990)), "GM")
    assert (short.norm, short.average_rating) == (False, 2396)
    assert [g.rating_used for g in short.counted][-2:] == [2000, 2200]


def test_1_4_6d_an_unrated_opponent_counts_1400() -> None:
    """1.4.6d: an unrated opponent counts 1400 (the lowest is raised to the floor first)."""
    made = norm(star(_floor_event(None)), "GM")
    assert (made.norm, made.average_rating) == (True, 2449)
    short = norm(star(_floor_event(None, None)), "GM")
    assert [g.rating_used for g in short.counted][-2:] == [2200, 1400]
    assert short.average_rating == round((17360 + 2200 + 1400) / 9)  # 2328.9 → 2329
    assert "average rating 2329, at least 2380 needed for a GM norm (1.4.8a)" in short.missing


def test_1_4_7b_the_average_rounds_half_up() -> None:
    """1.4.7b: the average rounds to the nearest whole number, 0.5 upward
    (10 opponents summing 24805: 2480.5 → 2481)."""
    opponents = [*BASE, Opp(2755, "GM", "NED")]
    event = star(list(zip(opponents, (*BASE_RESULTS, "="), strict=True)))
    assert sum(o.rating or 0 for o in opponents) == 24805
    assert norm(event, "GM").average_rating == 2481


# -- 1.4.8, 1.4.9 performance -----------------------------------------------------------------


@KINDS
def test_1_4_8_performance_reaches_the_level(kind: str) -> None:
    """1.4.8: Rp = Ra + dp at least 2600 for GM: 6.5/9 against 2450 makes 2616; 6/9 makes 2575."""
    assert norm(base(kind=kind), "GM").norm
    short = norm(base(("0", "=", "=", "1", "1", "=", "1", "1", "="), kind=kind), "GM")
    assert (short.performance, short.needed) == (2575, 6.5)
    assert short.missing == ("performance 2575, at least 2600 needed (1.4.8): 6.5 points needed",)


@KINDS
def test_1_4_8a_minimum_average_rating(kind: str) -> None:
    """1.4.8a: the opponents average at least 2380 for GM (2379 is short, whatever the score)."""
    titles = ("GM", "GM", "GM", "IM", "IM", "IM", "FM", "FM", "FM")
    feds = ("GER", "FRA", "NED") * 3
    full = tuple(Opp(2380, t, f) for t, f in zip(titles, feds, strict=True))
    assert norm(base(("1",) * 9, full, kind=kind), "GM").norm
    less = (*full[:8], Opp(2371, "FM", "NED"))
    short = norm(base(("1",) * 9, less, kind=kind), "GM")
    assert (short.average_rating, short.performance) == (2379, 3179)
    assert short.missing == ("average rating 2379, at least 2380 needed for a GM norm (1.4.8a)",)


@KINDS
def test_1_4_8b_minimum_score_35_percent(kind: str) -> None:
    """1.4.8b: at least 35%: 3/9 (33%) against 2750 performs 2625 but is no norm; 3.5/9 is."""
    strong = tuple(Opp(2750, "GM", f) for f in ("GER", "FRA", "NED") * 3)
    made = norm(base(("1", "1", "1", "=", "0", "0", "0", "0", "0"), strong, kind=kind), "GM")
    assert (made.norm, made.performance) == (True, 2750 - 80)
    short = norm(base(("1", "1", "1", "0", "0", "0", "0", "0", "0"), strong, kind=kind), "GM")
    assert (short.performance, short.missing) == (2625, ("score 3 of 9 is under 35% (1.4.8b)",))


def test_1_4_9_the_table_and_its_rounding() -> None:
    """1.4.9: percentages round to the nearest whole number, 0.5% up; dp from
    the table (values as printed in B.01 1.4.9: .72 → 166, .13 → -322,
    .50 → 0, 1.0 → 800, .00 → -800)."""
    assert percent(13, 9) == 72 and dp(72) == 166  # 6.5 / 9 = 72.2%
    assert percent(2, 8) == 13 and dp(13) == -322  # 1 / 8 = 12.5% → 13
    assert (dp(50), dp(100), dp(0)) == (0, 800, -800)
    assert needed_score(2450, 9, _title("GM")) == 6.5
    assert needed_score(2380, 9, _title("GM")) == 7.0  # 78% → 220
    assert needed_score(1800, 9, _title("GM")) == 9.0  # 100% → 800
    assert needed_score(1799, 9, _title("GM")) is None


def _title(name: str) -> Title:
    return next(t for t in TITLES if t.name == name)


# -- which titles, forecast ---------------------------------------------------------------------


@KINDS
def test_titles_held_are_not_checked(kind: str) -> None:
    """A GM is checked for nothing, an IM for GM and WGM, a man for no women's title."""
    event = base(kind=kind)
    gm = EventPlayer(number=1, name="Seeker", rating=2400, federation="ENG", title="GM")
    im_man = EventPlayer(
        number=1, name="Seeker", rating=2400, federation="ENG", title="IM", sex="m"
    )
    im = EventPlayer(number=1, name="Seeker", rating=2400, federation="ENG", title="IM")
    games = list(zip(BASE, BASE_RESULTS, strict=True))
    from tests.norms_events import norms

    assert [r.title for r in norms(event).players[0].results] == ["GM", "IM", "WGM", "WIM"]
    assert [r.title for r in norms(star(games, seeker=gm)).players[0].results] == []
    assert [r.title for r in norms(star(games, seeker=im)).players[0].results] == ["GM", "WGM"]
    assert [r.title for r in norms(star(games, seeker=im_man)).players[0].results] == ["GM"]


def test_forecast_the_points_still_needed() -> None:
    """Before the last rounds: with the known opponents to come (a round
    robin's), the points still needed over the whole event. After 7 of 9
    games (4.5 points) against BASE[:7], BASE[7:] to come: 6.5 needed, 2 to go."""
    games = list(zip(BASE[:7], ("0", "=", "=", "1", "1", "=", "1"), strict=True))
    event = star(games)
    shape = EventShape(scheduled_rounds=9, upcoming={1: (8, 9)}, pre_determined=True)
    upcoming = star([*games, (BASE[7], "1"), (BASE[8], "1")])
    now = norm(upcoming, "GM", shape=EventShape(scheduled_rounds=9))
    assert now.needed == 6.5
    result = norm(_with_players(event, upcoming), "GM", shape=shape, forecast=True)
    assert (result.norm, result.score, result.needed, result.still_needed) == (False, 4.5, 6.5, 2.0)
    assert result.remaining_rounds == 2


def _with_players(event: ResultsTable, full: ResultsTable) -> ResultsTable:
    """``event``'s rounds with every player of ``full`` (the opponents to come exist)."""
    import attrs

    from caddy.model.results import RoundResult

    extra = len(full.players) - len(event.players)
    rows = (*event.results, *(((RoundResult(None, None, "Z", 0.0),) * event.rounds,) * extra))
    return attrs.evolve(event, players=full.players, results=rows)


def test_1_4_1f_any_choice_of_wins_may_be_left_out() -> None:
    """1.4.1f lets the player choose which wins to leave out: here leaving
    out the lowest-rated win (the only FRA opponent) breaks 1.4.3's two
    foreign federations, all ten games have too few GMs (1.4.5b: 4 for 10
    games), but leaving out the win against GER 2310 makes the GM norm."""
    rounds = [
        (Opp(2550, "GM", "GER"), "0"),
        (Opp(2500, "GM", "GER"), "="),
        (Opp(2480, "GM", "GER"), "="),
        (Opp(2450, "IM", "GER"), "1"),
        (Opp(2310, None, "GER"), "1"),
        (Opp(2300, None, "FRA"), "1"),
        (Opp(2420, "IM", "ENG"), "="),
        (Opp(2440, "FM", "ENG"), "1"),
        (Opp(2400, "FM", "ENG"), "1"),
        (Opp(2380, "FM", "ENG"), "1"),
    ]
    made = norm(star(rounds), "GM")
    # 6.5 of 9 against an average of 21920 / 9 = 2435.6 -> 2436; 72 % -> dp 166
    assert (made.norm, made.games, made.average_rating, made.performance) == (True, 9, 2436, 2602)
    assert made.notes == ("round 5: the win against Opponent 6 left out (1.4.1f)",)


def test_forecast_a_rest_round_to_come_is_no_game() -> None:
    """An odd round robin's rest round to come (B.01 1.4.2: a bye is no game)
    adds no game to the forecast: after 8 games (5.5 points against BASE[:8],
    average 19610 / 8 -> 2451) the GM norm needs 6 (75 % -> dp 193 -> 2644;
    5.5 is 69 % -> dp 141 -> 2592) and no game is left to score it in."""
    games = list(zip(BASE[:8], BASE_RESULTS[:8], strict=True))
    shape = EventShape(scheduled_rounds=9, upcoming={1: (None,)}, pre_determined=True)
    result = norm(star(games), "GM", shape=shape, forecast=True)
    assert (result.score, result.needed, result.still_needed) == (5.5, 6, 0.5)
    assert result.remaining_rounds == 1
    assert result.missing[:2] == (
        "1 round still to play",
        "0.5 points needed from 0 games: out of reach",
    )
