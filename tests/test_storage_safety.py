"""Event files and output files under careless and concurrent use (issue 13: n, o, t, u, v).

Source: the guarantees in the docstring of ``core/caddy/files/storage.py`` (atomic
writes through ``.NAME.caddy-tmp-XXXXXXXX``, the lock on the real file with a
wait of ``storage.LOCK_WAIT`` seconds, permission bits kept, only regular files
read or replaced) and ``docs/events.md`` (Safety). Commands run in-process
through the ``cli`` fixture; the concurrency tests fork a few workers that call
``caddy.cli.main.main`` in-process (no console script).
"""

from __future__ import annotations

import contextlib
import errno
import io
import multiprocessing
import os
import signal
import stat
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddy.cli.main import main
from caddy.event import store
from caddy.files import storage
from tests.conftest import Run

DATA = Path(__file__).parent / "data"
TRF = DATA / "trf" / "rr_fide_tec_exercise_held_6p.trf"
#: 16 players: a round robin of 15 rounds with 8 boards each.
PLAYERS = "name,rating\n" + "".join(f"P{i:02},{2400 - 10 * i}\n" for i in range(1, 17))

FORK = multiprocessing.get_context("fork") if hasattr(os, "fork") else None
needs_fork = pytest.mark.skipif(FORK is None, reason="needs fork")


@pytest.fixture
def event(tmp_path: Path, cli: Callable[..., Run]) -> Path:
    """A new 16-player round robin, ``tmp_path/event.json``."""
    (tmp_path / "players.csv").write_text(PLAYERS)
    path = tmp_path / "event.json"
    run = cli(
        "new", str(path), "--format", "round-robin", "--players", str(tmp_path / "players.csv")
    )
    assert run.code == 0, run.err
    return path


def results_in(path: Path) -> set[tuple[int, int]]:
    """The (round, board) pairs that have a result in the event file."""
    from caddy.event import RecordResult

    return {
        (op.round, op.board) for op in store.load(path).operations if isinstance(op, RecordResult)
    }


def error_line(run: Run) -> str:
    """The one ``caddy: error:`` line of a failed run (exit 1); warnings about the
    event's content (an export's) may come before it."""
    assert run.code == 1, (run.code, run.out, run.err)
    lines = [line for line in run.err.splitlines() if not line.startswith("caddy: warning: ")]
    assert len(lines) == 1 and lines[0].startswith("caddy: error: "), run.err
    return lines[0]


def temps(folder: Path) -> list[str]:
    """The hidden files in ``folder``: temp files (caddy makes no other)."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# -- worker processes --------------------------------------------------------------------------


def _main(args: list[str]) -> tuple[int, str, str]:
    """``caddy ARGS`` in this (worker) process: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def _results(path: str, round_: int, boards: int) -> list[tuple[int, str, str]]:
    """Record ``boards`` results in one round, one command each."""
    return [_main(["result", path, str(round_), str(b), "1-0"]) for b in range(1, boards + 1)]


def _in_parallel(function: Callable[..., Any], calls: list[tuple[Any, ...]]) -> list[Any]:
    assert FORK is not None
    with FORK.Pool(len(calls)) as pool:
        return pool.starmap_async(function, calls).get(timeout=120)


# -- n: file modes -----------------------------------------------------------------------------


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mode=st.integers(0, 0o777).map(lambda m: m | 0o600))
def test_a_write_keeps_the_files_mode(event: Path, cli: Callable[..., Run], mode: int) -> None:
    """Issue 13 n: 0664 (any mode the owner may write) stays as it is."""
    event.chmod(mode)
    run = (
        cli("undo", str(event)) if results_in(event) else cli("result", str(event), "1", "1", "1-0")
    )
    assert run.code == 0, run.err
    assert stat.S_IMODE(event.stat().st_mode) == mode


