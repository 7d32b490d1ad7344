"""The arbiter's pages of ``caddy serve``: sign in with the secret, then the
round's boards with a result control each, the players' reports waiting,
pair the next round, a team event's line-ups, byes, withdrawals, late entries, undo (the operation
shown first) and publish. Each change is one :class:`~caddy.serve.writer.Writer`
change: the same operation, checked the same way, as the ``caddy`` command
that records it."""

from __future__ import annotations

import contextlib
import functools
import time
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.responses import Response
from starlette.routing import Route

from caddy.errors import CaddyError
from caddy.event.effects import describe, last_round_of, withdrawal_effect
from caddy.event.entries import add_player, check_entry, entry_details, record_bye
from caddy.model.results import RESULT_WORDS, WORD_OF_CODES
from caddy.model.schedule import Player
from caddy.model.tournament import RecordBye, RecordResult, Withdraw
from caddy.pairing.next import next_round
from caddy.serve.boards import board_keys, board_rows, current_round, find_player, withdrawn
from caddy.serve.lineups import lineup_change, lineup_round, lineups
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

    from caddy.event.replay import State
    from caddy.event.session import Session
    from caddy.serve.writer import Change

#: The result words offered (the first word of each result ``caddy result`` reads).
WORDS = ("1-0", "0-1", "1/2", "+-", "-+", "--")
BYES = ("half", "zero", "full", "pab")


def _arbiter(request: Request) -> bool:
    return parts(request).sessions.is_arbiter(session_id(request))


async def login(request: Request) -> Response:
    """The sign-in page, and the secret checked (a new session id on success)."""
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
    """Sign the browser out."""
    form = await checked_form(request)
    if isinstance(form, Response):
        return form
    sid = session_id(request)
    if sid:
        parts(request).sessions.sign_out(sid)
    return back("/")


def dashboard(request: Request) -> Response:
    """The arbiter's page: the round's boards and every form (docs/serve.md)."""
    if not _arbiter(request):
        return back("/arbiter/login")
    p = parts(request)
    try:
        snap = p.live.snapshot()
        reports = {(r.key.round, r.key.board): r for r in p.store.reports()}
        state = snap.state
        number = _chosen_round(request, state)
        entered = p.store.entered(number) if number else []
    except CaddyError as exc:
        return problem(request, 503, *exc.problems)
    lineup_problems: tuple[str, ...] = ()
    try:  # the rest of the page stands without them
        team_lineups = lineups(state)
    except CaddyError as exc:
        team_lineups, lineup_problems = [], tuple(exc.problems)
    rows = board_rows(state, number, reports)
    last = state.event.operations[-1] if state.event.operations else None
    return page(
        request,
        "arbiter.html",
        title=f"Arbiter: {state.event.tournament.name or 'event'}",
        event=state.event.tournament,
        number=number,
        rounds=range(1, len(state.rounds) + 1),
        rows=rows,
        entered=[
            (board, word, time.strftime("%H:%M:%S", time.localtime(at)))
            for board, word, at in entered
        ],
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
        lineups=team_lineups,
        lineup_problems=lineup_problems,
        lineup_round=lineup_round(state),
    )


def _chosen_round(request: Request, state: State) -> int:
    """The round the page shows: ``?round=N`` when it names a paired round,
    else the round being played."""
    asked = request.query_params.get("round", "")
    if asked.isascii() and asked.isdigit() and 1 <= int(asked) <= len(state.rounds):
        return int(asked)
    return current_round(state)


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
    where = "/arbiter"
    shown = field(form, "round")
    if action == "result" and shown.isascii() and shown.isdigit() and len(shown) < 6:
        where = f"/arbiter?round={int(shown)}"
    try:
        change = builder(request, form)
    except CaddyError as exc:
        flash(request, "error", exc.problems)
        return back(where)
    apply = functools.partial(parts(request).writer.apply, check_history=action != "undo")
    outcome = await run_in_threadpool(apply, change)
    flash(request, "ok" if outcome.ok else "error", outcome.lines)
    if outcome.ok:
        with contextlib.suppress(CaddyError):  # the next page says what is wrong
            await run_in_threadpool(_settle, request)
    return back(where)


def _settle(request: Request) -> None:
    """Drop the reports of boards that are no longer waiting."""
    p = parts(request)
    state = p.live.snapshot().state
    p.store.settle(board_keys(state), board_keys(state, open_only=True))


