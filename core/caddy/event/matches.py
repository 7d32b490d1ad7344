"""A knockout board's match, game by game: the format's match replayed from
the board's results (:func:`board_match`), and a game's result recorded on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caddy.errors import CaddyError
from caddy.event.rounds import planned_rounds
from caddy.model.results import GAME_POINTS, RESULT_WORDS
from caddy.model.tournament import event_seed

if TYPE_CHECKING:
    from caddy.contracts import Match
    from caddy.event.replay import Board, RoundState, State
    from caddy.model.tournament import RecordResult


def record_match_game(state: State, rnd: RoundState, board: Board, operation: RecordResult) -> None:
    """A knockout match: each result is the next game (tie-breaks included) until decided."""
    if operation.force:  # a correction replaces the match's last game
        if not board.results:
            raise CaddyError(
                f"round {operation.round} board {operation.board}: no game to correct yet"
            )
        board.results = board.results[:-1]
    match = board_match(state, board)
    if match.winner() is not None:
        raise CaddyError(
            f"round {operation.round} board {operation.board}: the match is decided "
            "(use --force to correct its last game)"
        )
    upcoming = match.next_game()
    if upcoming is None:
        raise CaddyError(
            f"round {operation.round} board {operation.board}: no further game (decided by lot?)"
        )
    _, white, _ = upcoming
    # results are written from the board's White (the higher seed); the game's White may differ
    board.results = (
        *board.results,
        operation.result if white == board.white else flip_result(operation.result),
    )


def flip_result(result: str) -> str:
    white, black = RESULT_WORDS[result]
    for text, codes in RESULT_WORDS.items():
        if codes == (black, white):
            return text
    return result  # pragma: no cover


def new_board_match(state: State, board: Board) -> Match:
    """The board's match before its first game: the format's, with the seed of
    its drawings of lots (the file's seed, the round, the board) and whether it
    is the final (board 1 of the last round)."""
    if not state.fmt.has_matches:
        raise CaddyError(f"format '{state.fmt.name}' has no knockout matches")
    match = state.fmt.new_match(board.white, board.black, state.event.tournament.format.options)
    match.lot_seed = f"{event_seed(state.event.tournament)}:{board.round}:{board.number}"
    match.final = board.number == 1 and board.round == planned_rounds(state)
    return match


def board_match(state: State, board: Board) -> Match:
    """The board's match so far, replayed game by game (the format says what a match is)."""
    match = new_board_match(state, board)
    for result in board.results:
        _, white, _ = match.next_game() or ("", board.white, board.black)
        code = RESULT_WORDS[result][0] if white == board.white else RESULT_WORDS[result][1]
        match.record(GAME_POINTS[code])
    return match
