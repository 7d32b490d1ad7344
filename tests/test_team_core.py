"""The team layer of an event (caddy.model.teams, caddy.model.team_results): match
points and game points by FIDE Handbook C.07 Art. 11 and C.04.6 Art. 1, line-ups,
forfeited boards and matches, team byes, and the event file round trip."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.errors import CaddyError, RulesError
from caddy.event import PairRound, replay
from caddy.event.store import dumps, loads
from caddy.event.teams import state_team_event
from caddy.model.teams import LineUp, TeamMatchPairing, TeamRound, TeamScoring, TeamSetup
from caddy.testing.drawing import suite_settings
from caddy.testing.teams import build_team_event, build_team_file

#: TEAMS worked example A (4 teams x 3 boards, first-named team White on boards 1 and 3).
EXAMPLE_A = [
    [("A", "D", "1-0 1/2 0-1"), ("B", "C", "1-0 1-0 0-1")],
    [("D", "C", "0-1 1/2 1/2"), ("A", "B", "1/2 1-0 1-0")],
    [("B", "D", "1-0 1-0 1-0"), ("C", "A", "1/2 0-1 1-0")],
]


def test_match_and_game_points_c07_11_1() -> None:
    """C.07 Art. 11.1: GP = the board results, MP 2/1/0 by comparing GP."""
    tevent = build_team_event(list("ABCD"), 3, EXAMPLE_A)
    assert tevent.mp == [4.0, 4.0, 3.0, 1.0]
    assert tevent.gp == [5.5, 5.5, 4.5, 2.5]
    a_round_3 = tevent.results[0][2]
    assert (a_round_3.opponent, a_round_3.colour, a_round_3.code) == (3, "b", "=")
    assert a_round_3.boards == (0.5, 1.0, 0.0)
    assert tevent.results[1][1].board_codes == ("=", "0", "0")


def test_match_points_by_the_event() -> None:
    """C.07 Art. 11.1: the event may give other match points (3/1/0 here)."""
    tevent = build_team_event(
        list("ABCD"), 3, EXAMPLE_A, scoring=TeamScoring(win=3.0, draw=1.0, loss=0.0)
    )
    assert tevent.mp == [5.0, 6.0, 4.0, 1.0]


def test_pab_is_a_drawn_match_unless_stated_c04_6_1_4() -> None:
    """C.04.6 1.4: a PAB scores a draw's MP and GP unless the rules say otherwise
    (TRF-2026 record 320 states them); C.07 Art. 12: a win on every board."""
    rounds = [[("A", "B", "1-0 1/2")]]
    tevent = build_team_event(list("ABC"), 2, rounds, byes={1: [("C", "pab")]})
    c = tevent.results[2][0]
    assert (c.kind, c.code, c.mp, c.gp, c.boards) == ("pab", "U", 1.0, 1.0, (1.0, 1.0))
    stated = build_team_event(
        list("ABC"),
        2,
        rounds,
        byes={1: [("C", "pab")]},
        scoring=TeamScoring(pab_mp=1.0, pab_gp=2.0),
    )
    assert (stated.mp[2], stated.gp[2]) == (1.0, 2.0)


def test_requested_byes() -> None:
    """Requested team byes: full = a won match, half = a drawn one, zero = nothing."""
    rounds = [[("A", "B", "1-0 1-0")]]
    byes = {1: [("C", "full"), ("D", "half"), ("E", "zero")]}
    tevent = build_team_event(list("ABCDE"), 2, rounds, byes=byes)
    assert [(r[0].mp, r[0].gp) for r in tevent.results[2:]] == [(2.0, 2.0), (1.0, 1.0), (0.0, 0.0)]
    assert [r[0].code for r in tevent.results[2:]] == ["F", "H", "Z"]


def test_forfeited_match() -> None:
    """A whole team absent (TRF-2026 record 330): the other wins on every board;
    no colour, not a game; a double forfeit is lost by both."""
    tevent = build_team_event(list("ABCD"), 4, [[("A", "B", "+-"), ("C", "D", "--")]])
    a, b, c, d = (row[0] for row in tevent.results)
    assert (a.kind, a.code, a.mp, a.gp, a.colour, a.played) == (
        "forfeit-win",
        "+",
        2.0,
        4.0,
        None,
        False,
    )
    assert (b.kind, b.code, b.mp, b.gp) == ("forfeit-loss", "-", 0.0, 0.0)
    assert (c.mp, c.gp, d.mp, d.gp) == (0.0, 0.0, 0.0, 0.0)


def test_forfeited_board_counts_in_game_points() -> None:
    """A player who does not appear loses the board by forfeit, counted in GP."""
    tevent = build_team_event(list("AB"), 4, [[("A", "B", "+- 1/2 0-1 1/2")]])
    assert tevent.gp == [2.0, 2.0] and tevent.mp == [1.0, 1.0]
    assert tevent.results[0][0].board_codes == ("+", "=", "0", "=")


def test_nobody_scored_both_lose() -> None:
    """Every board double-forfeited: 0-0 in GP is lost by both (FIDE's reference engine)."""
    tevent = build_team_event(list("AB"), 2, [[("A", "B", "-- --")]])
    assert tevent.mp == [0.0, 0.0]


def test_an_empty_board_is_a_forfeit_win_for_the_player_facing_it() -> None:
    event = build_team_file(list("AB"), 2, [])
    setup = event.tournament.teams
    assert setup is not None
    team_round = TeamRound(
        matches=(TeamMatchPairing(white=1, black=2, white_lineup=(1, 2), black_lineup=(3, 0)),)
    )
    white, black, where = team_round.games(setup.board_colours())
    assert (white, black, where) == ((1,), (3,), [(1, 1)])
    event = event.with_operation(PairRound(round=1, white=white, black=black, teams=team_round))
    state = replay(event)
    assert state.rounds[0].byes == {2: "forfeit-win"}
    from caddy.event import RecordResult

    event = event.with_operation(RecordResult(round=1, board=1, result="1/2"))
    tevent = state_team_event(replay(event))
    assert tevent.gp == [1.5, 0.5] and tevent.mp == [2.0, 0.0]
    assert team_round.board_index(1, 1) == 1
    with pytest.raises(CaddyError, match="left empty"):
        team_round.board_index(1, 2)


def test_boards_must_be_the_line_ups_games() -> None:
    event = build_team_file(list("AB"), 2, [])
    team_round = TeamRound(
        matches=(TeamMatchPairing(white=1, black=2, white_lineup=(1, 2), black_lineup=(3, 4)),)
    )
    with pytest.raises(RulesError, match="do not match the team matches"):
        event.with_operation(PairRound(round=1, white=(1, 2), black=(3, 4), teams=team_round))
    three = build_team_file(list("ABC"), 2, [])
    stranger = TeamRound(
        matches=(TeamMatchPairing(white=1, black=2, white_lineup=(1, 5), black_lineup=(3, 4)),)
    )
    with pytest.raises(RulesError, match="player 5 is not a member of team 1"):
        three.with_operation(PairRound(round=1, white=(1, 4), black=(3, 5), teams=stranger))


def test_lineup_ahead_of_the_round() -> None:
    event = build_team_file(list("AB"), 2, [], reserves=1)
    event = event.with_operation(LineUp(round=1, team=1, players=(1, 3)))
    assert replay(event).lineups == {1: {1: (1, 3)}}
    with pytest.raises(RulesError, match="player 4 is not a member of team 1"):
        event.with_operation(LineUp(round=1, team=1, players=(1, 4)))
    with pytest.raises(RulesError, match="names 2 boards"):
        event.with_operation(LineUp(round=1, team=1, players=(1,)))
    played = build_team_file(list("AB"), 2, [[("A", "B", "1-0 0-1")]], reserves=1)
    with pytest.raises(RulesError, match="paired already"):
        played.with_operation(LineUp(round=1, team=2, players=(4, 6)))


def test_team_setup_is_checked_on_load(tmp_path: Path) -> None:
    event = build_team_file(list("AB"), 2, [])
    bad = attrs.evolve(
        event.tournament,
        teams=TeamSetup(teams=event.tournament.teams.teams, boards=2, colours="WBW"),  # type: ignore[union-attr]
    )
    raw = dumps(attrs.evolve(event, tournament=bad))
    with pytest.raises(CaddyError, match="teams: board colours 'WBW'"):
        loads(raw)


def test_json_round_trip_is_identity() -> None:
    """A team event written and read back is the same event (docs/json.md)."""
    event = build_team_file(
        list("ABCD"), 3, [*EXAMPLE_A[:2], [("B", "D", "+-"), ("C", "A", "1/2 0-1 1-0")]]
    )
    event = event.with_operation(LineUp(round=4, team=1, players=(1, 2, 3)))
    assert loads(dumps(event)) == event
    assert dumps(loads(dumps(event))) == dumps(event)


@st.composite
def _team_events(draw: st.DrawFn) -> tuple[list[str], list[list[tuple[str, str, str]]]]:
    teams = [f"T{k}" for k in range(draw(st.integers(2, 5)))]
    rounds = []
    for _ in range(draw(st.integers(1, 3))):
        order = draw(st.permutations(teams))
        matches = []
        for a, b in zip(order[::2], order[1::2], strict=False):
            if draw(st.integers(0, 9)) == 0:
                matches.append((a, b, draw(st.sampled_from(["+-", "-+", "--"]))))
            else:
                words = draw(
                    st.lists(
                        st.sampled_from(["1-0", "0-1", "1/2", "+-", "-+"]), min_size=2, max_size=2
                    )
                )
                matches.append((a, b, " ".join(words)))
        rounds.append(matches)
    return teams, rounds


@suite_settings(max_examples=25, shrink=True)
@given(_team_events())
def test_match_points_sum_to_two_per_match_played(
    drawn: tuple[list[str], list[list[tuple[str, str, str]]]],
) -> None:
    """C.07 Art. 11.1 with 2/1/0: a match played gives 2 MP in all (won + lost,
    or drawn + drawn) unless neither team scored."""
    teams, rounds = drawn
    tevent = build_team_event(teams, 2, rounds)
    for r in range(tevent.rounds):
        for t, row in enumerate(tevent.results):
            res = row[r]
            if res.opponent is not None and res.opponent > t + 1 and res.kind == "played":
                other = tevent.results[res.opponent - 1][r]
                total = res.mp + other.mp
                assert total == 2.0 or (res.gp == other.gp == 0 and total == 0)


@suite_settings(max_examples=25, shrink=True)
@given(_team_events(), st.randoms(use_true_random=False))
def test_relabelling_teams_changes_no_score(
    drawn: tuple[list[str], list[list[tuple[str, str, str]]]], rng: object
) -> None:
    """Numbering the teams another way gives every team the MP and GP it had."""
    teams, rounds = drawn
    shuffled = list(teams)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    first = build_team_event(teams, 2, rounds)
    second = build_team_event(shuffled, 2, rounds)
    by_name = {t.name: (first.mp[i], first.gp[i]) for i, t in enumerate(first.setup.teams)}
    assert {
        t.name: (second.mp[i], second.gp[i]) for i, t in enumerate(second.setup.teams)
    } == by_name
