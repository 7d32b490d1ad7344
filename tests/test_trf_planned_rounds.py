"""A TRF file written during the event plans more rounds (XXR, TRF-2026 142)
than its player lines hold: the rounds to come are no rounds a player missed.
FIDE Handbook C.07 (2024) 16 applies its unplayed-round rules to rounds
played; the standings, tie-breaks and crosstable of such a file are those of
the rounds it holds. Source of the file: FIDE's C.07 2023 tie-break exercises
(tests/data/SOURCES.md), 16 players, 5 rounds, XXR 5."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import DATA, Run

TRF = DATA / "trf" / "swiss_fide_tec_exercise_held_16p_5r.trf"


def planning(tmp_path: Path, rounds: int) -> Path:
    """The exercise as exported after its round 5 of ``rounds``."""
    lines = TRF.read_text(encoding="utf-8").splitlines()
    assert "XXR 5" in lines
    path = tmp_path / f"after5of{rounds}.trf"
    path.write_text("\n".join(f"XXR {rounds}" if x == "XXR 5" else x for x in lines) + "\n")
    return path


@pytest.mark.parametrize("rounds", [7, 9])
def test_rounds_to_come_change_no_standing(
    cli: Callable[..., Run], tmp_path: Path, rounds: int
) -> None:
    later = planning(tmp_path, rounds)
    for command in (
        ("standings", "--tiebreaks", "BH,BH/C1,SB,AOB,PS", "--json"),
        ("crosstable",),
    ):
        now, ahead = (
            cli(command[0], str(TRF), *command[1:]),
            cli(command[0], str(later), *command[1:]),
        )
        assert (now.code, ahead.code) == (0, 0), (now.err, ahead.err)
        assert ahead.out == now.out
    # Bruno (2): 4 points, BH 13 (his five opponents' scores), not 39 with four
    # rounds to come counted as rounds he did not play
    rows = json.loads(cli("standings", str(later), "--tiebreaks", "BH", "--json").out)["rows"]
    bruno = next(row for row in rows if row["pairing_number"] == 2)
    assert (bruno["score"], bruno["tiebreaks"]["BH"]) == (4, 13)
