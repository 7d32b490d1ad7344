"""``caddy ratings EVENT --json``: the ``caddy.ratings`` document (docs/json.md,
docs/ratings.md); ``caddy ratings find --json``: ``caddy.rating-list-find``. Changes are unrounded as computed; ``published`` is the
figure the rating system publishes (FIDE's, rounded), when it gives one."""

from __future__ import annotations

import attrs

from caddy.model.ratings import ListedPlayer


@attrs.frozen(kw_only=True)
class RatingGameData:
    """One rated game of a player."""

    round: int
    opponent: int
    opponent_name: str
    opponent_rating: int
    score: float
    expected: float
    change: float


@attrs.frozen(kw_only=True)
class FirstRatingData:
    """An unrated player's first rating from the event (provisional)."""

    rating: float
    games: int
    score: float
    average: float
    note: str


@attrs.frozen(kw_only=True)
class RatingPlayerData:
    """A player's rating change."""

    pairing_number: int
    name: str
    fide_id: str | None
    rating: int | None
    k: float | None
    change: float | None
    published: float | None
    games: tuple[RatingGameData, ...]
    notes: tuple[str, ...]
    first_rating: FirstRatingData | None


@attrs.frozen(kw_only=True)
class RatingsDocument:
    """Every player's rating change in an event by one rating system."""

    schema: str = "caddy.ratings"
    version: int = 1
    event: str
    system: str
    #: The rating list the event is rated on (``standard``, ``rapid``, ``blitz``).
    type: str
    #: The date the rules were read at (ISO), if the event has one.
    date: str | None
    notes: tuple[str, ...]
    players: tuple[RatingPlayerData, ...]


@attrs.frozen(kw_only=True)
class RatingListFindDocument:
    """``caddy ratings find TEXT --json``: the players found, each as the list gives it."""

    schema: str = "caddy.rating-list-find"
    version: int = 1
    #: The text looked for.
    text: str
    #: The store looked in.
    store: str
    players: tuple[ListedPlayer, ...]
