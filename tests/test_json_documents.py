"""Issue 25 item 4: one way to build a JSON document. Every document caddy
writes (but the event file, which has its own converter in
:mod:`caddy.event.convert`) is an attrs class of :mod:`caddy.model.documents`
written by :func:`caddy.model.documents.write`: no dict literal carrying a
``"schema"`` key, no ``as_dict`` method, no ``dump_document`` in core.

The bytes each document had before that change are kept in
``tests/data/json/`` (written by the code of main b430f94 + e47ba6f): the
documents must stay byte-identical (keys in the same order, the same keys left
out, the same number formatting).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.publish.folder import marker_bytes
from tests import sources
from tests.conftest import DATA, Run
from tests.test_pair_trf import ELEVEN, cut
from tests.test_team_cli import SIX, teams_csv
from tests.test_team_standings_cli import event_bytes, event_path  # noqa: F401  (fixtures)
from tests.test_views import groups, knockout, scheveningen  # noqa: F401  (fixtures)

GOLDEN = DATA / "json"
CORE = Path(__file__).parent.parent / "core" / "caddy"


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


def same(name: str, text: str) -> None:
    """``text`` is byte for byte what ``tests/data/json/NAME.json`` holds."""
    assert text.encode("utf-8") == (GOLDEN / f"{name}.json").read_bytes()


# -- the documents, byte for byte ------------------------------------------------------------


def test_standings_of_a_sectioned_knockout_stage(cli: Callable[..., Run], groups: str) -> None:  # noqa: F811
    """``caddy.standings``: sections, ``qualified`` and ``bracket`` added."""
    same("standings-groups", ok(cli("standings", groups, "--json")).out)
    same("standings-groups-round-1", ok(cli("standings", groups, "--json", "--round", "1")).out)


def test_bracket(cli: Callable[..., Run], knockout: str) -> None:  # noqa: F811
    """``caddy.bracket`` (a knockout's standings) and ``caddy.pairings`` of its matches."""
    same("bracket", ok(cli("standings", knockout, "--json")).out)
    same("pairings-knockout", ok(cli("pairings", knockout, "--round", "1", "--json")).out)


def test_standings_of_a_team_match(cli: Callable[..., Run], scheveningen: str) -> None:  # noqa: F811
    """``caddy.standings`` with ``teams`` (a Scheveningen's score)."""
    event = scheveningen
    for board, result in enumerate(("1-0", "1/2", "0-1", "1/2"), 1):
        ok(cli("result", event, "1", str(board), result))
    same("standings-scheveningen", ok(cli("standings", event, "--json")).out)
    same("pairings-scheveningen", ok(cli("pairings", event, "--json")).out)


def test_team_standings_board_prizes_explain(cli: Callable[..., Run], event_path: str) -> None:  # noqa: F811
    """``caddy.team-standings``, ``caddy.board-prizes`` (both with ``after_round``)
    and ``caddy.explain``."""
    tb = ("--tiebreaks", "DE,BH:MP,PS:GP")
    same("team-standings", ok(cli("standings", event_path, *tb, "--json")).out)
    same("team-standings-round-2", ok(cli("standings", event_path, "--round", "2", "--json")).out)
    same("board-prizes", ok(cli("standings", event_path, "--board-prizes", "--json")).out)
    prizes = ("--board-prizes", "--min-games", "2", "--round", "2", "--json")
    same("board-prizes-round-2", ok(cli("standings", event_path, *prizes)).out)
    explain = ("--tiebreaks", "BH:MP,DE", "--explain", "1", "--json")
    same("explain-team", ok(cli("standings", event_path, *explain)).out)


def test_pair(cli: Callable[..., Run], tmp_path: Path) -> None:
    """``caddy.pairing``: a Swiss round with its bye and explanation; a team
    round with its matches and team byes."""
    trf = str(cut(ELEVEN, 4, tmp_path))
    same("pair", ok(cli("pair", trf, "--json")).out)
    same("pair-explained", ok(cli("pair", trf, "--json", "--explain")).out)
    csv = teams_csv(tmp_path / "teams.csv", dict.fromkeys(SIX[:5], 2))
    event = str(tmp_path / "swiss.json")
    ok(cli("new", event, "--format", "team-swiss", "--teams", csv, "--rounds", "3", "--seed", "1"))
    ok(cli("bye", event, "Alpha", "1", "--half", "--team"))
    same("pair-teams", ok(cli("pair", event, "--json")).out)


def test_plugins_and_tiebreaks(cli: Callable[..., Run]) -> None:
    """``caddy.plugins`` (ASCII-escaped, as it always was) and ``caddy.tiebreaks``."""
    same("plugins", ok(cli("plugins", "--json")).out)
    same("tiebreaks", ok(cli("tiebreaks", "--json")).out)


def test_publish_marker() -> None:
    """``caddy.publish-marker``: indented by one, names sorted."""
    same("publish-marker", marker_bytes({"standings.html", "index.html", "players"}).decode())


# -- one way to build them ---------------------------------------------------------------------


def _outside_event(path: Path) -> bool:
    return "event" not in path.relative_to(CORE).parts[:1]


@functools.cache  # read once for the three tests below
def _modules() -> list[tuple[Path, tuple[ast.AST, ...]]]:
    """Every module outside caddy.event with every node of its tree."""
    paths = sorted(p for p in CORE.rglob("*.py") if _outside_event(p))
    return [(p, sources.nodes(p)) for p in paths]


def test_no_document_is_a_dict_literal_with_a_schema() -> None:
    """No ``{"schema": ...}`` literal nor ``dict(schema=...)`` outside caddy.event."""
    found = []
    for path, walked in _modules():
        for node in walked:
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "dict":
                keys = [k.arg for k in node.keywords]
            else:
                continue
            if "schema" in keys:
                found.append(f"{path}:{node.lineno}")
    assert found == []


def test_no_as_dict_and_no_dump_document() -> None:
    """No ``as_dict`` method and no ``dump_document`` anywhere in core."""
    found = [
        f"{path}:{node.lineno} {node.name}"
        for path, walked in _modules()
        for node in walked
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name in ("as_dict", "dump_document")
    ]
    assert found == []


def test_one_write_function() -> None:
    """Outside caddy.event and the documents module, no module of core calls
    ``json.dump``/``json.dumps`` except the schedule's streaming writer."""
    allowed = {CORE / "model" / "documents.py", CORE / "model" / "serialize.py"}
    allowed.add(CORE / "views" / "schedule.py")  # streams rounds: ``caddy table --json``
    allowed.add(CORE / "cli" / "result.py")  # ``caddy history --json``: the event file's operations
    found = [
        f"{path}:{node.lineno}"
        for path, walked in _modules()
        if path not in allowed
        for node in walked
        if isinstance(node, ast.Attribute)
        and node.attr in ("dump", "dumps")
        and getattr(node.value, "id", None) == "json"
    ]
    assert found == []


@pytest.mark.parametrize("name", sorted(p.stem for p in GOLDEN.glob("*.json")))
def test_every_golden_file_is_a_caddy_document(name: str) -> None:
    import json

    assert json.loads((GOLDEN / f"{name}.json").read_text())["schema"].startswith("caddy.")


def test_calc_plan_and_table(cli: Callable[..., Run], tmp_path: Path) -> None:
    """``caddy.calc``, ``caddy.plan`` and ``caddy.schedule`` (streamed, compact)."""
    same("calc", ok(cli("calc", "12", "8", "--tc", "G/25d5", "--tc", "90+30", "--json")).out)
    same("plan", ok(cli("plan", "14", "--nights", "8", "--tc", "G/30", "--all", "--json")).out)
    same("table", ok(cli("table", "5", "--json")).out)
