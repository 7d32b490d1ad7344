"""Players taken from a rating list, and their tournament ratings.

:func:`from_list` fills players known by FIDE ID from a rating list (what
``caddy new --rating-list`` and ``caddy add --fide-id`` do): the event keeps
what it took (:class:`caddy.model.ratings.ListedPlayer` on
:attr:`Player.listed <caddy.model.schedule.Player.listed>`), so it replays
without the list. :func:`rate` gives every player their tournament rating by
the event's method (:func:`caddy.model.ratings.tournament_rating`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from caddy.errors import CaddyError
from caddy.model.ratings import (
    ListedPlayer,
    RatingSetup,
    RatingType,
    fide_id_problem,
    listed_rating,
    tournament_rating,
)
from caddy.model.schedule import Player

#: The list's sex letters as TRF writes them (FIDE C.04 Annex 2: ``m``/``w``).
_SEX = {"M": "m", "F": "w"}


def from_list(
    players: Sequence[Player], lookup: Callable[[int], ListedPlayer | None], source: str
) -> list[Player]:
    """``players`` with what the list ``lookup`` gives for each FIDE ID.

    A field the player already has (a name, a federation, a title, a team,
    a national rating) is kept; the list gives the rest, and the ratings,
    K and games always come from the list. A player without a FIDE ID is
    kept as given.

    :raises CaddyError: one line per FIDE ID the list lacks.
    """
    problems = []
    filled = []
    for player in players:
        if player.fide_id is None:
            filled.append(player)
            continue
        who = f"{player.name}: " if player.name else ""
        problem = fide_id_problem(player.fide_id)
        if problem is not None:
            problems.append(f"{who}{problem}")
            continue
        listed = lookup(int(player.fide_id))
        if listed is None:
            problems.append(f"{who}FIDE ID {player.fide_id} is not in {source}")
            continue
        filled.append(listed_player(listed, player))
    if problems:
        raise CaddyError(problems[0], problems=problems)
    return filled


def listed_player(listed: ListedPlayer, player: Player | None = None) -> Player:
    """A player from the list's entry (``player``'s own fields win, see :func:`from_list`)."""
    given = player or Player(name="")
    birth = f"{listed.birth_year:04d}/00/00" if listed.birth_year else None
    return attrs.evolve(
        given,
        name=given.name or listed.name,
        fide_id=str(listed.fide_id),
        federation=given.federation or listed.federation,
        title=given.title or listed.best_title,
        sex=given.sex or _SEX.get((listed.sex or "").upper(), listed.sex),
        birth=given.birth or birth,
        listed=listed,
    )


def rate(players: Sequence[Player], setup: RatingSetup, kind: RatingType) -> list[Player]:
    """Every player with their FIDE rating of ``kind`` (from the list when
    they were taken from one, else the ``rating`` given) and their tournament
    rating by ``setup.method`` as :attr:`~caddy.model.schedule.Player.rating`."""
    rated = []
    for player in players:
        fide = listed_rating(player.listed, kind) if player.listed else player.rating
        rating = tournament_rating(setup.method, fide, player.national_rating)
        rated.append(attrs.evolve(player, rating=rating, fide_rating=fide))
    return rated


def fide_rating(player: Player, setup: RatingSetup | None) -> int | None:
    """The FIDE rating of ``player`` in an event with ``setup`` (an event
    without one: the ``rating``, which is then the FIDE rating)."""
    return player.rating if setup is None else player.fide_rating
