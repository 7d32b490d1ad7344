"""What the built-in sharing methods (``equal``, ``hort``, ``uscf``) have in
common: the items a tied group takes by tie-break, who shares a pooled prize,
the most cash a group can take with one prize each, splitting a pool so that
each prize goes only to members who qualify for it, and amounts in words.

Nothing here depends on pairing numbers: members are taken in tie-break
order and prizes in the group's order (most wanted first), so relabelling
the players changes no share.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from caddy.contracts.prizes import OpenPrize, Share, TiedGroup

#: A rule's words for a group of one player (no one to share with).
ALONE = "by points"


def money(amount: Fraction) -> str:
    """An exact amount in words: ``90``, ``162.50``, ``0.125``, ``31 2/3``."""
    if amount.denominator == 1:
        return str(amount.numerator)
    rest = amount.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    if rest == 1:
        places = 2
        while (amount * 10**places).denominator != 1:
            places += 1
        return f"{float(amount):.{places}f}" if places <= 6 else str(amount)
    whole, part = divmod(amount.numerator, amount.denominator)
    if whole == 0:
        return f"{part}/{amount.denominator}"
    return f"{whole} {part}/{amount.denominator}"


def pool_text(prizes: Sequence[OpenPrize]) -> str:
    """``1st + 2nd (100 + 80)``: the prizes of a pool and their cash."""
    names = " + ".join(p.name for p in prizes)
    return f"{names} ({' + '.join(money(p.cash or Fraction(0)) for p in prizes)})"


def item_shares(group: TiedGroup, held: Mapping[int, list[OpenPrize]]) -> list[Share]:
    """The items the group takes: each whole, by tie-break (as ``none`` gives them)."""
    rule = "by tie-break (an item is never shared)" if len(group.members) > 1 else ALONE
    return [
        Share(player=member, prize=prize.index, amount=None, rule=rule)
        for member in group.members
        for prize in held.get(member, [])
        if prize.cash is None
    ]


def sharers(group: TiedGroup, prize: OpenPrize, held: Mapping[int, list[OpenPrize]]) -> list[int]:
    """The members who share ``prize``'s cash, in tie-break order: those who
    qualify for it, but not one who took an item by tie-break (any item when
    each player wins one prize; else an item of the prize's category)."""

    def holds_item(member: int) -> bool:
        return any(
            p.cash is None and (group.one_per_player or p.category == prize.category)
            for p in held.get(member, [])
        )

    return [m for m in group.members if m in prize.eligible and not holds_item(m)]


def cash_passes(group: TiedGroup) -> list[list[OpenPrize]]:
    """The open cash prizes, shared in one pass when each player wins one prize,
    else one pass per category (a player wins one prize of each)."""
    cash = [p for p in group.prizes if p.cash is not None]
    if group.one_per_player:
        return [cash] if cash else []
    passes: dict[str, list[OpenPrize]] = {}
    for prize in cash:
        passes.setdefault(prize.category, []).append(prize)
    return list(passes.values())


def matchable(members: Sequence[int], prizes: Sequence[OpenPrize]) -> bool:
    """Whether every prize can go to a different member who qualifies for it."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for member in members:
            if member in prizes[i].eligible and member not in seen:
                seen.add(member)
                if member not in owner or place(owner[member], seen):
                    owner[member] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(prizes)))


def best_set(members: Sequence[int], prizes: Sequence[OpenPrize]) -> list[OpenPrize]:
    """The prizes worth the most cash that ``members`` can take, one each
    (greedy by cash, the group's order on a tie: the sets a group can take
    one prize each of form a matroid, so greedy is the best)."""
    chosen: list[OpenPrize] = []
    for prize in sorted(prizes, key=lambda p: -(p.cash or 0)):
        if prize.cash is not None and matchable(members, [*chosen, prize]):
            chosen.append(prize)
    return chosen


def split(
    prizes: Sequence[OpenPrize],
    targets: Mapping[int, Fraction],
    own: Mapping[int, Sequence[OpenPrize]] | None = None,
) -> dict[tuple[int, int], Fraction]:
    """``prizes``' cash split so that each member gets their target, from
    prizes they qualify for only: ``{(member, prize index): amount}``, in few
    pieces. Each member first draws on the prizes they took by tie-break
    (``own``), then the most restricted prizes go to members in tie-break
    order, and augmenting paths move what is left. The caller makes sure it
    can be done (the targets add up to the cash, and no set of prizes holds
    more than its eligible members' targets)."""
    flow: dict[tuple[int, int], Fraction] = {}
    members = list(targets)
    want = dict(targets)
    supply = {p.index: p.cash or Fraction(0) for p in prizes}
    by_index = {p.index: p for p in prizes}
    first = [(m, p) for m in members for p in (own or {}).get(m, []) if p.index in supply]
    rest = [
        (m, p)
        for p in sorted(prizes, key=lambda p: len(p.eligible & set(members)))
        for m in members
    ]
    for member, prize in [*first, *rest]:
        if member in prize.eligible and supply[prize.index] and want[member]:
            moved = min(supply[prize.index], want[member])
            _move(flow, supply, want, [(prize.index, member)], moved)
    while any(supply.values()):
        path = _augmenting(members, by_index, flow, supply, want)
        if path is None:
            raise ValueError("the pool cannot be split among the members who qualify")
        moved = min(supply[path[0][0]], want[path[-1][1]])
        for back in range(1, len(path)):
            moved = min(moved, flow[(path[back][0], path[back - 1][1])])
        _move(flow, supply, want, path, moved)
    pieces = {(m, p): a for (p, m), a in flow.items() if a}
    for prize in prizes:  # a prize of no cash is taken too: by its holder, or the first who may
        if not any(key[1] == prize.index for key in pieces):
            mine = [m for m in members if prize in (own or {}).get(m, [])]
            anyone = [m for m in members if m in prize.eligible]
            pieces[(*mine, *anyone)[0], prize.index] = Fraction(0)
    return {key: pieces[key] for p in prizes for m in members if (key := (m, p.index)) in pieces}


def pooled_shares(
    prizes: Sequence[OpenPrize],
    targets: Mapping[int, Fraction],
    rules: Mapping[int, str],
    own: Mapping[int, Sequence[OpenPrize]] | None = None,
) -> list[Share]:
    """The shares of a pool: :func:`split` in the prizes' order."""
    return [
        Share(player=member, prize=index, amount=amount, rule=rules[member])
        for (member, index), amount in split(prizes, targets, own).items()
    ]


def _move(
    flow: dict[tuple[int, int], Fraction],
    supply: dict[int, Fraction],
    want: dict[int, Fraction],
    path: list[tuple[int, int]],
    amount: Fraction,
) -> None:
    """Push ``amount`` along ``path``: prize → member, then (member's prize → next member)."""
    supply[path[0][0]] -= amount
    want[path[-1][1]] -= amount
    for step, (prize, member) in enumerate(path):
        flow[(prize, member)] = flow.get((prize, member), Fraction(0)) + amount
        if step:
            back = (prize, path[step - 1][1])
            flow[back] -= amount


def _augmenting(
    members: Sequence[int],
    prizes: Mapping[int, OpenPrize],
    flow: Mapping[tuple[int, int], Fraction],
    supply: Mapping[int, Fraction],
    want: Mapping[int, Fraction],
) -> list[tuple[int, int]] | None:
    """A shortest path from a prize with cash left to a member short of their
    share: prize → member it may go to, member → another prize they hold cash of."""
    queue: list[tuple[int, list[tuple[int, int]]]] = [
        (index, []) for index, left in supply.items() if left
    ]
    seen_prizes = {index for index, _ in queue}
    seen_members: set[int] = set()
    while queue:
        index, path = queue.pop(0)
        for member in members:
            if member not in prizes[index].eligible or member in seen_members:
                continue
            seen_members.add(member)
            step = [*path, (index, member)]
            if want[member]:
                return step
            for other in _held_by(member, prizes, flow):
                if other not in seen_prizes:
                    seen_prizes.add(other)
                    queue.append((other, step))
    return None


def _held_by(
    member: int, prizes: Iterable[int], flow: Mapping[tuple[int, int], Fraction]
) -> list[int]:
    return [index for index in prizes if flow.get((index, member), Fraction(0)) > 0]
