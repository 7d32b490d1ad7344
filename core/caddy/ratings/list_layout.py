"""The layout of a FIDE rating list: its columns found on its own header line,
the row every reader yields, and the list's kind and date.

A TXT list is fixed-width: each column starts where its name starts on the
header line (``ID Number      Name ...``), so a column's place is read from the
file, never assumed. The names FIDE has used (case does not matter):

- ``ID Number`` / ``ID number`` / ``ID``, ``Name``, ``Fed``, ``Sex``,
  ``Tit``/``Titl``, ``WTit``, ``OTit``, ``FOA``;
- the combined list: ``SRtng SGm SK RRtng RGm Rk BRtng BGm BK``;
- a per-type list: a month column (``NOV26``, ``Mar11``) holding the rating,
  then ``Gms``/``Games`` and ``K``;
- ``B-day``/``Born`` (the birth year) and ``Flag``.

Old lists run two names together (``TitlFed``, ``GamesBorn``): each name is
found where it starts, wherever the spaces are.
"""

from __future__ import annotations

import datetime
import re
from typing import TYPE_CHECKING, Literal

import attrs

if TYPE_CHECKING:
    from caddy.model.ratings import RatingType

#: What a list holds: all three ratings (FIDE's combined list) or one.
ListKind = Literal["combined", "standard", "rapid", "blitz"]

#: The fields of a row, the flat tuple every reader yields (and the store keeps):
#: the player's fields, then rating, games, K and flag of each rating type.
ROW_FIELDS: tuple[str, ...] = (
    "fide_id",
    "name",
    "federation",
    "sex",
    "title",
    "women_title",
    "other_titles",
    "foa_title",
    "birth_year",
    "flag",
    *(
        f"{kind}_{part}"
        for kind in ("standard", "rapid", "blitz")
        for part in ("rating", "games", "k", "flag")
    ),
)
#: A row: values in the order of :data:`ROW_FIELDS` (``None``: not on the list).
Row = tuple[int | str | None, ...]
#: Where a rating type's four fields start in a row.
RATING_AT = {"standard": 10, "rapid": 14, "blitz": 18}

#: A column name on a header line → the field it holds. Longer names first:
#: ``SRtng`` before ``Sex``; ``K`` and a month only as a word of their own.
_NAMES: tuple[tuple[str, str], ...] = (
    (r"ID\s?Number|ID(?![A-Za-z])", "fide_id"),
    (r"Name", "name"),
    (r"WTit", "women_title"),
    (r"OTit", "other_titles"),
    (r"Titl?", "title"),
    (r"Fed", "federation"),
    (r"SRtng", "standard_rating"),
    (r"SGm", "standard_games"),
    (r"SK", "standard_k"),
    (r"Sex", "sex"),
    (r"RRtng", "rapid_rating"),
    (r"RGm", "rapid_games"),
    (r"RK", "rapid_k"),
    (r"BRtng", "blitz_rating"),
    (r"BGm", "blitz_games"),
    (r"BK", "blitz_k"),
    (r"B-?day|Born", "birth_year"),
    (r"Flag", "flag"),
    (r"FOA", "foa_title"),
    (r"Gms|Games", "games"),
    (r"(?<![A-Za-z])K(?![A-Za-z])", "k"),
    (r"(?<![A-Za-z])[A-Za-z]{3}\d{2}(?![A-Za-z0-9])", "month"),
)
_HEADER = re.compile(
    "|".join(f"(?P<c{i}>{pattern})" for i, (pattern, _) in enumerate(_NAMES)), re.I
)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
#: A month token of a file name: ``standard_nov26frl.txt``, ``MAR11FRL.TXT``.
_NAME_MONTH = re.compile(r"(?<![a-z])(" + "|".join(_MONTHS) + r")(\d{2})(?:frl)?(?![0-9])", re.I)
_NAME_KIND = re.compile(r"standard|rapid|blitz", re.I)


@attrs.frozen(kw_only=True)
class Column:
    """One column of a fixed-width list: the row field it fills and its place."""

    field: str
    start: int
    #: ``None``: to the end of the line.
    end: int | None


@attrs.frozen(kw_only=True)
class TxtLayout:
    """A TXT list's columns, read from its header line."""

    columns: tuple[Column, ...]
    #: The header line's length: a longer data line may have overflowed a column.
    width: int
    #: The month column's text (``NOV26``) of a per-type list, else ``None``.
    month: str | None

    @property
    def combined(self) -> bool:
        """Whether the list holds all three ratings (FIDE's combined list)."""
        return any(c.field == "standard_rating" for c in self.columns)


def looks_like_header(line: str) -> bool:
    """Whether ``line`` is the header line of a FIDE TXT list (an ID and a name column)."""
    fields = {_field(m) for m in _HEADER.finditer(line)}
    return {"fide_id", "name"} <= fields


def _field(match: re.Match[str]) -> str:
    return _NAMES[int(str(match.lastgroup)[1:])][1]


def read_header(line: str) -> TxtLayout:
    """The columns of the header line ``line``.

    :raises ValueError: what is missing (no ID or name column, or neither the
        three ratings nor a month column)."""
    found: list[tuple[str, int]] = []
    month = None
    for match in _HEADER.finditer(line):
        field = _field(match)
        if field == "month":
            month = match.group()
            field = "rating"
        if field in (f for f, _ in found):
            continue  # a name seen twice: the first place counts
        found.append((field, match.start()))
    fields = {f for f, _ in found}
    missing = [name for name, field in (("ID", "fide_id"), ("Name", "name")) if field not in fields]
    if missing:
        raise ValueError(f"the header line names no {' and no '.join(missing)} column")
    if "standard_rating" not in fields and "rating" not in fields:
        raise ValueError("the header line names no rating column (SRtng, or a month such as NOV26)")
    found.sort(key=lambda item: item[1])
    columns = tuple(
        Column(field=field, start=start, end=found[i + 1][1] if i + 1 < len(found) else None)
        for i, (field, start) in enumerate(found)
    )
    return TxtLayout(columns=columns, width=len(line), month=month)


def month_date(text: str) -> datetime.date | None:
    """The first day of the month a token such as ``NOV26`` or ``Mar11`` names
    (a two-digit year is 20YY, or 19YY from 70 on), else ``None``."""
    match = _NAME_MONTH.fullmatch(text.strip())
    if match is None:
        return None
    month = _MONTHS.index(match.group(1).lower()) + 1
    year = int(match.group(2))
    return datetime.date(year + (1900 if year >= 70 else 2000), month, 1)


def name_date(name: str) -> datetime.date | None:
    """The list's date a file name tells (``standard_nov26frl.txt`` → 2026-11-01), else ``None``."""
    match = _NAME_MONTH.search(name.rsplit("/", 1)[-1])
    return month_date(match.group()) if match else None


def name_kind(name: str) -> RatingType | None:
    """The rating type a file name tells (``rapid_nov26frl.zip`` → ``rapid``), else ``None``."""
    match = _NAME_KIND.search(name.rsplit("/", 1)[-1])
    if match is None:
        return None
    kind: RatingType = match.group().lower()  # type: ignore[assignment]
    return kind
