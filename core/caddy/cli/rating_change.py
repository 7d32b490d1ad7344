"""``caddy ratings EVENT.json``: each player's rating change (FIDE Handbook
B.02 by default; a rating-system plugin with ``--system``), as a table, a
player's card (``--player``) or the ``caddy.ratings`` document (``--json``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.plugins.host import PluginHost


def add_event_command(sub: Any) -> None:
    """Add ``event`` (``caddy ratings EVENT.json``) to ``caddy ratings``'s sub-commands."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import output_argument

    event = sub.add_parser(
        "event",
        help="each player's rating change in EVENT.json (caddy ratings EVENT.json)",
        description=(
            "Each player's rating change: games, expected scores, change per game and in "
            "total (FIDE Handbook B.02; docs/ratings.md). caddy ratings EVENT.json is short "
            "for caddy ratings event EVENT.json."
        ),
    )
    event.add_argument("event", metavar="EVENT.json")
    event.add_argument(
        "--system", default="fide", help="rating system (default fide: FIDE Handbook B.02)"
    )
    event.add_argument(
        "--option",
        dest="options",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of the rating system (docs/ratings.md), repeatable",
    )
    event.add_argument("--player", metavar="PLAYER", help="one player's card (number or name)")
    event.add_argument("--json", action="store_true", help="the caddy.ratings document")
    output_argument(event)
    event.set_defaults(run=cmd_ratings)


def cmd_ratings(ns: argparse.Namespace, host: PluginHost) -> int:
    """``caddy ratings EVENT.json``."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import emit, event_player, option_values, print_document
    from caddy.cli.event import refuse_other_formats
    from caddy.event.session import read
    from caddy.ratings.changes import rating_system
    from caddy.ratings.request import rating_request
    from caddy.views.ratings import ratings_document, ratings_report

    refuse_other_formats(ns.event, host)  # a TRF file: caddy import makes an event of it
    options = option_values(ns.options)
    system = rating_system(ns.system, host)
    replayed = read(ns.event, host=host)
    state = replayed.state
    player = event_player(state, ns.player) if ns.player is not None else None
    if player is not None and ns.json:
        raise CaddyError("--player shows a card; --json prints every player's")
    request = rating_request(state, options, where=ns.event)
    report = system.change(request)
    tournament = replayed.event.tournament
    title = tournament.name or ns.event
    if ns.json:
        print_document(ratings_document(title, request, report, tournament.players))
    else:
        emit(ratings_report(title, request, report, tournament.players, player), ns, host)
    return 0
