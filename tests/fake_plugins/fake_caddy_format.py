"""A third-party format plugin, as someone outside caddy would write it.

"gauntlet": player 1 plays every other player once, colours alternating;
everyone else sits out the rounds they do not play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

import caddy
from caddy.contracts import Arithmetic
from caddy.contracts.format_tools import require_players
from caddy.model.schedule import Round, Schedule


@attrs.frozen(kw_only=True)
class GauntletOptions:
    champion_white_first: bool = True
    label: str = "gauntlet"


class Gauntlet:
    name: ClassVar[str] = "gauntlet"
    summary: ClassVar[str] = "player 1 plays everyone else once"
    Options: ClassVar[type[Any]] = GauntletOptions

    def arithmetic(self, players: int, options: GauntletOptions) -> Arithmetic:
        require_players(self, players)
        return Arithmetic(
            players=players,
            rounds=players - 1,
            games=players - 1,
            boards=1,
            games_per_player=players - 1,
            byes_per_round=players - 2,
            pair_meetings=None,
        )

    def variants(self, options: GauntletOptions) -> Mapping[str, Any]:
        return {}

    def schedule(
        self, players: int, options: GauntletOptions, *, seed: int | None = None
    ) -> Schedule:
        self.arithmetic(players, options)
        rounds = []
        for r, opponent in enumerate(range(2, players + 1), 1):
            champion_white = (r % 2 == 1) == options.champion_white_first
            white, black = (1, opponent) if champion_white else (opponent, 1)
            byes = tuple(p for p in range(2, players + 1) if p != opponent)
            rounds.append(Round(number=r, white=(white,), black=(black,), byes=byes))
        return Schedule(format=self.name, players=players, rounds=tuple(rounds), title="gauntlet")


@caddy.hookimpl
def caddy_register_formats(register: Callable[[Gauntlet], None]) -> None:
    register(Gauntlet())
