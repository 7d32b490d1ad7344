"""What ``caddy standings FILE.trf``, ``caddy calc`` and ``caddy --version`` leave
unimported (issue 31: start-up). Each module named here costs the process
instructions at every run (an attrs class compiles its methods when it is
defined), so a command that has no use for it must not load it; the figures are
measured by ``benchmarks/standings.py`` (docs/performance.md), never asserted here.

What a command imports is only visible in a fresh interpreter: each command runs
once in its own ``python -c`` process, through the console script's entry
(:func:`caddy.entry.run`), which reports its output, exit code and the modules
it imported: those in ``sys.modules`` that the interpreter had not already
imported before the command started (a ``.pth`` file of site-packages may import
some at every start, as this machine's system interpreter imports ``certifi``,
and with it ``shutil``: they are no command's doing).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

#: FIDE's 284-player sample (tests/data/trf/SOURCES.md), as benchmarks/standings.py ranks it.
SAMPLE = Path(__file__).parent / "data" / "trf" / "swiss_fide_example1_karl_mala_2005.trf"

PROBE = """
import contextlib, io, json, sys
before = set(sys.modules)
sys.argv = ["caddy", *json.loads(sys.argv[1])]
from caddy.entry import run
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = run()
messages = sys.modules.get("caddy.messages")
print(json.dumps({
    "code": code,
    "out": out.getvalue(),
    "modules": sorted(set(sys.modules) - before),
    "control_compiled": messages is not None and "CONTROL" in vars(messages),
}))
"""

COMMANDS = {
    "standings": ["standings", str(SAMPLE)],
    "calc": ["calc", "12", "--tc", "G/25d5"],
    "version": ["--version"],
}

#: Per command: modules it must not import, and what each is for.
NOT_IMPORTED = {
    "version": {
        "pluggy": "the plugin host",
        "attrs": "data classes",
        "attr": "data classes",
        "argparse": "parsing a command line",
        "importlib.metadata": "entry points",
        "caddy.cli.common": "the commands' helpers",
    },
    "calc": {
        "caddy_plugins.codecs": "file formats (TRF)",
        "caddy.contracts.codecs": "codecs' data classes",
        "caddy.contracts.pairing": "the pairing contract (Arithmetic is in contracts.measures)",
        "caddy.contracts.tiebreaks": "the tie-break contract",
        "caddy.contracts.explanation": "--explain",
        "datetime": "dated rounds (--start, --dates)",
        "shutil": "help and usage at the terminal's width",
        "cattrs": "--json",
    },
    "standings": {
        "caddy_plugins.codecs.trf.importing": "importing a TRF file as an event",
        "caddy_plugins.codecs.trf.exporting": "exporting an event as TRF",
        "caddy_plugins.codecs.trf.header": "the TRF export's header records",
        "caddy.contracts.codecs": "Imported, Exported, FileCheck (FileResults is its own module)",
        "caddy.contracts.explanation": "--explain",
        "caddy.model.ratings": "rating lists (the TRF reader needs only caddy.model.titles)",
        "caddy.contracts.pairing": "pairing",
        "shutil": "help and usage at the terminal's width",
        "cattrs": "--json",
    },
}


@pytest.fixture(scope="module")
def runs() -> dict[str, dict[str, object]]:
    """Each of :data:`COMMANDS` run once in a fresh interpreter."""
    found = {}
    for name, args in COMMANDS.items():
        proc = subprocess.run(
            [sys.executable, "-c", PROBE, json.dumps(args)],
            capture_output=True,
            text=True,
            check=True,
        )
        found[name] = json.loads(proc.stdout)
    return found


@pytest.mark.parametrize(
    ("command", "module"),
    [(command, module) for command, modules in NOT_IMPORTED.items() for module in modules],
)
def test_command_does_not_import(
    command: str, module: str, runs: dict[str, dict[str, object]]
) -> None:
    run = runs[command]
    assert run["code"] == 0
    modules = run["modules"]
    assert isinstance(modules, list)
    why = NOT_IMPORTED[command][module]
    loaded = sorted(m for m in modules if m == module or m.startswith(module + "."))
    assert not loaded, f"`caddy {' '.join(COMMANDS[command])}` imported {loaded} ({why})"


def test_the_runs_did_their_work(runs: dict[str, dict[str, object]]) -> None:
    """The imports were checked on runs that printed what they print."""
    assert str(runs["version"]["out"]).startswith("caddy ")
    assert "11 rounds, 66 games" in str(runs["calc"]["out"])
    lines = str(runs["standings"]["out"]).splitlines()
    assert lines[2].split()[:4] == ["1", "5", "Mikhaletz,Lubomir", "6.5"]


def test_calc_never_compiles_the_control_characters(runs: dict[str, dict[str, object]]) -> None:
    """``caddy.messages.CONTROL`` is compiled when first used: calc echoes no text."""
    assert runs["calc"]["control_compiled"] is False
    assert runs["standings"]["control_compiled"] is True  # its table's cells are checked


def test_help_is_laid_out_at_the_terminal_width() -> None:
    """The parsers check their arguments with a fixed-width formatter; help is
    still laid out at the width the terminal (here ``COLUMNS``) gives."""
    widest = {}
    for columns in (44, 70):
        proc = subprocess.run(
            [sys.executable, "-m", "caddy", "--help"],
            capture_output=True,
            text=True,
            env={**os.environ, "COLUMNS": str(columns)},
            check=True,
        )
        widest[columns] = max(map(len, proc.stdout.splitlines()))
        assert widest[columns] <= columns - 2  # argparse leaves two columns
    assert widest[44] < widest[70]


def test_a_formatter_class_taking_prog_alone_still_works() -> None:
    """A plugin's command may give argparse's usual ``formatter_class=lambda prog:
    ...``: the fixed-width check then uses the plugin's formatter as argparse would."""
    import argparse

    from caddy.cli.common import Parser

    parser = Parser(prog="caddy")
    commands = parser.add_subparsers()
    sub = commands.add_parser(
        "mine", formatter_class=lambda prog: argparse.HelpFormatter(prog, max_help_position=40)
    )
    sub.add_argument("--pair", nargs=2, metavar=("WHITE", "BLACK"))
    with pytest.raises(ValueError, match="metavar"):
        sub.add_argument("--three", nargs=3, metavar=("A", "B"))
    assert "--pair WHITE BLACK" in sub.format_help()
