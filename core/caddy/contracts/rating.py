"""The rating-system contract (hook ``caddy_register_rating_systems``):
what a rating system receives from an event and what it returns.

Core collects the games (:func:`caddy.ratings.change`): every round's game
of every player, played over the board or not, with the players' ratings as
the event stored them. The system decides which games it rates and how
(FIDE's B.02 is the built-in ``fide``; a federation's DWZ, ECF or US Chess
system is a plugin of the same shape). Every figure is returned unrounded as
computed; a system may add the rounded figure it publishes.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Protocol, runtime_checkable

import attrs

from caddy.model.ratings import RatingType


@attrs.frozen(kw_only=True)
class RatedPlayer:
    """A player as the rating system sees them before the event."""

    #: Pairing number.
    number: int
    name: str
    #: The FIDE rating of the event's rating type (``None``: unrated).
    rating: int | None = None
    #: The national rating, if the event has one for the player.
    national_rating: int | None = None
    #: K as the rating list (or the players file) gives it (``None``: the system derives it).
    k: int | None = None
    #: Rated games of this type the player has played in all (FIDE's 30-game
    #: rule for K; ``None``: not known: a FIDE list gives the games of its
    #: period only, and the list's K).
    games: int | None = None
    #: Year of birth (``None``: not known).
    birth_year: int | None = None
    fide_id: str | None = None
    federation: str | None = None
    title: str | None = None
    #: The date of the list the figures come from, if any.
    list_date: datetime.date | None = None


@attrs.frozen(kw_only=True)
class RatingGame:
    """One player's side of one round: a game, a forfeit or a bye."""

    round: int
    #: The player this side is of (pairing number).
    player: int
    #: The opponent (``None``: a bye or a round not paired for the player).
    opponent: int | None
    #: Points the player scored (``None``: no result yet).
    score: float | None
    #: Played over the board (a forfeit, a bye and an unplayed game are not).
    played: bool


@attrs.frozen(kw_only=True)
class RatingRequest:
    """Everything a rating system gets from one event."""

    #: The rating list the event is rated on.
    type: RatingType
    #: The date the rules in force are read at (the event's end, else its
    #: start; ``None``: unknown, the system says which rules it took).
    date: datetime.date | None
    players: tuple[RatedPlayer, ...]
    #: Every player's side of every round, round by round.
    games: tuple[RatingGame, ...]
    #: The system's options as the user gave them (``--option NAME=VALUE``).
    options: Mapping[str, str] = attrs.field(factory=dict)


@attrs.frozen(kw_only=True)
class GameChange:
    """One rated game of a player."""

    round: int
    opponent: int
    opponent_rating: int
    score: float
    #: Expected score (0 to 1).
    expected: float
    #: ``K × (score − expected)``, unrounded.
    change: float


@attrs.frozen(kw_only=True)
class FirstRating:
    """An unrated player's first rating from this event's games (provisional:
    the system computes it over the whole rating period)."""

    rating: float
    #: Games against rated opponents it counts.
    games: int
    score: float
    #: The average rating of those opponents.
    average: float
    note: str = "provisional: FIDE computes it over the rating period"


@attrs.frozen(kw_only=True)
class PlayerChange:
    """A player's rating change in the event."""

    number: int
    #: The rating the change applies to (``None``: unrated).
    rating: int | None
    #: The K used (``None``: unrated, or no rated game).
    k: float | None
    #: The sum of :attr:`games`' changes (``None``: an unrated player).
    change: float | None
    games: tuple[GameChange, ...] = ()
    #: What the system assumed or could not know (one line each).
    notes: tuple[str, ...] = ()
    first_rating: FirstRating | None = None
    #: The figure the system publishes (FIDE: the event's total rounded to a
    #: whole number, 0.5 away from zero, B.02 8.3.4), if any.
    published: float | None = None


@attrs.frozen(kw_only=True)
class RatingReport:
    """What a rating system returns for one event."""

    #: The system's name (``fide``).
    system: str
    players: tuple[PlayerChange, ...]
    #: Notes for the whole event (the rules applied, by date).
    notes: tuple[str, ...] = ()


@runtime_checkable
class RatingSystem(Protocol):
    """A rating system (hook ``caddy_register_rating_systems``)."""

    #: What users type after ``--system`` (``fide``).
    name: str
    #: One line for ``caddy plugins`` and the help.
    summary: str
    #: The options the system reads (``name`` → one line of help).
    options: Mapping[str, str]

    def change(self, request: RatingRequest) -> RatingReport:
        """Each player's change. Raise :class:`caddy.errors.CaddyError`
        (one line per problem) for an option it cannot read."""
        ...
