"""Results from players' phones (``caddy serve --player-entry``).

The pairing sheet prints a QR code per board (:func:`caddy.serve.boards.qr_rows`);
its link carries that board's token, good for that board of that round only
(:mod:`caddy.serve.store`). On the page, a player says which side they played
and the result. The first report waits: when the opponent confirms it from
another browser it is written to the event file as ``caddy result`` writes it;
when they report another result the board is flagged to the arbiter. The
arbiter's result always wins: a board with a result in the file takes no
report. Unknown tokens and entries are rate-limited.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response
from starlette.routing import Route

from caddy.errors import CaddyError
from caddy.model.tournament import RecordResult
from caddy.serve.boards import board_row, live_board
from caddy.serve.store import Report
from caddy.serve.web import (
    UNREADABLE,
    back,
    checked_form,
    field,
    flash,
    page,
    parts,
    problem,
    session_id,
)

if TYPE_CHECKING:
    from starlette.requests import Request

    from caddy.event.replay import State
    from caddy.event.session import Session
    from caddy.serve.store import BoardKey
    from caddy.serve.web import Parts
    from caddy.serve.writer import Change

#: What a player may report (forfeits and corrections are the arbiter's).
WORDS = ("1-0", "0-1", "1/2")
SIDES = ("white", "black")


def _board(request: Request) -> tuple[Parts, BoardKey, State] | Response:
    """The token's board and the event now, or the page that refuses it
    (runs on a worker thread: it reads the event and the store)."""
    p = parts(request)
    if not p.player_entry:
        return problem(request, 404, "result entry from phones is off (caddy serve --player-entry)")
    token = request.path_params["token"]
    client = request.client.host if request.client else "?"
    try:
        key = p.store.board_of(token) if len(token) < 64 else None
        if key is None:
            if not p.guesses.allow(client):
                return problem(request, 429, "too many wrong links: wait a minute")
            return problem(
                request, 404, "this link is not known: scan the code on the pairing sheet"
            )
        state = p.live.snapshot().state
    except CaddyError:
        return problem(request, 503, UNREADABLE)
    if not live_board(state, key):
        return problem(
            request, 410, f"this link was for round {key.round}, board {key.board}: it has expired"
        )
    return p, key, state


def board_page(request: Request) -> Response:
    """A board's result entry, opened from its link."""
    found = _board(request)
    if isinstance(found, Response):
        return found
    p, key, state = found
    row = board_row(state, key)
    try:
        report = p.store.report(key)
    except CaddyError:
        return problem(request, 503, UNREADABLE)
    mine = report is not None and report.device == session_id(request)
    return page(
        request,
        "board.html",
        title=f"Round {key.round}, board {key.board}",
        key=key,
        row=row,
        report=report,
        mine=mine,
        words=WORDS,
        event=state.event.tournament,
    )


async def board_post(request: Request) -> Response:
    """A player's report or confirmation (:func:`_report`)."""
    found = await run_in_threadpool(_board, request)
    if isinstance(found, Response):
        return found
    p, key, _ = found
    form = await checked_form(request)
    if isinstance(form, Response):
        return form
    here = request.url.path
    if not p.entries.allow(f"{key.round}/{key.board}"):
        return problem(request, 429, "too many reports for this board: ask the arbiter")
    word, side = field(form, "result"), field(form, "side")
    if word not in WORDS or side not in SIDES:
        flash(request, "error", [f"choose your colour and one of {', '.join(WORDS)}"])
        return back(here)
    device = session_id(request) or ""
    try:
        lines = await run_in_threadpool(_report, p, key, word, side, device)
    except CaddyError:
        return problem(request, 503, UNREADABLE)
    flash(request, lines[0], lines[1:])
    return back(here)


def _report(p: Parts, key: BoardKey, word: str, side: str, device: str) -> list[str]:
    """A player's report: kept, confirmed (written), or flagged; refused on
    a board that has its result (the arbiter's result wins)."""
    with p.boards(key):  # one decision at a time per board
        state = p.live.snapshot().state
        if not live_board(state, key):
            return [
                "error",
                f"this link was for round {key.round}, board {key.board}: it has expired",
            ]
        recorded = " ".join(state.rounds[key.round - 1].boards[key.board - 1].results)
        if recorded:
            return ["error", f"the result {recorded} is recorded on this board: ask the arbiter"]
        waiting = p.store.report(key)
        if waiting is None or (waiting.side == side and waiting.device == device):
            p.store.put_report(Report(key, word, side, device))
            return ["ok", f"reported {word}: waiting for your opponent to confirm it"]
        if waiting.side == side or waiting.device == device:
            return [
                "error",
                f"{waiting.side} reported {waiting.result} already: your opponent confirms it",
            ]
        if waiting.result != word:
            p.store.dispute(key, word)
            return [
                "error",
                f"{waiting.side} reported {waiting.result}, you {word}: the arbiter decides",
            ]
        outcome = p.writer.apply(_record(key, word))
        if outcome.ok:
            p.store.confirmed(waiting)
            return ["ok", f"confirmed: {word} is recorded"]
        return ["error", *outcome.lines]


def _record(key: BoardKey, word: str) -> Change:
    def change(session: Session) -> str:
        state = session.state
        if not live_board(state, key):
            raise CaddyError("the board was paired again or its round is over: ask the arbiter")
        board = state.rounds[key.round - 1].boards[key.board - 1]
        if board.results:  # the arbiter's result wins
            raise CaddyError(f"the arbiter recorded {board.results[-1]} on this board")
        session.apply(RecordResult(round=key.round, board=key.board, result=word))
        return f"recorded round {key.round} board {key.board}: {word}"

    return change


ROUTES = [
    Route("/board/{token}", board_page, methods=["GET"]),
    Route("/board/{token}", board_post, methods=["POST"]),
]
