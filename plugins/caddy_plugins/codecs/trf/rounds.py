"""A TRF file's rounds read from its player lines' cells: per round the games
(Whites, Blacks, results, uncoloured boards) and the byes, each game seen
from both sides (:func:`rounds_of`; :mod:`.importing` makes them the event's
operations, :mod:`.pairing` reads a file cut before the round to pair), and
whether some pair meets too often, counted from those rounds
(:func:`meets_too_often`: the import asks :func:`caddy.model.cells.check_rows`
for its lines only then).

The import reads them with :func:`read_rounds`: one pass over the rows that
also gathers what the import asks next (each game's pair for
:func:`meets_too_often_read`, each row's points and byes for the bye values,
:mod:`.bye_values`), instead of a pass over the cells for each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple

from caddy.model.results import FORFEIT_CODES, GAME_POINTS, RESULT_WORDS, WORD_OF_CODES

if TYPE_CHECKING:
    from caddy.model.cells import Cell
    from caddy_plugins.codecs.trf.records import TrfDocument

__all__ = [
    "LONG",
    "RoundsRead",
    "meets_too_often",
    "meets_too_often_read",
    "read_rounds",
    "rounds_of",
]


_BYE_CODES = frozenset("UFHZ+-")
#: The bye codes whose points the bye values say (:mod:`.bye_values`).
_BYE_VALUES = frozenset("UFHZ")
#: Result words of a forfeit (both codes ``+`` or ``-``): not a game played.
_FORFEITS = frozenset(word for word, codes in RESULT_WORDS.items() if codes[0] in FORFEIT_CODES)
_CELLS = attrgetter("cells")
#: Rows of more rounds than this are read column by column by :func:`read_rounds`
#: (the rounds of a round robin, say: a row's points are counted from its codes
#: then, :mod:`.row_points`, and its cells are many for a pass per cell).
LONG = 12
#: (colour, the opponent's colour, code, the opponent's code) of a game's
#: lower-numbered side, the colours agreeing (White against Black, or ``-``
#: for both) → the result word.
_WORDS = {
    **{
        (colour, theirs, white, black): word
        for colour, theirs in (("w", "b"), ("-", "-"))
        for (white, black), word in WORD_OF_CODES.items()
    },
    **{("b", "w", black, white): word for (white, black), word in WORD_OF_CODES.items()},
}


def _word_tree(
    words: dict[tuple[str, str, str, str], str],
) -> dict[str, dict[str, dict[str, dict[str, str]]]]:
    """:data:`_WORDS` as nested tables (colour, the opponent's colour, code, the
    opponent's code): looked up one string at a time, with no key to build."""
    tree: dict[str, dict[str, dict[str, dict[str, str]]]] = {}
    for (colour, theirs, code, their_code), word in words.items():
        tree.setdefault(colour, {}).setdefault(theirs, {}).setdefault(code, {})[their_code] = word
    return tree


_WORD_TREE = _word_tree(_WORDS)


_Round = tuple[list[int], list[int], list[str], list[int], list[tuple[int, str]]]


class RoundsRead(NamedTuple):
    """The rounds of :func:`read_rounds`, and what the import asks of the rows next."""

    #: As :func:`rounds_of` gives them.
    rounds: list[_Round]
    #: Every game's pair (its lower number ``a``, the higher ``b``) as
    #: ``a * (n + 1) + b``: the games over the board, and the forfeits (both
    #: codes ``+`` or ``-``).
    pairs: list[int] | None
    forfeit_pairs: list[int] | None
    #: Each row's points and byes as :func:`.bye_values.bye_values_and_rows`
    #: sums them at 1 / ½ / 0 (:data:`caddy.model.results.GAME_POINTS`): the
    #: points of its games (a forfeit won with no opponent counts a win, one
    #: lost nothing) and its byes (``U F H Z`` with no opponent, in order).
    summed: list[tuple[float, Sequence[str]]] | None


def rounds_of(doc: TrfDocument) -> list[_Round] | None:
    """Per round: Whites, Blacks, result words, uncoloured boards (from 1) and
    byes (player, code; ``Z`` left out); boards in the order of their lower
    pairing number. ``None`` when some game's two sides disagree (opponent,
    colour or result) or a code does not fit its cell: :func:`caddy.model.cells.check_rows`
    then names each problem."""
    read = read_rounds(doc)
    return None if read is None else read.rounds


def read_rounds(doc: TrfDocument) -> RoundsRead | None:
    """:func:`rounds_of`, and on the way each game's pair and each row's points
    (:class:`RoundsRead`): one pass over the rows, each cell looked at once and
    each game from its lower side, where the partner's cell is checked.
    Anything unusual (a row longer than ``doc.rounds``, an opponent who is not
    a player, an unknown code, two sides that disagree) is left to
    :func:`_rounds_by_column`, which says ``None`` or raises as the rounds read
    column by column do."""
    count = doc.rounds
    if count > LONG:  # long rows (a round robin's): column by column, nothing gathered
        rounds = _rounds_by_column(doc)
        return None if rounds is None else RoundsRead(rounds, None, None, None)
    rows = list(map(_CELLS, doc.players))
    lengths = list(map(len, rows))
    if rows and max(lengths) > count:
        return _fallback(doc)
    whites: list[list[int]] = [[] for _ in range(count)]
    blacks: list[list[int]] = [[] for _ in range(count)]
    results: list[list[str]] = [[] for _ in range(count)]
    uncoloured: list[list[int]] = [[] for _ in range(count)]
    byes: list[list[tuple[int, str]]] = [[] for _ in range(count)]
    words = _WORD_TREE
    points = GAME_POINTS
    by_number: list[Sequence[Cell]] = [(), *rows]  # a player's row at their number
    values = _BYE_VALUES
    width = len(rows) + 1
    pairs: list[int] = []
    forfeit_pairs: list[int] = []
    summed: list[tuple[float, Sequence[str]]] = []
    none: tuple[str, ...] = ()
    alone = 0
    i = 0
    try:
        for row in rows:
            i += 1
            fixed = 0.0
            mine: list[str] | None = None
            r = -1
            for opponent, colour, code in row:
                r += 1
                if opponent is None:
                    alone += 1
                    if code != "Z":
                        byes[r].append((i, code))
                    if code in values:
                        if mine is None:
                            mine = [code]
                        else:
                            mine.append(code)
                    elif code == "+":
                        fixed += 1.0
                    continue
                fixed += points[code]
                if opponent > i:
                    # every game seen from both sides: the partner names the player
                    # back, the colours agree and so do the results
                    partner, their_colour, their_code = by_number[opponent][r]
                    # (a key not there: the colours or results disagree, or a bye code)
                    word = words[colour][their_colour][code][their_code]
                    if partner != i:
                        return _fallback(doc)
                    results[r].append(word)
                    (forfeit_pairs if code in "+-" else pairs).append(i * width + opponent)
                    if colour == "w":
                        whites[r].append(i)
                        blacks[r].append(opponent)
                    elif colour == "b":
                        whites[r].append(opponent)
                        blacks[r].append(i)
                    else:
                        whites[r].append(i)
                        blacks[r].append(opponent)
                        uncoloured[r].append(len(whites[r]))
            summed.append((fixed, none if mine is None else mine))
    except (IndexError, KeyError, TypeError, ValueError):  # (cells not as the reader makes them)
        return _fallback(doc)
    # no one is named twice: then exactly two cells per game have an opponent (in
    # each round, as every game has two cells of its round; so in all of them)
    cells = sum(lengths)
    if cells - alone != 2 * (len(pairs) + len(forfeit_pairs)) or not all(
        _BYE_CODES.issuperset(code for _, code in round_byes) for round_byes in byes
    ):
        return _fallback(doc)
    return RoundsRead(
        list(zip(whites, blacks, results, uncoloured, byes, strict=True)),
        pairs,
        forfeit_pairs,
        summed,
    )


def _fallback(doc: TrfDocument) -> RoundsRead | None:
    """:func:`read_rounds` of a file :func:`_rounds_by_column` reads (``None``,
    or an exception, for most)."""
    rounds = _rounds_by_column(doc)
    if rounds is None:
        return None
    # a file whose rounds read after all (none known): what read_rounds gathers, counted again
    width = len(doc.players) + 1
    pairs: list[int] = []
    forfeit_pairs: list[int] = []
    for whites, blacks, words, _, _ in rounds:
        for w, b, word in zip(whites, blacks, words, strict=True):
            key = w * width + b if w < b else b * width + w
            (forfeit_pairs if word in _FORFEITS else pairs).append(key)
    summed: list[tuple[float, Sequence[str]]] = []
    for p in doc.players:
        fixed = 0.0
        mine: list[str] = []
        for opponent, _, code in p.cells:
            if opponent is not None:
                fixed += GAME_POINTS.get(code, 0.0)
            elif code == "+":
                fixed += 1.0
            elif code in _BYE_VALUES:
                mine.append(code)
        summed.append((fixed, mine))
    return RoundsRead(rounds, pairs, forfeit_pairs, summed)


def _rounds_by_column(doc: TrfDocument) -> list[_Round] | None:
    """:func:`rounds_of` read column by column (each round's cells in turn)."""
    empty: Cell = (None, "-", "Z")
    rounds = doc.rounds
    rows = [
        p.cells if len(p.cells) == rounds else [*p.cells, *[empty] * (rounds - len(p.cells))]
        for p in doc.players
    ]
    out = []
    words = _WORDS
    for column in zip(*rows, strict=True):
        whites: list[int] = []
        blacks: list[int] = []
        results: list[str] = []
        uncoloured: list[int] = []
        byes: list[tuple[int, str]] = []
        alone = 0
        i = 0
        for opponent, colour, code in column:
            i += 1
            if opponent is None:
                alone += 1
                if code != "Z":
                    byes.append((i, code))
            elif opponent > i:
                # every game seen from both sides: the partner names the player back,
                # the colours agree and so do the results
                partner, their_colour, their_code = column[opponent - 1]
                word = words.get((colour, their_colour, code, their_code))
                if partner != i or word is None:
                    return None  # the colours or the results disagree, or a bye code on a game
                results.append(word)
                if colour == "w":
                    whites.append(i)
                    blacks.append(opponent)
                elif colour == "b":
                    whites.append(opponent)
                    blacks.append(i)
                else:
                    whites.append(i)
                    blacks.append(opponent)
                    uncoloured.append(len(whites))
        # no one is named twice: then exactly two cells per game have an opponent
        if i - alone != 2 * len(whites) or not _BYE_CODES.issuperset(code for _, code in byes):
            return None
        out.append((whites, blacks, results, uncoloured, byes))
    return out


def meets_too_often(
    rounds: list[_Round],
    players: int,
    cycles: int,
) -> bool:
    """Whether some pair meets more often than :func:`caddy.model.cells.check_rows`
    lets them (``complete=False``): more than ``cycles`` times (a game or a forfeit)
    in a round robin, more than once over the board (``cycles`` 0), counted
    from the rounds of :func:`rounds_of` (each game once). False: that
    check finds no problem."""
    width = players + 1
    keys = [
        w * width + b if w < b else b * width + w
        for whites, blacks, words, _, _ in rounds
        for w, b, word in zip(whites, blacks, words, strict=True)
        if cycles or word not in _FORFEITS
    ]
    if cycles <= 1:
        return len(set(keys)) != len(keys)
    return max(Counter(keys).values(), default=0) > cycles


def meets_too_often_read(read: RoundsRead, players: int, cycles: int) -> bool:
    """:func:`meets_too_often` of ``read.rounds``, counted from the pairs
    :func:`read_rounds` gathered (a forfeit's apart: not counted in a Swiss)."""
    if read.pairs is None or read.forfeit_pairs is None:  # long rows: not gathered
        return meets_too_often(read.rounds, players, cycles)
    keys = read.pairs if not cycles else read.pairs + read.forfeit_pairs
    if cycles <= 1:
        return len(set(keys)) != len(keys)
    return max(Counter(keys).values(), default=0) > cycles
