"""The tutorial's plugin (docs/examples/caddy-banded) as a real package: docs/tutorial.md's
install block (section 4) run as written, once: pip installs it into a folder of its own, it is
found through its entry point, and its own tests (caddy.testing.FormatContract) pass.
tests/test_docs.py leaves this block to this module."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import Run
from tests.shell import Shell, ShellRun

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs/tutorial.md"


def install_block() -> str:
    """The ``sh`` block of the tutorial's section 4, "Install it and use it"."""
    section = TUTORIAL.read_text(encoding="utf-8").split("## 4. Install it and use it", 1)[1]
    return section.split("```sh\n", 1)[1].split("```", 1)[0]


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ShellRun, Path]]:
    """The block, run in a fresh folder holding a link to docs/; returns what it did
    and the folder pip installed into."""
    folder = tmp_path_factory.mktemp("tutorial")
    (folder / "docs").symlink_to(ROOT / "docs")
    here = Path.cwd()
    os.chdir(folder)
    try:
        run = Shell().run(install_block())
    finally:
        os.chdir(here)
    yield run, folder / "site"


def test_block_runs_as_written(tutorial: tuple[ShellRun, Path]) -> None:
    run, site = tutorial
    assert run.code == 0, run.out + run.err
    assert run.commands == 5
    assert "Traceback" not in run.err
    assert " passed" in run.out and "failed" not in run.out  # the plugin's own tests
    assert "banded  (caddy_banded; caddy-banded 1.0.0)" in run.out.splitlines()  # caddy plugins
    assert any(site.glob("caddy_banded-1.0.0.dist-info"))


def test_shows_up_in_calc(tutorial: tuple[ShellRun, Path]) -> None:
    """The block's `caddy calc 14 --format banded-round-robin` prints what the tutorial shows
    (the ``text`` block after it), the first two lines exactly as here."""
    run, _ = tutorial
    section = TUTORIAL.read_text(encoding="utf-8").split("## 4. Install it and use it", 1)[1]
    shown = section.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    assert shown[:2] == [
        "banded-round-robin, 14 players",
        "  5 rounds, 26 games, 6 boards, 4 games per player",
    ]
    printed = run.out.splitlines()
    start = printed.index(shown[0])
    assert printed[start : start + len(shown)] == shown


def test_registers_through_its_entry_point(
    tutorial: tuple[ShellRun, Path], caddy_proc: Callable[..., Run]
) -> None:
    """Through the console script, in a new process with the package on PYTHONPATH."""
    _, site = tutorial
    env = {"PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    run = caddy_proc("plugins", "--json", env=env)
    plugins = {p["module"]: p for p in json.loads(run.out)["plugins"]}
    banded = plugins["caddy_banded"]
    assert banded["distribution"] == "caddy-banded" and banded["version"] == "1.0.0"
    assert banded["registers"] == {"formats": ["banded-round-robin"]}
    assert banded["source"] == "entry point" and not banded["builtin"]
