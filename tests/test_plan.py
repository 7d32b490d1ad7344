"""``caddy plan``: the formats and time controls that fit a budget, every figure the calculator's.

Sources of the figures:

- every row is checked against :func:`caddy.schedule.calculator.calculate` (what
  ``caddy calc N --format F --option ... --tc TC --night L`` prints), whose
  rules are docs/calculator.md, "What it computes": minutes per player by
  US Chess rule 5C, worst-case game twice that, 15 minutes' turnover, club
  nights ``⌈rounds / ⌊night / round⌋⌉`` with knockout stages on nights of
  their own;
- the hand-worked figures of docs/planning.md ("Reading the table"): at
  G/30 a scheduled round is 2 × 30 + 15 = 75 minutes, two to a 3-hour night;
  a round robin of 14 has 13 rounds (FIDE Handbook C.05 Annex 1, Berger
  tables: N − 1 rounds), a Swiss of 14 ⌈log₂ 14⌉ + 1 = 5 rounds (docs/swiss.md),
  a knockout of 14 four stages (a bracket of 16);
- the ranking and the budget rules: docs/planning.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts import FormatBase
from caddy.model.serialize import structure
from caddy.plugins.host import get_host
from caddy.schedule.calculator import calculate
from caddy.schedule.planner import STANDARD_TIME_CONTROLS, Budget, plan
from tests.conftest import Run


def _document(cli: Callable[..., Run], *args: str) -> dict[str, Any]:
    run = cli("plan", *args, "--json")
    assert run.code == 0, run.err
    assert run.err == ""
    document: dict[str, Any] = json.loads(run.out)
    return document


def _check_row(row: dict[str, Any], players: int, night_minutes: float, turnover: int = 15) -> None:
    """One row against the calculator, field by field (exact)."""
    fmt = get_host().formats().get(row["format"])
    options = structure(row["options"], fmt.Options)
    calc = calculate(
        players,
        format=fmt,
        options=options,
        time_control=row["time_control"],
        turnover_minutes=turnover,
        night_minutes=night_minutes,
    )
    assert row["rounds"] == calc.rounds
    assert row["games"] == calc.games
    assert row["games_per_player"] == calc.games_per_player
    assert row["knockout_rounds"] == calc.knockout_rounds
    assert row["minutes_per_player"] == calc.minutes_per_player
    assert row["round_minutes"] == calc.round_minutes
    assert row["total_minutes"] == calc.total_minutes
    assert row["total_hours"] == calc.total_hours
    assert row["sessions_used"] == calc.club_nights
    assert row["rounds_per_session"] == calc.rounds_per_night


def test_acceptance_14_players_8_nights_of_3_hours(cli: Callable[..., Run]) -> None:
    """`caddy plan 14 --nights 8 --night 3h --json`: round robin, quads, Swiss and
    knockout are there, and every row is the calculator's figures."""
    document = _document(cli, "14", "--nights", "8", "--night", "3h")
    assert document["schema"] == "caddy.plan" and document["version"] == 1
    assert document["players"] == 14
    assert document["budget"] == {
        "unit": "night",
        "sessions": 8,
        "session_minutes": 180,
        "total_minutes": 1440,
        "turnover_minutes": 15,
    }
    assert document["time_controls"] == list(STANDARD_TIME_CONTROLS)
    assert document["not_fitting"] == []
    formats = {row["format"] for row in document["rows"]}
    assert {"round-robin", "quads", "swiss", "knockout", "groups-knockout"} <= formats
    assert "manual" not in formats  # it cannot take a field: left out without --all
    for row in document["rows"]:
        _check_row(row, 14, 180)
        assert row["fits"] is True and row["reason"] is None
        assert 1 <= row["sessions_used"] <= 8 and row["rounds_per_session"] >= 1
        assert row["spare_sessions"] == 8 - row["sessions_used"]
        assert row["spare_minutes"] == 1440 - row["total_minutes"]


