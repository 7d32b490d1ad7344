"""One meaning per flag across ``caddy``'s commands (issue 24, item 10).

Source: the CLI conventions in docs/printing.md (``--output FORM`` names a
renderer, ``-o FILE`` a file to write), docs/trf.md (``--from``/``--to`` name
a file format) and docs/planning.md / docs/calculator.md (``--days N`` is a
number of days, ``--dates`` the playing dates, ``--at``/``--until`` a playing
day's hours); the TRF
file is the Dutch example of docs/examples (tests/data/SOURCES.md).
"""

from __future__ import annotations

import argparse
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from caddy.cli.main import build_parser
from tests.conftest import DATA, Run

Cli = Callable[..., Run]
TRF = DATA / "trf" / "swiss_fide_tec_exercise_held_16p_5r.trf"


def _commands() -> Iterator[tuple[str, argparse.ArgumentParser]]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {flag: action for action in parser._actions for flag in action.option_strings}


def test_output_names_a_form_and_o_a_file_in_every_command() -> None:
    """`--output` is the renderer everywhere (metavar FORM); a file a command
    writes is `-o` (`caddy import/export --output FILE` were files)."""
    forms, files = {}, {}
    for name, parser in _commands():
        options = _options(parser)
        if "--output" in options:
            forms[name] = options["--output"].metavar
        if "-o" in options:
            files[name] = options["-o"].option_strings
    assert set(forms.values()) == {"FORM"}, forms
    assert all(flags == ["-o"] for flags in files.values()), files
    assert {"cards", "crosstable", "pair", "pairings", "standings", "table"} <= set(forms)
    assert {"cards", "export", "import", "pair", "simulate", "publish"} <= set(files)


def test_every_flag_that_names_a_file_to_write_has_force() -> None:
    """Item 14's rule, seen from the parsers: an output file option comes with --force."""
    for name, parser in _commands():
        options = _options(parser)
        if name != "publish" and ("-o" in options or "--ics" in options):
            assert "--force" in options, name


def test_days_has_one_meaning() -> None:
    """`--days` is a number of days (caddy plan); the playing dates of a
    weekend event are `--dates` (caddy calc, caddy new)."""
    days = {
        name: _options(parser)["--days"].metavar
        for name, parser in _commands()
        if "--days" in _options(parser)
    }
    assert days == {"plan": "N"}
    for name in ("calc", "new"):
        assert _options(dict(_commands())[name])["--dates"].metavar == "DATES"


def test_from_and_to_name_formats_and_at_is_the_first_rounds_time() -> None:
    """`--from`/`--to` were a file's format (import, check, export) and the
    hours of a playing day (calc, new); a day's first round is `--at`, as a
    weekly night's, and its end `--until`. `--from` names where the input
    comes from: the format of the file read (import, check, export), or, for
    `caddy result EVENT ROUND --from results.csv`, the file of a round's results
    (issue 24 item 5 names it so); never a time."""
    metavars = {
        (name if action.metavar == "FILE" else "", flag, action.metavar)
        for name, parser in _commands()
        for flag, action in _options(parser).items()
        if flag in ("--from", "--to")
    }
    assert metavars == {
        ("", "--from", "FORMAT"),
        ("", "--to", "FORMAT"),
        ("result", "--from", "FILE"),
    }
    for name in ("calc", "new"):
        options = _options(dict(_commands())[name])
        assert options["--at"].metavar == options["--until"].metavar == "HH:MM"


def test_players_and_boards_take_a_value_everywhere() -> None:
    """`--players` is a players file (table, new; simulate's count of players
    is a value too) and `--boards N` a match's boards (new); standings and
    crosstable used them as bare switches for the individual view and board
    prizes, now `--individual` and `--board-prizes`."""
    for name, parser in _commands():
        options = _options(parser)
        for flag in ("--players", "--boards"):
            if flag in options:
                assert options[flag].nargs != 0, (name, flag)
    standings = _options(dict(_commands())["standings"])
    assert standings["--individual"].nargs == standings["--board-prizes"].nargs == 0
    assert "--individual" in _options(dict(_commands())["crosstable"])


def test_cards_takes_round_and_output_like_the_other_reports() -> None:
    """`caddy cards EVENT --round R --output FORM`, as `caddy pairings` does."""
    cards = _options(dict(_commands())["cards"])
    pairings = _options(dict(_commands())["pairings"])
    assert "--round" in cards and "--round" in pairings
    assert cards["--output"].metavar == pairings["--output"].metavar == "FORM"
    assert "--format" not in cards  # --format is a tournament format everywhere


