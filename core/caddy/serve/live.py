"""The event as its file holds it now, for the pages of ``caddy serve``.

The server never keeps the event in memory as the truth: every request asks
:meth:`LiveEvent.snapshot`, which compares the file's identity (device,
inode, size, modification time) with the one it read last and reads the file
again when it changed (``caddy result`` in a terminal, a write of the
server's own, an editor). What it derives from a snapshot (the public pages,
rendered once per version) is cached beside it and dropped with it.
"""

from __future__ import annotations

import hashlib
import re
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError
from caddy.event.session import read
from caddy.publish.pages import (
    CROSSTABLE,
    INDEX,
    Context,
    context,
    crosstable_report,
    index_report,
    round_report,
    standings_report,
)
from caddy.publish.players import player_lines, player_report
from caddy.publish.ratings import with_rating_cards
from caddy.publish.site import rendered, state_reports
from caddy.views.source import knockout_only

if TYPE_CHECKING:
    from caddy.event.replay import State
    from caddy.plugins.host import PluginHost

Identity = tuple[int, int, int, int]

#: The names a published site's pages can have (:mod:`caddy.publish.site`);
#: a request for any other name is answered without building anything.
PAGE_NAME = re.compile(
    r"(index|crosstable|prizes|norms|team-crosstable|board-prizes"
    r"|(round|standings|team-standings|player)-[1-9][0-9]{0,4})\.html"
)


def identity(path: str) -> Identity | None:
    """The file's identity: device, inode, size, modification time (ns);
    ``None`` when it cannot be read."""
    try:
        st = Path(path).stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


@attrs.define
class Snapshot:
    """One version of the event file: its replayed state and, once asked
    for, its public pages (HTML bytes by page name)."""

    identity: Identity
    state: State
    version: str
    #: Pages rendered so far (HTML bytes by page name).
    pages: dict[str, bytes] = attrs.Factory(dict)
    #: Every page of the site, once one that is not built alone was asked for.
    site: dict[str, bytes] | None = None
    context: Context | None = None
    #: Each player's rank, points and TPR line (:func:`caddy.publish.players.player_lines`).
    lines: dict[int, tuple[str, ...]] | None = None
    #: Held while this version's pages are built (not the reading of the file).
    building: threading.Lock = attrs.Factory(threading.Lock)


def page_version(page: bytes) -> str:
    """A page's tag: a hash of its bytes."""
    return hashlib.sha256(page).hexdigest()[:16]


class LiveEvent:
    """The event file at ``path``, read again whenever its identity changes.

    A file that no longer reads (half-written by hand, removed) raises
    :class:`~caddy.errors.CaddyError` from :meth:`snapshot`; the pages then
    say so and the arbiter's writes are refused until it reads again."""

    def __init__(self, path: str, host: PluginHost | None = None) -> None:
        self.path = path
        self.host = host
        self._lock = threading.Lock()
        self._snapshot: Snapshot | None = None

    def snapshot(self) -> Snapshot:
        """The event now (read again if the file changed since the last read)."""
        now = identity(self.path)
        if now is None:
            raise CaddyError(f"{self.path}: cannot read the event file")
        current = self._snapshot
        if current is not None and current.identity == now:
            return current  # unchanged: no lock, no wait
        with self._lock:
            current = self._snapshot
            if current is not None and current.identity == now:
                return current
            state = read(self.path, host=self.host).state
            version = hashlib.sha256(repr(now).encode()).hexdigest()[:16]
            self._snapshot = Snapshot(now, state, version)
            return self._snapshot

    def version(self, name: str | None = None) -> str:
        """A short tag that changes whenever the event file does; with
        ``name``, whenever that public page does (a page a result elsewhere
        does not touch keeps its tag, and is not reloaded)."""
        if name is None:
            return self.snapshot().version
        _, page = self.page(name)
        return "" if page is None else page_version(page)

    def page(self, name: str) -> tuple[Snapshot, bytes | None]:
        """The public page ``name`` of the event now (``None``: no such page),
        rendered once per version: the index, a round's pairings, the
        standings after a round, the crosstable and a player's page alone,
        any other page (prizes, a team event's pages) with the whole site as
        ``caddy publish`` builds it (the same reports, the same renderer)."""
        if not PAGE_NAME.fullmatch(name):
            return self.snapshot(), None  # no such page on any site: nothing is built
        snap = self.snapshot()
        with snap.building:
            if name not in snap.pages:
                page = self._one(snap, name)
                if page is None:
                    if snap.site is None:
                        snap.site = rendered(state_reports(snap.state, self.host), self.host)
                    page = snap.site.get(name)
                if page is None:
                    return snap, None
                snap.pages[name] = page
            return snap, snap.pages[name]

    def _one(self, snap: Snapshot, name: str) -> bytes | None:
        state = snap.state
        if snap.context is None:
            snap.context = context(state, self.host)
        ctx = snap.context
        if ctx.teams:
            return None
        report = None
        if name == INDEX:
            report = index_report(ctx)
        elif name == CROSSTABLE and state.rounds and (ctx.done or knockout_only(state)):
            report = crosstable_report(ctx)
        else:
            kind, _, rest = name.removesuffix(".html").partition("-")
            number = int(rest) if rest.isascii() and rest.isdigit() and len(rest) < 5 else 0
            if kind == "round" and 1 <= number <= len(state.rounds):
                report = round_report(ctx, number)
            elif kind == "standings" and 1 <= number <= ctx.done and not knockout_only(state):
                report = standings_report(ctx, number)
            elif kind == "player" and 1 <= number <= len(state.event.tournament.players):
                if snap.lines is None:
                    snap.lines = player_lines(ctx)
                pages = {number: player_report(ctx, number, snap.lines)}
                report = with_rating_cards(ctx, pages)[number]
        if report is None:
            return None
        return rendered({name: report}, self.host)[name]
