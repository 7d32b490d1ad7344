"""``sharing = "uscf"`` (placeholder while issue 27 lands)."""

from __future__ import annotations

from collections.abc import Callable

from caddy import hookimpl
from caddy.contracts.prizes import Share, TiedGroup, by_tiebreak


class PlaceholderUscf:
    name = "uscf"
    summary = "placeholder: uscf sharing is being written (tie-break order meanwhile)"

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        tied = len(group.members) > 1
        rule = "by tie-break" if tied else "by points"
        return tuple(
            Share(player=player, prize=prize.index, amount=prize.cash, rule=rule)
            for player, prizes in by_tiebreak(group).items()
            for prize in prizes
        )


@hookimpl
def caddy_register_prize_sharing(register: Callable[[PlaceholderUscf], None]) -> None:
    register(PlaceholderUscf())
