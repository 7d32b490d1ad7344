"""The dated-schedule options of ``caddy calc`` and ``caddy new`` (``--start``,
``--every``, ``--at``, ``--skip``, ``--rounds-per-night``, ``--dates``,
``--until``, ``--tz``) and the printed list of dated rounds.

``--at`` is the first round's time in both forms (weekly nights and given
dates); ``--from``/``--to`` name file formats elsewhere (``caddy import``,
``check``, ``export``), never a time."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

import attrs

from caddy.cli.common import ascii_int
from caddy.errors import CaddyError
from caddy.messages import warn
from caddy.model.numbers import format_minutes

if TYPE_CHECKING:
    from caddy.model.dates import RoundDates

#: Options that only mean something with ``--start`` (weekly) or ``--dates``.
WEEKLY_ONLY = ("every", "skip")
DAYS_ONLY = ("until",)


def add_schedule_arguments(
    parser: argparse.ArgumentParser, *, days: bool = True, start: bool = True
) -> None:
    """Add the dated-schedule options to ``parser`` (``days``: the weekend form
    too; ``start``: ``--start`` as well, which ``caddy new`` has already)."""

    if start:
        parser.add_argument(
            "--start",
            metavar="YYYY-MM-DD",
            help="date of the first playing night (dated rounds; needs --every, --at)",
        )
    parser.add_argument(
        "--every", metavar="DAY", help="playing nights: mon tue wed thu fri sat sun, or day"
    )
    parser.add_argument(
        "--at", metavar="HH:MM", help="start time of a night's (or a day's) first round"
    )
    parser.add_argument(
        "--skip", metavar="DATES", help="comma-separated dates YYYY-MM-DD that are not played"
    )
    parser.add_argument(
        "--rounds-per-night",
        type=ascii_int,
        metavar="K",
        help="rounds a night (default: as many as fit in --night, at least 1)",
    )
    if days:
        parser.add_argument(
            "--dates", metavar="DATES", help="the playing days YYYY-MM-DD,... (a weekend event)"
        )
        parser.add_argument(
            "--until", metavar="HH:MM", help="end of a playing day (with --dates and --at)"
        )
    else:
        parser.set_defaults(dates=None, until=None)  # every command reads the same options
    parser.add_argument(
        "--tz",
        metavar="ZONE",
        help="time zone of the times, e.g. Europe/Budapest (default: floating local time)",
    )


@attrs.frozen(kw_only=True)
class ScheduleArgs:
    """The dated-schedule options as given (``None``: not given)."""

    start: str | None
    every: str | None
    at: str | None
    skip: str | None
    rounds_per_night: int | None
    dates: str | None
    until: str | None
    tz: str | None

    @classmethod
    def of(cls, ns: argparse.Namespace) -> ScheduleArgs:
        """The options :func:`add_schedule_arguments` added to the command's parser."""
        return cls(
            start=ns.start,
            every=ns.every,
            at=ns.at,
            skip=ns.skip,
            rounds_per_night=ns.rounds_per_night,
            dates=ns.dates,
            until=ns.until,
            tz=ns.tz,
        )

    def given(self, names: tuple[str, ...]) -> list[str]:
        """The options of ``names`` given, in that order."""
        values = attrs.asdict(self)
        return [name for name in names if values[name] is not None]

    def missing(self, names: tuple[str, ...]) -> list[str]:
        """The options of ``names`` not given, in that order."""
        values = attrs.asdict(self)
        return [name for name in names if values[name] is None]


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def wants_dates(ns: argparse.Namespace, *, start_is_date: bool = False) -> bool:
    """Whether the command line asks for dated rounds; refuses options given
    without what they need (one line). ``start_is_date``: ``--start`` alone is
    the event's start date (``caddy new``), dated rounds need ``--every`` too."""
    args = ScheduleArgs.of(ns)
    weekly = args.start is not None and (not start_is_date or args.every is not None)
    if args.dates is not None and args.start is not None and not start_is_date:
        raise CaddyError("give either --start (weekly nights) or --dates (given days), not both")
    if args.dates is not None:
        return _wants_days(args)
    stray = args.given(DAYS_ONLY)
    if stray:
        raise CaddyError(f"{_flag(stray[0])} needs --dates")
    if weekly:
        missing = args.missing(("every", "at"))
        if missing:
            raise CaddyError(f"--start needs --{missing[0]} for dated rounds")
        return True
    stray = args.given((*WEEKLY_ONLY, "at", "rounds_per_night", "tz"))
    if stray:
        missing = [f"--{name}" for name in args.missing(("start", "every", "at"))]
        raise CaddyError(
            f"{_flag(stray[0])}: dated rounds need {' and '.join(missing)} too (or --dates)"
        )
    return False


def _wants_days(args: ScheduleArgs) -> bool:
    """``--dates``: refuses the weekly options and a missing ``--at``/``--until``."""
    stray = args.given(WEEKLY_ONLY)
    if stray:
        raise CaddyError(
            f"{_flag(stray[0])} is for weekly nights (--start); --dates takes --at and --until"
        )
    missing = args.missing(("at", *DAYS_ONLY))
    if missing:
        raise CaddyError(f"--dates needs {_flag(missing[0])} HH:MM")
    if args.rounds_per_night is not None:
        raise CaddyError(
            "--rounds-per-night is for weekly nights; --dates fits what --at and --until hold"
        )
    return True


