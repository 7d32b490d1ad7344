"""The JSON documents caddy prints (``--json``), as attrs classes.

Each is unstructured by caddy's one converter (:func:`caddy.model.serialize.unstructure`)
into the envelope ``{"schema": "caddy.<kind>", "version": N, ...}`` that
``docs/json.md`` describes; a field's place in its class is its key's place in
the output. A field whose key is written only sometimes (a withdrawn player on
a board, a sectioned event's ``sections``) lives in a subclass, or is left out
when it has its default, if its class names it in ``omit_defaults``
(:func:`caddy.model.serialize.configure_converter`).
"""

from __future__ import annotations

from typing import Any, ClassVar, TextIO, Union

import attrs

from caddy.model.serialize import unstructure

# -- caddy.calc and caddy.explain ---------------------------------------------------------


@attrs.frozen(kw_only=True)
class CalcDocument:
    """``caddy calc --json``: one result per field, format and time control
    (``caddy.schedule.calculator``'s attrs results, unstructured by their own class)."""

    schema: str = "caddy.calc"
    version: int = 1
    results: tuple[Any, ...]


@attrs.frozen(kw_only=True)
class ExplainDocument:
    """``caddy standings --explain P --json``: how each tie-break of one player was computed."""

    schema: str = "caddy.explain"
    version: int = 1
    player: int
    name: str
    edition: str
    explanations: tuple[Any, ...]


# -- caddy.standings.ranking (caddy standings --json) ---------------------------------------------


@attrs.frozen(kw_only=True)
class StandingsRowData:
    rank: int | None
    pairing_number: int
    name: str
    score: float
    tiebreaks: dict[str, float | None]
    annulled: bool


@attrs.frozen(kw_only=True)
class StandingsDocument:
    schema: str = "caddy.standings"
    version: int = 1
    edition: str
    pre_determined: bool
    tiebreaks: tuple[str, ...]
    lots_seed: int | None
    rows: tuple[StandingsRowData, ...]


@attrs.frozen(kw_only=True)
class SectionData:
    name: str
    players: tuple[int, ...]
    lots_seed: int | None
    rows: tuple[StandingsRowData, ...]


@attrs.frozen(kw_only=True)
class SectionedStandingsDocument(StandingsDocument):
    """A sectioned event's standings: every section's own table besides the rows."""

    sections: tuple[SectionData, ...]


# -- caddy.pairings (caddy pairings --json) ------------------------------------------------


@attrs.frozen(kw_only=True)
class PlayerRef:
    number: int
    name: str
    rating: int | None


@attrs.frozen(kw_only=True)
class ByeData(PlayerRef):
    kind: str


@attrs.frozen(kw_only=True)
class BoardData:
    board: int
    white: PlayerRef
    black: PlayerRef
    results: tuple[str, ...]


@attrs.frozen(kw_only=True)
class WithdrawnBoardData(BoardData):
    """A board with a withdrawn player (their pairing numbers in ``withdrawn``)."""

    withdrawn: tuple[int, ...]


@attrs.frozen(kw_only=True)
class GameData:
    game: int
    stage: str
    white: PlayerRef
    black: PlayerRef
    result: str | None


@attrs.frozen(kw_only=True)
class MatchBoardData(BoardData):
    """A knockout match: its games, White first, and the winner so far."""

    games: tuple[GameData, ...]
    winner: int | None


@attrs.frozen(kw_only=True)
class WithdrawnMatchBoardData(WithdrawnBoardData):
    games: tuple[GameData, ...]
    winner: int | None


#: A board of any kind (cattrs unstructures a union by the value's own class).
AnyBoard = Union[BoardData, WithdrawnBoardData, MatchBoardData, WithdrawnMatchBoardData]  # noqa: UP007


@attrs.frozen(kw_only=True)
class PairingsDocument:
    schema: str = "caddy.pairings"
    version: int = 1
    round: int
    matches: bool
    boards: tuple[AnyBoard, ...]
    byes: tuple[ByeData, ...]


# -- caddy.schedule (caddy table --json) ----------------------------------------------------


@attrs.frozen(kw_only=True)
class NumberingData:
    method: str
    seed: int | None
    #: ``{"number": n, ...the player's fields}`` per player.
    players: tuple[dict[str, Any], ...]


@attrs.frozen(kw_only=True)
class SectionPlayers:
    name: str
    players: tuple[int, ...]


@attrs.frozen(kw_only=True)
class ScheduleHead:
    """The ``caddy.schedule`` document but its ``rounds`` and ``byes``, which
    ``caddy.views.schedule.write_schedule_json`` streams after it."""

    omit_defaults: ClassVar[tuple[str, ...]] = ("numbering", "sections")
    schema: str = "caddy.schedule"
    version: int = 1
    format: str
    title: str
    players: int
    seed: int | None
    options: dict[str, Any]
    numbering: NumberingData | None = None
    sections: tuple[SectionPlayers, ...] | None = None


# -- caddy.contracts.tiebreak_table and caddy.plugins.host ------------------------------------------------------


@attrs.frozen(kw_only=True)
class TieBreakData:
    code: str
    name: str
    article: str
    type: str
    modifiers: tuple[str, ...]
    editions: tuple[str, ...]
    definition: str


@attrs.frozen(kw_only=True)
class TieBreaksDocument:
    schema: str = "caddy.tiebreaks"
    version: int = 1
    tiebreaks: tuple[TieBreakData, ...]


@attrs.frozen(kw_only=True)
class PluginData:
    name: str
    module: str
    distribution: str | None
    version: str | None
    source: str
    builtin: bool
    registers: dict[str, list[str]]
    error: str | None


@attrs.frozen(kw_only=True)
class PluginsDocument:
    schema: str = "caddy.plugins"
    version: int = 1
    plugins: tuple[PluginData, ...]


def data(document: Any) -> Any:
    """``document`` as plain JSON data, by caddy's converter."""

    return unstructure(document)


def write(document: Any, out: TextIO) -> None:
    """``document`` as indented, strict JSON and a newline (``NaN`` is refused:
    a ``ValueError``, RFC 8259 §6)."""
    import json

    json.dump(data(document), out, indent=2, ensure_ascii=False, allow_nan=False)
    out.write("\n")
