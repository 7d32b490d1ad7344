"""The ``001`` line's fixed-width player fields: what an export cuts to fit them."""

from __future__ import annotations

from collections.abc import Sequence
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


def cut_fields(players: Sequence[Any]) -> list[str]:
    """One warning per player field that is cut to fit its columns (names
    have their own), and one for text whose control characters become spaces."""
    warnings = []
    for attr, label, columns, width in _FIELDS:
        cut = [n for n, p in enumerate(players, 1) if len(getattr(p, attr) or "") > width]
        if cut:
            warnings.append(
                f"{label} longer than {width} character{'s' if width > 1 else ''} is cut to "
                f"fit columns {columns} (players {_listed(cut)})"
            )
    controlled = [
        n
        for n, p in enumerate(players, 1)
        if CONTROL.search("".join(getattr(p, a) or "" for a in ("name", *(f[0] for f in _FIELDS))))
    ]
    if controlled:
        warnings.append(
            f"control characters (line breaks...) written as spaces (players {_listed(controlled)})"
        )
    return warnings


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(map(str, numbers[:10])) + (", ..." if len(numbers) > 10 else "")
