"""Importing a TRF file handed over before a round is paired (docs/trf.md).

Source: tests/data/swiss/dutch-2026 (SOURCES.md there), tournaments paired round
by round by bbpPairings. A pairing program hands over the file before pairing
round r with rounds 1..r-1 and, in round r's column, only the announced
absences (``0000 - H``, ``0000 - F``, ``0000 - Z``: FIDE Handbook C.04.2 3.3,
not paired). ``caddy import`` reads that column as announced byes of a round
not paired yet, so ``caddy pair`` on the imported event pairs round r exactly
as ``caddy pair`` on the file does (and as the file records it). The cut
files keep the final points (columns 81-84), which no bye values explain:
the import then takes FIDE's bye values (a half-point bye a draw), as
``caddy pair`` on the file does.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run
from tests.test_pair_trf import CORPUS, cut, recorded


def _announcing() -> list[Path]:
    """Ten files of at most 16 players and 8 rounds whose lines announce
    absences, spread over the sizes (fast)."""
    small = (
        p
        for p in CORPUS.glob("*.trf")
        if int(p.name.split("-")[2].split("p")[0]) <= 16
        and int(p.stem.split("p")[-1].rstrip("r")) <= 8
    )
    files = sorted(
        (p for p in small if any(f"0000 - {c}" in p.read_text() for c in "HFZ")),
        key=lambda p: (int(p.name.split("-")[2].split("p")[0]), p.name),
    )
    return [files[int(i * len(files) / 10)] for i in range(10)]


@pytest.mark.parametrize("path", _announcing(), ids=lambda p: p.name)
def test_imported_cut_pairs_as_the_file(
    path: Path, cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Each round r: the file cut before r, imported, paired from the event
    file, gives the pairs and bye of ``caddy pair CUT`` and of the file."""
    for number, (pairs, byes) in enumerate(recorded(path), 1):
        trf = cut(path, number, tmp_path)
        event = tmp_path / f"r{number}.json"
        run = cli("import", str(trf), "-o", str(event))
        assert run.code == 0, (number, run.err)
        documents = []
        for source in (trf, event):
            run = cli("pair", str(source), "--json")
            assert (run.code, run.err) == (0, ""), (number, source)
            documents.append(json.loads(run.out))
        for document in documents:
            assert document["round"] == number
            assert {(p["white"], p["black"]) for p in document["pairs"]} == pairs, number
            assert [b["player"] for b in document["byes"]] == byes, number


#: Four players, round 1 played; in round 2's column player 3 announces a
#: half-point bye and player 4 writes out ``0000 - Z`` (a zero-point bye),
#: the line's last cell, which the line reader drops with blank cells.
ANNOUNCING = """012 Announced
092 FIDE_DUTCH_2026
XXR 3
XXC white1
001    1      Alpha                             2400                             1.0    1     3 w 1
001    2      Bravo                             2300                             1.0    2     4 w 1
001    3      Charlie                           2200                             0.5    3     1 b 0  0000 - H
001    4      Delta                             2100                             0.0    4     2 b 0  0000 - Z
"""


def test_trailing_announced_byes_are_imported(cli: Callable[..., Run], tmp_path: Path) -> None:
    """Round 2 not paired yet: its cells are announced byes (C.04.2 3.3), the
    explicit ``0000 - Z`` included; the event pairs round 2 with 1 and 2 only."""
    trf = tmp_path / "announced.trf"
    trf.write_text(ANNOUNCING)
    event = tmp_path / "e.json"
    assert cli("import", str(trf), "-o", str(event)).code == 0
    operations = json.loads(event.read_text())["operations"]
    assert [o for o in operations if o["op"] in ("pair", "bye")] == [
        {"op": "pair", "round": 1, "white": [1, 2], "black": [3, 4]},
        {"op": "bye", "round": 2, "player": 3, "kind": "half"},
        {"op": "bye", "round": 2, "player": 4, "kind": "zero"},
    ]
    for source in (trf, event):
        run = cli("pair", str(source), "--json")
        assert run.code == 0, run.err
        document = json.loads(run.out)
        assert (document["round"], document["pairs"], document["byes"]) == (
            2,
            [{"board": 1, "white": 2, "black": 1}],
            [],
        )
