"""Event files: JSON round trips, broken inputs, safe writes, the arbiter's workflow (issue 6)."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.event import (
    EventFile,
    PairRound,
    RecordBye,
    RecordResult,
    Withdraw,
    from_document,
    new_event,
    replay,
    to_document,
)
from caddy.event.store import load, save
from caddy.model.schedule import Player
from caddy_plugins.formats.manual import ManualOptions
from caddy_plugins.formats.round_robin import RoundRobinOptions
from tests import texts
from tests.conftest import Run
from tests.shell import Shell

DATA = Path(__file__).parent / "data"
PLAYERS = "name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\nEve,1900\nFinn,1850\n"


@st.composite
def events(draw: st.DrawFn) -> EventFile:
    """Manual events with random pairings, results, byes, forfeits and a withdrawal."""
    n = draw(st.integers(2, 10))
    players = [
        Player(name=f"P{i}", rating=draw(st.none() | st.integers(1000, 2800))) for i in range(n)
    ]
    event = new_event(
        players,
        "manual",
        ManualOptions(rounds=draw(st.integers(0, 9))),
        name=draw(texts.text(max_size=8)),
    )
    for number in range(1, draw(st.integers(0, 4)) + 1):
        order = draw(st.permutations(list(range(1, n + 1))))
        pairs = len(order) // 2
        white, black = tuple(order[:pairs]), tuple(order[pairs : 2 * pairs])
        event = event.with_operation(PairRound(round=number, white=white, black=black))
        for board in range(1, pairs + 1):
            result = draw(st.sampled_from(["1-0", "0-1", "1/2", "+-", "-+", "--"]))
            event = event.with_operation(RecordResult(round=number, board=board, result=result))
        if len(order) % 2:
            kind = draw(st.sampled_from(["full", "half", "zero"]))
            event = event.with_operation(RecordBye(round=number, player=order[-1], kind=kind))
        if number == 2 and draw(st.booleans()):
            event = event.with_operation(Withdraw(player=draw(st.integers(1, n)), after_round=2))
    return event


@settings(max_examples=40, deadline=None)
@given(events())
def test_json_round_trip_is_identity(event: EventFile) -> None:
    document = json.loads(json.dumps(to_document(event)))
    assert from_document(document) == event


def test_round_robin_round_trip(tmp_path: Path) -> None:
    players = [Player(name=f"P{i}", rating=2000 + i) for i in range(7)]
    event = new_event(players, "round-robin", RoundRobinOptions(cycles=2), name="Double")
    event = event.with_operation(RecordResult(round=1, board=1, result="1-0")).with_operation(
        Withdraw(player=3, after_round=1)
    )
    save(tmp_path / "e.json", event)
    assert load(tmp_path / "e.json") == event


def test_schema_v1_fixture_still_loads() -> None:
    """Every past schema version keeps a fixture that must load (tests/data/event-v1.json)."""
    event = load(DATA / "event-v1.json")
    assert event.tournament.format.name == "round-robin"
    assert len(event.tournament.players) == 6
    assert len(event.operations) == 4


# -- broken inputs ---------------------------------------------------------------------------------


def good_document() -> dict[str, Any]:
    result: dict[str, Any] = json.loads((DATA / "event-v1.json").read_text(encoding="utf-8"))
    return result


def broken(change: Callable[[dict[str, Any]], object]) -> str:
    document = good_document()
    change(document)
    return json.dumps(document)


def _players(d: dict[str, Any]) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = d["tournament"]["players"]
    return players


BROKEN: list[tuple[str, bytes, str]] = [
    ("truncated", json.dumps(good_document()).encode()[:200], "not valid JSON"),
    ("not json", b"hello", "not valid JSON"),
    ("empty", b"", "not valid JSON"),
    ("a list", b"[]", "expected a JSON object"),
    ("not UTF-8", b'{"schema": "caddy.tournament", "name": "\xff\xfe"}', "not UTF-8"),
    ("wrong schema", broken(lambda d: d.update(schema="caddy.calc")).encode(), "$.schema"),
    ("future version", broken(lambda d: d.update(version=99)).encode(), "$.version"),
    ("unknown top key", broken(lambda d: d.update(extra=1)).encode(), "unknown keys"),
    (
        "unknown plugin",
        broken(lambda d: d["tournament"]["format"].update(name="swiss-galaxy")).encode(),
        "unknown format plugin 'swiss-galaxy'",
    ),
    (
        "wrong type",
        broken(lambda d: _players(d)[0].update(rating="high")).encode(),
        "$.tournament.players[0].rating",
    ),
    ("unknown key", broken(lambda d: _players(d)[0].update(colour="w")).encode(), "colour"),
    (
        "missing name",
        broken(lambda d: _players(d)[0].pop("name")).encode(),
        "$.tournament.players[0].name",
    ),
    ("huge number", broken(lambda d: d["operations"][0].update(round=10**30)).encode(), "round"),
    (
        "unknown op",
        broken(lambda d: d["operations"][0].update(op="teleport")).encode(),
        "$.operations",
    ),
    (
        "round that does not exist",
        broken(lambda d: d["operations"][0].update(round=9)).encode(),
        "round 9 does not exist",
    ),
    (
        "board that does not exist",
        broken(lambda d: d["operations"][0].update(board=7)).encode(),
        "no board 7",
    ),
    (
        "bad result",
        broken(lambda d: d["operations"][0].update(result="2-0")).encode(),
        "unknown result '2-0'",
    ),
    (
        "bad option",
        broken(lambda d: d["tournament"]["format"]["options"].update(cycles=3)).encode(),
        "cycles",
    ),
    ("bad date", broken(lambda d: d["tournament"].update(start="yesterday")).encode(), "start"),
    (
        "bad time control",
        broken(lambda d: d["tournament"].update(time_control="G/25x5")).encode(),
        "x5",
    ),
]


@pytest.mark.parametrize(("label", "content", "needle"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_files(
    cli: Callable[..., Run], tmp_path: Path, label: str, content: bytes, needle: str
) -> None:
    """Exit 1, one clear line per problem, never a traceback, never a changed file."""
    path = tmp_path / "event.json"
    path.write_bytes(content)
    for args in (
        ("standings", str(path)),
        ("result", str(path), "1", "1", "1-0"),
        ("history", str(path)),
    ):
        run = cli(*args)
        assert run.code == 1, (label, args, run.err)
        assert "Traceback" not in run.err
        assert needle in run.err, (label, run.err)
        assert all(line.startswith("caddy: error: ") for line in run.err.splitlines())
        assert path.read_bytes() == content


def test_unbroken_file_is_accepted(cli: Callable[..., Run], tmp_path: Path) -> None:
    """The control for BROKEN: the document they all start from passes every command, so each
    error above comes from its breakage. (The corpus is at least 20 cases.)"""
    assert len(BROKEN) >= 20
    path = tmp_path / "event.json"
    path.write_text(json.dumps(good_document()))
    for args in (("standings", str(path)), ("history", str(path))):
        run = cli(*args)
        assert (run.code, run.err) == (0, ""), args
    run = cli("result", str(path), "2", "1", "1-0")
    assert (run.code, run.err) == (0, "")
    assert len(load(path).operations) == len(good_document()["operations"]) + 1


# -- safety ------------------------------------------------------------------------------------------


def test_interrupted_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "event.json"
    event = load(DATA / "event-v1.json")
    save(path, event)
    before = path.read_bytes()

    def fail(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(OSError):
        save(path, event.with_operation(RecordResult(round=2, board=1, result="1-0")))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["event.json"]  # no temp file left behind


HOLD = """
import select, sys
from caddy.files.storage import locked
with locked(sys.argv[1]):
    print("locked", flush=True)
    select.select([sys.stdin], [], [], float(sys.argv[2]))  # until told, at most that long
