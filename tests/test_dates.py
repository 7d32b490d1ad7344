"""Dated rounds (issue 19 item 1): ``caddy calc --start/--every/--at/--skip``,
``--dates/--at/--until``, ``--ics``, ``caddy new`` storing the schedule, and TRF
record 132.

Sources: the weekdays of the dates are the proleptic Gregorian calendar's
(2026-09-01 is a Tuesday, as :func:`datetime.date.weekday` and any 2026
calendar say); a round's length is the calculator's (docs/calculator.md:
G/60 d5 is 65 minutes a player, a 130-minute worst-case game, 145 minutes
with 15 minutes' turnover); iCalendar is RFC 5545 (floating times, form 1 of
3.3.5; ``TZID`` times, form 3); record 132 is the FIDE Handbook's TRF (C.04
Annex 2): round dates ``YY/MM/DD`` from column 92, one every 10 columns.
"""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.errors import CaddyError
from caddy.model.dates import RoundDates, RoundSlot, on_days, weekly
from caddy.schedule.ics import MISSING

Cli = Callable[..., Any]

ACCEPTANCE = [
    "calc",
    "10",
    "--tc",
    "G/60 d5",
    "--start",
    "2026-09-01",
    "--every",
    "tue",
    "--at",
    "19:30",
    "--skip",
    "2026-12-22",
]

#: The nine Tuesdays from 2026-09-01 (a round a week; 2026-12-22 is later).
TUESDAYS = [
    datetime.date(2026, 9, 1),
    datetime.date(2026, 9, 8),
    datetime.date(2026, 9, 15),
    datetime.date(2026, 9, 22),
    datetime.date(2026, 9, 29),
    datetime.date(2026, 10, 6),
    datetime.date(2026, 10, 13),
    datetime.date(2026, 10, 20),
    datetime.date(2026, 10, 27),
]


def test_acceptance_prints_dated_rounds_and_the_calendar_reads_back(
    cli: Cli, tmp_path: Path
) -> None:
    import icalendar

    path = tmp_path / "f.ics"
    run = cli(*ACCEPTANCE, "--ics", str(path))
    assert run.code == 0, run.err
    tail = run.out.splitlines()[-11:]
    assert tail == [
        "Dated rounds: every Tuesday from 2026-09-01 at 19:30, not 2026-12-22, 1 round a night",
        *(f"  round {r}  Tue {day.isoformat()}  19:30–21:40" for r, day in enumerate(TUESDAYS, 1)),
        f"wrote {path}: 9 rounds",
    ]
    calendar = icalendar.Calendar.from_ical(path.read_bytes())
    events = list(calendar.walk("VEVENT"))
    assert [str(e["SUMMARY"]) for e in events] == [f"Round {r}" for r in range(1, 10)]
    assert [e.decoded("DTSTART") for e in events] == [
        datetime.datetime.combine(day, datetime.time(19, 30)) for day in TUESDAYS
    ]
    # the end: start + the 130-minute worst-case game
    assert [e.decoded("DTEND") for e in events] == [
        datetime.datetime.combine(day, datetime.time(21, 40)) for day in TUESDAYS
    ]
    assert len({str(e["UID"]) for e in events}) == 9


def test_skipped_nights_are_not_played(cli: Cli) -> None:
    run = cli(*ACCEPTANCE[:-1], "2026-09-08,2026-09-22")
    assert run.code == 0, run.err
    dates = [line.split()[3] for line in run.out.splitlines() if line.startswith("  round ")]
    assert dates[:3] == ["2026-09-01", "2026-09-15", "2026-09-29"]
    assert dates[-1] == "2026-11-10"


