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
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from caddy.ratings.list_layout import RATING_AT, ROW_FIELDS, Row, TxtLayout

if TYPE_CHECKING:
    from caddy.model.ratings import RatingType

#: The old lists' one- and two-letter titles (``g`` grandmaster ...), as today's lists write them.
OLD_TITLES = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}
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
        self._at = {name: i for i, name in enumerate(ROW_FIELDS)}
        self._targets = tuple(self._at.get(field, -1) for field in self._fields)
        self._text_at = frozenset(self._at[name] for name in _TEXT)
        self._flag_at = self._at[f"{kind}_flag"] if kind else None
        self._boundaries = tuple(
            (i, c.end)
            for i, c in enumerate(layout.columns)
            if c.end is not None and self._fields[i] in ("name", "other_titles", "title", "women_title")
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
        return getter  # type: ignore[return-value]

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
        values: list[int | str | None] = [None] * len(ROW_FIELDS)
        text_at = self._text_at
        for target, field, raw in zip(self._targets, self._fields, self.slices(line), strict=True):
            if target < 0:
                continue
            text = raw.strip()
            if not text:
                continue
            if target in text_at:
                values[target] = text
            else:
                values[target] = _number(text, field)
        fide_id = values[0]
        if fide_id is None:
            raise LineError("no ID")
        if fide_id == 0:
            raise LineError("the ID is 0")
        if values[1] is None:
            raise LineError("no name")
        if values[4] is not None and values[4] in OLD_TITLES:
            values[4] = OLD_TITLES[str(values[4])]
        if values[8] == 0:
            values[8] = None  # B-day 0 (or 0000): not known
        if self._flag_at is not None:
            values[self._flag_at] = values[9]
        for at in RATING_AT.values():
            if not values[at]:  # no rating of this type (blank or 0): not on that list
                values[at : at + 4] = (None, None, None, None)
            elif values[at + 2] == 0:
                values[at + 2] = None
        return tuple(values)


def _number(text: str, field: str) -> int:
    if text.isascii() and text.isdigit():
        return int(text)
    kind, _, part = field.rpartition("_")
    what = {"fide_id": "the ID", "birth_year": "the birth year"}.get(field)
    if what is None:
        what = f"the {kind} {_WHAT.get(part, part)}".replace("unknown ", "")
    raise LineError(f"{what} '{text}' is not a whole number")


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
