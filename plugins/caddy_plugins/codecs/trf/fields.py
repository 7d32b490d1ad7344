"""The ``001`` line's fixed-width player fields: what an export cuts to fit them."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from typing import Any

from caddy.messages import CONTROL

__all__ = ["cut_fields"]


#: Player fields with a fixed width in the ``001`` line: (label, columns, width).
_FIELDS = (
    ("sex", "sex", "10", 1),
    ("title", "title", "11-13", 3),
    ("federation", "federation", "54-56", 3),
    ("fide_id", "FIDE id", "58-68", 11),
    ("birth", "birth date", "70-79", 10),
)
_ATTRS = tuple(field[0] for field in _FIELDS)


def cut_fields(players: Sequence[Any]) -> list[str]:
    """One warning per player field that is cut to fit its columns (names
    have their own), and one for text whose control characters become spaces."""
    warnings = []
    columns = {attr: list(map(attrgetter(attr), players)) for attr in ("name", *_ATTRS)}
    for attr, label, columns_text, width in _FIELDS:
        column = columns[attr]
        # the longest text first (blank fields fit): each player only when one is cut
        if max(map(len, filter(None, column)), default=0) <= width:
            continue
        cut = [n for n, text in enumerate(column, 1) if len(text or "") > width]
        warnings.append(
            f"{label} longer than {width} character{'s' if width > 1 else ''} is cut to "
            f"fit columns {columns_text} (players {_listed(cut)})"
        )
    # every text at once first: each player only when some has a control character
    if CONTROL.search("".join(filter(None, chain.from_iterable(columns.values())))):
        controlled = [
            n
            for n, p in enumerate(players, 1)
            if CONTROL.search("".join(getattr(p, a) or "" for a in ("name", *_ATTRS)))
        ]
        warnings.append(
            f"control characters (line breaks...) written as spaces (players {_listed(controlled)})"
        )
    return warnings


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(map(str, numbers[:10])) + (", ..." if len(numbers) > 10 else "")
