"""Startup stays cheap: `caddy --version` imports no plugin machinery (issue 2 §8).

Speed itself is measured by benchmarks/startup.py, never asserted here.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("pluggy", "attrs", "attr", "cattrs", "importlib.metadata", "argparse")

PROBE = """
import json, sys
from caddy.cli import main
code = main({args!r})
sys.stdout.flush()
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def imported_by(args: list[str]) -> tuple[str, set[str]]:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True, check=True
    )
    return proc.stdout, set(json.loads(proc.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_imports_no_plugin_machinery(flag: str) -> None:
    out, modules = imported_by([flag])
    assert out.startswith("caddy ")
    for name in HEAVY:
        assert name not in modules, f"`caddy {flag}` imported {name}"


def test_import_caddy_is_lazy() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "import caddy, sys; print(caddy.__version__); print(sorted(sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    for name in HEAVY:
        assert f"'{name}'" not in proc.stdout


def test_calc_does_not_import_cattrs() -> None:
    """cattrs loads only when something is (de)serialised."""
    _, modules = imported_by(["calc", "12", "--tc", "G/25d5"])
    assert "cattrs" not in modules
    assert "caddy.models" not in modules  # schedules are not needed to count
    assert "importlib.metadata" not in modules  # entry points are read without it
    _, modules = imported_by(["calc", "12", "--tc", "G/25d5", "--json"])
    assert "cattrs" in modules


def test_python_dash_m() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "caddy", "--version"], capture_output=True, text=True
    )
    assert proc.returncode == 0
    import caddy

    assert proc.stdout == f"caddy {caddy.__version__}\n"
