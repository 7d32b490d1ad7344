"""Startup stays cheap: `caddy --version` imports no plugin machinery (issue 2 §8).

Speed itself is measured by benchmarks/startup.py, never asserted here. What a command
imports is only visible in a fresh interpreter, so one subprocess (``python -c``) runs the
probes in order, each adding to what the ones before imported; every check is "not
imported yet", so a later snapshot holding more modules can only make a check stricter.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("pluggy", "attrs", "attr", "cattrs", "importlib.metadata", "argparse")

#: The probes, in the order they run; ``None`` is ``import caddy`` alone.
PROBES: list[list[str] | None] = [
    None,
    ["--version"],
    ["-V"],
    ["calc", "12", "--tc", "G/25d5"],
    ["calc", "12", "--tc", "G/25d5", "--json"],
]

PROBE = """
import contextlib, io, json, sys
import caddy
report = []
for args in json.loads(sys.argv[1]):
    out = io.StringIO()
    if args is not None:
        from caddy.cli.main import main
        with contextlib.redirect_stdout(out):
            main(args)
    report.append({"out": out.getvalue(), "modules": sorted(sys.modules)})
print(json.dumps(report))
"""


@pytest.fixture(scope="module")
def probes() -> list[tuple[str, set[str]]]:
    """(what it printed, the modules imported so far) after each of PROBES."""
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(PROBES)],
        capture_output=True,
        text=True,
        check=True,
    )
    return [(r["out"], set(r["modules"])) for r in json.loads(proc.stdout)]


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_imports_no_plugin_machinery(flag: str, probes: list[tuple[str, set[str]]]) -> None:
    out, modules = probes[PROBES.index([flag])]
    assert out.startswith("caddy ")
    for name in HEAVY:
        assert name not in modules, f"`caddy {flag}` imported {name}"


def test_import_caddy_is_lazy(probes: list[tuple[str, set[str]]]) -> None:
    _, modules = probes[PROBES.index(None)]
    for name in HEAVY:
        assert name not in modules


def test_calc_does_not_import_cattrs(probes: list[tuple[str, set[str]]]) -> None:
    """cattrs loads only when something is (de)serialised."""
    _, modules = probes[PROBES.index(["calc", "12", "--tc", "G/25d5"])]
    assert "cattrs" not in modules
    assert "caddy.model.schedule" not in modules  # schedules are not needed to count
    assert "importlib.metadata" not in modules  # entry points are read without it
    _, modules = probes[PROBES.index(["calc", "12", "--tc", "G/25d5", "--json"])]
    assert "cattrs" in modules


def test_python_dash_m() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "caddy", "--version"], capture_output=True, text=True
    )
    assert proc.returncode == 0
    import caddy

    assert proc.stdout == f"caddy {caddy.__version__}\n"


def test_calc_imports_only_the_format_it_uses(probes: list[tuple[str, set[str]]]) -> None:
    """``caddy calc 12`` names no format shorthand (``--double``, ``--rounds``):
    its command line is parsed without them, so only the default format's
    plugin (round robin) is imported, not every format plugin (issue 25)."""
    _, modules = probes[PROBES.index(["calc", "12", "--tc", "G/25d5"])]
    plugins = {m for m in modules if m.startswith("caddy_plugins.formats.")}
    assert plugins and all(m.startswith("caddy_plugins.formats.round_robin") for m in plugins)


def test_a_shorthand_still_reaches_its_format(tmp_path: Path) -> None:
    """With a shorthand on the command line the full parser reads it, and one
    that prefixes a command's own flag (``--rounds``, ``--rounds-per-night``)
    is the shorthand, not an abbreviation."""
    from caddy.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["calc", "12", "--double"]) == 0
    assert "22 rounds, 132 games" in out.getvalue()
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nA,2100\nB,2000\nC,1900\nD,1800\n", encoding="utf-8")
    event = tmp_path / "e.json"
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(
            ["new", str(event), "--players", str(players), "--format", "swiss", "--rounds", "3"]
        )
    assert code == 0
    assert '"rounds":3' in event.read_text(encoding="utf-8").replace(" ", "")
