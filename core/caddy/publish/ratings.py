"""A published player's rating card (``caddy publish``): in a rated event
(one made with a rating option, :attr:`Tournament.ratings
<caddy.model.tournament.Tournament.ratings>`), each player's page shows their
rated games, expected scores and change (FIDE Handbook B.02; docs/ratings.md)."""

from __future__ import annotations

import attrs

from caddy.errors import CaddyError
from caddy.model.report import Report
from caddy.publish.pages import Context
from caddy.ratings.changes import rating_change
from caddy.views.ratings import card_lines, card_table


def with_rating_cards(ctx: Context, pages: dict[int, Report]) -> dict[int, Report]:
    """``pages`` (player pages by pairing number) with each player's rating card
    added, when the event is rated (a team event's pages stay as they are)."""
    tournament = ctx.tournament
    if tournament.ratings is None or ctx.teams:
        return pages
    try:
        report = rating_change(ctx.state, host=ctx.host)
    except CaddyError:  # a system's option the event lacks: the pages stay plain
        return pages
    players = tournament.players
    cards = dict(pages)
    for change in report.players:
        page = pages.get(change.number)
        if page is None:
            continue
        card = attrs.evolve(card_table(change, players), caption="Rating change")
        cards[change.number] = attrs.evolve(
            page,
            intro=(*page.intro, *card_lines(change, players[change.number - 1])),
            tables=(*page.tables, card),
        )
    return cards
