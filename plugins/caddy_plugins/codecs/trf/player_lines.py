"""A file's player lines ``001`` read all at once (the common case: every line well formed).

:func:`read_player_lines` reads the lines as
:func:`caddy_plugins.codecs.trf.lines.read_player_line` reads each one (FIDE Handbook
C.04 Annex 2 columns), in a few passes over all of them instead of a few per line;
a line it cannot read that way (a problem to name, or a form it leaves to the line
by line reader: lower-case codes, a player paired with himself...) makes it give up,
and the lines are read one by one.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterable, Sequence
from itertools import chain, repeat
from operator import contains, itemgetter
from typing import NamedTuple

from caddy.model.cells import Cell
from caddy_plugins.codecs.trf.column_values import (
    counting_table,
    positions,
    read_numbers,
    read_ranks,
    read_title,
    stripped,
)
from caddy_plugins.codecs.trf.records import TrfPlayer

__all__ = ["PlayerLines", "read_player_lines"]

#: The player lines' columns 1-91 (numbers where they belong; the separating
#: columns other than 4, 9 and 90-91 are not read), then the rounds.
_LINES = re.compile(
    r"^001.([ 0-9]{4}) (.)(.{3}).(.{33}).([ 0-9]{4}).(.{3}).(.{11}).(.{10}).(.{4}).([ 0-9]{4})  "
    r"(.*)$",
    re.MULTILINE,
)
#: Points in columns 81-84: ASCII digits only (``float`` also reads ``'٣'``, ``'1_0'``, ``'nan'``).
_POINTS = r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_POINT = re.compile(_POINTS)
#: Per set of result codes, a round's cell: an opponent of four digits or
#: blanks, a colour or a blank, a code or a blank; the opponent's columns as
#: the group, and the whole cell.
_CELLS: dict[frozenset[str], tuple[re.Pattern[str], re.Pattern[str]]] = {}
_BLANK: Cell = (None, "-", "Z")
_LAST = itemgetter(-1)
_new = tuple.__new__


class PlayerLines(NamedTuple):
    """The players of :func:`read_player_lines`, in the order of the lines."""

    players: list[TrfPlayer]
    #: The highest opponent any cell names (0: none).
    highest: int
    #: Whether some cell has an opponent and no result (a round paired, not played).
    unplayed: bool
    #: The lines' starting ranks, in order.
    numbers: list[int]
    #: The most rounds a line has (its trailing blank cells dropped).
    longest: int
    #: The players' fields ``sex`` to ``birth`` and ``points`` (:class:`TrfPlayer`'s),
    #: each a list in the order of the lines (:class:`.records.PlayerFields`).
    fields: dict[str, Sequence[object]]


def read_player_lines(
    lines: Sequence[str], linenos: Sequence[int], codes: frozenset[str]
) -> PlayerLines | None:
    """``lines`` (each starting ``001``; ``linenos``: their line numbers) as
    :func:`~caddy_plugins.codecs.trf.lines.read_player_line` reads each one;
    ``None`` unless every line is read without a problem (then read them one
    by one: that reader names the problems)."""
    if not lines:
        return None
    if min(map(len, lines)) < 91:
        lines = [line if len(line) >= 91 else line.ljust(91) for line in lines]
    found = _LINES.findall("\n".join(lines))
    if len(found) != len(lines):  # some line's columns are not where they belong
        return None
    numbers_, sexes, titles, names, ratings_, feds, fide_ids, births, points_, ranks_, rests = zip(
        *found, strict=True
    )
    points_text = list(map(str.strip, points_))
    count = len(lines)
    texts_of, number_of = counting_table(count)
    try:
        # ASCII digits and blanks (the pattern); a blank inside a number raises
        numbers = (
            list(range(1, count + 1))
            if list(numbers_) == texts_of[1 : count + 1]  # 1, 2, ... as written by %4d
            else list(map(int, numbers_))
        )
        ratings = read_numbers(ratings_, zero=None)
        ranks = read_ranks(ranks_, number_of)
        # few different points: each read once
        point_of = {text: float(text) if text else None for text in set(points_text)}
        points = list(map(point_of.__getitem__, points_text))
        cells = _cells(rests, codes)
    except ValueError:
        return None
    if (
        cells is None
        or min(numbers) < 1
        # each blank or a number of ASCII digits (each different one looked at once)
        or not all(map(_POINT.fullmatch, filter(None, point_of)))
    ):
        return None
    everyone, opponents, texts, unplayed = cells
    cut = _rows(numbers, everyone, opponents, texts)
    if cut is None:  # paired with himself: the line reader says where
        return None
    rows, zero_rounds, longest = cut
    # few different sexes, titles and federations: each read once
    title_of = {text: read_title(text.strip()) for text in set(titles)}
    fields: dict[str, Sequence[object]] = {
        "sex": stripped(sexes, few=True),
        "title": list(map(title_of.__getitem__, titles)),
        "name": list(map(str.strip, names)),
        "rating": ratings,
        "federation": stripped(feds, few=True),
        "fide_id": stripped(fide_ids),
        "birth": stripped(births),
    }
    players = list(
        map(
            _new,
            repeat(TrfPlayer),
            zip(
                numbers,
                linenos,
                *fields.values(),
                points,
                ranks,
                rows,
                zero_rounds,
                strict=True,
            ),
        )
    )
    fields["points"] = points  # (not a field of the event's players: for the checks)
    return PlayerLines(players, max(opponents, default=0), unplayed, numbers, longest, fields)


def _rows(
    numbers: list[int], everyone: Iterable[Cell], opponents: list[int], texts: Sequence[str]
) -> tuple[list[tuple[Cell, ...]], list[tuple[int, ...]], int] | None:
    """Each line's cells (``everyone`` cut by the lengths of ``texts``, all
    one length), a row's trailing blank cells dropped, the rounds of those
    written out (``0000 - Z``) and the longest row's length; ``None`` when
    someone is paired with himself."""
    count = len(texts[0]) // 10 if texts else 0
    zero_rounds: list[tuple[int, ...]] = [()] * len(numbers)
    if not count:
        return [()] * len(numbers), zero_rounds, 0
    # each line's cells, and opponents: `count` at a time (one iterator zipped with itself)
    # no line's cells name its own number
    if any(map(contains, zip(*[iter(opponents)] * count, strict=True), numbers)):
        return None
    rows: list[tuple[Cell, ...]] = list(zip(*[iter(everyone)] * count, strict=True))
    lasts = list(map(_LAST, rows))  # each row's last cell
    if _BLANK not in lasts:  # no row ends in a blank cell (the common case)
        return rows, zero_rounds, count
    for k in [k for k, last in enumerate(lasts) if last == _BLANK]:
        text = texts[k]
        row = list(rows[k])
        announced: list[int] = []  # trailing cells written out (0000 - Z), not blank
        while row and row[-1] == _BLANK:
            if text[10 * len(row) - 10 : 10 * len(row)].strip():
                announced.append(len(row))
            row.pop()
        zero_rounds[k] = tuple(reversed(announced))
        rows[k] = tuple(row)
    return rows, zero_rounds, max(map(len, rows), default=0)


#: How many times its own length the rounds' text may grow when every line is
#: padded to the longest (:func:`_cells`); past it the lines are read one by one.
_PADDED_AT_MOST = 4


def _cells(
    rests: Sequence[str], codes: frozenset[str]
) -> tuple[Iterable[Cell], list[int], list[str], bool] | None:
    """Every line's rounds (the text after column 91), as the line reader
    reads them: the cells one after the other, their opponents (0: none),
    each line's text padded to the longest line's whole cells, and whether some cell has an
    opponent and a blank result. ``None`` when some cell is not well formed.

    :raises ValueError: an opponent with a blank inside (``"1 2 "``).
    """
    # each padded to the longest line's whole cells (ten columns each): blank
    # cells after a line's end, dropped with its other trailing blank cells (_rows);
    # trailing blanks count for nothing (a line of 20,000 would pad every line so)
    width = -(-max(map(len, rests)) // 10) * 10
    if width * len(rests) > _PADDED_AT_MOST * sum(map(len, rests)) + 10 * len(rests):
        rests = list(map(str.rstrip, rests, repeat(" ")))
        width = -(-max(map(len, rests)) // 10) * 10
        if width * len(rests) > _PADDED_AT_MOST * sum(map(len, rests)) + 10 * len(rests):
            return None  # one line far longer than the others: read line by line
    texts = list(map(str.ljust, rests, repeat(width)))
    joined = "".join(texts)
    patterns = _CELLS.get(codes)
    if patterns is None:
        code_class = "".join(re.escape(c) for c in sorted(codes))
        cell = f"[ 0-9]{{4}}.[wb -].[{code_class} ].."
        patterns = (re.compile(f"({cell[:9]}){cell[9:]}", re.DOTALL), re.compile(cell, re.DOTALL))
        _CELLS[codes] = patterns
    if len(joined) <= 10 * _MANY:
        fast = _cells_at_once(joined, codes, len(rests))
        if fast is not None:
            cells, opponents, unplayed = fast
            return cells, opponents, texts, unplayed
        found = patterns[0].findall(joined)  # the opponents' columns
        # each match is ten characters: as many as the cells only if they tile the text
        if len(found) * 10 != len(joined):
            return None
        cells, opponents, unplayed = _decode(joined, found)
        return cells, opponents, texts, unplayed
    found = patterns[1].findall(joined)  # whole cells
    if len(found) * 10 != len(joined):
        return None
    unique = list(set(found))
    if 3 * len(unique) >= len(found):  # few repeats: every cell read
        cells, opponents, unplayed = _decode(joined, [text[:4] for text in found])
        return cells, opponents, texts, unplayed
    # a file of many rounds repeats its cells (a round robin each a thousand times):
    # each read once
    cells, opponents, unplayed = _decode("".join(unique), [text[:4] for text in unique])
    cell_of = dict(zip(unique, cells, strict=True))
    opponent_of = dict(zip(unique, opponents, strict=True))
    return (
        list(map(cell_of.__getitem__, found)),
        list(map(opponent_of.__getitem__, found)),
        texts,
        unplayed,
    )


#: A cell's opponent columns as written by TRF writers (``%4d``; ``0000`` or
#: blanks for none) → the number (0: none); grown to the largest field read.
_NUMBERS: dict[bytes, int] = {b"    ": 0, b"0000": 0}
#: A block of cells (ten columns each), each cell's opponent columns cut out.
_BLOCK = 256
_OPPONENT_COLUMNS = struct.Struct("4s6x" * _BLOCK)
#: The colours a cell may hold (a blank reads as ``-``).
_COLOURS = frozenset("wb -")


def _cells_at_once(
    joined: str, codes: frozenset[str], lines: int
) -> tuple[Iterable[Cell], list[int], bool] | None:
    """:func:`_decode` of ``joined`` (whole cells) without a pattern: each cell's
    opponent columns cut out at once and looked up among the numbers as TRF
    writers write them, the colours and codes checked as sets. ``None`` when a
    cell is written otherwise (``0042``, a number past the table, a character
    outside ASCII, a code or colour not allowed): the pattern reads it
    (``lines``: the number of lines, the largest number the table needs)."""
    if not joined.isascii():
        return None
    count = len(joined) // 10
    # whole blocks (the last filled with blank cells, cut off after)
    padded = joined.encode("ascii").ljust(-(-count // _BLOCK) * _BLOCK * 10)
    columns = list(chain.from_iterable(_OPPONENT_COLUMNS.iter_unpack(padded)))
    del columns[count:]
    numbers = _NUMBERS
    if len(numbers) < lines + 2:  # the players' numbers (a line each)
        last = len(numbers) - 2
        numbers.update((b"%4d" % k, k) for k in range(last + 1, max(lines, 2 * last) + 1))
    try:
        opponents = list(map(numbers.__getitem__, columns))
    except KeyError:
        return None
    if not _COLOURS.issuperset(joined[5::10]) or not codes.issuperset(
        joined[7::10].replace(" ", "")
    ):
        return None
    # no opponent: "0000" (a number as written never starts with 0) or "    "
    # (a number's last column is a digit): the few found in two columns' texts
    firsts, lasts = joined[0::10], joined[3::10]
    none = firsts.count("0") + lasts.count(" ")
    at = _few_in_text(firsts, "0", lasts, " ") if none * 8 <= count else None
    return _decode_numbers(joined, opponents, none_at=at)


#: More cells than this: looked for repeats, each different cell read once.
_MANY = 20_000


def _decode(joined: str, opponent_texts: Sequence[str]) -> tuple[Iterable[Cell], list[int], bool]:
    """Well-formed cells (``joined``; ``opponent_texts``: their first four
    columns) as the line reader reads them, their opponents (0: none), and
    whether some cell has an opponent and a blank result."""
    if "    " in opponent_texts:  # no opponent, written blank
        at = positions(opponent_texts, "    ")
        if at is None:
            opponent_texts = [text if text != "    " else "0" for text in opponent_texts]
        else:
            opponent_texts = list(opponent_texts)
            for k in at:
                opponent_texts[k] = "0"
    # ASCII digits only (the pattern): int() alone also reads '٣', '+3' and '1_0'
    return _decode_numbers(joined, list(map(int, opponent_texts)))


def _decode_numbers(
    joined: str, opponents: list[int], *, none_at: list[int] | None = None
) -> tuple[Iterable[Cell], list[int], bool]:
    """:func:`_decode` of cells whose opponents (0: none) are read (``none_at``:
    where the opponent is 0, when the caller knows, in order)."""
    colours = joined[5::10]
    if " " in colours:  # a blank colour reads as '-'
        colours = colours.replace(" ", "-")
    codes = joined[7::10]
    results: Sequence[str] = codes
    if " " in codes:  # a blank result: no result yet, or (no opponent) 'Z'
        at = positions(codes, " ")
        if at is not None and not any(opponents[k] for k in at):  # each without an opponent
            results = codes.replace(" ", "Z")
        else:
            results = [
                code if code != " " else " " if opponent else "Z"
                for code, opponent in zip(codes, opponents, strict=True)
            ]
    named: Sequence[int | None] = opponents
    if none_at is not None:
        if none_at:
            named = list(opponents)
            for k in none_at:
                named[k] = None
    elif 0 in opponents:  # no opponent
        at = positions(opponents, 0)
        if at is None:
            named = [opponent or None for opponent in opponents]
        else:
            named = list(opponents)
            for k in at:
                named[k] = None
    # a blank result left blank has an opponent: a round paired, not played; the
    # cells made as they are put in their rows (each touched once while fresh)
    return zip(named, colours, results, strict=True), opponents, " " in results


def _few_in_text(first: str, one: str, second: str, other: str) -> list[int]:
    """The positions, in order, where ``first`` holds ``one`` or ``second``
    holds ``other`` (never both at one position; found at C speed one after
    the other)."""
    at = []
    for text, value in ((first, one), (second, other)):
        k = text.find(value)
        while k >= 0:
            at.append(k)
            k = text.find(value, k + 1)
    return sorted(at) if len(at) > 1 else at
