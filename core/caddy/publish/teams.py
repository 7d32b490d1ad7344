"""The team pages of a published team event (``caddy publish``), made by the
same views as ``caddy standings``, ``caddy crosstable``, ``caddy standings
--board-prizes`` and ``caddy cards`` (:mod:`caddy.views.team_standings`,
:mod:`caddy.views.teams`, :mod:`caddy.views.match_cards`):

    round-R.html            round R's matches: each match's score, then each
                            match board by board (the match card, unsigned)
    team-standings-R.html   the teams after round R: MP, GP (C.07 Art. 11.1) and
                            the event's team tie-breaks (Arts. 12-13)
    team-crosstable.html    the team crosstable after the last complete round
    board-prizes.html       per board: games, points, percentage, performance

Team standings rank the teams as ``caddy standings`` does: the event's
tie-break list (else the default preset for team events), its C.07 edition,
and a drawing of lots seeded with the event's seed. The players' own pages
(standings, crosstable, a page each) stay as for any event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from caddy.event.results import state_after
from caddy.model.report import Link, Report, Table
from caddy.publish.pages import (
    BOARD_PRIZES,
    TEAM_CROSSTABLE,
    Context,
    player_page,
    round_nav,
    round_report,
    team_standings_page,
)
from caddy.views.match_cards import match_cards
from caddy.views.source import StandingsChoices, state_source
from caddy.views.team_standings import EdeChoices, TeamView, board_prizes_view, team_view
from caddy.views.teams import team_standings_report

#: The teams' standings as the event ranks them (its tie-breaks, edition, readings of EDE).
TEAMS = StandingsChoices()

if TYPE_CHECKING:
    from caddy.model.team_results import TeamResultsTable
    from caddy.standings.teams import TeamStandings


def teams_after(ctx: Context, number: int) -> TeamView:
    """The teams' standings view after round ``number`` (the view ``caddy
    standings --round`` shows)."""
    source = state_source(state_after(ctx.state, number), TEAMS, ctx.title)
    return team_view(source, TEAMS, host=ctx.host)


def ranked_teams(ctx: Context, number: int) -> tuple[TeamResultsTable, TeamStandings]:
    """The teams' results and standings after round ``number``."""
    view = teams_after(ctx, number)
    return view.tevent, view.result


def team_round_report(ctx: Context, number: int) -> Report:
    """Round ``number``'s matches (:func:`caddy.views.match_cards.match_cards`,
    unsigned), with the pairing sheet's date and venue; a round without team
    matches: its pairing sheet."""
    teams = ctx.state.rounds[number - 1].teams
    sheet = round_report(ctx, number)
    if teams is None or not teams.matches:
        return sheet
    cards = match_cards(ctx.state, number, ctx.title, signatures=False, link=player_page)
    return attrs.evolve(cards, title=ctx.title, intro=sheet.intro, nav=round_nav(ctx, number))


def team_standings_page_report(ctx: Context, number: int) -> Report:
    """The team standings after round ``number``."""
    result = teams_after(ctx, number).result
    report = team_standings_report(result, ctx.title)
    table = attrs.evolve(report.tables[0], caption=f"Team standings after round {number}")
    previous = (
        [Link(f"after round {number - 1}", team_standings_page(number - 1))] if number > 1 else []
    )
    later = (
        [Link(f"after round {number + 1}", team_standings_page(number + 1))]
        if number < ctx.done
        else []
    )
    return attrs.evolve(
        report,
        subtitle=f"team standings after round {number}; {report.subtitle}",
        tables=(table,),
        notes=(*report.notes, *(f"warning: {w}" for w in result.warnings)),
        nav=(*ctx.nav, *previous, *later),
    )


def team_crosstable_page_report(ctx: Context) -> Report:
    """The team crosstable after the last complete round."""
    report = teams_after(ctx, ctx.done).crosstable_report()
    return attrs.evolve(report, subtitle=f"team crosstable after round {ctx.done}", nav=ctx.nav)


def board_prizes_page_report(ctx: Context) -> Report:
    """Board prizes after the last complete round, each name linked to the player's page."""
    source = state_source(state_after(ctx.state, ctx.done), TEAMS, ctx.title)
    report = board_prizes_view(source, TEAMS, EdeChoices(), 0, ctx.host).report()
    return attrs.evolve(
        report, tables=tuple(_linked(table) for table in report.tables), nav=ctx.nav
    )


def _linked(table: Table) -> Table:
    """A board's table with each player's name (column 2) linked to their page (number: column 1)."""
    links = tuple(
        tuple(player_page(int(row[1])) if i == 2 else "" for i in range(len(row)))
        for row in table.rows
    )
    return attrs.evolve(table, links=links)


def team_pages(ctx: Context) -> dict[str, Report]:
    """A team event's own pages (the round pages are :func:`team_round_report`)."""
    pages = {
        team_standings_page(n): team_standings_page_report(ctx, n) for n in range(1, ctx.done + 1)
    }
    if ctx.done:
        pages[TEAM_CROSSTABLE] = team_crosstable_page_report(ctx)
        pages[BOARD_PRIZES] = board_prizes_page_report(ctx)
    return pages
