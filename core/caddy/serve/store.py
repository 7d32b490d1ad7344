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
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from collections.abc import Iterator

SCHEMA = """
CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    white INTEGER NOT NULL,
    black INTEGER NOT NULL,
    UNIQUE (round, board, white, black)
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


class Store:
    """The tokens and reports of one event (thread-safe: one connection, one lock)."""

    def __init__(self, path: str) -> None:
        self.path = path
        fresh = not Path(path).exists()
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        if fresh:
            with contextlib.suppress(OSError):
                Path(path).chmod(0o600)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)

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

    def token_for(self, key: BoardKey) -> str:
        """The board's token (made the first time it is asked for)."""
        with self._tx() as db:
            row = db.execute(
                "SELECT token FROM tokens WHERE round=? AND board=? AND white=? AND black=?",
                (key.round, key.board, key.white, key.black),
            ).fetchone()
            if row is not None:
                return str(row[0])
            token = secrets.token_urlsafe(16)
            db.execute(
                "INSERT INTO tokens VALUES (?, ?, ?, ?, ?)",
                (token, key.round, key.board, key.white, key.black),
            )
            return token

    def board_of(self, token: str) -> BoardKey | None:
        """The board a token was made for (``None``: no such token)."""
        with self._lock:
            row = self._db.execute(
                "SELECT round, board, white, black FROM tokens WHERE token=?", (token,)
            ).fetchone()
        return None if row is None else BoardKey(*row)

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

    def report(self, key: BoardKey) -> Report | None:
        """The report waiting on the board, if any."""
        with self._lock:
            row = self._db.execute(
                "SELECT result, side, device, disputed FROM reports "
                "WHERE round=? AND board=? AND white=? AND black=?",
                (key.round, key.board, key.white, key.black),
            ).fetchone()
        return None if row is None else Report(key, row[0], row[1], row[2], row[3])

    def reports(self) -> list[Report]:
        """Every report waiting, by round and board."""
        with self._lock:
            rows = self._db.execute(
                "SELECT round, board, white, black, result, side, device, disputed FROM reports "
                "ORDER BY round, board"
            ).fetchall()
        return [Report(BoardKey(*row[:4]), row[4], row[5], row[6], row[7]) for row in rows]

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

    def dispute(self, key: BoardKey, other: str) -> None:
        """The opponent reported ``other``: the report is flagged to the arbiter."""
        with self._tx() as db:
            db.execute(
                "UPDATE reports SET disputed=? WHERE round=? AND board=?",
                (other, key.round, key.board),
            )

    def drop_report(self, key: BoardKey) -> None:
        """The board's report is settled (written, or the arbiter decided)."""
        with self._tx() as db:
            db.execute("DELETE FROM reports WHERE round=? AND board=?", (key.round, key.board))
