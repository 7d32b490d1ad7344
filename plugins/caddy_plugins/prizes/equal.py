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
    item_shares,
    money,
    pool_text,
)
from caddy_plugins.prizes.pools import equal_amounts, pool_shares


class EqualSharing:
    name = "equal"
    summary = "the cash of the places tied players occupy is pooled and shared equally"

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        held = by_tiebreak(group)
        return (*item_shares(group, held), *pool_shares(group, held, equal_amounts, _words))


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