def schedule_from_args(
    ns: argparse.Namespace,
    rounds: int,
    *,
    round_minutes: int | float | None,
    default_per_night: int = 1,
    own_nights: int = 0,
    night_minutes: int | float | None = None,
) -> tuple[RoundDates, int]:
    """The dated rounds the options ask for, and how many rounds did not fit
    (``--dates`` only). ``round_minutes`` is ``None`` without a time control:
    then one round a night, and ``--dates`` is refused. With ``night_minutes``
    (``caddy calc --night``) a ``--rounds-per-night`` that does not fit a night is refused.
    Every round must end by 9999-12-31 (one line); with ``--tz`` a start in a
    daylight-saving gap moves to the time RFC 5545 reads it as, with a warning."""
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.model.dates import check_ends

    schedule, left_over = _schedule(
        ns,
        rounds,
        round_minutes=round_minutes,
        default_per_night=default_per_night,
        own_nights=own_nights,
        night_minutes=night_minutes,
    )
    check_ends(schedule, round_minutes or 0)
    if ns.tz is not None:
        # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
        from caddy.model.dates import move_out_of_gaps

        # lazy: icalendar loads for dated rounds only
        from caddy.schedule.ics import time_zone

        schedule, moved = move_out_of_gaps(schedule, time_zone(ns.tz))
        for line in moved:
            warn(line)
    return schedule, left_over


def _schedule(
    ns: argparse.Namespace,
    rounds: int,
    *,
    round_minutes: int | float | None,
    default_per_night: int,
    own_nights: int,
    night_minutes: int | float | None,
) -> tuple[RoundDates, int]:
    """The dated rounds of :func:`schedule_from_args`, before the calendar's checks."""
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.model.dates import on_days, parse_date, parse_dates, weekly

    tz = ns.tz
    if tz is not None:
        # lazy: icalendar loads for dated rounds only
        from caddy.schedule.ics import time_zone

        time_zone(tz)  # a known zone, or one line
    if ns.dates is not None:
        days = parse_dates(ns.dates, "--dates")
        if not days:
            raise CaddyError("--dates needs at least one date YYYY-MM-DD")
        if round_minutes is None:
            raise CaddyError(
                "--dates needs --tc: how many rounds fit a day depends on their length"
            )
        return on_days(
            rounds,
            days=days,
            start_at=ns.at,
            end_at=ns.until,
            round_minutes=round_minutes,
            own_nights=own_nights,
            tz=tz,
        )
    start = parse_date(ns.start, "--start")
    skip = parse_dates(ns.skip, "--skip") if ns.skip is not None else ()
    per_night = ns.rounds_per_night
    _check_per_night(per_night, round_minutes, night_minutes)
    schedule = weekly(
        rounds,
        start=start,
        every=ns.every,
        at=ns.at,
        skip=skip,
        rounds_per_night=per_night or max(1, default_per_night),
        round_minutes=round_minutes or 0,
        own_nights=own_nights,
        tz=tz,
    )
    return schedule, 0


def _check_per_night(
    per_night: int | None, round_minutes: int | float | None, night_minutes: int | float | None
) -> None:
    """``--rounds-per-night``: 1 or more, with a time control for more than 1, fitting ``--night``."""
    if per_night is not None and per_night < 1:
        raise CaddyError(f"--rounds-per-night must be 1 or more, got {per_night}")
    if per_night is not None and per_night > 1 and round_minutes is None:
        raise CaddyError(
            f"--rounds-per-night {per_night} needs --tc: a round's length spaces the rounds of a night"
        )
    if (
        per_night is not None
        and round_minutes is not None
        and night_minutes is not None
        and per_night * round_minutes > night_minutes
    ):
        raise CaddyError(
            f"{per_night} rounds of {round_minutes} min do not fit in one "
            f"{format_minutes(night_minutes)} night (--night)"
        )


def describe_rule(schedule: RoundDates) -> str:
    """The rule in words: ``every Tuesday from 2026-09-01 at 19:30, 1 round a night``."""
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.model.dates import describe_weekdays

    per = schedule.rounds_per_night
    rounds = "round" if per == 1 else "rounds"
    zone = f" ({schedule.tz})" if schedule.tz else ""
    if schedule.every is None:
        return f"given days from {schedule.at}, at most {per} {rounds} a day{zone}"
    first = schedule.rounds[0].date.isoformat() if schedule.rounds else "?"
    skipped = ""
    if schedule.skip:
        skipped = ", not " + ", ".join(day.isoformat() for day in schedule.skip)
    return (
        f"every {describe_weekdays(schedule.every)} from {first} at {schedule.at}"
        f"{skipped}, {per} {rounds} a night{zone}"
    )


def print_dates(
    schedule: RoundDates,
    game_minutes: int | float | None,
    out: TextIO,
    *,
    left_over: int = 0,
    rounds: int = 0,
) -> None:
    """``Dated rounds: <rule>`` then one line per round: ``round 1  Tue 2026-09-01  19:30–21:40``
    (the end is the start plus the worst-case game, shown with a time control)."""
    import datetime  # lazy: `caddy calc` without dates never loads it

    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.model.dates import WEEKDAY_NAMES

    print(f"Dated rounds: {describe_rule(schedule)}", file=out)
    width = len(str(len(schedule.rounds)))
    for slot in schedule.rounds:
        when = slot.time
        if game_minutes is not None:
            end = slot.start + datetime.timedelta(seconds=round(60 * game_minutes))
            later = (end.date() - slot.date).days
            when += f"–{end:%H:%M}" + (f" (+{later} day)" if later else "")
        day = WEEKDAY_NAMES[slot.date.weekday()][:3]
        print(f"  round {slot.round:>{width}}  {day} {slot.date.isoformat()}  {when}", file=out)
    if left_over:
        first = rounds - left_over + 1
        which = f"round {first}" if left_over == 1 else f"rounds {first}–{rounds}"
        print(
            f"  {which} do{'es' if left_over == 1 else ''} not fit on the given days "
            f"({schedule.rounds_per_night} a day): add days or widen --at/--until",
            file=out,
        )
