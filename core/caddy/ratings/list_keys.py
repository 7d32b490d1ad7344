"""What the rating store keeps of a player beside the list's line: the name
folded for search (:func:`name_key`), and the line with its runs of spaces
written short (:func:`pack`, :func:`unpack`). :mod:`caddy.ratings.store`."""

from __future__ import annotations

import unicodedata


def name_key(text: str) -> str:
    """``text`` folded for search: lower case, accents dropped, one space
    after each comma and between words (``Carlsen,Magnus`` → ``carlsen, magnus``)."""
    if text.isascii():
        folded = text.lower()
        if (
            "  " not in folded
            and folded.count(",") == folded.count(", ")
            and folded == folded.strip()
        ):
            return folded  # the common case: already one space after each comma and between words
    else:
        decomposed = unicodedata.normalize("NFKD", text)
        folded = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(folded.replace(",", ", ").split())


#: Runs of spaces → one character each (a stored line is half as long).
_RUNS = (("        ", "\x02"), ("    ", "\x01"), ("  ", "\x00"))
#: Starts a line stored as it is (it holds one of the characters above).
_RAW = "\x7f"


def pack(line: str, *, trailing: bool = False) -> str:
    """A TXT list's line as the store keeps it: its runs of spaces written
    short (:data:`_RUNS`); the trailing spaces dropped unless ``trailing``
    (a line longer than its header is told by its length). :func:`unpack`
    gives it back."""
    if not trailing:
        line = line.rstrip(" ")
    if "\x00" in line or "\x01" in line or "\x02" in line or line.startswith(_RAW):
        return _RAW + line
    for run, short in _RUNS:
        line = line.replace(run, short)
    return line


def unpack(stored: str) -> str:
    """The line :func:`pack` stored."""
    if stored.startswith(_RAW):
        return stored[1:]
    for run, short in _RUNS:
        stored = stored.replace(short, run)
    return stored
