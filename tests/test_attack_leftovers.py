"""Leftovers of the last attack on the command line (issue 24 item 22): each is one
line on stderr and a non-zero exit, never a traceback, never silence.

- Ctrl-C in the first fraction of a second (while the CLI's modules load);
- a plugin's own bug, even its ``sys.exit()``, names the plugin and the function
  caddy called in it;
- a plugin's member returning what its contract does not allow names the plugin and
  the member (no plugin code is in that traceback);
- memory running out (a limit such as ``ulimit -v``);
- an event file holding a player with an empty name;
- a newline inside echoed text (one message, one line).
"""

from __future__ import annotations

import importlib.abc
import importlib.metadata
import json
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType

import pytest

from caddy import messages
from caddy.plugins.host import reset_host
from tests.conftest import DATA, Run

TRF = DATA / "trf" / "swiss_fide_tec_exercise_held_16p_5r.trf"
OUT_OF_MEMORY = (
    "caddy: error: out of memory: the work asked for needs more memory than caddy may use\n"
)


# -- Ctrl-C while the command line loads -------------------------------------------


class _Interrupting(importlib.abc.MetaPathFinder):
    """Ctrl-C (KeyboardInterrupt) the moment ``caddy.cli.main`` is imported."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> None:
        if name == "caddy.cli.main":
            raise KeyboardInterrupt
        return None


def _console_script() -> Callable[[], int]:
    """What the installed ``caddy`` script calls, loaded as the script loads it."""
    (script,) = importlib.metadata.entry_points(group="console_scripts", name="caddy")
    function: Callable[[], int] = script.load()
    return function


@pytest.fixture
def interrupting(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in [m for m in sys.modules if m == "caddy.cli.main" or m.startswith("caddy.entry")]:
        monkeypatch.delitem(sys.modules, name)
    finder = _Interrupting()
    sys.meta_path.insert(0, finder)
    yield
    sys.meta_path.remove(finder)


def test_ctrl_c_while_the_cli_loads_is_one_line(
    interrupting: None, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["caddy", "calc", "12"])
    try:
        code = _console_script()()
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C while caddy.cli.main loads escaped the console script (a traceback)")
    assert (code, capfd.readouterr().err) == (130, "caddy: interrupted\n")


def test_the_entry_module_imports_nothing() -> None:
    """The script's own module loads before anything else and holds nothing to load:
    not even :mod:`typing` (with :mod:`re`, most of the moments before run() starts)."""
    probe = (
        "import sys; before = set(sys.modules); import caddy.entry; "
        "print(sorted(set(sys.modules) - before))"
    )
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert set(json.loads(proc.stdout.replace("'", '"'))) - {"__future__"} == {
        "caddy",
        "caddy.entry",
    }


# -- memory running out ------------------------------------------------------------


def _big_trf(path: Path, players: int) -> Path:
    """A Swiss of ``players`` after round 1 (1-2, 3-4 ...), TRF columns as C.04 Annex 2."""

    def line(k: int) -> str:
        opponent = k + 1 if k % 2 else k - 1
        cell = (
            "0000 - U"
            if opponent > players
            else f"{opponent:4d} {'w' if k % 2 else 'b'} {'1' if k % 2 else '0'}"
        )
        return (
            f"001 {k:4d}      {'P' + str(k):<34}{2700 - k % 1500:4d}{'':28}"
            f"{'1.0' if k % 2 else '0.0':>4} {k:4d}  {cell}"
        )

    path.write_text(
        "\n".join(["012 Big", "XXR 9", "XXC white1", *map(line, range(1, players + 1))])
    )
    return path


LIMITED = """
import resource, sys
from caddy.entry import run
import caddy.cli.main, caddy.plugins.host
caddy.plugins.host.get_host().formats()
size = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmSize:"))
resource.setrlimit(resource.RLIMIT_AS, (size * 1024 + 100 * 2**20, resource.RLIM_INFINITY))
sys.argv = ["caddy", *sys.argv[1:]]
sys.exit(run())
"""


@pytest.mark.slow  # a process pairing 9,999 players until memory runs out: nox -s slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmSize from /proc")
def test_a_memory_limit_is_one_line(tmp_path: Path) -> None:
    """Pairing 9,999 players within 100 MB more than caddy has loaded (RLIMIT_AS)."""
    big = _big_trf(tmp_path / "big.trf", 9999)
    proc = subprocess.run(
        [sys.executable, "-c", LIMITED, "pair", str(big)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (3, "", OUT_OF_MEMORY)


def test_both_out_of_memory_lines_agree() -> None:
    from caddy import entry, errors

    assert (
        entry.OUT_OF_MEMORY.decode() == f"caddy: error: {errors.OUT_OF_MEMORY}\n" == OUT_OF_MEMORY
    )


def test_memory_running_out_while_telling_is_still_one_line(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even the line cannot be made: the entry point writes it as bytes made in advance."""

    def exhausted(*args: object, **kwargs: object) -> None:
        raise MemoryError

    import caddy.schedule.calculator

    monkeypatch.setattr(caddy.schedule.calculator, "calculate", exhausted)
    monkeypatch.setattr(messages, "tell", exhausted)
    monkeypatch.setattr(sys, "argv", ["caddy", "calc", "12"])
    try:
        code = _console_script()()
    except MemoryError:
        pytest.fail("MemoryError escaped the console script (a traceback)")
    assert (code, capfd.readouterr().err) == (3, OUT_OF_MEMORY)


