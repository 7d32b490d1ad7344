"""Forbidden pairs: players who must not meet (docs/swiss.md, "Forbidden pairs").

Sources:
- FIDE Handbook C.04.3 (the Dutch system): C1, no two players meet twice
  (C.04.1 rule 2), is an absolute criterion; pairs the event's rules keep
  apart (players of one family, one club in a qualifier) are honoured the
  same way. Round 1 pairs S1 = {1..4} against S2 = {5..8}; when 1-5 is not
  allowed, the next candidate in the Article 4 order (transpositions of S2)
  is 1-6, 2-5, 3-7, 4-8.
- TRF26 (FIDE Handbook C.04 Annex 2) record 260, prohibited pairings: first
  and last round (columns 5-7, 9-11), the players from column 13, every 5
  columns; JaVaFo's ``XXP`` lists players none of whom meet, every round.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts import PairingPlayer, PairingRequest
from caddy.errors import CaddyError
from caddy.event.store import load
from caddy_plugins.codecs.trf.dutch_input import pair_trf
from caddy_plugins.engines.dutch.acceleration import (
    ForbiddenGroup,
    forbidden_pairs,
    parse_forbidden,
)
from caddy_plugins.formats.swiss import Swiss, SwissOptions
from tests.conftest import Run


def test_syntax() -> None:
    groups = parse_forbidden("1 2 3;7,9@1-4")
    assert groups == (ForbiddenGroup((1, 2, 3)), ForbiddenGroup((7, 9), 1, 4))
    assert forbidden_pairs(groups, 4) == {(1, 2), (1, 3), (2, 3), (7, 9)}
    assert forbidden_pairs(groups, 5) == {(1, 2), (1, 3), (2, 3)}
    assert parse_forbidden("") == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1", "'1': a group names at least two players"),
        ("1 x", "'1 x': pairing numbers are whole numbers above 0"),
        ("1 2@4-2", "'1 2@4-2': the round range is not R1-R2"),
    ],
)
def test_bad_option_is_one_line(
    text: str, message: str, cli: Callable[..., Run], tmp_path: Path
) -> None:
    run = cli(
        "new",
        str(tmp_path / "e.json"),
        "--format",
        "swiss",
        "--option",
        f"forbidden={text}",
        "--players",
        str(_players(tmp_path)),
    )
    assert (run.code, run.err) == (1, f"caddy: error: invalid option forbidden={text}: {message}\n")


def _players(tmp_path: Path) -> Path:
    path = tmp_path / "players.csv"
    path.write_text("name,rating\n" + "".join(f"P{k},{2500 - 50 * k}\n" for k in range(1, 9)))
    return path


def _new(cli: Callable[..., Run], tmp_path: Path, forbidden: str) -> str:
    event = str(tmp_path / "e.json")
    run = cli(
        "new",
        event,
        "--format",
        "swiss",
        "--players",
        str(_players(tmp_path)),
        "--option",
        "rounds=4",
        "--option",
        "initial_colour=white",
        "--option",
        f"forbidden={forbidden}",
    )
    assert run.code == 0, run.err
    return event


def _pairs(run: Run) -> list[tuple[int, int]]:
    assert (run.code, run.err) == (0, ""), run
    return [(p["white"], p["black"]) for p in json.loads(run.out)["pairs"]]


@pytest.mark.parametrize(
    ("forbidden", "pairs"),
    [
        ("", [(1, 5), (6, 2), (3, 7), (8, 4)]),
        ("1 5", [(1, 6), (5, 2), (3, 7), (8, 4)]),
        ("1 5@2-4", [(1, 5), (6, 2), (3, 7), (8, 4)]),  # not in round 1
        ("1 5 6", [(1, 7), (5, 2), (3, 6), (8, 4)]),
    ],
)
def test_round_one(
    forbidden: str, pairs: list[tuple[int, int]], cli: Callable[..., Run], tmp_path: Path
) -> None:
    """S1 {1..4} against S2 {5..8} (C.04.3 Article 4): 1-5 forbidden, the
    first transposition of S2 that keeps every pair allowed is 6 5 7 8
    (1-6, 2-5, 3-7, 4-8); with 1, 5, 6 in one group, 7 5 6 8 (1-7, 2-5,
    3-6, 4-8)."""
    assert _pairs(cli("pair", _new(cli, tmp_path, forbidden), "--json")) == pairs


def test_explain_says_the_forbidden_pair_changed_the_pairing(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    run = cli("pair", _new(cli, tmp_path, "1 5;3 4"), "--explain")
    assert run.code == 0
    notes = [line for line in run.out.splitlines() if "forbidden" in line]
    # 3-4 is in one half: the pairing without the group would not pair them
    assert notes == [
        "  forbidden pair 1-5 kept apart (an absolute criterion, like C.04.1 rule 2, "
        "by the event's rules): the pairing without it pairs them"
    ]


def test_trf26_and_trf16_round_trip(cli: Callable[..., Run], tmp_path: Path) -> None:
    """TRF26: one record 260 per group (the whole event, or the group's
    rounds); TRF16: ``XXP`` for the groups of every round (it has no round
    range). Imported again, the option reads back; the file pairs as the event."""
    event = _new(cli, tmp_path, "1 5;2 3 4@2-3")
    trf26, trf16 = tmp_path / "e26.trf", tmp_path / "e16.trf"
    assert cli("export", event, "--trf26", "-o", str(trf26)).code == 0
    assert cli("export", event, "-o", str(trf16)).code == 0
    assert [line for line in trf26.read_text().splitlines() if line.startswith("260")] == [
        "260   1   4    1    5",
        "260   2   3    2    3    4",
    ]
    assert [line for line in trf16.read_text().splitlines() if line.startswith("XXP")] == [
        "XXP 1 5"
    ]
    again = tmp_path / "again.json"
    assert cli("import", str(trf26), "-o", str(again)).code == 0
    assert load(again).tournament.format.options.forbidden == "1 5;2 3 4@2-3"
    from_file = _pairs(cli("pair", str(trf26), "--json"))
    assert from_file == _pairs(cli("pair", event, "--json")) == [(1, 6), (5, 2), (3, 7), (8, 4)]


def test_pair_trf_reads_260_round_ranges(cli: Callable[..., Run], tmp_path: Path) -> None:
    """A record 260 for rounds 2-4 leaves round 1 alone; ``XXP`` holds every round."""
    lines = "".join(f"001 {k:4d}      P{k:<33d}{2500 - 50 * k:4d}\n" for k in range(1, 9))
    for records, pairs in (
        ("260   2   4    1    5\n", [(1, 5), (6, 2), (3, 7), (8, 4)]),
        ("260   1   4    1    5\n", [(1, 6), (5, 2), (3, 7), (8, 4)]),
        ("XXP 1 5\n", [(1, 6), (5, 2), (3, 7), (8, 4)]),
    ):
        trf = tmp_path / "e.trf"
        trf.write_text("012 E\nXXR 4\nXXC white1\n" + records + lines)
        assert _pairs(cli("pair", str(trf), "--json")) == pairs, records
        assert list(pair_trf(trf).pairs) == pairs, records  # the engine's request from the file


def test_a_bad_record_260_is_one_line(cli: Callable[..., Run], tmp_path: Path) -> None:
    trf = tmp_path / "bad.trf"
    trf.write_text(
        "012 E\nXXR 4\nXXC white1\n260 1 x 1 2\n"
        + "".join(f"001 {k:4d}      P{k:<33d}{2500 - 50 * k:4d}\n" for k in range(1, 9))
    )
    run = cli("pair", str(trf))
    assert (run.code, run.err) == (
        1,
        f"caddy: error: {trf}: record 260 '1 x 1 2': 'x' is not a round (a whole number from 1)\n",
    )


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=4, max_value=12),
    st.lists(st.tuples(st.integers(1, 12), st.integers(1, 12)), max_size=6),
)
def test_no_forbidden_pair_is_ever_paired(players: int, pairs: list[tuple[int, int]]) -> None:
    """Round 1 of any field: a pairing never holds a forbidden pair (an
    absolute criterion), or there is none (C.04.3 1.9.3: the arbiter decides)."""
    groups = ";".join(f"{a} {b}" for a, b in pairs if a != b and max(a, b) <= players)
    options = SwissOptions(rounds=3, initial_colour="white", forbidden=groups)
    request = PairingRequest(
        round=1,
        planned_rounds=3,
        players=tuple(
            PairingPlayer(number=n, rating=None, points=0.0, history=())
            for n in range(1, players + 1)
        ),
        options=options,
    )
    try:
        paired = Swiss().next_round(request)
    except CaddyError:
        return
    assert paired is not None
    banned = forbidden_pairs(parse_forbidden(groups), 1)
    assert (
        not {(min(w, b), max(w, b)) for w, b in zip(paired.white, paired.black, strict=True)}
        & banned
    )
