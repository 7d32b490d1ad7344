"""A team event's MP and GP totals (FIDE Handbook C.07 Art. 11.1: the sum of
a team's match points, of its game points) are summed once per
:class:`caddy.model.team_results.TeamResultsTable` and handed out as new
lists (issue 31 item 5: the standings, MPvGP and the exports read them),
so a caller that changes one changes nothing else. Event: FIDE TEC's team
sample (``tests/data/trf``, SOURCES.md)."""

from __future__ import annotations

from pathlib import Path

from caddy.event import replay
from caddy.event.teams import state_team_event
from caddy.plugins.lookup import get_codec

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
