"""A team event's MP and GP totals (FIDE Handbook C.07 Art. 11.1: the sum of
a team's match points, of its game points) are summed once per
:class:`caddy.model.team_results.TeamResultsTable` and handed out as new
lists (issue 31 item 5: the standings, MPvGP and the exports read them),
so a caller that changes one changes nothing else. Event: FIDE TEC's team
sample (``tests/data/trf``, SOURCES.md)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from caddy.contracts.team_tiebreak_table import TeamTieBreakTable
from caddy.event import replay
from caddy.event.teams import state_team_event
from caddy.model.results import ResultsTable
from caddy.plugins.lookup import get_codec
from caddy_plugins.tiebreaks.team_common import score_points

SAMPLE = Path(__file__).parent / "data" / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf"


def test_totals_are_the_rows_sums_handed_out_as_new_lists() -> None:
    event = get_codec("trf").read(SAMPLE.read_bytes(), source=str(SAMPLE)).event
    tevent = state_team_event(replay(event))
    expected_mp = [sum(result.mp for result in row) for row in tevent.results]
    expected_gp = [sum(result.gp for result in row) for row in tevent.results]
    # team 1, India: its record 310 in the file (line 288) states 15.0 MP, 28.0 GP
    assert (expected_mp[0], expected_gp[0]) == (15.0, 28.0)
    for kind, expected in (("MP", expected_mp), ("GP", expected_gp)):
        first = tevent.score(kind)
        assert type(first) is list and first == expected
        first[0] = -1.0  # the caller's own list
        again = tevent.score(kind)
        assert again == expected and again is not first
    assert tevent.mp == expected_mp and tevent.gp == expected_gp


def test_a_team_rating_from_its_players_without_the_players_table() -> None:
    """A team with no rating of its own is rated by the average of its top
    boards' players (``TeamResultsTable.rating``); the fold of the boards
    reads their ratings when first asked for, not by building the players'
    table (issue 31 item 5: standings that read no rating never build it).
    Team 1 of the sample, India: its members' ratings in records 001."""
    event = get_codec("trf").read(SAMPLE.read_bytes(), source=str(SAMPLE)).event
    tevent = state_team_event(replay(event))
    team = tevent.setup.teams[0]
    players = event.tournament.players
    top = [players[p - 1].rating for p in team.members[: tevent.setup.boards]]
    assert None not in top
    expected = round(sum(r for r in top if r is not None) / len(top))

    def no_players_table() -> ResultsTable:
        raise AssertionError("the players' table was built to read a rating")

    unrated = attrs.evolve(
        tevent.setup, teams=(attrs.evolve(team, rating=None), *tevent.setup.teams[1:])
    )
    folded = attrs.evolve(tevent, setup=unrated, load_players=no_players_table)
    assert folded.rating(0) == expected
    assert tevent.rating(0) == team.rating  # as given


def test_the_team_tiebreaks_read_the_points_the_totals_are_summed_from() -> None:
    """EMGSB's own factor and EDE's secondary score read each team's game
    points per round (C.07 Arts. 13.2, 13.3) from the lists the GP totals
    are summed from, made once per team event."""
    event = get_codec("trf").read(SAMPLE.read_bytes(), source=str(SAMPLE)).event
    tevent = state_team_event(replay(event))
    table = TeamTieBreakTable(tevent, "MP", edition=None, pre_determined=False)
    points = score_points(table, "GP")
    assert points is tevent.points("GP")
    assert points == tuple(tuple(result.gp for result in row) for row in tevent.results)
    assert tevent.gp == list(map(sum, points))
    # team 1, India: 28.0 GP (its record 310, line 288), 2.0 from its boards in round 1
    assert (points[0][0], tevent.gp[0]) == (2.0, 28.0)


def test_the_points_per_round_cannot_be_changed_by_a_caller() -> None:
    """They are shared by every ranking of the event (review: a caller adding
    100 to one round changed the next ranking's EMGSB): tuples, and only MP or GP."""
    event = get_codec("trf").read(SAMPLE.read_bytes(), source=str(SAMPLE)).event
    tevent = state_team_event(replay(event))
    points = tevent.points("GP")
    assert isinstance(points, tuple) and all(isinstance(row, tuple) for row in points)
    with pytest.raises(ValueError, match="MP or GP, not 'mp'"):
        tevent.points("mp")