# docs/planning.md, "Reading the table": format, variant, control -> rounds, games per
# player, nights, rounds a night, spare minutes
HAND_WORKED = [
    ("round-robin", "", "G/30", 13, 13, 7, 2, 465),  # 13 × 75 = 975 min, ⌈13/2⌉ nights
    ("swiss", "", "G/30", 5, 5, 3, 2, 1065),  # 5 × 75 = 375 min, ⌈5/2⌉ nights
    ("swiss", "4 rounds", "G/30", 4, 4, 2, 2, 1140),
    ("knockout", "", "G/30", 4, 4, 4, 2, 1140),  # four stages, a night each
    ("quads", "", "G/60 d5", 3, 3, 3, 1, 1005),  # a round 2 × 65 + 15 = 145 min
    ("scheveningen", "double Scheveningen", "G/30", 14, 14, 7, 2, 390),
]


@pytest.mark.parametrize(
    ("name", "variant", "tc", "rounds", "per_player", "nights", "per_night", "spare"),
    HAND_WORKED,
)
def test_hand_worked_rows(
    cli: Callable[..., Run],
    name: str,
    variant: str,
    tc: str,
    rounds: int,
    per_player: int,
    nights: int,
    per_night: int,
    spare: int,
) -> None:
    document = _document(cli, "14", "--nights", "8")
    found = [
        r
        for r in document["rows"]
        if (r["format"], r["variant"], r["time_control"]) == (name, variant, tc)
    ]
    assert len(found) == 1
    row = found[0]
    assert (
        row["rounds"],
        row["games_per_player"],
        row["sessions_used"],
        row["rounds_per_session"],
        row["spare_minutes"],
    ) == (rounds, per_player, nights, per_night, spare)


def test_rows_ranked_by_games_per_player_then_longer_control(cli: Callable[..., Run]) -> None:
    rows = _document(cli, "14", "--nights", "8")["rows"]
    keys = [(-r["games_per_player"], -r["minutes_per_player"]) for r in rows]
    assert keys == sorted(keys)
    assert rows[0]["games_per_player"] == 14  # the double Scheveningen, 7 nights at G/25 d5


def test_a_row_matches_caddy_calc_on_the_command_line(cli: Callable[..., Run]) -> None:
    """The Swiss of 4 rounds at G/60 d5 is `caddy calc 14 --format swiss --option rounds=4`."""
    rows = _document(cli, "14", "--nights", "8")["rows"]
    row = next(r for r in rows if r["variant"] == "4 rounds" and r["time_control"] == "G/60 d5")
    calc = cli(
        "calc", "14", "--format", "swiss", "--option", "rounds=4", "--tc", "G/60 d5", "--json"
    )
    result = json.loads(calc.out)["results"][0]
    assert (result["rounds"], result["club_nights"], result["rounds_per_night"]) == (4, 4, 1)
    assert (row["rounds"], row["sessions_used"], row["rounds_per_session"]) == (4, 4, 1)
    assert row["total_minutes"] == result["total_minutes"] == 580


def test_swiss_round_counts_from_recommended_down_to_log2(cli: Callable[..., Run]) -> None:
    """14 players: 5 rounds recommended, down to ⌈log₂ 14⌉ = 4 (docs/planning.md)."""
    rows = _document(cli, "14", "--nights", "8", "--tc", "G/30")["rows"]
    swiss = [(r["variant"], r["rounds"]) for r in rows if r["format"] == "swiss"]
    assert swiss == [("", 5), ("4 rounds", 4)]
    fmt = get_host().formats().get("swiss")
    labels = {n: list(fmt.plan_options(n, fmt.Options())) for n in (2, 3, 9, 10, 33)}
    # recommended min(⌈log₂ N⌉ + 1, N // 2): 1, 1, 4, 5, 7; down to min(that, ⌈log₂ N⌉)
    assert labels == {
        2: [""],
        3: [""],
        9: [""],
        10: ["", "4 rounds"],
        33: ["", "6 rounds"],
    }


def test_a_variant_repeating_another_format_is_listed_once(cli: Callable[..., Run]) -> None:
    """The round robin's 'double round robin' is the double-round-robin format."""
    rows = _document(cli, "6", "--nights", "8", "--tc", "G/30")["rows"]
    labels = [(r["format"], r["variant"]) for r in rows]
    assert ("double-round-robin", "") in labels
    assert ("round-robin", "double round robin") not in labels
    assert ("scheveningen", "double Scheveningen") in labels  # no format of its own


