"""Time-control notations (docs/time-controls.md; the reading rules of issue 2)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from caddy.errors import TimeControlError
from caddy.model.timecontrol import BonusKind, Period, TimeControl
from caddy.plugins.lookup import parse_time_control
from tests.conftest import Run

INC, DELAY = BonusKind.INCREMENT, BonusKind.DELAY


def single(
    minutes: int, bonus: int = 0, kind: BonusKind | None = None, seconds: int | None = None
) -> TimeControl:
    return TimeControl(
        periods=(
            Period(
                seconds=seconds or minutes * 60,
                bonus_seconds=bonus,
                bonus_kind=kind if bonus else None,
            ),
        )
    )


def two(moves: int, m1: int, m2: int, b1: int, b2: int, kind: BonusKind = INC) -> TimeControl:
    return TimeControl(
        periods=(
            Period(moves=moves, seconds=m1 * 60, bonus_seconds=b1, bonus_kind=kind if b1 else None),
            Period(seconds=m2 * 60, bonus_seconds=b2, bonus_kind=kind if b2 else None),
        )
    )


# (text, expected object, canonical text, minutes per player (US Chess rule 5C; docs/calculator.md))
EXAMPLES = [
    # US Chess (docs/time-controls.md)
    ("G/25 d5", single(25, 5, DELAY), "G/25 d5", 30),
    ("G/25d5", single(25, 5, DELAY), "G/25 d5", 30),
    ("G/25;d5", single(25, 5, DELAY), "G/25 d5", 30),
    ("g/25 D5", single(25, 5, DELAY), "G/25 d5", 30),
    ("G/60;+30", single(60, 30, INC), "G/60+30", 90),
    ("G/10+5", single(10, 5, INC), "G/10+5", 15),
    ("G/3;inc2", single(3, 2, INC), "G/3+2", 5),
    ("G/60 d/5", single(60, 5, DELAY), "G/60 d5", 65),
    ("G/60 td5", single(60, 5, DELAY), "G/60 d5", 65),
    ("40/90, SD/30 d5", two(40, 90, 30, 5, 5, DELAY), "40/90, SD/30 d5", 125),
    ("40/90, SD/30;+30", two(40, 90, 30, 30, 30), "40/90, SD/30+30", 150),
    ("40/120 SD/60;+30", two(40, 120, 60, 30, 30), "40/120, SD/60+30", 210),
    ("40/120 d5, SD/60 d5", two(40, 120, 60, 5, 5, DELAY), "40/120, SD/60 d5", 185),
    ("G/1", single(1), "G/1", 1),
    ("G/2", single(2), "G/2", 2),
    # FIDE shorthand (docs/time-controls.md)
    ("90+30", single(90, 30, INC), "G/90+30", 120),
    ("90'+30\"", single(90, 30, INC), "G/90+30", 120),
    ("90' + 30\"", single(90, 30, INC), "G/90+30", 120),
    ("40/90+30/30+30", two(40, 90, 30, 30, 30), "40/90, SD/30+30", 150),
    ("40/90/30+30", two(40, 90, 30, 30, 30), "40/90, SD/30+30", 150),
    ("5400s+30", single(90, 30, INC), "G/90+30", 120),
    ("15+10", single(15, 10, INC), "G/15+10", 25),
    ("150", single(150), "G/150", 150),
    # PGN TimeControl (PGN standard 9.6.1) / TRF26 record 222, seconds
    ("5400+30", single(90, 30, INC), "G/90+30", 120),
    ("300", single(5), "G/5", 5),
    ("180+2", single(3, 2, INC), "G/3+2", 5),
    ("40/5400+30:1800+30", two(40, 90, 30, 30, 30), "40/90, SD/30+30", 150),
    ("40/6000+30:900+30", two(40, 100, 15, 30, 30), "40/100, SD/15+30", 145),
    ("40/5400:1800+30", two(40, 90, 30, 0, 30), "40/90+0, SD/30+30", 120),
]


@pytest.mark.parametrize(("text", "expected", "canonical", "minutes"), EXAMPLES)
def test_examples(text: str, expected: TimeControl, canonical: str, minutes: int) -> None:
    tc = parse_time_control(text)
    assert tc == expected
    assert str(tc) == canonical
    assert parse_time_control(canonical) == tc
    assert tc.minutes_per_player == minutes


def test_bare_value_rule() -> None:
    """A bare time is minutes up to 150 and seconds above (issue 2 reading rules)."""
    assert parse_time_control("40/90").periods[0].seconds == 90 * 60
    assert parse_time_control("40/9000").periods[0].seconds == 9000
    assert parse_time_control("150+0").periods[0].seconds == 150 * 60
    assert parse_time_control("151").periods[0].seconds == 151


def test_repeating_period_counts_to_move_60() -> None:
    """`40/90` repeats (PGN: the last field repeats): moves 41-60 are in a second 90 minutes."""
    assert parse_time_control("40/90").minutes_per_player == 180
    assert parse_time_control("40/120, 20/60, SD/30 d5").minutes_per_player == 185


def test_increment_only_from_later_period_counts_zero() -> None:
    """Only the bonus in force from move 1 counts (US Chess 5C)."""
    tc = parse_time_control("40/120+0, SD/30+30")
    assert tc.minutes_per_player == 150


def test_describe() -> None:
    assert parse_time_control("G/25d5").describe() == "25 min + 5 s delay"
    assert parse_time_control("40/90+30/30+30").describe() == (
        "40 moves in 90 min, then 30 min for the rest of the game + 30 s increment from move 1"
    )


@pytest.mark.parametrize(
    ("text", "us", "fide"),
    [
        ("G/25;d5", "dual (regular and quick)", "rapid"),
        ("G/45;+30", "regular", "standard (if both players are rated under 1800)"),
        ("G/60;+30", "regular", "standard (if both players are rated under 2400)"),
        ("G/25;d4", "quick", "rapid"),
        ("G/5;d5", "blitz", "blitz"),
        ("G/10+5", "quick", "rapid"),
        ("90+30", "regular", "standard"),
        ("G/3+2", "blitz", "blitz"),
    ],
)
def test_categories(text: str, us: str, fide: str) -> None:
    """US Chess rule 5C categories (US Chess "Just Rules" quiz examples) and FIDE's by the 60-move total."""
    tc = parse_time_control(text)
    assert tc.us_chess_category == us
    assert tc.fide_category == fide


