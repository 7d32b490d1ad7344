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


#: Colours of a game's two sides that agree.
_COLOUR_PAIRS = frozenset({("w", "b"), ("b", "w"), ("-", "-")})
_BYE_CODES = frozenset("UFHZ+-")


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
    words = WORD_OF_CODES
    for column in zip(*rows, strict=True):
        games = [(i, c) for i, c in enumerate(column, 1) if c[0] is not None and c[0] > i]
        byes = [(i, c[2]) for i, c in enumerate(column, 1) if c[0] is None and c[2] != "Z"]
        partners = [column[c[0] - 1] for _, c in games]
        # every game seen from both sides: the partner names the player back, no one
        # is named twice (then exactly two cells per game have an opponent), colours agree
        if (
            [p[0] for p in partners] != [i for i, _ in games]
            or len(column) - [c[0] for c in column].count(None) != 2 * len(games)
            or not _COLOUR_PAIRS.issuperset(
                zip([c[1] for _, c in games], [p[1] for p in partners], strict=True)
            )
            or not _BYE_CODES.issuperset(code for _, code in byes)
        ):
            return None
        try:
            results = [
                words[(p[2], c[2])] if c[1] == "b" else words[(c[2], p[2])]
                for (_, c), p in zip(games, partners, strict=True)
            ]
        except KeyError:  # the results disagree, or a bye code on a game
            return None
        whites = [c[0] if c[1] == "b" else i for i, c in games]
        blacks = [i if c[1] == "b" else c[0] for i, c in games]
        uncoloured = [k for k, (_, c) in enumerate(games, 1) if c[1] == "-"]
        out.append((whites, blacks, results, uncoloured, byes))
    return out