@pytest.mark.parametrize("umask", [0o002, 0o022, 0o077])
def test_new_files_follow_the_umask(tmp_path: Path, cli: Callable[..., Run], umask: int) -> None:
    """Issue 13 n: `new`, `import -o` and `export -o` create files with 0666 less the umask."""
    (tmp_path / "players.csv").write_text(PLAYERS)
    old = os.umask(umask)
    try:
        runs = [
            cli(
                "new",
                str(tmp_path / "a.json"),
                "--format",
                "round-robin",
                "--players",
                str(tmp_path / "players.csv"),
            ),
            cli("import", str(TRF), "-o", str(tmp_path / "b.json")),
            cli("export", str(tmp_path / "b.json"), "-o", str(tmp_path / "c.trf")),
        ]
    finally:
        os.umask(old)
    assert [r.code for r in runs] == [0, 0, 0], [r.err for r in runs]
    for name in ("a.json", "b.json", "c.trf"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o666 & ~umask, name


# -- o: no fcntl -------------------------------------------------------------------------------


class FakeMsvcrt(types.ModuleType):
    """``msvcrt.locking`` as the Python documentation describes it, one byte per handle."""

    LK_UNLCK, LK_NBLCK = 0, 2

    def __init__(self) -> None:
        super().__init__("msvcrt")
        self.calls: list[int] = []
        self.held: set[tuple[int, int]] = set()

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        info = os.fstat(fd)
        key = (info.st_dev, info.st_ino)
        self.calls.append(mode)
        if mode == self.LK_NBLCK:
            if key in self.held:
                raise PermissionError(errno.EACCES, "Permission denied")
            self.held.add(key)
        else:
            self.held.discard(key)


def test_windows_locking_when_fcntl_is_missing(
    event: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 o: without fcntl caddy imports, reads and writes, locking with msvcrt."""
    fake = FakeMsvcrt()
    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` raises ImportError
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    run = cli("result", str(event), "1", "1", "1-0")
    assert run.code == 0, run.err
    assert run.out == "recorded: round 1 board 1: 1-0\n" and run.err == ""
    assert fake.calls == [fake.LK_NBLCK, fake.LK_UNLCK] and not fake.held
    assert results_in(event) == {(1, 1)}
    assert cli("history", str(event)).code == 0


def test_no_locking_at_all_warns_and_writes(
    event: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 o: with neither fcntl nor msvcrt a write says it has no lock, and works."""
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setitem(sys.modules, "msvcrt", None)
    run = cli("result", str(event), "1", "1", "1-0")
    assert run.code == 0 and run.out == "recorded: round 1 board 1: 1-0\n"
    assert run.err == (
        f"caddy: warning: {event}: written without a lock: this platform offers no file "
        "locking (neither fcntl nor msvcrt); run one caddy command at a time on a file\n"
    )
    assert results_in(event) == {(1, 1)}


# -- t: concurrency, symlinks, read-only files, full disks -------------------------------------


@needs_fork
def test_concurrent_results_all_kept(event: Path) -> None:
    """Issue 13 t: 8 processes x 5 results at once: each waits its turn; none is lost."""
    runs = _in_parallel(_results, [(str(event), r, 5) for r in range(1, 9)])
    assert [code for batch in runs for code, _, _ in batch] == [0] * 40, runs
    assert results_in(event) == {(r, b) for r in range(1, 9) for b in range(1, 6)}


@needs_fork
def test_writers_through_two_symlinks(event: Path) -> None:
    """Issue 13 t: the lock and the rename are on the real file; both links stay links."""
    first, second = event.with_name("first.json"), event.with_name("second.json")
    first.symlink_to(event.name)
    second.symlink_to(event)
    calls = [(str(first if r % 2 else second), r, 5) for r in range(1, 9)]
    runs = _in_parallel(_results, calls)
    assert [code for batch in runs for code, _, _ in batch] == [0] * 40, runs
    assert first.is_symlink() and second.is_symlink() and not event.is_symlink()
    assert results_in(event) == {(r, b) for r in range(1, 9) for b in range(1, 6)}
    assert sorted(p.name for p in event.parent.iterdir()) == [
        "event.json",
        "first.json",
        "players.csv",
        "second.json",
    ]  # no lock or temp file stays behind


@needs_fork
def test_concurrent_new_on_one_path(tmp_path: Path) -> None:
    """Issue 13 t: 8 x `new` on one path: exactly one creates it, the others refuse."""
    (tmp_path / "players.csv").write_text(PLAYERS)
    path = str(tmp_path / "event.json")
    args = ["new", path, "--format", "round-robin", "--players", str(tmp_path / "players.csv")]
    runs = _in_parallel(_main, [(args,)] * 8)
    assert sorted(code for code, _, _ in runs) == [0] + [1] * 7
    refusals = {err for code, _, err in runs if code}
    assert refusals == {f"caddy: error: {path} exists already; an event file is created once\n"}
    store.load(path)


def test_new_never_replaces_a_file_made_meanwhile(
    tmp_path: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 t: the existence check is repeated under the lock, just before writing."""
    from caddy.files import players

    path = tmp_path / "event.json"
    (tmp_path / "players.csv").write_text(PLAYERS)
    read = players.read_players_csv

    def read_while_another_new_wins(file: Any, **_: Any) -> Any:
        path.write_bytes(b"the other command's event\n")
        return read(file)

    monkeypatch.setattr(players, "read_players_csv", read_while_another_new_wins)
    run = cli(
        "new", str(path), "--format", "round-robin", "--players", str(tmp_path / "players.csv")
    )
    assert error_line(run) == f"caddy: error: {path} exists already; an event file is created once"
    assert path.read_bytes() == b"the other command's event\n"


def test_import_force_waits_for_the_lock(
    event: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 t: `import --force` replaces an event only under its lock."""
    monkeypatch.setattr(storage, "LOCK_WAIT", 0.3, raising=False)
    before = event.read_bytes()
    with storage.locked(event):
        run = cli("import", str(TRF), "-o", str(event), "--force")
    assert error_line(run) == (
        f"caddy: error: {event}: another caddy command is changing this event and still "
        "held it after 0.3 s; try again when it is done"
    )
    assert event.read_bytes() == before
    assert cli("import", str(TRF), "-o", str(event), "--force").code == 0


class FakeClock:
    """``time.monotonic`` and ``time.sleep`` for :mod:`caddy.files.storage`: sleeping moves
    the clock on at once."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_a_held_lock_is_waited_for_then_one_line(
    event: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 t: a second writer waits LOCK_WAIT seconds, then says so in one line."""
    monkeypatch.setattr(storage, "LOCK_WAIT", 0.4, raising=False)
    before = event.read_bytes()
    clock = FakeClock()
    with storage.locked(event), monkeypatch.context() as patch:
        # the wait on caddy's clock, not the wall clock: no test asserts a duration
        patch.setattr(storage, "time", clock)
        run = cli("result", str(event), "1", "1", "1-0")
    assert "still held it after 0.4 s" in error_line(run)
    assert clock.now >= 0.4 and clock.slept
    assert event.read_bytes() == before

    def release_soon() -> None:
        time.sleep(0.2)
        holder.close()

    holder = contextlib.ExitStack()
    holder.enter_context(storage.locked(event))
    thread = threading.Thread(target=release_soon)
    thread.start()
    run = cli("result", str(event), "1", "1", "1-0")  # the lock is freed within the wait
    thread.join()
    assert run.code == 0, run.err
    assert results_in(event) == {(1, 1)}


@pytest.mark.parametrize(
    "args",
    [
        ("result", "{event}", "1", "1", "1-0"),
        ("undo", "{event}"),
        ("withdraw", "{event}", "1"),
        ("import", str(TRF), "-o", "{event}", "--force"),
        ("export", "{event}", "-o", "{event}", "--force"),
    ],
)
def test_a_read_only_event_file_is_refused(
    event: Path, cli: Callable[..., Run], args: tuple[str, ...]
) -> None:
    """Issue 13 t: a 0444 file is not rewritten (not even by root), and stays 0444."""
    assert cli("result", str(event), "1", "2", "0-1").code == 0
    event.chmod(0o444)
    before = event.read_bytes()
    run = cli(*(a.format(event=event) for a in args))
    assert (
        error_line(run)
        == f"caddy: error: {event}: the file is read-only; caddy leaves it unchanged"
    )
    assert event.read_bytes() == before
    assert stat.S_IMODE(event.stat().st_mode) == 0o444


@pytest.mark.parametrize(
    ("code", "why"),
    [
        (errno.ENOSPC, "no space left on the disk"),
        (errno.EFBIG, "file too large: a file-size limit is set"),
    ],
)
def test_a_failed_write_is_one_line(
    event: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch, code: int, why: str
) -> None:
    """Issue 13 t: a full disk: one line, exit 1, the old file and no temp file."""
    before = event.read_bytes()

    def full(fd: int) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "fsync", full)
    run = cli("result", str(event), "1", "1", "1-0")
    assert error_line(run) == f"caddy: error: {event}: cannot write ({why}); the file is unchanged"
    out = event.with_name("out.trf")
    run = cli("export", str(event), "-o", str(out))
    assert error_line(run) == f"caddy: error: {out}: cannot write ({why}); nothing was written"
    assert event.read_bytes() == before and not out.exists()
    assert temps(event.parent) == []


def test_a_write_syncs_the_file_before_the_rename_then_its_folder(
    event: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 t: the temp file reaches the disk before it replaces the event
    (``fsync``, then the rename), and the rename too (``fsync`` of the folder)."""
    synced: list[tuple[str, bool]] = []

    def fsync(fd: int) -> None:
        info = os.fstat(fd)
        kind = "folder" if stat.S_ISDIR(info.st_mode) else "file"
        synced.append((kind, temps(event.parent) != []))

    monkeypatch.setattr(os, "fsync", fsync)
    assert cli("result", str(event), "1", "1", "1-0").code == 0
    assert synced == [("file", True), ("folder", False)]


def _under_size_limit(event: str, out: str, limit: int) -> list[tuple[int, str, str]]:
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # as Python itself sets it at start-up
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    return [_main(["result", event, "1", "1", "1-0"]), _main(["export", event, "-o", out])]


@needs_fork
def test_a_file_size_limit(event: Path) -> None:
    """Issue 13 t and u: under RLIMIT_FSIZE `result` and `export -o` exit 1 with one
    line, and leave the old event, no partial TRF and no temp file."""
    before = event.read_bytes()
    out = event.with_name("out.trf")
    result, export = _in_parallel(_under_size_limit, [(str(event), str(out), 300)])[0]
    why = "file too large: a file-size limit is set"
    assert error_line(Run(*result)) == (
        f"caddy: error: {event}: cannot write ({why}); the file is unchanged"
    )
    assert error_line(Run(*export)) == (
        f"caddy: error: {out}: cannot write ({why}); nothing was written"
    )
    assert event.read_bytes() == before and not out.exists()
    assert temps(event.parent) == []


def _killed_while_writing(event: str) -> None:
    os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)
    _main(["result", event, "1", "1", "1-0"])


@needs_fork
def test_kill_9_leaves_the_old_file_and_the_next_command_cleans_up(
    event: Path, cli: Callable[..., Run]
) -> None:
    """Issue 13 t: kill -9 mid-write leaves the old file and a recognisable temp file,
    which the next command holding the lock removes."""
    assert FORK is not None
    before = event.read_bytes()
    child = FORK.Process(target=_killed_while_writing, args=(str(event),))
    child.start()
    child.join(timeout=60)
    assert child.exitcode == -signal.SIGKILL
    assert event.read_bytes() == before
    left = temps(event.parent)
    assert len(left) == 1 and left[0].startswith(".event.json.caddy-tmp-"), left
    run = cli("result", str(event), "1", "1", "1-0")
    assert run.code == 0, run.err
    assert temps(event.parent) == []
    assert results_in(event) == {(1, 1)}


# -- u and v: output files ---------------------------------------------------------------------


@pytest.mark.parametrize("victim", ["players.csv", "event.json"])
def test_export_does_not_overwrite_without_force(
    event: Path, cli: Callable[..., Run], victim: str
) -> None:
    """Issue 13 v: `export -o` refuses an existing file unless --force."""
    target = event.with_name(victim)
    before = target.read_bytes()
    trf = cli("export", str(event)).out.encode()
    run = cli("export", str(event), "-o", str(target))
    assert error_line(run) == f"caddy: error: {target} exists already (use --force to replace it)"
    assert target.read_bytes() == before
    run = cli("export", str(event), "--to", "trf", "-o", str(target), "--force")
    assert run.code == 0, run.err
    assert target.read_bytes() == trf


def test_export_takes_the_lock(
    event: Path, cli: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 v: `export -o` over a file waits for that file's lock."""
    monkeypatch.setattr(storage, "LOCK_WAIT", 0.2, raising=False)
    out = event.with_name("out.trf")
    out.write_bytes(b"old\n")
    with storage.locked(out):
        run = cli("export", str(event), "-o", str(out), "--force")
    assert "another caddy command is changing this event" in error_line(run)
    assert out.read_bytes() == b"old\n"


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    """A named pipe; a thread keeps opening it for writing so a reader that
    waits on it (the old behaviour) is released and the test fails instead of hanging."""
    path = tmp_path / "pipe.trf"
    os.mkfifo(path)
    stop = threading.Event()

    def unblock() -> None:
        while not stop.wait(0.2):
            with contextlib.suppress(OSError):
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))

    thread = threading.Thread(target=unblock, daemon=True)
    thread.start()
    yield path
    stop.set()
    thread.join()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize(
    ("args", "what"),
    [
        (("history", "{f}"), "an event file"),
        (("result", "{f}", "1", "1", "1-0"), "an event file"),
        (("check", "{f}"), "an event or TRF file"),
        (("export", "{f}"), "an event or TRF file"),
        (("import", "{f}", "-o", "{tmp}/x.json"), "an event or TRF file"),
        (("standings", "{f}"), "a TRF file"),
        (
            ("new", "{tmp}/x.json", "--format", "round-robin", "--players", "{f}"),
            "a players CSV file",
        ),
    ],
)
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_only_regular_files_are_read(
    tmp_path: Path,
    cli: Callable[..., Run],
    request: pytest.FixtureRequest,
    args: tuple[str, ...],
    what: str,
    kind: str,
) -> None:
    """Issue 13 v: a named pipe does not hang caddy and /dev/zero does not eat memory:
    every file caddy reads (event, TRF, players CSV) must be a regular file."""
    file = str(request.getfixturevalue("fifo")) if kind == "fifo" else "/dev/zero"
    run = cli(*(a.format(f=file, tmp=tmp_path) for a in args))
    shown = "a named pipe" if kind == "fifo" else "a device"
    assert error_line(run) == f"caddy: error: {file}: is {shown}, not {what}"
    assert not (tmp_path / "x.json").exists()


def test_nothing_but_a_regular_file_is_replaced(event: Path, cli: Callable[..., Run]) -> None:
    """Issue 13 v: `export -o --force` onto a folder or a device refuses in one line."""
    folder = event.with_name("folder")
    folder.mkdir()
    run = cli("export", str(event), "-o", str(folder), "--force")
    assert (
        error_line(run) == f"caddy: error: {folder}: is a folder; caddy writes only regular files"
    )
    link = event.with_name("null.trf")
    link.symlink_to("/dev/null")
    run = cli("export", str(event), "-o", str(link), "--force")
    assert error_line(run) == f"caddy: error: {link}: is a device; caddy writes only regular files"
    assert link.is_symlink()
