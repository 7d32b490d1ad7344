"""iCalendar (RFC 5545) files of dated rounds, through the optional package
``icalendar`` (``pip install 'chess-caddy[ics]'``), imported only here and
only when a calendar is written.

One ``VEVENT`` per round: ``SUMMARY`` "Round r", ``DTSTART`` the round's
start and ``DTEND`` its start plus the worst-case game (docs/calculator.md).
With a time zone the times carry ``TZID`` and the file its ``VTIMEZONE``;
without one they are floating local times (RFC 5545 3.3.5, form 1).
"""

from __future__ import annotations

import datetime
import uuid
from typing import Any

from caddy.errors import CaddyError
from caddy.files.storage import write_output
from caddy.model.dates import RoundDates

MISSING = "--ics needs the optional package icalendar: pip install 'chess-caddy[ics]'"


def time_zone(name: str) -> datetime.tzinfo:
    """The IANA time zone ``name`` (``Europe/Budapest``).

    :raises CaddyError: an unknown name.
    """
    import zoneinfo

    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise CaddyError(
            f"--tz '{name}' is not a known time zone (an IANA name such as Europe/Budapest)"
        ) from None


def _icalendar() -> Any:
    try:
        import icalendar
    except ImportError:
        raise CaddyError(MISSING) from None
    return icalendar


def calendar_bytes(
    schedule: RoundDates,
    game_minutes: int | float,
    *,
    name: str = "",
    now: datetime.datetime | None = None,
) -> bytes:
    """The calendar of ``schedule`` as bytes (CRLF lines, UTF-8)."""
    icalendar = _icalendar()
    zone = time_zone(schedule.tz) if schedule.tz else None
    stamp = now or datetime.datetime.now(datetime.UTC)
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//chess-caddy//dated rounds//EN")
    calendar.add("version", "2.0")
    if name:
        calendar.add("x-wr-calname", name)
    length = datetime.timedelta(seconds=round(60 * game_minutes))
    for slot in schedule.rounds:
        start = slot.start if zone is None else slot.start.replace(tzinfo=zone)
        event = icalendar.Event()
        event.add("uid", f"{uuid.uuid4()}@chess-caddy")
        event.add("dtstamp", stamp)
        event.add("summary", f"Round {slot.round}")
        event.add("dtstart", start)
        event.add("dtend", start + length)
        calendar.add_component(event)
    if zone is not None:
        calendar.add_missing_timezones()
    data: bytes = calendar.to_ical()
    return data


def write_calendar(path: str, data: bytes, *, force: bool = False) -> None:
    """Write ``data`` to ``path`` atomically; an existing file only with
    ``force`` (:func:`caddy.files.storage.write_output`)."""

    write_output(path, data, force=force)
