"""Rows of a fixed-width FIDE TXT list, line by line (streaming).

Each column is sliced where the header line puts it
(:func:`caddy.ratings.list_layout.read_header`). A data line longer than the
header whose text runs across a column's end (the other titles
``SI,FI,LSI,SLI,NA`` running into the FOA column, a name into the federation)
is read with that column widened and every later one moved right by the
excess. A line that cannot be read is one problem naming what was wrong; the
caller says it with the line's number and reads on.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from caddy.model.titles import OLD_TITLES
from caddy.ratings.list_layout import RATING_AT, ROW_FIELDS, Row, TxtLayout, looks_like_header

if TYPE_CHECKING:
    from caddy.model.ratings import RatingType

_TEXT = ("name", "federation", "sex", "title", "women_title", "other_titles", "foa_title", "flag")
_WHAT = {
    "rating": "rating",
    "games": "games",
    "k": "K",
}


class LineError(ValueError):
    """A data line that cannot be read (the message says why)."""


class TxtRows:
    """Rows of a TXT list with ``layout``; ``kind`` is the rating type a
    per-type list carries (``None`` for the combined list)."""

    def __init__(self, layout: TxtLayout, kind: RatingType | None) -> None:
        self.layout = layout
        self.kind = kind
        self._fields = tuple(self._row_field(c.field) for c in layout.columns)
        self._getter = self._slicer(0)
        self._shifted: dict[tuple[int, int], Callable[[str], tuple[str, ...]]] = {}
        at = {name: i for i, name in enumerate(ROW_FIELDS)}
        #: The columns that hold numbers (by their index in the line).
        self._numbers = tuple(
            i for i, field in enumerate(self._fields) if field not in _TEXT and field in at
        )
        text_at = tuple(i for i in range(len(self._fields)) if i not in self._numbers)
        #: The columns' texts of a line: its text columns, then its number columns.
        self._texts_of = _slices(layout, text_at)
        self._raw_numbers_of = _slices(layout, self._numbers)
        #: Rows read by :meth:`read`.
        self.count = 0
        # a line's values are its columns' texts, then its numbers converted, then a None
        where = {self._fields[at]: k for k, at in enumerate(text_at)}
        numbered = {self._fields[at]: len(text_at) + k for k, at in enumerate(self._numbers)}
        blank = len(self._fields)
        #: A line's values → the row's fields.
        self._order = operator.itemgetter(
            *(numbered.get(name, where.get(name, blank)) for name in ROW_FIELDS)
        )
        self._flag_at = at[f"{kind}_flag"] if kind else None
        self._ratings = tuple(RATING_AT[k] for k in RATING_AT if f"{k}_rating" in self._fields)
        self._boundaries = tuple(
            (i, c.end)
            for i, c in enumerate(layout.columns)
            if c.end is not None
            and self._fields[i] in ("name", "other_titles", "title", "women_title")
        )

    def _row_field(self, field: str) -> str:
        if field in ("rating", "games", "k"):
            return f"{self.kind}_{field}" if self.kind else f"unknown_{field}"
        return field

    def _slicer(self, after: int, shift: int = 0) -> Callable[[str], tuple[str, ...]]:
        """The column slices, with every column from index ``after`` on moved right by ``shift``."""
        slices = []
        for i, c in enumerate(self.layout.columns):
            start = c.start + (shift if i > after else 0)
            end = None if c.end is None else c.end + (shift if i >= after and shift else 0)
            slices.append(slice(start, end))
        getter = operator.itemgetter(*slices)
        if len(slices) == 1:
            return lambda line: (getter(line),)
        return getter

    def slices(self, line: str) -> tuple[str, ...]:
        """The columns' texts of ``line`` (an overflowing column widened)."""
        excess = len(line) - self.layout.width
        if excess > 0:
            for i, end in self._boundaries:
                if line[end - 1 : end + 1].count(" ") == 0 and len(line) > end:
                    key = (i, excess)
                    getter = self._shifted.get(key)
                    if getter is None:
                        getter = self._shifted[key] = self._slicer(i, excess)
                    return getter(line)
        return self._getter(line)

    def row(self, line: str) -> Row:
        """The row of the data line ``line``.

        :raises LineError: one line saying what was wrong."""
        parts = [part.strip() or None for part in self.slices(line)]
        numbers = [parts[at] or "" for at in self._numbers]
        for at, text in zip(self._numbers, numbers, strict=True):
            if text and not (text.isdigit() and text.isascii()):
                raise LineError(_not_a_number(text, self._fields[at]))
        values: list[int | str | None] = [
            parts[at] for at in range(len(parts)) if at not in self._numbers
        ]
        values += [int(text) if text else None for text in numbers]
        values.append(None)
        return self._finish(list(self._order(values)))

    def read(
        self, lines: Iterable[str], number: int, problem: Callable[[int, str], None]
    ) -> Iterator[Row]:
        """The rows of the data ``lines`` (as read, line ends kept; ``number``:
        the number of the line before the first), blank lines and the header
        again skipped; ``problem(number, text)`` is told of each line that
        cannot be read; :attr:`count` counts the rows. :meth:`row` line by
        line, its common case inlined (a 1.7 M-line list: issue 26's 30 s)."""
        texts_of, numbers_of, order = self._texts_of, self._raw_numbers_of, self._order
        width, flag_at, ratings = self.layout.width, self._flag_at, self._ratings
        complete = next(
            (c.start + 1 for c in self.layout.columns if c.field == "birth_year"), width
        )
        count = 0
        try:
            for line in lines:
                number += 1
                if not line.isascii():
                    line = _decoded(line)
                if line[-1:] != "\n" and len(line.rstrip()) < complete and line.strip():
                    # the last line, short of the birth year's column: the file may be cut
                    problem(number, "the file ends inside this line (cut short?): read as it is")
                line = line.rstrip("\r\n")
                if len(line) <= width:
                    raw = numbers_of(line)
                    joined = "".join(raw).replace(" ", "")
                    if (joined.isdigit() and joined.isascii()) or not joined:
                        try:
                            values: list[int | str | None] = [
                                part.strip() or None for part in texts_of(line)
                            ]
                            values += [None if part.isspace() else int(part) for part in raw]
                        except ValueError:
                            pass  # a blank cut short, or digits apart: said by row()
                        else:
                            values.append(None)
                            row = list(order(values))
                            if row[0] and row[1] is not None:
                                if row[4] in OLD_TITLES:
                                    row[4] = OLD_TITLES[str(row[4])]
                                if row[8] == 0:
                                    row[8] = None
                                if flag_at is not None:
                                    row[flag_at] = row[9]
                                for at in ratings:
                                    if not row[at]:
                                        row[at : at + 4] = _NO_RATING
                                    elif row[at + 2] == 0:
                                        row[at + 2] = None
                                count += 1
                                yield tuple(row)
                                continue
                if not line.strip() or (len(line) == width and looks_like_header(line)):
                    continue
                try:
                    row = self.row(line)  # type: ignore[assignment]
                except LineError as exc:
                    problem(number, str(exc))
                else:
                    count += 1
                    yield row  # type: ignore[misc]
        finally:
            self.count += count

    def checked(
        self, lines: Iterable[str], number: int, problem: Callable[[int, str], None]
    ) -> Iterator[tuple[str, Row | None]]:
        """Each data line of ``lines`` that :meth:`row` reads (blank lines and
        the header again skipped; ``problem(number, text)`` told of the others),
        as the line and ``None`` when a quick look shows :meth:`row` reads it
        (no wider than the header, digits between spaces in every number
        column, an ID other than 0, a name), else as the line and its row.
        What :class:`caddy.ratings.store.RatingStore` imports: it keeps the
        lines and reads one with :meth:`row` when it is looked up."""
        numbers_of, width = self._raw_numbers_of, self.layout.width
        valid = re.compile(r"\|".join([" *[0-9]* *"] * len(self._numbers))).fullmatch
        id_of, name_of = self.column("fide_id"), self.column("name")
        count = 0
        try:
            for line in lines:
                number += 1
                if not line.isascii():
                    line = _decoded(line)
                line = line.rstrip("\r\n")
                if (
                    len(line) <= width
                    and valid("|".join(numbers_of(line)))
                    and id_of(line).strip(" 0")
                    and name_of(line).strip()
                ):
                    count += 1
                    yield line, None
                    continue
                if not line.strip() or (len(line) == width and looks_like_header(line)):
                    continue
                try:
                    row = self.row(line)
                except LineError as exc:
                    problem(number, str(exc))
                else:
                    count += 1
                    yield line, row
        finally:
            self.count += count

    def column(self, field: str) -> Callable[[str], str]:
        """The text of the column of ``field`` in a line (``""``: no such column)."""
        for c in self.layout.columns:
            if self._row_field(c.field) == field:
                return operator.itemgetter(slice(c.start, c.end))
        return lambda line: ""

    def _finish(self, row: list[int | str | None]) -> Row:
        """``row`` checked and made as the model has it (old titles, 0s as not known)."""
        if not row[0]:
            raise LineError("no ID" if row[0] is None else "the ID is 0")
        if row[1] is None:
            raise LineError("no name")
        if row[4] in OLD_TITLES:
            row[4] = OLD_TITLES[str(row[4])]
        if row[8] == 0:
            row[8] = None  # B-day 0 (or 0000): not known
        if self._flag_at is not None:
            row[self._flag_at] = row[9]
        for at in self._ratings:
            if not row[at]:  # no rating of this type (blank or 0): not on that list
                row[at : at + 4] = _NO_RATING
            elif row[at + 2] == 0:
                row[at + 2] = None
        return tuple(row)


