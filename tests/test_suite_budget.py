"""The suite's own budget (issue 13): caddy runs in-process; at most 15 `caddy` processes a
session, counted by tests/conftest.py however they are started."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

from tests import conftest
from tests.conftest import MAX_CADDY_PROCESSES, _caddy_command, _launches_caddy


def test_launches_of_caddy_are_recognised() -> None:
    script = str(Path(sys.executable).parent / "caddy")
    assert _launches_caddy([script, "calc", "12"])
    assert _launches_caddy(script)
    assert _launches_caddy([sys.executable, "-m", "caddy", "--version"])
    assert _launches_caddy(_caddy_command())
    assert not _launches_caddy([sys.executable, "-c", "import caddy"])
    assert not _launches_caddy(["bash", "-n", "-c", "caddy calc 12"])
    assert not _launches_caddy([sys.executable, "-m", "pip", "install", "caddy-banded"])


def test_every_popen_is_counted() -> None:
    """A launch that bypasses the ``caddy_proc`` fixture is counted too."""
    before = len(conftest.CADDY_LAUNCHES)
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    assert len(conftest.CADDY_LAUNCHES) == before
    # the counter sits in Popen itself: an argument list naming caddy is recorded before it runs
    with contextlib.suppress(FileNotFoundError):
        subprocess.run([str(Path(sys.executable).parent / "caddy-missing" / "caddy")], check=False)
    assert conftest.CADDY_LAUNCHES[before:] == [
        "tests/test_suite_budget.py::test_every_popen_is_counted"
    ]
    del conftest.CADDY_LAUNCHES[before:]  # it never started: not part of the budget
    assert MAX_CADDY_PROCESSES == 15