def test_time_zone_times_carry_tzid(cli: Cli, tmp_path: Path) -> None:
    import icalendar

    path = tmp_path / "z.ics"
    run = cli(*ACCEPTANCE, "--tz", "Europe/Budapest", "--ics", str(path))
    assert run.code == 0, run.err
    assert "1 round a night (Europe/Budapest)" in run.out
    calendar = icalendar.Calendar.from_ical(path.read_bytes())
    assert [str(tz["TZID"]) for tz in calendar.walk("VTIMEZONE")] == ["Europe/Budapest"]
    first = next(iter(calendar.walk("VEVENT")))
    start = first.decoded("DTSTART")
    assert (start.replace(tzinfo=None), str(start.tzinfo)) == (
        datetime.datetime(2026, 9, 1, 19, 30),
        "Europe/Budapest",
    )
    assert start.utcoffset() == datetime.timedelta(hours=2)  # CEST on 2026-09-01


def test_several_rounds_a_night_start_a_scheduled_round_apart(cli: Cli) -> None:
    # G/10+5: 15 min a player, a 30-minute game, 45 minutes with turnover
    run = cli(
        "calc", "8", "--tc", "G/10+5", "--start", "2026-09-01", "--every", "tue,thu",
        "--at", "19:00", "--rounds-per-night", "3",
    )  # fmt: skip
    assert run.code == 0, run.err
    assert run.out.splitlines()[-8:] == [
        "Dated rounds: every Tuesday and Thursday from 2026-09-01 at 19:00, 3 rounds a night",
        "  round 1  Tue 2026-09-01  19:00–19:30",
        "  round 2  Tue 2026-09-01  19:45–20:15",
        "  round 3  Tue 2026-09-01  20:30–21:00",
        "  round 4  Thu 2026-09-03  19:00–19:30",
        "  round 5  Thu 2026-09-03  19:45–20:15",
        "  round 6  Thu 2026-09-03  20:30–21:00",
        "  round 7  Tue 2026-09-08  19:00–19:30",
    ]


def test_default_rounds_a_night_is_the_calculators(cli: Cli) -> None:
    # G/25 d5: a 75-minute round, 2 in a 3 h night (docs/calculator.md)
    run = cli(
        "calc", "4", "--tc", "G/25d5", "--start", "2026-09-04", "--every", "fri", "--at", "19:00"
    )
    assert run.code == 0, run.err
    assert run.out.splitlines()[-4:] == [
        "Dated rounds: every Friday from 2026-09-04 at 19:00, 2 rounds a night",
        "  round 1  Fri 2026-09-04  19:00–20:00",
        "  round 2  Fri 2026-09-04  20:15–21:15",
        "  round 3  Fri 2026-09-11  19:00–20:00",
    ]


def test_weekend_days_fit_what_the_day_holds_and_say_what_does_not(
    cli: Cli, tmp_path: Path
) -> None:
    # 90+30: 120 min a player, 240-minute game, 255-minute round; 09:30-20:00 is
    # 630 minutes: ⌊630 / 255⌋ = 2 rounds a day
    run = cli(
        "calc", "40", "--format", "swiss", "--rounds", "5", "--tc", "90+30",
        "--dates", "2026-05-09,2026-05-10", "--at", "09:30", "--until", "20:00",
        "--ics", str(tmp_path / "w.ics"),
    )  # fmt: skip
    assert run.code == 0, run.err
    assert run.out.splitlines()[-7:] == [
        "Dated rounds: given days from 09:30, at most 2 rounds a day",
        "  round 1  Sat 2026-05-09  09:30–13:30",
        "  round 2  Sat 2026-05-09  13:45–17:45",
        "  round 3  Sun 2026-05-10  09:30–13:30",
        "  round 4  Sun 2026-05-10  13:45–17:45",
        "  round 5 does not fit on the given days (2 a day): add days or widen --at/--until",
        f"wrote {tmp_path / 'w.ics'}: 4 rounds",
    ]


