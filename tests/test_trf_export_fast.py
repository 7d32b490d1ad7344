"""Fast paths of the TRF export, each compared with its reference (issue 7 §7, issue 31).

- A file's player lines at once (``line_batch.player_lines``): with no control
  character in any player's texts, each line is one format; the reference is
  ``lines.player_line``, one line at a time (what the export wrote before), on
  players with every kind of field: blank, too long for its columns, a
  control character, points of 100 and more, a zero written ``-0.0``.
- The warnings for fields cut to fit and for control characters
  (``fields.cut_fields``): the longest text of each field and every text at
  once first; the reference is the per-player check the export made before.

Columns: FIDE Handbook C.04 Annex 2 (TRF16), player line ``001``: sex column 10,
title 11-13, name 15-47, rating 49-52, federation 54-56, FIDE id 58-68, birth
date 70-79, points 81-84, rank 86-89, then ten columns per round from column 92.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from caddy.messages import CONTROL
from caddy.model.schedule import Player
from caddy_plugins.codecs.trf import fields as fields_module
from caddy_plugins.codecs.trf import line_batch
from caddy_plugins.codecs.trf.fields import cut_fields
from caddy_plugins.codecs.trf.line_batch import player_lines
from caddy_plugins.codecs.trf.lines import CellTexts, player_line

_TEXTS = [
    "",
    "m",
    "w",
    "GM",
    "WFM",
    "Ab",
    "Kasparov, Garry",
    "x" * 40,
    "HUN",
    "FRA1",
    "1503014",
    "123456789012",
    "1963/04/13",
    "1963/04/13 x",
    "a\nb",
    "tab\there",
    "\x85",
    "ok",
]


def _player(rng: random.Random, *, control: bool) -> dict[str, Any]:
    def text() -> str | None:
        value = rng.choice(_TEXTS)
        if not control:
            value = value.replace("\n", " ").replace("\t", " ").replace("\x85", "")
        return value or rng.choice([None, ""])

    return {
        "sex": text(),
        "title": text(),
        "name": text() or "",
        "rating": rng.choice([None, 0, 1, 999, 2851, 9999]),
        "federation": text(),
        "fide_id": text(),
        "birth": text(),
    }


def _cells(rng: random.Random, n: int) -> list[tuple[int | None, str, str]]:
    return [
        rng.choice(
            [
                (None, "-", "U"),
                (None, "-", "Z"),
                (rng.randrange(1, n + 1), "w", "1"),
                (rng.randrange(1, n + 1), "b", "="),
                (rng.randrange(1, n + 1), "-", "+"),
            ]
        )
        for _ in range(rng.randrange(0, 9))
    ]


_POINTS = [0.0, -0.0, 0, 0.5, 3.0, 3, 6.5, 99.5, 100.0, 100.5, 123.0, -1.0]


@pytest.mark.parametrize("control", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_player_lines_are_the_lines_written_one_by_one(seed: int, control: bool) -> None:
    rng = random.Random(seed)
    n = rng.randrange(1, 60)
    players = [_player(rng, control=control) for _ in range(n)]
    points = [rng.choice(_POINTS) for _ in range(n)]
    ranks = [rng.randrange(0, n + 1) for _ in range(n)]
    rows = [_cells(rng, n) for _ in range(n)]
    expected = [
        player_line(k, **p, points=total, rank=rank, cells=row, texts=CellTexts())
        for k, (p, total, rank, row) in enumerate(zip(players, points, ranks, rows, strict=True), 1)
    ]
    columns = [[p[f] for p in players] for f in line_batch._FIELDS]
    assert player_lines(columns, points, ranks, rows, CellTexts()) == expected


def test_the_columns_are_where_trf_puts_them() -> None:
    # the columns of FIDE Handbook C.04 Annex 2 (TRF16) for player line 001
    line = player_lines(
        [
            ["m"],
            ["GM"],
            ["Lastname, Firstname"],
            [2500],
            ["HUN"],
            ["700001"],
            ["1970/01/01"],
        ],
        [6.5],
        [1],
        [[(4, "w", "1"), (None, "-", "U")]],
        CellTexts(),
    )[0]
    assert line[:4] == "001 " and line[4:8] == "   1" and line[9] == "m" and line[10:13] == " GM"
    assert line[14:47].rstrip() == "Lastname, Firstname" and line[48:52] == "2500"
    assert line[53:56] == "HUN" and line[57:68] == "     700001" and line[69:79] == "1970/01/01"
    assert line[80:84] == " 6.5" and line[85:89] == "   1"
    assert line[91:] == "   4 w 1  0000 - U"  # ten columns a round


def test_clean_lines_are_one_format_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path is the one taken: with no control character, no line is
    written by player_line (a mutant that always writes line by line fails here)."""

    def refused(*args: object, **kwargs: object) -> str:
        raise AssertionError("written line by line")

    monkeypatch.setattr(line_batch, "player_line", refused)
    rng = random.Random(7)
    players = [_player(rng, control=False) for _ in range(30)]
    columns = [[p[f] for p in players] for f in line_batch._FIELDS]
    lines = player_lines(columns, [1.0] * 30, list(range(1, 31)), [[]] * 30, CellTexts())
    assert len(lines) == 30
    columns[2][5] = "new\nline"  # a control character: line by line, as player_line cleans it
    with pytest.raises(AssertionError, match="line by line"):
        player_lines(columns, [1.0] * 30, list(range(1, 31)), [[]] * 30, CellTexts())


