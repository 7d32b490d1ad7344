"""The pages of a published event (``caddy publish``), as :class:`caddy.model.report.Report`
objects: the event's index, each round's pairings and results, the standings
after each complete round, the crosstable with the format's views (a
knockout: its bracket, :mod:`caddy.views.bracket`) and one page per player.
:mod:`caddy.publish.site` renders and writes them.

The standings and the crosstable are the views ``caddy standings --round R``
and ``caddy crosstable`` show (:mod:`caddy.views.standings`,
:mod:`caddy.views.crosstable`), with each player linked to their page; scores
and tie-breaks follow FIDE Handbook C.07, byes and withdrawals C.04.2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from caddy.event.results import state_after
from caddy.event.rounds import planned_rounds
from caddy.model.report import Link, Report, Table
from caddy.views.crosstable import crosstable_view
from caddy.views.pairing_sheet import event_where, sheet
from caddy.views.source import (
    Source,
    StandingsChoices,
    complete_rounds,
    knockout_only,
    round_done,
    state_source,
    state_view,
)
from caddy.views.standings import StandingsView, bracket_report, standings_table, standings_view

if TYPE_CHECKING:
    from caddy.event.replay import State
    from caddy.plugins.host import PluginHost

#: The players' own standings (a team event's tie-breaks rank its teams).
PLAYERS = StandingsChoices(individual=True)

INDEX = "index.html"
CROSSTABLE = "crosstable.html"
#: The prize page (:mod:`caddy.publish.prizes`), when the event keeps a prize schedule.
PRIZES = "prizes.html"
#: The norm page (:mod:`caddy.publish.norms`), when the players carry titles or federations.
NORMS = "norms.html"
#: A team event's pages (:mod:`caddy.publish.teams`).
TEAM_CROSSTABLE = "team-crosstable.html"
BOARD_PRIZES = "board-prizes.html"


def round_page(number: int) -> str:
    """The file of round ``number``'s pairings and results."""
    return f"round-{number}.html"


def standings_page(number: int) -> str:
    """The file of the standings after round ``number``."""
    return f"standings-{number}.html"


def team_standings_page(number: int) -> str:
    """The file of a team event's team standings after round ``number``."""
    return f"team-standings-{number}.html"


def player_page(number: int) -> str:
    """The file of the player with pairing number ``number``."""
    return f"player-{number}.html"


@attrs.frozen(kw_only=True)
class Context:
    """What every page of one event needs."""

    state: Any  # caddy.event.replay.State (attrs cannot resolve the forward name)
    nav: tuple[Link, ...]
    done: int
    #: The plugin host that ranks and renders (``None``: the default one).
    host: Any = None  # caddy.plugins.host.PluginHost

    @property
    def tournament(self) -> Any:
        return self.state.event.tournament

    @property
    def title(self) -> str:
        return str(self.tournament.name) or "Event"

    def name(self, number: int) -> str:
        return str(self.tournament.players[number - 1].name)

    def rating(self, number: int) -> str:
        value = self.tournament.players[number - 1].rating
        return "" if value is None else str(value)

    def where(self) -> str:
        """The event's dates and place, as one line."""
        return event_where(self.tournament)

    @property
    def teams(self) -> bool:
        """A team event: its site adds the team pages (:mod:`caddy.publish.teams`)."""
        return self.tournament.teams is not None


def norm_data(state: State) -> bool:
    """Whether the players carry titles or federations (the norm page's data)."""
    return any(p.title or p.federation for p in state.event.tournament.players)


def context(state: State, host: PluginHost | None = None) -> Context:
    done = complete_rounds(state)
    nav = [Link("Event", INDEX)]
    if state.rounds:  # the round being played (a fixed schedule has them all)
        now = min(done + 1, len(state.rounds))
        nav.append(Link(f"Round {now}", round_page(now)))
    teams = state.event.tournament.teams is not None
    if done and teams:
        nav.append(Link("Team standings", team_standings_page(done)))
        nav.append(Link("Team crosstable", TEAM_CROSSTABLE))
        nav.append(Link("Board prizes", BOARD_PRIZES))
    if done and not knockout_only(state):
        nav.append(Link("Player standings" if teams else "Standings", standings_page(done)))
    if knockout_only(state):
        nav.append(Link("Bracket", CROSSTABLE))
    elif done:
        nav.append(Link("Player crosstable" if teams else "Crosstable", CROSSTABLE))
    if done and not knockout_only(state) and state.event.tournament.prizes is not None:
        nav.append(Link("Prizes", PRIZES))
    if done and not teams and not knockout_only(state) and norm_data(state):
        nav.append(Link("Norms", NORMS))
    return Context(state=state, nav=tuple(nav), done=done, host=host)


def source_after(ctx: Context, number: int) -> Source:
    """What the standings after round ``number`` rank: the players' own
    standings (a team event's list ranks its teams: they get the default)."""
    return state_source(state_after(ctx.state, number), PLAYERS, ctx.title)


def ranked(ctx: Context, number: int) -> StandingsView:
    """The standings after round ``number``: one table, or one per section (quads, groups)."""
    return standings_view(source_after(ctx, number), PLAYERS, ctx.host)


