"""The tutorial's plugins as real packages: docs/tutorial.md's install blocks run as written,
once each. Section 4: pip installs the format plugin (docs/examples/caddy-banded) into a folder
of its own, it is found through its entry point, and its own tests
(caddy.testing.FormatContract) pass. Section 5: the same for the tie-break plugin
(docs/examples/caddy-fewest-draws, caddy.testing.TieBreakContract), and it ranks the example
club event as the tutorial shows. tests/test_docs.py leaves these blocks to this module.

The blocks must also work on a fresh machine after the README's first command
(``python3 -m pip install .``, caddy alone): what they need besides caddy is installed by the
section 4 block before it is used. ``nox -s tutorial`` runs both blocks in a new virtual
environment after that command."""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Run
from tests.shell import Shell, ShellRun, logical_lines, words

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs/tutorial.md"
README = ROOT / "README.md"
SECTIONS = ("## 4. Install it and use it", "## 5. A tie-break plugin")


def install_block(heading: str = SECTIONS[0]) -> str:
    """The ``sh`` block of a tutorial section (default: 4, "Install it and use it")."""
    section = TUTORIAL.read_text(encoding="utf-8").split(heading, 1)[1]
    return section.split("```sh\n", 1)[1].split("```", 1)[0]


def install_blocks() -> list[str]:
    return [install_block(heading) for heading in SECTIONS]


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


@pytest.mark.slow  # pip installs the tutorial's plugin: nox -s slow
def test_block_runs_as_written(tutorial: tuple[ShellRun, Path]) -> None:
    run, site = tutorial
    assert run.code == 0, run.out + run.err
    assert run.commands == 6
    assert "Traceback" not in run.err
    assert " passed" in run.out and "failed" not in run.out  # the plugin's own tests
    assert "banded  (caddy_banded; caddy-banded 1.0.0)" in run.out.splitlines()  # caddy plugins
    assert any(site.glob("caddy_banded-1.0.0.dist-info"))


@pytest.mark.slow  # pip installs the tutorial's plugin: nox -s slow
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


@pytest.mark.slow  # pip installs the tutorial's plugin: nox -s slow
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


# -- section 5: the tie-break plugin ----------------------------------------------------


@pytest.fixture(scope="module")
def tiebreak(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ShellRun, Path]]:
    """Section 5's block, run in a fresh folder holding a link to docs/."""
    folder = tmp_path_factory.mktemp("tiebreak")
    (folder / "docs").symlink_to(ROOT / "docs")
    here = Path.cwd()
    os.chdir(folder)
    try:
        run = Shell().run(install_block(SECTIONS[1]))
    finally:
        os.chdir(here)
    yield run, folder / "site"


@pytest.mark.slow  # pip installs the tutorial's plugin: nox -s slow
def test_tiebreak_block_runs_as_written(tiebreak: tuple[ShellRun, Path]) -> None:
    """pip installs it, caddy ranks and explains with it, and its own tests pass:
    caddy's tie-break contract suite and the values worked out by hand."""
    run, site = tiebreak
    assert run.code == 0, run.out + run.err
    assert run.commands == 4
    assert "Traceback" not in run.err
    assert any(site.glob("caddy_fewest_draws-1.0.0.dist-info"))
    assert re.search(r"^\d+ passed", run.out, flags=re.MULTILINE), run.out
    assert "failed" not in run.out and "error" not in run.out.lower()
    assert "TestFewestDrawsContract" not in run.out  # -q: no failure listed


@pytest.mark.slow  # pip installs the tutorial's plugin: nox -s slow
def test_tiebreak_ranks_as_shown(tiebreak: tuple[ShellRun, Path]) -> None:
    """The standings the tutorial shows (the ``text`` block after the install block) are
    what `caddy standings --tiebreaks DRAWS,SB` printed; --explain works by name."""
    run, _ = tiebreak
    section = TUTORIAL.read_text(encoding="utf-8").split(SECTIONS[1], 1)[1]
    after = section.split("```sh\n", 1)[1].split("```", 1)[1]
    shown = after.split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    assert shown[0].split() == ["rank", "no", "name", "points", "DRAWS", "SB"]
    printed = run.out.splitlines()
    start = printed.index(shown[0])
    assert printed[start : start + len(shown)] == shown
    assert "DRAWS = 1: 1 of 3 rounds drawn" in printed  # Anna's explanation
    assert "  round 3 vs 3 result = adds 1 (drawn)" in printed


