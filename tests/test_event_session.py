"""The one way to change an event file (issue 25): ``caddy.event.open(path)``
gives a session that locks the file, replays it once, checks each operation
as ``EventFile.with_operation`` does and writes atomically at a clean end.

Also the work ``caddy result`` and ``caddy pair FILE.trf`` do: the event
replayed once, no format plugin or event storage imported that the command
does not use.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import caddy.event
import caddy.event.documents
import caddy.event.file
import caddy.event.store
from caddy.errors import CaddyError, RulesError
from caddy.event import RecordResult, Withdraw
from caddy.event.replay import State
from caddy.event.store import load
from caddy.model.schedule import Player
from tests.conftest import DATA, Run

Cli = Callable[..., Run]


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


def players(folder: Path, count: int) -> str:
    path = folder / "players.csv"
    rows = [f"P{i},{2400 - 10 * i}" for i in range(1, count + 1)]
    path.write_text("name,rating\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return str(path)


TEAMS = (
    "team,board,name,rating\n"
    "Rooks,1,Ada,2010\nRooks,2,Ben,1950\nQueens,1,Dee,1990\nQueens,2,Eli,1900\n"
)


def round_robin(cli: Cli, folder: Path) -> str:
    path = str(folder / "rr.json")
    ok(cli("new", path, "--players", players(folder, 6), "--seed", "1"))
    return path


def knockout(cli: Cli, folder: Path) -> str:
    path = str(folder / "ko.json")
    ok(cli("new", path, "--format", "knockout", "--players", players(folder, 8)))
    ok(cli("pair", path))
    return path


def team_event(cli: Cli, folder: Path) -> str:
    csv = folder / "teams.csv"
    csv.write_text(TEAMS, encoding="utf-8")
    path = str(folder / "teams.json")
    ok(cli("new", path, "--teams", str(csv), "--format", "team-swiss", "--option", "rounds=1"))
    ok(cli("pair", path))
    return path


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every replay of an event from now on (``caddy.event.replay.replay``
    wrapped wherever a module holds it)."""
    fold = importlib.import_module("caddy.event.replay")  # (caddy.event.replay: the function)
    original = fold.replay
    counted: list[str] = []

    def counting(*args: object, **kwargs: object) -> State:
        counted.append("replay")
        state: State = original(*args, **kwargs)
        return state

    for module in list(sys.modules.values()):
        if getattr(module, "replay", None) is original:
            monkeypatch.setattr(module, "replay", counting)
    yield counted


@pytest.mark.parametrize(
    ("make", "args"),
    [
        (round_robin, ("1", "1", "1-0")),
        (knockout, ("1", "1", "1-0")),
        (team_event, ("1", "1", "1-0 1/2")),
    ],
    ids=["round-robin", "knockout", "team"],
)
def test_result_replays_the_event_once(
    cli: Cli,
    tmp_path: Path,
    replays: list[str],
    make: Callable[[Cli, Path], str],
    args: tuple[str, ...],
) -> None:
    path = make(cli, tmp_path)
    replays.clear()
    run = ok(cli("result", path, *args))
    assert run.out.startswith("recorded: ")
    assert replays == ["replay"]
    assert len(load(path).operations) >= 1


def test_a_round_of_results_and_a_bye_replay_once(
    cli: Cli, tmp_path: Path, replays: list[str]
) -> None:
    path = round_robin(cli, tmp_path)
    replays.clear()
    ok(cli("result", path, "1", "1-0 1/2 0-1"))
    ok(cli("withdraw", path, "6"))
    ok(cli("pairings", path))
    assert replays == ["replay"] * 3


