"""Regression tests for issue 13, defects c, f, g, h, l and the CLI and plugin
parts of v: each one failed before its fix.

Sources: the ``result`` command's help and :data:`caddy.model.results.RESULT_WORDS`
(core/caddy/cli/event.py, core/caddy/model/results_table.py); the size limits in
docs/calculator.md ("Size limits"); the plugin rules in docs/plugins.md; the
exit codes in core/caddy/cli/main.py's docstring (1 bad input, 2 usage, 3 plugin).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.errors import CaddyError
from caddy.model.results import RESULT_WORDS
from caddy.plugins.host import reset_host
from tests.conftest import DATA, Run

TRF = DATA / "trf" / "swiss_fide_tec_exercise_held_16p_5r.trf"
PLAYERS = "name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\nEve,1900\n"


@pytest.fixture
def manual(tmp_path: Path, cli: Callable[..., Run]) -> Path:
    """A manual event of five players (numbers as given), round 1 paired
    1-2 and 3-4; Eve (5) has no game."""
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    event = tmp_path / "club.json"
    run = cli("new", str(event), "--players", str(players), "--format", "manual", "--by", "given")
    assert run.code == 0, run.err
    run = cli("pair", str(event), "--pairings", "1-2 3-4")
    assert run.code == 0, run.err
    return event


def _history(cli: Callable[..., Run], event: Path) -> list[dict[str, object]]:
    run = cli("history", str(event), "--json")
    assert run.code == 0, run.err
    operations: list[dict[str, object]] = json.loads(run.out)
    return operations


# -- c: every result word as the help writes it ---------------------------------


def test_help_lists_result_words(cli: Callable[..., Run]) -> None:
    run = cli("result", "--help")
    assert run.code == 0
    assert "1-0 0-1 1/2 ½-½ +- -+ --" in " ".join(run.out.split())


@pytest.mark.parametrize(
    ("word", "stored"),
    [(word, "1/2" if word in ("½-½", "1/2-1/2") else word) for word in RESULT_WORDS]
    + [("½", "1/2")],
)
def test_every_result_word_is_accepted_as_written(
    manual: Path, cli: Callable[..., Run], word: str, stored: str
) -> None:
    run = cli("result", str(manual), "1", "2", word)
    assert (run.code, run.err) == (0, "")
    assert run.out == f"recorded: round 1 board 2: {stored}\n"
    assert _history(cli, manual)[-1] == {"op": "result", "round": 1, "board": 2, "result": stored}


@pytest.mark.parametrize(
    "args",
    [
        ("1", "1", "--force", "--"),
        ("1", "--force", "1", "--"),
        ("--force", "1", "1", "--"),
    ],
)
def test_double_forfeit_with_force_anywhere(
    manual: Path, cli: Callable[..., Run], args: tuple[str, ...]
) -> None:
    assert cli("result", str(manual), "1", "1", "-+").code == 0
    run = cli("result", str(manual), *args)
    assert (run.code, run.out, run.err) == (0, "recorded: round 1 board 1: -- (correction)\n", "")


def test_unknown_result_word_is_one_line(manual: Path, cli: Callable[..., Run]) -> None:
    run = cli("result", str(manual), "1", "1", "0-0")
    assert run.code == 1
    assert run.err == (
        "caddy: error: unknown result '0-0' (expected 1-0, 0-1, 1/2, +-, -+, -- (forfeits) "
        "or W-L, L-W, D-D (under one move))\n"
    )


# -- f: a second bye needs --force ----------------------------------------------


def test_second_bye_refused_without_force(manual: Path, cli: Callable[..., Run]) -> None:
    assert cli("result", str(manual), "1", "--bye", "5", "half").code == 0
    run = cli("result", str(manual), "1", "--bye", "5", "full")
    assert (run.code, run.out) == (1, "")
    assert run.err == (
        "caddy: error: round 1: Eve (5) already has a half bye; use --force to replace it\n"
    )
    assert len(_history(cli, manual)) == 2  # pair, one bye
    run = cli("result", str(manual), "1", "--bye", "Eve", "full", "--force")
    assert (run.code, run.out) == (0, "recorded: round 1: full bye for Eve (5)\n")
    assert _history(cli, manual)[-1] == {"op": "bye", "round": 1, "player": 5, "kind": "full"}


# -- g: option values name the option, the value and what is allowed --------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--format", "knockout", "--option", "games=3"),
            "invalid option games=3: expected one of 1, 2",
        ),
        (
            ("--format", "groups-knockout", "--option", "groups=0"),
            "invalid option groups=0: 'groups' must be >= 1: 0",
        ),
        (
            ("--option", "table=foo"),
            "invalid option table=foo: expected one of fide, circle, us-quad, crenshaw, given",
        ),
        (("--option", "cycles=٣"), "invalid option cycles=٣: expected a whole number"),
    ],
)
def test_bad_option_value_is_one_plain_line(
    cli: Callable[..., Run], args: tuple[str, ...], message: str
) -> None:
    run = cli("calc", "8", *args)
    assert (run.code, run.out, run.err) == (1, "", f"caddy: error: {message}\n")


# -- h: an event command given another format's file -----------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("pairings",),
        ("history",),
        ("undo",),
        ("withdraw", "1"),
        ("result", "1", "1", "1-0"),
    ],
)
def test_trf_given_to_event_command(
    tmp_path: Path, cli: Callable[..., Run], args: tuple[str, ...]
) -> None:
    trf = tmp_path / "x.trf"
    trf.write_bytes(TRF.read_bytes())
    run = cli(args[0], str(trf), *args[1:])
    assert (run.code, run.out) == (1, "")
    assert run.err == (
        f"caddy: error: {trf} is a TRF file, not an event file; "
        f"make one with `caddy import {trf} -o event.json`\n"
    )


def test_pair_reads_a_trf_file_and_says_when_it_is_over(
    tmp_path: Path, cli: Callable[..., Run]
) -> None:
    """``caddy pair`` pairs TRF files (docs/swiss.md); this one has played all its rounds."""
    trf = tmp_path / "x.trf"
    trf.write_bytes(TRF.read_bytes())
    run = cli("pair", str(trf))
    assert (run.code, run.out) == (1, "")
    assert (
        run.err
        == f"caddy: error: {trf}: round 6 is outside the 5 planned rounds (the event is over)\n"
    )


def test_trf_content_without_trf_suffix(tmp_path: Path, cli: Callable[..., Run]) -> None:
    """Found by the codecs' sniffing, not the name."""
    odd = tmp_path / "results.dat"
    odd.write_bytes(TRF.read_bytes())
    run = cli("pairings", str(odd))
    assert run.code == 1
    assert run.err.startswith(f"caddy: error: {odd} is a TRF file, not an event file;")


