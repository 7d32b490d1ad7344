"""What ``caddy serve`` keeps beside the event file: the board tokens of the
players' result entry and the reports that wait for a confirmation.

A SQLite database (the standard library's :mod:`sqlite3`) named after the
event file (``club.json`` → ``club.json.serve.sqlite``), readable by its
owner only. The event file stays the one truth of results: a report becomes a
result only when it is written there (:mod:`caddy.serve.writer`); what waits
here survives a restart of the server.

A token is 128 bits from :mod:`secrets` for one board of one round and its two
players; it expires when the round is no longer the event's last, or when
that board's pairing changes (an undone and re-paired round): the link then
says so (:func:`caddy.serve.boards.live_board`).
"""

from __future__ import annotations

import contextlib
import functools
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

SCHEMA = """
CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    white INTEGER NOT NULL,
    black INTEGER NOT NULL,
    UNIQUE (round, board, white, black)
);
CREATE TABLE IF NOT EXISTS entered (
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    result TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS reports (
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    white INTEGER NOT NULL,
    black INTEGER NOT NULL,
    result TEXT NOT NULL,
    side TEXT NOT NULL,
    device TEXT NOT NULL,
    disputed TEXT,
    at REAL NOT NULL,
    PRIMARY KEY (round, board)
);
"""


@attrs.frozen
class BoardKey:
    """One board of one round, with its players (a re-pairing changes them)."""

    round: int
    board: int
    white: int
    black: int


@attrs.frozen
class Report:
    """A result reported from a player's phone, waiting for the opponent or
    the arbiter. ``side``: who reported (``white``/``black``); ``disputed``:
    the other result the opponent reported, when they disagree."""

    key: BoardKey
    result: str
    side: str
    device: str
    disputed: str | None = None


def store_path(event_path: str) -> str:
    """The store of the event file ``event_path``."""
    return f"{event_path}.serve.sqlite"


def _guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """A SQLite error (the file locked by another program, a full disk) as
    one line naming the store (:class:`~caddy.errors.CaddyError`)."""

    @functools.wraps(method)
    def guarded(self: Store, *args: Any) -> Any:
        try:
            return method(self, *args)
        except sqlite3.Error as exc:
            name = Path(self.path).name
            raise CaddyError(f"{name}: the reports' store cannot be used now ({exc})") from None

    return guarded


class Store:
    """The tokens and reports of one event (thread-safe: one connection, one lock)."""

    @_guarded
    def __init__(self, path: str) -> None:
        self.path = path
        fresh = not Path(path).exists()
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=2.0)
        if fresh:
            with contextlib.suppress(OSError):
                Path(path).chmod(0o600)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)

    @_guarded
    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @_guarded
    def tokens_for(self, keys: list[BoardKey]) -> dict[BoardKey, str]:
        """The boards' tokens, those not made yet made in one transaction (a
        300-board sheet: one write to the disk, not 300)."""
        found = {}
        with self._tx() as db:
            for key in keys:
                row = db.execute(
                    "SELECT token FROM tokens WHERE round=? AND board=? AND white=? AND black=?",
                    (key.round, key.board, key.white, key.black),
                ).fetchone()
                if row is None:
                    row = (secrets.token_urlsafe(16),)
                    db.execute(
                        "INSERT INTO tokens VALUES (?, ?, ?, ?, ?)",
                        (row[0], key.round, key.board, key.white, key.black),
                    )
                found[key] = str(row[0])
        return found

    @_guarded
    def board_of(self, token: str) -> BoardKey | None:
        """The board a token was made for (``None``: no such token)."""
        with self._lock:
            row = self._db.execute(
                "SELECT round, board, white, black FROM tokens WHERE token=?", (token,)
            ).fetchone()
        return None if row is None else BoardKey(*row)

    @_guarded
    def settle(self, live: set[BoardKey], waiting: set[BoardKey]) -> None:
        """Drop the reports of boards that no longer wait: every report not in
        ``waiting`` (the boards of the round being played still without a
        result). A token stays known, so that an old link says it expired
        (it is good only for a board in ``live``)."""
        with self._tx() as db:
            rows = db.execute("SELECT round, board, white, black FROM reports").fetchall()
            for row in rows:
                if BoardKey(*row) not in waiting:
                    db.execute(
                        "DELETE FROM reports WHERE round=? AND board=? AND white=? AND black=?",
                        row,
                    )

    @_guarded
    def report(self, key: BoardKey) -> Report | None:
        """The report waiting on the board, if any."""
        with self._lock:
            row = self._db.execute(
                "SELECT result, side, device, disputed FROM reports "
                "WHERE round=? AND board=? AND white=? AND black=?",
                (key.round, key.board, key.white, key.black),
            ).fetchone()
        return None if row is None else Report(key, row[0], row[1], row[2], row[3])

    @_guarded
    def reports(self) -> list[Report]:
        """Every report waiting, by round and board."""
        with self._lock:
            rows = self._db.execute(
                "SELECT round, board, white, black, result, side, device, disputed FROM reports "
                "ORDER BY round, board"
            ).fetchall()
        return [Report(BoardKey(*row[:4]), row[4], row[5], row[6], row[7]) for row in rows]

    @_guarded
    def put_report(self, report: Report) -> None:
        """Keep ``report`` (the board's first report)."""
        key = report.key
        with self._tx() as db:
            db.execute(
                "INSERT OR REPLACE INTO reports VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    key.round,
                    key.board,
                    key.white,
                    key.black,
                    report.result,
                    report.side,
                    report.device,
                    report.disputed,
                    time.time(),
                ),
            )

    @_guarded
    def dispute(self, key: BoardKey, other: str) -> None:
        """The opponent reported ``other``: the report is flagged to the arbiter."""
        with self._tx() as db:
            db.execute(
                "UPDATE reports SET disputed=? WHERE round=? AND board=?",
                (other, key.round, key.board),
            )

    @_guarded
    def confirmed(self, report: Report) -> None:
        """``report`` was confirmed and written to the event file: it is
        dropped (unless a newer report took its place meanwhile) and logged
        for the arbiter (:meth:`entered`)."""
        key = report.key
        with self._tx() as db:
            db.execute(
                "DELETE FROM reports WHERE round=? AND board=? AND result=? AND side=? AND device=?",
                (key.round, key.board, report.result, report.side, report.device),
            )
            db.execute(
                "INSERT INTO entered VALUES (?, ?, ?, ?)",
                (key.round, key.board, report.result, time.time()),
            )

    @_guarded
    def entered(self, number: int) -> list[tuple[int, str, float]]:
        """The results of round ``number`` written from phones: (board, result, time)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT board, result, at FROM entered WHERE round=? ORDER BY at", (number,)
            ).fetchall()
        return [(int(b), str(r), float(t)) for b, r, t in rows]