def test_check_pairings_with_the_flag_first(cli: Cli, tmp_path: Path) -> None:
    """`caddy check --pairings FILE` took FILE for the pairing system."""
    path = tmp_path / "swiss.trf"
    shutil.copy(DATA.parent.parent / "docs/examples/swiss_dutch_11p9r.trf", path)
    first = cli("check", "--pairings", str(path))
    last = cli("check", str(path), "--pairings")
    assert first == last
    assert first.code == 0
    assert first.out == (
        f"{path}: ok (9 rounds re-paired by the Dutch system: every pairing identical)\n"
    )
    run = cli("check", "--pairings")
    assert run.code == 2
    assert run.err.endswith("caddy check: error: the following arguments are required: FILE\n")


@pytest.mark.parametrize("command", ["standings", "crosstable"])
def test_a_hint_names_only_flags_the_command_has(cli: Cli, tmp_path: Path, command: str) -> None:
    """`caddy standings players.csv` said "name it with --from", which
    standings does not have."""
    path = tmp_path / "players.csv"
    path.write_text("name,rating\nAnna,2100\nBen,2050\n", encoding="utf-8")
    run = cli(command, str(path))
    assert run.code == 1
    assert run.err == (f"caddy: error: {path}: cannot tell the file's format (known: json, trf)\n")
    assert "--from" in cli("check", str(path)).err  # check has --from


def test_check_pairings_names_flags_check_has(cli: Cli, tmp_path: Path) -> None:
    """A TRF file without its planned rounds (no XXR or 142): `caddy check
    --pairings` said "give it with --rounds", which check did not have; it
    now takes --rounds (and --initial-colour) as `caddy pair` does."""
    source = DATA.parent.parent / "docs/examples/swiss_dutch_11p9r.trf"
    path = tmp_path / "no-xxr.trf"
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(x for x in lines if not x.startswith("XXR")), encoding="utf-8")
    run = cli("check", str(path), "--pairings")
    assert run.code == 1
    named = set(re.findall(r"--[a-z][a-z-]*", run.err))
    assert named == {"--rounds"}
    assert named <= set(_options(dict(_commands())["check"]))
    run = cli("check", "--pairings", str(path), "--rounds", "9")
    assert (run.code, run.err) == (0, "")
    assert run.out == (
        f"{path}: ok (9 rounds re-paired by the Dutch system: every pairing identical)\n"
    )


def test_publish_of_a_trf_file_says_to_import_it(cli: Cli, tmp_path: Path) -> None:
    """`caddy publish FILE.trf` said the file is not valid JSON."""
    path = tmp_path / "held.trf"
    shutil.copy(TRF, path)
    run = cli("publish", str(path), "-o", str(tmp_path / "site"))
    assert run.code == 1
    assert run.err == (
        f"caddy: error: {path} is a TRF file, not an event file; "
        f"make one with `caddy import {path} -o event.json`\n"
    )
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("command", ["calc", "standings", "cards", "plan"])
def test_a_wrong_flag_prints_the_commands_usage(cli: Cli, command: str) -> None:
    """An unknown flag printed `usage: caddy [-h] [-V] COMMAND ...`."""
    run = cli(command, "8", "--no-such-flag")
    assert run.code == 2
    assert run.err.startswith(f"usage: caddy {command} ")
    assert run.err.endswith(f"caddy {command}: error: unrecognized arguments: --no-such-flag\n")


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (("calc", "40", "--tc", "90+30", "--days", "2026-05-09"), "--dates"),
        (("calc", "40", "--tc", "90+30", "--from", "09:30"), "--at"),
        (("standings", "e.json", "--boards"), "--board-prizes"),
        (("crosstable", "e.json", "--players"), "--individual"),
        (("cards", "e.json", "--format", "csv"), "--output"),
        (("export", "e.json", "--output", "e.trf"), "-o"),
    ],
)
def test_a_flag_of_another_meaning_names_the_commands_own(
    cli: Cli, args: tuple[str, ...], hint: str
) -> None:
    """A flag that means something else (or nothing) in this command: the
    usage error names the flag the command has for it."""
    run = cli(*args)
    assert run.code == 2
    assert run.err.splitlines()[-1].endswith(f"; did you mean {hint}?")
