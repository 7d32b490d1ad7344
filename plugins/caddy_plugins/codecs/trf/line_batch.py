"""A file's player lines ``001`` written at once (:func:`player_lines`): :func:`.lines.player_line`'s lines.

The export writes every player's line; :func:`.lines.player_line` writes one,
cleaning each text of control characters first. A file's texts are asked for
control characters once, all together: with none (the common case) each line is
one format of the same columns (FIDE Handbook C.04 Annex 2), else the lines are
written one by one by that function.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import chain
from typing import Any

from caddy.messages import CONTROL
from caddy_plugins.codecs.trf.lines import player_line, points_text

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
    # few different points: each written once (a zero each time: -0.0 is written so)
    written = {total: points_text(total) for total in set(points)}
    totals = [(written.get(total) if total else None) or points_text(total) for total in points]
    cell = texts.__getitem__
    return [
        (
            f"001 {number:4d} {(sex or ' ')[:1]}{(title or '')[:3]:>3} {name[:33]:<33} "
            f"{f'{rating:4d}' if rating else '    '} {(federation or '')[:3]:<3} "
            f"{(fide_id or '')[:11]:>11} {(birth or '')[:10]:<10} {total} {rank:4d}  "
            + "".join(map(cell, row))
        ).rstrip()
        for number, (sex, title, name, rating, federation, fide_id, birth, total, rank, row) in (
            enumerate(zip(*fields, totals, ranks, rows, strict=True), 1)
        )
    ]
