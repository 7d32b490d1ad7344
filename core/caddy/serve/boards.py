"""The boards of the round being played, as the arbiter's page and the
players' result entry show them."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import attrs

from caddy.event.rounds import withdrawal_result
from caddy.model import names
from caddy.serve.store import BoardKey

if TYPE_CHECKING:
    from caddy.event.replay import Board, State
    from caddy.serve.store import Report, Store


@attrs.frozen
class Row:
    """One board: its players, its result in the file, a report waiting."""

    board: int
    white: int
    black: int
    white_name: str
    black_name: str
    result: str
    report: Report | None
    #: What a withdrawal makes of the game (it needs no result), or "".
    scored: str = ""
    #: A team event's match and board of the game ("Rooks – Bishops, board 2"), or "".
    match: str = ""


def current_round(state: State) -> int:
    """The round being played: the first one with a board still waiting for
    its result (a round robin pairs every round at the start), else the last
    one paired (0: none yet)."""
    for rnd in state.rounds:
        if not rnd.matches:  # a board with a result waits no more (a knockout match may)
            if all(rnd.results):
                continue
            if not state.withdrawals:  # nothing else decides a board without a result
                return rnd.number
        if any(state.board_open(board) for board in rnd.boards):
            return rnd.number
    return len(state.rounds)


def board_rows(state: State, number: int, reports: dict[tuple[int, int], Report]) -> list[Row]:
    """Round ``number``'s boards (none for 0)."""
    if number == 0:
        return []
    rnd = state.rounds[number - 1]
    matches = team_games(state, number)
    rows = []
    for board in rnd.boards:
        report = reports.get((number, board.number))
        if report is not None and (report.key.white, report.key.black) != (
            board.white,
            board.black,
        ):
            report = None
        match = matches[board.number - 1] if board.number <= len(matches) else ""
        rows.append(_row(state, board, report, match))
    return rows


def _row(state: State, board: Board, report: Report | None = None, match: str = "") -> Row:
    players = state.event.tournament.players
    return Row(
        board=board.number,
        white=board.white,
        black=board.black,
        white_name=players[board.white - 1].name,
        black_name=players[board.black - 1].name,
        result=" ".join(board.results),
        report=report,
        scored=withdrawn(state, board.round, board.white, board.black),
        match=match,
    )


def team_games(state: State, number: int) -> list[str]:
    """A team round's games as "first team – second team, board B", in the
    round's board order (the numbers ``caddy pairings`` shows); [] otherwise."""
    setup = state.event.tournament.teams
    teams = state.rounds[number - 1].teams
    if setup is None or teams is None:
        return []
    _, _, where = teams.games(setup.board_colours())
    shown = []
    for m, b in where:
        match = teams.matches[m - 1]
        first, other = setup.team(match.white).name, setup.team(match.black).name
        shown.append(f"{first} – {other}, board {b}")
    return shown


def withdrawn(state: State, number: int, white: int, black: int) -> str:
    """The result a withdrawal gives the game of round ``number`` (FIDE
    C.04.2: the player who stays wins by forfeit), or "" when both play."""
    if not state.withdrawals:
        return ""
    return withdrawal_result(state.withdrawn, number, white, black) or ""


def board_keys(state: State, *, open_only: bool = False) -> set[BoardKey]:
    """The boards of the round being played (:func:`current_round`) that a
    player may report on (``open_only``: those still without a result)."""
    number = current_round(state)
    if not number:
        return set()
    rnd = state.rounds[number - 1]
    if rnd.matches or rnd.teams is not None:
        return set()  # knockout matches and team matches are entered by the arbiter
    return {
        BoardKey(rnd.number, b.number, b.white, b.black)
        for b in rnd.boards
        if not withdrawn(state, rnd.number, b.white, b.black) and (not open_only or not b.results)
    }


def live_board(state: State, key: BoardKey) -> bool:
    """The token's board is a board of the round being played, paired as it was
    (that board alone is looked at: a request does not build the round's keys)."""
    if not 1 <= key.round <= len(state.rounds):
        return False
    rnd = state.rounds[key.round - 1]
    if rnd.matches or rnd.teams is not None:
        return False
    i = key.board - 1
    if not 0 <= i < len(rnd.white) or (rnd.white[i], rnd.black[i]) != (key.white, key.black):
        return False
    if withdrawn(state, key.round, key.white, key.black):
        return False
    return current_round(state) == key.round


def board_row(state: State, key: BoardKey) -> Row:
    """The row of the token's board (a round without team matches), built alone."""
    return _row(state, state.rounds[key.round - 1].boards[key.board - 1])


def find_player(state: State, text: str) -> int:
    """The player ``text`` names, as every command that takes a player reads it
    (:func:`caddy.model.names.find_player`: a pairing number, the name in any case
    or the start of one name only), with the same message when it names none."""
    return names.find_player([p.name for p in state.event.tournament.players], text)


@attrs.frozen
class QrRow:
    """A board of the pairing sheet with its result-entry link and QR code."""

    row: Row
    url: str
    svg: str


def qr_rows(state: State, number: int, store: Store, base: str) -> list[QrRow]:
    """Round ``number``'s open boards with a token link and its QR code (SVG)."""
    keys = board_keys(state, open_only=True)
    shown = [
        (row, key)
        for row in board_rows(state, number, {})
        if (key := BoardKey(number, row.board, row.white, row.black)) in keys
    ]
    tokens = store.tokens_for([key for _, key in shown])
    rows = []
    for row, key in shown:
        url = f"{base}/board/{tokens[key]}"
        rows.append(QrRow(row, url, qr_svg(url, row.board)))
    return rows


@functools.lru_cache(maxsize=4096)
def qr_svg(url: str, board: int) -> str:
    """The QR code of board ``board``'s link ``url`` as inline SVG, drawn once
    per link (a board's link stays the same while its round is played; a code
    costs 10-30 ms, most of it choosing the mask)."""
    import segno

    return str(
        segno.make_qr(url, error="m").svg_inline(
            scale=3, omitsize=False, title=f"QR code: board {board}'s result page"
        )
    )
