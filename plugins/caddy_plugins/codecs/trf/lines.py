"""A TRF player line ``001`` column by column (FIDE Handbook C.04 Annex 2): reading and writing.

:func:`read_player_line` reads one line into a
:class:`~caddy_plugins.codecs.trf.records.TrfPlayer` or names its problems;
:func:`player_line` writes one in the exact TRF16 columns.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Hashable, Sequence
from typing import Any

from caddy.messages import CONTROL as _CONTROL
from caddy.messages import one_line as _one_line
from caddy.model.cells import Cell
from caddy_plugins.codecs.trf.records import OLD_TITLES, TrfPlayer

__all__ = ["CellTexts", "CellsRead", "player_line", "points_text", "read_player_line", "title_of"]

#: A round's cell (:data:`caddy.model.cells.Cell`) in a player line's columns.
_CELL = re.compile(r"(.{4}).(.).(.)..")


def title_of(text: str) -> str | None:
    text = text.strip()
    if not text:
        return None
    return OLD_TITLES.get(text, text.upper()) if text.islower() else text


class _Where:
    """``file:line`` for messages, made only when one is written."""

    __slots__ = ("line", "name")

    def __init__(self, name: str, line: int) -> None:
        self.name, self.line = name, line

    def __format__(self, spec: str) -> str:
        return f"{self.name}:{self.line}"


#: Points in columns 81-84: ASCII digits only (``float`` also reads ``'٣'``, ``'1_0'``, ``'nan'``).
_POINTS = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def _digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits (``str.isdigit`` and ``int`` also take
    ``'²'`` and ``'٣'``; TRF numbers are ASCII)."""
    return text.isascii() and text.isdigit()


#: Per set of result codes, a round's cell when it is well formed: an opponent
#: of four digits or blanks, a colour, a code (the other columns as they are);
#: the opponent's columns as the group, and the whole cell.
_WELL_FORMED_CELLS: dict[frozenset[str], tuple[re.Pattern[str], re.Pattern[str]]] = {}
_OPPONENT = operator.itemgetter(0)


class CellsRead(dict[str, Cell]):
    """A well-formed cell's ten columns → the cell, each read once (one per
    file read: a file of many rounds repeats the same cells, a round robin's
    a thousand times each)."""

    def __missing__(self, text: str) -> Cell:
        # ASCII digits only (the pattern): int() alone also reads '٣', '+3' and '1_0';
        # a blank inside a number ("1 2 ") or no number ("    ") raise ValueError
        cell = (int(text[:4]) or None, text[5], text[7])
        self[text] = cell
        return cell


def _cells_fast(
    rest: str, codes: frozenset[str], number: int, read: CellsRead | None = None
) -> list[Cell] | None:
    """The rounds of a line in the common case (every cell well formed), at
    the speed of slicing; ``None`` sends the line to the cell-by-cell reader
    that names what is wrong. ``read``: the cells read so far in the file
    (a line of many rounds looks its cells up there)."""
    patterns = _WELL_FORMED_CELLS.get(codes)
    if patterns is None:
        code_class = "".join(re.escape(c) for c in sorted(codes))
        cell = f"[ 0-9]{{4}}.[wb-].[{code_class}].."
        patterns = (re.compile(f"({cell[:9]}){cell[9:]}", re.DOTALL), re.compile(cell, re.DOTALL))
        _WELL_FORMED_CELLS[codes] = patterns
    try:
        if read is not None and len(rest) > 200:
            found = patterns[1].findall(rest)
            # each match is ten characters: as many as the cells only if they tile the text
            if len(found) * 10 != len(rest):
                return None
            cells = list(map(read.__getitem__, found))
            if number in map(_OPPONENT, cells):  # paired with himself: the reader says where
                return None
            return cells
        texts = patterns[0].findall(rest)
        if len(texts) * 10 != len(rest):
            return None
        # ASCII digits only (the pattern): int() alone also reads '٣', '+3' and '1_0'
        opponents: list[int | None] = list(map(int, texts))
    except ValueError:  # a blank inside a number ("1 2 "), or no number ("    ")
        return None
    if number in opponents:  # paired with himself: the cell-by-cell reader says where
        return None
    if 0 in opponents:
        opponents = [opponent or None for opponent in opponents]
    # the colours and codes: every tenth column from the sixth and the eighth
    return list(zip(opponents, rest[5::10], rest[7::10], strict=True))


def read_player_line(
    line: str, lineno: int, name: str, codes: frozenset[str], read: CellsRead | None = None
) -> tuple[TrfPlayer | None, list[str]]:
    """One ``001`` line, or the problems with it (``read``: the cells read so
    far in the file, shared by its lines)."""
    player = _well_formed(line, lineno, codes, read)
    if player is not None:
        return player, []
    return _read_checked(line, lineno, name, codes)


