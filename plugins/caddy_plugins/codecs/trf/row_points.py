"""A row's points from its result codes alone, each code counted once (for the
rounds :func:`.rounds.rounds_of` read: every game code with an opponent, every
bye code without, so a code's points do not depend on its cell).
"""

from __future__ import annotations

from functools import reduce
from operator import add, itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from caddy_plugins.codecs.trf.records import TrfDocument

__all__ = ["codes_total", "exact_sums", "row_codes"]

_CODE = itemgetter(2)


def row_codes(doc: TrfDocument) -> list[str]:
    """Each player's result codes, one character per round (for
    :func:`.scoring.scoring_of` and :func:`.scoring.points_without` on rounds read by
    :func:`.rounds.rounds_of`)."""
    return ["".join(map(_CODE, p.cells)) for p in doc.players]


def exact_sums(points: dict[str, float]) -> bool:
    """Whether every sum of these points over a row (of fewer than a million
    rounds) is exact in any order: quarters, at most a million each (every
    partial sum is then a float, and ``sum``, ``reduce(add)`` and
    :func:`codes_total` give the same)."""
    return all((value * 4).is_integer() and abs(value) <= 1e6 for value in points.values())


def codes_total(row: str, points: dict[str, float]) -> float:
    """The points of a row of codes, each code's count times its points (exact:
    :func:`exact_sums`); a code ``points`` does not know raises ``KeyError`` as
    adding the codes one by one does."""
    if len(row) >= 1_000_000:
        return reduce(add, map(points.__getitem__, row), 0.0)
    # the common codes first: most rows hold only these, and the counting stops
    # when every round is counted
    order = [code for code in _COMMON if code in points]
    order.extend(code for code in points if code not in _COMMON)
    left = len(row)
    counts = []
    for code in order:
        count = row.count(code)
        if count:
            counts.append((count, points[code]))
            left -= count
            if not left:
                break
    if left:  # a code ``points`` does not know
        return reduce(add, map(points.__getitem__, row), 0.0)
    total = 0.0
    for count, value in counts:
        total += count * value
    return total


#: The codes most rows are made of, counted first by :func:`codes_total`.
_COMMON = ("1", "0", "=")
