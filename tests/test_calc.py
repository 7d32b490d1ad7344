"""The round and time calculator against docs/calculator.md, "Reference figures" (exact)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.model.numbers import format_hours
from caddy.schedule.calculator import calculate, quarter_hours
from caddy_plugins.formats.round_robin import field_advice
from tests.conftest import Run

# docs/calculator.md, "Reference figures", arithmetic: players, rounds, games, boards, double rounds, double games
SPEC_ARITHMETIC = [
    (4, 3, 6, 2, 6, 12),
    (6, 5, 15, 3, 10, 30),
    (8, 7, 28, 4, 14, 56),
    (10, 9, 45, 5, 18, 90),
    (12, 11, 66, 6, 22, 132),
    (14, 13, 91, 7, 26, 182),
    (16, 15, 120, 8, 30, 240),
]

# docs/calculator.md, "Reference figures", time: players, rounds, hours at G/10+5, G/25 d5, G/60 d5, club nights at G/25 d5
SPEC_TIME = [
    (4, 3, "2¼ h", "3¾ h", "7¼ h", 2),
    (6, 5, "3¾ h", "6¼ h", "12 h", 3),
    (8, 7, "5¼ h", "8¾ h", "17 h", 4),
    (10, 9, "6¾ h", "11¼ h", "21¾ h", 5),
    (12, 11, "8¼ h", "13¾ h", "26½ h", 6),
    (16, 15, "11¼ h", "18¾ h", "36¼ h", 8),
]


@pytest.mark.parametrize(("n", "rounds", "games", "boards", "d_rounds", "d_games"), SPEC_ARITHMETIC)
def test_spec_arithmetic_api(
    n: int, rounds: int, games: int, boards: int, d_rounds: int, d_games: int
) -> None:
    """docs/calculator.md's arithmetic figures through the API."""
    single = calculate(n)
    assert (single.rounds, single.games, single.boards, single.games_per_player) == (
        rounds,
        games,
        boards,
        n - 1,
    )
    double = calculate(n, format="double-round-robin")
    assert (double.rounds, double.games) == (d_rounds, d_games)
    assert single.variants["double round robin"].rounds == d_rounds
    assert single.variants["double round robin"].games == d_games


@pytest.mark.parametrize(("n", "rounds", "games", "boards", "d_rounds", "d_games"), SPEC_ARITHMETIC)
def test_spec_arithmetic_cli_json(
    cli: Callable[..., Run],
    n: int,
    rounds: int,
    games: int,
    boards: int,
    d_rounds: int,
    d_games: int,
) -> None:
    """docs/calculator.md's arithmetic figures through `caddy calc --json` (single and --double)."""
    for flags, expected in (((), (rounds, games)), (("--double",), (d_rounds, d_games))):
        run = cli("calc", str(n), "--json", *flags)
        assert run.code == 0, run.err
        result = json.loads(run.out)["results"][0]
        assert (result["rounds"], result["games"], result["boards"]) == (*expected, boards)


@pytest.mark.parametrize(("n", "rounds", "h_rapid", "h_g25", "h_g60", "nights"), SPEC_TIME)
def test_spec_time_api(
    n: int, rounds: int, h_rapid: str, h_g25: str, h_g60: str, nights: int
) -> None:
    """docs/calculator.md's time figures through the API (hours to the quarter, club nights)."""
    for tc, hours in (("G/10+5", h_rapid), ("G/25 d5", h_g25), ("G/60 d5", h_g60)):
        result = calculate(n, time_control=tc)
        assert result.rounds == rounds
        assert result.total_hours is not None
        assert format_hours(result.total_hours) == hours, tc
    assert calculate(n, time_control="G/25 d5").club_nights == nights


