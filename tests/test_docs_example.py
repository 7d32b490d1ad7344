"""The tutorial's plugin (docs/examples/caddy-banded) as a real package:
installed with pip, found through its entry point."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Run

EXAMPLE = Path(__file__).resolve().parent.parent / "docs/examples/caddy-banded"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example installed by pip into a folder of its own."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(target),
            str(EXAMPLE),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return target


def env(site: Path) -> dict[str, str]:
    return {"PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}


def test_registers_through_its_entry_point(site: Path, caddy_proc: Callable[..., Run]) -> None:
    """Through the console script, in a new process with the package on PYTHONPATH."""
    run = caddy_proc("plugins", "--json", env=env(site))
    plugins = {p["module"]: p for p in json.loads(run.out)["plugins"]}
    banded = plugins["caddy_banded"]
    assert banded["distribution"] == "caddy-banded" and banded["version"] == "1.0.0"
    assert banded["registers"] == {"formats": ["banded-round-robin"]}
    assert banded["source"] == "entry point" and not banded["builtin"]


def test_shows_up_in_calc(
    site: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delitem(sys.modules, "caddy_banded", raising=False)
    try:
        run = cli("calc", "14", "--format", "banded-round-robin")
    finally:
        sys.modules.pop("caddy_banded", None)
    assert run.code == 0, run.err
    assert run.out.splitlines()[:2] == [
        "banded-round-robin, 14 players",
        "  5 rounds, 26 games, 6 boards, 4 games per player",
    ]


# The plugin's own tests (caddy.testing.FormatContract and its band sizes) run once, as the
# tutorial tells its reader to run them: tests/test_docs.py, test_doc_block[tutorial.md:74].