_NO_RATING = (None, None, None, None)


def _slices(layout: TxtLayout, indexes: tuple[int, ...]) -> Callable[[str], tuple[str, ...]]:
    """The texts of the columns of ``indexes`` of a line (a getter of slices)."""
    columns = layout.columns
    return _getter(tuple(slice(columns[i].start, columns[i].end) for i in indexes))


def _decoded(line: str) -> str:
    """``line`` as read, a byte that was no UTF-8 (a lone surrogate) read again as Latin-1."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return line.encode("utf-8", "surrogateescape").decode("latin-1")
    return line.lstrip("\ufeff")


def _getter(indexes: tuple[Any, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """``operator.itemgetter`` of ``indexes`` that always returns a tuple."""
    if len(indexes) == 1:
        one = indexes[0]
        return lambda values: (values[one],)
    if not indexes:
        return lambda values: ()
    return operator.itemgetter(*indexes)


def _not_a_number(text: str, field: str) -> str:
    kind, _, part = field.rpartition("_")
    what = {"fide_id": "the ID", "birth_year": "the birth year"}.get(field)
    if what is None:
        what = f"the {kind} {_WHAT.get(part, part)}".replace("unknown ", "")
    return f"{what} '{text}' is not a whole number"


def text_lines(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """``lines`` numbered from 1, line ends removed, a byte that was no UTF-8
    (read as a lone surrogate) read again as Latin-1."""
    for number, line in enumerate(lines, 1):
        if not line.isascii():
            try:
                line.encode("utf-8")
            except UnicodeEncodeError:
                line = line.encode("utf-8", "surrogateescape").decode("latin-1")
            line = line.lstrip("\ufeff") if number == 1 else line
        yield number, line.rstrip("\r\n")
