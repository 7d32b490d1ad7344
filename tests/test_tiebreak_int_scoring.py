"""Whole-number scoring given through the API ranks as the same scoring in floats
(FIDE Handbook C.07 (2026) Art. 16: the cuts; C.04.6 Art. 1 and C.07 Art. 11: team
match and game points). A player or team with an unplayed round gets a float
adjusted score while the others keep the ints their games sum to; a single cut
among tied lowest scores then compared an int with floats (``int.__eq__(float)``
is ``NotImplemented``, which is true) and raised ``ValueError`` (review of the
team standings' speed work)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from caddy.model.results import EventPlayer, ResultsTable, RoundResult, Scoring
from caddy.model.team_results import TeamResultsTable
from caddy.model.teams import TeamScoring
from caddy.standings.ranking import standings
from caddy.standings.teams import team_standings
from caddy.testing.teams import build_team_event

R = RoundResult


def _players_event(win: float, draw: float) -> ResultsTable:
    """Five players, three rounds; D has a pairing-allocated bye in round 2, E in
    rounds 1 and 3; the lowest scores (B and C, one draw each) are tied."""
    loss = 0 * win
    rows = (
        (R(2, "w", "1", win), R(3, "w", "1", win), R(4, "b", "0", loss)),
        (R(1, "b", "0", loss), R(5, "w", "0", loss), R(3, "w", "=", draw)),
        (R(4, "w", "0", loss), R(1, "b", "0", loss), R(2, "b", "=", draw)),
        (R(3, "b", "1", win), R(None, None, "U", win), R(1, "w", "1", win)),
        (R(None, None, "U", win), R(2, "b", "1", win), R(None, None, "U", win)),
    )
    players = tuple(EventPlayer(number=k, name=n) for k, n in enumerate("ABCDE", 1))
    return ResultsTable(
        players=players,
        results=rows,
        rounds=3,
        scoring=Scoring(win=win, draw=draw, loss=loss),
    )


def _ranked(st: Any) -> list[tuple[int, dict[str, float | None]]]:
    """(pairing number, tie-break values) of each row, in ranking order."""
    return [(row.pairing_number, row.tiebreaks) for row in st.rows]


@pytest.mark.parametrize("tiebreaks", [["SB/C1"], ["BH/C1", "SB/C2"], ["SB/C1", "BH/M1"]])
def test_int_scoring_ranks_as_float_scoring(tiebreaks: list[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        ints = standings(_players_event(3, 1), tiebreaks)
    floats = standings(_players_event(3.0, 1.0), tiebreaks)
    assert _ranked(ints) == _ranked(floats)


def _teams_event(scoring: TeamScoring) -> TeamResultsTable:
    return build_team_event(
        ["A", "B", "C", "D", "E"],
        1,
        [
            [("A", "B", "1-0"), ("C", "D", "0-1")],
            [("A", "C", "1-0"), ("B", "E", "0-1")],
            [("D", "A", "1-0"), ("B", "C", "1/2")],
        ],
        byes={1: [("E", "pab")], 2: [("D", "pab")], 3: [("E", "pab")]},
        scoring=scoring,
    )


@pytest.mark.parametrize("tiebreaks", [["EMGSB/C1"], ["BH:MP/C1", "EMGSB/C2"]])
def test_int_team_scoring_ranks_as_float_team_scoring(tiebreaks: list[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        ints = team_standings(_teams_event(TeamScoring(win=2, draw=1, loss=0)), tiebreaks)
    floats = team_standings(_teams_event(TeamScoring(win=2.0, draw=1.0, loss=0.0)), tiebreaks)
    assert _ranked(ints) == _ranked(floats)
