"""What every route of ``caddy serve`` shares: the app's parts
(:class:`Parts`), Jinja2 pages with autoescaping, the session cookie and the
CSRF check of a posted form, one-line messages."""

from __future__ import annotations

import threading
from importlib import resources
from typing import TYPE_CHECKING, Any

import attrs
import jinja2
from starlette.responses import HTMLResponse, RedirectResponse, Response

from caddy.serve.security import RateLimit, Sessions, TooLarge

if TYPE_CHECKING:
    from starlette.datastructures import FormData
    from starlette.requests import Request

    from caddy.plugins.host import PluginHost
    from caddy.serve.live import LiveEvent
    from caddy.serve.store import BoardKey, Store
    from caddy.serve.writer import Writer


#: What the public and the players are told while the event file or the
#: store cannot be used (the arbiter's pages say why, file and line).
UNREADABLE = "the event cannot be read just now (the arbiter is changing it): try again shortly"


#: The most browsers whose next page has lines waiting (the oldest go first).
MAX_FLASHES = 10_000


@attrs.define
class Parts:
    """The app's parts, one of each per server."""

    live: LiveEvent
    writer: Writer
    store: Store
    sessions: Sessions
    secret: str
    player_entry: bool
    #: ``caddy publish``'s folder for the arbiter's Publish button (``None``: no button).
    publish_to: str | None = None
    host: PluginHost | None = None
    #: Whether the session cookie is sent over HTTPS only (behind a TLS proxy).
    secure_cookie: bool = False
    logins: RateLimit = attrs.Factory(lambda: RateLimit(10, 60.0))
    guesses: RateLimit = attrs.Factory(lambda: RateLimit(30, 60.0))
    entries: RateLimit = attrs.Factory(lambda: RateLimit(12, 60.0))
    flashes: dict[str, list[tuple[str, str]]] = attrs.Factory(dict)
    #: The address the pairing sheet's links use (``http://192.168.1.20:8080``);
    #: ``None``: the address the arbiter's browser used.
    base_url: str | None = None
    #: How often an open page asks whether it changed (milliseconds; static/live.js).
    poll_ms: int = 3000
    _locks: dict[tuple[int, int], threading.Lock] = attrs.Factory(dict)
    _locks_lock: threading.Lock = attrs.Factory(threading.Lock)

    def boards(self, key: BoardKey) -> threading.Lock:
        """The lock of one board: its reports are decided one at a time."""
        with self._locks_lock:
            return self._locks.setdefault((key.round, key.board), threading.Lock())


_ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(resources.files("caddy.serve") / "templates")),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
)


def parts(request: Request) -> Parts:
    """The app's parts (:class:`Parts`) for ``request``."""
    found: Parts = request.app.state.parts
    return found


def session_id(request: Request) -> str | None:
    """The browser's session id from its cookie (``None``: none, or not one of ours)."""
    sid = request.cookies.get(Sessions.COOKIE)
    return sid if sid and len(sid) < 100 else None


def page(request: Request, template: str, status: int = 200, **values: Any) -> HTMLResponse:
    """A page from ``template``; a browser without a session gets its cookie."""
    p = parts(request)
    sid = session_id(request)
    fresh = sid is None
    if sid is None:
        sid = Sessions.new_id()
    flashes = p.flashes.pop(sid, [])
    html = _ENV.get_template(template).render(
        csrf=p.sessions.csrf(sid), flashes=flashes, poll=p.poll_ms, **values
    )
    response = HTMLResponse(html, status_code=status)
    if fresh:
        set_cookie(request, response, sid)
    return response


def set_cookie(request: Request, response: Response, sid: str) -> None:
    """The session cookie: ``HttpOnly``, ``SameSite=Strict``, the whole app."""
    response.set_cookie(
        Sessions.COOKIE,
        sid,
        httponly=True,
        samesite="strict",
        secure=parts(request).secure_cookie,
        path="/",
    )


def flash(request: Request, kind: str, lines: tuple[str, ...] | list[str]) -> None:
    """Lines to show on the next page of this browser (``ok`` or ``error``)."""
    sid = session_id(request)
    if sid is None:
        return
    flashes = parts(request).flashes
    if sid not in flashes and len(flashes) >= MAX_FLASHES:  # browsers that never came back
        del flashes[next(iter(flashes))]
    flashes.setdefault(sid, []).extend((kind, line) for line in lines)


def back(url: str) -> RedirectResponse:
    """After a POST: to a page by GET (303)."""
    return RedirectResponse(url, status_code=303)


async def checked_form(request: Request) -> FormData | Response:
    """The posted form when its CSRF token is this browser's, else a 403 page."""
    try:
        form = await request.form(max_files=0, max_fields=50, max_part_size=16 * 1024)
    except TooLarge:
        raise  # the guard answers 413
    except Exception:  # a malformed body
        return problem(request, 400, "the form could not be read")
    token = form.get("csrf")
    if not parts(request).sessions.csrf_ok(
        session_id(request), token if isinstance(token, str) else None
    ):
        return problem(
            request, 403, "the form is out of date or came from another site: reload the page"
        )
    return form


def field(form: FormData, name: str) -> str:
    """A text field of ``form``, stripped (``""``: missing or a file)."""
    value = form.get(name)
    return value.strip() if isinstance(value, str) else ""


def problem(request: Request, status: int, *lines: str) -> HTMLResponse:
    """A page that names what was wrong, one line per problem."""
    return page(request, "problem.html", status=status, lines=lines)
