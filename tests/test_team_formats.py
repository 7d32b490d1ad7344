"""Team formats: ``team-round-robin`` (FIDE Handbook C.05 Annex 1 Berger
tables with team numbers; C.04.6 1.6.1 board colours) and
``team-scheveningen`` (each round one team match; C.07 Art. 11 scoring)."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts import Format, PairingRequest, TeamPairingContext
from caddy.event.replay import replay
from caddy.event.teams import state_team_event
from caddy.model.schedule import Round
from caddy.model.team_results import TeamResultsTable
from caddy.model.teams import Team, TeamSetup
from caddy.plugins.host import get_host
from caddy.testing import FormatContract
from caddy.testing.formats import ColourPromise
from caddy.testing.teams import play_team_event
from caddy_plugins.formats.scheveningen import Scheveningen, ScheveningenOptions
from caddy_plugins.formats.team_round_robin import TeamRoundRobin, TeamRoundRobinOptions
from caddy_plugins.formats.team_scheveningen import TeamScheveningen, TeamScheveningenOptions


def even_teams(players: int, teams: int) -> TeamSetup:
    """``teams`` teams of the players in order, sizes as even as possible."""
    size, extra = divmod(players, teams)
    members: list[tuple[int, ...]] = []
    start = 1
    for t in range(teams):
        count = size + (1 if t < extra else 0)
        members.append(tuple(range(start, start + count)))
        start += count
    return tuple(Team(name=f"T{t}", members=m) for t, m in enumerate(members, 1))  # type: ignore[return-value]


class TestTeamRoundRobinContract(FormatContract):
    format_name = "team-round-robin"
    sizes = (4, 6, 7, 10, 12)
    option_sets = ({"boards": 2}, {"boards": 2, "cycles": 2}, {"boards": 1, "teams": 3})
    colours: ClassVar[ColourPromise | None] = ColourPromise(max_difference=1)

    def team_setup(self, fmt: Format, players: int, options: Any) -> TeamSetup | None:
        teams = options.teams or players // options.boards
        return TeamSetup(teams=even_teams(players, teams), boards=options.boards)  # type: ignore[arg-type]

    def team_meetings(self, fmt: Format, setup: TeamSetup, options: Any) -> int | None:
        return int(options.cycles)


class TestTeamScheveningenContract(FormatContract):
    format_name = "team-scheveningen"
    sizes = (6, 7, 8, 10)
    option_sets = ({}, {"cycles": 2}, {"boards": 3, "primary": "MP"})
    colours: ClassVar[ColourPromise | None] = ColourPromise(max_difference=1, max_run=2)

    def team_setup(self, fmt: Format, players: int, options: Any) -> TeamSetup | None:
        k = options.boards or players // 2
        return TeamSetup(teams=even_teams(players, 2), boards=k)  # type: ignore[arg-type]

    def team_meetings(self, fmt: Format, setup: TeamSetup, options: Any) -> int | None:
        return int(setup.boards * options.cycles)


class TestTeamSwissContract(FormatContract):
    """The team Swiss (FIDE Handbook C.04.6) through the same play-through: no
    team meets another twice ([C1]), no team plays twice in a round, the
    boards are the matches' games. Colour limits do not apply to teams
    (C.04.6: C.04.1 rules 6-7 never apply), so no colour promise."""

    format_name = "team-swiss"
    sizes = (10, 14, 16)
    option_sets = (
        {"rounds": 3, "boards": 2},
        {"rounds": 4, "boards": 2, "colour_preference": "none"},
    )
    colours: ClassVar[ColourPromise | None] = None

    def team_setup(self, fmt: Format, players: int, options: Any) -> TeamSetup | None:
        return TeamSetup(teams=even_teams(players, players // 2), boards=options.boards)  # type: ignore[arg-type]

    def team_meetings(self, fmt: Format, setup: TeamSetup, options: Any) -> int | None:
        return None


# -- the Berger table with team numbers ----------------------------------------

#: FIDE Handbook C.05 Annex 1, Berger table for 5 or 6 players, rounds 1-5
#: (first-named = White on board 1).
FIDE_SIX = (
    ((1, 6), (2, 5), (3, 4)),
    ((6, 4), (5, 3), (1, 2)),
    ((2, 6), (3, 1), (4, 5)),
    ((6, 5), (1, 4), (2, 3)),
    ((3, 6), (4, 2), (5, 1)),
)


def request(setup: TeamSetup, number: int, options: Any, **context: Any) -> PairingRequest:
    """A request for round ``number`` with only the teams (the round robin needs no history)."""
    history = TeamResultsTable(setup=setup, rounds=0, results=((),) * len(setup.teams))
    return PairingRequest(
        round=number,
        planned_rounds=0,
        players=(),
        options=options,
        teams=TeamPairingContext(setup=setup, history=history, **context),
    )


def rounds_of(setup: TeamSetup, options: Any) -> list[Round]:
    fmt = TeamRoundRobin()
    out: list[Round] = []
    while (rnd := fmt.next_round(request(setup, len(out) + 1, options))) is not None:
        out.append(rnd)
    return out


def four_boards(teams: int, reserves: int = 0) -> TeamSetup:
    size = 4 + reserves
    return TeamSetup(
        teams=tuple(
            Team(name=f"T{t}", members=tuple(range((t - 1) * size + 1, t * size + 1)))
            for t in range(1, teams + 1)
        ),
        boards=4,
    )


def test_six_teams_meet_as_the_fide_berger_table_says() -> None:
    rounds = rounds_of(four_boards(6), TeamRoundRobinOptions(teams=6))
    assert [tuple((m.white, m.black) for m in r.teams.matches) for r in rounds if r.teams] == list(
        FIDE_SIX
    )


def test_first_named_team_has_white_on_board_one_and_wbwb() -> None:
    """C.04.6 1.6.1: the first-named team has White on board 1, then the event's pattern."""
    setup = four_boards(6)
    rnd = rounds_of(setup, TeamRoundRobinOptions())[1]  # round 2: 6-4 5-3 1-2
    # team 6 (players 21-24) against team 4 (13-16): 6 White on boards 1 and 3
    assert rnd.white[:4] == (21, 14, 23, 16)
    assert rnd.black[:4] == (13, 22, 15, 24)
    assert rnd.teams is not None
    assert rnd.teams.board_index(3, 2) == 10  # match 3 (1-2), board 2: the round's 10th board
    other = attrs.evolve(setup, colours="WWBB")
    again = TeamRoundRobin().next_round(request(other, 2, TeamRoundRobinOptions()))
    assert again is not None and again.white[:4] == (21, 22, 15, 16)


