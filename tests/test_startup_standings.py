"""``caddy standings FILE.trf`` imports only what ranking a TRF file needs (issue 31
item 4: the process within 2.5x a plain script, which benchmarks/standings.py
measures; no timing is asserted here).

A TRF file's results come from its codec (``caddy_read_results``): no event file
is read or replayed, no knockout bracket or team match is drawn, nothing is
explained, no drawing of lots is made. What a command imports is only visible in
a fresh interpreter: one ``python -c`` process (not a ``caddy`` launch) runs the
command and reports its output and ``sys.modules``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

#: FIDE's 284-player sample (tests/data/trf/SOURCES.md).
SAMPLE = Path(__file__).parent / "data" / "trf" / "swiss_fide_example1_karl_mala_2005.trf"

#: Modules a TRF file's standings have no use for, and what each is for.
NOT_NEEDED = {
    "caddy.event": "event files and their replay (the TRF codec reads the results itself)",
    "caddy.event.session": "opening an event file",
    "caddy.views.bracket": "a knockout's bracket (an event file's format view)",
    "caddy.views.team_match": "a team match's score (an event file's format view)",
    "caddy.views.explain": "--explain",
    "caddy.standings.explain": "--explain",
    "caddy.model.schedule": "--lots (the seed of a drawing of lots)",
    "caddy.pairing": "pairing",
    "cattrs": "--json (documents)",
    # the Swiss default list is BH/C1, BH, SB, DE, WIN: no other built-in tie-break loads
    "caddy_plugins.tiebreaks.ks": "KS (tests/test_plugins_by_name.py)",
    "caddy_plugins.tiebreaks.team_board": "team tie-breaks",
}

PROBE = """
import contextlib, io, json, sys
from caddy.cli.main import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(json.loads(sys.argv[1]))
print(json.dumps({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


@pytest.fixture(scope="module")
def standings_run() -> dict[str, object]:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(["standings", str(SAMPLE)])],
        capture_output=True,
        text=True,
        check=True,
    )
    report: dict[str, object] = json.loads(proc.stdout)
    return report


def test_standings_of_a_trf_file_imports_none_of_the_event_modules(
    standings_run: dict[str, object],
) -> None:
    assert standings_run["code"] == 0
    modules = standings_run["modules"]
    assert isinstance(modules, list)
    imported = {name: why for name, why in NOT_NEEDED.items() if name in modules}
    assert imported == {}


def test_the_trf_standings_are_those_of_the_sample(standings_run: dict[str, object]) -> None:
    """The run the imports were checked on ranked the file: its title and winner
    (tests/data/trf/swiss_fide_example1_karl_mala_2005.trf, the 001 line of
    starting rank 5, Mikhaletz,Lubomir, 6.5 points)."""
    out = standings_run["out"]
    assert isinstance(out, str)
    lines = out.splitlines()
    assert lines[0].startswith("9. Karl-Mala-Gedenkturnier")
    assert lines[2].split()[:4] == ["1", "5", "Mikhaletz,Lubomir", "6.5"]
