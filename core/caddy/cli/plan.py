"""``caddy plan``: every format and time control that fits N players into a time budget."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from caddy.cli.calc import length_minutes, parse_night, read_length
from caddy.cli.common import ascii_int, is_ascii_number
from caddy.errors import CaddyError

if TYPE_CHECKING:
    import argparse

    from caddy.cli.common import Commands
    from caddy.plugins.host import PluginHost
    from caddy.schedule.planner import Budget


def add_commands(commands: Commands) -> None:
    plan = commands.add_parser(
        "plan",
        help="which formats and time controls fit a number of nights or days",
        description=(
            "Every registered format (and its variants) with each time control that "
            "fits N players into the nights or days there are, ranked by games per player."
        ),
    )
    plan.add_argument("players", type=ascii_int, metavar="N", help="number of players")
    budget = plan.add_mutually_exclusive_group()
    budget.add_argument("--nights", type=ascii_int, metavar="N", help="club nights available")
    budget.add_argument("--days", type=ascii_int, metavar="N", help="days available")
    plan.add_argument(
        "--night",
        metavar="LENGTH",
        help="length of a club night: 3h, 2.5h or 180m (default 3h)",
    )
    plan.add_argument(
        "--hours",
        metavar="H",
        help="playing time a day: 10, 9.5 or 9:30 hours (default 8)",
    )
    plan.add_argument(
        "--tc",
        action="append",
        default=[],
        metavar="TC",
        help="a time control to try (repeatable; default: the standard list, docs/planning.md)",
    )
    plan.add_argument(
        "--format",
        action="append",
        default=[],
        metavar="NAME",
        help="weigh only this format (repeatable; default: every registered format)",
    )
    plan.add_argument(
        "--turnover",
        type=ascii_int,
        default=15,
        metavar="MIN",
        help="minutes between rounds (default 15)",
    )
    plan.add_argument("--all", action="store_true", help="also list what does not fit, and why")
    plan.add_argument("--json", action="store_true", help="print a caddy.plan JSON document")
    plan.set_defaults(run=cmd_plan)


def _hours(text: str) -> int | float:
    """``--hours``: a number of hours (``10``, ``9.5``) or a length (``9:30``, ``570m``)."""

    cleaned = text.strip()
    value = read_length(cleaned + "h" if is_ascii_number(cleaned.replace(".", "", 1)) else cleaned)
    if value is None or value <= 0:
        raise CaddyError(
            f"cannot read --hours '{text}' (expected playing hours a day, e.g. 8, 9.5 or 9:30)"
        )
    return length_minutes(value, text, "--hours")


def budget_of(ns: argparse.Namespace) -> Budget:
    """The :class:`~caddy.schedule.planner.Budget` of ``--nights``/``--night`` or ``--days``/``--hours``."""
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.schedule.calculator import MAX_SESSIONS, check_turnover
    from caddy.schedule.planner import Budget, Unit  # lazy: as above

    unit: Unit
    if ns.nights is None and ns.days is None:
        raise CaddyError(
            "give the time there is: --nights N (and --night 3h) or --days N (and --hours 8)"
        )
    check_turnover(ns.turnover)
    if ns.nights is not None:
        if ns.hours is not None:
            raise CaddyError("--hours goes with --days; a club night's length is --night")
        count, unit = ns.nights, "night"
        minutes = parse_night(ns.night if ns.night is not None else "3h")
    else:
        if ns.night is not None:
            raise CaddyError("--night goes with --nights; a day's playing time is --hours")
        count, unit = ns.days, "day"
        minutes = _hours(ns.hours if ns.hours is not None else "8")
    if count < 1:
        raise CaddyError(f"--{unit}s must be 1 or more, got {count}")
    if count > MAX_SESSIONS:
        raise CaddyError(f"--{unit}s {count} is more than caddy plans (at most {MAX_SESSIONS:,})")
    return Budget(sessions=count, session_minutes=minutes, unit=unit, turnover_minutes=ns.turnover)


def cmd_plan(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: `caddy --help` builds every parser; the views load when the command runs
    from caddy.schedule.planner import plan, plan_document
    from caddy.views.plan import print_plan

    budget = budget_of(ns)
    result = plan(
        ns.players,
        budget,
        time_controls=ns.tc or None,
        include_all=ns.all,
        formats=ns.format or None,
        host=host,
    )
    if ns.json:
        # lazy: cattrs (the documents' converter) loads for --json only
        from caddy.model.documents import write

        write(plan_document(result), sys.stdout)
        return 0
    print_plan(result, sys.stdout)
    return 0