@pytest.mark.slow  # pip installs the tutorial's plugin: nox -s slow
def test_tiebreak_loads_through_its_entry_point(tiebreak: tuple[ShellRun, Path]) -> None:
    """In this process, a host reading entry points with the folder on sys.path finds it
    (as `caddy plugins` would), and its values come out of caddy's standings."""
    import sys

    from caddy.contracts.tiebreak_spec import parse_spec
    from caddy.model.results_table import ResultsTableBuilder
    from caddy.plugins.host import PluginHost
    from caddy.standings.ranking import build_table, standings

    _, site = tiebreak
    sys.path.insert(0, str(site))
    try:
        host = PluginHost()
        plugin = host.tiebreaks().get("DRAWS")
        assert type(plugin).__module__ == "caddy_fewest_draws"
        event = ResultsTableBuilder(["A", "B", "C", "D"], rounds=2)
        event.game(1, 1, 2, "1/2").game(1, 3, 4, "1-0").game(2, 3, 1, "1/2").game(2, 2, 4, "1/2")
        table = standings(event.build(), ["DRAWS"], host=host)
        assert {row.name: row.tiebreaks["DRAWS"] for row in table.rows} == {
            "A": 2.0,
            "B": 2.0,
            "C": 1.0,
            "D": 1.0,
        }
        assert plugin.lower_is_better(parse_spec("DRAWS"))
        # docs/plugins.md shows its explain: the same working for every player
        shown = _plugins_page_explain()
        folded = build_table(event.build(), pre_determined=False)
        for i in range(folded.n):
            spec = parse_spec("DRAWS")
            assert shown(folded, spec, i) == plugin.explain(folded, spec, i)
    finally:
        sys.path.remove(str(site))
        for name in [m for m in sys.modules if m.startswith("caddy_fewest_draws")]:
            del sys.modules[name]


def _plugins_page_explain() -> Callable[..., object]:
    """The ``explain`` function docs/plugins.md shows for the worked example."""
    page = (ROOT / "docs/plugins.md").read_text(encoding="utf-8")
    section = page.split("## Writing a tie-break", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/plugins.md", "exec"), namespace)
    function: Callable[..., object] = namespace["explain"]
    return function


# -- after the README's first command -----------------------------------------------------


def _pip_installs(block: str) -> list[tuple[int, list[str]]]:
    """(line, what it installs) for each ``python3 -m pip install`` of a block."""
    found = []
    for number, line in enumerate(logical_lines(block)):
        argv = words(line)
        if argv[:4] == ["python3", "-m", "pip", "install"]:
            found.append((number, [w for w in argv[4:] if not w.startswith("-")]))
    return found


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_blocks_work_after_the_readme_first_command() -> None:
    """The README's first command installs caddy and its dependencies, nothing else
    (it failed with "No module named 'hatchling'" when the tutorial built without
    build isolation on such a machine). Every package a block builds from a source
    folder needs its build backend installed first when it builds with
    ``--no-build-isolation``, and the plugins' tests need pytest and hypothesis."""
    readme = README.read_text(encoding="utf-8")
    first = readme.split("```sh\n", 1)[1].split("\n", 1)[0]
    assert first.startswith("python3 -m pip install . ")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    installed = {"chess-caddy", *(_name(d) for d in project["project"]["dependencies"])}
    script = "\n".join(install_blocks())
    installs = _pip_installs(script)
    lines = list(logical_lines(script))
    needed: list[tuple[int, str]] = []
    for number, line in enumerate(lines):
        argv = [w for w in words(line) if "=" not in w or w.startswith("-")]  # no NAME=value
        if argv[:4] == ["python3", "-m", "pip", "install"] and "--no-build-isolation" in argv:
            for folder in (w for w in argv[4:] if w.startswith("docs/")):
                meta = tomllib.loads((ROOT / folder / "pyproject.toml").read_text())
                needed += [(number, _name(r)) for r in meta["build-system"]["requires"]]
        if argv[:3] == ["python3", "-m", "pytest"]:
            needed += [(number, "pytest"), (number, "hypothesis")]
    assert needed
    for number, package in needed:
        before = {_name(p) for n, names in installs if n < number for p in names}
        assert package in installed | before, (
            f"tutorial line {lines[number]!r} needs {package}, which neither the README's "
            "first command nor an earlier line installs"
        )
