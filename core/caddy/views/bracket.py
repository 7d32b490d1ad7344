"""A knockout's bracket as ``caddy standings``, ``caddy crosstable`` and
``caddy publish`` show it, and as JSON (``bracket``): each match as played,
game by game, and who went through how.

A knockout match is decided by its standard games, then its tie-break stages,
an Armageddon (a draw sends Black through) or a drawing of lots, as the FIDE
World Cup regulations' tie-break article has it. Core asks the format through
the contract (:meth:`~caddy.contracts.Format.round_name`,
:meth:`~caddy.contracts.Format.match_name`, :meth:`~caddy.contracts.Format.bracket_seeds`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from caddy.contracts import PairingFormat
from caddy.event.matches import board_match, flip_result
from caddy.model.numbers import points
from caddy.model.report import Table
from caddy.model.results import GAME_POINTS, RESULT_WORDS
from caddy.views.formats import View, request_of, seeds

if TYPE_CHECKING:
    from caddy.event.replay import Board, State
    from caddy.model.documents import BracketRound, PlayerRef, QualifiedData

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
class MatchView:
    """One knockout match as played: its games and who went through how."""

    round: int
    board: int
    #: A match of its own beside the round's others (``Match for third place``).
    name: str | None
    #: The board's players: the higher seed (White in game 1) and the lower.
    white: int
    black: int
    #: (game, stage, White, Black, result from that White's side) per game played.
    games: tuple[tuple[int, str, int, int, str], ...]
    winner: int | None
    #: How the winner went through: the deciding game's stage, or ``lots``.
    decided_by: str | None
    #: Points over every game: the board's White's and Black's.
    score: tuple[float, float]


@attrs.frozen(kw_only=True)
class RoundView:
    """A knockout round: its name (``Final``), matches and byes."""

    number: int
    name: str | None
    matches: tuple[MatchView, ...]
    byes: tuple[tuple[int, str], ...]


def _match(state: State, board: Board, name: str | None) -> MatchView:

    match = board_match(state, board)
    games = []
    score = {board.white: 0.0, board.black: 0.0}
    for number, result in enumerate(board.results, 1):
        stage, white, black = match.game_at(number)
        shown = result if white == board.white else flip_result(result)
        white_code, black_code = RESULT_WORDS[shown]
        score[white] += GAME_POINTS[white_code]
        score[black] += GAME_POINTS[black_code]
        games.append((number, stage, white, black, shown))
    winner = match.winner()
    decided_by = None
    if winner is not None:
        decided_by = "lots" if match.by_lot() else (games[-1][1] if games else "standard")
    return MatchView(
        round=board.round,
        board=board.number,
        name=name,
        white=board.white,
        black=board.black,
        games=tuple(games),
        winner=winner,
        decided_by=decided_by,
        score=(score[board.white], score[board.black]),
    )


def bracket_rounds(state: State) -> tuple[RoundView, ...]:
    """The knockout rounds (every round whose boards are matches), in order."""
    rounds = [rnd for rnd in state.rounds if rnd.matches]
    if not rounds:
        return ()
    request = request_of(state)
    fmt = state.fmt
    return tuple(
        RoundView(
            number=rnd.number,
            name=fmt.round_name(request, rnd.number),
            matches=tuple(
                _match(state, board, fmt.match_name(request, rnd.number, board.number))
                for board in rnd.boards
            ),
            byes=tuple(rnd.byes.items()),
        )
        for rnd in rounds
    )


def _match_rows(match: MatchView, who: Callable[[int], str]) -> list[tuple[str, ...]]:
    """A match's rows: one per game played (White first, the result from that
    White's side), the last saying who went through and how."""
    first = (str(match.board), f"{who(match.white)} – {who(match.black)}")
    rows: list[tuple[str, ...]] = [
        (
            *(first if not i else ("", "")),
            str(g),
            STAGE_LABEL.get(stage, stage),
            who(w),
            who(b),
            r,
            "",
        )
        for i, (g, stage, w, b, r) in enumerate(match.games)
    ]
    if match.winner is None:
        through = "match goes on" if match.games else "not started"
    else:
        mine, theirs = match.score if match.winner == match.white else match.score[::-1]
        tally = f"{points(mine)}–{points(theirs)}"
        how = (
            "by drawing of lots"
            if match.decided_by == "lots"
            else HOW.get(match.decided_by or "", "")
        )
        through = f"{who(match.winner)} " + (f"{how} ({tally})" if how else tally)
    if not rows:
        return [(*first, "", "", "", "", "", through)]
    rows[-1] = (*rows[-1][:-1], through)
    return rows


