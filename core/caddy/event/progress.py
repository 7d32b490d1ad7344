"""Where an event stands: whether its last round is finished (one line per
board or knockout game still waited for) and, once no round is left, who is
first. ``caddy pair`` asks these; they are library functions, not CLI rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from caddy.contracts.tiebreak_table import StandingsOptions
from caddy.event.matches import board_match
from caddy.event.results import results_event
from caddy.messages import visible
from caddy.model.tournament import event_seed
from caddy.standings.ranking import standings, standings_for
from caddy.standings.scoring import FormatScoring

if TYPE_CHECKING:
    from caddy.contracts import PairingFormat
    from caddy.event.replay import RoundState, State

__all__ = ["final_standings", "format_scoring", "over_message", "unfinished"]


def format_scoring(state: State) -> FormatScoring:
    """What the event's standings rank by: its format and options, asked for
    the format's own score (a Keizer total) of whatever results a ranking
    ranks. Every ranking of the event's players passes it as ``scoring=``
    (:mod:`caddy.standings.scoring`)."""
    return FormatScoring(state.fmt, state.event.tournament.format.options)


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
    by default: by the format's score (:func:`format_scoring`), the event's
    tie-breaks and edition, its seed for any drawing of lots; one table per
    section (quads, groups), else one ``Standings``."""

    tournament = state.event.tournament

    event = results_event(state)
    options = StandingsOptions(lots_seed=event_seed(tournament))
    sections = state.fmt.sections(state.players, tournament.format.options)
    tiebreaks, edition = tournament.tiebreaks, tournament.edition
    scoring = format_scoring(state)
    if sections:
        return [
            (
                s.name,
                standings_for(
                    event, s.players, tiebreaks, edition, options=options, scoring=scoring
                ),
            )
            for s in sections
        ]
    return [("Standings", standings(event, tiebreaks, edition, options=options, scoring=scoring))]
