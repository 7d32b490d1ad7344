"""Event documents: :func:`to_document` and :func:`from_document` (schema
version 2; version 1 is read and upgraded, docs/json.md), the checks on the
starting data, and :func:`new_event`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from caddy.errors import CaddyError, InputError
from caddy.model.schedule import Player

if TYPE_CHECKING:
    from cattrs import Converter

    from caddy.plugins.host import PluginHost
from caddy.event.convert import error_detail, shared_converter
from caddy.event.file import EventFile
from caddy.event.replay import check_field, replay
from caddy.model.serialize import describe, path_first
from caddy.model.teams import check_setup
from caddy.model.tournament import (
    READS,
    SCHEMA,
    VERSION,
    FormatChoice,
    Operation,
    OperationLog,
    Tournament,
)
from caddy.plugins.host import resolve


def operations_to_data(
    operations: Sequence[Operation], converter: Converter | None = None
) -> list[dict[str, Any]]:
    """The operations as JSON data, one item per operation (``caddy history --json``):
    the tagged union on ``op``, defaults left out."""
    converter = converter or shared_converter()
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

    try:
        return shared_converter().structure(data, OperationLog), []
    except BaseValidationError as exc:
        return OperationLog(), path_first(
            transform_error(exc, path=path, format_exception=error_detail)
        )
    except ValueError as exc:
        return OperationLog(), [f"{path}: {exc}"]


def to_document(
    event: EventFile, converter: Converter | None = None, *, host: PluginHost | None = None
) -> dict[str, Any]:
    """The event file as JSON data (schema version :data:`VERSION`), through the converter."""
    converter = converter or shared_converter(host)
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
                path_first(
                    transform_error(exc, path="$.tournament.trf", format_exception=error_detail)
                )
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
    converter's hooks (:mod:`caddy.model.serialize`: no coercion, no ``NaN``, no lone
    surrogates); then the history is replayed, so an operation that refers to
    something that does not exist, or comes in an impossible order, is refused
    naming it. ``check_history=False`` checks the operations' shapes only
    (``undo`` drops a last operation that does not replay).
    """
    from cattrs import transform_error
    from cattrs.errors import BaseValidationError

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
    converter = converter or shared_converter(host)
    body = {key: data[key] for key in ("tournament", "operations") if key in data}
    if version == 1 and "tournament" in body:
        body["tournament"], problems = _upgrade_v1(body["tournament"], converter)
    event = None
    try:
        event = converter.structure(body, EventFile)
    except BaseValidationError as exc:
        lines = path_first(transform_error(exc, path="$", format_exception=error_detail))
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
        if not player.name.strip():  # as `caddy add` and a players file refuse one
            problems.append(f"{where}.players[{index}].name: a player needs a name (it is empty)")
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
    if tournament.teams is not None:
        try:
            check_setup(tournament.teams, len(tournament.players))
        except CaddyError as exc:
            problems.extend(f"{where}.teams: {p}" for p in exc.problems)
    return problems


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
    caddy's limits (:func:`caddy.schedule.calculator.check_limits`), the tie-breaks are
    known, and the event reads back strictly.

    :raises InputError: one line per problem.
    """
    # Only a new event checks its size and tie-break names here:
    # lazy: reading an event file (every other command) imports no calculator or standings
    from caddy.schedule.calculator import check_limits
    from caddy.standings.ranking import resolve_tiebreaks
    from caddy.standings.teams import resolve_team_tiebreaks

    host = resolve(host)
    fmt = host.format(format_name)
    if options is None:
        options = fmt.Options()
    if not isinstance(options, fmt.Options):
        raise InputError(
            f"options for format '{fmt.name}' must be a {fmt.Options.__name__}, "
            f"got {type(options).__name__}"
        )
    check_limits(len(players), fmt, options)
    check_field(fmt, len(players), options)
    if starting.get("tiebreaks") is not None and starting.get("teams") is not None:
        resolve_team_tiebreaks(list(starting["tiebreaks"]), host)  # a team event ranks teams
    elif starting.get("tiebreaks") is not None:
        resolve_tiebreaks(list(starting["tiebreaks"]), True, host)  # every name must be known
    tournament = Tournament(
        format=FormatChoice(name=fmt.name, options=options), players=tuple(players), **starting
    )
    event = EventFile(tournament=tournament)
    # what is written must read back: the strict reading (no NaN, no lone
    # surrogate, ratings in range) and the replay refuse it before any write
    converter = shared_converter(host)
    return from_document(to_document(event, converter), converter, host=host)
