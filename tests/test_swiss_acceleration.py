"""Accelerated pairings, the Baku method (docs/swiss.md, "Accelerated pairings").

Sources:
- FIDE Handbook C.04.7 (Accelerated pairings, the Baku Acceleration Method;
  rules applied from 1 February 2026; C.04.5.1 in the handbooks before 2026):
  group A is the first half of the players rounded up to an even number,
  ``2 * ceil(N / 4)`` ("if there are 161 players ... is 82"); the accelerated
  rounds are the first half (rounded up) of the event, group A getting one
  virtual point (a win) in the first half (rounded up) of them and half a
  point in the others ("In a nine-round tournament, the accelerated rounds are
  five ... one virtual point in the first three rounds, and half virtual point
  in the" next two); virtual points build the score brackets, never the
  standings.
- FIDE Handbook C.04.3 (the Dutch system) for the pairings within brackets.
- TRF26 (FIDE Handbook C.04 Annex 2): record 250, virtual points (columns
  10-13), first and last round (15-17, 19-21), first and last player (23-26,
  28-31); JaVaFo's ``XXA NNNN pp.p ...``. bbpPairings, a FIDE-endorsed engine,
  pairs round 1 of the ten-player example below as asserted when given the
  text's records 250.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.event.store import load
from caddy_plugins.codecs.trf.dutch_input import pair_trf
from caddy_plugins.engines.dutch.acceleration import (
    VirtualPoints,
    accelerated_rounds,
    baku,
    baku_group,
    parse_acceleration,
    virtual_points,
)
from tests.conftest import Run

HALF = Fraction(1, 2)


@pytest.mark.parametrize(
    ("players", "last_of_group_a"),
    [(20, 10), (21, 12), (22, 12), (23, 12), (24, 12), (10, 6), (161, 82)],
)
def test_group_a(players: int, last_of_group_a: int) -> None:
    """C.04.7: the first half rounded up to an even number (161 → 82, the
    text's example; 20 → 10, 21 → 10.5 → 12)."""
    assert baku_group(players) == last_of_group_a


@given(st.integers(min_value=1, max_value=5000))
def test_group_a_is_the_first_half_rounded_up_to_even(players: int) -> None:
    group = baku_group(players)
    assert group % 2 == 0 and players / 2 <= group < players / 2 + 2


@pytest.mark.parametrize(
    ("rounds", "full", "half"), [(9, 3, 2), (7, 2, 2), (11, 3, 3), (5, 2, 1), (4, 1, 1), (1, 1, 0)]
)
def test_accelerated_rounds(rounds: int, full: int, half: int) -> None:
    """C.04.7: the first ceil(R/2) rounds; one virtual point in the first
    half (rounded up) of them, ½ in the rest (9 rounds: 1-3 and 4-5)."""
    assert accelerated_rounds(rounds) == (full, half)


def test_baku_records_for_20_and_21_players_in_9_rounds() -> None:
    assert baku(20, 9) == (
        VirtualPoints(Fraction(1), 1, 3, 1, 10),
        VirtualPoints(HALF, 4, 5, 1, 10),
    )
    assert baku(21, 9) == (
        VirtualPoints(Fraction(1), 1, 3, 1, 12),
        VirtualPoints(HALF, 4, 5, 1, 12),
    )
    table = virtual_points(baku(21, 9), 9, range(1, 22))
    assert [table.get((12, r), 0) for r in range(1, 10)] == [1, 1, 1, HALF, HALF, 0, 0, 0, 0]
    assert all(table.get((13, r), 0) == 0 for r in range(1, 10))  # group B: never


def test_explicit_records_option() -> None:
    assert parse_acceleration("1@1-2:1-6; 0.5@3-4:1-6") == (
        VirtualPoints(Fraction(1), 1, 2, 1, 6),
        VirtualPoints(HALF, 3, 4, 1, 6),
    )
    assert parse_acceleration("baku") is None
    with pytest.raises(ValueError, match="POINTS@R1-R2:P1-P2"):
        parse_acceleration("1@1:1-6")


def _players(tmp_path: Path, count: int) -> Path:
    path = tmp_path / "players.csv"
    path.write_text(
        "name,rating\n" + "".join(f"P{k},{2500 - 50 * k}\n" for k in range(1, count + 1))
    )
    return path


def _new(cli: Callable[..., Run], tmp_path: Path, name: str, count: int, *options: str) -> str:
    event = str(tmp_path / f"{name}.json")
    args = ["new", event, "--format", "swiss", "--players", str(_players(tmp_path, count))]
    for option in ("initial_colour=white", *options):
        args += ["--option", option]
    run = cli(*args)
    assert run.code == 0, run.err
    return event


def _pair(cli: Callable[..., Run], event: str) -> list[tuple[int, int]]:
    run = cli("pair", event, "--json")
    assert (run.code, run.err) == (0, ""), run
    return [(p["white"], p["black"]) for p in json.loads(run.out)["pairs"]]


def _higher_wins(
    cli: Callable[..., Run], event: str, round: int, pairs: list[tuple[int, int]]
) -> None:
    for board, (white, black) in enumerate(pairs, 1):
        run = cli("result", event, str(round), str(board), "1-0" if white < black else "0-1")
        assert run.code == 0, run.err


def test_ten_players_seven_rounds_round_one(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Group A = 2·ceil(10/4) = 6 players with one virtual point: the brackets
    {1..6} and {7..10} are paired apart (C.04.3 S1 against S2 in each)."""
    event = _new(cli, tmp_path, "ten", 10, "rounds=7", "acceleration=baku")
    assert _pair(cli, event) == [(1, 4), (5, 2), (3, 6), (7, 9), (10, 8)]


def test_acceleration_changes_round_two(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Eight players, four rounds, the higher-rated player winning every game.

    Accelerated (C.04.7): group A = players 1-4, accelerated rounds 1-2, one
    virtual point in round 1, ½ in round 2. Round 1 pairs {1..4} and {5..8}
    apart: 1-3, 4-2, 5-7, 8-6. Before round 2 the pairing scores are 1½ (1, 2:
    1 point + ½), 1 (5, 6), ½ (3, 4: 0 + ½), 0 (7, 8): four brackets of two,
    so the two winners of group A meet already: 2-1 (1 had White), then by
    real scores 6-5, 3-4, 7-8 (C.04.2 3.6 board order on real scores).

    Not accelerated: round 1 is 1-5, 6-2, 3-7, 8-4; round 2 pairs the four
    winners {1, 2, 3, 4} as S1 {1, 2} against S2 {3, 4}: 4-1, 2-3, then 5-8,
    7-6 (colours by C.04.3 Article 5)."""
    accelerated = _new(cli, tmp_path, "baku", 8, "rounds=4", "acceleration=baku")
    plain = _new(cli, tmp_path, "plain", 8, "rounds=4")
    first = _pair(cli, accelerated)
    assert first == [(1, 3), (4, 2), (5, 7), (8, 6)]
    _higher_wins(cli, accelerated, 1, first)
    assert _pair(cli, accelerated) == [(2, 1), (6, 5), (3, 4), (7, 8)]
    first = _pair(cli, plain)
    assert first == [(1, 5), (6, 2), (3, 7), (8, 4)]
    _higher_wins(cli, plain, 1, first)
    assert _pair(cli, plain) == [(4, 1), (2, 3), (5, 8), (7, 6)]


def test_explain_names_the_virtual_points(cli: Callable[..., Run], tmp_path: Path) -> None:
    event = _new(cli, tmp_path, "baku", 8, "rounds=4", "acceleration=baku")
    run = cli("pair", event, "--explain")
    assert run.code == 0
    assert (
        "  virtual points (accelerated pairings, C.04.7): 1 for 1 2 3 4 "
        "(pairing scores only, never the standings)"
    ) in run.out.splitlines()
    assert "  Bracket 1: residents 1 2 3 4" in run.out.splitlines()


def test_standings_never_see_virtual_points(cli: Callable[..., Run], tmp_path: Path) -> None:
    event = _new(cli, tmp_path, "baku", 8, "rounds=4", "acceleration=baku")
    _higher_wins(cli, event, 1, _pair(cli, event))
    run = cli("standings", event)
    points = {
        int(words[1]): float(words[3])
        # the table's rows: the lines up to the notes (a blank line, then the notes)
        for words in (line.split() for line in run.out.split("\n\n")[0].splitlines()[2:])
    }
    assert points == {1: 1, 2: 1, 5: 1, 6: 1, 3: 0, 4: 0, 7: 0, 8: 0}


def test_trf26_round_trip(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Exported ``--trf26``: the Baku method as explicit records 250 (group A,
    rounds 1 and 2); imported again: ``acceleration=baku``; ``caddy pair`` on
    the file pairs round 2 as the event does."""
    event = _new(cli, tmp_path, "baku", 8, "rounds=4", "acceleration=baku")
    _higher_wins(cli, event, 1, _pair(cli, event))
    trf = tmp_path / "baku.trf"
    assert cli("export", event, "--trf26", "-o", str(trf)).code == 0
    lines = trf.read_text().splitlines()
    assert [line for line in lines if line.startswith("250")] == [
        "250       1.0   1   1    1    4",
        "250       0.5   2   2    1    4",
    ]
    again = tmp_path / "again.json"
    assert cli("import", str(trf), "-o", str(again)).code == 0
    assert load(again).tournament.format.options.acceleration == "baku"
    from_file = _pair(cli, str(trf))
    assert from_file == _pair(cli, event) == [(2, 1), (6, 5), (3, 4), (7, 8)]
    assert _pair(cli, str(again)) == from_file


def test_trf16_writes_xxa(cli: Callable[..., Run], tmp_path: Path) -> None:
    event = _new(cli, tmp_path, "baku", 8, "rounds=4", "acceleration=baku")
    trf = tmp_path / "baku.trf"
    assert cli("export", event, "-o", str(trf)).code == 0
    assert [line for line in trf.read_text().splitlines() if line.startswith("XXA")] == [
        f"XXA {k:4d}  1.0  0.5" for k in range(1, 5)
    ]
    again = tmp_path / "again.json"
    assert cli("import", str(trf), "-o", str(again)).code == 0
    assert load(again).tournament.format.options.acceleration == "baku"


TEN = "".join(f"001 {k:4d}      P{k:<33d}{2500 - 50 * k:4d}\n" for k in range(1, 11))


@pytest.mark.parametrize(
    "records",
    [
        "250       1.0   1   2    1    6\n250       0.5   3   4    1    6\n",
        "".join(f"XXA {k:4d}  1.0  1.0  0.5  0.5\n" for k in range(1, 7)),
        "192 FIDE_DUTCH_BAKU\n",
    ],
    ids=["250", "XXA", "192"],
)
def test_pair_trf_reads_the_acceleration(
    records: str, cli: Callable[..., Run], tmp_path: Path
) -> None:
    """The ten-player example from a file: records 250, ``XXA``, or only a
    192 naming the Baku method (group A by the text: 6 players)."""
    trf = tmp_path / "ten.trf"
    trf.write_text("012 Ten\nXXR 7\nXXC white1\n" + records + TEN)
    assert _pair(cli, str(trf)) == [(1, 4), (5, 2), (3, 6), (7, 9), (10, 8)]
    # the engine's request from the file (caddy_plugins.codecs.trf.dutch_input.pair_trf) too
    assert pair_trf(trf).pairs == ((1, 4), (5, 2), (3, 6), (7, 9), (10, 8))


def test_bad_option_is_one_line(cli: Callable[..., Run], tmp_path: Path) -> None:
    run = cli(
        "new",
        str(tmp_path / "e.json"),
        "--format",
        "swiss",
        "--option",
        "acceleration=fast",
        "--players",
        str(_players(tmp_path, 8)),
    )
    assert run.code == 1
    assert run.err == (
        "caddy: error: invalid option acceleration=fast: 'fast' is not POINTS@R1-R2:P1-P2 "
        "(expected none, baku, or such records separated by ';')\n"
    )


def test_a_bad_record_250_is_one_line(cli: Callable[..., Run], tmp_path: Path) -> None:
    trf = tmp_path / "bad.trf"
    trf.write_text("012 Ten\nXXR 7\nXXC white1\n250 1.0 1\n" + TEN)
    run = cli("pair", str(trf))
    assert (run.code, run.err) == (
        1,
        f"caddy: error: {trf}: record 250 '1.0 1' is not "
        "'POINTS FIRST-ROUND LAST-ROUND FIRST-PLAYER LAST-PLAYER'\n",
    )


def test_a_late_entrant_is_in_group_b(cli: Callable[..., Run], tmp_path: Path) -> None:
    """C.04.7: the last player of group A stays the same when players enter
    late; the entrant (number 9, rated above most) gets no virtual points."""
    event = _new(cli, tmp_path, "late", 8, "rounds=4", "acceleration=baku")
    _higher_wins(cli, event, 1, _pair(cli, event))
    assert cli("add", event, "Ivy", "--rating", "2400").code == 0
    run = cli("pair", event, "--explain")
    assert run.code == 0
    assert (
        "  virtual points (accelerated pairings, C.04.7): 0.5 for 1 2 3 4 "
        "(pairing scores only, never the standings)"
    ) in run.out.splitlines()


def test_baku_needs_a_win_worth_two_draws(cli: Callable[..., Run], tmp_path: Path) -> None:
    """C.04.7: the method is for the usual scoring (a win worth two draws);
    other point systems give the virtual points as records."""
    args = ["new", str(tmp_path / "e.json"), "--format", "swiss"]
    args += ["--players", str(_players(tmp_path, 8))]
    run = cli(*args, "--option", "win=3", "--option", "draw=1", "--option", "acceleration=baku")
    assert run.code == 1
    assert run.err.endswith(
        "the Baku method (FIDE Handbook C.04.7) is for events where a win is worth two draws "
        "(here win=3, draw=1); give the virtual points as records instead\n"
    )
    run = cli(
        *args, "--option", "win=3", "--option", "draw=1", "--option", "acceleration=3@1-2:1-4"
    )
    assert run.code == 0, run.err
