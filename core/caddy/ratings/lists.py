"""FIDE's rating lists read, streaming: the combined TXT list
(``players_list_foa.txt``), the per-type TXT lists (``standard_nov26frl.txt``
...), the XML lists, each plain or zipped (read from the zip, never extracted).

- :func:`read_list`: the players of a list, one :class:`~caddy.model.ratings.ListedPlayer`
  at a time;
- :class:`RatingList`: an open list (its name, date and kind) and its rows,
  which :class:`caddy.ratings.store.RatingStore` imports.

The format is told by the content (a zip's ``PK``, XML's ``<``, else a TXT
list whose first line is its header), the columns by the header
(:mod:`caddy.ratings.list_layout`). A line that cannot be read is one warning
naming its number; the rest is read. docs/rating-lists.md describes it all.
"""

from __future__ import annotations

import contextlib
import io
import os
import xml.etree.ElementTree as ET
import zipfile
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Literal, Union

from caddy.errors import FileError
from caddy.model.ratings import RATING_TYPES, ListedPlayer, ListedRating
from caddy.ratings.list_layout import (
    RATING_AT,
    ListKind,
    Row,
    looks_like_header,
    month_date,
    name_date,
    name_kind,
    read_header,
)
from caddy.ratings.list_txt import TxtRows, text_lines
from caddy.ratings.list_xml import XmlRefused, is_combined, xml_rows

if TYPE_CHECKING:
    import datetime
    from types import TracebackType

    from caddy.model.ratings import RatingType

#: A list to read: a file's path, or a binary stream (a zip must be seekable).
Source = Union[str, "os.PathLike[str]", IO[bytes]]
#: Told each warning (one line: the list's name, the line's number, what was wrong).
Warn = Callable[[str], None]


def _ignore(message: str) -> None:
    """The default ``warn``: say nothing."""


