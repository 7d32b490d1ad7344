"""``caddy table``: print a format's schedule (text, JSON or CSV)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, cast

from caddy.errors import CaddyError

if TYPE_CHECKING:
    import argparse

    from caddy.cli.common import Commands
    from caddy.contracts import Format, PairingFormat
    from caddy.model.schedule import Numbering, Schedule
    from caddy.plugins.host import PluginHost
from caddy.cli.common import ascii_int, emit, format_and_options, format_arguments, output_argument


def add_table(commands: Commands) -> None:
    table = commands.add_parser(
        "table",
        help="print a round-robin schedule (FIDE Berger table by default)",
        description="Print the schedule for N players, or for the players in a CSV file.",
    )
    table.add_argument("players", nargs="?", type=ascii_int, metavar="N", help="number of players")
    table.add_argument(
        "--players",
        dest="players_file",
        metavar="FILE",
        help="CSV with a header: name,rating[,federation,fide_id,title,team]",
    )
    format_arguments(table)
    table.add_argument(
        "--style",
        choices=("fide", "circle", "us-quad", "crenshaw"),
        help="table style (shorthand for --option table=STYLE)",
    )
    table.add_argument(
        "--reverse-colours",
        "--reverse-colors",
        action="store_true",
        help="the whole table with colours reversed",
    )
    table.add_argument("--seed", type=ascii_int, help="seed for the lot and any colour toss")
    table.add_argument(
        "--by",
        choices=("lot", "rating", "given"),
        default=None,
        help="how pairing numbers are given to the players in --players "
        "(default: lot; by rating for quads, knockout and groups-knockout)",
    )
    output = table.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print a caddy.schedule JSON document")
    output.add_argument("--csv", action="store_true", help="print CSV rows, one per game")
    output_argument(output)
    table.set_defaults(run=cmd_table)


def cmd_table(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: `caddy --help` builds every parser; the views load when the command runs
    from caddy.contracts.format_tools import schedule_format
    from caddy.views.schedule import schedule_report, write_schedule_csv, write_schedule_json

    extra: dict[str, str] = {}
    if ns.style:
        extra["table"] = ns.style
    if ns.reverse_colours:
        extra["reverse_colours"] = "true"
    fmt, options = format_and_options(ns, extra, host=host)
    numbering = None
    if ns.players_file:
        # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
        from caddy.files.players import read_players_csv

        entrants = read_players_csv(ns.players_file)
        if ns.players is not None and ns.players != len(entrants):
            raise CaddyError(
                f"{ns.players_file} has {len(entrants)} players, but {ns.players} were asked for"
            )
        numbering = fmt.number_players(entrants, ns.by or fmt.default_numbering, ns.seed)
        count = len(entrants)
    elif ns.players is None:
        raise CaddyError("give the number of players or --players FILE")
    else:
        count = ns.players
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.contracts.format_tools import depends_on_results, fixed_in_advance, option_summary
    from caddy.schedule.calculator import check_limits  # lazy: as above

    check_limits(count, fmt, options)
    later: list[str] = []
    if depends_on_results(fmt) and not fixed_in_advance(fmt, count, options):
        schedule, later = _known_rounds(fmt, count, options, numbering)
    else:
        schedule = schedule_format(fmt, count, options).schedule(count, options, seed=ns.seed)

    if ns.json:
        write_schedule_json(
            schedule, sys.stdout, options=option_summary(options), numbering=numbering
        )
    elif ns.csv:
        write_schedule_csv(schedule, numbering, sys.stdout)
    else:
        emit(schedule_report(schedule, numbering, later), ns, host)
    return 0


def _known_rounds(
    fmt: Format, count: int, options: Any, numbering: Numbering | None
) -> tuple[Schedule, list[str]]:
    """For a format that pairs from results: the rounds known now, and what follows."""
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.model.schedule import Schedule
    from caddy.views.schedule import player_label

    arithmetic = fmt.arithmetic(count, options)

    def label(number: int) -> str:
        return player_label(number, numbering)

    rounds = tuple(fmt.group_rounds(count, options))
    if rounds:  # a fixed first stage (groups): the format says what follows
        title = fmt.schedule_title(count, options) or f"{fmt.name}, {count} players"
        return Schedule(
            format=fmt.name,
            players=count,
            rounds=rounds,
            title=title,
            sections=fmt.sections(count, options),
        ), list(fmt.schedule_notes(count, options))
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.contracts import PairingRequest

    first = cast("PairingFormat", fmt).next_round(PairingRequest.simple(count, options))
    assert first is not None
    notes = list(fmt.schedule_notes(count, options))  # the format's own words
    if fmt.has_matches:  # a bracket: how it goes on, the seeds' byes, then the format's notes
        later = [
            f"Round 1 of {arithmetic.rounds}: each board is a match; later rounds pair "
            "the winners in bracket order."
        ]
        if first.byes:
            later.append("Byes to the top seeds: " + ", ".join(label(p) for p in first.byes))
        later += notes
    else:
        later = notes or [
            f"Round 1 of {arithmetic.rounds}: later rounds are paired from the results."
        ]
        if first.byes:
            later.append("Pairing-allocated bye: " + ", ".join(label(p) for p in first.byes))
    title = f"{fmt.name}, {count} players seeded by pairing number"
    return Schedule(format=fmt.name, players=count, rounds=(first,), title=title), later
