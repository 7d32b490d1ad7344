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
    counts = [(row.count(code), value) for code, value in points.items()]
    if sum(count for count, _ in counts) != len(row) or len(row) >= 1_000_000:
        return reduce(add, map(points.__getitem__, row), 0.0)
    total = 0.0
    for count, value in counts:
        if count:
            total += count * value
    return total
