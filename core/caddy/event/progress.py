"""Where an event stands: whether its last round is finished (one line per
board or knockout game still waited for) and, once no round is left, who is
first. ``caddy pair`` asks these; they are library functions, not CLI rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from caddy.contracts.tiebreak_table import StandingsOptions
from caddy.event.matches import board_match, new_board_match
from caddy.event.replay import State, replay
from caddy.event.results import results_event
from caddy.messages import visible
from caddy.model.results import GAME_CODES, RESULT_WORDS
from caddy.model.tournament import RecordResult, event_seed
from caddy.plugins.host import resolve
from caddy.standings.ranking import standings, standings_for

if TYPE_CHECKING:
    from caddy.contracts import Format, PairingFormat
    from caddy.event.file import EventFile
    from caddy.event.replay import RoundState
    from caddy.plugins.host import PluginHost

__all__ = ["final_standings", "over_message", "unfinished"]


def unfinished(state: State, last: RoundState) -> list[str]:
    """Why round ``last`` is not over, one line each: the boards with no
    result yet (:meth:`State.board_open <caddy.event.replay.State.board_open>`);
    in a knockout round, each match still undecided with the game it waits for
    (its number, stage and White, as the pairing sheet lists it)."""

    if not last.matches:
        missing = [str(i) for i, b in enumerate(last.boards, 1) if state.board_open(b)]
        if not missing:
            return []
        return [
            f"round {last.number} is not finished: board(s) {', '.join(missing)} have no result yet"
        ]
    players = state.event.tournament.players

    def name(p: int) -> str:
        return f"{visible(players[p - 1].name)} ({p})"

    problems = []
    for i, board in enumerate(last.boards, 1):
        match = board_match(state, board)
        upcoming = match.next_game() if match.winner() is None else None
        if upcoming is None:
            continue
        stage, white, _ = upcoming
        label = "" if stage == "standard" else f" ({stage})"
        played = len(board.results)
        after = f" undecided after {played} game{'s' if played != 1 else ''}" if played else ""
        problems.append(
            f"round {last.number} is not finished: board {i} ({name(board.white)} - "
            f"{name(board.black)}){after}: game {played + 1}{label}, White {name(white)}, "
            "has no result yet"
        )
    return problems


def over_message(state: State, pairing: PairingFormat, request: Any) -> str:
    """Who won, once no round is left: a knockout's last match decides (the
    format's :meth:`~caddy.contracts.PairingFormat.winner`); an event ranked by
    a table (a Swiss) names who is first in its standings, tie-breaks and all,
    as ``caddy standings`` ranks it."""

    if state.event.tournament.teams is not None:
        return "caddy standings ranks the teams"
    if state.rounds and state.rounds[-1].matches:
        # the field the rounds were planned for (late entrants do not change it)
        field = state.players if state.field is None else state.field
        winner = pairing.winner(field, state.event.tournament.format.options, request.played)
        name = state.event.tournament.players[winner - 1].name if winner else "-"
        return f"winner {visible(name)} ({winner})"

    def firsts(table: Any) -> str:
        rows = [row for row in table.rows if row.rank == 1]
        tied = " (tied)" if len(rows) > 1 else ""
        return tied + ": " + ", ".join(f"{visible(r.name)} ({r.pairing_number})" for r in rows)

    tables = final_standings(state)
    if len(tables) == 1:
        return f"first in the standings{firsts(tables[0][1])} (caddy standings ranks everyone)"
    shown = "; ".join(f"{visible(name)}{firsts(table)}" for name, table in tables)
    return f"first in each section: {shown} (caddy standings ranks everyone)"


def final_standings(state: State) -> list[tuple[str, Any]]:
    """The standings of the complete rounds as ``caddy standings`` ranks them
    by default: the event's tie-breaks and edition, its seed for any drawing
    of lots; one table per section (quads, groups), else one ``Standings``."""

    tournament = state.event.tournament

    event = results_event(state)
    options = StandingsOptions(lots_seed=event_seed(tournament))
    sections = state.fmt.sections(state.players, tournament.format.options)
    tiebreaks, edition = tournament.tiebreaks, tournament.edition
    if sections:
        return [
            (s.name, standings_for(event, s.players, tiebreaks, edition, options=options))
            for s in sections
        ]
    return [("Standings", standings(event, tiebreaks, edition, options=options))]


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
