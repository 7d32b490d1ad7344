"""The team layer in the fold of an event's operations: a round's team
matches (:attr:`caddy.model.tournament.PairRound.teams`) and line-ups given ahead
(:class:`caddy.model.teams.LineUp`). Called by :mod:`caddy.event.replay`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from functools import partial
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import attrs

from caddy.errors import CaddyError
from caddy.event.results import board_words, results_event, state_pre_determined
from caddy.event.rounds import planned_rounds
from caddy.messages import visible
from caddy.model.collector import paused
from caddy.model.results import Scoring
from caddy.model.team_fold_boards import BoardsNotGamesError
from caddy.model.team_results import fold_team_event, team_event
from caddy.model.teams import TEAM_BYE_KINDS, LineUp, check_setup, lineup_problems

if TYPE_CHECKING:
    from caddy.event.replay import State
    from caddy.model.team_results import TeamResultsTable
    from caddy.model.teams import TeamRound, TeamSetup
    from caddy.model.tournament import PairRound, Tournament

#: A player's rating.
_RATING: Callable[[Any], int | None] = attrgetter("rating")

#: The rounds :func:`apply_team_round` found to be their team matches' games,
#: by the id of their :class:`caddy.model.teams.TeamRound` (an entry leaves
#: with it): the round's Whites and Blacks then (the tuples themselves) and
#: the setup's board colours (:func:`seated_rounds`).
_SEATED: dict[int, tuple[tuple[int, ...], tuple[int, ...], str]] = {}


def team_setup(state: State) -> TeamSetup:
    """The event's teams (raises when it has none)."""
    setup = state.event.tournament.teams
    if setup is None:
        raise CaddyError("this event has no teams (caddy new --teams teams.csv)")
    return setup


def apply_team_round(state: State, operation: PairRound) -> None:
    """Check a round's team matches against its boards and record them."""
    setup = team_setup(state)
    teams = operation.teams
    assert teams is not None
    check_setup(setup, state.players)
    named = teams.teams()
    for t in named:
        setup.team(t)
    twice = sorted({t for t in named if named.count(t) > 1})
    if twice:
        raise CaddyError(f"team {twice[0]} appears twice in round {operation.round}")
    team_of = setup.team_of()
    for m, match in enumerate(teams.matches, 1):
        if match.forfeit and match.forfeit not in ("+-", "-+", "--"):
            raise CaddyError(
                f"match {m}: unknown forfeit '{match.forfeit}' (expected +-, -+ or --)"
            )
        if match.colours and (
            len(match.colours) != setup.boards
            or set(match.colours) - {"W", "B"}
            or match.colours[0] != "W"
        ):
            raise CaddyError(
                f"round {operation.round} match {m}: board colours '{match.colours}' must be "
                f"W/B, one per board, White on board 1"
            )
        for team, lineup in ((match.white, match.white_lineup), (match.black, match.black_lineup)):
            if len(lineup) != setup.boards:
                raise CaddyError(
                    f"round {operation.round} match {m}: team {team}'s line-up names "
                    f"{len(lineup)} boards, not {setup.boards}"
                )
            strangers = [p for p in lineup if p and team_of.get(p) != team]
            if strangers:
                raise CaddyError(
                    f"round {operation.round} match {m}: player {strangers[0]} "
                    f"is not a member of team {team}"
                )
    for bye in teams.byes:
        if bye.kind not in TEAM_BYE_KINDS:
            raise CaddyError(
                f"unknown team bye '{bye.kind}' (expected {', '.join(TEAM_BYE_KINDS)})"
            )
    white, black, _ = teams.games(setup.board_colours())
    if (white, black) != (operation.white, operation.black):
        raise CaddyError(
            f"round {operation.round}: the boards do not match the team matches' line-ups"
        )
    rnd = state.rounds[-1]
    rnd.teams = teams
    _mark_seated(teams, rnd.white, rnd.black, setup.board_colours())
    for player, kind in teams.implied_byes().items():
        rnd.byes.setdefault(player, kind)
    state.lineups.pop(operation.round, None)


def _mark_seated(
    teams: TeamRound, white: tuple[int, ...], black: tuple[int, ...], colours: str
) -> None:
    """Note that ``white`` and ``black`` were checked to be ``teams``' games
    (the first boards seen for it stand: others are checked when folded)."""
    key = id(teams)
    if key not in _SEATED:
        _SEATED[key] = (white, black, colours)
        weakref.finalize(teams, _SEATED.pop, key, None)


