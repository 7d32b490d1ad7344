"""Event files on disk: :func:`load`, :func:`save` and :func:`updating` (read,
change, write under the file's lock), on :mod:`caddy.files.storage`'s safe reads
and atomic writes."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

from caddy.errors import CaddyError, FileError
from caddy.event.documents import from_document, to_document
from caddy.event.file import EventFile
from caddy.files.storage import existing_regular, locked, read_bytes, writable, write_atomic


def load(path: str | Path, *, check_history: bool = True) -> EventFile:
    """Read an event file; raises :class:`CaddyError` with one line per problem
    (``check_history=False``: the operations are not replayed; for ``undo``)."""
    return loads(read_bytes(path), str(path), check_history=check_history)


def loads(raw: bytes, source: str = "<event>", *, check_history: bool = True) -> EventFile:
    """An event from the bytes of an event file (``source`` names it in messages)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileError(
            f"{source}: not UTF-8 (byte {exc.start}); an event file is UTF-8 JSON"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileError(f"{source}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise FileError(f"{source}: JSON nested too deeply") from None
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise FileError(f"{source}: not valid JSON ({exc})") from None
    try:
        return from_document(data, check_history=check_history)
    except CaddyError as exc:
        problems = [f"{source}: {p}" for p in exc.problems]
        raise FileError(problems[0], problems=problems) from None


def dumps(event: EventFile) -> bytes:
    """The event file's bytes (compact UTF-8 JSON and a final newline)."""
    try:
        text = json.dumps(
            to_document(event), ensure_ascii=False, separators=(",", ":"), allow_nan=False
        )
    except ValueError:  # NaN or Infinity: not JSON (RFC 8259 §6), never written
        raise FileError("the event holds a number JSON cannot carry (NaN or Infinity)") from None
    return (text + "\n").encode("utf-8")


def save(path: str | Path, event: EventFile) -> None:
    """Write atomically: temp file in the same folder, fsync, rename (the caller holds the lock)."""
    write_atomic(path, dumps(event))


@contextlib.contextmanager
def updating(path: str | Path, *, check_history: bool = True) -> Iterator[list[EventFile]]:
    """Read–modify–write under the lock. Put the new event in the yielded list's
    first place; it is saved only if the block ends without an error."""
    existing_regular(path)  # nothing but an existing regular file gets a lock beside it
    with locked(path) as real:
        box = [loads(read_bytes(real, shown=str(path)), str(path), check_history=check_history)]
        writable(real, str(path))  # refuse a read-only file before doing the work
        original = box[0]
        yield box
        if box[0] is not original:
            write_atomic(real, dumps(box[0]), shown=str(path))
