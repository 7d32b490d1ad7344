"""An event's prize list (``caddy prizes``, the prize page of ``caddy
publish``): the rankings a schedule is given to, the schedule's sharing
method, and the awards.

- an individual event: its players, best first (a sectioned event's, quads
  or groups, section by section: each of its prizes names a section);
- a team event: its teams (team prizes), and each board's players for the
  prizes of a board (``board = N``: percentage, points, performance).
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError
from caddy.plugins.host import resolve
from caddy.prizes.awards import PrizeList, Standing, award_prizes, combine
from caddy.views.prizes import board_prize_standings, prize_standings, team_prize_standings
from caddy.views.standings import standings_view
from caddy.views.team_standings import EdeChoices, board_prizes_view, team_view

if TYPE_CHECKING:
    from caddy.contracts.prizes import SharingMethod
    from caddy.model.prizes import PrizeSchedule
    from caddy.plugins.host import PluginHost
    from caddy.views.source import Source, StandingsChoices


@attrs.frozen(kw_only=True)
class EventPrizes:
    """The prize list of an event, and what it was given to."""

    prizes: PrizeList
    #: The main ranking (players, or a team event's teams), best first.
    standings: tuple[Standing, ...]
    #: The date ages were counted at.
    date: datetime.date | None
    warnings: tuple[str, ...] = ()


def sharing_method(schedule: PrizeSchedule, host: PluginHost | None = None) -> SharingMethod:
    """The schedule's sharing method (a plugin), or one line naming the known ones."""
    methods = resolve(host).registry("prize_sharing")
    if schedule.sharing not in methods.names():
        known = ", ".join(methods.names())
        raise CaddyError(f"sharing '{schedule.sharing}' is no sharing method (known: {known})")
    method: SharingMethod = methods.get(schedule.sharing)
    return method


def event_date(source: Source) -> datetime.date | None:
    """The date ages are counted at: the event's start, else its end."""
    if source.state is not None:
        tournament = source.state.event.tournament
        day: datetime.date | None = tournament.start or tournament.end
        return day
    return source.results.start_date if source.results is not None else None


def event_prizes(
    source: Source,
    choices: StandingsChoices,
    schedule: PrizeSchedule,
    host: PluginHost | None = None,
) -> EventPrizes:
    """The prizes of ``schedule`` given to the event of ``source``.

    :raises CaddyError: a knockout (its prizes follow its bracket), a
        sharing method no plugin registers, a prize of a sectioned event
        that names no section, a board prize in an individual event."""
    method = sharing_method(schedule, host)
    if source.results is None:
        raise CaddyError("a knockout's prizes follow its bracket: caddy prizes ranks score tables")
    date = event_date(source)
    board = {i for i, p in enumerate(schedule.prizes) if p.category and p.category.board}
    if not source.team_event:
        if board:
            raise CaddyError(
                f"prize '{schedule.prizes[min(board)].name}' is a board prize: the event has no teams"
            )
        view = standings_view(source, choices, host)
        ranked = prize_standings(view)
        _sections_named(schedule, ranked)
        prizes = award_prizes(schedule, ranked, method, date=date)
        return EventPrizes(
            prizes=prizes, standings=tuple(ranked), date=date, warnings=view.warnings
        )
    teams = team_view(source, choices, EdeChoices(), host)
    ranked = team_prize_standings(teams.result)
    team_prizes = set(range(len(schedule.prizes))) - board
    lists = [award_prizes(schedule, ranked, method, date=date, only=team_prizes)]
    if board:
        boards = board_prizes_view(source, choices, EdeChoices(), 0, host).prizes
        on_boards = board_prize_standings(boards, teams.state)
        lists.append(award_prizes(schedule, on_boards, method, date=date, only=board))
    return EventPrizes(
        prizes=combine(lists), standings=tuple(ranked), date=date, warnings=teams.result.warnings
    )


def _sections_named(schedule: PrizeSchedule, ranked: list[Standing]) -> None:
    """A sectioned event's prizes each name their section (its players are
    ranked section by section: a prize of the whole event would follow the
    sections' order, not the points)."""
    if not any(s.section is not None for s in ranked):
        return
    loose = [p.name for p in schedule.prizes if p.category is None or p.category.section is None]
    if loose:
        names = ", ".join(f"'{n}'" for n in loose)
        raise CaddyError(
            f"the event ranks its players section by section: prize(s) {names} name no "
            'section (give each a category\'s section, e.g. section = "1")'
        )
