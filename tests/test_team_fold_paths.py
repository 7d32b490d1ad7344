"""The team fold read straight from an event's boards (``state_team_event``,
issue 31 item 5) against the reference it replaced: the players' results
table built first (``results_event``), then folded into team matches
(``team_event``). Drawn team events with whole-match forfeits, forfeited and
empty boards, games of under one move, team byes of every kind, teams left
out of a round, rated and unrated players, an unfinished last round and
withdrawals (the table path): every team round result, the players' table
(built when first read), the teams' ratings, both scores' tables and the
standings must be the same.

Rules folded: FIDE Handbook C.07 Art. 11 and C.04.6 Art. 1 (as
:mod:`caddy.model.team_results` states them); the reference is the code path
the standings used before (commit cd52000).
"""

from __future__ import annotations

import random

import attrs
import pytest

from caddy.event.file import EventFile
from caddy.event.replay import State, apply, replay
from caddy.event.results import board_cells, board_words, results_event
from caddy.event.teams import state_team_event
from caddy.model.schedule import Player
from caddy.model.team_results import TeamResultsTable, team_event
from caddy.model.teams import Team, TeamBye, TeamMatchPairing, TeamRound, TeamSetup
from caddy.model.tournament import (
    FormatChoice,
    PairRound,
    RecordResult,
    Tournament,
    Withdraw,
)
from caddy.plugins.host import resolve
from caddy.standings.teams import team_standings

WORDS = ["1-0", "0-1", "1/2", "1-0", "0-1", "1/2", "+-", "-+", "--", "W-L", "L-W", "D-D"]


def drawn_event(
    seed: int,
    *,
    teams: int = 7,
    boards: int = 3,
    rounds: int = 5,
    unfinished: bool = False,
    withdraw: bool = False,
) -> EventFile:
    """A ``manual`` team event drawn from ``seed`` (see the module docstring)."""
    rng = random.Random(seed)
    host = resolve(None)
    size = boards + 1
    setup = TeamSetup(
        teams=tuple(
            Team(
                name=f"T{k}",
                members=tuple(range((k - 1) * size + 1, k * size + 1)),
                rating=2000 + k if k % 3 == 0 else None,
            )
            for k in range(1, teams + 1)
        ),
        boards=boards,
    )
    players = tuple(
        Player(
            name=f"T{k} {b}",
            team=f"T{k}",
            rating=None if rng.random() < 0.2 else rng.randrange(1400, 2500),
        )
        for k in range(1, teams + 1)
        for b in range(1, size + 1)
    )
    fmt = host.format("manual")
    event = EventFile(
        tournament=Tournament(
            name=f"drawn {seed}",
            format=FormatChoice(name="manual", options=fmt.Options()),
            players=players,
            teams=setup,
        )
    )
    pattern = setup.board_colours()
    for r in range(1, rounds + 1):
        order = list(range(1, teams + 1))
        rng.shuffle(order)
        byes = []
        while len(order) % 2 or rng.random() < 0.2:
            team = order.pop()
            if rng.random() < 0.8:  # else absent: a zero bye
                byes.append(TeamBye(team=team, kind=rng.choice(["pab", "full", "half", "zero"])))
        matches = []
        for a, b in zip(order[::2], order[1::2], strict=True):
            lineups = []
            for t in (a, b):
                members = [
                    p for p in setup.teams[t - 1].members if not (withdraw and r > 2 and p == 2)
                ]
                rng.shuffle(members)
                lineup = members[:boards]
                if rng.random() < 0.2:
                    lineup[rng.randrange(boards)] = 0  # a board left empty
                lineups.append(tuple(lineup))
            forfeit = rng.choice(["+-", "-+", "--"]) if rng.random() < 0.1 else ""
            matches.append(
                TeamMatchPairing(
                    white=a,
                    black=b,
                    white_lineup=lineups[0],
                    black_lineup=lineups[1],
                    forfeit=forfeit,
                )
            )
        team_round = TeamRound(matches=tuple(matches), byes=tuple(byes))
        white, black, _ = team_round.games(pattern)
        event = event.with_operation(
            PairRound(round=r, white=white, black=black, teams=team_round), host=host
        )
        for board in range(1, len(white) + 1):
            if unfinished and r == rounds and board % 2:
                continue
            result = RecordResult(round=r, board=board, result=rng.choice(WORDS))
            event = event.with_operation(result, host=host)
        if withdraw and r == 2:
            event = event.with_operation(Withdraw(player=2, after_round=2), host=host)
    return event