def test_all_lists_what_does_not_fit_and_why(cli: Callable[..., Run]) -> None:
    document = _document(cli, "14", "--nights", "8", "--tc", "G/30", "--tc", "G/90+30", "--all")
    others = {(r["format"], r["variant"], r["time_control"]): r for r in document["not_fitting"]}
    manual = others[("manual", "", None)]
    assert manual["fits"] is False and manual["rounds"] is None
    assert manual["reason"].startswith("format 'manual' has no schedule to compute")
    assert (
        others[("double-round-robin", "", "G/30")]["reason"] == "needs 13 nights, 5 more than the 8"
    )
    # G/90+30: 2 × 120 + 15 = 255 minutes a round
    assert (
        others[("round-robin", "", "G/90+30")]["reason"]
        == "a round takes 255 min, longer than a 3 h night"
    )
    for row in document["not_fitting"]:
        if row["time_control"] is not None:
            _check_row(row, 14, 180)
    text = cli("plan", "14", "--nights", "8", "--tc", "G/30", "--all").out
    assert "Not fitting:\n  manual: format 'manual'" in text
    assert "  double-round-robin, G/30: needs 13 nights, 5 more than the 8\n" in text


def test_days_and_hours(cli: Callable[..., Run]) -> None:
    """`--days 2 --hours 10`: a day is a session of 10 hours; 14 players at G/25 d5
    (75-minute rounds) play 8 rounds a day: the round robin's 13 in 2 days."""
    document = _document(cli, "14", "--days", "2", "--hours", "10", "--tc", "G/25d5")
    assert document["budget"] == {
        "unit": "day",
        "sessions": 2,
        "session_minutes": 600,
        "total_minutes": 1200,
        "turnover_minutes": 15,
    }
    rr = next(r for r in document["rows"] if r["format"] == "round-robin")
    assert (rr["sessions_used"], rr["rounds_per_session"], rr["spare_minutes"]) == (2, 8, 225)
    for row in document["rows"]:
        _check_row(row, 14, 600)
    text = cli("plan", "14", "--days", "2", "--hours", "9:30", "--tc", "G/25d5").out
    assert text.startswith("14 players, 2 days of 9½ h (19 h in all), 15 min between rounds\n")
    assert "rounds/day" in text


def test_text_table(cli: Callable[..., Run]) -> None:
    """docs/planning.md's small example, exactly."""
    run = cli("plan", "10", "--days", "1", "--hours", "6", "--tc", "G/25 d5", "--tc", "G/60d5")
    assert run.code == 0 and run.err == ""
    assert run.out == (
        "10 players, 1 day of 6 h (6 h in all), 15 min between rounds\n"
        "Time controls: G/25 d5; G/60 d5\n"
        "format            time control  rounds  games/player  days  rounds/day  spare\n"
        "swiss (4 rounds)  G/25 d5            4             4     1           4  1 h\n"
        "quads             G/25 d5            3             3     1           4  2 h 15 min\n"
    )


def test_nothing_fits(cli: Callable[..., Run]) -> None:
    run = cli("plan", "14", "--nights", "1", "--night", "30m")
    assert run.code == 0
    assert run.out.endswith(
        "Nothing fits (--all says why): fewer rounds, a faster time control or more time.\n"
    )


def test_third_party_format_is_planned_with_no_extra_work(
    third_party: Path, cli: Callable[..., Run]
) -> None:
    """The gauntlet (tests/fake_plugins) has no plan_options: the default offers its options."""
    rows = _document(cli, "8", "--nights", "4", "--tc", "G/30")["rows"]
    gauntlet = [r for r in rows if r["format"] == "gauntlet"]
    assert len(gauntlet) == 1
    assert (gauntlet[0]["rounds"], gauntlet[0]["sessions_used"]) == (7, 4)


