"""Core's packages are layers: import-linter's contracts, run on the source tree.

The contracts are pyproject.toml's ``[tool.importlinter]`` (docs/architecture.md):
the layers from ``caddy.cli`` down to ``caddy.errors | caddy.messages``, the
packages that know nothing of each other, what the library never imports, and
no cycle between sibling packages or modules at run time. One more contract
lives here: no cycle between core's packages even counting the imports under
``if TYPE_CHECKING:``, except the few in :data:`KEPT_TYPE_CHECKING_IMPORTS`, each
with its reason.

import-linter runs in a subprocess whose ``sys.path`` starts with this
checkout's ``core/`` and ``plugins/`` (checked before it runs), with a config
written to a temporary folder: the test reads the source tree, installed
editable or not. Each contract is shown to fail on a violation planted in a
temporary tree of empty packages. docs/architecture.md's diagram and its list
of kept imports are checked against the same contracts.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
SETTINGS: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"
]["importlinter"]
CONTRACTS: list[dict[str, Any]] = SETTINGS["contracts"]
LAYERS = "core's packages are layers"

#: The imports under ``if TYPE_CHECKING:`` that close a cycle between core's
#: packages, kept on purpose ("importer -> imported": why). Only type hints name
#: these; at run time each package still imports only from the ones below it.
KEPT_TYPE_CHECKING_IMPORTS: dict[str, str] = {
    "caddy.contracts.io -> caddy.event.file": (
        "a codec writes an event file: Codec.write(event: EventFile); the contract"
        " names the type only, codecs receive the file from the layers above"
    ),
    "caddy.contracts.codecs -> caddy.event.file": (
        "a codec reads an event file: Imported.event, what Codec.read returns, is an EventFile"
    ),
    "caddy.contracts.tiebreak_table -> caddy.plugins.host": (
        "the tie-break table carries the plugin host the standings run with"
        " (Table.host: PluginHost | None), so a tie-break computed from another"
        " (APRO from TPR) asks that host; the caller passes it in"
    ),
}

RUNNER = """
import importlib.util, sys
from pathlib import Path
config, *roots = sys.argv[1:]
sys.path[:0] = roots
for name in ("caddy", "caddy_plugins"):
    spec = importlib.util.find_spec(name)
    origin = Path(spec.origin).resolve() if spec and spec.origin else None
    if origin is None or not any(origin.is_relative_to(Path(r).resolve()) for r in roots):
        sys.exit(f"{name} is {origin}, not from {roots}")
from importlinter.cli import lint_imports
sys.exit(lint_imports(config_filename=config, no_cache=True, no_logo=True))
"""

STATUS = re.compile(r"^(?P<name>.+) (?P<status>KEPT|BROKEN)\b")


@attrs.frozen
class Lint:
    """What import-linter said: its exit code, its output, each contract's verdict."""

    code: int
    output: str
    verdicts: dict[str, str]


def _toml(settings: Mapping[str, Any]) -> str:
    """``[tool.importlinter]`` as TOML (values are strings, lists, numbers, booleans)."""
    lines = ["[tool.importlinter]"]
    lines += [f"{k} = {json.dumps(v)}" for k, v in settings.items() if k != "contracts"]
    for contract in settings.get("contracts", []):
        lines += ["", "[[tool.importlinter.contracts]]"]
        lines += [f"{k} = {json.dumps(v)}" for k, v in contract.items()]
    return "\n".join(lines) + "\n"


