"""Limits of ``caddy calc`` and ``caddy plan`` (issue 24, item 17): absurd
sizes are one line each, lengths are read exactly, dated rounds stay in the
calendar and a start time in a daylight-saving gap is moved with a warning.

Sources: the limits in docs/calculator.md ("Size limits") and
docs/planning.md ("The budget"); RFC 5545 3.3.5 (a nonexistent local time is
read with the UTC offset before the gap); the US daylight-saving rule (second
Sunday of March, 02:00 becomes 03:00; 15 U.S.C. 260a), so 2026-03-08 02:30
does not exist in America/New_York.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.cli.calc import parse_night
from tests.conftest import Run

Cli = Callable[..., Run]


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (
            ("calc", "10", "--tc", "90+30", "--start", "9999-12-01", "--every", "tue", "--at", "19:00"),
            "no Tuesday from 9999-12-01 is left for round 5: the calendar ends on 9999-12-31",
        ),
        (
            ("calc", "10", "--tc", "G/60", "--start", "9999-12-23", "--every", "day", "--at", "22:00"),
            "round 9 on 9999-12-31 at 22:00 would end after 9999-12-31, the end of the calendar",
        ),
        (
            ("calc", "10", "--tc", "G/60+86400", "--start", "2026-09-01", "--every", "tue", "--at", "19:30"),
            "time control G/60+86400: a round (a 172920 min worst-case game and 15 min turnover) "
            "is longer than a day (24 h)",
        ),
        (
            ("plan", "10", "--nights", "99999999999999999999"),
            "--nights 99999999999999999999 is more than caddy plans (at most 1,000)",
        ),
        (
            ("plan", "10", "--nights", "5", "--night", "999999999999h"),
            "--night '999999999999h' is more than the 24 hours of a day",
        ),
        (
            ("calc", "10", "--tc", "90+30", "--night", "999999999999h"),
            "--night '999999999999h' is more than the 24 hours of a day",
        ),
        (
            ("calc", "10", "--night", "0.0000001h"),
            "--night '0.0000001h' is shorter than a minute",
        ),
        (
            ("plan", "10", "--days", "2", "--hours", "99999999999999999999.5"),
            "--hours '99999999999999999999.5' is more than the 24 hours of a day",
        ),
        (
            ("calc", "10", "--tc", "G/60", "--turnover", "99999999999999999999"),
            "--turnover 99999999999999999999 is more than the 1440 minutes of a day",
        ),
        (
            ("plan", "10", "--days", "1001"),
            "--days 1001 is more than caddy plans (at most 1,000)",
        ),
    ],
)  # fmt: skip
def test_absurd_sizes_are_one_line(cli: Cli, args: tuple[str, ...], error: str) -> None:
    run = cli(*args)
    assert (run.code, run.out, run.err) == (1, "", f"caddy: error: {error}\n")


def test_the_limits_themselves_are_accepted(cli: Cli) -> None:
    """A 24-hour night, 1,000 nights and a day's turnover are inside the limits."""
    from caddy.schedule.calculator import MAX_DAY_MINUTES, MAX_SESSIONS

    assert (MAX_DAY_MINUTES, MAX_SESSIONS) == (1440, 1000)
    assert cli("calc", "10", "--tc", "G/60", "--night", "24h").code == 0
    assert cli("calc", "10", "--night", "24:00", "--turnover", "1440").code == 0
    assert cli("plan", "10", "--nights", "1000", "--tc", "G/60").code == 0
    run = cli(
        "calc", "10", "--tc", "90+30", "--dates", "9999-12-31", "--at", "09:00", "--until", "23:59"
    )
    assert run.code == 0, run.err
    assert "  round 3  Fri 9999-12-31  17:30–21:30\n" in run.out


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("2.1h", 126), ("0.35h", 21), ("2.5h", 150), ("1.001h", 60.07), ("3:00", 180), ("95m", 95)],
)
def test_lengths_are_read_exactly(text: str, minutes: float) -> None:
    """A length is read exactly and counted in whole seconds, the unit the
    calculator computes in, so the night shown is the night used: 1.001 h is
    3,603.6 s, counted 3,604 s = 60.07 min (before: the float 1.001 * 60 was
    shown as 60.06 min while the calculator used 3,604 s)."""
    value = parse_night(text)
    assert value == minutes
    assert isinstance(value, int) == isinstance(minutes, int)


def test_plan_prints_exact_budgets(cli: Cli) -> None:
    run = cli("plan", "10", "--nights", "5", "--night", "2.1h", "--tc", "G/30")
    assert run.out.splitlines()[0] == (
        "10 players, 5 nights of 126 min (10 h 30 min in all), 15 min between rounds"
    )


def test_a_start_in_a_daylight_saving_gap_moves_with_a_warning(cli: Cli, tmp_path: Path) -> None:
    """Round 2 on 2026-03-08 at 02:30 New York time does not exist; it starts
    at 03:30 (RFC 5545 3.3.5), and caddy says so."""
    args = (
        "calc", "10", "--tc", "G/90+30", "--start", "2026-03-01", "--every", "sun",
        "--at", "02:30", "--tz", "America/New_York",
    )  # fmt: skip
    run = cli(*args)
    assert run.code == 0
    assert run.err == (
        "caddy: warning: round 2: 2026-03-08 02:30 does not exist in America/New_York "
        "(the clocks go forward); the round starts at 03:30\n"
    )
    assert "  round 2  Sun 2026-03-08  03:30–07:30\n" in run.out
    assert "  round 3  Sun 2026-03-15  02:30–06:30\n" in run.out
    pytest.importorskip("icalendar")
    path = tmp_path / "gap.ics"
    assert cli(*args, "--ics", str(path)).code == 0
    text = path.read_text(encoding="utf-8")
    assert "DTSTART;TZID=America/New_York:20260308T033000" in text
    assert "T023000" not in text.split("20260308")[1][:10]


def test_an_ambiguous_time_is_kept(cli: Cli) -> None:
    """01:30 on 2026-11-01 happens twice in New York; it exists, so it stays."""
    run = cli(
        "calc", "4", "--tc", "G/30", "--start", "2026-11-01", "--every", "sun",
        "--at", "01:30", "--tz", "America/New_York",
    )  # fmt: skip
    assert (run.code, run.err) == (0, "")
    assert "  round 1  Sun 2026-11-01  01:30–02:30\n" in run.out
