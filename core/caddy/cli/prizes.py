"""``caddy prizes``: who gets which prize (``caddy prizes FILE``), and the
schedule an event keeps (``caddy prizes set EVENT.json SCHEDULE``).
docs/prizes.md."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.cli.common import Commands
    from caddy.model.prizes import PrizeSchedule
    from caddy.plugins.host import PluginHost
    from caddy.prizes.awards import Standing
    from caddy.views.source import Source

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
    from caddy.views.prize_list import sharing_method

    schedule = read_schedule(ns.schedule)
    sharing_method(schedule, host)  # a method no plugin registers: said before writing
    with open_event(ns.event, host=host) as session:
        tournament = attrs.evolve(session.event.tournament, prizes=schedule)
        session.replace(attrs.evolve(session.event, tournament=tournament))
    print(
        f"{ns.event}: prize schedule of {len(schedule.prizes)} prize(s) kept ({schedule.sharing})"
    )
    return 0


def cmd_prizes(ns: argparse.Namespace, host: PluginHost) -> int:
    """``caddy prizes FILE``: the prize list, a player's "why", or the document."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import emit, print_document, print_error
    from caddy.cli.standings_notes import file_source
    from caddy.views.prize_list import event_prizes
    from caddy.views.prizes import explain_lines, prizes_document, prizes_report
    from caddy.views.source import StandingsChoices

    choices = StandingsChoices(
        tiebreaks=ns.tiebreaks, edition=ns.edition, pre_determined=ns.pre_determined
    )
    source = file_source(ns, choices, host)
    schedule = _schedule(ns, source)
    found = event_prizes(source, choices, schedule, host)
    for warning in found.warnings:
        print_error(warning, "warning")
    if ns.explain:
        number = _find(list(found.standings), ns.explain)
        lines = explain_lines(schedule, found.prizes, list(found.standings), number, found.date)
        print("\n".join(lines))
    elif ns.json:
        print_document(prizes_document(source.title, found.prizes))
    else:
        emit(prizes_report(source.title, found.prizes), ns, host)
    return 0


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
