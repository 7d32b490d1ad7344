"""The norm page of a published event (``norms.html``, docs/norms.md): each
player's title-norm check after the last complete round (FIDE B.01 by
default), with the forecast before the last round and, for a norm, the
figures its certificate needs. Only an event whose players carry titles or
federations has one (a club event without them has nothing to check)."""

from __future__ import annotations

import attrs

from caddy.errors import CaddyError
from caddy.event.results import results_event
from caddy.model.report import Report
from caddy.norms.check import check_norms, state_shape
from caddy.norms.report import norms_report
from caddy.publish.pages import Context, norm_data
from caddy.views.source import knockout_only


def has_norms(ctx: Context) -> bool:
    """Whether the site has a norm page: an individual event with a complete
    round whose players carry a title or a federation."""
    return (
        bool(ctx.done) and not ctx.teams and not knockout_only(ctx.state) and norm_data(ctx.state)
    )


def norms_page(ctx: Context) -> Report | None:
    """The norm check after the last complete round (a forecast before the
    last); ``None`` when the rules cannot check the event."""
    shape = state_shape(ctx.state)
    done = ctx.done
    try:
        check = check_norms(
            results_event(ctx.state),
            shape=shape,
            forecast=done < (shape.scheduled_rounds or done),
            host=ctx.host,
        )
    except CaddyError:
        return None
    return attrs.evolve(norms_report(check, ctx.title), nav=ctx.nav)
