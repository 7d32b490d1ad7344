"""A TRF file's rounds read from its player lines' cells: per round the games
(Whites, Blacks, results, uncoloured boards) and the byes, each game seen
from both sides (:func:`rounds_of`; :mod:`.importing` makes them the event's
operations, :mod:`.pairing` reads a file cut before the round to pair).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from caddy.model.results import WORD_OF_CODES

if TYPE_CHECKING:
    from caddy.model.cells import Cell
    from caddy_plugins.codecs.trf.records import TrfDocument

__all__ = ["rounds_of"]


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
        named = 0
        for i, (opponent, colour, code) in enumerate(column, 1):
            if opponent is None:
                if code != "Z":
                    byes.append((i, code))
                continue
            named += 1
            if opponent < i:
                continue  # a game, seen from its lower-numbered side below
            # every game seen from both sides: the partner names the player back,
            # the colours agree and so do the results
            partner, their_colour, their_code = column[opponent - 1]
            word = words.get((colour, their_colour, code, their_code))
            if partner != i or word is None:
                return None  # the colours or the results disagree, or a bye code on a game
            if colour == "b":
                whites.append(opponent)
                blacks.append(i)
            else:
                whites.append(i)
                blacks.append(opponent)
                if colour == "-":
                    uncoloured.append(len(whites))
            results.append(word)
        # no one is named twice: then exactly two cells per game have an opponent
        if named != 2 * len(whites) or not _BYE_CODES.issuperset(code for _, code in byes):
            return None
        out.append((whites, blacks, results, uncoloured, byes))
    return out
