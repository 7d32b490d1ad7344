"""``caddy calc``: rounds, games, boards, hours and club nights for a field."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from caddy.cli.dates import add_schedule_arguments, print_dates, schedule_from_args, wants_dates
from caddy.errors import CaddyError, PluginError

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from fractions import Fraction

    from caddy.cli.common import Commands
    from caddy.model.timecontrol import TimeControl
    from caddy.plugins.host import PluginHost
    from caddy.schedule.calculator import CalcResult
from caddy.cli.common import (
    ascii_int,
    force_argument,
    format_and_options,
    format_arguments,
    is_ascii_number,
)
from caddy.views.calc import print_summary, print_table


def add_calc(commands: Commands) -> None:
    calc = commands.add_parser(
        "calc",
        help="rounds, games, boards, hours and club nights for a field",
        description="Rounds, games, boards and, with --tc, hours and club nights for N players.",
    )
    calc.add_argument("players", nargs="+", type=ascii_int, metavar="N", help="number of players")
    calc.add_argument(
        "--tc",
        action="append",
        default=[],
        metavar="TC",
        help="time control (G/25d5, 40/90, SD/30+30, 90+30, 5400+30); repeatable",
    )
    format_arguments(calc)
    calc.add_argument(
        "--turnover",
        type=ascii_int,
        default=15,
        metavar="MIN",
        help="minutes between rounds (default 15)",
    )
    calc.add_argument(
        "--night",
        default="3h",
        metavar="LENGTH",
        help="length of a club night: 3h, 2.5h or 180m (default 3h)",
    )
    calc.add_argument("--json", action="store_true", help="print a caddy.calc JSON document")

    add_schedule_arguments(calc)
    calc.add_argument(
        "--ics",
        metavar="FILE",
        help="write the dated rounds as an iCalendar file (needs the extra chess-caddy[ics])",
    )
    force_argument(calc, "the --ics FILE")
    calc.set_defaults(run=cmd_calc)


def parse_night(text: str, option: str = "--night") -> int | float:
    """A night length in minutes from ``3h``, ``2.5h``, ``180m``, ``180min``
    or ``3:00`` (:func:`read_length`, :func:`length_minutes`)."""

    value = read_length(text)
    if value is None:
        raise CaddyError(f"cannot read night length '{text}' (expected e.g. 3h, 2.5h or 180m)")
    if value <= 0:
        raise CaddyError(f"night length '{text}' must be positive")
    return length_minutes(value, text, option)


def read_length(text: str) -> int | Fraction | None:
    """Minutes, exactly (no float rounding), from ``3h``, ``2.5h``, ``180m``,
    ``180min`` or ``3:00``; ``None`` when ``text`` is none of these. Whole
    numbers stay ints: ``fractions`` is imported only for a decimal point (the
    default ``--night 3h`` is on every ``caddy calc``'s start-up path)."""
    cleaned = text.strip().lower().replace(" ", "")
    number, factor = cleaned, 0
    for suffix, minutes in (("min", 1), ("h", 60), ("m", 1)):
        if cleaned.endswith(suffix):
            number, factor = cleaned[: -len(suffix)], minutes
            break
    hours, colon, mins = cleaned.partition(":")
    if (
        colon
        and is_ascii_number(hours)
        and is_ascii_number(mins)
        and len(mins) == 2
        and int(mins) < 60
    ):
        return int(hours) * 60 + int(mins)
    if factor and is_ascii_number(number):
        return int(number) * factor
    if factor and is_ascii_number(number.replace(".", "", 1)):
        from fractions import Fraction

        return Fraction(number) * factor
    return None


def length_minutes(value: int | Fraction, text: str, option: str) -> int | float:
    """``value`` minutes counted in whole seconds (the calculator's unit),
    held to 1 minute up to a day (:data:`~caddy.schedule.calculator.MAX_DAY_MINUTES`)."""
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.model.timecontrol import minutes_value
    from caddy.schedule.calculator import MAX_DAY_MINUTES  # lazy: as above

    if value < 1:
        raise CaddyError(f"{option} '{text}' is shorter than a minute")
    if value > MAX_DAY_MINUTES:
        raise CaddyError(f"{option} '{text}' is more than the 24 hours of a day")
    return minutes_value(round(value * 60))


def cmd_calc(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.schedule.calculator import calculate, check_turnover

    check_turnover(ns.turnover)
    dated = _wants_dates(ns)
    if ns.ics is not None:
        # lazy: start-up: `caddy calc` without --ics writes no file (caddy.files.storage)
        from caddy.files.storage import refuse_existing

        refuse_existing(ns.ics, ns.force)
    night = parse_night(ns.night)
    fmt, options = format_and_options(ns, host=host)
    controls = _time_controls(ns.tc, host)
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.schedule.calculator import check_limits

    for n in ns.players:
        check_limits(n)
    results = [
        calculate(
            n,
            format=fmt,
            options=options,
            time_control=tc,
            turnover_minutes=ns.turnover,
            night_minutes=night,
            host=host,
        )
        for n in ns.players
        for tc in (controls or [None])
    ]
    show_dates = _dated(ns, results[0]) if dated else None
    if ns.json:
        # lazy: cattrs (the documents' converter) loads for --json only
        from caddy.model.documents import CalcDocument, write

        write(CalcDocument(results=tuple(results)), sys.stdout)
        return 0
    for text, tc in zip(ns.tc, controls, strict=True):
        assert tc is not None
        print(f"{text} read as: {tc.describe()}")
    if len(ns.players) == 1 and len(controls) <= 1:
        print_summary(results[0], sys.stdout, nights=not ns.dates)
        if show_dates is not None:
            show_dates()
    else:
        print_table(results, ns.players, controls, sys.stdout)
    return 0


def _wants_dates(ns: argparse.Namespace) -> bool:
    """Whether the command asks for dated rounds, refusing what does not go with them."""

    dated = wants_dates(ns)
    if dated and (len(ns.players) > 1 or len(ns.tc) > 1):
        raise CaddyError("dated rounds are for one field and at most one --tc")
    if dated and ns.json:
        raise CaddyError("--json does not take dated rounds (--start or --dates)")
    if ns.ics is not None and not dated:
        raise CaddyError("--ics needs dated rounds: --start, --every and --at, or --dates")
    return dated


def _time_controls(texts: Sequence[str], host: PluginHost) -> list[TimeControl | None]:
    """Each ``--tc``, read; every text that does not read is one line."""
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.plugins.lookup import parse_time_control

    controls: list[TimeControl | None] = []
    problems: list[str] = []
    for text in texts:
        try:
            controls.append(parse_time_control(text, host))
        except PluginError:  # a plugin's fault, not the text's
            raise
        except CaddyError as exc:
            problems.extend(exc.problems)
    if problems:
        raise CaddyError(problems[0], problems=problems)
    return controls


def _dated(ns: argparse.Namespace, r: CalcResult) -> Callable[[], None]:
    """The dated rounds of the one result ``r``: checked, and with ``--ics``
    written, before anything is printed; returns what prints them."""

    schedule, left_over = schedule_from_args(
        ns,
        r.rounds,
        round_minutes=r.round_minutes,
        default_per_night=r.rounds_per_night or 1,
        own_nights=r.knockout_rounds,
        night_minutes=r.night_minutes,
    )
    game = r.worst_case_game_minutes
    if ns.ics is not None:
        # lazy: icalendar loads for dated rounds only
        from caddy.schedule.ics import calendar_bytes, write_calendar

        data = calendar_bytes(schedule, game if game is not None else 0)
        write_calendar(ns.ics, data, force=ns.force)

    def show() -> None:
        print_dates(schedule, game, sys.stdout, left_over=left_over, rounds=r.rounds)
        if ns.ics is not None:
            count = len(schedule.rounds)
            print(f"wrote {ns.ics}: {count} round{'s' if count != 1 else ''}")

    return show
