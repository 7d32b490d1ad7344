"""``caddy prizes``: who gets which prize (``caddy prizes FILE``), and the
schedule an event keeps (``caddy prizes set EVENT.json SCHEDULE``).
docs/prizes.md."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.cli.common import Commands
    from caddy.model.prizes import PrizeSchedule
    from caddy.plugins.host import PluginHost
    from caddy.prizes.awards import Standing
    from caddy.views.source import Source, StandingsChoices

#: The words after ``caddy prizes`` that name a sub-command; anything else is
#: a file (``caddy prizes FILE`` is ``caddy prizes show FILE``).
SUBCOMMANDS = ("set", "show")


def add_commands(commands: Commands) -> None:
    """``caddy prizes``'s parser and its sub-commands."""
    prizes = commands.add_parser(
        "prizes",
        help="who gets which prize, by the event's prize schedule",
        description=(
            "caddy prizes FILE lists who gets which prize by the prize schedule (the one "
            "the event keeps, or --schedule FILE); caddy prizes set EVENT.json SCHEDULE "
            "keeps a schedule in the event. docs/prizes.md"
        ),
    )
    sub = prizes.add_subparsers(dest="prizes_command", metavar="{set,FILE}")
    show = sub.add_parser(
        "show", help="the prize list of FILE (caddy prizes FILE)", description="The prize list."
    )
    _show_arguments(show)
    keep = sub.add_parser(
        "set",
        help="keep a prize schedule in an event file",
        description="Check SCHEDULE (TOML or JSON) and keep it in EVENT.json.",
    )
    keep.add_argument("event", metavar="EVENT.json")
    keep.add_argument("schedule", metavar="SCHEDULE", help="the prize schedule (.toml or .json)")
    keep.set_defaults(run=cmd_set)


def _show_arguments(show: argparse.ArgumentParser) -> None:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import event_arguments, output_argument

    event_arguments(show)
    show.add_argument(
        "--schedule", metavar="FILE", help="the prize schedule (default: the one the event keeps)"
    )
    show.add_argument("--tiebreaks", metavar="LIST", help="tie-break list (default: the event's)")
    show.add_argument("--explain", metavar="PLAYER", help="why PLAYER gets what they get, or not")
    show.add_argument("--json", action="store_true", help="the caddy.prizes document")
    output_argument(show)
    show.set_defaults(run=cmd_prizes)


def cmd_set(ns: argparse.Namespace, host: PluginHost) -> int:
    """``caddy prizes set``: the schedule checked, then kept (under the lock)."""
    import attrs

    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.session import open as open_event
    from caddy.files.prizes import read_schedule

    schedule = read_schedule(ns.schedule)
    sharing_method(schedule, host)  # a method no plugin registers: said before writing
    with open_event(ns.event, host=host) as session:
        tournament = attrs.evolve(session.event.tournament, prizes=schedule)
        session.replace(attrs.evolve(session.event, tournament=tournament))
    print(
        f"{ns.event}: prize schedule of {len(schedule.prizes)} prize(s) kept ({schedule.sharing})"
    )
    return 0


def sharing_method(schedule: PrizeSchedule, host: PluginHost) -> Any:
    """The schedule's sharing method (a plugin), or one line naming the known ones."""
    methods = host.registry("prize_sharing")
    if schedule.sharing not in methods.names():
        known = ", ".join(methods.names())
        raise CaddyError(f"sharing '{schedule.sharing}' is no sharing method (known: {known})")
    return methods.get(schedule.sharing)


def cmd_prizes(ns: argparse.Namespace, host: PluginHost) -> int:
    """``caddy prizes FILE``: the prize list, a player's "why", or the document."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import emit, print_document, print_error
    from caddy.cli.standings_notes import file_source
    from caddy.prizes.awards import award_prizes, combine
    from caddy.views.prizes import explain_lines, prizes_document, prizes_report
    from caddy.views.source import StandingsChoices

    choices = StandingsChoices(
        tiebreaks=ns.tiebreaks, edition=ns.edition, pre_determined=ns.pre_determined
    )
    source = file_source(ns, choices, host)
    schedule = _schedule(ns, source)
    method = sharing_method(schedule, host)
    if source.results is None:
        raise CaddyError("a knockout's prizes follow its bracket: caddy prizes ranks score tables")
    rankings, warnings = _ranked(source, choices, schedule, host)
    for warning in warnings:
        print_error(warning, "warning")
    date = _date(source)
    prizes = combine(
        [award_prizes(schedule, ranked, method, date=date, only=only) for only, ranked in rankings]
    )
    standings = rankings[0][1]
    if ns.explain:
        number = _find(standings, ns.explain)
        print("\n".join(explain_lines(schedule, prizes, standings, number, date)))
    elif ns.json:
        print_document(prizes_document(source.title, prizes))
    else:
        emit(prizes_report(source.title, prizes), ns, host)
    return 0


def _ranked(
    source: Source, choices: StandingsChoices, schedule: PrizeSchedule, host: PluginHost
) -> tuple[list[tuple[set[int] | None, list[Standing]]], tuple[str, ...]]:
    """Each ranking and the prizes it is for (``None``: all): the players (a
    sectioned event section by section); a team event's teams for its team
    prizes and each board's players for its board prizes. And the warnings."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.views.prizes import board_prize_standings, prize_standings, team_prize_standings
    from caddy.views.standings import standings_view
    from caddy.views.team_standings import EdeChoices, board_prizes_view, team_view

    if not source.team_event:
        view = standings_view(source, choices, host)
        return [(None, prize_standings(view))], view.warnings
    teams = team_view(source, choices, EdeChoices(), host)
    on_board = {i for i, p in enumerate(schedule.prizes) if p.category and p.category.board}
    team_prizes = set(range(len(schedule.prizes))) - on_board
    rankings: list[tuple[set[int] | None, list[Standing]]] = [
        (team_prizes, team_prize_standings(teams.result))
    ]
    if on_board:
        boards = board_prizes_view(source, choices, EdeChoices(), 0, host).prizes
        rankings.append((on_board, board_prize_standings(boards, teams.state)))
    return rankings, teams.result.warnings


def _find(standings: list[Standing], text: str) -> int:
    """The player (or team) ``text`` names among ``standings``."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.names import find_player

    ordered = sorted(standings, key=lambda s: s.player)
    return ordered[find_player([s.name for s in ordered], text) - 1].player


def _schedule(ns: argparse.Namespace, source: Source) -> PrizeSchedule:
    """``--schedule FILE``, else the schedule the event keeps."""
    if ns.schedule is not None:
        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.files.prizes import read_schedule

        return read_schedule(ns.schedule)
    kept: PrizeSchedule | None = (
        source.state.event.tournament.prizes if source.state is not None else None
    )
    if kept is None:
        raise CaddyError(
            f"{ns.file} keeps no prize schedule: give --schedule FILE, or keep one with "
            f"`caddy prizes set {ns.file} prizes.toml`"
        )
    return kept


def _date(source: Source) -> Any:
    """The date ages are counted at: the event's start, else its end."""
    if source.state is not None:
        tournament = source.state.event.tournament
        return tournament.start or tournament.end
    return source.results.start_date if source.results is not None else None