def test_lineup_given_ahead_and_absent_team() -> None:
    setup = four_boards(6, reserves=1)  # team 1 is players 1-5, player 5 a reserve
    options = TeamRoundRobinOptions()
    rnd = TeamRoundRobin().next_round(
        request(setup, 2, options, lineups={1: (1, 2, 5, 0)}, absent={4: "zero"})
    )
    assert rnd is not None and rnd.teams is not None
    one_two, six_four = rnd.teams.matches[2], rnd.teams.matches[0]
    assert one_two.white_lineup == (1, 2, 5, 0) and one_two.forfeit == ""
    assert (six_four.white, six_four.black, six_four.forfeit) == (6, 4, "+-")
    # the forfeited match has no games, the empty board neither: 2 x 4 - 1 boards
    assert len(rnd.white) == 7


def test_odd_number_of_teams_rests_one_team_a_round() -> None:
    rounds = rounds_of(four_boards(5), TeamRoundRobinOptions())
    rest = [({1, 2, 3, 4, 5} - set(r.teams.teams())).pop() for r in rounds if r.teams is not None]
    assert rest == [1, 4, 2, 5, 3]  # whoever meets the phantom 6 in FIDE_SIX
    assert all(not r.teams.byes for r in rounds if r.teams is not None)


def runs(colours: list[str]) -> int:
    longest = run = 0
    for i, c in enumerate(colours):
        run = run + 1 if i and colours[i - 1] == c else 1
        longest = max(longest, run)
    return longest


