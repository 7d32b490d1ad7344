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
    item_shares,
    money,
    pool_text,
)
from caddy_plugins.prizes.pools import hort_amounts, pool_shares


class HortSharing:
    name = "hort"
    summary = "Hort: half of each place's cash to its holder by tie-break, half shared equally"

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        held = by_tiebreak(group)
        return (*item_shares(group, held), *pool_shares(group, held, hort_amounts, _words))


def _words(
    members: list[int], prizes: list[OpenPrize], got: dict[int, Fraction], member: int
) -> str:
    """``1st + 2nd (100 + 80) Hort: 50 held, 45 from the pool of 90 shared by 2``."""
    if len(members) == 1:
        return f"{pool_text(prizes)} alone"
    pool = sum(((p.cash or Fraction(0)) / 2 for p in prizes), Fraction(0))
    held = got[member] - pool / len(members)  # hort_amounts: the held half, then the pool's part
    return (
        f"{pool_text(prizes)} Hort: {money(held) if held else 'nothing'} held, "
        f"{money(pool / len(members))} from the pool of {money(pool)} shared by {len(members)}"
    )


@hookimpl
def caddy_register_prize_sharing(register: Callable[[HortSharing], None]) -> None:
    register(HortSharing())
