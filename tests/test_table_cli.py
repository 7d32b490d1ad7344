"""`caddy table` (issue 3 §3-§4): text, JSON, CSV, players files, pairing numbers."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.model.schedule import Player, assign_pairing_numbers
from caddy.views.schedule import write_schedule_json
from tests.conftest import Run
from tests.test_schedule import FIDE_6, FIDE_8, schedule

SPEC_6_TEXT = """\
FIDE Berger table (Handbook C.05 Annex 1), 6 players; the left player has White
round  board 1  board 2  board 3
1      1–6      2–5      3–4
2      6–4      5–3      1–2
3      2–6      3–1      4–5
4      6–5      1–4      2–3
5      3–6      4–2      5–1
"""

SPEC_8_ROWS = [
    "1      1–8      2–7      3–6      4–5",
    "2      8–5      6–4      7–3      1–2",
    "3      2–8      3–1      4–7      5–6",
    "4      8–6      7–5      1–4      2–3",
    "5      3–8      4–2      5–1      6–7",
    "6      8–7      1–6      2–5      3–4",
    "7      4–8      5–3      6–2      7–1",
]


def test_table_6_prints_spec_table(cli: Callable[..., Run]) -> None:
    """FIDE Handbook C.05 Annex 1, the table for 5 or 6 players, exactly."""
    run = cli("table", "6")
    assert run.code == 0 and run.err == ""
    assert run.out == SPEC_6_TEXT


def test_table_8_prints_spec_table(cli: Callable[..., Run]) -> None:
    """FIDE Handbook C.05 Annex 1, the table for 7 or 8 players, exactly."""
    lines = cli("table", "8").out.splitlines()
    assert lines[1] == "round  board 1  board 2  board 3  board 4"
    assert lines[2:] == SPEC_8_ROWS


def test_table_7_shows_the_bye(cli: Callable[..., Run]) -> None:
    lines = cli("table", "7").out.splitlines()
    assert lines[1] == "round  board 1  board 2  board 3  bye"
    assert lines[2] == "1      2–7      3–6      4–5      1"
    assert [line.split()[-1] for line in lines[2:]] == ["1", "5", "2", "6", "3", "7", "4"]


def test_table_8_json_is_the_fide_table(cli: Callable[..., Run]) -> None:
    document = json.loads(cli("table", "8", "--json").out)
    assert document["schema"] == "caddy.schedule" and document["version"] == 1
    assert [[(g["white"], g["black"]) for g in rnd] for rnd in document["rounds"]] == FIDE_8
    assert [[g["board"] for g in rnd] for rnd in document["rounds"]] == [[1, 2, 3, 4]] * 7
    assert document["byes"] == [[]] * 7


def test_table_7_json(cli: Callable[..., Run]) -> None:
    document = json.loads(cli("table", "7", "--json").out)
    assert document["rounds"][0][0] == {"board": 1, "white": 2, "black": 7}
    assert document["byes"][0] == [1]


def test_table_6_double(cli: Callable[..., Run]) -> None:
    document = json.loads(cli("table", "6", "--double", "--json").out)
    rounds = [[(g["white"], g["black"]) for g in rnd] for rnd in document["rounds"]]
    assert len(rounds) == 10
    assert rounds[3] == FIDE_6[4] and rounds[4] == FIDE_6[3]  # the swap
    assert cli("table", "6", "--double").out.count("\n") == 12


def test_styles_and_reverse(cli: Callable[..., Run]) -> None:
    assert "circle method" in cli("table", "6", "--style", "circle").out
    reversed_doc = json.loads(cli("table", "6", "--reverse-colours", "--json").out)
    assert [(g["white"], g["black"]) for g in reversed_doc["rounds"][0]] == [(6, 1), (5, 2), (4, 3)]
    run = cli("table", "6", "--style", "crenshaw")
    assert run.code == 1 and "not known here" in run.err
    run = cli("table", "4", "--style", "us-quad", "--seed", "5")
    assert run.code == 0 and "seed 5" in run.out


def test_csv(cli: Callable[..., Run]) -> None:
    rows = list(csv.reader(io.StringIO(cli("table", "5", "--csv").out)))
    assert rows[0] == ["round", "board", "white", "black"]
    assert rows[1] == ["1", "1", "2", "5"]
    assert ["1", "bye", "1", ""] in rows
    assert len(rows) == 1 + 10 + 5


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=60), st.booleans())
def test_streamed_json_equals_json_dumps(n: int, double: bool) -> None:
    """The streamed document is byte-identical to json.dumps of the same data."""
    s = schedule(n, cycles=2 if double else 1)
    out = io.StringIO()
    write_schedule_json(s, out, options={"table": "fide"})
    expected = {
        "schema": "caddy.schedule",
        "version": 1,
        "format": s.format,
        "title": s.title,
        "players": s.players,
        "seed": s.seed,
        "options": {"table": "fide"},
        "rounds": [
            [
                {"board": b, "white": w, "black": k}
                for b, (w, k) in enumerate(zip(r.white, r.black, strict=True), 1)
            ]
            for r in s.rounds
        ],
        "byes": [list(r.byes) for r in s.rounds],
    }
    assert out.getvalue() == json.dumps(expected) + "\n"
    assert json.loads(out.getvalue()) == expected


PLAYERS = """name,rating,federation,fide_id,title,team
Ádám Kovács,2150,HUN,700001,FM,
Bob,,GER,,,
"Carol, Jr",1800,USA,,,
Dan,1950,,,,
Eve,2200,ENG,,WIM,
"""


@pytest.fixture
def players_csv(tmp_path: Path) -> Path:
    path = tmp_path / "players.csv"
    path.write_text(PLAYERS, encoding="utf-8")
    return path


def test_players_by_rating(cli: Callable[..., Run], players_csv: Path) -> None:
    run = cli("table", "--players", str(players_csv), "--by", "rating")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[1] == "Pairing numbers (by rating)"
    assert lines[2].split() == ["no", "name", "rating"]
    order = [line.split(maxsplit=1)[1].rsplit(maxsplit=1) for line in lines[3:8]]
    assert order == [
        ["Eve", "2200"],
        ["Ádám Kovács", "2150"],
        ["Dan", "1950"],
        ["Carol, Jr", "1800"],
        ["Bob", "unrated"],
    ]
    assert any(re.fullmatch(r"\s*1\s+Ádám Kovács \(2\)\s+Bob \(5\)", x) for x in lines)
    assert any(re.fullmatch(r"\s*bye\s+Eve \(1\)", x) for x in lines)


def test_players_by_lot_prints_seed_and_repeats(cli: Callable[..., Run], players_csv: Path) -> None:
    first = cli("table", "--players", str(players_csv))
    assert "drawn by lot, seed " in first.out
    seed = first.out.split("seed ")[1].split(";")[0]
    again = cli("table", "--players", str(players_csv), "--seed", seed)
    assert again.out == first.out
    document = json.loads(cli("table", "--players", str(players_csv), "--seed", seed, "--json").out)
    assert document["numbering"]["method"] == "lot" and document["numbering"]["seed"] == int(seed)
    assert [p["number"] for p in document["numbering"]["players"]] == [1, 2, 3, 4, 5]


def test_players_given_order(cli: Callable[..., Run], players_csv: Path) -> None:
    run = cli("table", "--players", str(players_csv), "--by", "given", "--csv")
    rows = list(csv.DictReader(io.StringIO(run.out)))
    assert rows[0]["white_name"] == "Bob" and rows[0]["black_name"] == "Eve"  # 2–5 on board 1


def test_rating_order_ties_by_name() -> None:
    players = [Player(name="b", rating=2000), Player(name="a", rating=2000), Player(name="c")]
    assert [p.name for p in assign_pairing_numbers(players, "rating").players] == ["a", "b", "c"]


@given(st.integers(min_value=0, max_value=10**6))
def test_lot_is_a_permutation_and_repeatable(seed: int) -> None:
    players = [Player(name=str(i)) for i in range(9)]
    first = assign_pairing_numbers(players, "lot", seed)
    assert sorted(p.name for p in first.players) == sorted(p.name for p in players)
    assert assign_pairing_numbers(players, "lot", seed) == first


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("name,rating\nA,2000\nB,abc\n", "players.csv:3: rating 'abc' is not a whole number"),
        ("name,rating\nA,2000\nA,1900\n", "players.csv:3: duplicate name 'A' (also on line 2)"),
        ("name\nA\nB\n", "players.csv:1: header lacks rating"),
        ("name,rating,colour\nA,1,x\nB,2,y\n", "unknown column 'colour'"),
        ("name,rating\nA,2000,extra\nB,1\n", "players.csv:2: 3 fields, but the header has 2"),
        ("name,rating\n,2000\nB,1\n", "players.csv:2: empty name"),
        ("", "empty file"),
        ("name,rating\nA,2000\n", "a schedule needs at least 2"),
    ],
)
def test_bad_players_file(
    cli: Callable[..., Run], tmp_path: Path, content: str, needle: str
) -> None:
    path = tmp_path / "players.csv"
    path.write_text(content, encoding="utf-8")
    run = cli("table", "--players", str(path))
    assert run.code == 1
    assert needle in run.err
    assert "Traceback" not in run.err


def test_players_file_problems_one_line_each(cli: Callable[..., Run], tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_text("name,rating\nA,x\nB,y\nC,3\n", encoding="utf-8")
    run = cli("table", "--players", str(path))
    assert run.code == 1
    assert len(run.err.splitlines()) == 2


def test_players_file_not_utf8_or_missing(cli: Callable[..., Run], tmp_path: Path) -> None:
    path = tmp_path / "latin1.csv"
    path.write_bytes("name,rating\nJós,1\nB,2\n".encode("latin-1"))
    run = cli("table", "--players", str(path))
    assert run.code == 1 and "not UTF-8" in run.err
    run = cli("table", "--players", str(tmp_path / "missing.csv"))
    assert run.code == 1 and "no such file" in run.err


def test_count_and_file_disagree(cli: Callable[..., Run], players_csv: Path) -> None:
    run = cli("table", "6", "--players", str(players_csv))
    assert run.code == 1 and "has 5 players, but 6 were asked for" in run.err


def test_table_needs_a_field(cli: Callable[..., Run]) -> None:
    run = cli("table")
    assert run.code == 1 and "number of players" in run.err
    assert cli("table", "1").code == 1
    assert cli("table", "x").code == 2