def index_report(ctx: Context) -> Report:
    t = ctx.tournament
    state = ctx.state
    intro = [line for line in (ctx.where(),) if line]
    if t.time_control is not None:
        intro.append(f"time control {t.time_control} ({t.time_control.describe()})")
    if t.arbiter:
        intro.append(f"chief arbiter {t.arbiter}")
    planned = planned_rounds(state)
    teams = (_teams_table(ctx),) if ctx.teams else ()
    return Report(
        kind="index",
        title=ctx.title,
        subtitle=f"{state.fmt.name}, "
        + (f"{len(t.teams.teams)} teams, " if ctx.teams else "")
        + f"{len(t.players)} players, {len(state.rounds)} of {planned} rounds paired",
        intro=tuple(intro),
        tables=(_rounds_table(ctx), *teams, _players_table(ctx)),
        nav=ctx.nav,
    )


def _rounds_table(ctx: Context) -> Table:
    """Every round: its pairings, how many results are in, the standings after it
    (a team event: the team standings too; a knockout: none)."""
    state = ctx.state
    ranks = not knockout_only(state)  # a knockout has no standings
    columns = ["round", "matches and results" if ctx.teams else "pairings and results", "results"]
    if ctx.teams:
        columns.append("team standings after")
    if ranks:
        columns.append("player standings after" if ctx.teams else "standings after")
    rows: list[tuple[str, ...]] = []
    links: list[tuple[str, ...]] = []
    for rnd in state.rounds:
        results = sum(1 for b in rnd.boards if b.results)
        shown = "complete" if round_done(state, rnd) else f"{results} of {len(rnd.boards)}"
        after = rnd.number <= ctx.done
        row = [str(rnd.number), f"Round {rnd.number}", shown]
        link = ["", round_page(rnd.number), ""]
        if ctx.teams:
            row.append("team standings" if after else "")
            link.append(team_standings_page(rnd.number) if after else "")
        if ranks:
            row.append("standings" if after else "")
            link.append(standings_page(rnd.number) if after else "")
        rows.append(tuple(row))
        links.append(tuple(link))
    return Table(
        caption="Rounds",
        columns=tuple(columns),
        rows=tuple(rows),
        right=frozenset({0}),
        links=tuple(links),
    )


def _teams_table(ctx: Context) -> Table:
    """A team event's teams: number, name, players in board order."""
    setup = ctx.tournament.teams
    return Table(
        caption="Teams",
        columns=("no", "team", "players"),
        rows=tuple(
            (str(n), team.name, ", ".join(ctx.name(p) for p in team.members))
            for n, team in enumerate(setup.teams, 1)
        ),
        right=frozenset({0}),
        row_header=1,
    )


def _players_table(ctx: Context) -> Table:
    """Every player, linked to their page (a team event: with the team)."""
    t = ctx.tournament
    team_of = t.teams.team_of() if ctx.teams else {}

    def team(n: int) -> tuple[str, ...]:
        if not ctx.teams:
            return ()
        return (t.teams.teams[team_of[n] - 1].name if n in team_of else "",)

    players = tuple(
        (str(n), ctx.name(n), ctx.rating(n), *team(n)) for n in range(1, len(t.players) + 1)
    )
    return Table(
        caption="Players",
        columns=("no", "name", "rating", *(("team",) if ctx.teams else ())),
        rows=players,
        right=frozenset({0, 2}),
        row_header=1,
        links=tuple(("", player_page(int(p[0])), *([""] * (len(p) - 2))) for p in players),
    )


def round_nav(ctx: Context, number: int) -> tuple[Link, ...]:
    extra = []
    if number > 1:
        extra.append(Link(f"Round {number - 1}", round_page(number - 1)))
    if number < len(ctx.state.rounds):
        extra.append(Link(f"Round {number + 1}", round_page(number + 1)))
    return (*ctx.nav, *extra)


def round_report(ctx: Context, number: int) -> Report:
    """The pairing sheet of round ``number`` (:func:`caddy.views.pairing_sheet.sheet`),
    its players linked to their pages."""

    report = sheet(ctx.state, number, link=player_page)
    return attrs.evolve(report, title=ctx.title, nav=round_nav(ctx, number))


def standings_report(ctx: Context, number: int) -> Report:
    """The standings after round ``number`` (FIDE C.07 tie-breaks)."""
    view = ranked(ctx, number)
    previous = [Link(f"after round {number - 1}", standings_page(number - 1))] if number > 1 else []
    later = (
        [Link(f"after round {number + 1}", standings_page(number + 1))] if number < ctx.done else []
    )
    named = view.named
    return Report(
        kind="standings",
        title=ctx.title,
        subtitle=f"standings after round {number}",
        tables=tuple(
            standings_table(
                name if len(named) > 1 else f"Standings after round {number}", s, link=player_page
            )
            for name, s in named
        ),
        nav=(*ctx.nav, *previous, *later),
    )


def crosstable_report(ctx: Context) -> Report:
    """The crosstable of the complete rounds, with the format's views; a knockout: its bracket."""
    if knockout_only(ctx.state):
        return _bracket_report(ctx)
    view = crosstable_view(source_after(ctx, ctx.done), host=ctx.host)
    extra = state_view(ctx.state)  # a groups stage's knockout, a team match: as they stand now
    return Report(
        kind="crosstable",
        title=ctx.title,
        subtitle=f"crosstable after round {ctx.done}",
        tables=(*view.tables(link=player_page), *extra.tables),
        notes=(*view.notes, *extra.notes),
        wide=view.wide,
        nav=ctx.nav,
    )


def _bracket_report(ctx: Context) -> Report:
    report = bracket_report(state_source(ctx.state, PLAYERS, ctx.title), "crosstable")
    return attrs.evolve(report, wide=True, nav=ctx.nav)
