"""A TRF file's rounds read from its player lines' cells: per round the games
(Whites, Blacks, results, uncoloured boards) and the byes, each game seen
from both sides (:func:`rounds_of`; :mod:`.importing` makes them the event's
operations, :mod:`.pairing` reads a file cut before the round to pair), and
whether some pair meets too often, counted from those rounds
(:func:`meets_too_often`: the import asks :func:`caddy.model.cells.check_rows`
for its lines only then).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from caddy.model.results import FORFEIT_CODES, RESULT_WORDS, WORD_OF_CODES

if TYPE_CHECKING:
    from caddy.model.cells import Cell
    from caddy_plugins.codecs.trf.records import TrfDocument

__all__ = ["meets_too_often", "rounds_of"]


_BYE_CODES = frozenset("UFHZ+-")
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


def rounds_of(
    doc: TrfDocument,
) -> list[tuple[list[int], list[int], list[str], list[int], list[tuple[int, str]]]] | None:
    """Per round: Whites, Blacks, result words, uncoloured boards (from 1) and
    byes (player, code; ``Z`` left out); boards in the order of their lower
    pairing number. ``None`` when some game's two sides disagree (opponent,
    colour or result) or a code does not fit its cell: :func:`caddy.model.cells.check_rows`
    then names each problem."""
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


#: Result words of a forfeit (both codes ``+`` or ``-``): not a game played.
_FORFEITS = frozenset(word for word, codes in RESULT_WORDS.items() if codes[0] in FORFEIT_CODES)


def meets_too_often(
    rounds: list[tuple[list[int], list[int], list[str], list[int], list[tuple[int, str]]]],
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
