"""Checks across a prize schedule's prizes (:mod:`caddy.files.prizes` reads
each prize, then calls :func:`check_prizes`; docs/prize-schedule.md#checks).

- prize names are unique (``caddy prizes`` names each award by its prize);
- within a category (the place prizes are one, each distinct category
  another), each place is given once, places run 1, 2, 3 ... without a gap,
  and no place is worth more than an earlier one (an item by its value);
- the rating bands of two categories that are alike but for their band
  (``1600-1799`` and ``1700-1899``, both for women) are apart or one inside
  the other (``U2000`` and ``U1800``): a partial overlap is an error. Equal
  bands are one category; categories that differ in more than their band
  (``U1800`` and ``U1800`` women) are not compared.
"""

from __future__ import annotations

import itertools
import math

import attrs

from caddy.model.prizes import Category, Prize


def check_prizes(labelled: list[tuple[str, Prize]], source: str) -> list[str]:
    """The problems of a schedule's prizes, each read and labelled (``prize 3
    ('U1800 1st')``), taken together: one line each, led by ``source``."""
    problems: list[str] = []
    names: dict[str, str] = {}
    groups: dict[Category | None, list[tuple[str, Prize]]] = {}
    for label, prize in labelled:
        if prize.name in names:
            problems.append(f"{source}: {label}: the name is also {names[prize.name]}'s")
        names.setdefault(prize.name, label)
        groups.setdefault(prize.category, []).append((label, prize))
    for category, group in groups.items():
        _check_places(group, "its category" if category else "the place prizes", source, problems)
    _check_bands(list(groups.items()), source, problems)
    return problems


def _check_places(
    group: list[tuple[str, Prize]], what: str, source: str, problems: list[str]
) -> None:
    """One category's places: each once, none missing, none worth more than an earlier one."""
    places: dict[int, tuple[str, Prize]] = {}
    for label, prize in group:
        if prize.place in places:
            other = places[prize.place][0]
            problems.append(
                f"{source}: {label}: place {prize.place} again in {what} (also {other})"
            )
        places.setdefault(prize.place, (label, prize))
    for place, (label, _) in sorted(places.items()):
        if place > 1 and place - 1 not in places:
            problems.append(
                f"{source}: {label}: place {place}, but {what} has no place {place - 1}"
            )
    ranked = [places[place] for place in sorted(places)]
    for (label_a, a), (label_b, b) in itertools.pairwise(ranked):
        if b.worth > a.worth:
            problems.append(
                f"{source}: {label_b}: place {b.place} is worth {b.worth},"
                f" more than place {a.place} ({label_a}: {a.worth})"
            )


def band_text(category: Category) -> str:
    """A category's rating band as organisers write it (``U1800``, ``1600-1799``, ``1800+``)."""
    low, below = category.rating_from, category.rating_below
    if low is None:
        return f"U{below}" if below is not None else "any rating"
    return f"{low}+" if below is None else f"{low}-{below - 1}"


def _check_bands(
    groups: list[tuple[Category | None, list[tuple[str, Prize]]]], source: str, problems: list[str]
) -> None:
    """Rating bands of categories alike but for their band: apart, or one inside the other."""
    banded = [
        (c, group[0][0])
        for c, group in groups
        if c is not None and (c.rating_from is not None or c.rating_below is not None)
    ]
    for i, (a, label_a) in enumerate(banded):
        for b, label_b in banded[i + 1 :]:
            if attrs.evolve(a, rating_from=None, rating_below=None) != attrs.evolve(
                b, rating_from=None, rating_below=None
            ):
                continue
            low_a, high_a = _interval(a)
            low_b, high_b = _interval(b)
            overlap = max(low_a, low_b) < min(high_a, high_b)
            nested = (low_a <= low_b and high_b <= high_a) or (low_b <= low_a and high_a <= high_b)
            if overlap and not nested:
                problems.append(
                    f"{source}: {label_b}: rating band {band_text(b)} overlaps {band_text(a)}"
                    f" ({label_a}); bands must be apart or one inside the other"
                )


def _interval(category: Category) -> tuple[float, float]:
    """A band as ``[low, high)``, open ends infinite."""
    low, below = category.rating_from, category.rating_below
    return (-math.inf if low is None else low), (math.inf if below is None else below)
