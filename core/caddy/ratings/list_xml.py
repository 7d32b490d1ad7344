"""Rows of a FIDE XML list (``players_list_xml_foa.xml`` and the per-type
XML lists), streamed with :func:`xml.etree.ElementTree.iterparse`.

FIDE's XML is ``<playerslist>`` holding ``<player>`` elements whose children
are ``fideid, name, country, sex, title, w_title, o_title, foa_title, rating,
games, k, rapid_rating, rapid_games, rapid_k, blitz_rating, blitz_games,
blitz_k, birthday, flag`` (a per-type list: ``rating, games, k`` only). Each
player is read and dropped (the tree never grows). A document type
declaration (``<!DOCTYPE``) or an entity declaration (``<!ENTITY``) is
refused before the parser sees it: no external entity is fetched and no
entity is expanded. So is XML that is not UTF-8 (a NUL byte: UTF-16, where
the look for ``<!DOCTYPE`` would not see it).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING

from caddy.model.titles import OLD_TITLES
from caddy.ratings.list_layout import RATING_AT, ROW_FIELDS, Row
from caddy.ratings.list_txt import LineError

if TYPE_CHECKING:
    from caddy.model.ratings import RatingType

#: An XML element → the row field it fills (``rating`` ... of a per-type list: by its type).
ELEMENTS = {
    "fideid": "fide_id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "women_title",
    "o_title": "other_titles",
    "foa_title": "foa_title",
    "birthday": "birth_year",
    "flag": "flag",
    "rapid_rating": "rapid_rating",
    "rapid_games": "rapid_games",
    "rapid_k": "rapid_k",
    "blitz_rating": "blitz_rating",
    "blitz_games": "blitz_games",
    "blitz_k": "blitz_k",
}
_NUMBERS = frozenset(
    ("fide_id", "birth_year", *(f"{k}_{p}" for k in RATING_AT for p in ("rating", "games", "k")))
)
_AT = {name: i for i, name in enumerate(ROW_FIELDS)}
_FORBIDDEN = (b"<!DOCTYPE", b"<!ENTITY")


class XmlRefused(ValueError):
    """The XML holds a DTD or an entity declaration."""


class _Guarded:
    """A binary stream that refuses ``<!DOCTYPE`` and ``<!ENTITY`` as it is read."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.tail = b""

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size)
        if b"\x00" in data:  # UTF-16 (or no text): a DTD could hide from the look below
            raise XmlRefused("it is not UTF-8 text (it holds NUL bytes): caddy reads XML in UTF-8")
        seen = self.tail + data
        for word in _FORBIDDEN:
            if word in seen:
                raise XmlRefused(
                    f"it holds {word.decode()[1:]} (a DTD or an entity): caddy reads no DTD "
                    "and expands no entity"
                )
        self.tail = seen[-16:]
        return data


def is_combined(player: ET.Element) -> bool:
    """Whether ``player`` (the first of a list) is of the combined list (it has rapid/blitz)."""
    return player.find("rapid_rating") is not None or player.find("blitz_rating") is not None


def xml_rows(
    stream: IO[bytes],
    kind: RatingType | None,
    problem: Callable[[int, str], None],
    first: Callable[[ET.Element], RatingType | None],
) -> Iterator[Row]:
    """The rows of the XML list on ``stream``. ``first(player)`` is called with
    the first player and returns the rating type of ``rating``/``games``/``k``
    (``standard`` for the combined list); ``problem(n, text)`` is told of the
    n-th player that cannot be read.

    :raises XmlRefused: a DTD or an entity declaration.
    :raises xml.etree.ElementTree.ParseError: XML that is not well formed."""
    root: ET.Element | None = None
    count = 0
    combined = False
    for event, element in ET.iterparse(_Guarded(stream), events=("start", "end")):
        if event == "start":
            if root is None:
                root = element
            continue
        if element.tag != "player":
            continue
        count += 1
        if count == 1:
            combined = is_combined(element)
            kind = first(element)
        try:
            yield player_row(element, kind, combined=combined)
        except LineError as exc:
            problem(count, str(exc))
        if root is not None:
            root.clear()


def player_row(player: ET.Element, kind: RatingType | None, *, combined: bool) -> Row:
    """The row of one ``<player>`` element (``kind``: the type of ``rating``;
    ``combined``: the list holds all three, the flag is the player's alone)."""
    values: list[int | str | None] = [None] * len(ROW_FIELDS)
    for child in player:
        field = ELEMENTS.get(child.tag)
        if field is None:
            if child.tag in ("rating", "games", "k") and kind is not None:
                field = f"{kind}_{child.tag}"
            else:
                continue
        text = (child.text or "").strip()
        if not text:
            continue
        if field in _NUMBERS:
            values[_AT[field]] = _number(text, field)
        else:
            values[_AT[field]] = text
    if values[0] is None:
        raise LineError("no fideid")
    if values[0] == 0:
        raise LineError("the fideid is 0")
    if values[1] is None:
        raise LineError("no name")
    if values[4] is not None and values[4] in OLD_TITLES:
        values[4] = OLD_TITLES[str(values[4])]
    if values[8] == 0:
        values[8] = None  # birthday 0: not known
    if kind is not None and not combined:
        values[_AT[f"{kind}_flag"]] = values[9]
    for at in RATING_AT.values():
        if not values[at]:
            values[at : at + 4] = (None, None, None, None)
        elif values[at + 2] == 0:
            values[at + 2] = None
    return tuple(values)


def _number(text: str, field: str) -> int:
    if field == "birth_year" and len(text) >= 4 and text[:4].isascii() and text[:4].isdigit():
        year = int(text[:4])  # a year, or a date that starts with its year
        return year
    if text.isascii() and text.isdigit():
        return int(text)
    what = {"fide_id": "fideid", "birth_year": "birthday"}.get(field, field)
    raise LineError(f"<{what}> '{text}' is not a whole number")
