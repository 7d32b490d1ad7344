"""The prize-sharing contract (hook ``caddy_register_prize_sharing``): how a
group of players tied on points shares the prizes open to them.

Core ranks the players, forms the groups of players equal on points (best
tie-break first) from the top, and asks the schedule's sharing method for
each group in turn; the prizes a group takes are gone for the groups below.
Amounts are exact fractions; core rounds them to the schedule's unit after
every group has shared (:mod:`caddy.prizes`). A group of one player takes
what :func:`by_tiebreak` gives it under every method.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Protocol, runtime_checkable

import attrs


@attrs.frozen(kw_only=True)
class OpenPrize:
    """A prize still to be given when a group's turn comes."""

    #: Its place in the schedule (0-based): what a :class:`Share` names.
    index: int
    name: str
    #: Its cash, exact (``None``: an indivisible item, never shared).
    cash: Fraction | None
    #: What it is worth (its cash, or its item's value): what players prefer.
    worth: Fraction
    #: Its category (``""``: the place prizes): a player wins at most one prize of a category.
    category: str
    #: The group's members who qualify for it.
    eligible: frozenset[int]


@attrs.frozen(kw_only=True)
class TiedGroup:
    """Players equal on points, and the prizes open to them."""

    score: float
    #: Pairing numbers, best tie-break first.
    members: tuple[int, ...]
    #: The open prizes, most wanted first (by worth, then the schedule's preference).
    prizes: tuple[OpenPrize, ...]
    #: Each player wins at most one prize (else at most one of each category).
    one_per_player: bool
    #: Each member's name (for the rule a share gives).
    names: Mapping[int, str] = attrs.field(factory=dict)


@attrs.frozen(kw_only=True)
class Share:
    """What one player receives from one prize."""

    player: int
    #: The prize (:attr:`OpenPrize.index`).
    prize: int
    #: The cash, exact (``None``: the item itself).
    amount: Fraction | None
    #: Why, in words (``"places 1-2 shared equally (2 tied)"``).
    rule: str


@runtime_checkable
class SharingMethod(Protocol):
    """How tied players share cash (hook ``caddy_register_prize_sharing``)."""

    #: What a schedule's ``sharing`` names (``hort``).
    name: str
    #: One line for ``caddy plugins`` and the docs.
    summary: str

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        """The shares of ``group``: every prize a share names is taken (the
        groups below cannot win it), an item goes whole to one player, and
        a prize's shares add up to its cash."""
        ...


def by_tiebreak(group: TiedGroup) -> dict[int, list[OpenPrize]]:
    """The prizes each member takes with no sharing: in tie-break order, each
    takes the most wanted open prize they qualify for (one prize a player, or
    one of each category when :attr:`TiedGroup.one_per_player` is off, taking
    every category's best open prize they qualify for, most wanted first).
    Members who take nothing are absent."""
    taken: set[int] = set()
    won: dict[int, list[OpenPrize]] = {}
    for member in group.members:
        held: set[str] = set()
        for prize in group.prizes:
            if prize.index in taken or member not in prize.eligible or prize.category in held:
                continue
            taken.add(prize.index)
            held.add(prize.category)
            won.setdefault(member, []).append(prize)
            if group.one_per_player:
                break
    return won
