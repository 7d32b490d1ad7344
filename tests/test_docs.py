"""Every code block in the docs runs (or parses), and the hook reference is complete.

- ``python`` blocks are executed; ``sh`` blocks run as ``bash -e`` would;
  ``console`` blocks run each ``$`` command and every output line they show
  (lines with an ellipsis aside) must be in what the command printed.
  ``caddy`` runs in this process (tests/shell.py: each command with a fresh
  plugin host, as a new process has); ``python3`` lines run in a subprocess.
- A block marked ``<!-- needs: browser -->`` or ``<!-- needs: system packages -->``
  on the line before it is only checked to parse; so is one marked
  ``<!-- file: PATH -->``, which must be the file ``docs/PATH`` as it is (a
  page shows an example's files in plain Markdown, no Sphinx include).
- No page uses Sphinx-only markup (MyST directives, roles, targets, colon
  fences) but index.md's toctrees: every page reads on a code forge as it does
  in the Sphinx site.
- ``json``, ``toml`` and ``html`` blocks must parse.

Each block runs in a fresh folder holding the files the docs name
(``players.csv``, ``teams.csv``, ``club.json``, ``event.trf``, ``broken.trf``)
and a link to ``docs/``; ``python3`` is the test run's own.

The README's tour runs here too (once); its event workflow is
tests/test_event_file.py's ``test_readme_workflow_runs_as_written``.
"""

from __future__ import annotations

import ast
import contextlib
import inspect
import json
import re
import shutil
import subprocess
import tomllib
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from caddy.plugins import hookspecs
from tests.conftest import DATA, Run
from tests.shell import Shell, words
from tests.test_docs_example import install_blocks

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MARKERS = ("<!-- needs: browser -->", "<!-- needs: system packages -->")
FILE_MARKER = re.compile(r"^<!-- file: (\S+) -->$")
FENCE = re.compile(r"^```(\w[\w-]*)?\s*$")


def blocks(path: Path) -> Iterator[tuple[int, str, str, bool]]:
    """(line, language, code, parse only) for every fenced block of a Markdown file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if match and match.group(1):
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            before = lines[i - 1].strip() if i > 0 else ""
            marked = before in MARKERS or bool(FILE_MARKER.match(before))
            yield i + 1, match.group(1), "\n".join(lines[i + 1 : end]) + "\n", marked
            i = end
        i += 1


#: Languages whose blocks are checked (``text`` blocks, shown output, are not).
CHECKED = ("python", "sh", "console", "json", "toml", "html")
CASES = [
    pytest.param(path, line, language, code, marked, id=f"{path.name}:{line}")
    for path in sorted(DOCS.glob("*.md"))
    for line, language, code, marked in blocks(path)
    if language in CHECKED
]


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Callable[..., Run]) -> Path:
    """A folder with the files the docs' examples name."""
    (tmp_path / "docs").symlink_to(DOCS)
    (tmp_path / "players.csv").write_text(
        "name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\nEve,1900\nFinn,1850\n"
        "Gus,1800\nHal,1750\n"
    )
    (tmp_path / "teams.csv").write_text(
        "name,rating,team\n"
        + "".join(f"A{i},{2000 - i},Lions\n" for i in range(1, 5))
        + "".join(f"B{i},{1990 - i},Tigers\n" for i in range(1, 5))
    )
    rr = DATA / "trf/rr_fide_tec_exercise_held_6p.trf"
    shutil.copy(rr, tmp_path / "event.trf")
    text = rr.read_text()
    text = text.replace(
        "2150 NOR           0 1990/01/01  3.5    2     6 w 1",
        "2150 NOR           0 1990/01/01  3.5    2     5 w 1",
    )
    (tmp_path / "broken.trf").write_text(text)
    # a Swiss as a pairing program hands it over before round 4 (docs/swiss.md)
    shutil.copy(DOCS / "examples/swiss_dutch_11p9r_before_round_4.trf", tmp_path / "swiss.trf")
    run = cli("import", str(rr), "-o", str(tmp_path / "club.json"))
    assert (run.code, run.err) == (0, "")
    monkeypatch.chdir(tmp_path)
    return tmp_path


class _Html(HTMLParser):
    pass


@pytest.mark.parametrize("path,line,language,code,marked", CASES)
def test_doc_block(
    path: Path, line: int, language: str, code: str, marked: bool, request: pytest.FixtureRequest
) -> None:
    where = f"{path.name}:{line}"
    if language in ("python", "sh", "console") and not (marked and language != "console"):
        request.getfixturevalue("sandbox")  # only a block that runs reads its files
    if language == "python":
        tree = ast.parse(code, where)
        if not marked:
            namespace: dict[str, object] = {"__name__": f"docs_{path.stem}"}
            with contextlib.redirect_stdout(None):
                exec(compile(tree, where, "exec"), namespace)
    elif language == "sh":
        if code in install_blocks():
            return  # run once, with more checks, by tests/test_docs_example.py
        if marked:
            check = subprocess.run(["bash", "-n", "-c", code], capture_output=True, text=True)
            assert check.returncode == 0, check.stderr
        else:
            run = Shell().run(code)
            assert run.code == 0, f"{where}: {run.err}"
            assert run.commands >= len([w for w in code.splitlines() if w.strip()])
    elif language == "console":
        _console(code, where)
    elif language == "json":
        json.loads(code)
    elif language == "toml":
        tomllib.loads(code)
    elif language == "html":
        _Html().feed(code)


