"""The one cattrs converter that reads and writes a whole event document
(:func:`make_event_converter`): caddy's strict primitives
(:mod:`caddy.model.serialize`), the format's options by plugin name, codecs' kept
data, and the operations, a tagged union on ``op`` whose structure hook takes
the common shapes (a plain result, a run of a round's results) in line.
"""

from __future__ import annotations

import datetime
import json
import math
import weakref
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from caddy.errors import CaddyError, InputError
from caddy.model.results import RESULT_WORDS
from caddy.model.timecontrol import TimeControl

if TYPE_CHECKING:
    from cattrs import Converter

    from caddy.plugins.host import PluginHost
from caddy.model.serialize import configure_converter, describe, path_first, text_problem
from caddy.model.teams import LineUp
from caddy.model.timecontrol import read_time_control
from caddy.model.tournament import (
    Enter,
    FileOperation,
    FormatChoice,
    Operation,
    OperationLog,
    OperationLogBuilder,
    PairRound,
    RecordBye,
    RecordResult,
    RecordResults,
    Withdraw,
)
from caddy.plugins.host import resolve

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
    cls.op: cls
    for cls in (PairRound, RecordResult, RecordResults, RecordBye, Withdraw, Enter, LineUp)
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

    host = resolve(host)
    formats = host.formats  # looked up at each use: a host's registries may be rebuilt

    def unstructure_format(choice: FormatChoice) -> dict[str, Any]:
        return {"name": choice.name, "options": converter.unstructure(choice.options)}

    def structure_format(data: Any, _: Any) -> FormatChoice:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError("expected {'name': ..., 'options': {...}}")
        try:  # only this format's plugin is imported (PluginHost.format)
            fmt = host.format(data["name"])
        except InputError:
            known = ", ".join(formats().names())
            raise ValueError(f"unknown format plugin '{data['name']}' (known: {known})") from None
        extra = set(data) - {"name", "options"}
        if extra:
            raise ValueError(f"unknown keys {sorted(extra)}")
        from cattrs import transform_error
        from cattrs.errors import BaseValidationError

        raw = data.get("options", {})
        if isinstance(raw, dict) and fmt.legacy_options:
            # a key the file lacks: what the version that wrote it meant (Format.legacy_options)
            raw = {**fmt.legacy_options, **raw}
        try:
            options = converter.structure(raw, fmt.Options)
        except BaseValidationError as exc:
            lines = transform_error(exc, path="options", format_exception=error_detail)
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
        :mod:`caddy.model.serialize` reads values); plain results and runs of them in line."""
        if type(data) is not list:
            raise ValueError(f"expected a list of operations, got {describe(data)}")
        log = OperationLogBuilder()
        items, rounds, boards, results = log.items, log.rounds, log.boards, log.results
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
            log.add(operation)
        if errors:
            raise IterableValidationError("while reading the operations", errors, OperationLog)
        return log.build()

    def unstructure_log(log: OperationLog) -> list[dict[str, Any]]:
        """One item per operation, but :data:`RUN_MIN` or more plain results of
        one round recorded one after the other are one ``results`` item."""
        out: list[dict[str, Any]] = []
        append = out.append
        items, rounds, boards, results = log.columns
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

    parsers = host.time_control_parsers

    def structure_time_control(value: Any, _: Any) -> TimeControl:
        # the host's notations, not the global host's (an embedder's host)
        problem = text_problem(value)
        if problem:
            raise ValueError(problem)
        return read_time_control(value, parsers())

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

    return configure(configure_converter(make_converter(forbid_extra_keys=True)), host)


#: The converter caddy's own reads and writes use, one per plugin host (a
#: converter generates its hooks on first use: building one per command
#: costs more than the command's own work on a small event).
_SHARED: weakref.WeakKeyDictionary[PluginHost, Converter] = weakref.WeakKeyDictionary()


def shared_converter(host: PluginHost | None = None) -> Converter:
    """The event converter of ``host`` (default: the global host), built once
    per host; never changed by caddy (:func:`make_event_converter` makes one
    of your own to change)."""
    host = resolve(host)
    converter = _SHARED.get(host)
    if converter is None:
        converter = _SHARED[host] = make_event_converter(host)
    return converter


def error_detail(exc: BaseException, type_: Any) -> str:
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