bonus_kinds = st.sampled_from([None, INC, DELAY])


@st.composite
def periods(draw: st.DrawFn) -> TimeControl:
    count = draw(st.integers(min_value=1, max_value=4))
    result = []
    for index in range(count):
        last = index == count - 1
        moves = draw(st.none() | st.integers(1, 60)) if last else draw(st.integers(1, 60))
        seconds = draw(st.integers(1, 6 * 3600))
        kind = draw(bonus_kinds)
        bonus = 0 if kind is None else draw(st.integers(1, 120))
        result.append(Period(moves=moves, seconds=seconds, bonus_seconds=bonus, bonus_kind=kind))
    return TimeControl(periods=tuple(result))


@given(periods())
@example(
    TimeControl(periods=(Period(moves=1, seconds=180 * 60, bonus_seconds=0, bonus_kind=None),))
)
@example(TimeControl(periods=(Period(moves=1, seconds=9001, bonus_seconds=0, bonus_kind=None),)))
def test_canonical_text_round_trip(tc: TimeControl) -> None:
    """str(tc) parses back to an equal object, for any time control."""
    assert parse_time_control(str(tc)) == tc


@given(periods())
def test_minutes_per_player_definition(tc: TimeControl) -> None:
    """Base time of the periods reached by move 60 plus the move-1 bonus as minutes."""
    expected, move, index = 0, 1, 0
    while move <= 60:
        period = tc.periods[min(index, len(tc.periods) - 1)]
        expected += period.seconds
        if period.moves is None:
            break
        move += period.moves
        index += 1
    assert tc.nominal_seconds == expected + 60 * tc.periods[0].bonus_seconds


# At least 30 unreadable notations: each gives exit 1, one line on stderr, no traceback.
BAD = [
    ("G/25x5", "unknown bonus 'x5'"),
    ("G/25 x5", "unknown bonus 'x5'"),
    ("G/25;q5", "unknown bonus 'q5'"),
    ("G/", "cannot read"),
    ("G/abc", "cannot read"),
    ("G/0", "must be positive"),
    ("G/25 d5 d5", "two bonuses"),
    ("0/90, SD/30", "0 moves"),
    ("40/90, SD/30, SD/10", "rest of the game"),
    ("SD/30, 40/90", "rest of the game"),
    ("40/90 d5, SD/30;+30", "more than one bonus"),
    ("d5", "not a notation"),
    ("+30", "not a notation"),
    ("blitz", "not a notation"),
    ("", "empty"),
    ("   ", "empty"),
    ("90x30", "cannot read"),
    ("90+", "increment"),
    ("90+x", "increment"),
    ("90++30", "increment"),
    ("90'+30'+30", "cannot read"),
    ("40/90+30/30+30/15", "at most two periods"),
    ("0+5", "must be positive"),
    ("2.5s", "not a whole number of seconds"),
    ("?", "unknown"),
    ("-", "no time control"),
    ("*180", "sandclock"),
    ("W300-B240", "Armageddon"),
    ("40/5400+30:", "cannot read field"),
    ("5400:1800", "no move count"),
    ("0/5400:1800", "0 moves"),
    ("40/5400:abc", "cannot read"),
    ("G/100000", "longer than 24 hours"),
    ("90 minutes", "cannot read"),
]


@pytest.mark.parametrize(("text", "needle"), BAD)
def test_bad_notation_api(text: str, needle: str) -> None:
    with pytest.raises(TimeControlError) as info:
        parse_time_control(text)
    message = str(info.value)
    assert needle in message
    assert f"'{text}'" in message
    assert "\n" not in message


def test_whole_bad_corpus_in_one_command(cli: Callable[..., Run]) -> None:
    """All of BAD (at least 30 notations) in one `caddy calc`: one line for each, in order."""
    assert len(BAD) >= 30
    run = cli("calc", "12", *(arg for text, _ in BAD for arg in ("--tc", text)))
    assert (run.code, run.out) == (1, "")
    lines = run.err.splitlines()
    assert len(lines) == len(BAD), run.err
    for line, (text, needle) in zip(lines, BAD, strict=True):
        assert line.startswith(f"caddy: error: cannot read time control '{text}': ")
        assert needle in line


@pytest.mark.parametrize(("text", "needle"), BAD)
def test_bad_notation_cli(cli: Callable[..., Run], text: str, needle: str) -> None:
    """Exit 1, exactly one stderr line, no traceback (the console script itself:
    tests/test_calc.py::test_bad_input_subprocess)."""
    run = cli("calc", "12", "--tc", text)
    assert run.code == 1
    assert run.out == ""
    lines = run.err.splitlines()
    assert len(lines) == 1, run.err
    assert lines[0].startswith("caddy: error: cannot read time control")
    assert needle in lines[0]
    assert "Traceback" not in run.err


def test_several_bad_notations_one_line_each(cli: Callable[..., Run]) -> None:
    run = cli("calc", "12", "--tc", "G/25x5", "--tc", "G/10+5", "--tc", "blitz")
    assert run.code == 1
    assert len(run.err.splitlines()) == 2
