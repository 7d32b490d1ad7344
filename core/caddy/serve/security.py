"""The defences of ``caddy serve`` (docs/serve.md has the threat model).

- :class:`Guard`, an ASGI middleware: a request body over the limit is
  refused (413) before it is read whole; every answer carries a
  content-security policy (scripts and styles from the app only, inline
  styles for the pages ``caddy publish`` renders, no frames, forms post to
  the app only) and ``nosniff``/``no-referrer``/``DENY`` headers.
- :class:`Sessions`: a random cookie per browser (``HttpOnly``,
  ``SameSite=Strict``), the arbiter's signed-in sessions, and the CSRF token
  of every form (an HMAC of the cookie under a key drawn at start): a POST
  without the right token changes nothing.
- :class:`RateLimit`: a fixed window per client address and purpose (secret
  guesses, token guesses, result entries).
- :func:`same_secret`: the arbiter's secret compared in constant time.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The largest request body accepted (a form of a round's results is far smaller).
MAX_BODY = 64 * 1024

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'"
)

HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]


class Guard:
    """Body limit and security headers around the app."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _plain(send, 413, "the request is too large")
            return
        seen = 0
        too_big = False

        async def limited() -> Message:
            nonlocal seen, too_big
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    too_big = True
                    raise TooLarge
            return message

        started = False

        async def with_headers(message: Message) -> None:
            nonlocal started
            if too_big:  # whatever the app answers to a body over the limit: a 413
                if not started:
                    started = True
                    await _plain(send, 413, "the request is too large")
                return
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        with contextlib.suppress(TooLarge):
            await self.app(scope, limited, with_headers)
        if too_big and not started:
            await _plain(send, 413, "the request is too large")


class TooLarge(Exception):
    """A request body went over the limit while it was read (a 413)."""


async def _plain(send: Send, status: int, text: str) -> None:
    body = (text + "\n").encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                *HEADERS,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def same_secret(given: str, secret: str) -> bool:
    """``given`` is the arbiter's secret (constant time in its content)."""
    return hmac.compare_digest(
        hashlib.sha256(given.encode("utf-8", "surrogatepass")).digest(),
        hashlib.sha256(secret.encode("utf-8")).digest(),
    )


class Sessions:
    """Browser sessions: a random id in a cookie; the arbiter's signed-in ids;
    CSRF tokens derived from the id (nothing of a player's kept)."""

    COOKIE = "caddy_session"

    def __init__(self) -> None:
        self._key = secrets.token_bytes(32)
        self._arbiters: set[str] = set()
        self._lock = threading.Lock()

    @staticmethod
    def new_id() -> str:
        return secrets.token_urlsafe(24)

    def csrf(self, sid: str) -> str:
        """The CSRF token of the session ``sid``."""
        return hmac.new(self._key, sid.encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, sid: str | None, token: str | None) -> bool:
        if not sid or not token:
            return False
        return hmac.compare_digest(self.csrf(sid), token)

    def sign_in(self, sid: str) -> None:
        with self._lock:
            self._arbiters.add(sid)

    def sign_out(self, sid: str) -> None:
        with self._lock:
            self._arbiters.discard(sid)

    def is_arbiter(self, sid: str | None) -> bool:
        with self._lock:
            return sid is not None and sid in self._arbiters


class RateLimit:
    """At most ``limit`` events per ``window`` seconds per key (fixed windows)."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._counts: dict[str, tuple[float, int]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        """Count one event for ``key``: ``False`` once the window's limit is spent."""
        now = time.monotonic()
        with self._lock:
            start, count = self._counts.get(key, (now, 0))
            if now - start >= self.window:
                start, count = now, 0
            if count >= self.limit:
                self._counts[key] = (start, count)
                return False
            self._counts[key] = (start, count + 1)
            if len(self._counts) > 10_000:  # forget old windows
                self._counts = {k: v for k, v in self._counts.items() if now - v[0] < self.window}
            return True