# -- a plugin's own bug ------------------------------------------------------------


@pytest.fixture
def hostile(fake_modules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CADDY_PLUGINS", "hostile_caddy_plugin")
    reset_host()


@pytest.mark.parametrize(
    ("args", "failure"),
    [
        (("standings", str(TRF), "--tiebreaks", "BUG"), "compute (ZeroDivisionError: "),
        (("standings", str(TRF), "--tiebreaks", "EXIT"), "compute (SystemExit: 0)"),
        (
            ("standings", str(TRF), "--tiebreaks", "EXIT1", "--explain", "1"),
            "explain (SystemExit: 1)",
        ),
        (("hostile",), "_fail (KeyError: 'no such thing')"),
    ],
    ids=["bug", "exit-0", "exit-1", "command"],
)
def test_a_plugin_failing_is_named_with_the_function(
    hostile: None, cli: Callable[..., Run], args: tuple[str, ...], failure: str
) -> None:
    run = cli(*args)
    assert (run.code, run.out) == (3, "")
    assert run.err.startswith(
        f"caddy: error: plugin 'hostile_caddy_plugin' (hostile_caddy_plugin) failed in {failure}"
    )
    assert run.err.count("\n") == 1
    assert cli("standings", str(TRF), "--tiebreaks", "BH").code == 0  # the others still work


@pytest.mark.parametrize(
    ("args", "failure"),
    [
        (("--tiebreaks", "NONE"), "NONE (plugin hostile_caddy_plugin) gave None, not a list of 16"),
        (("--tiebreaks", "SHORT"), "SHORT (plugin hostile_caddy_plugin) gave a list of 1, not a"),
        (
            ("--tiebreaks", "EXPL", "--explain", "1"),
            "EXPL (plugin hostile_caddy_plugin) explained with 42, not an Explanation",
        ),
    ],
    ids=["none", "short", "explanation"],
)
def test_a_plugin_breaking_its_contract_is_named(
    hostile: None, cli: Callable[..., Run], args: tuple[str, ...], failure: str
) -> None:
    """What a tie-break gives is checked where caddy takes it (``plugin_registry``)."""
    run = cli("standings", str(TRF), *args)
    assert (run.code, run.out) == (3, "")
    assert run.err.startswith(f"caddy: error: tie-break {failure}")
    assert run.err.count("\n") == 1


@pytest.fixture
def returning(fake_modules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CADDY_PLUGINS", "returning_caddy_plugin")
    reset_host()


RETURNED = "caddy: error: plugin 'returning_caddy_plugin' (returning_caddy_plugin) returned "


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ("table", "6", "--format", "no-schedule"),
            "None from schedule of format 'no-schedule', not a Schedule",
        ),
        (
            ("table", "6", "--format", "junk-round"),
            "a value of type str from next_round of format 'junk-round', not a Round or None",
        ),
        (
            ("calc", "12", "--format", "junk-arithmetic"),
            "a value of type dict from arithmetic of format 'junk-arithmetic', not an Arithmetic",
        ),
        (
            ("standings", str(TRF), "--output", "bytes"),
            "a value of type bytes from render of output form 'bytes', not a str",
        ),
        (
            ("standings", str(TRF), "--output", "nothing"),
            "None from render of output form 'nothing', not a str",
        ),
        (
            ("calc", "12", "--tc", "junk 90"),
            "a value of type str from parse of time-control notation 'junk', "
            "not a TimeControl or None",
        ),
        (
            ("plan", "12", "--nights", "9", "--tc", "junk 90"),
            "a value of type str from parse of time-control notation 'junk', "
            "not a TimeControl or None",
        ),
    ],
    ids=["schedule", "next-round", "arithmetic", "render-bytes", "render-none", "parse", "plan"],
)
def test_a_plugin_returning_a_wrong_value_is_named(
    returning: None, cli: Callable[..., Run], args: tuple[str, ...], line: str
) -> None:
    """What a format, renderer or notation returns is checked where caddy takes it
    (the objects the registry hands out: ``caddy.contracts.conformance.checked``), against the
    return type its contract (``caddy.contracts``) gives."""
    run = cli(*args)
    assert (run.code, run.out, run.err) == (3, "", f"{RETURNED}{line}\n")