def test_default_plan_options_are_the_options_and_their_variants() -> None:
    class Tiny(FormatBase):
        name = "tiny"

    rr = get_host().formats().get("round-robin")
    options = rr.Options()
    assert dict(rr.plan_options(6, options)) == {
        "": options,
        "double round robin": rr.Options(cycles=2),
    }
    assert dict(FormatBase.plan_options(Tiny(), 6, options)) == {"": options}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["14"], "give the time there is: --nights N (and --night 3h) or --days N (and --hours 8)"),
        (["1", "--nights", "3"], "a plan needs at least 2 players, got 1"),
        (["14", "--nights", "0"], "--nights must be 1 or more, got 0"),
        (["14", "--days", "2", "--night", "3h"], "--night goes with --nights; a day's playing time is --hours"),
        (["14", "--nights", "2", "--hours", "3"], "--hours goes with --days; a club night's length is --night"),
        (["14", "--nights", "8", "--night", "x"], "cannot read night length 'x' (expected e.g. 3h, 2.5h or 180m)"),
        (["14", "--days", "1", "--hours", "abc"], "cannot read --hours 'abc' (expected playing hours a day, e.g. 8, 9.5 or 9:30)"),
        (["14", "--days", "1", "--hours", "25"], "--hours '25' is more than the 24 hours of a day"),
        (["14", "--nights", "8", "--turnover", "-1"], "--turnover must be 0 or more minutes, got -1"),
        (["200000", "--nights", "8"], "200,000 players is more than caddy handles (at most 100,000 players)"),
        (["14", "--nights", "8", "--tc", "X/9"], "cannot read time control 'X/9': not a notation caddy knows (examples: G/25 d5, 40/90, SD/30+30, 90+30, 5400+30)"),
    ],
)  # fmt: skip
def test_bad_input_is_one_error_line(
    cli: Callable[..., Run], args: list[str], message: str
) -> None:
    run = cli("plan", *args)
    assert (run.code, run.out, run.err) == (1, "", f"caddy: error: {message}\n")


def test_format_weighs_only_the_formats_named(cli: Callable[..., Run]) -> None:
    """Without the double-round-robin format, the round robin's variant is listed."""
    document = _document(
        cli, "6", "--nights", "8", "--tc", "G/30", "--format", "swiss", "--format", "round-robin"
    )
    labels = [(r["format"], r["variant"], r["rounds"]) for r in document["rows"]]
    # 6 players: round robin 5 rounds, double 10; Swiss recommended min(3 + 1, 3) = 3
    assert labels == [
        ("round-robin", "double round robin", 10),
        ("round-robin", "", 5),
        ("swiss", "", 3),
    ]
    for row in document["rows"]:
        _check_row(row, 6, 180)
    run = cli("plan", "6", "--nights", "8", "--format", "nope")
    assert run.code == 1
    assert run.err.startswith("caddy: error: unknown format 'nope' (known: ")
    assert run.err.count("\n") == 1


def test_nights_and_days_together_is_a_usage_error(cli: Callable[..., Run]) -> None:
    run = cli("plan", "14", "--nights", "8", "--days", "2")
    assert run.code == 2
    assert "not allowed with argument --nights" in run.err


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=40),
    nights=st.integers(min_value=1, max_value=12),
    night_minutes=st.sampled_from([90, 120, 150, 180, 240]),
    turnover=st.integers(min_value=0, max_value=30),
)
def test_every_row_fits_and_is_the_calculators(
    players: int, nights: int, night_minutes: int, turnover: int
) -> None:
    budget = Budget(sessions=nights, session_minutes=night_minutes, turnover_minutes=turnover)
    result = plan(players, budget, include_all=True)
    for row in result.rows:
        fmt = get_host().formats().get(row.format)
        calc = calculate(
            players,
            format=fmt,
            options=structure(row.options, fmt.Options),
            time_control=row.time_control,
            turnover_minutes=turnover,
            night_minutes=night_minutes,
        )
        assert (row.rounds, row.sessions_used, row.total_minutes) == (
            calc.rounds,
            calc.club_nights,
            calc.total_minutes,
        )
        assert calc.round_fits_night and calc.club_nights is not None
        assert calc.club_nights <= nights
    for row in result.not_fitting:
        if row.time_control is not None:
            assert row.sessions_used is not None and row.rounds is not None
            assert row.rounds_per_session == 0 or row.sessions_used > nights
    # nothing is lost: every option set and control is in one list or the other
    with_control = [r for r in (*result.rows, *result.not_fitting) if r.time_control]
    assert len(with_control) % len(STANDARD_TIME_CONTROLS) == 0
