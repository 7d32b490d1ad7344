"""Columns of the player lines ``001`` with numbers or few different values, read for all lines at once.

The helpers of :func:`.player_lines.read_player_lines` (FIDE Handbook C.04 Annex 2
columns): starting ranks and ranks as TRF writers write them (``%4d``), looked up
instead of read; a column stripped, its few blanks found one after the other.
"""

from __future__ import annotations

from collections.abc import Sequence

from caddy_plugins.codecs.trf.records import OLD_TITLES

__all__ = ["counting_table", "positions", "read_numbers", "read_ranks", "read_title", "stripped"]


def read_title(title: str) -> str | None:
    """A title as the line reader reads it (stripped; old letters such as ``g`` are ``GM``)."""
    return (OLD_TITLES.get(title, title.upper()) if title.islower() else title) or None


def stripped(texts: Sequence[str], *, few: bool = False) -> list[str | None]:
    """Each text stripped, ``None`` when blank (``few``: few different texts,
    each stripped once)."""
    if few:
        table = {text: text.strip() or None for text in set(texts)}
        return list(map(table.__getitem__, texts))
    out: list[str | None] = list(map(str.strip, texts))
    blank = positions(out, "") if "" in out else []
    if blank is None:
        return [text or None for text in out]
    for k in blank:
        out[k] = None
    return out


#: ``"%4d" % k`` for k = 0, 1, ... (as TRF writers write a starting rank), and
#: each of those (from 1) → ``k``; grown past the most lines read (the TRF column).
_COUNTING: tuple[list[str], dict[str, int]] = (["   0"], {})
_MOST = 9999


def counting_table(count: int) -> tuple[list[str], dict[str, int]]:
    """:data:`_COUNTING`, grown to hold ``count`` up to 9,999, the most four
    columns write (made anew, never changed in place): a caller looks a larger
    number up in vain and reads it instead."""
    global _COUNTING
    texts = _COUNTING[0]
    if len(texts) <= min(count, _MOST):
        top = min(2 * count, _MOST)  # (four columns: a larger number is not one of them)
        texts = [*texts, *("%4d" % k for k in range(len(texts), top + 1))]  # noqa: UP031
        _COUNTING = texts, dict(zip(texts[1:], range(1, len(texts)), strict=True))
    return _COUNTING


def read_ranks(texts: Sequence[str], number_of: dict[str, int]) -> list[int | None]:
    """The ranks (columns 86-89) as :func:`read_numbers` reads them (``zero=0``):
    looked up among the starting ranks as written (``%4d``), else read.

    :raises ValueError: a blank inside a number.
    """
    try:
        return list(map(number_of.__getitem__, texts))
    except KeyError:  # blank, 0, written otherwise or past the lines: read
        return read_numbers(texts, zero=0)


def read_numbers(texts: Sequence[str], *, zero: int | None) -> list[int | None]:
    """Four-digit columns as numbers, ``None`` when blank; ``zero``: what a 0 reads as.

    :raises ValueError: a blank inside a number.
    """
    if "    " in texts:
        return [(int(text) or zero) if text != "    " else None for text in texts]
    out: list[int | None] = list(map(int, texts))
    return [number or zero for number in out] if zero is None and 0 in out else out


def positions(items: Sequence[object], value: object) -> list[int] | None:
    """The indices of ``value`` in ``items`` when it is there at most once in
    eight items (found at C speed one after the other), else ``None``."""
    count = items.count(value)
    if count * 8 > len(items):
        return None
    at = []
    k = -1
    for _ in range(count):
        k = items.index(value, k + 1)
        at.append(k)
    return at