@settings(max_examples=12, deadline=None)
@given(
    teams=st.integers(2, 7),
    cycles=st.sampled_from((1, 2)),
    boards=st.integers(1, 3),
    seed=st.integers(0, 10**6),
)
def test_team_round_robin_property(teams: int, cycles: int, boards: int, seed: int) -> None:
    """Every pair of teams meets once per cycle; each team's board-1 colours keep the
    C.05 Annex 1 Berger table's balance (Whites and Blacks within one, never three
    alike in a row, also across a double's seam with FIDE's swap); with 2/1/0 match
    points every match played hands out 2 MP (C.07 Art. 11)."""
    setup = TeamSetup(teams=even_teams(teams * boards, teams), boards=boards)  # type: ignore[arg-type]
    fmt = get_host().formats().get("team-round-robin")
    options = TeamRoundRobinOptions(cycles=cycles, teams=teams, boards=boards)
    event, played = play_team_event(fmt, teams * boards, options, seed, setup)
    met: Counter[tuple[int, int]] = Counter()
    board_one: dict[int, list[str]] = {t: [] for t in range(1, teams + 1)}
    for record in played:
        assert record.round.teams is not None
        for m in record.round.teams.matches:
            met[(min(m.white, m.black), max(m.white, m.black))] += 1
            board_one[m.white].append("W")
            board_one[m.black].append("B")
    assert set(met.values()) == {cycles} and len(met) == teams * (teams - 1) // 2
    for colours in board_one.values():
        assert abs(colours.count("W") - colours.count("B")) <= 1
        assert runs(colours) <= 2
    tevent = state_team_event(replay(event))
    assert tevent.pre_determined
    for t, row in enumerate(tevent.results, 1):
        for r, result in enumerate(row):
            if result.opponent is not None:
                other = tevent.results[result.opponent - 1][r]
                assert result.mp + other.mp == 2, (t, r)
            else:
                assert result.kind == "zero" and teams % 2 == 1  # the rest round


def test_team_arithmetic() -> None:
    """Per cycle: teams − 1 rounds (even), teams (odd); games = matches × boards."""
    fmt = TeamRoundRobin()
    six = fmt.arithmetic(26, TeamRoundRobinOptions(boards=4))  # 6 teams, 2 reserves
    assert (six.rounds, six.games, six.boards, six.games_per_player, six.byes_per_round) == (
        5,
        60,
        12,
        5,
        2,
    )
    five = fmt.arithmetic(20, TeamRoundRobinOptions(boards=4, cycles=2))
    assert (five.rounds, five.games, five.boards, five.byes_per_round) == (10, 80, 8, 4)
    duel = TeamScheveningen().arithmetic(9, TeamScheveningenOptions(boards=4))
    assert (duel.rounds, duel.games, duel.boards, duel.byes_per_round) == (4, 16, 4, 1)


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("cycles", [1, 2])
def test_team_scheveningen_plays_the_scheveningen_table(k: int, cycles: int) -> None:
    """With the default line-ups (team A players 1..k, team B k+1..2k) each round's
    boards are the ``scheveningen`` format's round, board by board."""
    setup = TeamSetup(teams=even_teams(2 * k, 2), boards=k)  # type: ignore[arg-type]
    options = TeamScheveningenOptions(cycles=cycles)
    table = Scheveningen().schedule(2 * k, ScheveningenOptions(cycles=cycles))
    fmt = TeamScheveningen()
    for expected in table.rounds:
        rnd = fmt.next_round(request(setup, expected.number, options))
        assert rnd is not None and rnd.teams is not None
        assert (rnd.white, rnd.black) == (expected.white, expected.black)
        (match,) = rnd.teams.matches
        assert match.colours[0] == "W"
        assert (match.white == 1) == (expected.white[0] <= k)  # first-named: White on board 1
    assert fmt.next_round(request(setup, len(table.rounds) + 1, options)) is None


@pytest.mark.parametrize("k", [6, 10])
def test_team_scheveningen_default_gives_each_team_k_half_whites(k: int) -> None:
    """Issue 24 item 3: a team Scheveningen on 6 or 10 boards plays the
    published table by default (Wikipedia "Scheveningen system", Standard
    Scheveningen Tables; O. Milvang, FIDE TEC, 2022), each team White on k/2
    boards every round."""
    setup = TeamSetup(teams=even_teams(2 * k, 2), boards=k)  # type: ignore[arg-type]
    fmt = TeamScheveningen()
    for number in range(1, k + 1):
        rnd = fmt.next_round(request(setup, number, TeamScheveningenOptions()))
        assert rnd is not None
        assert sum(1 for w in rnd.white if w <= k) == k // 2, number


def test_team_scheveningen_reserve_takes_a_slot() -> None:
    """A line-up's position j is slot j: the reserve on slot 2 plays slot 2's games."""
    setup = TeamSetup(
        teams=(Team(name="A", members=(1, 2, 3, 7)), Team(name="B", members=(4, 5, 6))),
        boards=3,
    )
    plain = TeamScheveningen().next_round(request(setup, 2, TeamScheveningenOptions()))
    subbed = TeamScheveningen().next_round(
        request(setup, 2, TeamScheveningenOptions(), lineups={1: (1, 7, 3)})
    )
    assert plain is not None and subbed is not None
    swap = {2: 7}
    assert subbed.white == tuple(swap.get(p, p) for p in plain.white)
    assert subbed.black == tuple(swap.get(p, p) for p in plain.black)