def test_codec_plugin_file_given_to_event_commands(
    tmp_path: Path,
    cli: Callable[..., Run],
    fake_modules: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CADDY_PLUGINS", "fake_caddy_codec")
    listing = tmp_path / "club.players"
    listing.write_text("Anna;2100\nBen;2050\n", encoding="utf-8")
    message = (
        f"caddy: error: {listing} is a playerlist file, not an event file; "
        f"make one with `caddy import {listing} -o event.json`\n"
    )
    assert cli("history", str(listing)) == Run(1, "", message)
    # issue 14: `caddy standings` reads any codec's file (tests/test_rules_out_of_core.py);
    # this list has players and no rounds yet
    nothing = "caddy: error: no round is complete yet: nothing to rank\n"
    assert cli("standings", str(listing)) == Run(1, "", nothing)


# -- l: sizes that cannot be served are refused at once ---------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("table", "100000", "--json"),
            "format 'round-robin' with 100,000 players has 4,999,950,000 games; "
            "caddy builds schedules of at most 4,000,000 games (a double round robin of 2,000 players)",
        ),
        (
            ("table", "2001", "--double", "--json"),
            "format 'round-robin' with 2,001 players has 4,002,000 games; caddy builds schedules "
            "of at most 4,000,000 games (a double round robin of 2,000 players)",
        ),
        (
            ("calc", "100001"),
            "100,001 players is more than caddy handles (at most 100,000 players)",
        ),
        (
            ("calc", "100000000000", "--format", "quads"),
            "100,000,000,000 players is more than caddy handles (at most 100,000 players)",
        ),
        (
            ("calc", "12", "100000000000", "--format", "groups-knockout", "--json"),
            "100,000,000,000 players is more than caddy handles (at most 100,000 players)",
        ),
    ],
)
def test_sizes_over_the_limits_refused(
    cli: Callable[..., Run], args: tuple[str, ...], message: str
) -> None:
    run = cli(*args)
    assert (run.code, run.out, run.err) == (1, "", f"caddy: error: {message}\n")


def test_largest_double_round_robin_table_is_served(cli: Callable[..., Run]) -> None:
    """2,000 players double: 3,998,000 games, at the limit (docs/schedules.md)."""
    run = cli("calc", "2000", "--double", "--json")
    assert json.loads(run.out)["results"][0]["games"] == 3_998_000
    assert cli("calc", "100000", "--format", "quads").code == 0