class _Raw(io.RawIOBase):
    """A binary stream with ``read`` alone, made readable by :class:`io.BufferedReader`."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self.stream.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


class RatingList:
    """One FIDE rating list, open for reading (a context manager).

    :param source: the list's path, or a binary stream of it.
    :param type: the rating a per-type list carries when neither its name nor
        its header tells (``standard``, ``rapid`` or ``blitz``).
    :param warn: told each line that cannot be read (one line each).
    :param name: the list's name (default: the file's name; a zipped list's:
        the file in the zip).
    :raises FileError: a missing or unreadable file, a damaged zip, a file
        that is no FIDE list, a per-type list whose type is not known."""

    #: A TXT list's header line (``None``: an XML list).
    header: str | None = None

    def __init__(
        self,
        source: Source,
        *,
        type: RatingType | None = None,
        warn: Warn | None = None,
        name: str | None = None,
    ) -> None:
        if type is not None and type not in RATING_TYPES:
            raise FileError(f"unknown rating type '{type}' (standard, rapid or blitz)")
        self.warn = warn or _ignore
        self.type = type
        #: Lines (TXT) or players (XML) that could not be read.
        self.warnings = 0
        self._read = 0
        self._closers: list[Callable[[], object]] = []
        self._archive: str | None = None
        try:
            stream, self.source_name = self._open(source)
            self.name: str = name or self.source_name
            with self._reading():
                self._open_list(stream)
        except BaseException:
            self.close()
            raise

    # -- opening --------------------------------------------------------------------------

    def _open(self, source: Source) -> tuple[IO[bytes], str]:
        if isinstance(source, str | os.PathLike):
            path = Path(source)
            try:
                stream: IO[bytes] = path.open("rb")
            except FileNotFoundError:
                raise FileError(f"{path}: no such file", path=str(path)) from None
            except OSError as exc:
                raise FileError(
                    f"{path}: cannot read it ({exc.strerror})", path=str(path)
                ) from None
            self._closers.append(stream.close)
            label = path.name
        else:
            stream = source
            label = Path(str(getattr(stream, "name", "") or "list")).name
        if not hasattr(stream, "peek") and not stream.seekable():
            stream = io.BufferedReader(_Raw(stream))
        if _head(stream, 4).startswith(b"PK"):
            return self._open_zip(stream, label)
        return stream, label

    def _open_zip(self, stream: IO[bytes], label: str) -> tuple[IO[bytes], str]:
        try:
            archive = zipfile.ZipFile(stream)
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as exc:
            raise FileError(f"{label}: not a readable zip file ({exc})", path=label) from None
        self._closers.append(archive.close)
        files = [info for info in archive.infolist() if not info.is_dir()]
        if len(files) != 1:
            raise FileError(
                f"{label}: a zipped list is one file in the zip; this one holds {len(files)}",
                path=label,
            )
        try:
            member = archive.open(files[0])
        except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError) as exc:
            raise FileError(
                f"{label}: cannot read {files[0].filename} in it ({exc})", path=label
            ) from None
        self._closers.append(member.close)
        self._archive = label
        return member, Path(files[0].filename).name

    def _open_list(self, stream: IO[bytes]) -> None:
        head = _head(stream, 512).lstrip(b"\xef\xbb\xbf \t\r\n")
        self._stream = stream
        if head.startswith(b"<"):
            self.format: Literal["txt", "xml"] = "xml"
            self.date = self._named(name_date)
            self._kind: ListKind | None = None
            return
        self.format = "txt"
        text = io.TextIOWrapper(stream, encoding="utf-8", errors="surrogateescape")
        self._closers.append(text.detach)  # the stream is closed by its opener, not by the wrapper
        self._text = text
        header = next(
            ((n, line) for n, line in text_lines(_until_text(text)) if line.strip()), None
        )
        if header is None or not looks_like_header(header[1]):
            raise FileError(
                f"{self.name}: not a FIDE rating list (its first line is no header "
                "naming the columns: ID Number, Name, Fed ...)",
                path=self.name,
            )
        self._header_line = header[0]
        self.header = header[1]
        try:
            layout = read_header(header[1])
        except ValueError as exc:
            raise FileError(f"{self.name} line {header[0]}: {exc}", path=self.name) from None
        self._kind = "combined" if layout.combined else self._per_type()
        if layout.combined and self.type is not None:
            raise FileError(
                f"{self.name}: --type {self.type} is for a per-type list; this one is combined"
            )
        self._txt = TxtRows(layout, None if layout.combined else self._kind)  # type: ignore[arg-type]
        self.date = (month_date(layout.month) if layout.month else None) or self._named(name_date)

    def _named(self, read: Callable[[str], datetime.date | None]) -> datetime.date | None:
        for label in (self.name, self.source_name, self._archive):
            found = read(label) if label else None
            if found is not None:
                return found
        return None

    def _per_type(self) -> RatingType:
        found = self.type
        for label in (self.name, self.source_name, self._archive):
            if found is None and label:
                found = name_kind(label)
        if found is None:
            raise FileError(
                f"{self.name}: a list of one rating type, and neither its name nor its "
                "header says which: give --type standard, rapid or blitz",
                path=self.name,
            )
        return found

    def _first_player(self, player: ET.Element) -> RatingType:
        """The type of an XML list's ``<rating>``, known at its first player."""
        if is_combined(player):
            self._kind = "combined"
            if self.type is not None:
                raise FileError(
                    f"{self.name}: --type {self.type} is for a per-type list; this one is combined"
                )
            return "standard"
        self._kind = self._per_type()
        return self._kind

    # -- reading --------------------------------------------------------------------------

    @property
    def kind(self) -> ListKind | None:
        """``combined`` or the one rating type (an XML list: ``None`` before its first player)."""
        return self._kind

    def rows(self) -> Iterator[Row]:
        """The list's rows (:data:`caddy.ratings.list_layout.ROW_FIELDS`), read once."""
        with self._reading():
            if self.format == "xml":
                yield from self._counted(
                    xml_rows(self._stream, None, self._problem("player"), self._first_player)
                )
            else:
                yield from self._txt_rows()

    def lines(self) -> Iterator[tuple[str, Row | None]]:
        """A TXT list's data lines that read, each with its row, or ``None``
        when a quick look shows it reads (:meth:`caddy.ratings.list_txt.TxtRows.checked`)."""
        with self._reading():
            yield from self._txt.checked(self._text, self._header_line, self._problem("line"))

    @property
    def txt(self) -> TxtRows | None:
        """The columns of a TXT list (``None``: an XML list)."""
        return self._txt if self.format == "txt" else None

    @contextlib.contextmanager
    def _reading(self) -> Iterator[None]:
        """What goes wrong while reading, as one :class:`FileError` line."""
        try:
            yield
        except XmlRefused as exc:
            raise FileError(f"{self.name}: {exc}", path=self.name) from None
        except ET.ParseError as exc:
            raise FileError(f"{self.name}: not well-formed XML ({exc})", path=self.name) from None
        except (zipfile.BadZipFile, zlib.error, EOFError) as exc:
            raise FileError(f"{self.name}: the zip is damaged ({exc})", path=self.name) from None
        except OSError as exc:
            raise FileError(f"{self.name}: cannot read it ({exc})", path=self.name) from None

    def _counted(self, rows: Iterator[Row]) -> Iterator[Row]:
        for row in rows:
            self._read += 1
            yield row

    @property
    def players_read(self) -> int:
        """Players read so far."""
        return self._txt.count if self.format == "txt" else self._read

    def _txt_rows(self) -> Iterator[Row]:
        return self._txt.read(self._text, self._header_line, self._problem("line"))

    def _problem(self, what: str) -> Callable[[int, str], None]:
        def problem(number: int, text: str) -> None:
            self.warnings += 1
            self.warn(f"{self.name} {what} {number}: {text}")

        return problem

    def players(self) -> Iterator[ListedPlayer]:
        """The list's players, one at a time."""
        for row in self.rows():
            yield player_of(row, self.name, self.date)

    def close(self) -> None:
        """Close what was opened (the file, the zip)."""
        while self._closers:
            self._closers.pop()()

    def __enter__(self) -> RatingList:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def _until_text(lines: IO[str]) -> Iterator[str]:
    """The lines of ``lines`` up to and including the first that is not blank."""
    for line in lines:
        yield line
        if line.strip():
            return


