"""What runs where (issue 31 item 6, docs/performance.md): the default run leaves
out the tests marked ``slow`` and tries an eighth of each property test's
examples (at least 5); ``nox -s slow`` and ``nox -s properties`` run the rest, and the pages
that describe testing say so."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from tests.conftest import default_examples

ROOT = Path(__file__).resolve().parent.parent


def test_an_eighth_of_the_examples_at_least_five() -> None:
    asked = [1, 4, 5, 10, 12, 25, 40, 60, 100, 120, 150]
    assert [default_examples(n) for n in asked] == [1, 4, 5, 5, 5, 5, 5, 7, 12, 15, 18]


def test_the_default_run_deselects_slow_and_the_markers_are_declared() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_config = config["tool"]["pytest"]["ini_options"]
    addopts = pytest_config["addopts"]
    assert addopts[addopts.index("-m") + 1] == "not slow"
    declared = {marker.split(":", 1)[0] for marker in pytest_config["markers"]}
    assert {"slow", "property"} <= declared


def _session_calls(name: str) -> list[str]:
    """The source of each ``session.run(...)`` call in the nox session ``name``."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    function = next(
        node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == name
    )
    return [
        ast.unparse(node)
        for node in ast.walk(function)
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "session.run"
    ]


@pytest.mark.parametrize(
    ("session", "marker", "environment"),
    [("slow", "slow", None), ("properties", "property", "'CADDY_PROPERTIES': 'full'")],
)
def test_a_nox_session_runs_what_the_default_run_leaves_out(
    session: str, marker: str, environment: str | None
) -> None:
    calls = _session_calls(session)
    assert len(calls) == 1
    assert f"'-m', '{marker}'" in calls[0]
    if environment is not None:
        assert environment in calls[0]


def test_the_pages_say_what_runs_where() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/performance.md#the-test-suite" in readme
    page = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    for command in ("`nox -s slow`", "`nox -s properties`", "`python3 -m pytest -n auto`"):
        assert command in page, command
