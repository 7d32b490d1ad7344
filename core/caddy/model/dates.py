"""Dated schedules: which day and at what time each round starts (docs/calculator.md,
"Dated rounds").

Two ways to lay the rounds on the calendar:

* **weekly** (a club): from a start date, every given weekday (or every
  day), at one time, leaving out the ``skip`` dates; a night holds
  ``rounds_per_night`` rounds, the next one starting a scheduled round (the
  calculator's worst-case game + turnover) after the one before;
* **days** (a weekend event): the given days, each holding as many rounds as
  fit between ``at`` and ``until`` by the calculator's rule for a night:
  ⌊(to − from) / scheduled round⌋.

Rounds that take a night of their own (a format's knockout stages, as the
calculator counts them) are the last ones and never share a night.

Times are local wall-clock times ``HH:MM``; the event's time zone (if any) is
only a label here (:mod:`caddy.schedule.ics` writes it into the calendar file).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence

import attrs

from caddy.errors import CaddyError

#: Weekday names ``--every`` takes, Monday first (``datetime.date.weekday``).
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
#: ``--every day``: every day of the week.
EVERY_DAY = "day"
#: Nights searched before a weekly schedule gives up (about 20 years of Tuesdays).
MAX_NIGHTS_SEARCHED = 7 * 1100
#: The last day a round can be dated on, and must end on: the last day of
#: the calendar Python (and so caddy) can write.
LAST_DAY = datetime.date.max


def _clock(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    parse_clock(value, attribute.name)


def _every(instance: object, attribute: attrs.Attribute[str | None], value: str | None) -> None:
    if value is not None:
        parse_weekdays(value)


@attrs.frozen(kw_only=True)
class RoundSlot:
    """When one round starts: a date and a local time ``HH:MM``."""

    round: int = attrs.field(validator=attrs.validators.ge(1))
    date: datetime.date
    time: str = attrs.field(validator=_clock)

    @property
    def start(self) -> datetime.datetime:
        """The start as a naive (local, floating) date and time."""
        return datetime.datetime.combine(self.date, _time(self.time))


@attrs.frozen(kw_only=True)
class RoundDates:
    """An event's dated rounds (``Tournament.schedule``): the rule as given and
    the date and time of every round it placed.

    ``rounds`` is the truth (a TRF export's record 132, ``caddy pairings``);
    the rule fields say how the dates were made.
    """

    #: ``--every``: weekday names (``tue`` or ``tue,thu``) or ``day``; ``None`` for given days.
    every: str | None = attrs.field(default=None, validator=_every)
    #: ``--at``: the start time of a night's first round.
    at: str | None = None
    #: Dates that are not playing nights.
    skip: tuple[datetime.date, ...] = ()
    rounds_per_night: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    #: ``--tz``: the IANA time zone of the times (``None``: floating local time).
    tz: str | None = None
    rounds: tuple[RoundSlot, ...] = ()

    def date_of(self, round_number: int) -> datetime.date | None:
        """The date of round ``round_number``, or ``None`` when it has none."""
        for slot in self.rounds:
            if slot.round == round_number:
                return slot.date
        return None


def parse_date(text: str, option: str) -> datetime.date:
    """A date ``YYYY-MM-DD``.

    :raises CaddyError: ``--start '2026-13-01': no such day`` (the shape is
        right) or ``--start '1.9.2026' is not a date (expected YYYY-MM-DD)``.
    """
    import re

    try:
        if len(text) != 10:
            raise ValueError
        return datetime.date.fromisoformat(text)
    except ValueError:
        if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            raise CaddyError(f"{option} '{text}': no such day") from None
        raise CaddyError(f"{option} '{text}' is not a date (expected YYYY-MM-DD)") from None


def parse_dates(text: str, option: str) -> tuple[datetime.date, ...]:
    """Comma-separated dates ``YYYY-MM-DD``, in the order given, without repeats."""
    dates: list[datetime.date] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        day = parse_date(part, option)
        if day not in dates:
            dates.append(day)
    return tuple(dates)


def parse_clock(text: str, option: str) -> int:
    """Minutes after midnight from ``HH:MM`` (``9:30``, ``19:30``).

    :raises CaddyError: ``--at '25:00' is not a time (expected HH:MM, 00:00 to 23:59)``.
    """
    hours, colon, minutes = text.partition(":")
    if (
        colon
        and 1 <= len(hours) <= 2
        and len(minutes) == 2
        and (hours + minutes).isascii()
        and (hours + minutes).isdigit()
        and int(hours) < 24
        and int(minutes) < 60
    ):
        return int(hours) * 60 + int(minutes)
    raise CaddyError(f"{option} '{text}' is not a time (expected HH:MM, 00:00 to 23:59)")


def clock_text(minutes: int) -> str:
    """``HH:MM`` for minutes after midnight (within the day)."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _time(text: str) -> datetime.time:
    minutes = parse_clock(text, "time")
    return datetime.time(minutes // 60, minutes % 60)


def parse_weekdays(text: str) -> frozenset[int]:
    """Weekday numbers (Monday 0) from ``tue``, ``tue,thu`` or ``day`` (every day).

    Full names (``tuesday``) are read too, in any case.

    :raises CaddyError: ``--every 'tues' is not a weekday (mon tue wed thu fri sat sun, or day)``.
    """
    days: set[int] = set()
    for part in text.lower().split(","):
        part = part.strip()
        if part == EVERY_DAY:
            days.update(range(7))
        elif part in WEEKDAYS:
            days.add(WEEKDAYS.index(part))
        elif part in (name.lower() for name in WEEKDAY_NAMES):
            days.add([name.lower() for name in WEEKDAY_NAMES].index(part))
        else:
            raise CaddyError(
                f"--every '{text}' is not a weekday ({' '.join(WEEKDAYS)}, or {EVERY_DAY})"
            )
    return frozenset(days)


def describe_weekdays(text: str) -> str:
    """``Tuesday``, ``Tuesday and Thursday``, ``day`` in words."""
    days = sorted(parse_weekdays(text))
    if len(days) == 7:
        return "day"
    names = [WEEKDAY_NAMES[d] for d in days]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _nights(
    start: datetime.date, weekdays: frozenset[int], skip: Iterable[datetime.date]
) -> Iterable[datetime.date]:
    skipped = frozenset(skip)
    day = start
    for _ in range(MAX_NIGHTS_SEARCHED):
        if day.weekday() in weekdays and day not in skipped:
            yield day
        if day == datetime.date.max:
            return  # the calendar's last day (LAST_DAY)
        day += datetime.timedelta(days=1)


def _place(
    rounds: int,
    nights: Iterable[datetime.date],
    per_night: int,
    first_minute: int,
    round_minutes: int | float,
    own_nights: int,
) -> list[RoundSlot]:
    """Rounds 1…``rounds`` onto ``nights``, ``per_night`` a night (the last
    ``own_nights`` rounds one a night), starting ``round_minutes`` apart."""
    slots: list[RoundSlot] = []
    number = 1
    for night in nights:
        if number > rounds:
            break
        shared = number <= rounds - own_nights
        for k in range(per_night if shared else 1):
            if number > rounds or (shared and number > rounds - own_nights):
                break
            start = first_minute + round(k * round_minutes)
            slots.append(RoundSlot(round=number, date=night, time=clock_text(start)))
            number += 1
    return slots


def weekly(
    rounds: int,
    *,
    start: datetime.date,
    every: str,
    at: str,
    skip: Sequence[datetime.date] = (),
    rounds_per_night: int = 1,
    round_minutes: int | float = 0,
    own_nights: int = 0,
    tz: str | None = None,
) -> RoundDates:
    """A club's dated rounds: from ``start`` every ``every`` night at ``at``.

    ``round_minutes`` (the calculator's scheduled round) spaces the rounds of
    one night; the last ``own_nights`` rounds each take a night of their own.

    :raises CaddyError: one line (a bad weekday or time, a night that cannot
        hold its rounds before midnight, no playing night found).
    """
    weekdays = parse_weekdays(every)
    first = parse_clock(at, "--at")
    if rounds_per_night < 1:
        raise CaddyError(f"--rounds-per-night must be 1 or more, got {rounds_per_night}")
    if rounds_per_night > 1 and first + (rounds_per_night - 1) * round_minutes >= 24 * 60:
        raise CaddyError(
            f"{rounds_per_night} rounds of {_minutes(round_minutes)} min from {at} "
            "do not start before midnight"
        )
    slots = _place(
        rounds,
        _nights(start, weekdays, skip),
        rounds_per_night,
        first,
        round_minutes,
        own_nights,
    )
    if len(slots) < rounds:
        raise CaddyError(
            f"no {describe_weekdays(every)} from {start.isoformat()} is left for round "
            f"{len(slots) + 1}: "
            + _search_end(start)
            + (", less the skipped dates" if skip else "")
        )
    return RoundDates(
        every=every.lower(),
        at=at,
        skip=tuple(sorted(set(skip))),
        rounds_per_night=rounds_per_night,
        tz=tz,
        rounds=tuple(slots),
    )


def _search_end(start: datetime.date) -> str:
    """Why the search for playing nights from ``start`` stopped."""
    if (LAST_DAY - start).days < MAX_NIGHTS_SEARCHED:
        return f"the calendar ends on {LAST_DAY.isoformat()}"
    return f"caddy dates rounds up to {MAX_NIGHTS_SEARCHED} days ahead"


def check_ends(schedule: RoundDates, round_minutes: int | float) -> None:
    """Refuse a round that would end after :data:`LAST_DAY` (one line): its
    start plus ``round_minutes`` (a scheduled round) must stay in the calendar."""
    last = datetime.datetime.combine(LAST_DAY, datetime.time.max)
    for slot in schedule.rounds:
        if (last - slot.start).total_seconds() < 60 * round_minutes:
            raise CaddyError(
                f"round {slot.round} on {slot.date.isoformat()} at {slot.time} would end "
                f"after {LAST_DAY.isoformat()}, the end of the calendar"
            )


def move_out_of_gaps(
    schedule: RoundDates, zone: datetime.tzinfo
) -> tuple[RoundDates, tuple[str, ...]]:
    """``schedule`` with every start that does not exist in ``zone`` (the
    clocks go forward over it, a daylight-saving gap) moved to the time RFC
    5545 3.3.5 reads it as: with the UTC offset before the gap, so 02:30 in a
    one-hour gap starts at 03:30. One warning line per round moved."""
    slots: list[RoundSlot] = []
    moved: list[str] = []
    for slot in schedule.rounds:
        start = slot.start
        before = start.replace(tzinfo=zone, fold=0).utcoffset()
        after = start.replace(tzinfo=zone, fold=1).utcoffset()
        if before is not None and after is not None and before < after:  # a gap
            real = start + (after - before)
            day = "" if real.date() == slot.date else f"{real.date().isoformat()} "
            moved.append(
                f"round {slot.round}: {slot.date.isoformat()} {slot.time} does not exist in "
                f"{schedule.tz} (the clocks go forward); the round starts at {day}{real:%H:%M}"
            )
            slot = attrs.evolve(slot, date=real.date(), time=f"{real:%H:%M}")
        slots.append(slot)
    return attrs.evolve(schedule, rounds=tuple(slots)), tuple(moved)


def per_window(window_minutes: int, round_minutes: int | float) -> int:
    """Rounds that fit in a day's window: ⌊window / scheduled round⌋ (the calculator's rule)."""
    if round_minutes <= 0:
        return 1
    return int(window_minutes * 60 // round(round_minutes * 60))


def on_days(
    rounds: int,
    *,
    days: Sequence[datetime.date],
    start_at: str,
    end_at: str,
    round_minutes: int | float,
    own_nights: int = 0,
    tz: str | None = None,
) -> tuple[RoundDates, int]:
    """A weekend event: on each of ``days`` as many rounds as fit between
    ``start_at`` and ``end_at``. Returns the dated rounds and the number of
    rounds that did not fit (the last ones).

    :raises CaddyError: ``--until`` not after ``--at``, or a day too short for a round.
    """
    first = parse_clock(start_at, "--at")
    last = parse_clock(end_at, "--until")
    if last <= first:
        raise CaddyError(f"--until {end_at} must be later than --at {start_at}")
    per_day = per_window(last - first, round_minutes)
    if per_day == 0:
        raise CaddyError(
            f"no day is long enough for a round: {start_at} to {end_at} is "
            f"{last - first} min, a round takes {_minutes(round_minutes)} min"
        )
    ordered = sorted(set(days))
    slots = _place(rounds, ordered, per_day, first, round_minutes, own_nights)
    schedule = RoundDates(
        every=None,
        at=start_at,
        rounds_per_night=per_day,
        tz=tz,
        rounds=tuple(slots),
    )
    return schedule, rounds - len(slots)


def _minutes(value: int | float) -> str:
    return str(int(value)) if value == int(value) else str(value)
