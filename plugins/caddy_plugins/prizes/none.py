"""``sharing = "none"``: no sharing; tie-breaks decide who takes each prize."""

from __future__ import annotations

from collections.abc import Callable

from caddy import hookimpl
from caddy.contracts.prizes import Share, TiedGroup, by_tiebreak


class NoSharing:
    name = "none"
    summary = "no sharing: tied players take the prizes in tie-break order"

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        tied = len(group.members) > 1
        rule = "by tie-break" if tied else "by points"
        return tuple(
            Share(player=player, prize=prize.index, amount=prize.cash, rule=rule)
            for player, prizes in by_tiebreak(group).items()
            for prize in prizes
        )


@hookimpl
def caddy_register_prize_sharing(register: Callable[[NoSharing], None]) -> None:
    register(NoSharing())
