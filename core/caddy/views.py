"""Views that show an event's format beside its standings (``caddy standings``,
``caddy crosstable``): a knockout's bracket, who goes through from the groups,
a team match's score.

Core asks the format through the contract (:class:`caddy.contracts.Format`):
:meth:`~caddy.contracts.Format.bracket_seeds` (who a knockout stage seeds,
``A1``), :meth:`~caddy.contracts.Format.round_name` (``Final``),
:meth:`~caddy.contracts.Format.match_name` (the match for third place) and
:meth:`~caddy.contracts.Format.team_match` (the two teams); the matches
themselves are the format's :class:`~caddy.contracts.Match` objects, replayed
game by game. A knockout match is decided by its standard games, then its
tie-break stages, an Armageddon (a draw sends Black through) or a drawing of
lots, as the FIDE World Cup regulations' tie-break article has it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from caddy.render import Table

if TYPE_CHECKING:
    from caddy.contracts import PairingRequest
    from caddy.event_replay import Board, RoundState, State
    from caddy.models import Section

#: How each tie-break stage is written in a game's label.
STAGE_LABEL: Mapping[str, str] = {
    "standard": "standard",
    "rapid-pair": "rapid",
    "blitz-pair": "blitz",
    "armageddon": "Armageddon",
    "sudden-death": "sudden death",
}
#: How a match was won, by the stage of its deciding game.
HOW: Mapping[str, str] = {
    "standard": "",
    "rapid-pair": "in the rapid tie-break",
    "blitz-pair": "in the blitz tie-break",
    "armageddon": "by Armageddon",
    "sudden-death": "in sudden death",
}
BRACKET_COLUMNS = ("board", "match", "game", "stage", "white", "black", "result", "goes through")


@attrs.frozen(kw_only=True)
class View:
    """Tables and notes a command adds to its report."""

    tables: tuple[Table, ...] = ()
    notes: tuple[str, ...] = ()


def points(value: float) -> str:
    """``2½``, ``½``, ``3``: a match or team score."""
    whole = int(value)
    if value - whole == 0.5:
        return f"{whole}½" if whole else "½"
    return f"{value:g}"


def request_of(state: State) -> PairingRequest:
    """The event's rounds so far, as the format reads them."""
    from caddy.pairing import request_from_state

    return request_from_state(state)


def seeds(state: State) -> Mapping[int, str]:
    """The players the knockout stage seeds, with their labels (``A1``); ``{}``
    while unknown or when the bracket is seeded by pairing number."""
    if not state.fmt.has_matches or not state.rounds:
        return {}
    return state.fmt.bracket_seeds(request_of(state))


def qualifier_notes(state: State, sections: Sequence[Section]) -> tuple[str, ...]:
    """One line per group: who goes through, as which seed (``A1, A2 go through``)."""
    labels = seeds(state)
    if not labels:
        return ()
    players = state.event.tournament.players
    notes = []
    for section in sections:
        through = sorted((labels[p], p) for p in section.players if p in labels)
        if through:
            names = ", ".join(f"{label} {players[p - 1].name} ({p})" for label, p in through)
            short = ", ".join(label for label, _ in through)
            verb = "goes" if len(through) == 1 else "go"
            notes.append(f"{section.name}: {short} {verb} through ({names})")
    return tuple(notes)


def _match_rows(state: State, board: Board) -> list[tuple[str, ...]]:
    """A match's rows: one per game played (White first, the result from that
    White's side), the last saying who went through and how."""
    from caddy.event_replay import board_match, flip_result
    from caddy.results import GAME_POINTS, RESULT_WORDS

    match = board_match(state, board)
    players = state.event.tournament.players
    labels = seeds(state)

    def who(p: int) -> str:
        label = f" {labels[p]}" if p in labels else ""
        return f"{players[p - 1].name} ({p}){label}"

    first = (str(board.number), f"{who(board.white)} – {who(board.black)}")
    rows: list[tuple[str, ...]] = []
    last_stage = "standard"
    score = {board.white: 0.0, board.black: 0.0}
    for number, result in enumerate(board.results, 1):
        stage, white, black = match.game_at(number)
        shown = result if white == board.white else flip_result(result)
        label = STAGE_LABEL.get(stage, stage)
        codes = RESULT_WORDS[shown]
        score[white] += GAME_POINTS[codes[0]]
        score[black] += GAME_POINTS[codes[1]]
        last_stage = stage
        cells = first if not rows else ("", "")
        rows.append((*cells, str(number), label, who(white), who(black), shown, ""))
    winner = match.winner()
    if winner is None:
        through = "match goes on" if board.results else "not started"
    else:
        loser = board.black if winner == board.white else board.white
        tally = f"{points(score[winner])}–{points(score[loser])}"
        how = "by drawing of lots" if match.by_lot() else HOW.get(last_stage, "")
        through = f"{who(winner)} " + (f"{how} ({tally})" if how else tally)
    if not rows:
        rows.append((*first, "", "", "", "", "", through))
    else:
        rows[-1] = (*rows[-1][:-1], through)
    return rows