def lint(folder: Path, settings: Mapping[str, Any], roots: list[Path]) -> Lint:
    """Run import-linter with ``settings`` over the packages found in ``roots``."""
    config = folder / "importlinter.toml"
    config.write_text(_toml(settings), encoding="utf-8")
    env = {**os.environ, "COLUMNS": "250", "NO_COLOR": "1", "TERM": "dumb"}
    env.pop("PYTHONPATH", None)
    run = subprocess.run(
        [sys.executable, "-c", RUNNER, str(config), *map(str, roots)],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    output = run.stdout + run.stderr
    verdicts = {
        match["name"]: match["status"]
        for match in map(STATUS.match, output.splitlines())
        if match is not None
    }
    return Lint(run.returncode, output, verdicts)


def type_checking_settings(kept: Mapping[str, str]) -> dict[str, Any]:
    """A contract over core's packages counting ``TYPE_CHECKING`` imports, ``kept`` aside."""
    contract: dict[str, Any] = {
        "name": "no cycle between core's packages, counting TYPE_CHECKING imports",
        "type": "acyclic_siblings",
        "ancestors": ["caddy"],
        "depth": 0,
    }
    if kept:
        contract["ignore_imports"] = sorted(kept)
    return {
        "root_packages": ["caddy"],
        "include_external_packages": False,
        "exclude_type_checking_imports": False,
        "contracts": [contract],
    }


SOURCE = [ROOT / "core", ROOT / "plugins"]


def test_the_contracts_hold(tmp_path: Path) -> None:
    result = lint(tmp_path, SETTINGS, SOURCE)
    assert result.code == 0, result.output
    assert result.verdicts == {c["name"]: "KEPT" for c in CONTRACTS}, result.output


def test_the_config_has_each_kind_of_contract() -> None:
    kinds = {c["type"] for c in CONTRACTS}
    assert {"layers", "independence", "forbidden", "acyclic_siblings"} <= kinds
    assert SETTINGS["exclude_type_checking_imports"] is True
    assert set(SETTINGS["root_packages"]) == {"caddy", "caddy_plugins"}


def test_no_cycle_between_packages_counting_type_checking_imports(tmp_path: Path) -> None:
    """Only the kept ones close a cycle, and each kept one still exists (else the run
    errors: an ignored import that matches nothing)."""
    result = lint(tmp_path, type_checking_settings(KEPT_TYPE_CHECKING_IMPORTS), SOURCE)
    assert result.code == 0, result.output
    assert list(result.verdicts.values()) == ["KEPT"], result.output


def test_the_kept_type_checking_imports_do_close_a_cycle(tmp_path: Path) -> None:
    result = lint(tmp_path, type_checking_settings({}), SOURCE)
    assert result.code == 1, result.output
    assert list(result.verdicts.values()) == ["BROKEN"], result.output


# --- each contract fails on a planted violation ------------------------------------------


def _named(settings: Mapping[str, Any]) -> set[str]:
    """Every module a contract names (layers, sources, ancestors ...)."""
    names: set[str] = set(settings["root_packages"])
    for contract in settings["contracts"]:
        for key in ("layers", "modules", "source_modules", "forbidden_modules", "ancestors"):
            for entry in contract.get(key, []):
                names.update(part.strip(" ()") for part in re.split(r"[|:]", entry))
    return names


def _plant(tmp_path: Path, files: Mapping[str, str]) -> list[Path]:
    """A tree with every package the contracts name (empty), then ``files``;
    ``caddy.x.y`` is written ``core/caddy/x/y/__init__.py``, ``caddy_plugins`` under
    ``plugins/``."""
    roots = [tmp_path / "core", tmp_path / "plugins"]
    modules = dict.fromkeys(_named(SETTINGS) | {"caddy.testing"}, "")
    for name, text in {**CLEAN, **files}.items():
        modules[name] = text
    for name, text in modules.items():
        root = roots[1] if name.split(".")[0] == "caddy_plugins" else roots[0]
        folder = root.joinpath(*name.split("."))
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "__init__.py").write_text(text, encoding="utf-8")
        for parent in folder.parents:
            if parent in roots:
                break
            (parent / "__init__.py").touch()
    return roots


#: Imports the contracts allow: each layer from the one below, TYPE_CHECKING upward.
CLEAN = {
    "caddy.cli": "import caddy.publish\nimport caddy.files\nimport caddy.schedule\n",
    "caddy.publish": "import caddy.views\nimport caddy.files\n",
    "caddy.views": "import caddy.pairing\nimport caddy.standings\n",
    "caddy.pairing": "import caddy.event\n",
    "caddy.event": "import caddy.standings\nimport caddy.schedule\nimport caddy.files\n",
    "caddy.standings": "import caddy.plugins\nimport caddy.errors\n",
    "caddy.schedule": "import caddy.plugins\nimport caddy.messages\n",
    "caddy.plugins": "import caddy.contracts\n",
    "caddy.contracts": (
        "from typing import TYPE_CHECKING\nimport caddy.model\n"
        "if TYPE_CHECKING:\n    import caddy.event\n"
    ),
    "caddy.files": "import caddy.model\n",
    "caddy.model": "import caddy.errors\nimport caddy.messages\n",
    "caddy.testing": "import caddy.event\n",
    "caddy.entry": "def run() -> None:\n    import caddy.cli\n",
    "caddy_plugins": "import caddy.contracts\n",
    "caddy_plugins.formats.a": "import caddy_plugins.formats.b\n",
    "caddy_plugins.formats.b": "",
}

