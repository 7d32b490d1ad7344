"""The rating options of ``caddy new`` and ``caddy add``: players taken from a
rating list by FIDE ID (``--rating-list``), the tournament-rating method and
the rating type (docs/ratings.md)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from caddy.errors import CaddyError

#: The rating store ``caddy add --fide-id N`` reads when none is named
#: (``caddy ratings import`` writes it by default).
DEFAULT_STORE = "players.db"

if TYPE_CHECKING:
    import datetime

    from caddy.model.ratings import RatingSetup, RatingType
    from caddy.model.schedule import Player
    from caddy.model.tournament import Tournament
    from caddy.plugins.host import PluginHost


def add_rating_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rating-list``, ``--rating-method``, ``--rating-type`` (``caddy new``)."""
    parser.add_argument(
        "--rating-list",
        metavar="DB",
        help="players come from this rating list (made by caddy ratings import) by their "
        "fide_id: the CSV may be FIDE IDs alone, one per line",
    )
    parser.add_argument(
        "--rating-method",
        choices=("fide", "nro", "fidon", "nidof", "hbfn"),
        help="tournament rating (pairing numbers, rating tie-breaks): fide (default), "
        "nro national only, fidon FIDE else national, nidof national else FIDE, "
        "hbfn the higher of both (CSV column national_rating)",
    )
    parser.add_argument(
        "--rating-type",
        choices=("standard", "rapid", "blitz"),
        help="the FIDE list the event is rated on (default: by the time control)",
    )


def wants_ratings(ns: argparse.Namespace) -> bool:
    """Whether ``caddy new`` was given any rating option."""
    return bool(ns.rating_list or ns.rating_method or ns.rating_type)


def rated_players(
    ns: argparse.Namespace, players: list[Player], host: PluginHost
) -> tuple[list[Player], RatingSetup | None]:
    """``players`` taken from the list and given their tournament ratings, and
    the event's :class:`~caddy.model.ratings.RatingSetup` (``None``: no rating
    option was given; the players stay as the file gives them)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.ratings import RatingSetup
    from caddy.ratings.players import rate

    if not wants_ratings(ns):
        return players, None
    kind = _kind(ns, host)
    list_name, list_date = None, None
    if ns.rating_list:
        players, list_name, list_date = _from_list(ns.rating_list, players, kind)
    setup = RatingSetup(
        method=ns.rating_method or "fide",
        type=ns.rating_type,
        list_name=list_name,
        list_date=list_date,
    )
    return rate(players, setup, kind), setup


def _from_list(
    path: str, players: list[Player], kind: RatingType
) -> tuple[list[Player], str | None, datetime.date | None]:
    """``players`` filled from the store ``path``: each from the newest list
    carrying the event's rating ``kind``; the lists' name (if one) and newest date."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.ratings.players import from_list
    from caddy.ratings.store import RatingStore

    with RatingStore.open(path) as store:
        filled = from_list(players, lambda fide_id: store.player(fide_id, kind=kind), path)
    dates = {p.listed.list_date for p in filled if p.listed is not None}
    names = {p.listed.list_name for p in filled if p.listed is not None}
    latest = max((d for d in dates if d is not None), default=None)
    return filled, (names.pop() if len(names) == 1 else None), latest


def _kind(ns: argparse.Namespace, host: PluginHost) -> RatingType:
    """The rating type of a new event: ``--rating-type``, else by ``--tc``."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.ratings import rating_type_of
    from caddy.plugins.lookup import parse_time_control

    if ns.rating_type is not None:
        return ns.rating_type  # type: ignore[no-any-return]
    if not ns.tc:
        return "standard"
    return rating_type_of(parse_time_control(ns.tc, host).fide_category)


def add_player_arguments(parser: argparse.ArgumentParser) -> None:
    """``caddy add``'s player fields and ``--rating-list`` (with ``--fide-id``)."""
    parser.add_argument("--title", help="FIDE title (GM, IM, ...)")
    parser.add_argument("--fide-id", dest="fide_id", help="FIDE ID")
    parser.add_argument("--federation", help="federation (three letters)")
    parser.add_argument(
        "--rating-list",
        metavar="DB",
        help="take the player from this rating list by --fide-id (name, rating, title, K ...); "
        f"--fide-id without --rating takes it from {DEFAULT_STORE}",
    )
    parser.add_argument("--national-rating", type=int, help="national rating")


def listed_entrant(ns: argparse.Namespace, tournament: Tournament) -> Player:
    """The late entrant of ``caddy add``, from the list when ``--rating-list``
    is given, rated by the event's method."""
    import attrs

    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.ratings import RatingSetup
    from caddy.model.schedule import Player
    from caddy.ratings.players import rate
    from caddy.ratings.request import event_rating_type

    if ns.rating_list and not ns.fide_id:
        raise CaddyError("--rating-list takes the player by --fide-id N")
    if ns.fide_id and ns.rating is None and not ns.rating_list:
        ns.rating_list = DEFAULT_STORE  # the player from the list, as caddy ratings find looks
    if not ns.rating_list and (ns.name is None or ns.rating is None):
        raise CaddyError(
            "give the player's NAME and --rating, or --fide-id N (from the list in "
            f"--rating-list DB, default {DEFAULT_STORE})"
        )
    player = Player(
        name=ns.name or "",
        rating=ns.rating or None,
        title=ns.title,
        fide_id=ns.fide_id,
        federation=ns.federation,
        national_rating=ns.national_rating,
    )
    kind = event_rating_type(tournament)
    if ns.rating_list:
        (player,) = _from_list(ns.rating_list, [player], kind)[0]
    # an event without a rating method rates on the FIDE rating: the list's
    rated = rate([player], tournament.ratings or RatingSetup(), kind)[0]
    return rated if tournament.ratings is not None else attrs.evolve(rated, fide_rating=None)