def _int(form: FormData, name: str, default: int | None = None) -> int:
    text = field(form, name)
    if not text and default is not None:
        return default
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise CaddyError(f"{name}: expected a number, got {text!r}")
    return int(text)


def _word(text: str) -> str:
    """A result word as ``caddy result`` records it (``½-½`` is ``1/2``)."""
    if not text:
        raise CaddyError("choose the result first")
    if text not in RESULT_WORDS:
        raise CaddyError(f"result {text!r}: expected one of {', '.join(WORDS)}")
    return WORD_OF_CODES[RESULT_WORDS[text]]


def _result(request: Request, form: FormData) -> Change:
    rnd, board = _int(form, "round"), _int(form, "board")
    word = _word(field(form, "result"))
    shown = field(form, "shown")  # the board's result on the page the arbiter saw

    def change(session: Session) -> str:
        state = session.state
        if not 1 <= rnd <= len(state.rounds) or not 1 <= board <= len(state.rounds[rnd - 1].white):
            raise CaddyError(f"round {rnd} has no board {board}")
        played = state.rounds[rnd - 1]
        game = played.boards[board - 1]
        now = " ".join(game.results)
        if now != shown:
            raise CaddyError(
                f"round {rnd} board {board}: {now or 'no result'} is recorded now, not "
                f"{shown or 'no result'} as the page showed: look again"
            )
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
    force = field(form, "force") == "yes"
    if kind not in BYES:
        raise CaddyError(f"bye {kind!r}: expected one of {', '.join(BYES)}")

    def change(session: Session) -> str:
        player = find_player(session.state, who)
        note = record_bye(session, player, rnd, kind, force=force)
        operation = RecordBye(round=rnd, player=player, kind=kind)
        return f"recorded: {describe(operation, session.event)}{note}"

    return change


def _withdraw(request: Request, form: FormData) -> Change:
    who = field(form, "player")

    def change(session: Session) -> str:
        state = session.state
        player = find_player(state, who)
        # as caddy withdraw: after the last round with a result or a bye of theirs
        after = _int(form, "after", last_round_of(state, player))
        operation = Withdraw(player=player, after_round=after)
        session.apply(operation)
        effect = withdrawal_effect(state, player, after)
        return f"recorded: {describe(operation, session.event)}: {effect}"

    return change


def _add(request: Request, form: FormData) -> Change:
    name, missed = field(form, "name"), field(form, "missed")
    rating = _int(form, "rating") if field(form, "rating") else None
    check_entry(name, rating)  # as caddy add checks it
    if missed not in ("zero", "half"):
        raise CaddyError("missed rounds: zero or half")
    title, federation, fide_id = entry_details(
        field(form, "title"), field(form, "federation"), field(form, "fide_id")
    )
    player = Player(name=name, rating=rating, title=title, federation=federation, fide_id=fide_id)

    def change(session: Session) -> str:
        number, effect = add_player(session, player, missed)
        shown = "unrated" if rating is None else f"rating {rating}"
        return f"added: {name} ({number}), {shown}: {effect}"

    return change


def _undo(request: Request, form: FormData) -> Change:
    expected, shown = _int(form, "operations"), field(form, "last")

    def change(session: Session) -> str:
        before = session.event
        last = describe(before.operations[-1], before) if before.operations else ""
        if len(before.operations) != expected or last != shown:
            raise CaddyError("the event changed since the page was shown: look again, then undo")
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
    "lineup": lineup_change,
}


def sheet_page(request: Request) -> Response:
    """The pairing sheet with a QR code per board (``--player-entry``)."""
    if not _arbiter(request):
        return back("/arbiter/login")
    # lazy: segno draws the codes only for this page
    from caddy.serve.boards import qr_rows

    p = parts(request)
    base = p.base_url or f"{request.url.scheme}://{request.url.netloc}"
    try:
        state = p.live.snapshot().state
        number = current_round(state)
        rows = qr_rows(state, number, p.store, base) if p.player_entry else []
    except CaddyError as exc:
        return problem(request, 503, *exc.problems)
    name = state.event.tournament.name or "Event"
    return page(
        request,
        "sheet.html",
        title=f"{name}: round {number}, boards",
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