def _round_tables(state: State, request: PairingRequest, rnd: RoundState) -> list[Table]:
    """A knockout round's table (and one for a match of its own, as the match for third place)."""
    fmt = state.fmt
    players = state.event.tournament.players
    name = fmt.round_name(request, rnd.number)
    caption = f"{name} (round {rnd.number})" if name else f"Round {rnd.number}"
    main: list[tuple[str, ...]] = []
    apart: list[Table] = []
    for board in rnd.boards:
        own = fmt.match_name(request, rnd.number, board.number)
        rows = _match_rows(state, board)
        if own:
            apart.append(_table(f"{own} (round {rnd.number})", rows))
        else:
            main.extend(rows)
    for p, kind in rnd.byes.items():
        who = f"{players[p - 1].name} ({p})"
        main.append(("bye", who, "", "", "", "", "", f"{who} ({kind})"))
    return [_table(caption, main), *apart]


def _table(caption: str, rows: Sequence[tuple[str, ...]]) -> Table:
    return Table(
        caption=caption,
        columns=BRACKET_COLUMNS,
        rows=tuple(rows),
        right=frozenset({0, 2}),
        caption_in_text=True,
        max_width=None,
    )


def bracket(state: State) -> View:
    """The knockout rounds (every round whose boards are matches), round by
    round: each match's games, colours and results, its tie-break stages and
    Armageddon, and who went through and how."""
    rounds = [rnd for rnd in state.rounds if rnd.matches]
    if not rounds:
        return View()
    request = request_of(state)
    tables = [table for rnd in rounds for table in _round_tables(state, request, rnd)]
    notes = ["bracket: each line is one game, White first; results from White's side"]
    winner = _champion(state, request)
    if winner is not None:
        players = state.event.tournament.players
        notes.insert(0, f"winner: {players[winner - 1].name} ({winner})")
    return View(tables=tuple(tables), notes=tuple(notes))


def _champion(state: State, request: PairingRequest) -> int | None:
    """The event's winner once the bracket is over."""
    from typing import cast

    from caddy.contracts import PairingFormat

    if state.fmt.kind != "results":
        return None
    return cast("PairingFormat", state.fmt).winner(
        request.count, request.options, list(request.played)
    )


def team_score(state: State) -> View:
    """A team match's score (:meth:`~caddy.contracts.Format.team_match`):
    each team's game points round by round, the running total and the result."""
    from caddy.results import GAME_POINTS, RESULT_WORDS

    tournament = state.event.tournament
    teams = state.fmt.team_match(state.players, tournament.format.options)
    if len(teams) != 2 or not state.rounds:
        return View()
    team_of = {p: i for i, team in enumerate(teams) for p in team.players}

    def team_name(team: Section) -> str:
        named = tournament.players[team.players[0] - 1].team if team.players else None
        return named or team.name

    a_name, b_name = (team_name(t) for t in teams)
    total = [0.0, 0.0]
    rows: list[tuple[str, ...]] = []
    complete = 0
    for rnd in state.rounds:
        score = [0.0, 0.0]
        played = 0
        for board in rnd.boards:
            if not board.results:
                continue
            played += 1
            white, black = RESULT_WORDS[board.results[-1]]
            score[team_of[board.white]] += GAME_POINTS[white]
            score[team_of[board.black]] += GAME_POINTS[black]
        total = [total[0] + score[0], total[1] + score[1]]
        whole = played == len(rnd.boards)
        complete += whole
        rows.append(
            (
                str(rnd.number) + ("" if whole else " (in play)"),
                f"{points(score[0])}–{points(score[1])}",
                f"{points(total[0])}–{points(total[1])}",
            )
        )
    rows.append(("total", f"{points(total[0])}–{points(total[1])}", ""))
    from caddy.event_rounds import planned_rounds

    planned = planned_rounds(state) or len(state.rounds)
    a, b = total
    over = complete >= planned
    if a == b:
        result = "the match is drawn" if over else "the teams are level"
    else:
        leader = a_name if a > b else b_name
        result = f"{leader} {'win' if over else 'lead'}"
    tally = f"{points(a)}–{points(b)}"
    note = f"team match: {a_name} {tally} {b_name}; {result}" + (
        "" if over else f" after {complete} of {planned} rounds"
    )
    return View(
        tables=(
            Table(
                caption=f"Team score: {a_name} – {b_name}",
                columns=("round", f"{a_name} – {b_name}", "running total"),
                rows=tuple(rows),
                right=frozenset({1, 2}),
                caption_in_text=True,
            ),
        ),
        notes=(note,),
    )
