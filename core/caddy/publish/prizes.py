"""The prize page of a published event (``prizes.html``): the prize list by
the schedule the event keeps (``caddy prizes set``), after the last complete
round, with the fund's balance (docs/prizes.md). A team event's page has its
team prizes and board prizes."""

from __future__ import annotations

import attrs

from caddy.event.results import state_after
from caddy.model.report import Report
from caddy.publish.pages import Context
from caddy.views.prize_list import event_prizes
from caddy.views.prizes import prizes_report
from caddy.views.source import StandingsChoices, knockout_only, state_source


def has_prizes(ctx: Context) -> bool:
    """Whether the site has a prize page: an event keeping a schedule, with a
    complete round (a knockout's prizes follow its bracket)."""
    return bool(ctx.done) and ctx.tournament.prizes is not None and not knockout_only(ctx.state)


def prizes_page(ctx: Context) -> Report:
    """The prize list after the last complete round."""
    choices = StandingsChoices()
    source = state_source(state_after(ctx.state, ctx.done), choices, ctx.title)
    found = event_prizes(source, choices, ctx.tournament.prizes, ctx.host)
    report = prizes_report(ctx.title, found.prizes)
    return attrs.evolve(report, subtitle=f"Prizes after round {ctx.done}", nav=ctx.nav)
