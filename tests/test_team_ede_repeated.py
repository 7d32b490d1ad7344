"""EDE (FIDE Handbook C.07 Art. 13.3) when some pairs met twice and others once:
each pair's meetings are averaged (C.07 Art. 6.1.2) before a member's points
against the others are summed (review of the team standings' speed work: a
sum instead of the average, and a met count taken from the pairs of an earlier
tied group, passed every other test).

Four teams of one board, a round robin and then round 4 of a second cycle
(A-B and C-D again); every team has 4 match points (win 2, draw 1):

====== ============ ============ ============ ============
round  A            B            C            D
====== ============ ============ ============ ============
1      beats B      lost to A    draws D      draws C
2      lost to C    draws D      beats A      draws B
3      draws D      beats C      lost to B    draws A
4      draws B      draws A      draws D      draws C
====== ============ ============ ============ ============

Among all four, each pair's match points averaged over its meetings:
A: (2 + 1) / 2 against B, 0 against C, 1 against D = 2.5;
B: (0 + 1) / 2 + 2 + 1 = 3.5; C: 2 + 0 + (1 + 1) / 2 = 3; D: 1 + 1 + 1 = 3.
So B first, C and D tied (EDE between them: 1 each, still tied), A last.
Summing instead of averaging would give all four 4: a tie of four.
"""

from __future__ import annotations

import pytest

from caddy.model.team_results import TeamResultsTable
from caddy.standings.teams import team_standings
from caddy.testing.teams import build_team_event

ROUNDS = [
    [("A", "B", "1-0"), ("C", "D", "1/2")],
    [("A", "C", "0-1"), ("B", "D", "1/2")],
    [("A", "D", "1/2"), ("B", "C", "1-0")],
    [("A", "B", "1/2"), ("C", "D", "1/2")],
]


def _event() -> TeamResultsTable:
    return build_team_event(["A", "B", "C", "D"], 1, ROUNDS)


@pytest.mark.parametrize("name", ["EDE", "EDET"])
def test_repeated_meetings_are_averaged(name: str) -> None:
    rows = team_standings(_event(), [name]).rows
    assert [(r.rank, r.pairing_number, r.match_points) for r in rows] == [
        (1, 2, 4.0),
        (2, 3, 4.0),
        (2, 4, 4.0),
        (4, 1, 4.0),
    ]
    assert [r.tiebreaks[name] for r in rows] == [1.0, 2.0, 2.0, 4.0]


def test_a_second_ranking_on_the_same_table_ranks_alike() -> None:
    """The pairs' averages are kept with the table: ranking it twice, or with a
    second tie-break after EDE, changes nothing."""
    event = _event()
    first = team_standings(event, ["EDET"]).rows
    again = team_standings(event, ["EDET", "BH:MP"]).rows
    assert [(r.rank, r.pairing_number, r.tiebreaks["EDET"]) for r in first] == [
        (r.rank, r.pairing_number, r.tiebreaks["EDET"]) for r in again
    ]
