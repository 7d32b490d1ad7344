"""Does a graph have a perfect matching? Edmonds' blossom search, unweighted.

Completion (C4 of FIDE Handbook C.04.3) asks only whether the players still unpaired can
all be paired (one of them left for the bye when their number is odd): a yes/no question
about a perfect matching, not a weighted one. :func:`has_perfect_matching` starts from a
greedy matching and looks for an augmenting path from each vertex it leaves unmatched
(J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17, 1965: a matching is maximum
if and only if no augmenting path exists; if none starts at an unmatched vertex, no
perfect matching exists, since the symmetric difference with one would hold such a path).

The graphs are dense (almost everyone may meet almost everyone), so a search usually
ends two or three steps from its root; a vertex's neighbours are listed only when the
search reaches it. The work is O(k) per vertex scanned, with k the number of vertices,
instead of the O(k²) edges and O(k³) steps of a weighted matching over all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from operator import itemgetter

__all__ = ["has_perfect_matching"]


def has_perfect_matching(
    vertices: Sequence[int],
    rows: Sequence[bytearray],
    spare: Sequence[bool],
    pairs: Sequence[tuple[int, int]],
) -> bool:
    """Whether ``vertices`` can all be paired, one ``spare`` vertex left over if their
    number is odd.

    ``rows[v][w]`` is true when ``v`` and ``w`` may be paired (a symmetric relation);
    ``pairs`` is a matching among ``vertices`` to start from (a greedy one).
    """
    k = len(vertices)
    if k == 0:
        return True
    if k == 1:
        return bool(spare[vertices[0]])
    odd = k % 2
    total = k + odd  # an odd number gets a dummy vertex (index k) joined to the spares
    local = {v: i for i, v in enumerate(vertices)}
    spares = [i for i, v in enumerate(vertices) if spare[v]] if odd else []
    if odd and not spares:
        return False
    pick = itemgetter(*vertices)
    cache: list[list[int] | None] = [None] * total
    if odd:
        cache[k] = spares
    spare_set = set(spares)

    def neighbours(i: int) -> list[int]:
        found = cache[i]
        if found is None:
            found = list(compress(range(k), pick(rows[vertices[i]])))
            if i in spare_set:
                found.append(k)
            cache[i] = found
        return found

    match = [-1] * total
    for a, b in pairs:
        match[local[a]] = local[b]
        match[local[b]] = local[a]
    for root in range(total):
        if match[root] == -1 and not _augment(root, match, neighbours):
            return False
    return True


def _augment(root: int, match: list[int], neighbours: Callable[[int], list[int]]) -> bool:
    """Find an augmenting path from the unmatched ``root`` and apply it; ``False`` if none."""
    total = len(match)
    parent = [-1] * total
    base = list(range(total))
    used = [False] * total
    used[root] = True
    queue = [root]
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in neighbours(v):
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                b = _common_base(v, to, match, parent, base)
                in_blossom = [False] * total
                _mark_path(v, b, to, match, parent, base, in_blossom)
                _mark_path(to, b, v, match, parent, base, in_blossom)
                for i in range(total):
                    if in_blossom[base[i]]:
                        base[i] = b
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    # Flip the path root .. v - to.
                    while to != -1:
                        pv = parent[to]
                        nxt = match[pv]
                        match[to] = pv
                        match[pv] = to
                        to = nxt
                    return True
                mate = match[to]
                used[mate] = True
                queue.append(mate)
    return False


def _common_base(a: int, b: int, match: list[int], parent: list[int], base: list[int]) -> int:
    seen = set()
    while True:
        a = base[a]
        seen.add(a)
        if match[a] == -1:
            break
        a = parent[match[a]]
    while True:
        b = base[b]
        if b in seen:
            return b
        b = parent[match[b]]


def _mark_path(
    v: int,
    b: int,
    child: int,
    match: list[int],
    parent: list[int],
    base: list[int],
    in_blossom: list[bool],
) -> None:
    while base[v] != b:
        in_blossom[base[v]] = in_blossom[base[match[v]]] = True
        parent[v] = child
        child = match[v]
        v = parent[match[v]]
