"""Development sessions: `nox` runs the tests; `nox -s tests lint typing` is the full check.

Every session uses the interpreter running nox (no hard-coded Python
versions), so each works on any machine with Python 3.11 or newer.
"""

from __future__ import annotations

import os

import nox

nox.options.sessions = ["tests"]
nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True

TYPING_DEPS = ["mypy>=1.10", "nox>=2024.3"]
SOURCE = ["core", "plugins"]


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite against the installed (built) package."""
    session.install(".[test]")
    session.run("pytest", *(session.posargs or ["-n", "auto"]))


@nox.session(default=False)
def slow(session: nox.Session) -> None:
    """The tests marked slow, seconds each, so not in the default run: pip installs the
    tutorial's plugins, a nested pytest run with a third-party plugin installed, every
    format replayed in fresh processes, a process running out of memory, the team
    sample's rounds re-paired one by one and without the readings, the longest
    simulated events, the mutants of the two large TRF samples, the import-linter
    contracts shown to fail on planted trees (docs/performance.md)."""
    session.install(".[test]")
    session.run("pytest", "-m", "slow", *session.posargs)


@nox.session(default=False)
def properties(session: nox.Session) -> None:
    """Every property test (hypothesis) with all the examples its settings ask for;
    the default run tries an eighth of them, at least 5 (tests/conftest.py)."""
    session.install(".[test]")
    session.run(
        "pytest", "-m", "property", *(session.posargs or ["-n", "auto"]),
        env={"CADDY_PROPERTIES": "full"},
    )  # fmt: skip


@nox.session
def lint(session: nox.Session) -> None:
    """ruff: lint and formatting; lint-imports: the layers of core (pyproject.toml)."""
    session.install("ruff>=0.5", "import-linter>=2.17")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    # import-linter reads the source: core/ and plugins/ on the path, nothing installed
    session.run("lint-imports", "--no-cache", env={"PYTHONPATH": os.pathsep.join(SOURCE)})


@nox.session
def typing(session: nox.Session) -> None:
    """mypy --strict over core, plugins, tests, benchmarks and this file."""
    session.install("-e", ".[test]", *TYPING_DEPS)
    session.run("mypy")


@nox.session(default=False)
def swiss(session: nox.Session) -> None:
    """Every round of the Dutch corpus re-paired through `caddy pair` (the tests run a subset)."""
    session.install(".")
    session.run("python", "benchmarks/swiss_check.py", "tests/data/swiss/dutch-2026")
    session.run("python", "benchmarks/swiss_check.py", "--prefixes", "tests/data/swiss/dutch-2026")
    session.run("python", "benchmarks/swiss_check.py", "--checker", "tests/data/swiss/dutch-2026")


@nox.session(default=False)
def burstein(session: nox.Session) -> None:
    """Every round of the Burstein corpus (tests/data/swiss/burstein) re-paired through
    `caddy pair` and `caddy check --pairings`; where bbpPairings is installed
    ($CADDY_BBPPAIRINGS, else bbpPairings.exe on the PATH), also a fresh sweep of its
    Burstein generator (seeds from the posargs, default 1001-1100)."""
    import os
    import shutil
    import tempfile

    session.install(".")
    folder = "tests/data/swiss/burstein"
    session.run("python", "benchmarks/swiss_check.py", folder)
    session.run("python", "benchmarks/swiss_check.py", "--checker", folder)
    engine = os.environ.get("CADDY_BBPPAIRINGS") or shutil.which("bbpPairings.exe")
    if not engine:
        session.log("bbpPairings not installed: no fresh sweep")
        return
    seeds = session.posargs[0] if session.posargs else "1001-1100"
    with tempfile.TemporaryDirectory() as fresh:
        session.run(
            "python", "benchmarks/burstein_corpus.py", fresh, "--engine", engine,
            "--seeds", seeds, "--source", "generator",
        )  # fmt: skip
        session.run("python", "benchmarks/swiss_check.py", fresh)


@nox.session(default=False)
def swiss_points(session: nox.Session) -> None:
    """Every round of the point-systems corpus (tests/data/swiss/points) re-paired through
    `caddy pair`; where bbpPairings is installed ($CADDY_BBPPAIRINGS, else bbpPairings.exe
    on the PATH), also a fresh sweep of its generator (seeds from the posargs, default 1-30)."""
    import os
    import shutil
    import tempfile

    session.install(".")
    folder = "tests/data/swiss/points"
    session.run("python", "benchmarks/swiss_check.py", folder, "--by-system")
    engine = os.environ.get("CADDY_BBPPAIRINGS") or shutil.which("bbpPairings.exe")
    if not engine:
        session.log("bbpPairings not installed: no fresh sweep")
        return
    seeds = session.posargs[0] if session.posargs else "1-30"
    with tempfile.TemporaryDirectory() as fresh:
        session.run(
            "python", "benchmarks/swiss_points_corpus.py", fresh, "--engine", engine,
            "--seeds", seeds,
        )  # fmt: skip
        session.run("python", "benchmarks/swiss_check.py", fresh, "--by-system")


@nox.session(default=False)
def bench(session: nox.Session) -> None:
    """The benchmarks (ratios against floors measured in the same run)."""
    session.install(".")
    session.run("python", "benchmarks/startup.py")
    session.run("python", "benchmarks/schedule.py")
    session.run("python", "benchmarks/io.py")
    session.run("python", "benchmarks/standings.py")
    session.run("python", "benchmarks/teams.py")


@nox.session(default=False)
def suite(session: nox.Session) -> None:
    """The test suite's time on a fresh clone of HEAD (benchmarks/suite.py; goal < 60 s)."""
    session.install(".[test]")
    session.run("python", "benchmarks/suite.py", "--collect", *session.posargs)


@nox.session(default=False)
def docs(session: nox.Session) -> None:
    """The documentation site (Sphinx, furo, MyST Markdown); any warning fails it."""
    session.install("-e", ".[docs]")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")


@nox.session(default=False)
def tutorial(session: nox.Session) -> None:
    """docs/tutorial.md's install blocks (sections 4 and 5) as a newcomer runs them: in a
    fresh environment after the README's first command, `python3 -m pip install .`."""
    import pathlib

    root = pathlib.Path.cwd()
    text = (root / "docs/tutorial.md").read_text(encoding="utf-8")
    headings = ("## 4. Install it and use it", "## 5. A tie-break plugin")  # as in the tests
    blocks = [text.split(h, 1)[1].split("```sh\n", 1)[1].split("```", 1)[0] for h in headings]
    session.install(".")
    folder = pathlib.Path(session.create_tmp()) / "tutorial"
    folder.mkdir(exist_ok=True)
    if not (folder / "docs").exists():
        (folder / "docs").symlink_to(root / "docs")
    session.chdir(folder)
    for block in blocks:
        session.run("bash", "-e", "-c", block, external=True)


@nox.session(name="tests-with-plugin", default=False)
def tests_with_plugin(session: nox.Session) -> None:
    """The test suite with the example plugin of docs/plugins.md installed beside caddy:
    the tests see the built-ins only (tests/conftest.py, FOREIGN_LOCATIONS)."""
    session.install(".[test]", "./docs/examples/caddy-banded")
    session.run("pytest", *session.posargs)