def _console(code: str, where: str) -> None:
    """Run each ``$`` command; the output lines shown must be in its output."""
    command: str | None = None
    shown: list[str] = []

    def finish() -> None:
        if command is None:
            return
        run = Shell().run(command)
        assert run.code == 0, f"{where}: $ {command}\n{run.err}"
        printed = {line.rstrip() for line in (run.out + run.err).splitlines()}
        for line in shown:
            if "..." in line or "…" in line or not line.strip():
                continue
            assert line.rstrip() in printed, f"{where}: $ {command}\nmissing: {line!r}"

    for line in code.splitlines():
        if line.startswith("$ "):
            finish()
            command, shown = line[2:], []
        else:
            shown.append(line)
    finish()


def test_every_block_kind_is_handled() -> None:
    kinds = {language for path in DOCS.glob("*.md") for _, language, _, _ in blocks(path)}
    assert kinds <= {*CHECKED, "text"}, kinds


# -- the README ---------------------------------------------------------------------


def test_readme_tour_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's tour block (after ``<!-- tour -->``), run in an empty folder."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    tour = text.split("<!-- tour -->", 1)[1]
    script = tour.split("```sh\n", 1)[1].split("```", 1)[0]
    (tmp_path / "docs").symlink_to(DOCS)
    monkeypatch.chdir(tmp_path)
    run = Shell().run(script)
    assert run.code == 0, run.err
    lines = script.strip().splitlines()
    assert len(lines) <= 20
    commands = sum(1 + sum(w in ("&&", "||", ";") for w in words(line)) for line in lines)
    assert run.commands == commands  # every command ran
    assert "Traceback" not in run.err
    assert "Anna" in run.out and "Alyx" in run.out
    assert (tmp_path / "crosstable.html").read_text().lstrip().startswith("<")
    assert json.loads((tmp_path / "fide.json").read_text())["schema"] == "caddy.tournament"


# -- the hook reference -------------------------------------------------------------


HOOKS = sorted(
    name
    for name, value in vars(hookspecs).items()
    if name.startswith("caddy_") and inspect.isfunction(value)
)


def test_hooks_are_known() -> None:
    assert "caddy_register_renderers" in HOOKS and "caddy_register_codecs" in HOOKS


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_is_documented(hook: str) -> None:
    """A docstring describing every parameter, and a place on the hook reference page."""
    function = getattr(hookspecs, hook)
    doc = inspect.getdoc(function) or ""
    assert len(doc.split()) >= 20, f"{hook}: no real docstring"
    for parameter in inspect.signature(function).parameters:
        assert f":param {parameter}:" in doc, f"{hook}: parameter {parameter} undocumented"
    assert "versionadded" in doc
    page = (DOCS / "hooks.md").read_text(encoding="utf-8")
    assert f"### `{hook}`\n" in page, f"{hook} is missing from docs/hooks.md"


# -- plain Markdown -------------------------------------------------------------------

#: Sphinx-only markup: a MyST directive fence, a colon fence, a role, a target.
SPHINX_ONLY = {
    "directive": re.compile(r"^\s*(`{3,}|~{3,})\s*\{[\w:-]+\}"),
    "colon fence": re.compile(r"^\s*:{3,}"),
    "role": re.compile(r"(?<!`)\{[a-z][\w:-]*\}`[^`]+`"),
    "target": re.compile(r"^\(\S+\)=\s*$"),
}
#: What a page may keep: index.md's toctrees build the site's navigation (on a
#: forge they show as code blocks listing the pages, which the page's own links
#: already name).
ALLOWED = {("index.md", "```{toctree}")}


def sphinx_only(path: Path) -> list[str]:
    """``page:line: kind: text`` for every Sphinx-only construct of a page; the
    contents of fenced code blocks are examples, not markup."""
    found = []
    fence: str | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if fence is not None:
            if stripped == fence:
                fence = None
            continue
        for kind, pattern in SPHINX_ONLY.items():
            if pattern.search(line) and (path.name, stripped) not in ALLOWED:
                found.append(f"{path.name}:{number}: {kind}: {stripped}")
        opening = re.match(r"^(`{3,}|~{3,})", stripped)
        if opening:
            fence = opening.group(1)
    return found


def test_pages_are_plain_markdown() -> None:
    found = [hit for path in sorted(DOCS.glob("*.md")) for hit in sphinx_only(path)]
    found += sphinx_only(ROOT / "README.md")
    assert not found, "\n".join(found)


def test_sphinx_only_markup_is_recognised(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "(intro)=\n# Page\n\nSee {ref}`intro` and `{team}` (code).\n\n"
        "```{eval-rst}\n.. automodule:: caddy.model.schedule\n```\n\n:::{note}\nA note.\n:::\n\n"
        "```text\n```{literalinclude} x.py\n```\n"
    )
    kinds = [hit.split(": ")[1] for hit in sphinx_only(page)]
    assert kinds == ["target", "role", "directive", "colon fence", "colon fence"]


def file_blocks() -> Iterator[tuple[str, str, str]]:
    """(page:line, path, code) for every block marked ``<!-- file: PATH -->``."""
    for page in sorted(DOCS.glob("*.md")):
        lines = page.read_text(encoding="utf-8").splitlines()
        for line, _, code, _ in blocks(page):
            marker = FILE_MARKER.match(lines[line - 2].strip()) if line > 1 else None
            if marker:
                yield f"{page.name}:{line}", marker.group(1), code


def test_file_blocks_are_the_files() -> None:
    shown = list(file_blocks())
    assert {"examples/caddy-banded/caddy_banded/__init__.py"} <= {p for _, p, _ in shown}
    for where, path, code in shown:
        assert code == (DOCS / path).read_text(encoding="utf-8"), (
            f"{where}: the block differs from docs/{path}"
        )
