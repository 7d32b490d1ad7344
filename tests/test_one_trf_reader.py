"""One reader of a TRF file's round to pair (issue 25, "one of each").

``caddy pair FILE.trf`` and the Dutch engine's request from a file
(``caddy_plugins.codecs.trf.dutch_input``, what the corpus tests pair) read the
round to pair through the TRF codec's ``pairing_input``; the engine package
(``caddy_plugins.engines.dutch``) reads no file and imports nothing of caddy, and the
names ``parse_trf``/``read_trf`` mean one thing.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import caddy_plugins.codecs.trf.pairing as trf_pairing
from caddy_plugins.codecs.trf.dutch_input import pair_trf
from tests import sources
from tests.conftest import DATA

PLUGINS = Path(__file__).resolve().parent.parent / "plugins" / "caddy_plugins"
ENGINE = PLUGINS / "engines" / "dutch"
ELEVEN = DATA / "swiss" / "dutch-2026" / "dutch2026-000003-11p9r.trf"


def _defined(path: Path) -> set[str]:
    return {node.name for node in sources.tree(path).body if isinstance(node, ast.FunctionDef)}


def _imported(path: Path) -> set[str]:
    found = set()
    for node in sources.nodes(path):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_engine_reads_no_file_and_imports_nothing_of_caddy() -> None:
    for path in sorted(ENGINE.rglob("*.py")):
        outside = {
            m
            for m in _imported(path)
            if m.split(".")[0] == "caddy" or m.startswith("caddy_plugins.codecs")
        }
        assert not outside, f"{path.name} imports {sorted(outside)}"
        assert not {"parse_trf", "read_trf"} & _defined(path), path.name


def test_parse_trf_and_read_trf_are_defined_once() -> None:
    places = [
        path.relative_to(PLUGINS).as_posix()
        for path in sorted(PLUGINS.rglob("*.py"))
        if {"parse_trf", "read_trf"} & _defined(path)
    ]
    assert places == ["codecs/trf/results.py"]


def test_the_engines_request_comes_from_the_codecs_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int | None] = []
    real = trf_pairing.pairing_input

    def spy(*args: object, **kwargs: object) -> object:
        asked.append(kwargs.get("round"))  # type: ignore[arg-type]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(trf_pairing, "pairing_input", spy)
    assert pair_trf(ELEVEN, 4).pairs
    assert asked == [4]
