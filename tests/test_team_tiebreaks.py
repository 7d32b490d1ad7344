"""The team tie-breaks of FIDE Handbook C.07 Arts. 12-13 on worked examples.

Examples A, B and C: 4 teams x 3 boards, everyone meets everyone in 3
rounds, 2-1-0 match points, 1-½-0 game points, board colours WBW; results
written from the first-named team's side, which has White on boards 1 and 3
(example C: 3 teams x 2 boards, one round, a pairing-allocated bye). The
values are those of FIDE's reference tie-break engine (TieBreakServer,
"Gacrux") and the hand computations beside each assertion. Then properties
drawn by hypothesis on small team events (caddy.testing.team_tiebreaks).
"""

from __future__ import annotations

import itertools
from datetime import date

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts.tiebreak_spec import parse_spec
from caddy.contracts.tiebreak_table import StandingsOptions
from caddy.errors import CaddyError
from caddy.model.results_table import ResultsTableBuilder
from caddy.model.team_results import TeamResultsTable, team_event
from caddy.model.teams import TeamBye, TeamMatchPairing, TeamRound, TeamScoring
from caddy.plugins.host import get_host
from caddy.standings.ranking import build_table, standings
from caddy.standings.teams import team_explain, team_standings, team_tables
from caddy.testing.team_tiebreaks import DrawnTeamEvent, small_team_events
from caddy.testing.teams import build_team_event
from caddy_plugins.tiebreaks.team_ede import ExtendedDirectEncounter
from caddy_plugins.tiebreaks.team_sssc import ScoresScheduleStrength

EXAMPLE_A = [
    [("A", "D", "1-0 1/2 0-1"), ("B", "C", "1-0 1-0 0-1")],
    [("D", "C", "0-1 1/2 1/2"), ("A", "B", "1/2 1-0 1-0")],
    [("B", "D", "1-0 1-0 1-0"), ("C", "A", "1/2 0-1 1-0")],
]
EXAMPLE_B = [
    [("A", "D", "1/2 1-0 1/2"), ("B", "C", "1-0 1/2 1/2")],
    [("D", "C", "0-1 1/2 1/2"), ("A", "B", "1-0 0-1 1/2")],
    [("B", "D", "1-0 1/2 1/2"), ("C", "A", "1-0 0-1 0-1")],
]
TEAMS = ["A", "B", "C", "D"]


def example(rounds: list[list[tuple[str, str, str]]]) -> TeamResultsTable:
    return build_team_event(TEAMS, 3, rounds, colours="WBW")


def values(tevent: TeamResultsTable, text: str) -> list[float | None]:
    """A tie-break's values by team index, as its plugin computes them."""
    spec = parse_spec(text)
    plugin = get_host().tiebreaks().get(spec.code)
    table = team_tables(tevent)[spec.score or tevent.primary]
    return plugin.compute(table, parse_spec(text, plugin.modifiers))


def order(
    tevent: TeamResultsTable, texts: list[str], options: StandingsOptions | None = None
) -> str:
    """The team names in standings order, ``=`` joining shared places."""
    rows = team_standings(tevent, texts, options=options).rows
    out = rows[0].name
    for before, row in itertools.pairwise(rows):
        out += ("=" if row.rank == before.rank else " ") + row.name
    return out


# -- example A ----------------------------------------------------------------------


def test_example_a_scores() -> None:
    """C.07 Art. 11.1: MP A 4, B 4, C 3, D 1; GP A 5½, B 5½, C 4½, D 2½."""
    tevent = example(EXAMPLE_A)
    assert tevent.mp == [4, 4, 3, 1]
    assert tevent.gp == [5.5, 5.5, 4.5, 2.5]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MPvGP", [5.5, 5.5, 4.5, 2.5]),  # 13.1: the secondary score, GP
        ("EMMSB", [12, 8, 6, 4]),  # 13.2.1: A 1x1 + 4x2 + 3x1
        ("EMGSB", [16, 11, 12, 9]),  # 13.2.2: A 1x1.5 + 4x2.5 + 3x1.5
        ("EGMSB", [18, 14, 10.5, 5.5]),  # 13.2.3: A 2.5x1 + 5.5x2 + 4.5x1
        ("EGGSB", [24.25, 19.25, 18.75, 12.75]),  # 13.2.4: A 2.5x1.5 + 5.5x2.5 + 4.5x1.5
        ("BC", [10, 9.5, 10, 6.5]),  # 12.1: A 1x2 + 2x2.5 + 3x1
        ("BH:MP", [8, 8, 9, 11]),  # 8.1 on MP (13 preamble)
        ("SSSC", [9.5, 9.5, 9.0, 8.0]),  # 13.4: A 5.5 + 8/2, factor 3x2 // 3 = 2
    ],
)
def test_example_a_values(text: str, expected: list[float]) -> None:
    """C.07 Arts. 12-13 on example A, every value of the table."""
    assert values(example(EXAMPLE_A), text) == expected