PLANTED = {
    LAYERS: {"caddy.model": "import caddy.cli\n"},
    "standings and schedule know nothing of each other": {
        "caddy.schedule.calendar": "import caddy.standings\n"
    },
    "errors and messages know nothing of each other": {"caddy.messages": "import caddy.errors\n"},
    "core never imports the plugins": {"caddy.views.render": "import caddy_plugins.formats.a\n"},
    "the library never imports the contract suites (caddy.testing imports pytest)": {
        "caddy.cli.check": "def f() -> None:\n    import caddy.testing\n"
    },
    "the plugin seam, standings and views read and write no file themselves": {
        "caddy.views.save": "from caddy.files import x\n"
    },
    "no import cycle between sibling packages or modules, at any depth": {
        "caddy_plugins.formats.b": "def f() -> None:\n    import caddy_plugins.formats.a\n"
    },
}


def test_every_contract_has_a_planted_violation() -> None:
    assert set(PLANTED) == {c["name"] for c in CONTRACTS}


@pytest.mark.slow  # the contracts shown to fail on planted trees: nox -s slow
def test_a_clean_tree_keeps_every_contract(tmp_path: Path) -> None:
    result = lint(tmp_path, SETTINGS, _plant(tmp_path, {}))
    assert result.code == 0, result.output
    assert result.verdicts == {c["name"]: "KEPT" for c in CONTRACTS}, result.output


@pytest.mark.slow  # the contracts shown to fail on planted trees: nox -s slow
@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_planted_violation_breaks_its_contract(tmp_path: Path, name: str) -> None:
    result = lint(tmp_path, SETTINGS, _plant(tmp_path, PLANTED[name]))
    assert result.code == 1, result.output
    assert result.verdicts[name] == "BROKEN", result.output


@pytest.mark.slow  # the contracts shown to fail on planted trees: nox -s slow
def test_a_planted_upward_import_names_the_layers(tmp_path: Path) -> None:
    result = lint(tmp_path, SETTINGS, _plant(tmp_path, PLANTED[LAYERS]))
    assert result.verdicts[LAYERS] == "BROKEN", result.output
    assert "caddy.model is not allowed to import caddy.cli:" in result.output, result.output
    assert "- caddy.model -> caddy.cli (l.1)" in result.output, result.output


@pytest.mark.slow  # the contracts shown to fail on planted trees: nox -s slow
def test_a_type_checking_import_upward_is_kept_only_when_listed(tmp_path: Path) -> None:
    roots = _plant(tmp_path, {})
    # caddy.contracts names caddy.event under TYPE_CHECKING; event imports contracts below it
    listed = {"caddy.contracts -> caddy.event": "a planted reason"}
    assert lint(tmp_path, type_checking_settings(listed), roots).verdicts == {
        "no cycle between core's packages, counting TYPE_CHECKING imports": "KEPT"
    }
    broken = lint(tmp_path, type_checking_settings({}), roots)
    assert list(broken.verdicts.values()) == ["BROKEN"], broken.output
    assert ".contracts -> .event" in broken.output, broken.output
    # a kept import that no longer exists is an error: the list only shrinks
    stale = {**listed, "caddy.model -> caddy.cli": "gone"}
    result = lint(tmp_path, type_checking_settings(stale), roots)
    assert result.code != 0
    assert "caddy.model -> caddy.cli" in result.output, result.output


@pytest.mark.slow  # the contracts shown to fail on planted trees: nox -s slow
def test_the_tree_checked_is_the_one_given(tmp_path: Path) -> None:
    """A tree without caddy_plugins: the runner refuses to lint another (installed) one."""
    roots = _plant(tmp_path, {})
    shutil.rmtree(tmp_path / "plugins" / "caddy_plugins")
    result = lint(tmp_path, SETTINGS, roots)
    assert result.code != 0
    assert "caddy_plugins is " in result.output, result.output
    assert result.verdicts == {}


# --- docs/architecture.md says the same ---------------------------------------------------

ARCHITECTURE = ROOT / "docs" / "architecture.md"


def test_the_diagram_shows_the_layers_of_the_contract() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    diagram = text.split("## Layers", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    shown = [
        match[1]
        for match in map(
            re.compile(r"^ (caddy\.\w+(?: \| caddy\.\w+)*)(?:\s|$)").match, diagram.splitlines()
        )
        if match is not None
    ]
    (layers,) = [c["layers"] for c in CONTRACTS if c["name"] == LAYERS]
    assert shown == layers


def test_the_page_lists_the_kept_type_checking_imports() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    listed = set(re.findall(r"^- `(caddy\.[\w.]+)` → `(caddy\.[\w.]+)`:", text, re.MULTILINE))
    assert listed == {tuple(kept.split(" -> ")) for kept in KEPT_TYPE_CHECKING_IMPORTS}
