"""One maximum-weight matching per bracket instead of one per player.

Both readings pair a bracket the same way: its members are taken in order
(the Index order, or BSN order by the 2026 text) and each one still free is
given the LATEST member after it that some optimal matching lets it meet, or
floats when no optimal matching pairs it inside the bracket. Done literally,
that is one matching of the bracket and everyone below it per member
(:func:`caddy_plugins.engines.burstein.burstein.pair_round` with
``plain=True`` keeps that computation as the reference).

The answer of those matchings is a property of the base weights alone: a
trial's priorities are smaller than the smallest difference between two base
weights, so a trial's optimal matchings are the base-optimal ones that give
the member its latest possible partner, and that partner is unique (each
later member has its own priority). A member that floats meets no later
member in any base-optimal matching, so no later trial can pair it inside.
The sequence of choices is therefore the lexicographic maximum, over the
base-optimal matchings, of (first member's partner, second member's
partner, ...), and one matching finds it: each base weight multiplied by
``R ** m`` (``m`` members, ``R = m + 1``), and the edge from the ``i``-th
member to the ``j``-th (``j > i``) given ``j * R ** (m - 1 - i)`` more, one
base-``R`` digit per member, the first member's most significant.

Only the members' connected component (edges of positive weight between
players still to pair) is matched: an optimal matching of a graph is one of
each component, so the rest cannot change a member's partner. The engine's
graph joins a scoregroup to the next only where a floater can cross (an odd
number of players above it), so the component is mostly the bracket and the
one or two scoregroups below it.

Which optimal matching the algorithm returns among ties does not matter:
every one gives each member the same partner. The engine's reading checks
what the argument assumes there (the component paired whole, at most one
floater, nobody paired above the bracket) and pairs the round the plain way
when a check fails. The 2026 reading needs no such check: everyone is paired
or the round has no pairing (C4), and any number of floaters may leave.
"""

from __future__ import annotations

from collections.abc import Sequence

from caddy_plugins.engines.burstein.groups import Weights, solve

__all__ = ["FoldMismatchError", "component", "fold_matching", "fold_weights"]


class FoldMismatchError(Exception):
    """The one-matching answer does not have the shape the argument gives it:
    the round is paired the plain way instead."""


def fold_weights(weights: Weights, alive: Sequence[int], members: Sequence[int]) -> Weights:
    """The weights of the one matching: ``weights`` (positive ones between
    ``alive`` vertices) times ``R ** m``, plus one base-``R`` digit per member
    (the ``j``-th member, for the ``i``-th one before it, is worth ``j`` at
    digit ``m - 1 - i``)."""
    m = len(members)
    radix = m + 1
    scale = radix**m
    where = set(alive)
    out: Weights = {
        key: w * scale
        for key, w in weights.items()
        if w > 0 and key[0] in where and key[1] in where
    }
    for i, v in enumerate(members):
        if v not in where:
            continue
        digit = radix ** (m - 1 - i)
        for j in range(i + 1, m):
            w = members[j]
            key = (v, w) if v < w else (w, v)
            if key in out:
                out[key] += j * digit
    return out


def component(weights: Weights, alive: Sequence[int], start: Sequence[int]) -> list[int]:
    """The ``alive`` vertices joined to ``start`` by edges of positive weight, sorted."""
    where = set(alive)
    neighbours: dict[int, list[int]] = {}
    for (a, b), w in weights.items():
        if w > 0 and a in where and b in where:
            neighbours.setdefault(a, []).append(b)
            neighbours.setdefault(b, []).append(a)
    seen = {v for v in start if v in where}
    todo = list(seen)
    while todo:
        for w in neighbours.get(todo.pop(), ()):
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return sorted(seen)


def fold_matching(weights: Weights, alive: Sequence[int], members: Sequence[int]) -> dict[int, int]:
    """The lexicographic matching of the module docstring, ``vertex -> partner``,
    over the members' connected component only: a maximum-weight matching of a
    graph is one of each of its components, so the rest cannot change a
    member's partner. Raises :class:`FoldMismatchError` when the component
    cannot be paired whole (a trial could then leave a member unpaired)."""
    reach = component(weights, alive, members)
    mates = solve(fold_weights(weights, reach, members), reach)
    if len(mates) != len(reach):
        raise FoldMismatchError("the members' component has no perfect matching")
    return mates