def test_example_a_cuts() -> None:
    """C.07 Art. 14.1 on the ESB family: the product of the opponent with the
    lowest score in the opponent factor's score goes (D for A and for B)."""
    tevent = example(EXAMPLE_A)
    assert values(tevent, "EGGSB/C1")[:2] == [20.5, 11.75]  # A drops 3.75, B drops 7.5
    assert values(tevent, "EMGSB/C1")[:2] == [14.5, 8]  # A drops 1x1.5, B drops 1x3


def test_example_a_orders() -> None:
    """A and B tie on MP and GP: EDE (13.3.1) and every ESB put A first (it
    beat B 2-0 in MP); BC (12.1, lower better), TBR (12.2: board 1, 2 to
    2.5) and BBE (12.3: boards 1-2 4.5 each, then board 1) put B first;
    BH:MP and SSSC leave them tied (all-play-all)."""
    tevent = example(EXAMPLE_A)
    for text in ("EDE", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EGGSB/C1", "EMGSB/C1"):
        assert order(tevent, [text]) == "A B C D", text
    for text in ("BC", "TBR", "BBE"):
        assert order(tevent, [text]) == "B A C D", text
    assert order(tevent, ["MPvGP", "BH:MP", "SSSC"]) == "A=B C D"


def test_example_a_explanations_show_the_arithmetic() -> None:
    """explain gives the terms of each value (C.07 12.1, 13.2.4 with a cut, 13.4)."""
    tevent = example(EXAMPLE_A)
    result = team_standings(tevent, ["BC", "EGGSB/C1", "SSSC", "EDE", "TBR", "BBE"])
    bc, eggsb, sssc, ede, tbr, bbe = team_explain(tevent, 1, result)
    assert bc.summary == "1x2 + 2x2.5 + 3x1 = 10 (lower is better)"
    assert [row.contribution for row in bc.rows] == [1.5, 2.5, 1.5]
    assert eggsb.value == 20.5
    assert [(row.opponent, row.opponent_score, row.contribution) for row in eggsb.rows] == [
        (4, 2.5, 3.75),
        (2, 5.5, 13.75),
        (3, 4.5, 6.75),
    ]
    assert "cut" in eggsb.rows[0].note
    assert eggsb.summary.endswith("13.75 + 6.75 = 20.5")
    assert sssc.summary == "GP 5.5 + MP Buchholz 8 / 2 (factor computed (Art. 13.4)) = 9.5"
    # BC separated A and B before EDE: EDE, TBR and BBE found A alone; EDE
    # reports 0 for a team it separates from nobody, as FIDE's reference engine
    # does (C.07 13.3 gives EDE no value of its own; docs/standings.md)
    assert (ede.value, tbr.value, bbe.value) == (0.0, 1.0, 1.0)
    (tbr,) = team_explain(tevent, 1, team_standings(tevent, ["TBR"]))
    (bbe,) = team_explain(tevent, 1, team_standings(tevent, ["BBE"]))
    assert tbr.value == 2.0 and "board 1 2, board 2 2.5, board 3 1" in tbr.summary
    assert bbe.value == 2.0 and "boards 1-2 4.5, boards 1-1 2" in bbe.summary


# -- example B ----------------------------------------------------------------------


def test_example_b_values() -> None:
    """A and B: MP 5 and GP 5½ each, a 1½-1½ draw between them; the ESB
    family (13.2), BH (8.1 on MP and GP) and SSSC (13.4) leave them tied."""
    tevent = example(EXAMPLE_B)
    assert (tevent.mp, tevent.gp) == ([5, 5, 2, 0], [5.5, 5.5, 4, 3])
    assert values(tevent, "EMMSB")[:2] == [9, 9]
    assert values(tevent, "EMGSB")[:2] == [11.5, 11.5]
    assert values(tevent, "EGMSB")[:2] == [19.5, 19.5]
    assert values(tevent, "EGGSB")[:2] == [22.25, 22.25]
    assert values(tevent, "BH:MP")[:2] == [7, 7]
    assert values(tevent, "BH:GP")[:2] == [12.5, 12.5]
    assert values(tevent, "SSSC") == [9.0, 9.0, 9.0, 9.0]  # A 5.5 + 7/2
    assert values(tevent, "BC")[:2] == [11.5, 10.5]  # A 1.5 + 4 + 6, B 2 + 4 + 4.5


def test_example_b_board_tiebreaks_over_the_event() -> None:
    """Stand-alone, C.07 12.1-12.3 read the whole event: B first by BC (10.5
    lower), TBR (board 1: 2 to 1.5) and BBE (boards 1-2: 4 to 3.5); EDE
    (13.3.1) leaves A and B tied."""
    tevent = example(EXAMPLE_B)
    for text in ("BC", "TBR", "BBE"):
        assert order(tevent, [text]) == "B A C D", text
    assert order(tevent, ["EDE"]) == "A=B C D"


ENGINE = StandingsOptions()
TEXT_BC = StandingsOptions(ede_board_count_lower_first=True)
EVENT = StandingsOptions(ede_board_tiebreaks_scope="event")
EVENT_TEXT_BC = StandingsOptions(
    ede_board_tiebreaks_scope="event", ede_board_count_lower_first=True
)


@pytest.mark.parametrize(
    ("text", "options", "expected"),
    [
        # default (reference engine): Art. 12 on the direct match only
        ("EDET", ENGINE, "A B C D"),  # board 1 of the match: A 1, B 0
        ("EDEB", ENGINE, "A B C D"),  # boards 1-2: 1 and 1; board 1: 1 and 0
        ("EDEBT", ENGINE, "B A C D"),  # BC of the match: A 2.5, B 3.5, higher first
        ("EDEBB", ENGINE, "B A C D"),
        ("EDET", TEXT_BC, "A B C D"),
        ("EDEB", TEXT_BC, "A B C D"),
        ("EDEBT", TEXT_BC, "A B C D"),  # BC lower first (12.1's text): A 2.5
        ("EDEBB", TEXT_BC, "A B C D"),
        # Art. 12 over the whole event
        ("EDET", EVENT, "B A C D"),  # board 1: A 1.5, B 2
        ("EDEB", EVENT, "B A C D"),  # boards 1-2: A 3.5, B 4
        ("EDEBT", EVENT, "A B C D"),  # BC: A 11.5, B 10.5, higher first
        ("EDEBB", EVENT, "A B C D"),
        ("EDEBT", EVENT_TEXT_BC, "B A C D"),  # BC lower first: B 10.5
        ("EDEBB", EVENT_TEXT_BC, "B A C D"),
    ],
)
def test_example_b_ede_sequences(text: str, options: StandingsOptions, expected: str) -> None:
    """C.07 13.3.2 (named in the 2026 edition): EDE, then with exactly two
    teams still tied on MP and GP, BC then TBR (EDEBT), BC then BBE (EDEBB),
    TBR (EDET) or BBE (EDEB), under both readings of each open point."""
    assert order(example(EXAMPLE_B), [text], options) == expected


def test_example_b_ede_explanation() -> None:
    """The EDEBT working names the steps (C.07 13.3.2)."""
    tevent = example(EXAMPLE_B)
    result = team_standings(tevent, ["EDEBT"])
    (explained,) = team_explain(tevent, 1, result)
    assert explained.value == 2.0
    assert (
        explained.summary
        == "BC (direct encounter, higher first): team 1: 2.5, team 2: 3.5; place 2"
    )
    (row,) = explained.rows
    assert (row.round, row.opponent, row.result) == (2, 2, "=")


# -- example C: a team pairing-allocated bye ----------------------------------------


def example_c(scoring: TeamScoring | None = None) -> TeamResultsTable:
    return build_team_event(
        ["A", "B", "C"], 2, [[("A", "B", "1-0 1/2")]], byes={1: [("C", "pab")]}, scoring=scoring
    )


def test_example_c_pab_without_stated_points() -> None:
    """C.04.6 1.4: a PAB scores a drawn match, MP 1 and a draw on every board
    (GP 1); C.07 Art. 12: for BC it is a win on every board, 1x1 + 2x1 = 3."""
    tevent = example_c()
    assert (tevent.mp[2], tevent.gp[2]) == (1, 1)
    assert values(tevent, "BC") == [2, 1, 3]  # A 1x1 + 2x0.5; B 2x0.5
    assert values(tevent, "MPvGP")[2] == 1


def test_example_c_pab_with_stated_points() -> None:
    """The PAB's points as the event states them (TRF-2026 record 320, or the
    scoring): 1 MP and 2 GP (the reference engine's reading without a 320
    record), or 1 MP and 1 GP (``320  1.0  1.0``); BC stays 3 (C.07 Art. 12)."""
    engine = example_c(scoring=TeamScoring(pab_mp=1.0, pab_gp=2.0))
    assert (engine.mp[2], engine.gp[2]) == (1, 2)
    assert values(engine, "BC")[2] == 3
    built = example_c()
    pairing = TeamMatchPairing(white=1, black=2, white_lineup=(1, 2), black_lineup=(3, 4))
    bye = TeamBye(team=3, kind="pab", mp=1.0, gp=1.0)
    assert built.players is not None
    stated = team_event(built.setup, [TeamRound(matches=(pairing,), byes=(bye,))], built.players)
    assert (stated.mp[2], stated.gp[2]) == (1, 1)
    assert values(stated, "BC")[2] == 3


# -- further rules --------------------------------------------------------------------


def test_a_team_pab_is_not_cut_first() -> None:
    """C.07 Art. 16.5 cuts a voluntarily unplayed round first; a pairing-
    allocated bye is not one, though a team PAB scores a drawn match (less
    than a win). C (MP 5): PAB (dummy, own 5 x 1 MP) + A (3 x 2) + B (1 x 2);
    /C1 leaves out B, the opponent with the fewest MP (Art. 14.1): 11."""
    rounds = [[("A", "B", "1-0 1-0")], [("C", "A", "1-0 1-0")], [("C", "B", "1-0 1-0")]]
    byes = {1: [("C", "pab")], 2: [("B", "pab")], 3: [("A", "pab")]}
    tevent = build_team_event(["A", "B", "C"], 2, rounds, byes=byes, start=date(2025, 1, 1))
    assert tevent.mp == [3, 1, 5]
    assert values(tevent, "EMMSB/C1") == [3, 0, 11]  # A cuts B (1 MP), B its PAB (1)


def test_top_board_results_go_down_the_boards() -> None:
    """C.07 12.2: equal on board 1, board 2 decides; 12.3: boards 1-2 decide
    at once; 12.1: A 0.5 + 2x1 + 3x0.5 = 4, B 0.5 + 2x0.5 + 3x1 = 4.5."""
    tevent = build_team_event(
        TEAMS, 3, [[("A", "C", "1/2 1-0 1/2"), ("B", "D", "1/2 1/2 1-0")]], colours="WBW"
    )
    assert tevent.mp[:2] == [2, 2]
    assert values(tevent, "BC")[:2] == [4, 4.5]
    for text in ("TBR", "BBE", "BC"):
        assert order(tevent, [text]).startswith("A B"), text


def test_ede_not_all_met() -> None:
    """C.07 6.3 within EDE (13.3.1): A beat B and C, who never met; nobody
    can reach A whatever B-C would give, so A is first; B and C stay tied."""
    rounds = [
        [("A", "B", "1-0"), ("C", "D", "1-0"), ("E", "F", "1-0")],
        [("A", "C", "1-0"), ("B", "E", "1-0"), ("D", "F", "1-0")],
        [("E", "A", "1-0"), ("B", "D", "1-0"), ("C", "F", "1-0")],
    ]
    tevent = build_team_event(list("ABCDEF"), 1, rounds)
    assert tevent.mp[:3] == [4, 4, 4]
    ede = ExtendedDirectEncounter()
    table = team_tables(tevent)["MP"]
    assert ede.rank_group(table, parse_spec("EDE"), [0, 1, 2]) == [1, 2, 2]


def test_ede_repeated_meetings_are_averaged() -> None:
    """C.07 6.1.2: A and B met twice (a win and a loss each): 1 MP each on
    average; C.07 13.3.1 then tries GP (3½ of 6 each: still tied)."""
    rounds = [[("A", "B", "1-0 1/2 1/2")], [("B", "A", "1-0 1/2 1/2")]]
    tevent = build_team_event(["A", "B"], 3, rounds)
    result = team_standings(tevent, ["EDE"])
    (explained,) = team_explain(tevent, 1, result)
    assert explained.value == 0.0  # separated from nobody: 0, as the reference engine
    assert explained.summary == "{1, 2} still tied; place 1"
    assert len(explained.rows) == 2


#: A and B win their round-1 matches (2 MP each) and never meet: A by 2-0,
#: B by 1½-½ on two boards.
UNMET = [[("A", "C", "1-0 1-0"), ("B", "D", "1-0 1/2")]]


def test_ede_secondary_direct_encounter_by_default() -> None:
    """C.07 13.3.1, the reference engine's reading: "the secondary score" is
    the direct encounter on GP; A and B never met, and either could still be
    overtaken by the missing A-B match (Art. 6.3), so they stay tied, each
    valued 0 (separated from nobody, as the reference engine reports it)."""
    tevent = build_team_event(list("ABCD"), 2, UNMET)
    assert order(tevent, ["EDE"]) == "A=B C=D"
    result = team_standings(tevent, ["EDE"])
    assert [row.tiebreaks["EDE"] for row in result.rows] == [0.0, 0.0, 0.0, 0.0]


def test_ede_secondary_total_option() -> None:
    """``ede_secondary="total"``: the other reading of 13.3.1's "secondary
    score", the tied teams' GP totals (the score MPvGP reports, 13.1): A 2, B 1½."""
    tevent = build_team_event(list("ABCD"), 2, UNMET)
    totals = StandingsOptions(ede_secondary="total")
    assert order(tevent, ["EDE"], totals) == "A B D C"  # D ½ GP, C 0
    result = team_standings(tevent, ["EDE"], options=totals)
    assert [row.tiebreaks["EDE"] for row in result.rows[:2]] == [1.0, 2.0]
    (explained,) = team_explain(tevent, 1, result, options=totals)
    assert "GP totals of {1, 2}: team 1: 2, team 2: 1.5" in explained.summary


def test_ede_unseparated_place_option() -> None:
    """``ede_unseparated="place"``: a team EDE separates from nobody shows its
    place 1 (the value before 2026-12) instead of the reference engine's 0."""
    tevent = build_team_event(list("ABCD"), 2, UNMET)
    result = team_standings(tevent, ["EDE"], options=StandingsOptions(ede_unseparated="place"))
    assert [row.tiebreaks["EDE"] for row in result.rows] == [1.0, 1.0, 1.0, 1.0]


def test_mpvgp_when_game_points_rank() -> None:
    """C.07 13.1: with GP primary, MPvGP is the match points; SSSC's factor is
    then 3 rounds x 3 boards ÷ 2 MP → 4 (13.4)."""
    tevent = example(EXAMPLE_A)
    gp_first = attrs.evolve(
        tevent, setup=attrs.evolve(tevent.setup, scoring=TeamScoring(primary="GP"))
    )
    assert values(gp_first, "MPvGP") == [4, 4, 3, 1]
    sssc = ScoresScheduleStrength()
    assert sssc.factor(team_tables(gp_first)["GP"], parse_spec("SSSC")) == 4
    # A: MP 4 + GP Buchholz (2.5 + 5.5 + 4.5) / 4 = 7.125 -> 7.13 (2 decimals, half up)
    assert values(gp_first, "SSSC")[0] == 7.13


def test_sssc_factor() -> None:
    """C.07 13.4: 9 rounds, 4 boards, MP primary: 18 ÷ 4 → 4; /K5 gives it."""
    rounds = [[("A", "B", "1/2 1/2 1/2 1/2")] for _ in range(9)]
    tevent = build_team_event(["A", "B"], 4, rounds)
    sssc = ScoresScheduleStrength()
    table = team_tables(tevent)["MP"]
    assert sssc.factor(table, parse_spec("SSSC", "FPK")) == 4
    assert sssc.factor(table, parse_spec("SSSC/K5", "FPK")) == 5
    assert values(tevent, "SSSC") == [38.25, 38.25]  # GP 18 + BH 9 x 9 MP / 4
    assert values(tevent, "SSSC/K5") == [34.2, 34.2]  # 18 + 81 / 5


def test_team_tiebreaks_refuse_an_individual_event() -> None:
    """A team tie-break needs teams: one clear error, never a traceback."""
    b = ResultsTableBuilder(["Ann", "Ben"], rounds=1)
    b.game(1, 1, 2, "1-0")
    event = b.build()
    with pytest.raises(CaddyError, match="ranks teams"):
        standings(event, ["EDE"])
    table = build_table(event)
    for name in ("BC", "TBR", "BBE", "MPVGP", "EMGSB", "EDEBT", "SSSC"):
        plugin = get_host().tiebreaks().get(name)
        with pytest.raises(CaddyError, match=f"tie-break '{name}' ranks teams"):
            plugin.compute(table, parse_spec(name))


def test_sssc_refuses_a_zero_factor() -> None:
    """C.07 13.4 divides by the factor: /K0 is one clear error."""
    with pytest.raises(CaddyError, match="above 0"):
        values(example(EXAMPLE_A), "SSSC/K0")


# -- properties -----------------------------------------------------------------------

#: Every team tie-break text the properties check.
ALL = (
    "BC", "TBR", "BBE", "MPvGP", "EMMSB", "EMGSB/C1/P", "EGMSB/C1", "EGGSB/P",
    "EDE/P", "EDEBT", "EDEBB", "EDET", "EDEB", "SSSC", "SSSC/F/P", "BH:MP", "PS:GP",
)  # fmt: skip
PROPERTY = settings(max_examples=8, deadline=None, derandomize=True, database=None)


@PROPERTY
@given(small_team_events())
def test_match_points_sum_to_two_per_match(drawn: DrawnTeamEvent) -> None:
    """C.07 11.1 with 2-1-0: a match played, or forfeited by one team, gives
    2 MP in all; the drawn events have no board left unscored, so a played
    match always has a winner of GP or a draw."""
    tevent = drawn.build()
    for t, row in enumerate(tevent.results):
        for r, result in enumerate(row):
            if result.opponent is None:
                continue
            other = tevent.results[result.opponent - 1][r]
            assert other.opponent == t + 1
            total = result.mp + other.mp
            assert total == (0 if result.code == other.code == "-" else 2), (t, r)
            if result.played:
                assert result.gp + other.gp == tevent.setup.boards


@PROPERTY
@given(
    small_team_events().flatmap(
        lambda drawn: st.tuples(st.just(drawn), st.permutations(range(len(drawn.teams))))
    )
)
def test_relabelling_teams_changes_no_value(pair: tuple[DrawnTeamEvent, list[int]]) -> None:
    """Other names and another order of the teams (other team numbers): each
    team keeps every tie-break value and its rank (C.07 Arts. 12-13 read the
    results, never the team numbers; only TPN, Art. 7.8, would)."""
    drawn, permutation = pair
    rename = {name: f"X{permutation[k]}" for k, name in enumerate(drawn.teams)}
    renamed = DrawnTeamEvent(
        teams=tuple(sorted(rename.values())),
        boards=drawn.boards,
        rounds=tuple(tuple((rename[a], rename[b], text) for a, b, text in m) for m in drawn.rounds),
        byes=tuple((r, tuple((rename[t], kind) for t, kind in b)) for r, b in drawn.byes),
        pre_determined=drawn.pre_determined,
    )
    for text in ALL:
        before = team_standings(drawn.build(), [text])
        after = {row.name: row for row in team_standings(renamed.build(), [text]).rows}
        for row in before.rows:
            moved = after[rename[row.name]]
            assert moved.tiebreaks == row.tiebreaks, (text, row.name)
            assert moved.rank == row.rank, (text, row.name)


@PROPERTY
@given(small_team_events())
def test_values_are_deterministic(drawn: DrawnTeamEvent) -> None:
    """The same event built twice gives the same standings, every tie-break
    of C.07 Arts. 12-13 at once (a drawing of lots, Art. 4.2, is not asked)."""
    first = team_standings(drawn.build(), list(ALL))
    assert team_standings(drawn.build(), list(ALL)) == first
