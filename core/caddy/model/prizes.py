"""A prize schedule (issue 27): the prizes an organiser offers and the rules
that give them out. Written by the organiser as TOML or JSON
(:mod:`caddy.files.prizes` reads and checks it; docs/prizes.md), stored in
the event (``caddy prizes set``) or given per call.

Amounts are :class:`~decimal.Decimal` (money is never a float); the event
file writes them as strings (``"100.00"``).
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import ClassVar, Literal

import attrs

#: How a share is rounded to the schedule's unit: down, or to the nearest (half up).
Rounding = Literal["down", "nearest"]
ROUNDINGS: tuple[Rounding, ...] = ("down", "nearest")
#: When two prizes are worth the same, which a player takes: a place prize
#: before a category prize, or the one listed first in the schedule.
Preference = Literal["place", "schedule"]
PREFERENCES: tuple[Preference, ...] = ("place", "schedule")


@attrs.frozen(kw_only=True)
class Category:
    """Who may win a prize (every condition given must hold). Ages are
    counted at the event's start date (its end, if it has no start)."""

    omit_defaults: ClassVar[tuple[str, ...]] = (
        "rating_below",
        "rating_from",
        "unrated",
        "born_from",
        "born_before",
        "age_below",
        "age_from",
        "sex",
        "federation",
        "club",
        "section",
        "board",
    )

    #: The tournament rating is below this (``U1800``: 1800); an unrated player is not.
    rating_below: int | None = None
    #: The tournament rating is at least this.
    rating_from: int | None = None
    #: ``True``: unrated players only; ``False``: rated players only.
    unrated: bool | None = None
    born_from: datetime.date | None = None
    born_before: datetime.date | None = None
    #: Younger than this many years at the event's date (``U12``: 12).
    age_below: int | None = None
    #: At least this many years old at the event's date (``S65``: 65).
    age_from: int | None = None
    #: ``m`` or ``w`` (any case; ``f`` reads as ``w``).
    sex: str | None = None
    #: Three-letter federation.
    federation: str | None = None
    #: The player's club (the players file's ``team`` column in an individual event).
    club: str | None = None
    #: A section of the event (a quad, a group): ranked within it.
    section: str | None = None
    #: A board of a team event: the board prize (players ranked on that board
    #: by percentage, points, performance: ``caddy standings --board-prizes``).
    board: int | None = None


@attrs.frozen(kw_only=True)
class Prize:
    """One prize: cash (``amount``) or an indivisible item (``item``, with a
    ``value`` that ranks it among the prizes)."""

    omit_defaults: ClassVar[tuple[str, ...]] = ("amount", "item", "value", "category")

    name: str
    #: The place within its category (1-based): the 2nd U1800 prize is place 2.
    place: int = 1
    amount: Decimal | None = None
    item: str | None = None
    value: Decimal | None = None
    category: Category | None = None

    @property
    def worth(self) -> Decimal:
        """What the prize is worth: its cash, else its item's value (else 0)."""
        if self.amount is not None:
            return self.amount
        return self.value if self.value is not None else Decimal(0)

    @property
    def cash(self) -> bool:
        """Whether the prize is money (shared among tied players); an item never is."""
        return self.amount is not None


@attrs.frozen(kw_only=True)
class PrizeSchedule:
    """The prizes and the rules that give them out (docs/prizes.md)."""

    omit_defaults: ClassVar[tuple[str, ...]] = ("unrated_cap", "prefer")

    currency: str = ""
    #: How tied players share cash: a sharing plugin's name (``none``,
    #: ``equal``, ``hort``, ``uscf`` are built in).
    sharing: str = "none"
    rounding: Rounding = "down"
    #: The smallest amount paid (``0.01``, ``1``).
    unit: Decimal = Decimal("0.01")
    #: Each player wins at most one prize (the most valuable they qualify for).
    one_per_player: bool = True
    prefer: Preference = "place"
    #: The most an unrated player may win (US practice), if any.
    unrated_cap: Decimal | None = None
    prizes: tuple[Prize, ...] = ()

    @property
    def fund(self) -> Decimal:
        """The cash of every prize."""
        return sum((p.amount for p in self.prizes if p.amount is not None), Decimal(0))
