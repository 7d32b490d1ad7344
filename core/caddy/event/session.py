"""One way to change an event file: :func:`open` gives a :class:`Session`.

::

    import caddy.event
    from caddy.event import RecordResult

    with caddy.event.open("club.json") as s:
        s.apply(RecordResult(round=4, board=2, result="0-1"))

The session holds the file's lock from ``with`` to its end
(:func:`caddy.files.storage.locked`: another writer waits), reads the file
and replays its history **once**; :attr:`Session.state` is that replay and
every change is applied to it (no second replay). :meth:`Session.apply`
checks an operation exactly as :meth:`EventFile.with_operation
<caddy.event.file.EventFile.with_operation>` does (a refused one raises
:class:`~caddy.errors.RulesError` and changes nothing). When the block ends
without an error and something changed, the file is written atomically
(:func:`caddy.files.storage.write_atomic`); an exception leaves the file as it
was. The CLI's writers (``caddy result``, ``pair``, ``withdraw``, ``bye``,
``add``, ``lineup``, ``undo``) and any other caller use it alike.

:func:`read` is the read-only path: no lock, the file replayed once, a
:class:`Replayed` (the event and its state) back.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError, PluginError
from caddy.event.documents import from_document, to_document
from caddy.event.file import EventFile, check_operation, enter_player, without_last
from caddy.event.replay import State, replay
from caddy.event.store import dumps, loads, loads_replayed, replay_file
from caddy.files.storage import existing_regular, locked, read_bytes, writable, write_atomic
from caddy.plugins.host import resolve

if TYPE_CHECKING:
    from caddy.model.schedule import Player
    from caddy.model.tournament import Operation
    from caddy.plugins.host import PluginHost

__all__ = ["Replayed", "Session", "open", "read"]


@attrs.frozen
class Replayed:
    """An event file as read: the event and the replay of its history."""

    event: EventFile
    state: State


def read(path: str | Path, *, host: PluginHost | None = None) -> Replayed:
    """Read the event file ``path`` and replay it once (no lock, nothing
    written): for commands that only read. Refused as
    :func:`caddy.event.store.load` refuses a file (one line per problem)."""
    host = resolve(host)
    event, state = loads_replayed(read_bytes(path), str(path), host=host)
    return Replayed(event, state)


def open(  # ``caddy.event.open(path)``, as the built-in opens a file
    path: str | Path, *, host: PluginHost | None = None, check_history: bool = True
) -> Session:
    """A :class:`Session` on the event file ``path``, to use in a ``with``
    block (the file is locked and read on entering it).

    :param host: the plugin host (default: the one
        :func:`caddy.plugins.host.resolve` chooses).
    :param check_history: ``False`` reads the operations' shapes only and
        replays nothing until :attr:`Session.state` is asked for (``caddy
        undo`` drops a last operation that does not replay).
    """
    return Session(path, host=host, check_history=check_history)


class Session:
    """An event file open for change (see the module's docstring).

    Inside the ``with`` block: :attr:`event` is the event with every change
    so far, :attr:`state` its replay, :attr:`changed` whether anything is to
    be written. Outside it, :attr:`event` and :attr:`state` stay readable
    (what was written)."""

    def __init__(
        self, path: str | Path, *, host: PluginHost | None = None, check_history: bool = True
    ) -> None:
        self.path = str(path)
        self.host: PluginHost = resolve(host)
        self._check_history = check_history
        self._event: EventFile | None = None
        self._state: State | None = None
        self._original: EventFile | None = None
        self._real: Path | None = None
        self._stack: contextlib.ExitStack | None = None

    def __enter__(self) -> Session:
        if self._stack is not None:
            raise CaddyError(f"{self.path}: the session is open already")
        existing_regular(self.path)  # nothing but an existing regular file gets a lock beside it
        with contextlib.ExitStack() as stack:
            self._real = stack.enter_context(locked(self.path))
            raw = read_bytes(self._real, shown=self.path)
            if self._check_history:
                self._event, self._state = loads_replayed(raw, self.path, host=self.host)
            else:
                self._event = loads(raw, self.path, check_history=False, host=self.host)
            writable(self._real, self.path)  # refuse a read-only file before doing the work
            self._original = self._event
            self._stack = stack.pop_all()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        stack, self._stack = self._stack, None
        assert stack is not None and self._real is not None
        with stack:  # the lock is let go whatever happens
            if exc_type is None and self.changed:
                write_atomic(self._real, dumps(self.event), shown=self.path)

    @property
    def event(self) -> EventFile:
        """The event with every change applied so far."""
        if self._event is None:
            raise CaddyError(f"{self.path}: the session is not open (use it in a with block)")
        return self._event

    @property
    def state(self) -> State:
        """The replay of :attr:`event` (kept up to date by each change)."""
        if self._state is None:
            self._state = replay_file(self.event, None, self.path, self.host)
        return self._state

    @property
    def changed(self) -> bool:
        """Whether the session has something to write."""
        return self._event is not self._original

    def _writing(self) -> None:
        if self._stack is None:
            raise CaddyError(f"{self.path}: the session is not open for changes")

    def apply(self, operation: Operation) -> None:
        """Append ``operation``, checked as :meth:`EventFile.with_operation
        <caddy.event.file.EventFile.with_operation>` checks it, on
        :attr:`state` (no replay). A refused operation raises
        :class:`~caddy.errors.RulesError` and changes nothing."""
        self._writing()
        state, event = self.state, self.event
        try:
            check_operation(state, operation)
        except BaseException:
            self._state = None  # refused part-way: the next use replays the event again
            raise
        self._event = attrs.evolve(event, operations=event.operations.appended(operation))
        state.event = self._event

    def enter(self, player: Player, missed: str = "zero") -> int:
        """Add the late entrant ``player`` (:meth:`EventFile.with_entrant
        <caddy.event.file.EventFile.with_entrant>`, checked the same way, and
        the event must read back strictly from its document); returns their
        pairing number."""

        self._writing()
        state = self.state
        try:
            event = enter_player(state, player, missed)
            # what is written must read back strictly (text, rating range)
            from_document(to_document(event), check_history=False, host=self.host)
        except BaseException:
            self._state = None  # refused part-way: the next use replays the event again
            raise
        self._event = event
        return len(event.tournament.players)

    def replace(self, event: EventFile) -> None:
        """Put ``event`` in the place of :attr:`event` (e.g. a roster that grows
        before any operation): it must read back strictly from its document
        and replay (one replay), else nothing changes."""

        self._writing()
        document = to_document(event)
        checked = from_document(document, check_history=False, host=self.host)
        try:
            state = replay(checked, self.host)
        except PluginError:
            raise
        except CaddyError:
            from_document(document, host=self.host)  # the error as the whole document gives it
            raise
        self._event, self._state = checked, state

    def undo(self, steps: int = 1) -> tuple[Operation, ...]:
        """Drop the last ``steps`` operations (a late entry takes its entrant
        off the roster: :meth:`EventFile.undo
        <caddy.event.file.EventFile.undo>`); the history left must replay.
        Returns the operations dropped, in order."""
        self._writing()
        before = self.event
        event = without_last(before, steps)
        self._state = replay(event, self.host)  # the history left must replay
        self._event = event
        return tuple(before.operations[len(event.operations) :])
