"""One prize a player, shared (``equal``, ``hort``; docs/prizes.md): which
prizes the tied players share, and who shares them.

The tied players share the prizes of one category: the place prizes first.
Each pool is the prizes its sharers occupy (as many of the category's open
prizes, most wanted first, as it has sharers), shared by the method. A tied
player who qualifies for a category prize takes part in that category's
pool instead when it gives them more (the category's prize alone, or a share
of it with other tied players of the category); then the pool they left is
shared again without them, and a prize no sharer occupies passes to the
players below. Tied players choose in tie-break order, again until no one
gains by moving. A player who took an item by tie-break takes no cash.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import attrs

from caddy.contracts.prizes import OpenPrize, Share, TiedGroup
from caddy_plugins.prizes.pooling import ALONE, money, pooled_shares

#: A method's amounts: the sharers (tie-break order) and the prizes they
#: occupy (most wanted first) → each sharer's amount.
Amounts = Callable[[Sequence[int], Sequence[OpenPrize]], dict[int, Fraction]]


def equal_amounts(members: Sequence[int], prizes: Sequence[OpenPrize]) -> dict[int, Fraction]:
    """The pool's cash in equal parts."""
    total = sum((p.cash or Fraction(0) for p in prizes), Fraction(0))
    return {m: total / len(members) for m in members} if members else {}


def hort_amounts(members: Sequence[int], prizes: Sequence[OpenPrize]) -> dict[int, Fraction]:
    """Half of each prize to its holder (the sharers in tie-break order hold
    the prizes in order), the other halves in equal parts."""
    if not members:
        return {}
    halves = [(p.cash or Fraction(0)) / 2 for p in prizes]
    each = sum(halves, Fraction(0)) / len(members)
    held = dict(zip(members, halves, strict=False))
    return {m: held.get(m, Fraction(0)) + each for m in members}


class Pools:
    """The pools of a tied group under ``amounts``: one prize a player, each
    sharer in one pool (chosen as the module says); else every category is a
    pool of all the tied players who qualify for it (one prize of each)."""

    def __init__(self, group: TiedGroup, candidates: Sequence[int], amounts: Amounts) -> None:
        self.amounts = amounts
        self.candidates = list(candidates)
        self.one_per_player = group.one_per_player
        self.prizes: dict[str, list[OpenPrize]] = {}
        for prize in group.prizes:
            if prize.cash is not None:
                self.prizes.setdefault(prize.category, []).append(prize)
        self.of: dict[int, str | None] = {m: self._start(m) for m in self.candidates}
        if self.one_per_player:
            self._settle()

    def qualifies(self, member: int, category: str) -> bool:
        """Whether ``member`` may share ``category``'s prizes (they all ask the same)."""
        return any(member in p.eligible for p in self.prizes[category])

    def _start(self, member: int) -> str | None:
        if "" in self.prizes and self.qualifies(member, ""):
            return ""
        mine = [c for c in self.prizes if self.qualifies(member, c)]
        return max(mine, key=lambda c: self.prizes[c][0].cash or 0, default=None)

    def members(self, category: str, joining: int | None = None) -> list[int]:
        """The sharers of ``category`` (with ``joining`` added), in tie-break order."""
        if not self.one_per_player:
            return [m for m in self.candidates if self.qualifies(m, category)]
        return [m for m in self.candidates if self.of[m] == category or m == joining]

    def occupied(self, category: str, members: Sequence[int]) -> list[OpenPrize]:
        """The category's prizes its sharers occupy: as many as they are (those they qualify for)."""
        fit = [p for p in self.prizes[category] if all(m in p.eligible for m in members)]
        return fit[: len(members)]

    def value(self, member: int, category: str | None) -> Fraction:
        """What ``member`` gets sharing ``category`` (``None``: nothing)."""
        if category is None:
            return Fraction(0)
        members = self.members(category, joining=member)
        return self.amounts(members, self.occupied(category, members)).get(member, Fraction(0))

    def _settle(self) -> None:
        """Moves in tie-break order while someone gains (bounded: each move gains)."""
        for _ in range(4 * len(self.candidates) * max(len(self.prizes), 1)):
            move = self._a_move()
            if move is None:
                return
            self.of[move[0]] = move[1]

    def _a_move(self) -> tuple[int, str] | None:
        """The first member (tie-break order) who gains by moving, and the pool giving them most."""
        for member in self.candidates:
            now = self.value(member, self.of[member])
            better = [
                (self.value(member, c), -at, c)
                for at, c in enumerate(self.prizes)
                if c != self.of[member] and self.qualifies(member, c)
            ]
            best = max(better, default=None)
            if best is not None and best[0] > now:
                return member, best[2]
        return None

    def pools(self) -> list[tuple[list[int], list[OpenPrize]]]:
        """Each pool with sharers: its sharers and the prizes they occupy."""
        found = []
        for category in self.prizes:
            members = self.members(category)
            prizes = self.occupied(category, members)
            if members and prizes:
                found.append((members, prizes))
        return found


def pool_shares(
    group: TiedGroup,
    held: dict[int, list[OpenPrize]],
    amounts: Amounts,
    words: Callable[[list[int], list[OpenPrize], dict[int, Fraction], int], str],
) -> list[Share]:
    """The cash shares of a tied group: each pool's prizes split among its
    sharers by ``amounts``; ``words(sharers, prizes, amounts, member)`` is a
    sharer's rule (a sharer who left the place prizes' pool is told what that
    pool would have given them). A player who took an item by tie-break takes
    no cash (without one prize a player: no cash of the item's category)."""
    shares: list[Share] = []
    for pools in _pools(group, held, amounts):
        for members, prizes in pools.pools():
            got = amounts(members, prizes)
            rules = {}
            for member in members:
                rule = ALONE if len(group.members) == 1 else words(members, prizes, got, member)
                if len(group.members) > 1 and group.one_per_player:
                    rule += _left(pools, member)
                rules[member] = rule
            shares.extend(pooled_shares(prizes, got, rules))
    return shares


def _pools(group: TiedGroup, held: dict[int, list[OpenPrize]], amounts: Amounts) -> list[Pools]:
    """The group's pools: one set of choices (one prize a player), else one
    per category, without the tied players holding an item of it."""
    items = {m: {p.category for p in held.get(m, []) if p.cash is None} for m in group.members}
    if group.one_per_player:
        return [Pools(group, [m for m in group.members if not items[m]], amounts)]
    found = []
    for category in dict.fromkeys(p.category for p in group.prizes if p.cash is not None):
        only = attrs.evolve(group, prizes=tuple(p for p in group.prizes if p.category == category))
        found.append(Pools(only, [m for m in group.members if category not in items[m]], amounts))
    return found


def _left(pools: Pools, member: int) -> str:
    """What a sharer who left the place prizes' pool would have had in it."""
    if pools.of[member] == "" or "" not in pools.prizes or not pools.qualifies(member, ""):
        return ""
    return f"; more than the {money(pools.value(member, ''))} the place prizes' pool gives"