_BLANK = (None, "-", "Z")
#: A player line's columns 1-91 when the numbers are where they belong (the
#: separating columns other than 4, 9 and 90-91 are not read).
_HEAD = re.compile(
    r"001.([ 0-9]{4}) (.)(.{3}).(.{33}).([ 0-9]{4}).(.{3}).(.{11}).(.{10}).(.{4}).([ 0-9]{4})  ",
    re.DOTALL,
)
_new_player = tuple.__new__


def _well_formed(
    line: str, lineno: int, codes: frozenset[str], read: CellsRead | None = None
) -> TrfPlayer | None:
    """The line as :func:`_read_checked` reads it when every column is well
    formed (the common case, read with fewer steps); ``None`` otherwise (that
    reader then names what is wrong)."""
    head = _HEAD.match(line if len(line) >= 91 else line.ljust(91))
    if head is None:
        return None
    number_text, sex, title, name, rating_text, fed, fide_id, birth, points_text, rank_text = (
        head.groups()
    )
    points_text = points_text.strip()
    try:
        # ASCII digits and blanks (the pattern); a blank inside a number raises
        number = int(number_text)
        rating = int(rating_text) or None if rating_text != "    " else None
        rank = int(rank_text) if rank_text != "    " else None
        points = float(points_text) if points_text else None
    except ValueError:
        return None
    if number < 1 or (points_text and not _POINTS.fullmatch(points_text)):
        return None
    zero_rounds: tuple[int, ...] = ()
    if len(line) > 91:
        rest = line[91:]
        width = len(rest)
        if width % 10:
            rest = rest.ljust(width + 10 - width % 10)
        cells = _cells_fast(rest, codes, number, read)
        if cells is None:
            return None
        if cells[-1] == _BLANK:
            announced: list[int] = []  # trailing cells written out (0000 - Z), not blank
            while cells and cells[-1] == _BLANK:
                if rest[10 * len(cells) - 10 : 10 * len(cells)].strip():
                    announced.append(len(cells))
                cells.pop()
            zero_rounds = tuple(reversed(announced))
    else:
        cells = []
    title = title.strip()
    return _new_player(
        TrfPlayer,
        (
            number,
            lineno,
            sex.strip() or None,
            (OLD_TITLES.get(title, title.upper()) if title.islower() else title) or None,
            name.strip(),
            rating,
            fed.strip() or None,
            fide_id.strip() or None,
            birth.strip() or None,
            points,
            rank,
            tuple(cells),
            zero_rounds,
        ),
    )


def _read_checked(
    line: str, lineno: int, name: str, codes: frozenset[str]
) -> tuple[TrfPlayer | None, list[str]]:
    """One ``001`` line column by column, naming each problem."""
    problems: list[str] = []
    where = _Where(name, lineno)
    padded = line.ljust(90)
    number_text = padded[4:8]
    number = int(number_text) if _digits(number_text.strip()) else 0
    if padded[8] != " " and _digits(padded[8:9]) and _digits(number_text.strip()):
        return None, [
            f"{where}: starting rank '{(number_text + padded[8]).strip()}' does not fit "
            "columns 5-8 (a TRF file holds at most 9999 players)"
        ]
    if number < 1:
        return None, [
            f"{where}: starting rank '{number_text.strip()}' (columns 5-8) is not a number"
        ]
    rating_text = padded[48:52].strip()
    rating = None
    if rating_text:
        if not _digits(rating_text):
            problems.append(f"{where}: rating '{rating_text}' (columns 49-52) is not a number")
        elif int(rating_text):
            rating = int(rating_text)
    points_text = padded[80:84].strip()
    points = None
    if points_text:
        if _POINTS.fullmatch(points_text):
            points = float(points_text)
        else:
            problems.append(f"{where}: points '{points_text}' (columns 81-84) is not a number")
    rank_text = padded[85:89].strip()
    rank = None
    if rank_text:
        if _digits(rank_text):
            rank = int(rank_text)
        else:
            problems.append(f"{where}: rank '{rank_text}' (columns 86-89) is not a number")
    if padded[89:91].strip():
        problems.append(
            f"{where}: columns 90-91 must be blank (found '{padded[89:91]}'): "
            "the rounds are not in their columns"
        )
    rest = line[91:]
    width = len(rest)
    if width % 10:
        rest = rest.ljust(width + 10 - width % 10)
    cells = _cells_fast(rest, codes, number)
    for r, (opp_text, colour, code) in enumerate(_CELL.findall(rest) if cells is None else (), 1):
        if opp_text == "    " or opp_text == "0000":
            opponent = None
        elif _digits(opp_text.strip()):
            opponent = int(opp_text) or None
        else:
            problems.append(f"{where}: round {r}: opponent '{opp_text.strip()}' is not a number")
            continue
        if colour not in "wb-":
            colour = colour.lower()
            if colour == " ":
                colour = "-"
            elif colour not in "wb":
                problems.append(f"{where}: round {r}: colour '{colour}' (expected w, b or -)")
                continue
        if code not in codes:
            upper = code.upper()
            if upper in codes:
                code = upper
            elif code == " ":
                # a game with no result yet: only a file's last round, paired and
                # not played, may have them (caddy_plugins.codecs.trf.document)
                code = " " if opponent is not None else "Z"
            else:
                problems.append(
                    f"{where}: round {r}: unknown result code '{code}' "
                    "(expected 1 = 0 + - W D L H F U Z)"
                )
                continue
        if opponent == number:
            problems.append(f"{where}: round {r}: player {number} names himself as opponent")
            continue
        cells = cells or []
        cells.append((opponent, colour, code))
    cells = cells or []
    announced: list[int] = []  # trailing cells written out (0000 - Z), not blank
    while cells and cells[-1] == (None, "-", "Z"):
        if rest[10 * len(cells) - 10 : 10 * len(cells)].strip():
            announced.append(len(cells))
        cells.pop()
    if problems:
        return None, problems
    return (
        TrfPlayer(
            number=number,
            line=lineno,
            sex=padded[9].strip() or None,
            title=title_of(padded[10:13]),
            name=padded[14:47].strip(),
            rating=rating,
            federation=padded[53:56].strip() or None,
            fide_id=padded[57:68].strip() or None,
            birth=padded[69:79].strip() or None,
            points=points,
            rank=rank,
            cells=tuple(cells),
            zero_rounds=tuple(reversed(announced)),
        ),
        [],
    )