def test_a_codec_returning_a_wrong_value_is_named(
    returning: None, cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Reading (import, standings) and writing (export): one line, no file written."""
    junk = tmp_path / "club.junk"
    junk.write_text("x\n")
    read = f"{RETURNED}a value of type dict from read of file format 'junk', not an Imported\n"
    for args in (("standings", str(junk)), ("import", str(junk), "-o", str(tmp_path / "e.json"))):
        run = cli(*args)
        assert (run.code, run.out, run.err) == (3, "", read)
    out = tmp_path / "out.junk"
    written = f"{RETURNED}a value of type str from write of file format 'junk', not an Exported\n"
    run = cli("export", str(TRF), "--to", "junk", "-o", str(out))
    assert (run.code, run.out, run.err) == (3, "", written)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.junk"]


def test_a_wrong_value_in_an_event_file_names_the_plugin(
    returning: None, cli: Callable[..., Run], tmp_path: Path
) -> None:
    """An event of the format (its schedule is taken as it replays): the plugin's fault
    (exit 3), not the file's."""
    players = tmp_path / "players.csv"
    players.write_text("name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\n")
    event = tmp_path / "club.json"
    run = cli("new", str(event), "--players", str(players), "--format", "no-schedule")
    line = f"{RETURNED}None from schedule of format 'no-schedule', not a Schedule\n"
    assert (run.code, run.err, event.exists()) == (3, line, False)


def test_the_checks_keep_the_plugins_object(returning: None) -> None:
    """The object handed out forwards to the plugin's and unwraps to it."""
    from caddy.contracts import FormatBase
    from caddy.contracts.conformance import plugin_of
    from caddy.contracts.format_tools import schedule_format
    from caddy.plugins.host import get_host

    host = get_host()
    fmt = host.formats().get("no-schedule")
    assert isinstance(fmt, FormatBase) and type(fmt).__module__ == "returning_caddy_plugin"
    assert type(plugin_of(fmt)).__name__ == "NoSchedule"
    assert isinstance(fmt, type(plugin_of(fmt)))  # a plugin's own isinstance still holds
    assert schedule_format(fmt).schedule.__name__ == "schedule"  # a checked member keeps its name
    swiss = host.formats().get("swiss")
    assert type(plugin_of(swiss)).__name__ == "Swiss" and swiss.kind == "results"
    assert plugin_of(host.renderers().get("text")) is not host.renderers().get("text")


# -- an empty player name in an event file -----------------------------------------


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_name_in_an_event_file_is_refused(
    cli: Callable[..., Run], tmp_path: Path, name: str
) -> None:
    players = tmp_path / "players.csv"
    players.write_text("name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\n")
    event = tmp_path / "club.json"
    assert cli("new", str(event), "--players", str(players), "--by", "given").code == 0
    document = json.loads(event.read_text())
    document["tournament"]["players"][1]["name"] = name
    event.write_text(json.dumps(document))
    for args in (("pairings", str(event)), ("check", str(event)), ("standings", str(event))):
        run = cli(*args)
        assert (run.code, run.out, run.err) == (
            1,
            "",
            f"caddy: error: {event}: $.tournament.players[1].name: a player needs a name "
            "(it is empty)\n",
        )


# -- echoed text -------------------------------------------------------------------


def test_a_newline_in_echoed_text_keeps_the_message_on_one_line(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    run = cli("calc", "12", "--format", "foo\nbar\x1b[2J")
    assert run.code == 1
    assert run.err.startswith("caddy: error: unknown format 'foo\\nbar\\x1b[2J' (known: ")
    assert run.err.count("\n") == 1
    missing = tmp_path / "two\nlines.trf"
    run = cli("check", str(missing))
    assert run.code == 1 and run.err.count("\n") == 1
    assert "two\\nlines.trf" in run.err


def test_problems_are_counted_on_one_line(cli: Callable[..., Run], tmp_path: Path) -> None:
    """``caddy check``'s problem lines and its count name a file with a newline on one line."""
    folder = tmp_path / "a\nb"
    folder.mkdir()
    path = folder / "t.trf"
    text = TRF.read_text()
    lines = [line for line in text.splitlines() if line.startswith("001")]
    path.write_text(text.replace(lines[0], lines[0][:80] + " 9.5" + lines[0][84:]))
    run = cli("check", str(path))
    assert run.code == 1
    assert run.out.count("\n") == len(run.out.splitlines()) == 1
    assert run.out.startswith(f"{tmp_path}/a\\nb/t.trf: player ")
    assert run.err == f"caddy: {tmp_path}/a\\nb/t.trf: 1 problem(s)\n"


def test_host_warnings_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The plugin host's warnings go through the same one place (:func:`caddy.messages.tell`)."""
    from caddy.plugins.host import PluginHost

    host = PluginHost(env={"CADDY_DISABLE_PLUGIN_AUTOLOAD": "1"})
    host._warn("plugin 'x\ny' failed")
    assert capsys.readouterr().err == "caddy: warning: plugin 'x\\ny' failed\n"
