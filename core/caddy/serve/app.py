"""The ASGI app of ``caddy serve``: :func:`create_app`.

Routes (nothing else is served; any other path is a 404):

- ``GET /`` and ``GET /{page}.html``: the public pages, the very pages
  ``caddy publish`` writes (:mod:`caddy.publish`), with a small script that
  reloads them when the event changes (they read fine without it);
- ``GET /live/version``: a tag that changes when the event file does
  (what the script polls);
- ``GET /static/{name}``: the app's stylesheet and script;
- ``/arbiter...``: the arbiter's pages (:mod:`caddy.serve.arbiter`);
- ``/board/{token}``: a board's result entry from a phone
  (:mod:`caddy.serve.players`), with ``--player-entry`` only.
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from caddy.errors import CaddyError
from caddy.serve.arbiter import ROUTES as ARBITER_ROUTES
from caddy.serve.live import LiveEvent, page_version
from caddy.serve.players import ROUTES as PLAYER_ROUTES
from caddy.serve.security import Guard, Sessions
from caddy.serve.store import Store, store_path
from caddy.serve.web import UNREADABLE, Parts, parts, problem
from caddy.serve.writer import Writer

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.types import ASGIApp

    from caddy.plugins.host import PluginHost

#: The files under ``/static/`` (by name; nothing else is read from disk).
STATIC = {
    "serve.css": "text/css; charset=utf-8",
    "live.js": "text/javascript; charset=utf-8",
}

#: Where the live script goes in a published page.
SCRIPT = '<script src="/static/live.js" defer></script>'


def create_app(
    event_path: str,
    *,
    secret: str,
    player_entry: bool = False,
    publish_to: str | None = None,
    host: PluginHost | None = None,
    secure_cookie: bool = False,
    allowed_hosts: list[str] | None = None,
    base_url: str | None = None,
    poll_seconds: float = 3.0,
) -> ASGIApp:
    """The app on the event file ``event_path``; the arbiter signs in with ``secret``.

    :param allowed_hosts: the ``Host`` headers answered (the address served
        and ``localhost``; a request naming another host, as a DNS-rebinding
        page would, gets a 400); ``None``: any.
    :param base_url: the address the pairing sheet's links use (``None``:
        the one the arbiter's browser used).
    :param poll_seconds: how often an open page asks whether it changed."""
    live = LiveEvent(event_path, host)
    live.snapshot()  # a file that does not read is refused before the server starts
    the_parts = Parts(
        live=live,
        writer=Writer(event_path, host),
        store=Store(store_path(event_path)),
        sessions=Sessions(),
        secret=secret,
        player_entry=player_entry,
        publish_to=publish_to,
        host=host,
        secure_cookie=secure_cookie,
        base_url=base_url,
        poll_ms=max(100, round(poll_seconds * 1000)),
    )
    routes = [
        Route("/", public_page, methods=["GET"]),
        Route("/live/version", version, methods=["GET"]),
        Route("/static/{name}", static, methods=["GET"]),
        *ARBITER_ROUTES,
        *PLAYER_ROUTES,
        Route("/{name}", public_page, methods=["GET"]),
    ]
    middleware = []
    if allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    app = Starlette(routes=routes, middleware=middleware)
    app.state.parts = the_parts
    return Guard(app)


def public_page(request: Request) -> Response:
    """A page of the published site, by its file name."""
    name = request.path_params.get("name", "index.html")
    if not name.endswith(".html") or "/" in name or "\\" in name:
        return problem(request, 404, f"no page {name!r}")
    live = parts(request).live
    try:
        _, html = live.page(name)
    except CaddyError:
        return problem(request, 503, UNREADABLE)
    if html is None:
        return problem(request, 404, f"no page {name!r} (yet)")
    marker = (
        f'<meta name="caddy-version" content="{page_version(html)}" data-page="{name}"'
        f' data-poll="{parts(request).poll_ms}">'
        f"{SCRIPT}</head>"
    )
    body = html.replace(b"</head>", marker.encode(), 1)
    return Response(body, media_type="text/html; charset=utf-8")


def version(request: Request) -> Response:
    """``{"version": tag}``: the event's tag, or with ``?page=NAME`` that page's."""
    name = request.query_params.get("page")
    try:
        tag = parts(request).live.version(name)
    except CaddyError:
        return JSONResponse({"error": UNREADABLE}, status_code=503)
    return JSONResponse({"version": tag})


async def static(request: Request) -> Response:
    """One of :data:`STATIC`'s files, by name (nothing else)."""
    name = request.path_params["name"]
    media = STATIC.get(name)
    if media is None:
        return PlainTextResponse("not found\n", status_code=404)
    data = (resources.files("caddy.serve") / "static" / name).read_bytes()
    return Response(data, media_type=media)


__all__ = ["STATIC", "Parts", "create_app"]
