"""The team fold's inline path (issue 31 item 5: a match whose boards are
all seated is scored once per pattern of its boards' cells, each side's
points and codes once per pattern of its own) against the reference fold:
the players' results table built first (``results_event``), then every match
folded one by one (``team_event``), on FIDE TEC's team sample
(``tests/data/trf``) and its 240-fixed copy (``tests/data/teams``), complete
and with the last round's results left out. Drawn events with every kind of
board, bye and forfeit: ``tests/test_team_fold_paths.py``.

Rules folded: FIDE Handbook C.07 Art. 11 and C.04.6 Art. 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from caddy.event import replay
from caddy.event.replay import State
from caddy.event.results import board_cells, results_event
from caddy.event.teams import state_team_event
from caddy.model.team_results import TeamResultsTable, team_event
from caddy.plugins.lookup import get_codec

DATA = Path(__file__).parent / "data"
FILES = [
    DATA / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf",
    DATA / "teams" / "teamswiss_trf26_tec_sample_grandmommys_cup_240fixed.trf",
]


def reference(state: State, completed_only: bool = True) -> TeamResultsTable:
    """The fold through the players' table, one match at a time."""
    assert state.event.tournament.teams is not None
    players = results_event(state, completed_only=completed_only, empty=True)
    rounds = [r.teams for r in state.rounds if not r.matches]
    return team_event(
        state.event.tournament.teams, rounds, players, pre_determined=bool(players.pre_determined)
    )


def sample_state(path: Path) -> State:
    return replay(get_codec("trf").read(path.read_bytes(), source=str(path)).event)


@pytest.mark.parametrize("path", FILES, ids=["sample", "240fixed"])
def test_the_sample_folds_as_the_reference(path: Path) -> None:
    state = sample_state(path)
    assert board_cells(state) is not None  # the boards' path is the one taken
    ours, theirs = state_team_event(state), reference(state)
    assert ours.results == theirs.results
    assert ours == theirs
    assert (ours.mp, ours.gp) == (theirs.mp, theirs.gp)


@pytest.mark.parametrize("path", FILES, ids=["sample", "240fixed"])
def test_an_open_last_round_folds_as_the_reference(path: Path) -> None:
    """The last round with half its boards' results removed: completed rounds
    only, and every round with the open boards as double forfeits."""
    state = sample_state(path)
    last = state.rounds[-1]
    last.results = [result if board % 2 else () for board, result in enumerate(last.results)]
    assert state_team_event(state) == reference(state)
    assert state_team_event(state).rounds == len(state.rounds) - 1
    assert state_team_event(state, completed_only=False) == reference(state, completed_only=False)