def _round_tables(rnd: RoundView, who: Callable[[int], str]) -> list[Table]:
    """A knockout round's table (and one for a match of its own, as the match for third place)."""
    caption = f"{rnd.name} (round {rnd.number})" if rnd.name else f"Round {rnd.number}"
    main: list[tuple[str, ...]] = []
    apart: list[Table] = []
    for match in rnd.matches:
        rows = _match_rows(match, who)
        if match.name:
            apart.append(_table(f"{match.name} (round {rnd.number})", rows))
        else:
            main.extend(rows)
    for p, kind in rnd.byes:
        by = "by a bye" if kind == "pab" else f"({kind})"
        main.append(("bye", who(p), "", "", "", "", "", f"{who(p)} {by}"))
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
    """The knockout rounds round by round: each match's games, colours and
    results, its tie-break stages and Armageddon, who went through and how."""
    rounds = bracket_rounds(state)
    if not rounds:
        return View()
    players = state.event.tournament.players
    labels = seeds(state)

    def who(p: int) -> str:
        label = f" {labels[p]}" if p in labels else ""
        return f"{players[p - 1].name} ({p}){label}"

    tables = [table for rnd in rounds for table in _round_tables(rnd, who)]
    notes = ["bracket: each line is one game, White first; results from White's side"]
    winner = champion(state)
    if winner is not None:
        notes.insert(0, f"winner: {players[winner - 1].name} ({winner})")
    return View(tables=tuple(tables), notes=tuple(notes))


def champion(state: State) -> int | None:
    """The event's winner once its bracket is over."""
    from typing import cast

    if state.fmt.kind != "results" or not state.fmt.has_matches:
        return None
    request = request_of(state)
    return cast("PairingFormat", state.fmt).winner(
        request.count, request.options, list(request.played)
    )


def _player(state: State, number: int) -> PlayerRef:
    # lazy: start-up: the document classes load for --json only (caddy tiebreaks, a text table)
    from caddy.model.documents import PlayerRef

    player = state.event.tournament.players[number - 1]
    return PlayerRef(number=number, name=player.name, rating=player.rating)


def bracket_data(state: State) -> tuple[BracketRound, ...]:
    """The knockout rounds as JSON (docs/json.md, ``bracket``)."""
    # lazy: start-up: the document classes load for --json only (caddy tiebreaks, a text table)
    from caddy.model.documents import BracketGame, BracketMatch, BracketRound, ByeData

    labels = seeds(state)
    players = state.event.tournament.players
    return tuple(
        BracketRound(
            round=rnd.number,
            name=rnd.name,
            matches=tuple(
                BracketMatch(
                    board=m.board,
                    name=m.name,
                    white=_player(state, m.white),
                    black=_player(state, m.black),
                    seeds=(labels.get(m.white), labels.get(m.black)),
                    games=tuple(
                        BracketGame(game=g, stage=stage, white=w, black=b, result=result)
                        for g, stage, w, b, result in m.games
                    ),
                    score=m.score,
                    winner=m.winner,
                    decided_by=m.decided_by,
                )
                for m in rnd.matches
            ),
            byes=tuple(
                ByeData(number=p, name=players[p - 1].name, rating=players[p - 1].rating, kind=kind)
                for p, kind in rnd.byes
            ),
        )
        for rnd in bracket_rounds(state)
    )


def qualified_data(state: State) -> tuple[QualifiedData, ...]:
    """Who goes through to the knockout stage, as JSON (``qualified``)."""
    # lazy: start-up: the document classes load for --json only (caddy tiebreaks, a text table)
    from caddy.model.documents import QualifiedData

    players = state.event.tournament.players
    return tuple(
        QualifiedData(number=p, name=players[p - 1].name, rating=players[p - 1].rating, seed=label)
        for p, label in seeds(state).items()
    )
