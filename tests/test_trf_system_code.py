"""Record 192 of a Swiss: what caddy writes and reads (issue 24, item 2).

Sources:
- TRF-2026 record 192 holds an ETT26 code; ETT26 lists ``FIDE_DUTCH_2026``
  and the undated ``FIDE_DUTCH`` (the rules in force at the event's date)
  (FIDE TRF-2026 specification, its table of encoded tournament types).
- bbpPairings v6.0.0 (the FIDE-endorsed engine, src/fileformats/trf.cpp)
  reads ``FIDE_DUTCH``, ``FIDE_DUTCH_BAKU``, ``FIDE_BURSTEIN`` (and the draft
  ``FIDE_DUTCH_2025``) and stops on any other code with "unsupported
  tournament type"; its checker (``--dutch FILE -c``) prints one
  ``NAME: Round #r`` line per round and the pairings that differ.

caddy writes ``FIDE_DUTCH`` (``caddy simulate``, ``caddy export --trf26``),
``FIDE_DUTCH_2026`` with ``--dated-system``, and reads both. The engine test
runs where the engine is installed: ``$CADDY_BBPPAIRINGS``, else
``bbpPairings.exe`` or ``bbpPairings`` on the PATH (docs/swiss.md).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run


def bbppairings() -> str | None:
    """The bbpPairings executable: ``$CADDY_BBPPAIRINGS``, else on the PATH."""
    given = os.environ.get("CADDY_BBPPAIRINGS")
    if given:
        return given
    return shutil.which("bbpPairings.exe") or shutil.which("bbpPairings")


def system_lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="ascii").splitlines() if line[:3] == "192"]


def test_simulate_writes_the_code_the_engines_read(cli: Callable[..., Run], tmp_path: Path) -> None:
    out = tmp_path / "sim.trf"
    assert (
        cli("simulate", "--players", "9", "--rounds", "4", "--seed", "2", "-o", str(out)).code == 0
    )
    assert system_lines(out) == ["192 FIDE_DUTCH"]


def test_dated_system_writes_the_dated_ett26_code(cli: Callable[..., Run], tmp_path: Path) -> None:
    out = tmp_path / "sim.trf"
    args = ("--players", "9", "--rounds", "4", "--seed", "2", "--dated-system")
    assert cli("simulate", *args, "-o", str(out)).code == 0
    assert system_lines(out) == ["192 FIDE_DUTCH_2026"]
    first = out.read_text(encoding="ascii").splitlines()[0]
    assert first.endswith(" --dated-system")  # the comment line plays it again


def test_export_trf26_writes_fide_dutch_and_dated_on_request(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    sim = tmp_path / "sim.trf"
    assert (
        cli("simulate", "--players", "8", "--rounds", "3", "--seed", "5", "-o", str(sim)).code == 0
    )
    event = tmp_path / "e.json"
    assert cli("import", str(sim), "-o", str(event)).code == 0
    # a made 192 (the imported one left out): the format's code
    text = event.read_text(encoding="utf-8").replace("192 FIDE_DUTCH", "193 x")
    event.write_text(text, encoding="utf-8")
    plain, dated = tmp_path / "plain.trf", tmp_path / "dated.trf"
    assert cli("export", str(event), "--trf26", "-o", str(plain)).code == 0
    assert cli("export", str(event), "--dated-system", "-o", str(dated)).code == 0
    assert system_lines(plain) == ["192 FIDE_DUTCH"]
    assert system_lines(dated) == ["192 FIDE_DUTCH_2026"]


def test_dated_system_is_for_trf(cli: Callable[..., Run], tmp_path: Path) -> None:
    sim = tmp_path / "sim.trf"
    assert (
        cli("simulate", "--players", "8", "--rounds", "3", "--seed", "5", "-o", str(sim)).code == 0
    )
    run = cli("export", str(sim), "--to", "json", "--dated-system")
    assert run.code != 0
    assert run.err.strip().splitlines() == ["caddy: error: --dated-system is for --to trf"]


@pytest.mark.parametrize("code", ["FIDE_DUTCH", "FIDE_DUTCH_2026"])
def test_both_codes_read_as_the_dutch_system(
    cli: Callable[..., Run], tmp_path: Path, code: str
) -> None:
    sim = tmp_path / "sim.trf"
    assert (
        cli("simulate", "--players", "11", "--rounds", "4", "--seed", "7", "-o", str(sim)).code == 0
    )
    text = sim.read_text(encoding="ascii")
    copy = tmp_path / "copy.trf"
    copy.write_text(re.sub(r"(?m)^192 .*$", f"192 {code}", text), encoding="ascii")
    for r in range(1, 5):
        assert cli("pair", str(copy), "--round", str(r), "--json").out == (
            cli("pair", str(sim), "--round", str(r), "--json").out
        )
    event = tmp_path / "e.json"
    assert cli("import", str(copy), "-o", str(event)).code == 0
    assert json.loads(event.read_text(encoding="utf-8"))["tournament"]["format"]["name"] == "swiss"


ENGINE = bbppairings()


@pytest.mark.skipif(
    ENGINE is None,
    reason="bbpPairings (v6.0.0) is not installed: set CADDY_BBPPAIRINGS or put "
    "bbpPairings.exe on the PATH",
)
@pytest.mark.parametrize(("players", "rounds", "seed"), [(9, 5, 1), (14, 6, 2), (21, 7, 3)])
def test_bbppairings_checker_accepts_simulate_output(
    cli: Callable[..., Run], tmp_path: Path, players: int, rounds: int, seed: int
) -> None:
    assert ENGINE is not None
    sim = tmp_path / "sim.trf"
    args = ("--players", str(players), "--rounds", str(rounds), "--seed", str(seed))
    assert (
        cli("simulate", *args, "--forfeits", "0.05", "--half-byes", "0.05", "-o", str(sim)).code
        == 0
    )
    done = subprocess.run(
        [ENGINE, "--dutch", str(sim), "-c"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stderr) == (0, "")
    # one line per round and nothing else: no pairing differs
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert lines == [f"sim: Round #{r}" for r in range(1, rounds + 1)]
