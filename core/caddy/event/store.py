"""Event files on disk: :func:`load`, :func:`loads`, :func:`dumps` and
:func:`save`, on :mod:`caddy.files.storage`'s safe reads and atomic writes. A
file is changed under its lock through :func:`caddy.event.session.open`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from caddy.errors import CaddyError, FileError
from caddy.event.documents import from_document, to_document
from caddy.event.file import EventFile
from caddy.event.replay import State, replay
from caddy.files.storage import read_bytes, write_atomic

if TYPE_CHECKING:
    from caddy.plugins.host import PluginHost


def load(path: str | Path, *, check_history: bool = True) -> EventFile:
    """Read an event file; raises :class:`CaddyError` with one line per problem
    (``check_history=False``: the operations are not replayed; for ``undo``)."""
    return loads(read_bytes(path), str(path), check_history=check_history)


def loads(
    raw: bytes,
    source: str = "<event>",
    *,
    check_history: bool = True,
    host: PluginHost | None = None,
) -> EventFile:
    """An event from the bytes of an event file (``source`` names it in messages)."""
    return _structure(_parse(raw, source), source, check_history=check_history, host=host)


def loads_replayed(
    raw: bytes, source: str = "<event>", *, host: PluginHost | None = None
) -> tuple[EventFile, State]:
    """:func:`loads` with the history checked, and the replayed state it gave:
    the file is replayed once (:mod:`caddy.event.session`)."""
    data = _parse(raw, source)
    event = _structure(data, source, check_history=False, host=host)
    return event, replay_file(event, data, source, host)


def replay_file(event: EventFile, data: Any, source: str, host: PluginHost | None = None) -> State:
    """The replay of an event read from a file; a history that does not replay
    is refused as :func:`loads` refuses it (``data``: the file's document,
    read again on that error path so that a problem names the item of the
    file that holds it; ``None`` when there is none)."""
    try:
        return replay(event, host)
    except CaddyError as exc:
        if data is not None:  # the error as reading the whole file gives it
            _structure(data, source, check_history=True, host=host)
        problems = [f"{source}: {p}" for p in exc.problems]
        raise FileError(problems[0], problems=problems) from None


def _parse(raw: bytes, source: str) -> Any:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileError(
            f"{source}: not UTF-8 (byte {exc.start}); an event file is UTF-8 JSON"
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileError(f"{source}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise FileError(f"{source}: JSON nested too deeply") from None
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise FileError(f"{source}: not valid JSON ({exc})") from None


def _structure(
    data: Any, source: str, *, check_history: bool, host: PluginHost | None = None
) -> EventFile:
    try:
        return from_document(data, check_history=check_history, host=host)
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