"""


def test_concurrent_writer_gets_the_lock_error(tmp_path: Path, cli: Callable[..., Run]) -> None:
    """Another process holds the lock (a real second process: the lock is between processes);
    caddy, run here, waits until it lets go."""
    path = tmp_path / "event.json"
    path.write_bytes((DATA / "event-v1.json").read_bytes())
    before = path.read_bytes()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path), "5"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        assert holder.stdin is not None
        threading.Timer(0.5, holder.stdin.close).start()  # let go of the lock soon
        run = cli("result", str(path), "2", "1", "1-0")
        assert run.code == 0, run.err  # waited for the holder (storage.LOCK_WAIT), then wrote
        assert path.read_bytes() != before
    finally:
        assert holder.stdin is not None
        holder.stdin.close()  # let go of the lock
        holder.wait(timeout=30)
    load(path)  # the file is valid


def test_two_writers_racing(tmp_path: Path) -> None:
    """Two processes write at once: the second waits for the first; both changes are kept."""
    path = tmp_path / "event.json"
    path.write_bytes((DATA / "event-v1.json").read_bytes())
    script = """
import sys
import caddy.event
from caddy.event import RecordResult
print("trying", flush=True)
try:
    with caddy.event.open(sys.argv[1]) as session:
        print("locked", flush=True)
        if sys.argv[2] == "1":
            sys.stdin.readline()  # hold the lock until told
        session.apply(RecordResult(round=2, board=int(sys.argv[2]), result="1-0"))
    print("won")