def test_the_result_parser_alone_loads_no_plugin() -> None:
    """``caddy result`` builds its own parser only (``build_parser(only=...)``):
    no other command's parser, no plugin host, no format module (checked in a
    fresh process; ``caddy new``'s parser lists every format's shorthands)."""
    script = (
        "import sys, json\n"
        "from caddy.cli.main import build_parser\n"
        "parser = build_parser(only='result', with_plugin_commands=False)\n"
        "parser.parse_args(['result', 'x.json', '1', '2', '1-0'])\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    modules = json.loads(done.stdout.splitlines()[-1])
    cli = [m for m in modules if m.startswith("caddy.cli.")]
    assert cli == [
        "caddy.cli.common",
        "caddy.cli.main",
        "caddy.cli.result",
        "caddy.cli.result_batch",
    ]
    assert not [m for m in modules if m.startswith(("caddy_plugins", "caddy.plugins"))]


def _modules_after(*args: str) -> list[str]:
    """The modules a fresh process has imported after ``caddy ARGS`` (which must succeed)."""
    script = (
        "import sys, json\n"
        "from caddy.cli.main import main\n"
        "code = main(sys.argv[1:])\n"
        "print(json.dumps([code, sorted(sys.modules)]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, check=True
    )
    code, modules = json.loads(done.stdout.splitlines()[-1])
    assert code == 0, done.stderr
    return list(modules)


def test_result_imports_no_format_it_does_not_use(cli: Cli, tmp_path: Path) -> None:
    """``caddy result`` on a round robin builds its own parser only: no other
    format's module (knockout, Swiss ...) is imported (checked in a fresh process)."""
    path = round_robin(cli, tmp_path)
    modules = _modules_after("result", path, "1", "2", "1/2")
    formats = {m for m in modules if m.startswith("caddy_plugins.formats.")}
    assert "caddy_plugins.formats.round_robin" in formats
    for other in ("knockout", "swiss", "quads", "team_swiss", "groups", "scheveningen"):
        assert not [m for m in formats if m.startswith(f"caddy_plugins.formats.{other}")], formats


def test_result_and_withdraw_import_no_standings(cli: Cli, tmp_path: Path) -> None:
    """Recording a result or a withdrawal ranks nobody: the commands' words
    (:mod:`caddy.event.effects`) come without the standings."""
    path = round_robin(cli, tmp_path)
    for args in (("result", path, "1", "2", "1/2"), ("withdraw", path, "6")):
        assert not [m for m in _modules_after(*args) if m.startswith("caddy.standings")], args


def test_pair_trf_imports_no_event_storage(tmp_path: Path) -> None:
    """``caddy pair FILE.trf`` pairs a TRF file: no event file is read or
    written, so the event storage and session are never imported."""
    trf = DATA / "trf" / "swiss_fide_tec_exercise_held_16p_5r.trf"
    script = (
        "import sys, json\n"
        "from caddy.cli.main import main\n"
        "code = main(sys.argv[1:])\n"
        "print(json.dumps([code, sorted(sys.modules)]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, "pair", str(trf), "--rounds", "9", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    code, modules = json.loads(done.stdout.splitlines()[-1])
    assert code == 0, done.stderr
    assert "caddy.event.store" not in modules
    assert "caddy.event.session" not in modules


# -- the session API ---------------------------------------------------------------------


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.json"
    path.write_bytes((Path("docs/examples/club.json")).read_bytes())
    return path


def test_apply_writes_once_at_a_clean_end(club: Path, replays: list[str]) -> None:
    result = RecordResult(round=4, board=2, result="0-1")
    with caddy.event.open(club) as s:
        assert not s.changed
        s.apply(result)
        assert s.changed and s.state.round(4).boards[1].results == ("0-1",)
        assert load(club).operations == s.event.operations[:-1]  # nothing written yet
    assert replays == ["replay"] * 2  # the session's, and load's inside the block
    assert load(club).operations[-1] == result


def test_a_refused_operation_is_a_rules_error_and_changes_nothing(club: Path) -> None:
    before = club.read_bytes()
    with caddy.event.open(club) as s:
        with pytest.raises(RulesError, match="round 9 does not exist") as refused:
            s.apply(RecordResult(round=9, board=1, result="1-0"))
        with pytest.raises(RulesError) as same:
            s.event.with_operation(RecordResult(round=9, board=1, result="1-0"))
        assert refused.value.problems == same.value.problems
        assert not s.changed
        s.apply(RecordResult(round=4, board=2, result="1/2"))  # the session goes on
    assert club.read_bytes() != before


def test_an_exception_writes_nothing(club: Path) -> None:
    before = club.read_bytes()
    with pytest.raises(KeyError), caddy.event.open(club) as s:
        s.apply(RecordResult(round=4, board=2, result="1/2"))
        raise KeyError("stop")
    assert club.read_bytes() == before
    assert not (club.parent / "club.json.lock").exists()


def test_enter_undo_and_read(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "swiss.json"
    ok(cli("new", str(path), "--format", "swiss", "--players", players(tmp_path, 6)))
    ok(cli("pair", str(path)))
    with caddy.event.open(path) as s:
        number = s.enter(Player(name="Late Comer", rating=1500))
        assert number == 7
        s.apply(Withdraw(player=number, after_round=1))
    replayed = caddy.event.read(path)
    assert replayed.event == load(path)
    assert replayed.state.withdrawn == {7: 1}
    assert replayed.state.rounds[0].byes == {7: "zero"}
    with caddy.event.open(path, check_history=False) as s:
        dropped = s.undo(2)
    assert [type(op).__name__ for op in dropped] == ["Enter", "Withdraw"]
    assert len(load(path).tournament.players) == 6


def test_a_late_entrant_is_checked_as_caddy_add_checks(cli: Cli, tmp_path: Path) -> None:
    """The session (and ``EventFile.with_entrant``) refuses what ``caddy add``
    refuses: a name already in the event; the file is unchanged."""
    path = tmp_path / "swiss.json"
    ok(cli("new", str(path), "--format", "swiss", "--players", players(tmp_path, 6)))
    ok(cli("pair", str(path)))
    before = path.read_bytes()
    taken = load(path).tournament.players[0].name
    with pytest.raises(CaddyError, match="is in the event already"), caddy.event.open(path) as s:
        s.enter(Player(name=taken, rating=1500))
    assert path.read_bytes() == before
    with pytest.raises(CaddyError, match="is in the event already"):
        load(path).with_entrant(Player(name=taken, rating=1500))
    run = cli("add", str(path), taken, "--rating", "1500")
    assert run.code == 1 and "is in the event already" in run.err


def test_outside_its_block_a_session_changes_nothing(club: Path) -> None:
    session = caddy.event.open(club)
    with pytest.raises(CaddyError, match="not open"):
        session.apply(RecordResult(round=4, board=2, result="1/2"))
    with session:
        pass
    with pytest.raises(CaddyError, match="not open for changes"):
        session.apply(RecordResult(round=4, board=2, result="1/2"))


def test_with_operation_has_no_unchecked_path() -> None:
    import inspect

    assert "check" not in inspect.signature(caddy.event.file.EventFile.with_operation).parameters
    assert not hasattr(caddy.event.store, "updating")


def test_board_open_on_the_replayed_state(cli: Cli, tmp_path: Path) -> None:
    """``State.board_open``: no result and no withdrawal decides the board; a
    knockout board stays open until its match is decided."""
    path = round_robin(cli, tmp_path)
    ok(cli("result", path, "1", "1", "1-0"))
    ok(cli("withdraw", path, "6", "--after-round", "0"))
    state = caddy.event.read(path).state
    first = state.round(1)
    shown = {b.number: state.board_open(b) for b in first.boards}
    gone = next(b.number for b in first.boards if 6 in (b.white, b.black))
    assert shown[1] is False and shown[gone] is False
    assert [n for n, is_open in shown.items() if is_open] == [
        n for n in shown if n not in (1, gone)
    ]
    cup = knockout(cli, tmp_path)
    ok(cli("result", cup, "1", "1", "1-0"))
    state = caddy.event.read(cup).state
    assert not state.board_open(state.round(1).boards[0])  # its one game decided the match
    assert state.board_open(state.round(1).boards[1])


# -- the CLI's writers and handlers -------------------------------------------------------

CORE = Path(__file__).resolve().parent.parent / "core" / "caddy"
#: CLI modules still to pass the run's host on (cli.main's ``set_defaults(run=...)``).
HOST_PENDING = frozenset(
    {"calc", "dates", "plan", "publish", "standings", "standings_notes", "table"}
    | {"team_standings", "tiebreaks"}
)


def test_every_cli_writer_goes_through_the_session() -> None:
    """No read-modify-write of its own in the CLI, and no unchecked
    ``with_operation(..., check=False)`` anywhere in caddy."""
    found = []
    for path in sorted(CORE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(CORE).as_posix()
        if "check=False" in text and "with_operation(" in text:
            found.append(f"{name}: with_operation(..., check=False)")
        if name.startswith("cli/") and ("updating(" in text or "box[0]" in text):
            found.append(f"{name}: its own read-modify-write")
    assert found == []


def test_cli_handlers_get_the_run_s_host() -> None:
    """``get_host()`` and ``getattr(ns, ...)`` nowhere in the CLI (the host is
    chosen once, in ``caddy.cli.main``, and passed to each handler)."""
    found = [
        f"{path.name}: {needle}"
        for path in sorted((CORE / "cli").glob("*.py"))
        if path.stem not in HOST_PENDING
        for needle in ("get_host(", "getattr(ns")
        if needle in path.read_text(encoding="utf-8")
    ]
    assert found == []