def seated_rounds(
    rounds: Sequence[TeamRound | None],
    boards: Sequence[tuple[Sequence[int], Sequence[int], Sequence[str]]],
    colours: str,
) -> list[bool]:
    """Per round, whether its boards (Whites, Blacks, words) are the very
    Whites and Blacks :func:`apply_team_round` found to be its team matches'
    games with board colours ``colours``: the fold need not check them again
    (:func:`caddy.model.team_fold_boards.fold_team_boards`'s ``seated``)."""
    seated = []
    for team_round, (white, black, _) in zip(rounds, boards, strict=False):
        mark = _SEATED.get(id(team_round))
        seated.append(
            mark is not None and mark[0] is white and mark[1] is black and mark[2] == colours
        )
    return seated


def lineup_rounds(state: State) -> int:
    """The last round a line-up can be given for (0: no last one: a format
    paired from outside, manual, may leave its rounds open)."""
    return 0 if state.fmt.kind == "external" else planned_rounds(state)


def apply_lineup(state: State, operation: LineUp) -> None:
    """A line-up for a round not paired yet (the last one given stands)."""

    setup = team_setup(state)
    planned = lineup_rounds(state)
    if operation.round < 1 or (planned and operation.round > planned):
        raise CaddyError(
            f"round {operation.round} is not a round of the event (rounds 1..{planned})"
            if planned
            else f"round {operation.round} is not a round of the event"
        )
    if operation.round <= len(state.rounds):
        raise CaddyError(
            f"round {operation.round} is paired already: its line-ups are fixed "
            "(record a forfeit on the board instead)"
        )
    setup.team(operation.team)
    problems = lineup_problems(setup, operation.team, operation.players)
    if problems:
        raise CaddyError(problems[0], problems=problems)
    state.lineups.setdefault(operation.round, {})[operation.team] = operation.players


def state_team_event(state: State, *, completed_only: bool = True) -> TeamResultsTable:
    """The team results of the rounds played so far (complete rounds); before
    any round is complete, every team on no rounds (0 MP, 0 GP), so a team
    event ranks and exports at any point."""

    setup = team_setup(state)
    rounds = [r.teams for r in state.rounds if not r.matches]
    with paused():  # the boards' words, a result per team and round: small acyclic objects
        folded = _fold_boards(state, setup, rounds, completed_only)
    if folded is not None:
        return folded
    players = results_event(state, completed_only=completed_only, empty=True)
    return team_event(setup, rounds, players, pre_determined=bool(players.pre_determined))


def _fold_boards(
    state: State, setup: TeamSetup, rounds: list[TeamRound | None], completed_only: bool
) -> TeamResultsTable | None:
    """The team results folded straight from the boards' words; ``None``
    when they cannot be (:func:`caddy.event.results.board_words`), or a board
    changed after its round was paired: then read the players' table."""
    boards = board_words(state, completed_only=completed_only)
    if boards is None:
        return None
    # the players' table (board prizes, the teams' ratings from their players)
    # is built when first read, from the event as it is now
    tournament = state.event.tournament
    load = partial(results_event, _snapshot(state), completed_only=completed_only, empty=True)
    try:
        return fold_team_event(
            setup,
            rounds,
            (),
            game_scoring=tournament.scoring or Scoring(),
            name=tournament.name,
            start_date=tournament.start,
            pre_determined=bool(state_pre_determined(state)),
            load_players=load,
            load_ratings=partial(_ratings, tournament.players),
            boards=boards,
            seated=seated_rounds(rounds, boards, setup.board_colours()),
        )
    except BoardsNotGamesError:
        return None  # a board changed after the round was paired


def _ratings(players: Sequence[Any]) -> tuple[int | None, ...]:
    """The players' ratings by pairing number minus one."""
    return tuple(map(_RATING, players))


def _snapshot(state: State) -> State:
    """``state`` as it is now, for a players' table built later (the fold
    goes on changing its rounds in place)."""
    return attrs.evolve(
        state,
        rounds=[attrs.evolve(r, results=list(r.results), byes=dict(r.byes)) for r in state.rounds],
        withdrawals=list(state.withdrawals),
    )


def lineup_text(tournament: Tournament, operation: LineUp) -> str:
    """A line-up as ``caddy lineup`` and the arbiter's page of ``caddy serve``
    say they recorded it: "round 1 line-up of Rooks: 1 Ada (1), 2 empty"."""
    teams = tournament.teams
    assert teams is not None
    roster = tournament.players
    shown = ", ".join(
        f"{board} {visible(roster[p - 1].name)} ({p})" if p else f"{board} empty"
        for board, p in enumerate(operation.players, 1)
    )
    team = visible(teams.team(operation.team).name)
    return f"round {operation.round} line-up of {team}: {shown}"