def _head(stream: IO[bytes], size: int) -> bytes:
    """The first ``size`` bytes of ``stream``, left to be read again."""
    peek = getattr(stream, "peek", None)
    if peek is not None:
        return bytes(peek(size)[:size])
    at = stream.tell()
    data = stream.read(size)
    stream.seek(at)
    return data


def player_of(row: Row, list_name: str | None, list_date: datetime.date | None) -> ListedPlayer:
    """The :class:`~caddy.model.ratings.ListedPlayer` of a row."""
    ratings: dict[str, ListedRating | None] = {}
    for kind, at in RATING_AT.items():
        rating = row[at]
        ratings[kind] = (
            None
            if rating is None
            else ListedRating(rating=rating, games=row[at + 1], k=row[at + 2], flag=row[at + 3])  # type: ignore[arg-type]
        )
    return ListedPlayer(
        fide_id=row[0],  # type: ignore[arg-type]
        name=row[1],  # type: ignore[arg-type]
        federation=row[2],  # type: ignore[arg-type]
        sex=row[3],  # type: ignore[arg-type]
        title=row[4],  # type: ignore[arg-type]
        women_title=row[5],  # type: ignore[arg-type]
        other_titles=row[6],  # type: ignore[arg-type]
        foa_title=row[7],  # type: ignore[arg-type]
        birth_year=row[8],  # type: ignore[arg-type]
        flag=row[9],  # type: ignore[arg-type]
        standard=ratings["standard"],
        rapid=ratings["rapid"],
        blitz=ratings["blitz"],
        list_name=list_name,
        list_date=list_date,
    )


def read_list(
    source: Source,
    *,
    type: RatingType | None = None,
    warn: Warn | None = None,
    name: str | None = None,
) -> Iterator[ListedPlayer]:
    """The players of the FIDE rating list ``source``, read as they are needed
    (see :class:`RatingList` for the arguments and the errors)."""
    with RatingList(source, type=type, warn=warn, name=name) as ratings:
        yield from ratings.players()
