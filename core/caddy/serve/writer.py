"""Every change ``caddy serve`` makes goes through the event's one session.

:class:`Writer` runs the changes one writer at a time on a thread of its own:
each is a function given the open :class:`~caddy.event.session.Session`
(the file locked, read and replayed once; each operation checked as ``caddy
result`` checks it), and the file is written atomically when the session
ends. Changes that arrive together (a round's results from many phones) share
one session: one read, one replay, one write, each change still checked on
its own (a refused one changes nothing and the others go on). A write that
fails (a full disk) fails every change of that session with the one line
that says why, and the file is the old one.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError
from caddy.event.session import open as open_event

if TYPE_CHECKING:
    from caddy.event.session import Session
    from caddy.plugins.host import PluginHost

#: A change: given the open session, it applies its operations and says what
#: it did in one line; a :class:`~caddy.errors.CaddyError` refuses it.
Change = Callable[["Session"], str]

#: How many changes at most share one session.
BATCH = 200


@attrs.frozen
class Outcome:
    """What became of one change: ``ok`` and its line, or the problems."""

    ok: bool
    lines: tuple[str, ...]


class Writer:
    """The one writer of the event file ``path`` in this process."""

    def __init__(self, path: str, host: PluginHost | None = None) -> None:
        self.path = path
        self.host = host
        self._queue: queue.Queue[tuple[Change, Future[Outcome]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()

    def apply(self, change: Change, timeout: float = 60.0) -> Outcome:
        """Apply ``change`` and wait for the file to be written."""
        future: Future[Outcome] = Future()
        self._ensure_thread()
        self._queue.put((change, future))
        return future.result(timeout)

    def _ensure_thread(self) -> None:
        with self._start:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="caddy-writer", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            batch = [self._queue.get()]
            while len(batch) < BATCH:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            self._write(batch)

    def _write(self, batch: list[tuple[Change, Future[Outcome]]]) -> None:
        outcomes: list[Outcome] = []
        try:
            with open_event(self.path, host=self.host) as session:
                for change, _ in batch:
                    outcomes.append(_one(change, session))
        except CaddyError as exc:  # the file did not read, or the write failed
            failed = Outcome(False, tuple(exc.problems))
            outcomes = [failed] * len(batch)
        except Exception as exc:  # never a lost request: it gets its answer
            failed = Outcome(False, (f"{self.path}: {type(exc).__name__}: {exc}",))
            outcomes = [failed] * len(batch)
        for (_, future), outcome in zip(batch, outcomes, strict=True):
            future.set_result(outcome)


def _one(change: Change, session: Session) -> Outcome:
    try:
        return Outcome(True, (change(session),))
    except CaddyError as exc:
        return Outcome(False, tuple(exc.problems))