def test_knockout_stages_take_nights_of_their_own() -> None:
    schedule = weekly(
        5,
        start=datetime.date(2026, 9, 1),
        every="tue",
        at="19:00",
        rounds_per_night=2,
        round_minutes=60,
        own_nights=2,
    )
    assert [(s.round, s.date.day, s.time) for s in schedule.rounds] == [
        (1, 1, "19:00"),
        (2, 1, "20:00"),
        (3, 8, "19:00"),
        (4, 15, "19:00"),
        (5, 22, "19:00"),
    ]


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--start", "2026-13-01", "--every", "tue", "--at", "19:30"],
         "--start '2026-13-01': no such day"),
        (["--start", "2026-09-01", "--every", "tues", "--at", "19:30"],
         "--every 'tues' is not a weekday (mon tue wed thu fri sat sun, or day)"),
        (["--start", "2026-09-01", "--every", "tue", "--at", "25:00"],
         "--at '25:00' is not a time (expected HH:MM, 00:00 to 23:59)"),
        (["--start", "2026-09-01", "--every", "tue", "--at", "19:30", "--skip", "2026-12-32"],
         "--skip '2026-12-32': no such day"),
        (["--dates", "2026-05-09", "--at", "09:30", "--until", "11:00"],
         "no day is long enough for a round: 09:30 to 11:00 is 90 min, a round takes 145 min"),
        (["--dates", "2026-05-09", "--at", "20:00", "--until", "09:00"],
         "--until 09:00 must be later than --at 20:00"),
        (["--every", "tue"], "--every: dated rounds need --start and --at too (or --dates)"),
        (["--start", "2026-09-01", "--every", "tue"], "--start needs --at for dated rounds"),
        (["--start", "2026-09-01", "--every", "tue", "--at", "19:30", "--tz", "Mars/Base"],
         "--tz 'Mars/Base' is not a known time zone (an IANA name such as Europe/Budapest)"),
        (["--start", "2026-09-01", "--every", "tue", "--at", "19:30", "--rounds-per-night", "3"],
         "3 rounds of 145 min do not fit in one 3 h night (--night)"),
        (["--ics", "x.ics"], "--ics needs dated rounds: --start, --every and --at, or --dates"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line(cli: Cli, args: list[str], error: str) -> None:
    run = cli("calc", "10", "--tc", "G/60 d5", *args)
    assert (run.code, run.out, run.err) == (1, "", f"caddy: error: {error}\n")


def test_missing_icalendar_is_one_line(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "icalendar", None)  # import fails
    path = tmp_path / "f.ics"
    run = cli(*ACCEPTANCE, "--ics", str(path))
    assert (run.code, run.err) == (1, f"caddy: error: {MISSING}\n")
    assert MISSING == "--ics needs the optional package icalendar: pip install 'chess-caddy[ics]'"
    assert not path.exists()


def _players(tmp_path: Path) -> Path:
    players = tmp_path / "players.csv"
    players.write_text("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\n", encoding="utf-8")
    return players


def test_new_stores_the_dated_rounds(cli: Cli, tmp_path: Path) -> None:
    from caddy.event.store import dumps, load

    path = tmp_path / "e.json"
    run = cli(
        "new", str(path), "--players", str(_players(tmp_path)), "--by", "rating",
        "--start", "2026-09-01", "--every", "tue", "--at", "19:30", "--skip", "2026-09-08",
    )  # fmt: skip
    assert run.code == 0, run.err
    assert (
        "rounds dated every Tuesday from 2026-09-01 at 19:30, not 2026-09-08, 1 round a night: "
        "round 1 on 2026-09-01, round 3 on 2026-09-22"
    ) in run.out
    data = json.loads(path.read_bytes())
    assert data["tournament"]["schedule"] == {
        "every": "tue",
        "at": "19:30",
        "skip": ["2026-09-08"],
        "rounds_per_night": 1,
        "tz": None,
        "rounds": [
            {"round": 1, "date": "2026-09-01", "time": "19:30"},
            {"round": 2, "date": "2026-09-15", "time": "19:30"},
            {"round": 3, "date": "2026-09-22", "time": "19:30"},
        ],
    }
    assert (data["tournament"]["start"], data["tournament"]["end"]) == ("2026-09-01", "2026-09-22")
    event = load(path)
    assert dumps(event) == path.read_bytes()  # round trips byte for byte
    assert event.tournament.schedule is not None
    assert event.tournament.schedule.date_of(2) == datetime.date(2026, 9, 15)


def test_an_event_without_dates_writes_no_schedule_key(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "e.json"
    assert cli("new", str(path), "--players", str(_players(tmp_path))).code == 0
    assert "schedule" not in json.loads(path.read_bytes())["tournament"]


def test_a_bad_schedule_in_a_file_is_one_line(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "e.json"
    assert cli("new", str(path), "--players", str(_players(tmp_path))).code == 0
    data = json.loads(path.read_bytes())
    data["tournament"]["schedule"] = {
        "rounds": [{"round": 1, "date": "2026-02-30", "time": "19:30"}]
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    run = cli("standings", str(path))
    assert run.code == 1
    assert run.err == (
        f"caddy: error: {path}: $.tournament.schedule.rounds[0].date: "
        "expected a date YYYY-MM-DD, got '2026-02-30'\n"
    )


def test_trf_export_writes_record_132(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "e.json"
    run = cli(
        "new", str(path), "--players", str(_players(tmp_path)),
        "--start", "2026-09-01", "--every", "tue", "--at", "19:30",
    )  # fmt: skip
    assert run.code == 0, run.err
    out = cli("export", str(path)).out
    line = next(line for line in out.splitlines() if line.startswith("132"))
    assert [line[91:99], line[101:109], line[111:119]] == ["26/09/01", "26/09/08", "26/09/15"]
    assert line[3:91].strip() == "" and len(line) == 119


def test_round_dates_api() -> None:
    schedule, left_over = on_days(
        3,
        days=[datetime.date(2026, 5, 10), datetime.date(2026, 5, 9)],
        start_at="10:00",
        end_at="18:00",
        round_minutes=240,
    )
    assert left_over == 0
    assert schedule.rounds == (
        RoundSlot(round=1, date=datetime.date(2026, 5, 9), time="10:00"),
        RoundSlot(round=2, date=datetime.date(2026, 5, 9), time="14:00"),
        RoundSlot(round=3, date=datetime.date(2026, 5, 10), time="10:00"),
    )
    assert RoundDates().date_of(1) is None
    with pytest.raises(CaddyError, match="no Tuesday from 2026-09-01 is left for round 2"):
        weekly(
            2,
            start=datetime.date(2026, 9, 1),
            every="tue",
            at="19:30",
            skip=[datetime.date(2026, 9, 1) + datetime.timedelta(weeks=w) for w in range(1, 1200)],
        )


@given(
    rounds=st.integers(1, 30),
    start=st.dates(datetime.date(2000, 1, 1), datetime.date(2090, 1, 1)),
    days=st.sets(st.sampled_from(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]), min_size=1),
    skip_weeks=st.sets(st.integers(0, 40), max_size=10),
    per_night=st.integers(1, 3),
)
def test_weekly_rounds_fall_on_playing_nights_in_order(
    rounds: int, start: datetime.date, days: set[str], skip_weeks: set[int], per_night: int
) -> None:
    skip = [start + datetime.timedelta(days=3 * w) for w in skip_weeks]
    schedule = weekly(
        rounds,
        start=start,
        every=",".join(sorted(days)),
        at="18:00",
        skip=skip,
        rounds_per_night=per_night,
        round_minutes=60,
    )
    slots = schedule.rounds
    assert [s.round for s in slots] == list(range(1, rounds + 1))
    names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    assert all(names[s.date.weekday()] in days and s.date not in skip for s in slots)
    assert all(s.date >= start for s in slots)
    starts = [s.start for s in slots]
    assert starts == sorted(starts) and len(set(starts)) == rounds
    nights: dict[datetime.date, int] = {}
    for s in slots:
        nights[s.date] = nights.get(s.date, 0) + 1
    assert max(nights.values()) <= per_night
