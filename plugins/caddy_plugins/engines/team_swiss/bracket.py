"""Pairing one bracket (C.04.6 3.6) and the completion test [C3] (C.04.6 2.2.1).

Art. 3.6.4 asks for the first pairing, in the lexicographic order of the identifiers of
3.6.2, among those that comply with [C1] and best comply with [C8], [C9], [C10]. That
order is packed into one integer weight per pair, and one minimum-weight perfect matching
(Edmonds' algorithm) finds it:

- [C8], [C9], [C10] in descending priority, each scaled above everything below it;
- the identifier: the teams of the bracket in TPN order get bracket numbers 1..B; in a
  pair the smaller number is the top member (3.6.1). All top members come before any
  partner in the identifier, so the set of bottom members is weighed first, one bit per
  team (a low number is the heavy bit); then each partner's number, as the digit (base
  B+1) of its top member's position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from caddy_plugins.engines.dutch.matching import max_weight_matching

__all__ = ["Allowed", "Cost", "can_pair_all", "pair_bracket"]

#: ``allowed(a, b)``: True when the teams ``a`` and ``b`` may meet ([C1], forbidden pairs).
Allowed = Callable[[int, int], bool]
#: ``cost(a, b)``: ``(c8, c9, c10)`` for the pair ``a``-``b``.
Cost = Callable[[int, int], tuple[int, int, int]]


def can_pair_all(tpns: Sequence[int], allowed: Allowed) -> bool:
    """[C3]: the teams ``tpns`` have a pairing complying with the absolute criteria."""
    n = len(tpns)
    if n % 2:
        return False
    if n == 0:
        return True
    edges = [(i, j, 1) for i in range(n) for j in range(i + 1, n) if allowed(tpns[i], tpns[j])]
    if len(edges) < n // 2 or not _has_perfect_matching(n, edges):
        return False
    if n <= _SMALL:
        return True
    mate = max_weight_matching(n, edges)
    return all(m >= 0 for m in mate)


#: Up to this many teams, a perfect matching is looked for by a plain search first.
_SMALL = 12


def _has_perfect_matching(size: int, edges: Sequence[tuple[int, int, int]]) -> bool:
    """Whether the graph has a perfect matching; exact search for small graphs, else a
    quick necessary condition (every team has an edge) before Edmonds' algorithm."""
    partners = [0] * size
    for i, j, _w in edges:
        partners[i] |= 1 << j
        partners[j] |= 1 << i
    if not all(partners):
        return False
    if size > _SMALL:
        return True
    failed: set[int] = set()

    def search(free: int) -> bool:
        if not free:
            return True
        if free in failed:
            return False
        low = (free & -free).bit_length() - 1
        rest = free & ~(1 << low)
        options = partners[low] & rest
        while options:
            bit = options & -options
            if search(rest & ~bit):
                return True
            options &= ~bit
        failed.add(free)
        return False

    return search((1 << size) - 1)


def pair_bracket(tpns: Sequence[int], allowed: Allowed, cost: Cost) -> list[tuple[int, int]] | None:
    """The pairs ``(top, bottom)`` of the bracket, or ``None`` when it cannot be paired."""
    order = sorted(tpns)
    size = len(order)
    if size % 2:
        return None
    if size == 0:
        return []
    base = size + 1
    w_top = base**size
    w_c10 = w_top * 2**size
    w_c9 = w_c10 * base
    w_c8 = w_c9 * base
    w_max = w_c8 * base
    big = w_max * size  # every pair more outweighs any weight difference: perfect first
    edges = []
    for i in range(size):
        for j in range(i + 1, size):
            a, b = order[i], order[j]
            if not allowed(a, b):
                continue
            c8, c9, c10 = cost(a, b)
            # bracket numbers: i + 1 (top) and j + 1 (bottom)
            weight = (
                c8 * w_c8
                + c9 * w_c9
                + c10 * w_c10
                + w_top * 2 ** (size - (j + 1))
                + (j + 1) * base ** (size - (i + 1))
            )
            edges.append((i, j, big - weight))
    if not _has_perfect_matching(size, edges):
        return None
    mate = max_weight_matching(size, edges)
    if any(m < 0 for m in mate):
        return None
    return [(order[i], order[mate[i]]) for i in range(size) if i < mate[i]]