def points_text(points: float) -> str:
    """Points for columns 81-84 (``" 6.5"``, ``"17.0"``; 100 and more without
    the decimal, which does not fit)."""
    text = f"{points:4.1f}"
    if len(text) > 4:
        text = f"{points:4.0f}"
    return text


def player_line(
    number: int,
    *,
    sex: str | None = None,
    title: str | None = None,
    name: str = "",
    rating: int | None = None,
    federation: str | None = None,
    fide_id: str | None = None,
    birth: str | None = None,
    points: float = 0.0,
    rank: int = 0,
    cells: Sequence[Hashable] = (),
    texts: dict[Any, str] | None = None,
) -> str:
    """A ``001`` line in the exact TRF16 columns (text fields too long are cut
    to fit; control characters in them, a newline included, are written as
    spaces: no text can start a line of its own).

    ``cells``: the rounds as :data:`Cell` tuples; ``texts``: a :class:`CellTexts`
    shared by the lines of one file (a file repeats the same few thousand cells;
    each is formatted once), or another mapping from cells to their ten columns.
    Numbers are written as given: the caller makes sure they fit (the export
    refuses a rating or a starting rank of more than four digits)."""
    found: dict[Any, str] = CellTexts() if texts is None else texts
    texts_ = (sex or " ", title or "", name, federation or "", fide_id or "", birth or "")
    if _CONTROL.search("".join(texts_)):
        sex, title, name, federation, fide_id, birth = map(_one_line, texts_)
    head = line_head(
        number, sex, title, name, rating, federation, fide_id, birth, points_text(points), rank
    )
    return (head + "".join(map(found.__getitem__, cells))).rstrip()


def line_head(
    number: int,
    sex: str | None,
    title: str | None,
    name: str,
    rating: int | None,
    federation: str | None,
    fide_id: str | None,
    birth: str | None,
    points: str,
    rank: int,
) -> str:
    """Columns 1-91 of a ``001`` line, the rounds' columns left to the caller:
    the texts (free of control characters) cut to their columns, ``points`` as
    :func:`points_text` writes them. :func:`player_line` and the export's lines
    written at once (:mod:`.line_batch`) share it."""
    return (
        f"001 {number:4d} {(sex or ' ')[:1]}{(title or '')[:3]:>3} {name[:33]:<33} "
        + (f"{rating:4d} " if rating else "     ")
        + f"{(federation or '')[:3]:<3} {(fide_id or '')[:11]:>11} {(birth or '')[:10]:<10} "
        + f"{points} {rank:4d}  "
    )


class CellTexts(dict[Cell, str]):
    """A round's ten columns for each cell, made on first use."""

    def __missing__(self, cell: Cell) -> str:
        opponent, colour, code = cell
        text = f"{opponent:4d} {colour} {code}  " if opponent else f"0000 - {code}  "
        self[cell] = text
        return text
