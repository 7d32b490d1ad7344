"""What an operation did, in words, for the commands that record it: the
last round a player played and what their withdrawal does (``caddy withdraw``),
which game of a knockout match a result is (``caddy result``, ``history``,
``undo``). Light on purpose: these commands import no standings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caddy.event.matches import new_board_match
from caddy.event.replay import State, replay
from caddy.messages import visible
from caddy.model.results import GAME_CODES, RESULT_WORDS
from caddy.model.teams import LineUp
from caddy.model.tournament import Enter, PairRound, RecordBye, RecordResult, Withdraw
from caddy.plugins.host import resolve

if TYPE_CHECKING:
    from caddy.contracts import Format
    from caddy.event.file import EventFile
    from caddy.model.tournament import Operation
    from caddy.plugins.host import PluginHost


def last_round_of(state: State, player: int) -> int:
    """The last round with a result or a bye of ``player`` (0: none)."""
    after = 0
    for rnd in state.rounds:
        for b in rnd.boards:
            if player in (b.white, b.black) and b.results:
                after = rnd.number
        if player in rnd.byes:
            after = rnd.number
    return after


def withdrawal_effect(state: State, player: int, after: int) -> str:
    """What the withdrawal does to the results, in words: in a fixed schedule
    (round robins, quads) FIDE's 50% rule (General Regulations for Competitions
    6.6, as :meth:`caddy.model.results_table.ResultsTableBuilder.withdraw` applies it: games played
    over the board up to ``after`` against the player's games in the schedule)."""
    if not state.fixed:
        return f"results stand; absent (no points) from every round after round {after}"
    scheduled = played = 0
    for rnd in state.rounds:
        for board in rnd.boards:
            if player not in (board.white, board.black):
                continue
            scheduled += 1
            if rnd.number <= after and board.results:
                codes = RESULT_WORDS[board.results[-1]]
                if codes[0 if board.white == player else 1] in GAME_CODES:
                    played += 1
    counted = f"{played} of {scheduled} game{'s' if scheduled != 1 else ''} played"
    rule = "(FIDE General Regulations for Competitions 6.6)"
    if 2 * played < scheduled:
        return (
            f"{counted}, under half, so their results are annulled {rule}; "
            "their later games need no result"
        )
    return (
        f"{counted}, at least half, so their results stand; "
        f"later opponents score a win by forfeit {rule}"
    )


def result_game_labels(event: EventFile | State, host: PluginHost | None = None) -> dict[int, str]:
    """For each result operation on a knockout match (by index in the log): which
    game of the match it is and who had White, as the pairing sheet lists them
    (the result refers to that White). Given an event, it is replayed when its
    format has matches; given its replayed state, nothing is replayed."""
    if isinstance(event, State):
        state: State | None = event
        event = event.event
    else:
        state = None
    if not (state.fmt if state else _format(event, host)).has_matches:  # no matches: no replay
        return {}
    state = state or replay(event, host)
    players = event.tournament.players
    counts: dict[tuple[int, int], int] = {}
    games: dict[int, str] = {}
    for index, operation in enumerate(event.operations):
        if not isinstance(operation, RecordResult):
            continue
        rnd = state.rounds[operation.round - 1]
        if not rnd.matches:
            continue
        key = (operation.round, operation.board)
        if not operation.force:  # a correction replaces the match's last game
            counts[key] = counts.get(key, 0) + 1
        board = rnd.boards[operation.board - 1]
        stage, white, _ = new_board_match(state, board).game_at(counts[key])
        label = "" if stage == "standard" else f" {stage}"
        name = visible(players[white - 1].name)
        games[index] = f"game {counts[key]}{label}, White {name} ({white})"
    return games


def _format(event: EventFile, host: PluginHost | None) -> Format:

    return resolve(host).format(event.tournament.format.name)


def describe(operation: Operation, event: EventFile, game: str | None = None) -> str:
    """One line for an operation, with names (``caddy history``, ``undo``,
    ``caddy serve``; ``game``: a knockout match's game
    and its White, from :func:`caddy.event.effects.result_game_labels`)."""
    players = event.tournament.players

    def name(p: int) -> str:
        return f"{visible(players[p - 1].name)} ({p})" if 1 <= p <= len(players) else str(p)

    if isinstance(operation, PairRound):
        kind = "matches" if operation.matches else "boards"
        return f"pair round {operation.round}: {len(operation.white)} {kind}"
    if isinstance(operation, RecordResult):
        forced = " (correction)" if operation.force else ""
        where = f" ({game})" if game else ""
        return f"round {operation.round} board {operation.board}{where}: {operation.result}{forced}"
    if isinstance(operation, RecordBye):
        return f"round {operation.round}: {operation.kind} bye for {name(operation.player)}"
    if isinstance(operation, Withdraw):
        return f"{name(operation.player)} withdraws after round {operation.after_round}"
    if isinstance(operation, Enter):
        kind = "half-point" if operation.missed == "half" else "zero-point"
        return f"{name(operation.player)} enters late: {kind} byes for the rounds paired before"
    if isinstance(operation, LineUp) and event.tournament.teams is not None:
        team = event.tournament.teams.team(operation.team).name
        shown = ", ".join(name(p) if p else "empty" for p in operation.players)
        return f"round {operation.round} line-up of {visible(team)}: {shown}"
    return repr(operation)  # pragma: no cover