def reference(state: State, completed_only: bool = True) -> TeamResultsTable:
    """The fold as it was: the players' table first, then the team matches."""
    assert state.event.tournament.teams is not None
    players = results_event(state, completed_only=completed_only, empty=True)
    rounds = [r.teams for r in state.rounds if not r.matches]
    return team_event(
        state.event.tournament.teams,
        rounds,
        players,
        pre_determined=bool(players.pre_determined),
    )


def assert_same(ours: TeamResultsTable, theirs: TeamResultsTable) -> None:
    assert ours == theirs  # every team round result, the rounds, the scales
    assert (ours.name, ours.start_date) == (theirs.name, theirs.start_date)
    assert [ours.rating(t) for t in range(ours.count)] == [
        theirs.rating(t) for t in range(theirs.count)
    ]
    for kind in ("MP", "GP"):
        assert ours.as_event(kind) == theirs.as_event(kind)
    texts = ["EDET", "EMGSB/C1", "BH:MP/C1", "MPvGP", "BC", "PS:GP"]
    assert team_standings(ours, texts) == team_standings(theirs, texts)
    assert ours.players == theirs.players


@pytest.mark.parametrize("seed", range(8))
def test_drawn_events_fold_the_same_from_the_boards(seed: int) -> None:
    state = replay(drawn_event(seed))
    assert board_words(state) is not None  # the boards are read (test_team_speed pins the path)
    assert_same(state_team_event(state), reference(state))


@pytest.mark.parametrize("seed", range(4))
def test_an_unfinished_round_folds_the_same(seed: int) -> None:
    state = replay(drawn_event(seed, unfinished=True))
    assert_same(state_team_event(state), reference(state))
    assert state_team_event(state).rounds == 4
    assert board_cells(state, completed_only=False) is not None
    assert_same(
        state_team_event(state, completed_only=False), reference(state, completed_only=False)
    )


def test_withdrawals_read_the_players_table() -> None:
    state = replay(drawn_event(3, withdraw=True))
    assert board_cells(state) is None
    assert_same(state_team_event(state), reference(state))


def test_no_round_complete_yet() -> None:
    state = replay(drawn_event(5, rounds=1, unfinished=True))
    ours = state_team_event(state)
    assert ours.rounds == 0
    assert_same(ours, reference(state))


def test_the_players_table_is_the_event_as_it_was_when_folded() -> None:
    """The players' table is built when first read, from the rounds as they
    were when the teams were folded (results recorded later are not in it)."""
    state = replay(drawn_event(2, unfinished=True))
    before = reference(state, completed_only=False).players
    ours = state_team_event(state, completed_only=False)
    last = state.rounds[-1]
    open_boards = [b for b, result in enumerate(last.results, 1) if not result]
    assert open_boards
    apply(state, RecordResult(round=last.number, board=open_boards[0], result="1-0"))
    assert ours.players == before
    assert ours.players is ours.players  # built once


def test_a_table_given_its_players_keeps_them() -> None:
    state = replay(drawn_event(1))
    theirs = reference(state)
    assert theirs.players is not None
    assert attrs.evolve(theirs, pre_determined=True).players is theirs.players


def test_a_line_up_player_on_no_board_reads_the_players_table() -> None:
    """A round whose boards no longer seat a line-up's player (changed in the
    fold after the round was paired): the players' table says what that
    player did (absent: a zero), as before."""
    state = replay(drawn_event(4))
    setup = state.event.tournament.teams
    first = state.rounds[0]
    assert setup is not None and first.teams is not None
    match = next(
        m for m in first.teams.matches if not m.forfeit and 0 not in m.white_lineup + m.black_lineup
    )
    # board 1: the team named first has White (colours WBW...)
    player = match.white_lineup[0]
    reserve = next(p for p in setup.teams[match.white - 1].members if p not in match.white_lineup)
    first.white = tuple(reserve if p == player else p for p in first.white)
    assert board_words(state) is not None
    ours = state_team_event(state)
    assert_same(ours, reference(state))
    assert ours.results[match.white - 1][0].board_codes[0] == "Z"