def test_spec_time_table_cli(cli: Callable[..., Run]) -> None:
    """`caddy calc 4 6 8 10 12 16 --tc G/10+5 --tc "G/25 d5" --tc "G/60 d5"` prints docs/calculator.md's time table."""
    run = cli(
        "calc",
        "4",
        "6",
        "8",
        "10",
        "12",
        "16",
        "--tc",
        "G/10+5",
        "--tc",
        "G/25 d5",
        "--tc",
        "G/60 d5",
    )
    assert run.code == 0, run.err
    assert run.err == ""
    rows = {}
    for line in run.out.splitlines():
        cells = line.split()
        if cells and cells[0].isdigit() and len(cells) >= 15:
            rows[int(cells[0])] = cells
    assert sorted(rows) == [4, 6, 8, 10, 12, 16]
    for n, rounds, h_rapid, h_g25, h_g60, nights in SPEC_TIME:
        cells = rows[n]
        assert int(cells[1]) == rounds
        hours = [cells[i] + " h" for i in (6, 9, 12)]
        assert hours == [h_rapid, h_g25, h_g60]
        assert int(cells[11]) == nights  # nights column for G/25 d5


def test_calc_12_summary(cli: Callable[..., Run]) -> None:
    """The organiser's first question: `caddy calc 12 --tc G/25d5` (docs/calculator.md)."""
    run = cli("calc", "12", "--tc", "G/25d5")
    assert run.code == 0
    assert run.err == ""
    out = run.out
    assert "G/25d5 read as: 25 min + 5 s delay" in out
    assert "11 rounds, 66 games, 6 boards" in out
    assert "double round robin: 22 rounds, 132 games" in out
    assert "30 min per player, 60 min worst-case game, 75 min per round" in out
    assert "13¾ h in all" in out
    assert "6 club nights of 3 h at 2 rounds a night" in out
    assert "Advice: 12 players: the ceiling for a round robin" in out


def test_calc_without_tc_prints_no_time(cli: Callable[..., Run]) -> None:
    run = cli("calc", "12")
    assert run.code == 0
    assert "11 rounds, 66 games, 6 boards" in run.out
    assert "double round robin: 22 rounds, 132 games" in run.out
    assert "Advice:" in run.out
    for word in ("min", " h ", "club nights"):
        assert word not in run.out


JSON_KEYS = {
    "players",
    "format",
    "rounds",
    "games",
    "boards",
    "games_per_player",
    "time_control",
    "minutes_per_player",
    "worst_case_game_minutes",
    "round_minutes",
    "total_minutes",
    "total_hours",
    "rounds_per_night",
    "club_nights",
    "advice",
}


def test_calc_json_document(cli: Callable[..., Run]) -> None:
    run = cli("calc", "12", "8", "--tc", "G/25d5", "--tc", "90+30", "--json")
    assert run.code == 0, run.err
    document = json.loads(run.out)
    assert document["schema"] == "caddy.calc" and document["version"] == 1
    results = document["results"]
    assert len(results) == 4
    assert all(set(r) >= JSON_KEYS for r in results)
    first = results[0]
    assert first["players"] == 12 and first["format"] == "round-robin"
    assert first["time_control"] == "G/25 d5"
    assert (
        first["minutes_per_player"],
        first["worst_case_game_minutes"],
        first["round_minutes"],
    ) == (30, 60, 75)
    assert (first["total_minutes"], first["total_hours"]) == (825, 13.75)
    assert (first["rounds_per_night"], first["club_nights"]) == (2, 6)
    assert results[1]["time_control"] == "G/90+30"
    assert results[1]["minutes_per_player"] == 120


def test_round_longer_than_night() -> None:
    """A round that does not fit a night: 0 rounds a night, one night per round."""
    result = calculate(8, time_control="40/120, SD/60+30", night_minutes=180)
    assert result.round_minutes == 2 * 210 + 15
    assert result.rounds_per_night == 0
    assert result.club_nights == 7
    assert result.round_fits_night is False


def test_round_longer_than_night_cli(cli: Callable[..., Run]) -> None:
    run = cli("calc", "8", "--tc", "90+30", "--night", "3h")
    assert run.code == 0
    assert "does not fit in one 3 h night" in run.out
    assert "7 club nights" in run.out


def test_turnover_and_night_options(cli: Callable[..., Run]) -> None:
    run = cli("calc", "6", "--tc", "G/25d5", "--turnover", "0", "--night", "180m", "--json")
    result = json.loads(run.out)["results"][0]
    assert (
        result["round_minutes"] == 60
        and result["rounds_per_night"] == 3
        and result["club_nights"] == 2
    )


