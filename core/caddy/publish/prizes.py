"""The prize page of a published event (``prizes.html``): the prize list by
the schedule the event keeps (``caddy prizes set``), after the last complete
round, with the fund's balance (docs/prizes.md)."""

from __future__ import annotations

import attrs

from caddy.model.report import Report
from caddy.plugins.host import resolve
from caddy.prizes.awards import award_prizes
from caddy.publish.pages import Context, ranked
from caddy.views.prizes import prize_standings, prizes_report


def has_prizes(ctx: Context) -> bool:
    """Whether the site has a prize page: an individual event keeping a
    schedule, with a complete round (a knockout's prizes follow its bracket)."""
    return bool(ctx.done) and ctx.tournament.prizes is not None and not ctx.teams


def prizes_page(ctx: Context) -> Report:
    """The prize list after the last complete round."""
    schedule = ctx.tournament.prizes
    method = resolve(ctx.host).registry("prize_sharing").get(schedule.sharing)
    view = ranked(ctx, ctx.done)
    tournament = ctx.tournament
    prizes = award_prizes(
        schedule, prize_standings(view), method, date=tournament.start or tournament.end
    )
    report = prizes_report(ctx.title, prizes)
    return attrs.evolve(report, subtitle=f"Prizes after round {ctx.done}", nav=ctx.nav)
