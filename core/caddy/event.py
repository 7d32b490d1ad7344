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
"""

from __future__ import annotations

import datetime
import json
import math
import re
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Union

import attrs

from caddy.errors import CaddyError, InputError, PluginError, RulesError
from caddy.models import Player, Round
from caddy.results import BYE_KIND_CODES, GAME_POINTS, RESULT_HELP, RESULT_WORDS, Scoring
from caddy.timecontrol import TimeControl

if TYPE_CHECKING:
    from cattrs import Converter

    from caddy.contracts import Match
    from caddy.formats import Format
    from caddy.plugins import PluginHost
    from caddy.results import Event

SCHEMA = "caddy.tournament"
#: The version written; every version in :data:`READS` is read (docs/json.md).
VERSION = 2
READS = (1, 2)
#: Bye kinds an operation may record (every kind but a round robin's rest round).
BYE_KINDS = tuple(kind for kind in BYE_KIND_CODES if kind != "rest")


@attrs.frozen(kw_only=True)
class FormatChoice:
    """The format and its options (serialised with the format's name as the tag)."""

    name: str
    options: Any


@attrs.frozen(kw_only=True)
class Tournament:
    """Starting data of an event."""

    name: str = ""
    start: datetime.date | None = None
    end: datetime.date | None = None
    place: str = ""
    arbiter: str = ""
    time_control: TimeControl | None = None
    format: FormatChoice
    #: Tie-break list as written (``None``: the format's default).
    tiebreaks: tuple[str, ...] | None = None
    #: C.07 edition (``None``: by the start date).
    edition: str | None = None
    #: Players in pairing-number order (``players[0]`` has number 1).
    players: tuple[Player, ...]
    #: How the pairing numbers were given, and the lot's seed.
    numbering: str = "given"
    numbering_seed: int | None = None
    #: Seed for the format's own random choices (a colour toss).
    seed: int | None = None
    #: Points per kind of result (``None``: 1 / ½ / 0, byes as FIDE scores them).
    scoring: Scoring | None = None
    #: What a codec keeps to write back, by codec name: that codec's own JSON
    #: data, opaque to core (the TRF codec keeps the records caddy does not
    #: model; a version 1 file's ``trf`` reads as ``kept["trf"]``).
    kept: Mapping[str, Any] = attrs.field(factory=dict, hash=False)


# -- operations ----------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class PairRound:
    """A round paired by the format from results, or typed in (manual format)."""

    op: ClassVar[str] = "pair"
    round: int
    white: tuple[int, ...]
    black: tuple[int, ...]
    byes: tuple[int, ...] = ()
    matches: bool = False
    #: Boards (numbered from 1) whose colours are not known (TRF colour ``-``);
    #: their player listed as White is the lower pairing number.
    uncoloured: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class RecordResult:
    """A result on a board (``1-0 0-1 1/2 +- -+ --``); in a knockout round, the next game of the match."""

    op: ClassVar[str] = "result"
    round: int
    board: int
    result: str
    #: Replaces an earlier result on the same board (a correction).
    force: bool = False


@attrs.frozen(kw_only=True)
class RecordBye:
    """A bye for a player in a round: ``pab``, ``full``, ``half`` or ``zero``."""

    op: ClassVar[str] = "bye"
    round: int
    player: int
    kind: str


@attrs.frozen(kw_only=True)
class Withdraw:
    """A player leaves after ``after_round`` (the round-robin 50% rule applies)."""

    op: ClassVar[str] = "withdraw"
    player: int
    after_round: int


@attrs.frozen(kw_only=True)
class RecordResults:
    """Plain results of one round recorded one after the other: ``results[k]``
    on board ``boards[k]``. The file's compact form of many
    :class:`RecordResult` (schema 2); the log holds them as single results, so
    ``undo`` and ``history`` count each result."""

    op: ClassVar[str] = "results"
    round: int
    boards: tuple[int, ...]
    results: tuple[str, ...] = attrs.field()

    @results.validator
    def _one_per_board(self, _: Any, value: tuple[str, ...]) -> None:
        if len(value) != len(self.boards):
            raise ValueError(f"{len(value)} results for {len(self.boards)} boards")


Operation = Union[PairRound, RecordResult, RecordBye, Withdraw]  # noqa: UP007 - cattrs needs a Union object
OPERATIONS = (PairRound, RecordResult, RecordBye, Withdraw)
#: What an element of the file's ``operations`` list may be: an operation, or a run of results.
FileOperation = Union[PairRound, RecordResult, RecordResults, RecordBye, Withdraw]  # noqa: UP007


class OperationLog(Sequence["Operation"]):
    """The operations, in order: an immutable sequence.

    Plain results (the bulk of any event) are kept as three plain values and
    made into :class:`RecordResult` objects when read, as schedules keep
    pairing numbers as ints; every other operation is kept as its object.
    """

    __slots__ = ("_board", "_items", "_result", "_round")

    def __init__(self, operations: Sequence[Operation] = ()) -> None:
        self._items: list[Operation | None] = []
        self._round: list[int] = []
        self._board: list[int] = []
        self._result: list[str] = []
        for operation in operations:
            self._add(operation)

    def _add(self, operation: Operation | RecordResults) -> None:
        if isinstance(operation, RecordResults):
            k = len(operation.results)
            self._items.extend([None] * k)
            self._round.extend([operation.round] * k)
            self._board.extend(operation.boards)
            self._result.extend(operation.results)
            return
        if type(operation) is RecordResult and not operation.force:
            self._items.append(None)
            self._round.append(operation.round)
            self._board.append(operation.board)
            self._result.append(operation.result)
        else:
            self._items.append(operation)
            self._round.append(0)
            self._board.append(0)
            self._result.append("")

    @classmethod
    def build(cls, items: Iterable[Operation | tuple[int, Sequence[str]]]) -> OperationLog:
        """A log from operations, where ``(round, results)`` stands for the
        plain results of boards 1, 2, ... of that round (the cheap form of
        many :class:`RecordResult`, for importers)."""
        log = cls()
        for item in items:
            if type(item) is tuple:
                rnd, results = item
                k = len(results)
                log._items.extend([None] * k)
                log._round.extend([rnd] * k)
                log._board.extend(range(1, k + 1))
                log._result.extend(results)
            else:
                log._add(item)  # type: ignore[arg-type]
        return log

    @classmethod
    def of(cls, operations: Sequence[Operation]) -> OperationLog:
        if isinstance(operations, OperationLog):
            log: OperationLog = operations
            return log
        return cls(operations)

    def __len__(self) -> int:
        return len(self._items)

    def _get(self, index: int) -> Operation:
        item = self._items[index]
        if item is None:
            return RecordResult(
                round=self._round[index], board=self._board[index], result=self._result[index]
            )
        return item

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            log = OperationLog()
            for attr in ("_items", "_round", "_board", "_result"):
                setattr(log, attr, getattr(self, attr)[index])
            return log
        if index < 0:
            index += len(self._items)
        if not 0 <= index < len(self._items):
            raise IndexError(index)
        return self._get(index)

    def __iter__(self) -> Iterator[Operation]:
        for index in range(len(self._items)):
            yield self._get(index)

    def appended(self, operation: Operation) -> OperationLog:
        log: OperationLog = self[:]
        log._add(operation)
        return log

    def compact(self) -> Iterator[tuple[Operation | None, int, int, str]]:
        """(object, round, board, result) per operation; the object is ``None`` for a plain result."""
        return zip(self._items, self._round, self._board, self._result, strict=True)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, OperationLog):
            return (self._items, self._round, self._board, self._result) == (
                other._items,
                other._round,
                other._board,
                other._result,
            )
        if isinstance(other, tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(
            (tuple(self._items), tuple(self._round), tuple(self._board), tuple(self._result))
        )

    def __repr__(self) -> str:
        return f"OperationLog({len(self)} operations)"


def _operation_log(operations: Sequence[Operation]) -> OperationLog:
    return OperationLog.of(operations)


@attrs.frozen(kw_only=True)
class EventFile:
    """The whole document."""

    tournament: Tournament
    operations: OperationLog = attrs.field(factory=OperationLog, converter=_operation_log)

    def with_operation(
        self, operation: Operation, *, host: PluginHost | None = None, check: bool = True
    ) -> EventFile:
        """The event with ``operation`` appended, checked as ``caddy pair``,
        ``caddy result``, ``caddy withdraw`` check it: a result for a board
        that does not exist, a second result, a round paired out of turn ...
        are refused (:class:`~caddy.errors.RulesError`, file unchanged).

        Building an event one operation at a time costs one replay in all:
        the replayed state passes from each event to the next.

        :param host: the plugin host (default: the global one).
        :param check: ``False`` appends without checking (the caller applied
            the operation to a replayed state already, as the CLI does).
        """
        event = attrs.evolve(self, operations=self.operations.appended(operation))
        if not check:
            return event
        state = _take_state(self) or replay(self, host)
        try:
            apply(state, operation)
        except PluginError:
            raise
        except CaddyError as exc:
            raise RulesError(str(exc), problems=exc.problems) from None
        _keep_state(event, state)
        return event

    def undo(self, steps: int = 1, *, host: PluginHost | None = None) -> EventFile:
        if steps < 1:
            raise CaddyError("undo needs at least one step")
        if steps > len(self.operations):
            raise CaddyError(f"cannot undo {steps} operations: the file has {len(self.operations)}")
        event = attrs.evolve(self, operations=self.operations[: len(self.operations) - steps])
        replay(event, host)  # the history left must replay (the dropped part need not)
        return event


#: Replayed states that :meth:`EventFile.with_operation` hands from an event to
#: the next, by ``id`` of the event (a weak reference says it is still alive).
_STATES: dict[int, tuple[weakref.ref[EventFile], State]] = {}


def _take_state(event: EventFile) -> State | None:
    """The replayed state kept for ``event`` (taken: a state is used once)."""
    kept = _STATES.pop(id(event), None)
    if kept is None or kept[0]() is not event:
        return None
    return kept[1]


def _keep_state(event: EventFile, state: State) -> None:
    state.event = event  # the state is now the replay of ``event``
    key = id(event)
    _STATES[key] = (weakref.ref(event, lambda _: _STATES.pop(key, None)), state)


# -- serialisation ------------------------------------------------------------------------
#
# One cattrs converter reads and writes the whole document (make_event_converter):
# caddy's strict primitives (caddy.serialize), the format's options by plugin name,
# codecs' kept data, and the operations, a tagged union on ``op`` whose structure hook
# takes the common shapes (a plain result, a run of a round's results) in line.

#: At least this many plain results of one round recorded one after the other
#: are written as one ``results`` operation; fewer stay one ``result`` each, as a
#: person types them (docs/json.md).
RUN_MIN = 8
#: Numbers the in-line paths of the operations' hook take as they are (a pairing
#: number, a round, a board); others go the careful way, and replaying refuses any
#: that names nothing.
MAX_NUMBER = 10**6
#: Every element the file's ``operations`` list may hold, by its ``op`` tag.
_BY_TAG: dict[str, type] = {
    cls.op: cls for cls in (PairRound, RecordResult, RecordResults, RecordBye, Withdraw)
}
_WORDS = frozenset(RESULT_WORDS)
#: Each result word to one string object: the log holds a word once, not once per
#: result (less memory, and replaying compares by identity first).
_CANONICAL = {word: word for word in RESULT_WORDS}


def configure(converter: Converter, host: PluginHost | None = None) -> Converter:
    """Add the event file's hooks to ``converter``: formats by plugin name, codecs'
    kept data, operations as a tagged union on ``op``, the operation log."""
    from cattrs.errors import IterableValidationError, IterableValidationNote
    from cattrs.gen import make_dict_unstructure_fn

    from caddy.serialize import describe

    if host is None:
        from caddy.plugins import get_host

        host = get_host()
    registry = host.formats()

    def unstructure_format(choice: FormatChoice) -> dict[str, Any]:
        return {"name": choice.name, "options": converter.unstructure(choice.options)}

    def structure_format(data: Any, _: Any) -> FormatChoice:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError("expected {'name': ..., 'options': {...}}")
        if data["name"] not in registry:
            raise ValueError(
                f"unknown format plugin '{data['name']}' (known: {', '.join(registry.names())})"
            )
        fmt = registry.get(data["name"])
        extra = set(data) - {"name", "options"}
        if extra:
            raise ValueError(f"unknown keys {sorted(extra)}")
        from cattrs import transform_error
        from cattrs.errors import BaseValidationError

        from caddy.serialize import path_first

        try:
            options = converter.structure(data.get("options", {}), fmt.Options)
        except BaseValidationError as exc:
            lines = transform_error(exc, path="options", format_exception=_detail)
            raise ValueError("; ".join(path_first(lines, root="options"))) from None
        return FormatChoice(name=fmt.name, options=options)

    def structure_kept(data: Any, _: Any) -> dict[str, Any]:
        if type(data) is not dict:
            raise ValueError(f"expected an object, got {describe(data)}")
        problem = _json_problem(data)
        if problem is not None:
            raise problem
        return data

    # -- operations: a tagged union on "op" --
    unstructure_fields: dict[type, Callable[[Any], dict[str, Any]]] = {
        cls: make_dict_unstructure_fn(cls, converter, _cattrs_omit_if_default=True)
        for cls in _BY_TAG.values()
    }
    known = ", ".join(sorted(_BY_TAG))

    def unstructure_operation(operation: Any) -> dict[str, Any]:
        return {"op": operation.op, **unstructure_fields[type(operation)](operation)}

    def structure_operation(data: Any, _: Any) -> Any:
        if type(data) is not dict:
            raise ValueError(f"expected an operation object, got {describe(data)}")
        tag = data.get("op")
        cls = _BY_TAG.get(tag) if type(tag) is str else None
        if cls is None:
            if "op" not in data:
                raise _field_error("op", f"required field missing (known: {known})")
            if type(tag) is not str:
                raise _field_error("op", f"expected a string ({known}), got {describe(tag)}")
            shown = json.dumps(tag)[:40]
            raise _field_error("op", f"unknown operation {shown} (known: {known})")
        fields = {key: value for key, value in data.items() if key != "op"}
        return converter.get_structure_hook(cls)(fields, cls)

    def structure_log(data: Any, _: Any) -> OperationLog:
        """The log from the file's list, every item checked (strict, as
        :mod:`caddy.serialize` reads values); plain results and runs of them in line."""
        if type(data) is not list:
            raise ValueError(f"expected a list of operations, got {describe(data)}")
        log = OperationLog()
        items, rounds, boards, results = log._items, log._round, log._board, log._result
        words, limit, canonical = _CANONICAL, MAX_NUMBER, _CANONICAL.__getitem__
        errors: list[Exception] = []
        for index, item in enumerate(data):
            if type(item) is dict and len(item) == 4:
                tag = item.get("op")
                if tag == "result":
                    rnd, board, result = item.get("round"), item.get("board"), item.get("result")
                    if (
                        type(rnd) is int
                        and type(board) is int
                        and type(result) is str
                        and result in words
                        and 0 <= rnd <= limit
                        and 0 <= board <= limit
                    ):
                        items.append(None)
                        rounds.append(rnd)
                        boards.append(board)
                        results.append(words[result])
                        continue
                elif tag == "results":
                    rnd, numbers, run = item.get("round"), item.get("boards"), item.get("results")
                    if (
                        type(rnd) is int
                        and 0 <= rnd <= limit
                        and type(run) is list
                        and type(numbers) is list
                        and len(numbers) == len(run)
                        and _all_words(run)
                        and _all_numbers(numbers, limit)
                    ):
                        k = len(run)
                        items.extend([None] * k)
                        rounds.extend([rnd] * k)
                        boards.extend(numbers)
                        results.extend(map(canonical, run))
                        continue
            try:
                operation = structure_operation(item, FileOperation)
            except Exception as exc:
                exc.add_note(IterableValidationNote(f"operation @ index {index}", index, Any))
                errors.append(exc)
                continue
            log._add(operation)
        if errors:
            raise IterableValidationError("while reading the operations", errors, OperationLog)
        return log

    def unstructure_log(log: OperationLog) -> list[dict[str, Any]]:
        """One item per operation, but :data:`RUN_MIN` or more plain results of
        one round recorded one after the other are one ``results`` item."""
        out: list[dict[str, Any]] = []
        append = out.append
        items, rounds, boards, results = log._items, log._round, log._board, log._result
        n, i = len(items), 0
        while i < n:
            operation = items[i]
            if operation is not None:
                append(unstructure_operation(operation))
                i += 1
                continue
            rnd = rounds[i]
            j = i + 1
            while j < n and items[j] is None and rounds[j] == rnd:
                j += 1
            if j - i >= RUN_MIN:
                append(
                    {"op": "results", "round": rnd, "boards": boards[i:j], "results": results[i:j]}
                )
            else:
                for t in range(i, j):
                    append({"op": "result", "round": rnd, "board": boards[t], "result": results[t]})
            i = j
        return out

    from caddy.serialize import text_problem
    from caddy.timecontrol import TimeControl, parse_time_control

    parsers = host.time_control_parsers

    def structure_time_control(value: Any, _: Any) -> TimeControl:
        # the host's notations, not the global host's (an embedder's host)
        problem = text_problem(value)
        if problem:
            raise ValueError(problem)
        return parse_time_control(value, parsers())

    converter.register_structure_hook(TimeControl, structure_time_control)

    converter.register_unstructure_hook(FormatChoice, unstructure_format)
    converter.register_structure_hook(FormatChoice, structure_format)
    converter.register_unstructure_hook(datetime.date, lambda d: d.isoformat())
    converter.register_structure_hook(datetime.date, _structure_date)
    converter.register_structure_hook_func(lambda t: t == Mapping[str, Any], structure_kept)
    for cls in _BY_TAG.values():
        converter.register_unstructure_hook(cls, unstructure_operation)
    converter.register_structure_hook_func(
        lambda t: t in (FileOperation, Operation), structure_operation
    )
    converter.register_structure_hook(OperationLog, structure_log)
    converter.register_unstructure_hook(OperationLog, unstructure_log)
    return converter


def _all_words(run: list[Any]) -> bool:
    """Whether every item of ``run`` is a result word (so a string)."""
    try:
        return _WORDS.issuperset(run)
    except TypeError:  # an unhashable item: the careful path names it
        return False


def _all_numbers(numbers: list[Any], limit: int) -> bool:
    """Whether every item of ``numbers`` is a JSON integer in ``0..limit``."""
    if not numbers:
        return True
    return set(map(type, numbers)) == {int} and min(numbers) >= 0 and max(numbers) <= limit


def _field_error(name: str, message: str) -> Exception:
    """``message`` about field ``name`` of an object, as cattrs reports one."""
    from cattrs.errors import AttributeValidationNote, ClassValidationError

    error = ValueError(message)
    error.add_note(AttributeValidationNote(f"field {name}", name, Any))
    return ClassValidationError("while reading an object", [error], dict)


def _json_problem(value: Any) -> Exception | None:
    """What keeps ``value`` from being strict JSON data (no ``NaN``, no lone
    surrogate, keys are text), with its path as cattrs reports one, or ``None``."""
    from cattrs.errors import IterableValidationError, IterableValidationNote

    from caddy.serialize import describe, text_problem

    kind = type(value)
    if value is None or kind is bool or kind is int:
        return None
    if kind is float:
        return (
            None
            if math.isfinite(value)
            else ValueError(f"expected a number, got {describe(value)}")
        )
    if kind is str:
        problem = text_problem(value)
        return ValueError(problem) if problem else None
    if kind is list:
        for index, item in enumerate(value):
            error = _json_problem(item)
            if error is not None:
                error.add_note(IterableValidationNote(f"item @ index {index}", index, Any))
                return IterableValidationError("while reading a list", [error], list)
        return None
    if kind is dict:
        for key, item in value.items():
            problem = text_problem(key)
            if problem:
                return ValueError(f"a key is {problem}")
            error = _json_problem(item)
            if error is not None:
                return _nest(key, error)
        return None
    return ValueError(f"expected JSON data, got {describe(value)}")


def _nest(name: str, error: Exception) -> Exception:
    from cattrs.errors import AttributeValidationNote, ClassValidationError

    error.add_note(AttributeValidationNote(f"field {name}", name, Any))
    return ClassValidationError("while reading an object", [error], dict)


def _structure_date(value: Any, _: Any) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValueError(f"expected a date YYYY-MM-DD, got {value!r}") from None


def make_event_converter(host: PluginHost | None = None) -> Converter:
    """caddy's JSON converter with the event file's hooks (built after plugins load)."""
    from cattrs.preconf.json import make_converter

    from caddy.serialize import configure_converter

    return configure(configure_converter(make_converter(forbid_extra_keys=True)), host)


def operations_to_data(
    operations: Sequence[Operation], converter: Converter | None = None
) -> list[dict[str, Any]]:
    """The operations as JSON data, one item per operation (``caddy history --json``):
    the tagged union on ``op``, defaults left out."""
    converter = converter or make_event_converter()
    return [
        {"op": "result", "round": rnd, "board": board, "result": result}
        if operation is None
        else converter.unstructure(operation)
        for operation, rnd, board, result in OperationLog.of(operations).compact()
    ]


def operations_from_data(data: Any, path: str = "$.operations") -> tuple[OperationLog, list[str]]:
    """Operations from JSON data (either version's items), and one ``path: message`` line per problem."""
    from cattrs import transform_error
    from cattrs.errors import BaseValidationError

    from caddy.serialize import path_first

    try:
        return make_event_converter().structure(data, OperationLog), []
    except BaseValidationError as exc:
        return OperationLog(), path_first(transform_error(exc, path=path, format_exception=_detail))
    except ValueError as exc:
        return OperationLog(), [f"{path}: {exc}"]


def to_document(
    event: EventFile, converter: Converter | None = None, *, host: PluginHost | None = None
) -> dict[str, Any]:
    """The event file as JSON data (schema version :data:`VERSION`), through the converter."""
    converter = converter or make_event_converter(host)
    body: dict[str, Any] = converter.unstructure(event)
    return {"schema": SCHEMA, "version": VERSION, **body}


@attrs.frozen(kw_only=True)
class _TrfRecordsV1:
    """A version 1 file's ``tournament.trf``: read strictly, kept as ``kept["trf"]``."""

    head: tuple[str, ...] = ()
    tail: tuple[str, ...] = ()


def _upgrade_v1(tournament: Any, converter: Converter) -> tuple[Any, list[str]]:
    """A version 1 ``tournament`` object as version 2 reads it: its ``trf``
    records become the TRF codec's kept data."""
    from cattrs import transform_error
    from cattrs.errors import BaseValidationError

    from caddy.serialize import path_first

    if type(tournament) is not dict or ("trf" not in tournament and "kept" not in tournament):
        return tournament, []
    upgraded = dict(tournament)
    problems = []
    if "kept" in upgraded:
        problems.append("$.tournament: unknown keys ['kept'] (version 1 has none)")
    records = upgraded.pop("trf", None)
    if records is not None:
        try:
            trf = converter.structure(records, _TrfRecordsV1)
        except BaseValidationError as exc:
            problems.extend(
                path_first(transform_error(exc, path="$.tournament.trf", format_exception=_detail))
            )
        except ValueError as exc:
            problems.append(f"$.tournament.trf: {exc}")
        else:
            upgraded["kept"] = {"trf": {"head": list(trf.head), "tail": list(trf.tail)}}
    return upgraded, problems


def from_document(
    data: Any,
    converter: Converter | None = None,
    *,
    check_history: bool = True,
    host: PluginHost | None = None,
) -> EventFile:
    """Build an event from a parsed JSON document; every problem is one ``path: message`` line.

    Versions 1 and 2 are read (docs/json.md). Values are read strictly by the
    converter's hooks (:mod:`caddy.serialize`: no coercion, no ``NaN``, no lone
    surrogates); then the history is replayed, so an operation that refers to
    something that does not exist, or comes in an impossible order, is refused
    naming it. ``check_history=False`` checks the operations' shapes only
    (``undo`` drops a last operation that does not replay).
    """
    from cattrs import transform_error
    from cattrs.errors import BaseValidationError

    from caddy.serialize import describe, path_first

    if not isinstance(data, dict):
        raise CaddyError(f"$: expected a JSON object, got {describe(data)}")
    problems = []
    schema, version = data.get("schema"), data.get("version")
    readable = " and ".join(map(str, READS))
    if "schema" not in data:
        problems.append(f"$.schema: required field missing (expected '{SCHEMA}')")
    elif type(schema) is not str or schema != SCHEMA:
        problems.append(f"$.schema: expected '{SCHEMA}', got {describe(schema)}")
    if "version" not in data:
        problems.append(f"$.version: required field missing (expected {VERSION})")
    elif type(version) is not int or version not in READS:
        problems.append(f"$.version: this caddy reads versions {readable}, got {describe(version)}")
    extra = set(data) - {"schema", "version", "tournament", "operations"}
    if extra:
        problems.append(f"$: unknown keys {sorted(extra)}")
    if problems:
        raise CaddyError(problems[0], problems=problems)
    converter = converter or make_event_converter(host)
    body = {key: data[key] for key in ("tournament", "operations") if key in data}
    if version == 1 and "tournament" in body:
        body["tournament"], problems = _upgrade_v1(body["tournament"], converter)
    event = None
    try:
        event = converter.structure(body, EventFile)
    except BaseValidationError as exc:
        lines = path_first(transform_error(exc, path="$", format_exception=_detail))
        # a format's options: "$.tournament.format: options.x: ..." names one path
        problems.extend(
            line.replace("$.tournament.format: options", "$.tournament.format.options", 1)
            for line in lines
        )
    except (ValueError, TypeError, KeyError, OverflowError, AttributeError) as exc:
        problems.append(f"$: {exc}")
    if event is not None:
        problems.extend(tournament_problems(event.tournament))
    if problems or event is None:
        problems = problems or ["$: not an event file"]
        raise CaddyError(problems[0], problems=problems)
    if check_history:
        # a history that refers to something that does not exist is refused here
        try:
            replay(event, host)
        except CaddyError as exc:
            raise _in_file(exc, body.get("operations")) from None
    return event


_LOG_PATH = re.compile(r"\$\.operations\[(\d+)\]")


def _in_file(error: CaddyError, operations: Any) -> CaddyError:
    """``error`` with ``$.operations[i]`` (the i-th operation of the log) named
    where the file holds it: ``$.operations[j].results[k]`` inside a run."""
    if type(operations) is not list or not any(
        type(item) is dict and item.get("op") == "results" for item in operations
    ):
        return error

    def where(match: re.Match[str]) -> str:
        wanted, at = int(match.group(1)), 0
        for index, item in enumerate(operations):
            if type(item) is dict and item.get("op") == "results":
                k = len(item["results"])
                if wanted < at + k:
                    return f"$.operations[{index}].results[{wanted - at}]"
                at += k
            elif wanted == at:
                return f"$.operations[{index}]"
            else:
                at += 1
        return match.group()

    problems = [_LOG_PATH.sub(where, problem, count=1) for problem in error.problems]
    return CaddyError(problems[0], problems=problems)


#: The highest rating a file may hold: the TRF player line's rating field has
#: four digits (TRF specification, record 001, columns 49-52).
MAX_RATING = 9999
#: Points a kind of result may score, either way (sums over any event stay finite).
MAX_POINTS = 1000


def tournament_problems(tournament: Tournament, where: str = "$.tournament") -> list[str]:
    """Values of the right type that cannot be (one ``path: message`` line each)."""
    problems = []
    for index, player in enumerate(tournament.players):
        rating = player.rating
        if rating is not None and not 0 <= rating <= MAX_RATING:
            problems.append(
                f"{where}.players[{index}].rating: {rating} is out of range (0..{MAX_RATING})"
            )
    if tournament.scoring is not None:
        for field in attrs.fields(type(tournament.scoring)):
            points = getattr(tournament.scoring, field.name)
            if points is not None and not -MAX_POINTS <= points <= MAX_POINTS:
                problems.append(
                    f"{where}.scoring.{field.name}: {points} is out of range "
                    f"(-{MAX_POINTS}..{MAX_POINTS})"
                )
    if tournament.numbering not in ("lot", "rating", "given"):
        problems.append(
            f"{where}.numbering: expected 'lot', 'rating' or 'given', got '{tournament.numbering}'"
        )
    return problems


def _detail(exc: BaseException, type_: Any) -> str:
    """cattrs' messages, keeping the text of caddy's own and attrs validators' errors."""
    from cattrs.v import format_exception

    if isinstance(exc, CaddyError):
        return str(exc)
    if isinstance(exc, AttributeError) and attrs.has(type_):
        return "expected an object"
    if isinstance(exc, ValueError) and not str(exc).startswith("invalid literal"):
        first = exc.args[0] if exc.args else ""
        return (
            first if isinstance(first, str) else str(exc)
        )  # attrs validators: (message, attribute, ...)
    return format_exception(exc, type_)


# -- the fold ------------------------------------------------------------------------------


class Board:
    """A view of one board of a round in the fold; its results live in the round."""

    __slots__ = ("_index", "_round")

    def __init__(self, round_state: RoundState, index: int) -> None:
        self._round = round_state
        self._index = index

    @property
    def white(self) -> int:
        return self._round.white[self._index]

    @property
    def black(self) -> int:
        return self._round.black[self._index]

    @property
    def round(self) -> int:
        return self._round.number

    @property
    def number(self) -> int:
        """The board number (from 1)."""
        return self._index + 1

    @property
    def results(self) -> tuple[str, ...]:
        """Results recorded (one per game; a knockout match may have several)."""
        return self._round.results[self._index]

    @results.setter
    def results(self, value: tuple[str, ...]) -> None:
        self._round.results[self._index] = value


@attrs.define
class RoundState:
    """A round in the fold: Whites, Blacks and results by board (plain lists:
    a 1,000-player round robin has half a million boards)."""

    number: int
    white: tuple[int, ...]
    black: tuple[int, ...]
    results: list[tuple[str, ...]]
    byes: dict[int, str]
    matches: bool = False
    #: Byes that come with the schedule (rest rounds of an odd round robin).
    rest: tuple[int, ...] = ()
    #: Boards (from 1) whose colours are not known.
    uncoloured: tuple[int, ...] = ()

    @property
    def boards(self) -> list[Board]:
        """The boards, as views (board ``b`` is ``boards[b - 1]``)."""
        return [Board(self, i) for i in range(len(self.white))]


@attrs.define
class State:
    """The event now: rounds with their boards and results, byes, withdrawals."""

    event: EventFile
    fmt: Format
    rounds: list[RoundState] = attrs.Factory(list)
    withdrawals: list[Withdraw] = attrs.Factory(list)
    #: The schedule when the format fixes it in advance.
    fixed: bool = False

    @property
    def players(self) -> int:
        return len(self.event.tournament.players)

    def round(self, number: int) -> RoundState:
        if not 1 <= number <= len(self.rounds):
            known = f"1..{len(self.rounds)}" if self.rounds else "none yet"
            raise CaddyError(f"round {number} does not exist (rounds: {known})")
        return self.rounds[number - 1]


def check_field(fmt: Format, players: int, options: Any) -> None:
    """Raise if the format cannot run this field (formats paired from outside only check the size)."""
    if fmt.kind == "external":
        fmt.check(players, options)
    else:
        fmt.arithmetic(players, options)


def event_seed(tournament: Tournament) -> int:
    """The seed of every random choice of the event (colour tosses, lots):
    the one the file records. A file without one (written before caddy
    recorded it) uses 0, so its replay never draws anything either."""
    return 0 if tournament.seed is None else tournament.seed


def _schedule_rounds(fmt: Format, tournament: Tournament) -> list[Round] | None:
    from caddy.formats import generates_schedule, schedule_format

    if not generates_schedule(fmt):
        return None
    schedule = schedule_format(fmt).schedule(
        len(tournament.players), tournament.format.options, seed=event_seed(tournament)
    )
    return list(schedule.rounds)


#: A board's results when one plain result is recorded: one tuple per word, shared.
_SINGLES = {word: (word,) for word in RESULT_WORDS}


def replay(event: EventFile, host: PluginHost | None = None) -> State:
    """Fold the operations over the starting data (linear in their number)."""
    if host is None:
        from caddy.plugins import get_host

        host = get_host()
    tournament = event.tournament
    fmt: Format = host.formats().get(tournament.format.name)
    try:
        check_field(fmt, len(tournament.players), tournament.format.options)
        fixed = _schedule_rounds(fmt, tournament)
    except CaddyError as exc:  # the format cannot run this field
        problems = [f"$.tournament.format: {p}" for p in exc.problems]
        raise CaddyError(problems[0], problems=problems) from None
    state = State(event=event, fmt=fmt)
    if fixed is not None:
        state.fixed = True
        for rnd in fixed:
            state.rounds.append(_round_state(rnd))
    rounds = state.rounds
    singles = _SINGLES
    for index, (operation, rnd_no, board_no, result) in enumerate(event.operations.compact()):
        if operation is None:
            # a plain result: the common case, applied in line when nothing is amiss
            if 0 < rnd_no <= len(rounds):
                round_state = rounds[rnd_no - 1]
                results = round_state.results
                single = singles.get(result) if type(result) is str else None
                if (
                    single is not None
                    and 0 < board_no <= len(results)
                    and not round_state.matches
                    and not results[board_no - 1]
                ):
                    results[board_no - 1] = single
                    continue
            operation = RecordResult(round=rnd_no, board=board_no, result=result)
        try:
            apply(state, operation)
        except CaddyError as exc:
            raise CaddyError(f"$.operations[{index}]: {exc}") from None
    return state


def _round_state(rnd: Round) -> RoundState:
    return RoundState(
        number=rnd.number,
        white=rnd.white,
        black=rnd.black,
        results=[()] * len(rnd.white),
        byes={},
        matches=rnd.matches,
        rest=rnd.byes,
    )


def apply(state: State, operation: Operation) -> None:
    """Apply one operation to the state (raises :class:`CaddyError` if it cannot apply)."""
    n = state.players
    if isinstance(operation, PairRound):
        if state.fixed:
            raise CaddyError(
                f"format '{state.fmt.name}' fixes its schedule: rounds are not paired by hand"
            )
        if operation.round != len(state.rounds) + 1:
            raise CaddyError(
                f"round {operation.round} cannot be paired next (next round: {len(state.rounds) + 1})"
            )
        if operation.matches and not state.fmt.has_matches:
            raise CaddyError(f"format '{state.fmt.name}' has no knockout matches")
        _check_previous_round_over(state, operation.round)
        if len(operation.white) != len(operation.black):
            raise CaddyError("a round needs as many Blacks as Whites")
        seen = [*operation.white, *operation.black, *operation.byes]
        bad = [p for p in seen if not 1 <= p <= n]
        if bad:
            raise CaddyError(f"unknown player {bad[0]} (pairing numbers run 1..{n})")
        twice = sorted({p for p in seen if seen.count(p) > 1}) if len(set(seen)) < len(seen) else []
        if twice:
            raise CaddyError(f"player {twice[0]} appears twice in round {operation.round}")
        paired = Round(
            number=operation.round,
            white=operation.white,
            black=operation.black,
            byes=(),
            matches=operation.matches,
        )
        state.rounds.append(_round_state(paired))
        bad_boards = [b for b in operation.uncoloured if not 1 <= b <= len(operation.white)]
        if bad_boards:
            raise CaddyError(f"round {operation.round} has no board {bad_boards[0]}")
        state.rounds[-1].uncoloured = operation.uncoloured
        for p in operation.byes:
            state.rounds[-1].byes[p] = "pab"
    elif isinstance(operation, RecordResult):
        rnd = state.round(operation.round)
        if not 1 <= operation.board <= len(rnd.boards):
            raise CaddyError(
                f"round {operation.round} has no board {operation.board} (boards 1..{len(rnd.boards)})"
            )
        if operation.result not in RESULT_WORDS:
            raise CaddyError(f"unknown result '{operation.result}' (expected {RESULT_HELP})")
        board = rnd.boards[operation.board - 1]
        if rnd.matches:
            _record_match_game(state, rnd, board, operation)
        elif board.results and not operation.force:
            raise CaddyError(
                f"round {operation.round} board {operation.board} already has a result "
                f"({board.results[-1]}); use --force to correct it"
            )
        else:
            board.results = (operation.result,)
    elif isinstance(operation, RecordBye):
        rnd = state.round(operation.round)
        if not 1 <= operation.player <= n:
            raise CaddyError(f"unknown player {operation.player} (pairing numbers run 1..{n})")
        if operation.kind not in BYE_KINDS:
            raise CaddyError(f"unknown bye '{operation.kind}' (expected {', '.join(BYE_KINDS)})")
        if operation.player in rnd.white or operation.player in rnd.black:
            raise CaddyError(f"player {operation.player} has a game in round {operation.round}")
        if rnd.byes.get(operation.player) == operation.kind:  # a second record of the same bye
            raise CaddyError(
                f"player {operation.player} already has a {operation.kind} bye in round {operation.round}"
            )
        rnd.byes[operation.player] = operation.kind
    elif isinstance(operation, Withdraw):
        if not 1 <= operation.player <= n:
            raise CaddyError(f"unknown player {operation.player} (pairing numbers run 1..{n})")
        last = planned_rounds(state)
        if not 0 <= operation.after_round <= last:
            raise CaddyError(
                f"cannot withdraw after round {operation.after_round}: the event's rounds run 1..{last}"
                if last
                else f"cannot withdraw after round {operation.after_round}: no round is paired yet"
            )
        if any(w.player == operation.player for w in state.withdrawals):
            raise CaddyError(f"player {operation.player} has already withdrawn")
        state.withdrawals.append(operation)
    else:  # pragma: no cover - the union is closed
        raise CaddyError(f"unknown operation {operation!r}")


def planned_rounds(state: State) -> int:
    """The event's rounds: the schedule's, the format's count for the field,
    the manual format's planned rounds; never fewer than the rounds paired."""
    tournament = state.event.tournament
    planned = 0
    if state.fixed:
        planned = len(state.rounds)
    elif state.fmt.kind == "external":
        planned = state.fmt.planned_rounds(state.players, tournament.format.options)
    else:
        try:
            planned = state.fmt.arithmetic(state.players, tournament.format.options).rounds
        except CaddyError:
            planned = 0
    return max(planned, len(state.rounds))


def _check_previous_round_over(state: State, number: int) -> None:
    """A format that pairs from results pairs round ``number`` only when the
    round before has every result and every match decided (as ``caddy pair``)."""
    from caddy.formats import depends_on_results

    if number < 2 or not state.rounds:
        return
    last = state.rounds[-1]
    if not (last.matches or depends_on_results(state.fmt)):
        return
    missing = [
        i
        for i, board in enumerate(last.boards, 1)
        if not board.results or (last.matches and _match(state, board).winner() is None)
    ]
    if missing:
        boards = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        raise CaddyError(
            f"round {number} cannot be paired before round {last.number} is over "
            f"(board(s) {boards} undecided)"
        )


def _record_match_game(
    state: State, rnd: RoundState, board: Board, operation: RecordResult
) -> None:
    """A knockout match: each result is the next game (tie-breaks included) until decided."""
    if operation.force:  # a correction replaces the match's last game
        if not board.results:
            raise CaddyError(
                f"round {operation.round} board {operation.board}: no game to correct yet"
            )
        board.results = board.results[:-1]
    match = _match(state, board)
    if match.winner() is not None:
        raise CaddyError(
            f"round {operation.round} board {operation.board}: the match is decided "
            "(use --force to correct its last game)"
        )
    upcoming = match.next_game()
    if upcoming is None:
        raise CaddyError(
            f"round {operation.round} board {operation.board}: no further game (decided by lot?)"
        )
    _, white, _ = upcoming
    # results are written from the board's White (the higher seed); the game's White may differ
    board.results = (
        *board.results,
        operation.result if white == board.white else _flip(operation.result),
    )


def _flip(result: str) -> str:
    white, black = RESULT_WORDS[result]
    for text, codes in RESULT_WORDS.items():
        if codes == (black, white):
            return text
    return result  # pragma: no cover


def _match(state: State, board: Board) -> Match:
    """The board's match so far, replayed game by game (the format says what a match is)."""
    if not state.fmt.has_matches:
        raise CaddyError(f"format '{state.fmt.name}' has no knockout matches")
    match = state.fmt.new_match(board.white, board.black, state.event.tournament.format.options)
    # a drawing of lots: from the seed the file records
    match.lot_seed = f"{event_seed(state.event.tournament)}:{board.round}:{board.number}"
    for result in board.results:
        _, white, _ = match.next_game() or ("", board.white, board.black)
        code = RESULT_WORDS[result][0] if white == board.white else RESULT_WORDS[result][1]
        match.record(GAME_POINTS[code])
    return match


def results_event(state: State, *, completed_only: bool = True) -> Event:
    """The results so far as a :class:`caddy.results.Event` for standings (complete rounds)."""
    from caddy._gc import paused

    with paused():  # a million round results in a 1,000-player round robin
        return _results_event(state, completed_only)


def _results_event(state: State, completed_only: bool) -> Event:
    from caddy.results import EventBuilder, EventPlayer

    tournament = state.event.tournament
    withdrawn = {w.player: w.after_round for w in state.withdrawals}

    def done(board: Board, number: int) -> bool:
        gone = any(p in withdrawn and number > withdrawn[p] for p in (board.white, board.black))
        return bool(board.results) or gone

    def complete(rnd: RoundState) -> bool:
        if all(rnd.results):
            return True
        return bool(withdrawn) and all(done(b, rnd.number) for b in rnd.boards)

    rounds = [r for r in state.rounds if not r.matches and (r.white or r.byes or r.rest)]
    if completed_only:
        rounds = [r for r in rounds if complete(r)]
    players = [
        EventPlayer(
            number=i,
            name=p.name,
            rating=p.rating,
            title=p.title,
            federation=p.federation,
            fide_id=p.fide_id,
            sex=p.sex,
            birth=p.birth,
        )
        for i, p in enumerate(tournament.players, 1)
    ]
    b = EventBuilder(
        players,
        rounds=max(1, len(rounds)),
        name=tournament.name,
        start_date=tournament.start,
        scoring=tournament.scoring,
        # fixed schedules are pre-determined; pairings from outside: decided by the results
        pre_determined=True
        if state.fixed
        else (
            state.fmt.pre_determined(tournament.format.options)
            if state.fmt.kind == "external"
            else False
        ),
        format=state.fmt.name,
    )
    if not rounds:
        if state.rounds and all(r.matches for r in state.rounds):
            raise CaddyError(
                "a knockout has no standings table; `caddy pair` names the winner when it is over"
            )
        raise CaddyError("no round is complete yet: nothing to rank")
    later: list[tuple[int, int, int]] = []
    for number, rnd in enumerate(rounds, 1):
        uncoloured = set(rnd.uncoloured)
        # every board has its result: the whole round at once; else board by board
        played = all(rnd.results)
        if played:
            b.games(
                number,
                rnd.white,
                rnd.black,
                list(map(itemgetter(-1), rnd.results)),
                uncoloured=uncoloured,
            )
        for index, board in enumerate(() if played else rnd.boards, 1):
            out = [
                p
                for p in (board.white, board.black)
                if p in withdrawn and rnd.number > withdrawn[p]
            ]
            if out and not board.results:
                later.append((number, board.white, board.black))
                continue
            b.game(
                number,
                board.white,
                board.black,
                board.results[-1],
                coloured=index not in uncoloured,
            )
        for p, kind in rnd.byes.items():
            b.bye(number, p, kind)
        for p in rnd.rest:
            if p not in rnd.byes:
                b.bye(number, p, "rest")
        busy = set(rnd.white) | set(rnd.black) | set(rnd.byes) | set(rnd.rest)
        if len(busy) < state.players:
            # paired from results: absent (zero); a fixed schedule: the player's
            # section has finished while a larger one plays on (quads' 5 or 6)
            kind = "rest" if state.fixed else "zero"
            for p in range(1, state.players + 1):
                if p not in busy:
                    b.bye(number, p, kind)
    for player, after in withdrawn.items():
        total = None
        if state.fixed:  # the 50% rule counts the player's games in the whole schedule
            total = sum(
                1 for r in state.rounds for bd in r.boards if player in (bd.white, bd.black)
            )
        b.withdraw(
            player,
            min(after, len(rounds)),
            schedule=later if state.fixed else None,
            scheduled=total,
        )
    return b.build()


def new_event(
    players: Sequence[Player],
    format_name: str,
    options: Any,
    *,
    host: PluginHost | None = None,
    **starting: Any,
) -> EventFile:
    """A new event with no operations, checked as ``caddy new`` checks it: the
    format accepts the field, the options are the format's, the field is within
    caddy's limits (:func:`caddy.calculator.check_field`), the tie-breaks are
    known, and the event reads back strictly.

    :raises InputError: one line per problem.
    """
    if host is None:
        from caddy.plugins import get_host

        host = get_host()
    from caddy.calculator import check_field as check_limits

    fmt = host.formats().get(format_name)
    if options is None:
        options = fmt.Options()
    if not isinstance(options, fmt.Options):
        raise InputError(
            f"options for format '{fmt.name}' must be a {fmt.Options.__name__}, "
            f"got {type(options).__name__}"
        )
    check_limits(len(players), fmt, options)
    check_field(fmt, len(players), options)
    if starting.get("tiebreaks") is not None:
        from caddy.standings import resolve_tiebreaks

        resolve_tiebreaks(list(starting["tiebreaks"]), True, host)  # every name must be known
    tournament = Tournament(
        format=FormatChoice(name=fmt.name, options=options), players=tuple(players), **starting
    )
    event = EventFile(tournament=tournament)
    # what is written must read back: the strict reading (no NaN, no lone
    # surrogate, ratings in range) and the replay refuse it before any write
    converter = make_event_converter(host)
    return from_document(to_document(event, converter), converter, host=host)