def test_new_refuses_a_schedule_over_the_limit(tmp_path: Path, cli: Callable[..., Run]) -> None:
    players = tmp_path / "players.csv"
    players.write_text(
        "name,rating\n" + "".join(f"P{i},{1000 + i}\n" for i in range(2829)), encoding="utf-8"
    )
    event = tmp_path / "big.json"
    run = cli("new", str(event), "--players", str(players))
    assert (run.code, run.out) == (1, "")
    assert run.err == (
        "caddy: error: format 'round-robin' with 2,829 players has 4,000,206 games; caddy "
        "builds schedules of at most 4,000,000 games (a double round robin of 2,000 players)\n"
    )
    assert not event.exists()


def test_import_refuses_a_field_over_the_limit(
    tmp_path: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wiring, with the limit lowered to 15 for a 16-player file."""
    import caddy.schedule.calculator

    monkeypatch.setattr(caddy.schedule.calculator, "MAX_PLAYERS", 15)
    out = tmp_path / "event.json"
    run = cli("import", str(TRF), "-o", str(out))
    assert (run.code, run.out) == (1, "")
    assert run.err == "caddy: error: 16 players is more than caddy handles (at most 15 players)\n"
    assert not out.exists()


# -- v: numeric arguments in ASCII digits only -----------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("withdraw", "{event}", "²"),
            "no player named '²' (give a pairing number in digits 0-9, the name or the start of it)",
        ),
        (
            ("withdraw", "{event}", "٣"),
            "no player named '٣' (give a pairing number in digits 0-9, the name or the start of it)",
        ),
        (
            ("result", "{event}", "1", "--bye", "²", "full"),
            "no player named '²' (give a pairing number in digits 0-9, the name or the start of it)",
        ),
        (
            ("calc", "8", "--tc", "G/25", "--night", "²h"),
            "cannot read night length '²h' (expected e.g. 3h, 2.5h or 180m)",
        ),
        (
            ("calc", "8", "--tc", "G/25", "--night", "٣h"),
            "cannot read night length '٣h' (expected e.g. 3h, 2.5h or 180m)",
        ),
        (
            ("standings", str(TRF), "--tiebreaks", "BH/C²"),
            "tie-break 'BH/C²': /C needs a number of values to cut, e.g. /C1",
        ),
        (
            ("standings", str(TRF), "--tiebreaks", "KS/L²"),
            "tie-break 'KS/L²': cannot read limit /L² (expected /L+1, /L-1, /L+1.0 or /L60)",
        ),
        (
            ("standings", str(TRF), "--explain", "²"),
            "no player named '²' (give a pairing number in digits 0-9, the name or the start of it)",
        ),
        (
            ("calc", "8", "--tc", "G/٣0"),
            "cannot read time control 'G/٣0': write numbers with the digits 0-9, not '٣'",
        ),
    ],
)
def test_non_ascii_digits_are_one_line(
    manual: Path, cli: Callable[..., Run], args: tuple[str, ...], message: str
) -> None:
    run = cli(*(a.format(event=manual) for a in args))
    assert (run.code, run.out, run.err) == (1, "", f"caddy: error: {message}\n")


@given(st.text(alphabet=st.characters(categories=["Nd", "No"]), min_size=1, max_size=6))
def test_whole_numbers_are_ascii_digits_only(text: str) -> None:
    """Any mix of Unicode digits (``²``, ``٣``, ``١``): read only when all are 0-9."""
    from caddy.cli.common import whole_number  # new with the fix

    if all("0" <= ch <= "9" for ch in text):
        assert whole_number(text, "N") == int(text)
    else:
        with pytest.raises(CaddyError, match=r"is not a whole number \(digits 0-9\)"):
            whole_number(text, "N")


@pytest.mark.parametrize(
    ("args", "argument"),
    [
        (("calc", "٣"), "N"),
        (("calc", "8", "--turnover", "²"), "--turnover"),
        (("result", "{event}", "٣", "1", "1-0"), "ROUND"),
        (("result", "{event}", "1", "²", "1-0"), "BOARD"),
        (("pairings", "{event}", "--round", "١"), "--round"),
        (("undo", "{event}", "--steps", "٣"), "--steps"),
    ],
)
def test_non_ascii_digits_in_argparse_numbers(
    manual: Path, cli: Callable[..., Run], args: tuple[str, ...], argument: str
) -> None:
    run = cli(*(a.format(event=manual) for a in args))
    value = (
        args[-1]
        if args[0] in ("calc", "pairings", "undo")
        else args[2 if argument == "ROUND" else 3]
    )
    assert run.code == 2
    assert run.err.splitlines()[-1].endswith(
        f"error: argument {argument}: invalid int value: '{value}'"
    )
    assert len(_history(cli, manual)) == 1  # nothing recorded or undone


# -- v: a broken plugin affects only what uses it ---------------------------------


@pytest.fixture
def plugin_env(fake_modules: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    def use(module: str) -> None:
        monkeypatch.setenv("CADDY_PLUGINS", module)
        reset_host()  # a host built earlier in the test read the old environment

    return use


EXIT_WARNING = (
    "caddy: warning: plugin 'exiting_caddy_plugin' (exiting_caddy_plugin) failed to load "
    "(SystemExit: 0); skipped\n"
)


def test_plugin_calling_sys_exit_is_skipped(
    manual: Path, cli: Callable[..., Run], plugin_env: Callable[[str], None]
) -> None:
    plugin_env("exiting_caddy_plugin")
    run = cli("result", str(manual), "1", "1", "1-0")
    assert (run.code, run.out, run.err) == (0, "recorded: round 1 board 1: 1-0\n", EXIT_WARNING)
    assert _history(cli, manual)[-1]["result"] == "1-0"
    run = cli("standings", str(TRF))
    assert run.code == 0 and "Bruno" in run.out
    run = cli("plugins", "--json")
    assert run.code == 0
    failed = {p["name"]: p for p in json.loads(run.out)["plugins"]}["exiting_caddy_plugin"]
    assert failed["error"] == "SystemExit: 0"
    run = cli("--help")
    assert run.code == 0 and run.out.startswith("usage: caddy")


def test_plugin_printing_keeps_stdout_clean(
    tmp_path: Path, cli: Callable[..., Run], plugin_env: Callable[[str], None]
) -> None:
    plugin_env("chatty_caddy_plugin")
    run = cli("standings", str(TRF), "--json")
    assert run.code == 0
    assert json.loads(run.out)["schema"] == "caddy.standings"
    assert "hello from chatty_caddy_plugin\n" in run.err
    run = cli("export", str(TRF))
    assert run.code == 0
    assert run.out.startswith("012 ")  # TRF, nothing before it


def test_failing_tiebreak_plugin_named_once_and_skipped(
    cli: Callable[..., Run], plugin_env: Callable[[str], None]
) -> None:
    plugin_env("failing_tiebreak_caddy_plugin")
    run = cli("standings", str(TRF))
    assert run.code == 0
    assert run.err == (
        "caddy: warning: plugin 'failing_tiebreak_caddy_plugin' (failing_tiebreak_caddy_plugin) "
        "failed in caddy_register_tiebreaks (RuntimeError: this tie-break plugin is broken on "
        "purpose); skipped\n"
    )
    assert cli("export", str(TRF)).code == 0


def test_a_plugin_failing_in_two_kinds_is_named_for_each(
    cli: Callable[..., Run], plugin_env: Callable[[str], None]
) -> None:
    """The same failure in two hooks is two kinds skipped: both are said, once each."""
    plugin_env("failing_twice_caddy_plugin")
    run = cli("standings", str(TRF))
    assert run.code == 0
    assert sorted(run.err.splitlines()) == [
        "caddy: warning: plugin 'failing_twice_caddy_plugin' (failing_twice_caddy_plugin) "
        f"failed in {hook} (RuntimeError: the shared helper is broken on purpose); skipped"
        for hook in ("caddy_register_renderers", "caddy_register_tiebreaks")
    ]


def test_duplicate_tiebreak_is_an_error_only_where_used(
    cli: Callable[..., Run], plugin_env: Callable[[str], None]
) -> None:
    plugin_env("twin_tiebreak_caddy_plugin")
    run = cli("standings", str(TRF))  # the Swiss default list: no RTNG
    assert (run.code, run.err) == (0, "")
    run = cli("export", str(TRF))  # ranks by the default list too
    assert (run.code, run.err) == (0, "")
    run = cli("standings", str(TRF), "--tiebreaks", "BH,RTNG")
    assert (run.code, run.out) == (3, "")
    assert run.err == (
        "caddy: error: two plugins register the tie-break 'RTNG': "
        "twin_tiebreak_caddy_plugin and caddy_plugins.tiebreaks.rtng\n"
    )


def test_nan_tiebreak_is_a_plugin_error(
    cli: Callable[..., Run], plugin_env: Callable[[str], None]
) -> None:
    plugin_env("nan_caddy_plugin")
    run = cli("standings", str(TRF), "--tiebreaks", "NAN")
    assert (run.code, run.out) == (3, "")
    assert run.err == (
        "caddy: error: tie-break NAN (plugin nan_caddy_plugin) gave nan, not a finite number\n"
    )
    assert cli("standings", str(TRF), "--tiebreaks", "BH").code == 0
