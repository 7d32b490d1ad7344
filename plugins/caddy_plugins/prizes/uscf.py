"""``sharing = "uscf"``: US Chess rule 32B3, ties for more than one prize
(docs/prizes.md, "Sharing methods").

US Chess Official Rules of Chess, 7th edition, rule 32B3 (as quoted at
https://forum.uschess.org/t/rule-32b3-question/16785): "If winners of
different prizes tie with each other, all the cash prizes involved shall be
summed and divided equally among the tied winners unless any of the winners
would receive more money by winning or dividing only a particular prize for
which others in the tie are ineligible. No more than one cash prize shall go
into the pool for each winner." Trophies go by tie-break.

Here: the prizes the tied players "would win" are the most cash they can
take with one prize each among the open cash prizes (a restricted prize to
a member who qualifies for it); the pool is their sum, divided by the
members who qualify for one of them. A set of members who would receive
more by winning or dividing only the prizes the others are ineligible for
takes those alone (the set that gains the most first), and the rest share
again without them. Items go by tie-break
(:func:`~caddy.contracts.prizes.by_tiebreak`); with ``one_per_player`` their
holders take no cash, and without it each category is shared on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

import attrs

from caddy import hookimpl
from caddy.contracts.prizes import OpenPrize, Share, TiedGroup, by_tiebreak
from caddy_plugins.prizes.pooling import (
    ALONE,
    best_set,
    cash_passes,
    item_shares,
    money,
    pool_text,
    pooled_shares,
    sharers,
)

RULE = "US Chess 32B3"


@attrs.frozen
class Option:
    """Members who could win or divide only prizes the others are ineligible for."""

    members: tuple[int, ...]
    prizes: tuple[OpenPrize, ...]
    each: Fraction


class UscfSharing:
    name = "uscf"
    summary = "US Chess 32B3: the prizes the tied players would win, summed and divided equally"

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        held = by_tiebreak(group)
        shares = item_shares(group, held)
        for prizes in cash_passes(group):
            members = [
                m for m in group.members if any(m in sharers(group, p, held) for p in prizes)
            ]
            shares.extend(_pass(group, members, prizes, held))
        return tuple(shares)


def _pass(
    group: TiedGroup,
    members: list[int],
    prizes: list[OpenPrize],
    own: Mapping[int, list[OpenPrize]],
) -> list[Share]:
    """One pool: the options taken alone, then the rest summed and divided."""
    shares: list[Share] = []
    alone = len(group.members) == 1
    while members:
        would = best_set(members, prizes)
        pool = [p for p in prizes if p in would]
        winners = [m for m in members if any(m in p.eligible for p in pool)]
        if not winners:
            break
        each = sum((p.cash or Fraction(0) for p in pool), Fraction(0)) / len(winners)
        options = _options(members, prizes, winners)
        best = options[0] if options else None
        if best is not None and best.each > each and not alone:
            rule = (
                f"{pool_text(best.prizes)} ({RULE}: more by winning or dividing only a prize "
                f"the others are ineligible for): {money(best.each)} alone, or "
                f"{money(each)} from the pool: alone"
            )
            shares.extend(
                pooled_shares(
                    best.prizes,
                    dict.fromkeys(best.members, best.each),
                    dict.fromkeys(best.members, rule),
                    own,
                )
            )
            members = [m for m in members if m not in best.members]
            prizes = [p for p in prizes if p not in best.prizes]
            continue
        rules = {}
        for member in winners:
            rules[member] = (
                ALONE
                if alone
                else (
                    f"{pool_text(pool)} the tied players would win, summed and divided equally "
                    f"by {len(winners)} ({RULE}): {money(each)} each"
                )
            )
            mine = [o for o in options if member in o.members]
            if mine and not alone:
                rules[member] += (
                    f"; {money(mine[0].each)} alone, or {money(each)} from the pool: the pool"
                )
        shares.extend(pooled_shares(pool, dict.fromkeys(winners, each), rules, own))
        break
    return shares


def _options(members: list[int], prizes: list[OpenPrize], winners: list[int]) -> list[Option]:
    """Each smaller set of members, with the prizes only they qualify for, and
    what each would get by winning or dividing those alone; best first."""
    order = {m: i for i, m in enumerate(members)}

    def key(subset: frozenset[int]) -> list[int]:  # by tie-break places, never pairing numbers
        return sorted(order[m] for m in subset)

    sets = sorted({frozenset(p.eligible & set(members)) for p in prizes} - {frozenset()}, key=key)
    unions = list(sets)
    for a in unions:  # every union of eligible sets (grows while it is read; at most 4096)
        for b in sets:
            if a | b not in unions and len(unions) < 4096:
                unions.append(a | b)
    options = []
    for subset in unions:
        if len(subset) >= len(winners):
            continue
        ordered = tuple(sorted(subset, key=order.__getitem__))
        own = [p for p in prizes if p.eligible & set(members) <= subset]
        taken = best_set(ordered, own)
        if taken:
            total = sum((p.cash or Fraction(0) for p in taken), Fraction(0))
            options.append(
                Option(ordered, tuple(p for p in prizes if p in taken), total / len(subset))
            )
    return sorted(options, key=lambda o: (-o.each, len(o.members), [order[m] for m in o.members]))


@hookimpl
def caddy_register_prize_sharing(register: Callable[[UscfSharing], None]) -> None:
    register(UscfSharing())
