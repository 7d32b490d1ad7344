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
import traceback
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
        self._queue: queue.Queue[_Item] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()

    def apply(self, change: Change, *, check_history: bool = True) -> Outcome:
        """Apply ``change`` and wait until the file is written (or not).
        ``check_history=False``: the session reads the operations' shapes only
        (``caddy undo`` drops a last operation that does not replay); such a
        change has a session of its own."""
        item = _Item(change, Future(), check_history)
        self._ensure_thread()
        self._queue.put(item)
        return item.future.result()

    def _ensure_thread(self) -> None:
        with self._start:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="caddy-writer", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            batch = [first]
            while first.check_history and len(batch) < BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if not item.check_history:
                    self._answered(batch)
                    batch = [item]
                    break
                batch.append(item)
            self._answered(batch)

    def _answered(self, batch: list[_Item]) -> None:
        """:meth:`_write`, and whatever happens every change gets its answer."""
        try:
            self._write(batch)
        except BaseException:  # pragma: no cover - a bug; never a request left waiting
            traceback.print_exc()
            for item in batch:
                if not item.future.done():
                    item.future.set_result(Outcome(False, (INTERNAL,)))

    def _write(self, batch: list[_Item]) -> None:
        """One session for the batch; a change that fails in an unforeseen way
        is answered alone and the others are written without it."""
        while batch:
            outcomes: list[Outcome] = []
            broken: int | None = None
            try:
                with open_event(
                    self.path, host=self.host, check_history=batch[0].check_history
                ) as session:
                    for index, item in enumerate(batch):
                        try:
                            outcomes.append(_one(item.change, session))
                        except Exception:
                            broken = index
                            raise
            except CaddyError as exc:  # the file did not read, or the write failed
                outcomes = [Outcome(False, tuple(exc.problems))] * len(batch)
            except Exception:
                if broken is None:  # pragma: no cover - the session itself failed
                    outcomes = [Outcome(False, (f"{self.path}: {INTERNAL}",))] * len(batch)
                else:
                    traceback.print_exc()  # for the one who runs the server; no token in it
                    batch[broken].future.set_result(Outcome(False, (INTERNAL,)))
                    batch = batch[:broken] + batch[broken + 1 :]
                    continue  # nothing was written: the others again, without it
            for item, outcome in zip(batch, outcomes, strict=True):
                item.future.set_result(outcome)
            return


#: What a change that failed in an unforeseen way is told (the details go to the server's log).
INTERNAL = "the change could not be made (an internal error; the server's output says more)"


@attrs.frozen
class _Item:
    change: Change
    future: Future[Outcome]
    check_history: bool


def _one(change: Change, session: Session) -> Outcome:
    try:
        return Outcome(True, (change(session),))
    except CaddyError as exc:
        return Outcome(False, tuple(exc.problems))