@given(st.integers(min_value=0, max_value=10**7))
def test_quarter_rounding(seconds: int) -> None:
    """Nearest quarter hour, a half quarter rounding up."""
    hours = quarter_hours(seconds)
    assert abs(hours * 3600 - seconds) <= 450
    if (seconds % 900) == 450:
        assert hours * 3600 == seconds + 450


@given(st.integers(min_value=2, max_value=300), st.sampled_from([1, 2]))
def test_arithmetic_properties(n: int, cycles: int) -> None:
    """docs/calculator.md's formulas (FIDE C.05 Annex 1 round counts) for every field size 2..300."""
    from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions

    a = RoundRobin().arithmetic(n, RoundRobinOptions(cycles=cycles))
    assert a.games == n * (n - 1) // 2 * cycles
    assert a.rounds == (n - 1 if n % 2 == 0 else n) * cycles
    assert a.boards == n // 2
    assert a.games_per_player == (n - 1) * cycles
    assert a.byes_per_round == n % 2
    assert a.games == a.rounds * a.boards  # every board is used every round
    assert 2 * a.games == n * a.games_per_player


@pytest.mark.parametrize("n", range(2, 301))
def test_every_field_size_through_the_cli(n: int) -> None:
    """The same arithmetic, exactly, for N = 2..300 through calculate()."""
    result = calculate(n, time_control="G/25 d5")
    rounds = n - 1 if n % 2 == 0 else n
    assert result.rounds == rounds
    assert result.total_minutes == rounds * 75
    assert result.club_nights == math.ceil(rounds / 2)


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (2, "without question"),
        (6, "without question"),
        (7, "calendar"),
        (10, "9 rounds"),
        (11, "ceiling"),
        (12, "ceiling"),
        (13, "Swiss (at least 4 rounds; --format swiss plans 5)"),
        (40, "quads"),
    ],
)
def test_field_advice(n: int, words: str) -> None:
    """docs/calculator.md's advice by field size."""
    assert words in field_advice(n)


@pytest.mark.parametrize(
    ("args", "code", "needle"),
    [
        (("calc", "12", "--tc", "G/25x5"), 1, "x5"),
        (("calc", "0", "--tc", "G/25d5"), 1, "at least 2 players"),
        (("calc", "1"), 1, "at least 2 players"),
        (("calc", "12", "--format", "swiss-galaxy"), 1, "unknown format 'swiss-galaxy'"),
        (("calc", "12", "--option", "cycles=3"), 1, "cycles"),
        (("calc", "12", "--option", "colour=blue"), 1, "unknown option 'colour'"),
        (("calc", "12", "--option", "nonsense"), 1, "KEY=VALUE"),
        (("calc", "12", "--night", "three hours"), 1, "night length"),
        (("calc", "12", "--turnover", "-5"), 1, "turnover"),
        (("calc", "abc"), 2, "invalid int value"),
        (("calc",), 2, "required"),
        (("calc", "12", "--tc"), 2, "expected one argument"),
    ],
)
def test_bad_input_exit_codes(
    cli: Callable[..., Run], args: tuple[str, ...], code: int, needle: str
) -> None:
    run = cli(*args)
    assert run.code == code
    assert needle in run.err
    assert "Traceback" not in run.err
    if code == 1:
        assert run.err.count("\n") == 1, run.err
        assert run.out == ""


def test_bad_input_subprocess(caddy_proc: Callable[..., Run], cli: Callable[..., Run]) -> None:
    """The acceptance examples; two through the real console script (exit 1 and 2)."""
    run = caddy_proc("calc", "12", "--tc", "G/25x5")
    assert (run.code, run.out) == (1, "")
    assert run.err == (
        "caddy: error: cannot read time control 'G/25x5': unknown bonus 'x5' "
        "(expected d<seconds> or +<seconds>)\n"
    )
    usage = caddy_proc("calc", "abc")
    assert usage.code == 2 and "Traceback" not in usage.err
    assert usage.err.startswith("usage: caddy calc")
    assert cli("calc", "0", "--tc", "G/25d5").code == 1
    assert cli("calc", "12", "--format", "nope").code == 1
