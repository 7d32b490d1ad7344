"""How the groups of ``groups-knockout`` are formed (docs/formats.md).

The players are numbered by rating (1 = highest). Three ways:

- ``snake``: A gets seeds 1, 2G, 2G+1 ...; B gets 2, 2G-1 ... (turning at each end);
- ``cyclic``: A gets seeds 1, G+1, 2G+1 ...; B gets 2, G+2 ...;
- ``baskets``: the seeds are cut into baskets ("pots") of G by rating —
  basket 1 is seeds 1..G, basket 2 seeds G+1..2G ... — and each basket's
  players are drawn by lot into the groups, one per group, as the FIDE Grand
  Prix 2022 pools were drawn (FIDE announcement of 21 January 2022: four
  baskets of four by the January rating list, then a drawing of lots into
  pools A-D). A last basket with fewer than G players goes into as many
  groups, drawn the same way.

The lot is drawn once, from the seed the options record (``draw_seed``), with
one string key per basket, so any process replaying the event finds the same
groups:

>>> basket_draw(8, 4, 7)
[[3, 6], [1, 5], [2, 8], [4, 7]]
>>> basket_draw(8, 4, 7) == basket_draw(8, 4, 7)
True
"""

from __future__ import annotations

import random
from typing import Literal

#: How the groups are formed.
GroupsBy = Literal["snake", "cyclic", "baskets"]
GROUPS_BY: tuple[str, ...] = ("snake", "cyclic", "baskets")


def group_name(index: int) -> str:
    """``A`` ... ``Z``, then ``G27`` ..."""
    return chr(ord("A") + index) if index < 26 else f"G{index + 1}"


def snake(players: int, groups: int) -> list[list[int]]:
    """Snake seeding: seeds 1..players into groups, turning at each end."""
    result: list[list[int]] = [[] for _ in range(groups)]
    for index in range(players):
        row, position = divmod(index, groups)
        group = position if row % 2 == 0 else groups - 1 - position
        result[group].append(index + 1)
    return result


def cyclic(players: int, groups: int) -> list[list[int]]:
    """Cyclic seeding: seed ``s`` goes to group ``(s - 1) mod G``.

    >>> cyclic(8, 4)
    [[1, 5], [2, 6], [3, 7], [4, 8]]
    """
    return [list(range(g + 1, players + 1, groups)) for g in range(groups)]


def baskets(players: int, groups: int) -> list[list[int]]:
    """The rating baskets: seeds 1..G, G+1..2G ... (the last may be short).

    >>> baskets(10, 4)
    [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]
    """
    return [list(range(s, min(s + groups, players + 1))) for s in range(1, players + 1, groups)]


def basket_key(draw_seed: int, basket: int) -> str:
    """The seed of one basket's lot (basket 1 is the top-rated):

    >>> basket_key(7, 1)
    '7:groups:basket:1'
    """
    return f"{draw_seed}:groups:basket:{basket}"


def basket_lots(players: int, groups: int, draw_seed: int) -> list[list[int]]:
    """Each basket's players in order, and the group (0 = A) each one drew.

    A string seed hashes the same in every process (``random.seed``, version
    2), so the draw is the same on every replay.
    """
    drawn: list[list[int]] = []
    for number, basket in enumerate(baskets(players, groups), 1):
        places = list(range(groups))
        random.Random(basket_key(draw_seed, number)).shuffle(places)
        drawn.append(places[: len(basket)])
    return drawn


def basket_draw(players: int, groups: int, draw_seed: int) -> list[list[int]]:
    """The groups drawn from the baskets, each group's players by seed."""
    result: list[list[int]] = [[] for _ in range(groups)]
    for basket, places in zip(
        baskets(players, groups), basket_lots(players, groups, draw_seed), strict=True
    ):
        for player, group in zip(basket, places, strict=True):
            result[group].append(player)
    return result


def form_groups(
    players: int, groups: int, groups_by: GroupsBy, draw_seed: int | None
) -> list[list[int]]:
    """The groups, each a list of seeds in rating order."""
    if groups_by == "baskets":
        return basket_draw(players, groups, 0 if draw_seed is None else draw_seed)
    if groups_by == "cyclic":
        return cyclic(players, groups)
    return snake(players, groups)


def draw_notes(players: int, groups: int, draw_seed: int) -> list[str]:
    """The drawing of lots, basket by basket, as ``caddy table`` shows it."""
    lines = [
        f"Groups drawn by lot from rating baskets of {groups}, draw seed {draw_seed} "
        f"(repeat with --option draw_seed={draw_seed}):"
    ]
    for number, (basket, places) in enumerate(
        zip(baskets(players, groups), basket_lots(players, groups, draw_seed), strict=True), 1
    ):
        drawn = ", ".join(
            f"{player} → {group_name(group)}" for player, group in zip(basket, places, strict=True)
        )
        lines.append(f"Basket {number} (seeds {basket[0]}–{basket[-1]}): {drawn}")
    return lines
