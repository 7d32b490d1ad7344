"""Event files: a tournament's starting data and the operations applied since.

The file is one JSON document (schema version 2; version 1 files are read
too, docs/json.md)::

    {"schema": "caddy.tournament", "version": 2,
     "tournament": {...starting data...},
     "operations": [{"op": "result", "round": 1, "board": 2, "result": "1-0"},
                    {"op": "results", "round": 2, "boards": [1, 3, 2], "results": [...]}, ...]}

The current state is the fold of the operations (:func:`replay`), linear in
their number; ``undo`` drops the last ones. Operations are attrs classes; one
cattrs converter (:func:`make_event_converter`) reads and writes the whole
document, the operations as a tagged union on ``op`` (a round's results
recorded one after the other as one ``results`` item). The format's options serialise
with the format's name as their tag (``{"name": "round-robin", "options":
{...}}``); an unknown format name is an error naming it.

This module is the public face of the event: it re-exports the names of
:mod:`caddy.model.tournament` (starting data, operations), :mod:`caddy.event.file`
(:class:`EventFile`), :mod:`caddy.event.replay` (the fold; :mod:`caddy.event.rounds`: announced
byes, late entries, the planned rounds),
:mod:`caddy.event.convert` (the converter) and :mod:`caddy.event.documents`
(documents, :func:`new_event`). Core modules import from those directly;
plugins and users import from here (docs/architecture.md).

A file is changed through one session (:mod:`caddy.event.session`, loaded
when first asked for: ``caddy.event.open``, ``caddy.event.read``)::

    with caddy.event.open(path) as s:
        s.apply(operation)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from caddy.event.convert import MAX_NUMBER, RUN_MIN, configure, make_event_converter
from caddy.event.documents import (
    MAX_POINTS,
    MAX_RATING,
    from_document,
    new_event,
    operations_from_data,
    operations_to_data,
    to_document,
    tournament_problems,
)
from caddy.event.file import EventFile
from caddy.event.matches import board_match, flip_result
from caddy.event.replay import Board, RoundState, State, apply, check_field, replay
from caddy.event.results import results_event
from caddy.event.rounds import planned_rounds
from caddy.model.tournament import (
    BYE_KINDS,
    MISSED_KINDS,
    OPERATIONS,
    READS,
    SCHEMA,
    VERSION,
    EdeReadings,
    Enter,
    FileOperation,
    FormatChoice,
    Operation,
    OperationLog,
    PairRound,
    RecordBye,
    RecordResult,
    RecordResults,
    Tournament,
    Withdraw,
    event_seed,
)

if TYPE_CHECKING:
    from caddy.event.session import Replayed, Session, open, read

#: The names of :mod:`caddy.event.session`, imported when first asked for (it
#: brings the file storage, which reading an event does not need).
_SESSION = frozenset({"Replayed", "Session", "open", "read"})


def __getattr__(name: str) -> Any:
    if name in _SESSION:
        # lazy: the session (and the store under it) loads when first asked for
        from caddy.event import session

        return getattr(session, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BYE_KINDS",
    "MAX_NUMBER",
    "MAX_POINTS",
    "MAX_RATING",
    "MISSED_KINDS",
    "OPERATIONS",
    "READS",
    "RUN_MIN",
    "SCHEMA",
    "VERSION",
    "Board",
    "EdeReadings",
    "Enter",
    "EventFile",
    "FileOperation",
    "FormatChoice",
    "Operation",
    "OperationLog",
    "PairRound",
    "RecordBye",
    "RecordResult",
    "RecordResults",
    "Replayed",
    "RoundState",
    "Session",
    "State",
    "Tournament",
    "Withdraw",
    "apply",
    "board_match",
    "check_field",
    "configure",
    "event_seed",
    "flip_result",
    "from_document",
    "make_event_converter",
    "new_event",
    "open",
    "operations_from_data",
    "operations_to_data",
    "planned_rounds",
    "read",
    "replay",
    "results_event",
    "to_document",
    "tournament_problems",
]
