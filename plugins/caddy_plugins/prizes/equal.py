"""``sharing = "equal"``: the cash of the places tied players occupy is pooled
and shared equally (docs/prizes.md, "Sharing methods").

One prize a player (the default): the pools and the choices of
:mod:`caddy_plugins.prizes.pools` (the places first; a category prize taken
instead when it gives a tied player more). Without it, each category is
shared on its own: the cash of the prizes :func:`~caddy.contracts.prizes.by_tiebreak`
gives the group, each prize shared equally by the tied players who qualify
for it. Items are never shared: they go by tie-break.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from caddy import hookimpl
from caddy.contracts.prizes import OpenPrize, Share, TiedGroup, by_tiebreak
from caddy_plugins.prizes.pooling import (
    ALONE,
    item_shares,
    money,
    pool_text,
    pooled_shares,
    sharers,
)
from caddy_plugins.prizes.pools import equal_amounts, pool_shares


class EqualSharing:
    name = "equal"
    summary = "the cash of the places tied players occupy is pooled and shared equally"

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        held = by_tiebreak(group)
        if group.one_per_player:
            return (*item_shares(group, held), *pool_shares(group, held, equal_amounts, _words))
        taken = {p.index for prizes in held.values() for p in prizes}
        pooled = [p for p in group.prizes if p.cash is not None and p.index in taken]
        split = {p.index: sharers(group, p, held) for p in pooled}
        pieces: dict[tuple[int, int], Fraction] = {}
        for prize in pooled:
            for member in split[prize.index]:
                pieces[(member, prize.index)] = (prize.cash or Fraction(0)) / len(
                    split[prize.index]
                )
        targets: dict[int, Fraction] = {}
        for (member, _), amount in pieces.items():
            targets[member] = targets.get(member, Fraction(0)) + amount
        rules = _rules(group, pooled, split, targets)
        cash = pooled_shares(pooled, targets, rules, held)
        return (*item_shares(group, held), *cash)


def _rules(
    group: TiedGroup,
    pooled: list[OpenPrize],
    split: dict[int, list[int]],
    targets: dict[int, Fraction],
) -> dict[int, str]:
    """Each sharer's rule: the pool, by how many, what they get."""
    if len(group.members) == 1:
        return dict.fromkeys(targets, ALONE)
    everyone = set().union(*map(set, split.values()))
    narrower = [
        f"{p.name} only by the {len(split[p.index])} of them who qualify for it"
        for p in pooled
        if len(split[p.index]) < len(everyone)
    ]
    rules = {}
    for member, total in targets.items():
        if narrower:
            rules[member] = (
                f"{pool_text(pooled)} shared equally by {len(everyone)} tied, "
                f"{', '.join(narrower)}: {money(total)}"
            )
        else:
            rules[member] = (
                f"{pool_text(pooled)} shared equally by {len(everyone)}: {money(total)} each"
            )
    return rules


def _words(
    members: list[int], prizes: list[OpenPrize], got: dict[int, Fraction], member: int
) -> str:
    """``1st + 2nd (100 + 80) shared equally by 3: 60 each``; a pool of one: its prize alone."""
    if len(members) == 1:
        return f"{pool_text(prizes)} alone"
    return f"{pool_text(prizes)} shared equally by {len(members)}: {money(got[member])} each"


@hookimpl
def caddy_register_prize_sharing(register: Callable[[EqualSharing], None]) -> None:
    register(EqualSharing())
