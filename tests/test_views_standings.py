"""One standings view (:mod:`caddy.views.standings`) for ``caddy standings``,
``caddy crosstable`` and ``caddy publish``: an event file is replayed once per
command (it was replayed twice: once by the checked load, once for the
standings or the site), a broken history is still refused naming where, and the
published standings after the last round are the ones ``caddy standings``
ranks."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from tests import sources
from tests.test_event_issue24 import Cli, field, ok

#: The function that replays an event's history (``caddy.event`` re-exports the function
#: under the submodule's name, so the module is taken from ``sys.modules``).
REPLAY = importlib.import_module("caddy.event.replay").replay


def replays(run: Callable[[], Any]) -> int:
    """How many times ``run()`` calls :func:`caddy.event.replay.replay`, however
    the caller imported it (the profile hook sees every call of its code)."""
    code = REPLAY.__code__
    calls = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call" and frame.f_code is code:
            calls += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(previous)
    return calls


@pytest.fixture
def event(cli: Cli, tmp_path: Path) -> str:
    path = str(tmp_path / "rr.json")
    ok(cli, "new", path, "--format", "round-robin", "--players", str(field(tmp_path, 6)))
    ok(cli, "result", path, "1", "1-0 1/2 0-1")
    ok(cli, "result", path, "2", "1/2 1-0 1-0")
    return path


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("--json",),
        ("--round", "1"),
        ("--explain", "1"),
        ("--output", "html"),
    ],
    ids=["text", "json", "round", "explain", "html"],
)
def test_standings_replays_the_event_once(cli: Cli, event: str, args: tuple[str, ...]) -> None:
    assert replays(lambda: ok(cli, "standings", event, *args)) == 1


def test_crosstable_replays_the_event_once(cli: Cli, event: str) -> None:
    assert replays(lambda: ok(cli, "crosstable", event)) == 1


def test_publish_replays_the_event_once(cli: Cli, event: str, tmp_path: Path) -> None:
    site = str(tmp_path / "site")
    assert replays(lambda: ok(cli, "publish", event, "-o", site)) == 1


def test_a_history_that_does_not_replay_is_refused_naming_where(
    cli: Cli, event: str, tmp_path: Path
) -> None:
    data = json.loads(Path(event).read_text(encoding="utf-8"))
    data["operations"].append({"op": "withdraw", "player": 99, "after_round": 1})
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    run = cli("standings", str(broken))
    assert run.code != 0 and run.out == ""
    lines = run.err.splitlines()
    assert lines and all(line.startswith("caddy: error: ") for line in lines)
    assert f"{broken}: $.operations[" in lines[0]


def test_publish_shows_the_standings_caddy_standings_ranks(
    cli: Cli, event: str, tmp_path: Path
) -> None:
    """The published standings after the last complete round and ``caddy
    standings --round`` of that round are one view: the same rows."""
    site = tmp_path / "site"
    ok(cli, "publish", event, "-o", str(site))
    page = (site / "standings-2.html").read_text(encoding="utf-8")
    text = json.loads(ok(cli, "standings", event, "--round", "2", "--json").out)
    for row in text["rows"]:
        assert f">{row['name']}</a>" in page
        assert f">{row['score']:g}<" in page


def test_one_number_formatter() -> None:
    """``points`` writes halves as ½ (a match score, a running total), also
    past 10 (the old page formatter wrote 10.5 as ``1½``)."""
    from caddy.model.numbers import points, value_text

    assert [points(v) for v in (0, 0.5, 2.5, 10.5, 20.5, 3)] == ["0", "½", "2½", "10½", "20½", "3"]
    assert [value_text(v) for v in (None, 2.5, 3.0)] == ["-", "2.5", "3"]


CORE = Path(__file__).resolve().parent.parent / "core" / "caddy"
#: The command modules of ``caddy standings``/``crosstable`` and the publish pages.
SHOWN_BY_VIEWS = (
    "cli/standings.py",
    "cli/standings_notes.py",
    "cli/team_standings.py",
    "publish/pages.py",
    "publish/teams.py",
)


#: What ranks an event: the standings, a section's, the crosstable, the teams'.
RANKERS = {"standings", "standings_for", "crosstable", "section_crosstable", "team_standings"}


def _imported_names(path: Path) -> set[str]:
    import ast

    return {
        alias.name
        for node in sources.nodes(path)
        if isinstance(node, ast.ImportFrom)
        and node.module is not None
        and node.module.startswith("caddy.standings.")
        for alias in node.names
    }


@pytest.mark.parametrize("module", SHOWN_BY_VIEWS)
def test_standings_are_ranked_only_in_the_views(module: str) -> None:
    """The CLI and the publish pages show the views (:mod:`caddy.views.standings`,
    :mod:`caddy.views.crosstable`, :mod:`caddy.views.team_standings`): none ranks
    an event itself."""
    assert not _imported_names(CORE / module) & RANKERS


@pytest.mark.parametrize(
    "module", ["cli/standings.py", "cli/standings_notes.py", "cli/team_standings.py"]
)
def test_no_state_on_the_namespace(module: str) -> None:
    """The handlers read their options once; nothing is written on the namespace."""
    import ast

    written = [
        target.attr
        for node in sources.nodes(CORE / module)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "ns"
    ]
    looked_up = [
        node.lineno
        for node in sources.nodes(CORE / module)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and node.args
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == "ns"
    ]
    assert (written, looked_up) == ([], [])
