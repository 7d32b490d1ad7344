"""The JSON documents caddy prints (``--json``), as attrs classes.

Each is unstructured by caddy's one converter (:func:`caddy.model.serialize.unstructure`)
into the envelope ``{"schema": "caddy.<kind>", "version": N, ...}`` that
``docs/json.md`` describes; a field's place in its class is its key's place in
the output. A field whose key is written only sometimes (a withdrawn player on
a board, a sectioned event's ``sections``) lives in a subclass, or is left out
when it has its default, if its class names it in ``omit_defaults``
(:func:`caddy.model.serialize.configure_converter`). A team event's documents
are in :mod:`caddy.model.team_documents`. :func:`write` is the one way caddy
writes a JSON document (the event file has its own, :mod:`caddy.event.documents`).
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, TextIO, Union

import attrs

from caddy.model.serialize import unstructure
from caddy.model.team_documents import TeamByeData, TeamMatchData, TeamPairData

# -- caddy.calc, caddy.explain and caddy.plan ----------------------------------------------------


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


@attrs.frozen(kw_only=True)
class PlanDocument:
    """``caddy plan --json`` (docs/planning.md describes the shape): the rows
    are ``caddy.schedule.planner.PlanRow``, unstructured by their own class."""

    schema: str = "caddy.plan"
    version: int = 1
    players: int
    budget: dict[str, Any]
    time_controls: tuple[str, ...]
    rows: tuple[Any, ...]
    not_fitting: tuple[Any, ...]


# -- caddy.standings (caddy standings --json) ---------------------------------------------


@attrs.frozen(kw_only=True)
class StandingsRowData:
    rank: int | None
    pairing_number: int
    name: str
    score: float
    tiebreaks: dict[str, float | None]
    annulled: bool


@attrs.frozen(kw_only=True)
class SectionData:
    name: str
    players: tuple[int, ...]
    lots_seed: int | None
    rows: tuple[StandingsRowData, ...]


@attrs.frozen(kw_only=True)
class StandingsDocument:
    """``after_round``: R for ``--round R``, ``None`` for the live standings; a
    sectioned event adds ``sections``, a knockout stage ``qualified`` and
    ``bracket``, a team match ``teams`` (each left out when ``None``)."""

    omit_defaults: ClassVar[tuple[str, ...]] = ("sections", "qualified", "bracket", "teams")
    schema: str = "caddy.standings"
    version: int = 1
    after_round: int | None = None
    edition: str
    pre_determined: bool
    tiebreaks: tuple[str, ...]
    lots_seed: int | None
    rows: tuple[StandingsRowData, ...]
    sections: tuple[SectionData, ...] | None = None
    qualified: tuple[QualifiedData, ...] | None = None
    bracket: tuple[BracketRound, ...] | None = None
    teams: TeamMatchData | None = None


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


# -- caddy.bracket, and the keys a format's views add to caddy.standings ------------------------


@attrs.frozen(kw_only=True)
class QualifiedData(PlayerRef):
    """A player the knockout stage seeds, with the label (``A1``)."""

    seed: str


@attrs.frozen(kw_only=True)
class BracketGame:
    game: int
    stage: str
    white: int
    black: int
    result: str


@attrs.frozen(kw_only=True)
class BracketMatch:
    board: int
    name: str | None
    white: PlayerRef
    black: PlayerRef
    seeds: tuple[str | None, str | None]
    games: tuple[BracketGame, ...]
    score: tuple[float, float]
    winner: int | None
    decided_by: str | None


@attrs.frozen(kw_only=True)
class BracketRound:
    round: int
    name: str | None
    matches: tuple[BracketMatch, ...]
    byes: tuple[ByeData, ...]


@attrs.frozen(kw_only=True)
class BracketDocument:
    """A knockout's ``caddy standings --json``: its bracket and the winner once it is over."""

    schema: str = "caddy.bracket"
    version: int = 1
    rounds: tuple[BracketRound, ...]
    winner: int | None


# -- caddy.pairing (caddy pair --json) -------------------------------------------------------


@attrs.frozen(kw_only=True)
class PairData:
    board: int
    white: int
    black: int


@attrs.frozen(kw_only=True)
class PairByeData:
    player: int
    kind: str


@attrs.frozen(kw_only=True)
class PairingDocument:
    """The round ``caddy pair`` paired (``caddy pairings`` prints a
    :class:`PairingsDocument`): a team event adds ``matches`` and
    ``team_byes``, ``--explain`` the ``explanation``."""

    omit_defaults: ClassVar[tuple[str, ...]] = ("matches", "team_byes", "explanation")
    schema: str = "caddy.pairing"
    version: int = 1
    round: int
    pairs: tuple[PairData, ...]
    byes: tuple[PairByeData, ...]
    matches: tuple[TeamPairData, ...] | None = None
    team_byes: tuple[TeamByeData, ...] | None = None
    explanation: tuple[str, ...] | None = None


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


# -- caddy.tiebreaks and caddy.plugins (caddy tiebreaks --json, caddy plugins --json) ----------


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
    #: Each format the plugin registers: its options and their defaults (added in issue 28).
    options: dict[str, dict[str, Any]] = attrs.Factory(dict)


@attrs.frozen(kw_only=True)
class PluginsDocument:
    schema: str = "caddy.plugins"
    version: int = 1
    plugins: tuple[PluginData, ...]


# -- caddy.publish-marker (the files caddy publish wrote) --------------------------------------

#: The schema of :class:`PublishMarker`.
MARKER_SCHEMA = "caddy.publish-marker"


@attrs.frozen(kw_only=True)
class PublishMarker:
    schema: str = MARKER_SCHEMA
    version: int = 1
    about: str = "the files caddy publish wrote in this folder; it removes them once stale"
    files: tuple[str, ...]


def data(document: Any) -> Any:
    """``document`` as plain JSON data, by caddy's converter."""

    return unstructure(document)


def write(document: Any, out: TextIO, *, indent: int = 2, ensure_ascii: bool = False) -> None:
    """``document`` as indented, strict JSON and a newline (``NaN`` is refused:
    a ``ValueError``, RFC 8259 §6); the one way caddy writes a JSON document
    (but the event file, :mod:`caddy.event.documents`). ``caddy plugins`` and
    ``caddy pair`` escape non-ASCII text (``ensure_ascii``), the publish marker
    is indented by one: as they always were."""
    json.dump(data(document), out, indent=indent, ensure_ascii=ensure_ascii, allow_nan=False)
    out.write("\n")
