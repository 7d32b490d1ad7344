"""FIDE rating lists stored in one SQLite file, for instant look-ups
(``caddy ratings import``, ``caddy ratings find``, ``caddy new --rating-list``,
``caddy add --fide-id``).

One file holds any number of lists. The table ``lists`` has a row per list
(name, date, kind, format, players, and a TXT list's header line) and
``players`` a row per player of a list: the list's id, the FIDE ID, the name
folded for search (``name_key``) and the player's line as the list has it (an
XML list's: its row written as a Python tuple), read with the list's own
columns (:mod:`caddy.ratings.lists`) when the player is looked up. Indexed on
``fide_id`` and on ``name_key`` (a name prefix is the range ``name_key >= ?
AND name_key < ?``). Keeping the line makes an import write four values a
player: a 1.7 M-line list is in within issue 26's 30 s. The table
``caddy_store`` marks the file as caddy's. docs/rating-lists.md describes the
layout.

An import is one transaction: a failed one leaves the store as it was;
importing a list of the same name and date again replaces it.
"""

from __future__ import annotations

import ast
import datetime
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from caddy.errors import FileError
from caddy.ratings.list_keys import name_key, pack, unpack
from caddy.ratings.list_layout import ListKind, read_header
from caddy.ratings.list_txt import TxtRows
from caddy.ratings.lists import RatingList, Source, Warn, player_of

if TYPE_CHECKING:
    from types import TracebackType

    from caddy.model.ratings import ListedPlayer, RatingType

#: What ``caddy_store`` says of a store of this version.
SCHEMA = "caddy.rating-store"
VERSION = 2
#: Rows inserted at a time.
BATCH = 20_000
_TABLES = f"""
CREATE TABLE caddy_store (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE lists (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, date TEXT, kind TEXT NOT NULL, format TEXT NOT NULL,
    header TEXT, players INTEGER NOT NULL, first_row INTEGER, last_row INTEGER,
    imported TEXT NOT NULL
);
CREATE TABLE players (
    id INTEGER PRIMARY KEY, list_id INTEGER NOT NULL, fide_id INTEGER NOT NULL,
    name_key TEXT NOT NULL, line TEXT NOT NULL
);
INSERT INTO caddy_store VALUES ('schema', '{SCHEMA}'), ('version', '{VERSION}');
"""
_INDEXES = (
    "CREATE INDEX IF NOT EXISTS players_fide_id ON players (fide_id, list_id)",
    "CREATE INDEX IF NOT EXISTS players_name_key ON players (name_key)",
)
_INSERT = "INSERT INTO players (list_id, fide_id, name_key, line) VALUES (?, ?, ?, ?)"
_SELECT = "SELECT p.fide_id, p.list_id, p.line FROM players p JOIN lists l ON l.id = p.list_id"
#: The newest list first: by its date (a list without one, such as FIDE's
#: combined download, by the day it was imported: the list in force then),
#: then the latest import.
_NEWEST = "COALESCE(l.date, l.imported) DESC, l.id DESC"
#: Lists that carry a rating type: the combined list, or that type's own.
_OF_KIND = "l.kind IN ('combined', ?)"
#: The largest integer SQLite stores.
_MAX_ID = 2**63 - 1
#: Above every name key that starts with a prefix: the prefix and this.
_TOP = "\U0010ffff"


@attrs.frozen(kw_only=True)
class ListInfo:
    """One list in a store."""

    name: str
    date: datetime.date | None
    #: ``combined`` (all three ratings) or the rating type of a per-type list.
    kind: ListKind
    #: ``txt`` or ``xml``.
    format: str
    players: int


@attrs.frozen(kw_only=True)
class ImportSummary:
    """What :meth:`RatingStore.import_list` read."""

    list_name: str
    list_date: datetime.date | None
    kind: ListKind
    format: str
    #: Players read (and stored).
    players: int
    #: Lines (or XML players) that could not be read, each told to ``warn``.
    warnings: int
    #: Whether a list of the same name and date was replaced.
    replaced: bool