@pytest.mark.parametrize("column", ["sex", "title", "name", "federation", "fide_id", "birth"])
def test_a_control_character_in_any_one_text_column_is_cleaned(column: str) -> None:
    """Every text column is asked for control characters: one in this column
    only, in one player's text, is written as a space as player_line writes
    it, and no line breaks in two (a check that leaves a column out fails here)."""
    rng = random.Random(11)
    players = [_player(rng, control=False) for _ in range(12)]
    players[4][column] = "\nNO"  # first: the sex column keeps one character
    rows = [[(None, "-", "U")] for _ in players]
    expected = [
        player_line(k, **q, points=1.0, rank=k, cells=row, texts=CellTexts())
        for k, (q, row) in enumerate(zip(players, rows, strict=True), 1)
    ]
    columns = [[q[f] for q in players] for f in line_batch._FIELDS]
    lines = player_lines(columns, [1.0] * 12, list(range(1, 13)), rows, CellTexts())
    assert lines == expected
    assert not any(c in "".join(lines) for c in "\n\r\t")


def _cut_fields_reference(players: list[Player]) -> list[str]:
    """The per-player check the export made before."""
    warnings = []
    for attr, label, columns, width in fields_module._FIELDS:
        cut = [n for n, p in enumerate(players, 1) if len(getattr(p, attr) or "") > width]
        if cut:
            warnings.append(
                f"{label} longer than {width} character{'s' if width > 1 else ''} is cut to "
                f"fit columns {columns} (players {fields_module._listed(cut)})"
            )
    controlled = [
        n
        for n, p in enumerate(players, 1)
        if CONTROL.search(
            "".join(getattr(p, a) or "" for a in ("name", *(f[0] for f in fields_module._FIELDS)))
        )
    ]
    if controlled:
        warnings.append(
            "control characters (line breaks...) written as spaces "
            f"(players {fields_module._listed(controlled)})"
        )
    return warnings


@pytest.mark.parametrize("control", [False, True])
@pytest.mark.parametrize("seed", range(8))
def test_cut_fields_warns_as_the_per_player_check(seed: int, control: bool) -> None:
    rng = random.Random(seed)
    players = [
        Player(**{k: v for k, v in _player(rng, control=control).items() if k != "rating"})
        for _ in range(rng.randrange(0, 40))
    ]
    assert cut_fields(players) == _cut_fields_reference(players)


def test_cut_fields_asks_once_for_control_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clean texts: one search over all of them (a mutant that searches each player's fails)."""
    calls: list[str] = []
    pattern = CONTROL

    class Counting:
        def search(self, text: str) -> Any:
            calls.append(text)
            return pattern.search(text)

    monkeypatch.setattr(fields_module, "CONTROL", Counting())
    players = [Player(name=f"Player {k}", federation="HUN", birth="2001/02/03") for k in range(50)]
    assert cut_fields(players) == []
    assert len(calls) == 1
    calls.clear()
    players[7] = Player(name="Tab\there", title="GM" * 3)
    assert cut_fields(players) == [
        "title longer than 3 characters is cut to fit columns 11-13 (players 8)",
        "control characters (line breaks...) written as spaces (players 8)",
    ]
    assert len(calls) == 1 + 50  # all at once, then each player
