"""``sharing = "hort"``: the Hort system (docs/prizes.md, "Sharing methods").

Half of each place's cash goes to its holder by tie-break order, the other
half is pooled and shared equally by the tied players. One prize a player
(the default): the pools and the choices of :mod:`caddy_plugins.prizes.pools`,
as ``equal``. Without it, each category is shared on its own. Items go by
tie-break.
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
from caddy_plugins.prizes.pools import hort_amounts, pool_shares


class HortSharing:
    name = "hort"
    summary = "Hort: half of each place's cash to its holder by tie-break, half shared equally"

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        held = by_tiebreak(group)
        if group.one_per_player:
            return (*item_shares(group, held), *pool_shares(group, held, hort_amounts, _words))
        holder = {p.index: m for m, prizes in held.items() for p in prizes}
        pooled = [p for p in group.prizes if p.cash is not None and p.index in holder]
        pieces: dict[tuple[int, int], Fraction] = {}
        kept: dict[int, Fraction] = {}
        split = {p.index: sharers(group, p, held) for p in pooled}
        for prize in pooled:
            half = (prize.cash or Fraction(0)) / 2
            owner = holder[prize.index]
            kept[owner] = kept.get(owner, Fraction(0)) + half
            pieces[(owner, prize.index)] = half
            for member in split[prize.index]:
                key = (member, prize.index)
                pieces[key] = pieces.get(key, Fraction(0)) + half / len(split[prize.index])
        targets: dict[int, Fraction] = {}
        for (member, _), amount in pieces.items():
            targets[member] = targets.get(member, Fraction(0)) + amount
        rules = _rules(group, pooled, split, targets, kept)
        cash = pooled_shares(pooled, targets, rules, held)
        return (*item_shares(group, held), *cash)


def _rules(
    group: TiedGroup,
    pooled: list[OpenPrize],
    split: dict[int, list[int]],
    targets: dict[int, Fraction],
    kept: dict[int, Fraction],
) -> dict[int, str]:
    """``1st + 2nd (100 + 80) Hort: 50 held, 45 from the pool of 90 shared by 2``."""
    if len(group.members) == 1:
        return dict.fromkeys(targets, ALONE)
    everyone = set().union(*map(set, split.values()))
    pool = sum(((p.cash or Fraction(0)) / 2 for p in pooled), Fraction(0))
    narrower = [
        f" ({p.name}'s half only by the {len(split[p.index])} of them who qualify for it)"
        for p in pooled
        if len(split[p.index]) < len(everyone)
    ]
    rules = {}
    for member, total in targets.items():
        own = kept.get(member, Fraction(0))
        rules[member] = (
            f"{pool_text(pooled)} Hort: {money(own) if own else 'nothing'} held, "
            f"{money(total - own)} from the pool of {money(pool)} shared by {len(everyone)}"
            + "".join(narrower)
        )
    return rules


def _words(
    members: list[int], prizes: list[OpenPrize], got: dict[int, Fraction], member: int
) -> str:
    """``1st + 2nd (100 + 80) Hort: 50 held, 45 from the pool of 90 shared by 2``."""
    if len(members) == 1:
        return f"{pool_text(prizes)} alone"
    held = (
        (prizes[members.index(member)].cash or Fraction(0)) / 2
        if members.index(member) < len(prizes)
        else Fraction(0)
    )
    pool = sum(((p.cash or Fraction(0)) / 2 for p in prizes), Fraction(0))
    return (
        f"{pool_text(prizes)} Hort: {money(held) if held else 'nothing'} held, "
        f"{money(got[member] - held)} from the pool of {money(pool)} shared by {len(members)}"
    )


@hookimpl
def caddy_register_prize_sharing(register: Callable[[HortSharing], None]) -> None:
    register(HortSharing())
