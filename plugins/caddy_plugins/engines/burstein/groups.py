"""The brackets of a Burstein round: which scoregroups can be paired, and
where a scoregroup must take players from the next one (FIDE Handbook
C.04.4.2; the reference engine's procedure, docs/burstein.md).

Players are vertices in the pairing order (score, then Index). Scoregroups are
added from the top; after each one a maximum-weight matching (a pair first,
then a pair inside a scoregroup) tells whether everything above can still be
paired with at most one floater leaving each scoregroup. When it cannot, the
next scoregroup is merged into the current one; when the last one cannot be
paired, the one above lets a floater down into it, then merges with it.

The result is a :class:`Brackets`: the edge weights every later matching starts
from (:attr:`Brackets.weights`) and the bracket boundaries.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from caddy_plugins.engines.dutch.matching import max_weight_matching

__all__ = ["Brackets", "Weights", "certified", "find_brackets", "is_valid", "solve"]

#: ``(lower vertex, higher vertex) -> weight`` of the edges set so far.
Weights = dict[tuple[int, int], int]


def solve(weights: Weights, alive: list[int]) -> dict[int, int]:
    """A maximum-weight matching on the ``alive`` vertices: ``vertex -> partner``."""
    where = {v: i for i, v in enumerate(alive)}
    edges = [
        (where[a], where[b], w)
        for (a, b), w in weights.items()
        if w > 0 and a in where and b in where
    ]
    mate = max_weight_matching(len(alive), edges)
    return {alive[i]: alive[m] for i, m in enumerate(mate) if m >= 0}


@attrs.define
class Brackets:
    """The bracket boundaries and the edge weights they were found with."""

    #: The reference engine's boundary list: vertex indexes where scoregroups
    #: start, the last one the number of vertices; a boundary appears twice
    #: where no floater can cross it.
    bounds: list[int]
    weights: Weights

    def ranges(self) -> list[tuple[int, int]]:
        """``(first vertex, end)`` of each bracket, from the top."""
        out: list[tuple[int, int]] = []
        begin = self.bounds[0]
        for end in self.bounds[1:]:
            if end != begin:
                out.append((begin, end))
                begin = end
        return out


def is_valid(mate: dict[int, int], bounds: list[int], n: int) -> bool:
    """Everyone above the last scoregroup is paired, and at most one player of
    each scoregroup (two where it ends on an odd vertex: one arriving, one
    leaving) is paired outside it or left unpaired."""
    it = 0
    begin = 0
    outside = 0
    last_start = bounds[-2]
    for v in range(n):
        if v >= bounds[-1]:
            return True
        if v >= bounds[it]:
            outside = 0
            begin = v
            while v >= bounds[it]:
                it += 1
        m = mate.get(v, v)
        if m == v and v < last_start:
            return False
        if m == v or m < begin or m >= bounds[it]:
            outside += 1
            if outside > (2 if bounds[it] & 1 else 1):
                return False
    return True


def certified(
    weights: Weights, bounds: list[int], size: int, compatible: int, mate: dict[int, int]
) -> bool:
    """Whether ``mate``, a matching of the first ``size`` vertices, proves that EVERY
    maximum-weight matching of them passes :func:`is_valid` (so the one a solver
    returns, whichever it is among ties, does).

    The proof, when the checks below hold: every edge joins one bracket to itself (all
    such edges of one weight) or to the next one (weight ``compatible``, less), the
    vertex past the last bracket counting as one more; one pair more outweighs any
    number of pairs inside brackets. So a matching's weight grows with its pairs, then
    with its pairs inside brackets. ``mate`` pairs every vertex (but one
    past the last bracket that no edge reaches), so any maximum-weight matching does.
    The pairs across a boundary are then as many as the players above it, modulo 2, at
    least; ``mate`` has exactly that many (0 or 1) across every boundary, so the fewest
    pairs across brackets there can be. A maximum-weight matching has no more, so 0 or
    1 across each boundary too: at most one player leaving each bracket, one arriving
    only where the bracket above ends on an odd vertex, none unpaired: valid.
    """
    last = bounds[-1]
    place = [0] * size  # each vertex's bracket, numbered from the top
    count = 0
    begin = bounds[0]
    for end in bounds[1:]:
        if end != begin:
            for v in range(begin, min(end, size)):
                place[v] = count
            count += 1
        begin = end
    for v in range(last, size):
        place[v] = count + v - last
    inside = 0
    linked = [False] * size
    for (a, b), w in weights.items():
        if w <= 0 or a >= size or b >= size:
            continue
        linked[a] = linked[b] = True
        step = abs(place[a] - place[b])
        if step == 1:
            if w != compatible:
                return False
        elif step or (inside and w != inside):
            return False
        else:
            inside = w
    if inside and (inside <= compatible or (inside - compatible) * (size // 2) >= compatible):
        return False  # a pair must outweigh every pair inside brackets together
    across = [0] * (count + size)
    above = [0] * (count + size)
    for v in range(size):
        above[place[v]] += 1
        m = mate.get(v)
        if m is None:
            if v >= last and not linked[v]:
                continue
            return False
        if place[m] == place[v] + 1:
            across[place[v]] += 1
    total = 0
    for k in range(count + size):
        total += above[k]
        if across[k] != total % 2 and k < place[size - 1]:
            return False
    return True


def find_brackets(
    n: int,
    score: Callable[[int], int],
    edge: Callable[[int, int, bool], int],
    compatible: int,
    *,
    plain: bool = False,
) -> tuple[Brackets, bool]:
    """The brackets of ``n`` vertices, and whether all of them can be paired.

    ``score(v)`` is a vertex's pairing score; ``edge(a, b, same)`` the weight of
    pairing a and b (0: they must not meet; ``same``: in one scoregroup);
    ``compatible`` the weight of a pair, given to the stand-in edges that keep a
    scoregroup with an odd end open for a floater. Each check matches the new
    scoregroup only, beside the last matching found above it, when that proves the
    answer (:func:`certified`); ``plain`` matches the whole prefix every time.
    """
    weights: Weights = {}

    def put(a: int, b: int, w: int) -> None:
        weights[(min(a, b), max(a, b))] = w

    known: dict[int, int] = {}

    def check() -> bool:
        # The last matching found, kept above the last bracket, and a small matching of
        # the rest: when that proves every optimal matching valid (:func:`certified`),
        # the whole prefix need not be matched again.
        nonlocal known
        size = min(bounds[-1] + 1, n)
        if known and not plain:
            start = bounds[-2]
            kept = {v: m for v, m in known.items() if v < start and m < start}
            mate = {**kept, **solve(weights, [v for v in range(size) if v not in kept])}
            if certified(weights, bounds, size, compatible, mate):
                known = mate
                return True
        known = solve(weights, list(range(size)))
        return is_valid(known, bounds, n)

    bounds = [0, 0]
    valid = True
    while bounds[-1] < n:
        bounds.append(bounds[-1])
        while True:
            first = bounds[-1]
            while True:
                new = bounds[-1]
                for v in range(bounds[-3], new):
                    put(new, v, edge(v, new, v >= bounds[-2]))
                bounds[-1] += 1
                if bounds[-1] >= n or score(first) != score(bounds[-1]):
                    break
            if bounds[-1] & 1 and bounds[-1] < n:
                for v in range(bounds[-2], bounds[-1]):
                    put(bounds[-1], v, compatible)
            valid = check()
            if bounds[-1] >= n or valid:
                break
        if bounds[-1] < n and not bounds[-1] & 1:
            bounds.append(bounds[-1])

    while len(bounds) > 3 and not valid:
        bounds.pop()
        boundary = bounds.pop()
        begin = bounds.pop()
        for outer in range(bounds[-1], boundary):
            for inner in range(boundary, n):
                put(outer, inner, edge(outer, inner, outer >= begin))
        bounds.extend((begin, n))
        valid = check()
    return Brackets(bounds=bounds, weights=weights), valid