class RatingStore:
    """A SQLite file of FIDE rating lists (a context manager; :meth:`open` opens one)."""

    def __init__(self, connection: sqlite3.Connection, path: str) -> None:
        self._db = connection
        self._decoders: dict[int, Callable[[str], ListedPlayer]] = {}
        #: The file, as named.
        self.path = path

    @classmethod
    def open(cls, path: str | Path, *, create: bool = False) -> RatingStore:
        """The store in ``path`` (``create``: make it if there is none).

        :raises FileError: no such file (and not ``create``), or a file that is
            not a caddy rating store."""
        name = str(path)
        exists = Path(path).exists()
        if not exists and not create:
            raise FileError(
                f"{name}: no such rating store (caddy ratings import LIST -o {name} makes one)",
                path=name,
            )
        if exists and Path(path).is_dir():
            raise FileError(f"{name}: a folder, not a rating store", path=name)
        try:
            db = sqlite3.connect(name, isolation_level=None)
        except sqlite3.Error as exc:
            raise FileError(f"{name}: cannot open it ({exc})", path=name) from None
        try:
            cls._check(db, name, create=create)
        except BaseException:
            db.close()
            raise
        return cls(db, name)

    @staticmethod
    def _check(db: sqlite3.Connection, name: str, *, create: bool) -> None:
        not_ours = FileError(
            f"{name}: not a caddy rating store (a file of caddy ratings import)", path=name
        )
        try:
            tables = {
                row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            if not tables and create:
                db.executescript(_TABLES)
                return
            if "caddy_store" not in tables:
                raise not_ours
            found = dict(db.execute("SELECT key, value FROM caddy_store"))
        except sqlite3.Error:
            raise not_ours from None
        if found.get("schema") != SCHEMA:
            raise not_ours
        if found.get("version") != str(VERSION):
            raise FileError(
                f"{name}: a rating store of version {found.get('version')}; this caddy reads version {VERSION}",
                path=name,
            )

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def __enter__(self) -> RatingStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # -- importing --------------------------------------------------------------------------

    def import_list(
        self,
        source: Source,
        *,
        type: RatingType | None = None,
        warn: Warn | None = None,
        name: str | None = None,
        date: datetime.date | None = None,
    ) -> ImportSummary:
        """Read the FIDE list ``source`` (a path or a binary stream: TXT, XML,
        plain or zipped; :class:`caddy.ratings.lists.RatingList`) into the store,
        in one transaction; a list of the same name and date is replaced.
        ``date``: the list's date when the list does not say (FIDE's combined
        file does not).

        :raises FileError: the list cannot be read (the store is left as it was)."""
        self._decoders.clear()  # a list's id may be given again
        with RatingList(source, type=type, warn=warn, name=name) as ratings:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                summary = self._import(ratings, date)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return summary

    def _import(self, ratings: RatingList, given: datetime.date | None) -> ImportSummary:
        db = self._db
        dated = given or ratings.date
        date = dated.isoformat() if dated else None
        old = db.execute(
            "SELECT id, first_row, last_row FROM lists WHERE name = ? AND date IS ?",
            (ratings.name, date),
        ).fetchall()
        for list_id, first, last in old:
            db.execute("DELETE FROM players WHERE id BETWEEN ? AND ?", (first, last))
            db.execute("DELETE FROM lists WHERE id = ?", (list_id,))
        if db.execute("SELECT 1 FROM players LIMIT 1").fetchone() is None:
            # an empty table: the indexes are built once, after the rows are in
            db.execute("DROP INDEX IF EXISTS players_fide_id")
            db.execute("DROP INDEX IF EXISTS players_name_key")
        db.execute("PRAGMA cache_size = -32768")
        list_id = int(
            db.execute(
                "INSERT INTO lists (name, date, kind, format, header, players, imported) "
                "VALUES (?, ?, ?, ?, ?, 0, ?)",
                (
                    ratings.name,
                    date,
                    ratings.kind or "combined",
                    ratings.format,
                    ratings.header,
                    datetime.date.today().isoformat(),
                ),
            ).lastrowid
            or 0
        )
        first_row = (db.execute("SELECT MAX(id) FROM players").fetchone()[0] or 0) + 1
        for batch in _batches(ratings, list_id):
            db.executemany(_INSERT, batch)
        kind: ListKind = ratings.kind or ratings.type or "combined"
        db.execute(
            "UPDATE lists SET kind = ?, players = ?, first_row = ?, last_row = ? WHERE id = ?",
            (kind, ratings.players_read, first_row, first_row + ratings.players_read - 1, list_id),
        )
        for index in _INDEXES:
            db.execute(index)
        return ImportSummary(
            list_name=ratings.name,
            list_date=dated,
            kind=kind,
            format=ratings.format,
            players=ratings.players_read,
            warnings=ratings.warnings,
            replaced=bool(old),
        )

    # -- looking up ------------------------------------------------------------------------

    def player(
        self,
        fide_id: int,
        *,
        list_date: datetime.date | None = None,
        kind: RatingType | None = None,
    ) -> ListedPlayer | None:
        """The player ``fide_id`` of the newest list holding them (``list_date``:
        of a list of that date; ``kind``: of a list carrying that rating, the
        combined list or that type's own), or ``None``."""
        if not 0 <= fide_id <= _MAX_ID:  # beyond SQLite's integers: no one's
            return None
        where, values = "p.fide_id = ?", list[object]([fide_id])
        if list_date is not None:
            where, values = f"{where} AND l.date = ?", [*values, list_date.isoformat()]
        if kind is not None:
            where, values = f"{where} AND {_OF_KIND}", [*values, kind]
        rows = self._db.execute(f"{_SELECT} WHERE {where} ORDER BY {_NEWEST} LIMIT 1", values)
        found = [self._player(row) for row in rows]
        return found[0] if found else None

    def players(
        self, ids: Iterable[int], *, kind: RatingType | None = None
    ) -> dict[int, ListedPlayer]:
        """The players of ``ids`` found (each of the newest list holding them;
        ``kind``: of a list carrying that rating), by ID."""
        wanted = sorted(i for i in set(ids) if 0 <= i <= _MAX_ID)
        found: dict[int, ListedPlayer] = {}
        for at in range(0, len(wanted), 500):
            chunk = wanted[at : at + 500]
            marks = ", ".join("?" * len(chunk))
            only = f" AND {_OF_KIND}" if kind is not None else ""
            query = f"{_SELECT} WHERE p.fide_id IN ({marks}){only} ORDER BY p.fide_id, {_NEWEST}"
            for row in self._db.execute(query, [*chunk, kind] if kind is not None else chunk):
                if row[0] not in found:
                    found[row[0]] = self._player(row)
        return found

    def find(self, text: str, *, limit: int = 20) -> list[ListedPlayer]:
        """Players whose name starts with ``text`` (any case, accents and the
        space after a comma do not matter: ``carlsen, m`` finds ``Carlsen, Magnus``),
        or the player of the ID ``text`` (all digits); each once, of the newest
        list holding them, in name order; at most ``limit``."""
        wanted = text.strip()
        if wanted.isascii() and wanted.isdigit():
            found = self.player(int(wanted))
            return [found] if found is not None else []
        key = name_key(wanted)
        if not key or limit <= 0:
            return []
        lists = self._db.execute("SELECT COUNT(*) FROM lists").fetchone()[0]
        rows = self._db.execute(
            f"{_SELECT} WHERE p.name_key >= ? AND p.name_key < ? "
            f"ORDER BY p.name_key, p.fide_id, {_NEWEST} LIMIT ?",
            (key, key + _TOP, limit * max(lists, 1)),
        )
        result: dict[int, ListedPlayer] = {}
        for row in rows:
            if row[0] not in result:
                result[row[0]] = self._player(row)
        return list(result.values())[:limit]

    def _player(self, found: tuple[Any, ...]) -> ListedPlayer:
        """The player of a ``(fide_id, list_id, line)`` of the players table."""
        decode = self._decoders.get(found[1])
        if decode is None:
            decode = self._decoders[found[1]] = self._decoder(found[1])
        return decode(found[2])

    def _decoder(self, list_id: int) -> Callable[[str], ListedPlayer]:
        """How a line of the list ``list_id`` is read: with the list's own columns."""
        name, date, kind, fmt, header = self._db.execute(
            "SELECT name, date, kind, format, header FROM lists WHERE id = ?", (list_id,)
        ).fetchone()
        listed = _date(date)
        if fmt == "txt":
            rows = TxtRows(read_header(header), None if kind == "combined" else kind)
            return lambda line: player_of(rows.row(unpack(line)), name, listed)
        return lambda line: player_of(ast.literal_eval(line), name, listed)

    def lists(self) -> list[ListInfo]:
        """The lists in the store, the newest first."""
        rows = self._db.execute(
            f"SELECT l.name, l.date, l.kind, l.format, l.players FROM lists l ORDER BY {_NEWEST}"
        )
        return [
            ListInfo(name=name, date=_date(date), kind=kind, format=fmt, players=players)
            for name, date, kind, fmt, players in rows
        ]


def _date(text: str | None) -> datetime.date | None:
    return datetime.date.fromisoformat(text) if text else None


def _batches(ratings: RatingList, list_id: int) -> Iterator[list[tuple[Any, ...]]]:
    """The players table's rows of the list, :data:`BATCH` at a time: the list,
    the FIDE ID, the name key and the line (an XML list's row: as a Python tuple)."""
    batch: list[tuple[Any, ...]] = []
    txt = ratings.txt
    if txt is None:
        for one in ratings.rows():
            batch.append((list_id, one[0], name_key(str(one[1])), repr(one)))
            if len(batch) >= BATCH:
                yield batch
                batch = []
    else:
        id_of, name_of = txt.column("fide_id"), txt.column("name")
        for line, read in ratings.lines():
            if read is None:
                batch.append(
                    (list_id, int(id_of(line)), name_key(name_of(line).strip()), pack(line))
                )
            else:
                batch.append(
                    (list_id, read[0], name_key(str(read[1])), line)
                )  # as read: an overflow is told by length
            if len(batch) >= BATCH:
                yield batch
                batch = []
    if batch:
        yield batch
