"""The arbiter's pages of ``caddy serve``: sign in with the secret, then the
round's boards with a result control each, the players' reports waiting,
pair the next round, byes, withdrawals, late entries, undo (the operation
shown first) and publish. Each change is one :class:`~caddy.serve.writer.Writer`
change: the same operation, checked the same way, as the ``caddy`` command
that records it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response
from starlette.routing import Route

from caddy.errors import CaddyError
from caddy.event.effects import describe
from caddy.event.entries import add_player, record_bye
from caddy.model.results import RESULT_WORDS
from caddy.model.schedule import Player
from caddy.model.tournament import RecordResult, Withdraw
from caddy.pairing.next import next_round
from caddy.serve.boards import board_keys, board_rows, current_round, find_player, withdrawn
from caddy.serve.security import Sessions, same_secret
from caddy.serve.web import (
    back,
    checked_form,
    field,
    flash,
    page,
    parts,
    problem,
    session_id,
    set_cookie,
)
from caddy.views.source import complete_rounds, knockout_only

if TYPE_CHECKING:
    from starlette.datastructures import FormData
    from starlette.requests import Request

    from caddy.event.session import Session
    from caddy.serve.writer import Change

#: The result words offered (the first word of each result ``caddy result`` reads).
WORDS = ("1-0", "0-1", "1/2", "+-", "-+", "--")
BYES = ("half", "zero", "full")


def _arbiter(request: Request) -> bool:
    return parts(request).sessions.is_arbiter(session_id(request))


async def login(request: Request) -> Response:
    if request.method == "GET":
        return page(request, "login.html", title="Arbiter sign-in")
    form = await checked_form(request)
    if isinstance(form, Response):
        return form
    p = parts(request)
    client = request.client.host if request.client else "?"
    if not p.logins.allow(client):
        return problem(request, 429, "too many attempts: wait a minute")
    if not same_secret(field(form, "secret"), p.secret):
        return problem(request, 403, "wrong secret")
    sid = Sessions.new_id()  # a new session id on sign-in (no fixation)
    p.sessions.sign_in(sid)
    response = back("/arbiter")
    set_cookie(request, response, sid)
    return response


async def logout(request: Request) -> Response:
    form = await checked_form(request)
    if isinstance(form, Response):
        return form
    sid = session_id(request)
    if sid:
        parts(request).sessions.sign_out(sid)
    return back("/")


def dashboard(request: Request) -> Response:
    if not _arbiter(request):
        return back("/arbiter/login")
    p = parts(request)
    try:
        snap = p.live.snapshot()
    except CaddyError as exc:
        return problem(request, 503, *exc.problems)
    state = snap.state
    number = current_round(state)
    reports = {(r.key.round, r.key.board): r for r in p.store.reports()}
    rows = board_rows(state, number, reports)
    last = state.event.operations[-1] if state.event.operations else None
    return page(
        request,
        "arbiter.html",
        title=f"Arbiter: {state.event.tournament.name or 'event'}",
        event=state.event.tournament,
        number=number,
        rows=rows,
        matches=bool(number) and state.rounds[number - 1].matches,
        done=0 if knockout_only(state) else complete_rounds(state),
        words=WORDS,
        byes=BYES,
        last=describe(last, state.event) if last is not None else None,
        operations=len(state.event.operations),
        version=snap.version,
        player_entry=p.player_entry,
        publish_to=p.publish_to,
        players=list(enumerate(state.event.tournament.players, 1)),
    )


async def post(request: Request) -> Response:
    """Every arbiter form posts here with an ``action``."""
    if not _arbiter(request):
        return problem(request, 403, "sign in as the arbiter first")
    form = await checked_form(request)
    if isinstance(form, Response):
        return form
    action = request.path_params["action"]
    builder = ACTIONS.get(action)
    if builder is None:
        return problem(request, 404, f"no action {action!r}")
    try:
        change = builder(request, form)
    except CaddyError as exc:
        flash(request, "error", exc.problems)
        return back("/arbiter")
    outcome = await run_in_threadpool(parts(request).writer.apply, change)
    flash(request, "ok" if outcome.ok else "error", outcome.lines)
    if outcome.ok:
        _settle(request)
    return back("/arbiter")


def _settle(request: Request) -> None:
    """Drop the reports and tokens of boards that are no longer waiting."""
    p = parts(request)
    state = p.live.snapshot().state
    p.store.settle(board_keys(state), board_keys(state, open_only=True))


def _int(form: FormData, name: str) -> int:
    text = field(form, name)
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise CaddyError(f"{name}: expected a number, got {text!r}")
    return int(text)


def _result(request: Request, form: FormData) -> Change:
    rnd, board = _int(form, "round"), _int(form, "board")
    word = field(form, "result")
    if word not in RESULT_WORDS:
        raise CaddyError(f"result {word!r}: expected one of {', '.join(WORDS)}")

    def change(session: Session) -> str:
        state = session.state
        if not 1 <= rnd <= len(state.rounds) or not 1 <= board <= len(state.rounds[rnd - 1].white):
            raise CaddyError(f"round {rnd} has no board {board}")
        played = state.rounds[rnd - 1]
        game = played.boards[board - 1]
        scored = withdrawn(state, rnd, game.white, game.black)
        if scored and not game.results:
            raise CaddyError(
                f"round {rnd} board {board}: a player withdrew; the game needs no result "
                f"(it counts as {scored})"
            )
        # a knockout match takes its games one by one; another board's result is corrected
        force = bool(game.results) and not played.matches
        operation = RecordResult(round=rnd, board=board, result=word, force=force)
        session.apply(operation)
        return f"recorded: {describe(operation, session.event)}"

    return change


def _pair(request: Request, form: FormData) -> Change:
    def change(session: Session) -> str:
        paired = next_round(session.state)
        if paired.operation is None:
            raise CaddyError(paired.message)
        session.apply(paired.operation)
        return f"recorded: {describe(paired.operation, session.event)}"

    return change


def _bye(request: Request, form: FormData) -> Change:
    rnd, who, kind = _int(form, "round"), field(form, "player"), field(form, "kind")
    if kind not in BYES:
        raise CaddyError(f"bye {kind!r}: expected one of {', '.join(BYES)}")

    def change(session: Session) -> str:
        player = find_player(session.state, who)
        note = record_bye(session, player, rnd, kind)
        name = session.event.tournament.players[player - 1].name
        return f"recorded: round {rnd}: {kind} bye for {name} ({player}){note}"

    return change


def _withdraw(request: Request, form: FormData) -> Change:
    who, after = field(form, "player"), _int(form, "after")

    def change(session: Session) -> str:
        player = find_player(session.state, who)
        operation = Withdraw(player=player, after_round=after)
        session.apply(operation)
        return f"recorded: {describe(operation, session.event)}"

    return change


def _add(request: Request, form: FormData) -> Change:
    name, rating, missed = field(form, "name"), field(form, "rating"), field(form, "missed")
    if not name:
        raise CaddyError("a player needs a name")
    if missed not in ("zero", "half"):
        raise CaddyError("missed rounds: zero or half")
    value = None
    if rating:
        value = _int(form, "rating")
    player = Player(name=name, rating=value)

    def change(session: Session) -> str:
        number, effect = add_player(session, player, missed)
        return f"added: {name} ({number}): {effect}"

    return change


def _undo(request: Request, form: FormData) -> Change:
    expected = _int(form, "operations")

    def change(session: Session) -> str:
        if len(session.event.operations) != expected:
            raise CaddyError("the event changed since the page was shown: look again, then undo")
        before = session.event
        dropped = session.undo(1)
        return "undone: " + "; ".join(describe(op, before) for op in dropped)

    return change


def _publish(request: Request, form: FormData) -> Change:
    folder = parts(request).publish_to
    if folder is None:
        raise CaddyError("no publish folder: start caddy serve with --publish FOLDER")

    def change(session: Session) -> str:
        # lazy: the static site is built only when the arbiter asks for it
        from caddy.publish.site import rendered, state_reports, write_site

        pages = rendered(state_reports(session.state, session.host), session.host)
        return f"published: {write_site(pages, folder).summary()}"

    return change


ACTIONS = {
    "result": _result,
    "pair": _pair,
    "bye": _bye,
    "withdraw": _withdraw,
    "add": _add,
    "undo": _undo,
    "publish": _publish,
}


def sheet_page(request: Request) -> Response:
    """The pairing sheet with a QR code per board (``--player-entry``)."""
    if not _arbiter(request):
        return back("/arbiter/login")
    # lazy: segno draws the codes only for this page
    from caddy.serve.boards import qr_rows

    p = parts(request)
    state = p.live.snapshot().state
    number = current_round(state)
    base = f"{request.url.scheme}://{request.url.netloc}"
    rows = qr_rows(state, number, p.store, base) if p.player_entry else []
    return page(
        request,
        "sheet.html",
        title=f"Round {number}: boards",
        number=number,
        rows=rows,
        player_entry=p.player_entry,
        event=state.event.tournament,
    )


ROUTES = [
    Route("/arbiter", dashboard, methods=["GET"]),
    Route("/arbiter/login", login, methods=["GET", "POST"]),
    Route("/arbiter/logout", logout, methods=["POST"]),
    Route("/arbiter/sheet", sheet_page, methods=["GET"]),
    Route("/arbiter/{action}", post, methods=["POST"]),
]
