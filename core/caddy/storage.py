"""Reading and writing event files safely.

* Every write goes to a temporary file in the same folder, is fsynced, and
  is renamed over the old file: a failed or interrupted write leaves the
  previous file byte-identical.
* A read–modify–write holds an exclusive lock (POSIX ``fcntl`` on a
  ``.lock`` file beside the event): a second writer gets a clear error at
  once instead of waiting or winning silently.
* A corrupt or hand-broken file gives one ``path: message`` line per problem
  and is never rewritten.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from caddy.errors import CaddyError
from caddy.event import EventFile, from_document, to_document

#: The largest event file caddy reads (a 1,000-player double round robin is well under it).
MAX_BYTES = 512 * 1024 * 1024


class LockedError(CaddyError):
    """Another process is writing the event file."""


def load(path: str | Path, *, check_history: bool = True) -> EventFile:
    """Read an event file; raises :class:`CaddyError` with one line per problem
    (``check_history=False``: the operations are not replayed; for ``undo``)."""
    return loads(read_bytes(path), str(path), check_history=check_history)


def read_bytes(path: str | Path, what: str = "an event file") -> bytes:
    """A file's bytes, with one clear line when it cannot be read."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise CaddyError(f"{path}: larger than {MAX_BYTES // (1024 * 1024)} MiB; not {what}")
        return path.read_bytes()
    except FileNotFoundError:
        raise CaddyError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CaddyError(f"{path}: is a folder, not {what}") from None
    except OSError as exc:
        raise CaddyError(f"{path}: cannot read ({exc.strerror})") from None


def loads(raw: bytes, source: str = "<event>", *, check_history: bool = True) -> EventFile:
    """An event from the bytes of an event file (``source`` names it in messages)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CaddyError(
            f"{source}: not UTF-8 (byte {exc.start}); an event file is UTF-8 JSON"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CaddyError(f"{source}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise CaddyError(f"{source}: JSON nested too deeply") from None
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise CaddyError(f"{source}: not valid JSON ({exc})") from None
    try:
        return from_document(data, check_history=check_history)
    except CaddyError as exc:
        problems = [f"{source}: {p}" for p in exc.problems]
        raise CaddyError(problems[0], problems=problems) from None


def dumps(event: EventFile) -> bytes:
    """The event file's bytes (compact UTF-8 JSON and a final newline)."""
    try:
        text = json.dumps(
            to_document(event), ensure_ascii=False, separators=(",", ":"), allow_nan=False
        )
    except ValueError:  # NaN or Infinity: not JSON (RFC 8259 §6), never written
        raise CaddyError("the event holds a number JSON cannot carry (NaN or Infinity)") from None
    return (text + "\n").encode("utf-8")


def save(path: str | Path, event: EventFile) -> None:
    """Write atomically: temp file in the same folder, fsync, rename."""
    write_atomic(path, dumps(event))


def write_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temp file in the same folder, fsync
    and rename: a failed write leaves any previous file unchanged."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path()
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except FileNotFoundError:
        raise CaddyError(f"{path}: the folder {folder} does not exist") from None
    except OSError as exc:
        raise CaddyError(f"{path}: cannot write ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        Path(temp).replace(path)
        with contextlib.suppress(OSError):  # make the rename itself durable
            dir_fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            Path(temp).unlink()
        raise


@contextlib.contextmanager
def locked(path: str | Path) -> Iterator[None]:
    """Hold the event file's exclusive lock; a second holder gets :class:`LockedError`."""
    import fcntl

    path = Path(path)
    lock_path = path.with_name(path.name + ".lock")
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise CaddyError(
            f"{path}: cannot create the lock file {lock_path.name} ({exc.strerror})"
        ) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise LockedError(
                f"{path}: another caddy command is changing this event; try again when it is done"
            ) from None
        yield
    finally:
        os.close(fd)


@contextlib.contextmanager
def updating(path: str | Path, *, check_history: bool = True) -> Iterator[list[EventFile]]:
    """Read–modify–write under the lock. Put the new event in the yielded list's
    first place; it is saved only if the block ends without an error."""
    with locked(path):
        box = [load(path, check_history=check_history)]
        original = box[0]
        yield box
        if box[0] is not original:
            save(path, box[0])
