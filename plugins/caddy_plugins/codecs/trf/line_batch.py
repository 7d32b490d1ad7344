"""A file's player lines ``001`` written at once (:func:`player_lines`): :func:`.lines.player_line`'s lines.

The export writes every player's line; :func:`.lines.player_line` writes one,
cleaning each text of control characters first. A file's texts are asked for
control characters once, all together: with none (the common case) each line is
made of the same columns (:func:`.lines.line_head`, FIDE Handbook C.04 Annex 2)
straight from them, else the lines are written one by one by that function.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import chain
from typing import Any

from caddy.messages import CONTROL
from caddy_plugins.codecs.trf.lines import line_head, player_line, points_text

__all__ = ["player_lines"]

#: The text fields of :func:`player_lines`, in the order of its columns.
_FIELDS = ("sex", "title", "name", "rating", "federation", "fide_id", "birth")


def player_lines(
    fields: Sequence[Sequence[Any]],
    points: Sequence[float],
    ranks: Sequence[int],
    rows: Sequence[Sequence[Hashable]],
    texts: dict[Any, str],
) -> list[str]:
    """:func:`~caddy_plugins.codecs.trf.lines.player_line` of each player,
    numbered from 1: ``fields`` the columns sex, title, name, rating, federation,
    FIDE id and birth date (each a sequence in the players' order), then each
    one's points, rank and cells (``texts``: as that function's)."""
    sexes, titles, names, _, federations, fide_ids, births = fields
    if CONTROL.search(
        "".join(filter(None, chain(sexes, titles, names, federations, fide_ids, births)))
    ):  # a text to clean: line by line
        return [
            player_line(
                number,
                **dict(zip(_FIELDS, values, strict=True)),
                points=total,
                rank=rank,
                cells=row,
                texts=texts,
            )
            for number, (*values, total, rank, row) in enumerate(
                zip(*fields, points, ranks, rows, strict=True), 1
            )
        ]
    # few different points: each written once; a zero each time, as 0.0 and -0.0
    # are one key of the dict but written differently
    written = {total: points_text(total) for total in set(points)}
    totals = [(written.get(total) if total else None) or points_text(total) for total in points]
    cell = texts.__getitem__
    return [
        (
            line_head(number, sex, title, name, rating, federation, fide_id, birth, total, rank)
            + "".join(map(cell, row))
        ).rstrip()
        for number, (sex, title, name, rating, federation, fide_id, birth, total, rank, row) in (
            enumerate(zip(*fields, totals, ranks, rows, strict=True), 1)
        )
    ]