except Exception as exc:
    print("lost:", exc)
"""

    def writer(board: int) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-c", script, str(path), str(board)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    first = writer(1)
    assert first.stdout is not None
    assert [first.stdout.readline(), first.stdout.readline()] == ["trying\n", "locked\n"]
    second = writer(2)
    assert second.stdout is not None
    assert second.stdout.readline() == "trying\n"
    # the second is at the lock: it waits while the first holds it
    assert select.select([second.stdout], [], [], 0.3)[0] == []
    assert first.communicate("\n", timeout=60)[0] == "won\n"  # let go of the lock
    assert second.communicate(timeout=60)[0] == "locked\nwon\n"
    assert len(load(path).operations) == 6


# -- the workflow through the CLI ------------------------------------------------------------------


def succeeding(cli: Callable[..., Run]) -> Callable[..., Run]:
    """Run caddy and insist that it succeeds."""

    def caddy(*args: str) -> Run:
        run = cli(*args)
        assert run.code == 0, (args, run.err)
        return run

    return caddy


def test_readme_workflow_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's event workflow (after ``<!-- workflow -->``), run line by line in an empty
    folder: a 6-player round robin from `new` to final standings, with a withdrawal and two
    undos. Then a few more commands on the same event: a second withdrawal undone, a result
    refused, the standings as JSON."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- workflow -->", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    script = block.strip()
    monkeypatch.chdir(tmp_path)
    shell = Shell()
    run = shell.run(script)
    assert run.code == 0, run.err
    assert run.commands == len(script.splitlines())
    assert "Traceback" not in run.err
    assert "Anna" in run.out  # the pairing sheet
    assert "Finn (6) withdraws after round 2" in run.out
    assert "undone: round 2 board 1: 0-1" in run.out
    assert "(annulled)" in run.out  # Finn left before 50%: listed without a rank
    assert "undone: round 5 board 3: 1-0" in run.out
    history = [
        line
        for line in run.out.splitlines()
        if re.match(r"^\s*\d+  (round \d+ board|.+ withdraws)", line)
    ]
    assert len(history) == 13  # every operation left after the two undos
    standings = run.out.split("pre-determined pairings (round robin)", 1)[1]
    assert standings.count("\n   ") >= 5  # five ranked players
    crosstable = run.out.split("\nno  name ", 1)[1]
    assert " 6  Finn  [0]  [−]  [−]  [½]  [−]    ×" in crosstable  # annulled, in brackets

    more = shell.run(
        "caddy withdraw club.json Eve\n"  # a second withdrawal, entered by mistake ...
        "caddy undo club.json\n"  # ... and undone
        "caddy history club.json\n"
    )
    assert more.code == 0, more.err
    assert more.out.splitlines()[:2] == [
        "recorded: Eve (5) withdraws after round 5: 4 of 5 games played, at least half, so their"
        " results stand; later opponents score a win by forfeit"
        " (FIDE General Regulations for Competitions 6.6)",
        "undone: Eve (5) withdraws after round 5",
    ]
    assert more.out.splitlines()[2:] == history  # as it was
    refused = shell.run("caddy result club.json 1 1 0-1")
    assert refused.code == 1 and "already has a result" in refused.err
    document = json.loads(shell.run("caddy standings club.json --json").out)
    assert document["tiebreaks"] == ["SB", "DE", "KS"]
    ranked = [row for row in document["rows"] if row["rank"] is not None]
    assert len(ranked) == 5 and document["rows"][-1]["annulled"] is True
    assert sum(row["score"] for row in ranked) == 10  # 10 games among the five who stayed


def new_knockout(caddy: Callable[..., Run], players: int) -> str:
    """A knockout event of K1..Kn (by rating), round 1 paired; matches end in armageddon,
    the higher seed White (armageddon_colour=higher-seed: no lot for the colours)."""
    csv = "name,rating\n" + "".join(f"K{i},{2500 - 20 * i}\n" for i in range(1, players + 1))
    Path("ko.csv").write_text(csv)
    event = "ko.json"
    caddy(
        "new",
        event,
        "--format",
        "knockout",
        "--players",
        "ko.csv",
        "--option",
        "tiebreak=armageddon",
        "--option",
        "armageddon_colour=higher-seed",
    )
    caddy("pair", event)
    return event


def test_knockout_of_eight_with_pair_and_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Callable[..., Run]
) -> None:
    monkeypatch.chdir(tmp_path)
    caddy = succeeding(cli)
    event = new_knockout(caddy, 8)
    caddy("result", event, "1", "1", "1-0")
    caddy("result", event, "1", "2", "1/2")  # drawn: an armageddon game follows on the same board
    early = cli("pair", event)
    assert early.code == 1 and "not finished" in early.err
    caddy("result", event, "1", "2", "1/2")  # armageddon drawn: Black (5) goes through
    caddy("result", event, "1", "3", "0-1")
    caddy("result", event, "1", "4", "1-0")
    assert "K5 (5)" in caddy("pair", event).out
    caddy("result", event, "2", "1", "1-0")
    caddy("result", event, "2", "2", "1-0")
    caddy("pair", event)
    caddy("result", event, "3", "1", "0-1")
    assert "the event is over; winner K3 (3)" in caddy("pair", event).out


def test_fixed_schedule_needs_no_pairing(tmp_path: Path, cli: Callable[..., Run]) -> None:
    path = tmp_path / "e.json"
    path.write_bytes((DATA / "event-v1.json").read_bytes())
    run = cli("pair", str(path))
    assert run.code == 0 and "no round needs pairing" in run.out


def test_manual_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Callable[..., Run]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("players.csv").write_text(PLAYERS)
    event = "m.json"
    assert (
        cli("new", event, "--format", "manual", "--players", "players.csv", "--by", "given").code
        == 0
    )
    run = cli("pair", event, "--pairings", "1-6 2-5 3-4")
    assert run.code == 0, run.err
    bad = cli("pair", event, "--pairings", "1-2")
    assert bad.code == 1 and "not finished" in bad.err
    for board in (1, 2, 3):
        assert cli("result", event, "1", str(board), "1-0").code == 0
    twice = cli("pair", event, "--pairings", "1-2 1-3 4-5")
    assert twice.code == 1 and "player 1 appears twice" in twice.err
    # a player left unpaired (6 here) is absent from the round
    assert cli("pair", event, "--pairings", "1-2 3-5", "--byes", "4").code == 0
    assert "bye (pab): Dan (4)" in cli("pairings", event).out
    calc = cli("calc", "8", "--format", "manual")
    assert calc.code == 1 and "no schedule to compute" in calc.err


def test_knockout_correction_replaces_the_last_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Callable[..., Run]
) -> None:
    """--force on a match corrects its last game; it never adds one."""
    monkeypatch.chdir(tmp_path)
    caddy = succeeding(cli)
    event = new_knockout(caddy, 4)
    caddy("result", event, "1", "1", "1/2")  # game 1 drawn: armageddon next
    caddy("result", event, "1", "1", "1-0", "--force")  # no: White won game 1
    state = replay(load(event))
    assert state.round(1).boards[0].results == ("1-0",)
    refused = cli("result", event, "1", "1", "1-0")
    assert refused.code == 1 and "the match is decided" in refused.err
