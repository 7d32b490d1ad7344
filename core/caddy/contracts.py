"""The plugin contract: every capability core may ask of a plugin, in one place.

A plugin registers objects of six kinds (see :mod:`caddy.hookspecs`):
formats, tie-breaks, codecs, renderers, time-control notations and named
tie-break presets. Each kind has a :class:`~typing.Protocol` here, and a
``*Base`` class giving the defaults of its optional members, so that core
calls every member directly and never probes a plugin with ``getattr``.

Registration (:meth:`caddy.plugins.Registry.add`) checks each object with
:func:`conformance`: a missing required member is a
:class:`~caddy.errors.PluginError` naming the plugin's module and the member
(``caddy: error: plugin fake_mod: format 'x' lacks arithmetic(players,
options)``, exit 3). An object that has the required members but not every
optional one is wrapped by :func:`complete`, which adds the defaults of the
kind's base class; plugins that subclass the base class are used as they are.

Formats come in three kinds (:attr:`Format.kind`): ``"schedule"`` (the
whole schedule is known before round 1, :class:`ScheduleFormat`),
``"results"`` (later rounds are paired from the results,
:class:`PairingFormat`, which receives a :class:`PairingRequest`) and
``"external"`` (the pairings come from outside, :class:`ExternalFormat`).

The data the contract exchanges (:class:`Arithmetic`, :class:`PlayedRound`,
:class:`Stage`, :class:`PairingRequest` ...) lives here too; the older
modules (:mod:`caddy.formats`, :mod:`caddy.tiebreaks`, :mod:`caddy.codecs`,
:mod:`caddy.render`, :mod:`caddy.timecontrol`) re-export their Protocol from
here, so imports written against them keep working.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, runtime_checkable

import attrs

if TYPE_CHECKING:
    from caddy.codecs import Exported, Imported
    from caddy.event_file import EventFile
    from caddy.models import Numbering, Player, Round, Schedule, Section
    from caddy.render import Report
    from caddy.tiebreaks import Explanation, Table, TieBreakSpec
    from caddy.timecontrol import TimeControl

#: What a format does: see the module docstring.
FormatKind = Literal["schedule", "results", "external"]
FORMAT_KINDS: tuple[str, ...] = ("schedule", "results", "external")

# -- data exchanged with format plugins ---------------------------------------


@attrs.frozen(kw_only=True)
class Arithmetic:
    """What a format needs for a field of ``players``: the calculator's input."""

    #: Number of players.
    players: int
    #: Rounds to play (the longest section's, for sectioned formats).
    rounds: int
    #: Games in the whole event.
    games: int
    #: Boards needed in the busiest round.
    boards: int
    #: Games each player plays (the most any player plays).
    games_per_player: int
    #: Players without a game in each round (the most in any round).
    byes_per_round: int
    #: How often every pair of players meets, when the format promises one
    #: number for all pairs (1 for a round robin, 2 for a double); ``None``
    #: when pairs meet a varying number of times (sections, teams, knockout).
    pair_meetings: int | None = None
    #: The most games the event can take (knockout tie-breaks); ``None``: ``games``.
    max_games: int | None = None
    #: How many of the rounds are knockout stages; the calculator gives each
    #: its own night.
    stages: int = 0
    #: Format-specific lines for the calculator's summary (sections, groups ...).
    details: tuple[str, ...] = ()
    #: The format's advice for a field of this size (the calculator's
    #: ``Advice:`` line, docs/calculator.md); ``None``: none.
    advice: str | None = None


@attrs.frozen(kw_only=True)
class PlayedRound:
    """A round with its results, for formats that pair from results."""

    round: Round
    #: White's points per board, in board order (1, 0.5 or 0). For a knockout
    #: match (``round.matches``): 1 if White won the match, 0 if Black did.
    results: tuple[float, ...]
    #: Games each board took (a match with tie-breaks takes more than one).
    games: tuple[int, ...] = ()

    def winners(self) -> list[int]:
        return [
            w if r > 0.5 else b
            for w, b, r in zip(self.round.white, self.round.black, self.results, strict=True)
        ]

    def losers(self) -> list[int]:
        return [
            b if r > 0.5 else w
            for w, b, r in zip(self.round.white, self.round.black, self.results, strict=True)
        ]


@attrs.frozen(kw_only=True)
class Stage:
    """A stage of an event, for ``caddy check``: a format with stages (a group
    stage, then a knockout) says what each stage's pairings must satisfy
    through :meth:`Format.stages`."""

    #: What the stage is called in messages (``group stage``, ``knockout``).
    name: str
    #: The stage's rounds; ``last=None`` runs to the end of the event.
    first: int = 1
    last: int | None = None
    #: Each section (a group, a quad) is a round robin of ``cycles`` cycles:
    #: every pair of a section meets exactly that often once the stage is
    #: complete, and nobody meets a player of another section. No sections:
    #: no pair meets twice within the stage.
    sections: tuple[Section, ...] = ()
    cycles: int = 1

    def holds(self, number: int) -> bool:
        """Whether round ``number`` belongs to the stage."""
        return self.first <= number and (self.last is None or number <= self.last)


# -- the pairing contract -----------------------------------------------------

#: What one round was for one player (FIDE Handbook C.04 and the TRF
#: result codes of the FIDE Data Exchange Format: ``+``/``-`` forfeits,
#: ``U`` pairing-allocated bye, ``H``/``F``/``Z`` half/full/zero-point byes).
HistoryKind = Literal[
    "played", "forfeit-win", "forfeit-loss", "pab", "half-bye", "zero-bye", "full-bye", "absent"
]
HISTORY_KINDS: tuple[str, ...] = (
    "played",
    "forfeit-win",
    "forfeit-loss",
    "pab",
    "half-bye",
    "zero-bye",
    "full-bye",
    "absent",
)


@attrs.frozen(kw_only=True)
class HistoryEntry:
    """One round of one player's history."""

    round: int
    #: The opponent's pairing number (``None``: no opponent: a bye, an absence).
    opponent: int | None
    #: The colour the player had (``None`` when no game was scheduled).
    colour: Literal["w", "b"] | None
    kind: HistoryKind
    #: The points the round gave the player.
    points: float


@attrs.frozen(kw_only=True)
class PairingPlayer:
    """One player as a pairing engine sees them before the round to pair."""

    #: Pairing number (1-based).
    number: int
    rating: int | None
    #: Points before the round to pair.
    points: float
    #: One entry per round played so far, in round order.
    history: tuple[HistoryEntry, ...]
    #: Not to be paired in the round to pair: an announced bye, a late entry.
    absent: bool = False
    #: Withdrawn: not to be paired in this or any later round.
    withdrawn: bool = False


@attrs.frozen(kw_only=True)
class PairingRequest:
    """Everything a format that pairs from results may need for the next round.

    Built from an event state by :func:`caddy.pairing.request_from_state`, and
    from a TRF file by the TRF codec plugin (``request_from_trf``, see
    :mod:`caddy.pairing`), so one pairing engine serves both.
    """

    #: The round to pair (1-based).
    round: int
    #: Rounds planned for the event (0: open).
    planned_rounds: int
    #: The players, by pairing number (``players[0]`` is number 1).
    players: tuple[PairingPlayer, ...]
    #: The format's options (its ``Options`` class), acceleration included.
    options: Any
    #: White of the top board in round 1 (``None``: drawn or the format's rule).
    initial_colour: Literal["w", "b"] | None = None
    #: Pairs that must not meet (pairing numbers, smaller first).
    forbidden_pairs: frozenset[tuple[int, int]] = frozenset()
    #: The rounds played so far with their results (formats that follow a
    #: bracket, such as a knockout, read these).
    played: tuple[PlayedRound, ...] = ()
    #: The seed of every random choice (the one the event records).
    seed: int | None = None

    @property
    def count(self) -> int:
        """The number of players."""
        return len(self.players)

    @classmethod
    def simple(
        cls,
        players: int,
        options: Any,
        played: Sequence[PlayedRound] = (),
        *,
        seed: int | None = None,
    ) -> PairingRequest:
        """A request with only what a bracket needs: ``players`` numbered
        players with no history beyond ``played`` (tests, ``caddy table``)."""
        return cls(
            round=len(played) + 1,
            planned_rounds=0,
            players=tuple(
                PairingPlayer(number=n, rating=None, points=0.0, history=())
                for n in range(1, players + 1)
            ),
            options=options,
            played=tuple(played),
            seed=seed,
        )


def as_request(
    request: PairingRequest | int,
    options: Any = None,
    played: Sequence[PlayedRound] | None = None,
    *,
    seed: int | None = None,
) -> PairingRequest:
    """``request`` itself, or for the older call ``next_round(players, options,
    played, seed=...)`` a :meth:`PairingRequest.simple` built from it, so a
    format's ``next_round`` serves both while callers migrate."""
    if isinstance(request, PairingRequest):
        return request
    return PairingRequest.simple(request, options, played or (), seed=seed)


# -- formats ------------------------------------------------------------------


@runtime_checkable
class Match(Protocol):
    """A board that is a match of several games (:meth:`Format.new_match`):
    a knockout pairing with its tie-break games."""

    #: The seed of a drawing of lots that decides a tied match (core sets it
    #: from the seed the event file records, the round and the board).
    lot_seed: str | None

    def next_game(self) -> tuple[str, int, int] | None:
        """The next game: ``(stage, white, black)``, ``None`` when decided."""
        ...

    def game_at(self, number: int) -> tuple[str, int, int]:
        """Game ``number`` (from 0) of the match: ``(stage, white, black)``."""
        ...

    def record(self, white_points: float) -> None:
        """Record the next game's result (White's points)."""
        ...

    def winner(self) -> int | None:
        """The winner once the match is decided."""
        ...

    def by_lot(self) -> bool:
        """Whether a drawing of lots decided the match."""
        ...


@runtime_checkable
class Format(Protocol):
    """What every format plugin provides (:class:`FormatBase` has the defaults)."""

    #: Registry key and serialisation tag, what users type (``"round-robin"``).
    name: ClassVar[str]
    #: One line for ``caddy plugins`` and the docs.
    summary: ClassVar[str]
    #: The attrs class of the format's options (all fields need defaults).
    Options: ClassVar[type[Any]]
    #: ``"schedule"``, ``"results"`` or ``"external"`` (see the module docstring).
    kind: ClassVar[str]
    #: How ``caddy new``/``caddy table --players`` number players by default.
    default_numbering: ClassVar[str]
    #: Whether a board is a match of several games (:meth:`new_match`).
    has_matches: ClassVar[bool]

    def arithmetic(self, players: int, options: Any) -> Arithmetic:
        """Counts for ``players``; raise :class:`~caddy.errors.InputError`
        for a field the format cannot run (for example fewer than 2 players)."""
        ...

    def variants(self, options: Any) -> Mapping[str, Any]:
        """Other option sets worth comparing in the calculator's summary."""
        ...

    def check(self, players: int, options: Any) -> None:
        """Raise if the format cannot run this field (default: :meth:`arithmetic`)."""
        ...

    def number_players(self, players: Sequence[Player], method: str, seed: int | None) -> Numbering:
        """Pairing numbers for the entrants (default: lots, rating or given order)."""
        ...

    def new_match(self, higher: int, lower: int, options: Any) -> Match:
        """A fresh match between two players (only when :attr:`has_matches`;
        the default raises :class:`~caddy.errors.InputError`)."""
        ...

    def sections(self, players: int, options: Any) -> tuple[Section, ...]:
        """The sections (quads, groups) that rank separately; ``()``: one table."""
        ...

    def stages(self, players: int, options: Any) -> Sequence[Stage]:
        """What ``caddy check`` verifies stage by stage; ``()``: the event as a whole."""
        ...

    def group_rounds(self, players: int, options: Any) -> Sequence[Round]:
        """The rounds known before round 1 of a format with a fixed first stage."""
        ...

    def extra_rounds(self, options: Any) -> int:
        """Rounds the event may take beyond :attr:`Arithmetic.rounds` (play-offs)."""
        ...

    def planned_rounds(self, players: int, options: Any) -> int:
        """Rounds planned for the field (0: open)."""
        ...

    def pre_determined(self, options: Any) -> bool | None:
        """Whether the pairings are pre-determined for the tie-breaks (C.07
        Art. 15.2); ``None``: decided by the results."""
        ...


@runtime_checkable
class ScheduleFormat(Format, Protocol):
    """A format whose whole schedule is known before round 1 (``kind == "schedule"``)."""

    def schedule(self, players: int, options: Any, *, seed: int | None = None) -> Schedule:
        """The schedule for pairing numbers ``1..players``; ``seed`` makes
        any random choice repeatable (``None``: the format draws and records one)."""
        ...


@runtime_checkable
class PairingFormat(Format, Protocol):
    """A format that pairs each round from the results so far (``kind == "results"``)."""

    def next_round(self, request: PairingRequest) -> Round | None:
        """The next round, or ``None`` when the event is over."""
        ...

    def winner(self, players: int, options: Any, played: Sequence[PlayedRound]) -> int | None:
        """The winner once the event is over."""
        ...


#: The older name of :class:`PairingFormat`.
ResultDependentFormat = PairingFormat


@runtime_checkable
class ExternalFormat(Format, Protocol):
    """A format whose pairings come from outside (``kind == "external"``)."""


class FormatBase:
    """Defaults for every optional member of :class:`Format`; subclass it."""

    name: ClassVar[str]
    summary: ClassVar[str]
    Options: ClassVar[type[Any]]
    kind: ClassVar[str] = "schedule"
    default_numbering: ClassVar[str] = "lot"
    has_matches: ClassVar[bool] = False

    def arithmetic(self, players: int, options: Any) -> Arithmetic:
        raise NotImplementedError  # pragma: no cover - conformance refuses a format without it

    def variants(self, options: Any) -> Mapping[str, Any]:
        return {}

    def check(self, players: int, options: Any) -> None:
        self.arithmetic(players, options)

    def number_players(self, players: Sequence[Player], method: str, seed: int | None) -> Numbering:
        from caddy.models import assign_pairing_numbers

        return assign_pairing_numbers(players, method, seed)  # type: ignore[arg-type]

    def new_match(self, higher: int, lower: int, options: Any) -> Match:
        from caddy.errors import InputError

        raise InputError(f"format '{self.name}' has no knockout matches")

    def sections(self, players: int, options: Any) -> tuple[Section, ...]:
        return ()

    def stages(self, players: int, options: Any) -> Sequence[Stage]:
        return ()

    def group_rounds(self, players: int, options: Any) -> Sequence[Round]:
        return ()

    def extra_rounds(self, options: Any) -> int:
        return 0

    def planned_rounds(self, players: int, options: Any) -> int:
        return self.arithmetic(players, options).rounds

    def pre_determined(self, options: Any) -> bool | None:
        return self.kind == "schedule"


# -- tie-breaks ---------------------------------------------------------------


@runtime_checkable
class TieBreak(Protocol):
    """The contract of a tie-break plugin (:class:`TieBreakBase` has the defaults)."""

    #: Registry key: the FIDE acronym (``SB``); also what users type.
    name: ClassVar[str]
    #: Human name (``Sonneborn–Berger``).
    title: ClassVar[str]
    #: C.07 article (``9.1``).
    article: ClassVar[str]
    #: C.07 type letters: A (subset of games), B (own results), C (opponents'
    #: results), D (ratings and other data), or two of them.
    kind: ClassVar[str]
    #: Modifier letters accepted: C (cut), M (median), L (limit), P, F.
    modifiers: ClassVar[str]
    #: One-line definition.
    summary: ClassVar[str]
    #: Editions the tie-break exists in.
    editions: ClassVar[tuple[str, ...]]
    #: True when the value depends on which players are tied (DE):
    #: then the plugin is a :class:`GroupTieBreak`.
    group_dependent: ClassVar[bool]
    #: False when the value cannot separate players of a complete round robin
    #: (everyone's opponents are everyone else: BH, FB, AOB).
    separates_round_robin: ClassVar[bool]

    def compute(self, table: Table, spec: TieBreakSpec) -> list[float | None]:
        """One value per player index (``None`` sorts last)."""
        ...

    def explain(self, table: Table, spec: TieBreakSpec, player: int) -> Explanation:
        """The working for one player index."""
        ...

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        """Whether lower values rank higher for this spec (``TPN``, ``RTNG/R``)."""
        ...


@runtime_checkable
class GroupTieBreak(TieBreak, Protocol):
    """A tie-break that ranks a group of tied players (direct encounter)."""

    def rank_group(self, table: Table, spec: TieBreakSpec, group: Sequence[int]) -> list[int]:
        """Place within the group for each member (1 = first; equal = tied)."""
        ...

    def explain_group(
        self, table: Table, spec: TieBreakSpec, group: Sequence[int], player: int
    ) -> Explanation | None:
        """The working for one member of a tied group (``None``: core's summary)."""
        ...


class TieBreakBase:
    """Defaults for every optional member of :class:`TieBreak`; subclass it."""

    name: ClassVar[str]
    title: ClassVar[str] = ""
    article: ClassVar[str] = ""
    kind: ClassVar[str] = ""
    modifiers: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    editions: ClassVar[tuple[str, ...]] = ("2024", "2026")
    group_dependent: ClassVar[bool] = False
    separates_round_robin: ClassVar[bool] = True

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        return False

    def explain_group(
        self, table: Table, spec: TieBreakSpec, group: Sequence[int], player: int
    ) -> Explanation | None:
        return None


# -- codecs, renderers, time controls, presets --------------------------------


@runtime_checkable
class Codec(Protocol):
    """The contract of a codec plugin."""

    #: What users type after ``--from``/``--to``.
    name: ClassVar[str]
    #: One line for ``caddy plugins``.
    summary: ClassVar[str]
    #: File suffixes this codec claims (lower case, with the dot).
    suffixes: ClassVar[tuple[str, ...]]

    def sniff(self, data: bytes) -> bool:
        """Whether ``data`` looks like this format (the first bytes suffice)."""
        ...

    def read(self, data: bytes, *, source: str, strict: bool = False) -> Imported:
        """An event from ``data`` (``source`` names the file in messages);
        ``strict`` turns what would be warnings into errors.

        :raises InputError: one line per problem.
        """
        ...

    def write(self, event: EventFile, *, flavour: str | None = None) -> Exported:
        """The event in this format; ``flavour`` picks a variant (TRF: ``"26"``)."""
        ...


@runtime_checkable
class Renderer(Protocol):
    """The contract of an output-form plugin."""

    #: What users type after ``--output``.
    name: ClassVar[str]
    #: One line for ``caddy plugins``.
    summary: ClassVar[str]
    #: Suffix of files in this form (``.html``).
    suffix: ClassVar[str]

    def render(self, report: Report) -> str:
        """The whole document as text."""
        ...


@runtime_checkable
class TimeControlNotation(Protocol):
    """A time-control notation (``G/90;inc30``, ``90+30``, ``40/90, 30+30``)."""

    name: ClassVar[str]
    #: Lower is tried first; built-ins use 10, 20 and 30.
    priority: ClassVar[int]

    def parse(self, text: str) -> TimeControl | None:
        """The time control, ``None`` if the text is not in this notation;
        raise :class:`~caddy.errors.TimeControlError` for an error in it."""
        ...


#: The older name of :class:`TimeControlNotation`.
TimeControlParser = TimeControlNotation


@runtime_checkable
class TieBreakPreset(Protocol):
    """A named tie-break list (hook ``caddy_register_tiebreak_presets``):
    what users type after ``--tiebreaks`` instead of the list itself."""

    #: What users type (``rr``); matched without regard to case.
    name: str
    #: One line for ``caddy plugins`` and the help.
    summary: str
    #: The tie-break texts in order (``("SB", "DE", "KS")``).
    tiebreaks: tuple[str, ...]
    #: The kinds of event this list is the default for: ``"pre-determined"``
    #: (pairings fixed in advance), ``"other"`` (pairings made as the event goes).
    default_for: tuple[str, ...]


@attrs.frozen(kw_only=True)
class Preset:
    """A ready-made :class:`TieBreakPreset` (a plugin registers instances)."""

    name: str
    tiebreaks: tuple[str, ...]
    summary: str = ""
    default_for: tuple[str, ...] = ()


# -- conformance --------------------------------------------------------------


def _member(name: str, *params: str) -> tuple[str, tuple[str, ...] | None]:
    return name, params


def _attr(name: str) -> tuple[str, tuple[str, ...] | None]:
    return name, None


#: Required members per kind: ``(name, parameters)``; ``None`` for data.
REQUIRED: Mapping[str, tuple[tuple[str, tuple[str, ...] | None], ...]] = {
    "formats": (
        _attr("name"),
        _attr("summary"),
        _attr("Options"),
        _member("arithmetic", "players", "options"),
    ),
    "tiebreaks": (
        _attr("name"),
        _member("compute", "table", "spec"),
        _member("explain", "table", "spec", "player"),
    ),
    "codecs": (
        _attr("name"),
        _attr("summary"),
        _attr("suffixes"),
        _member("sniff", "data"),
        _member("read", "data"),
        _member("write", "event"),
    ),
    "renderers": (_attr("name"), _attr("summary"), _attr("suffix"), _member("render", "report")),
    "time_controls": (_attr("name"), _attr("priority"), _member("parse", "text")),
    "tiebreak_presets": (
        _attr("name"),
        _attr("summary"),
        _attr("tiebreaks"),
        _attr("default_for"),
    ),
}
#: Members each format kind adds.
FORMAT_KIND_REQUIRED: Mapping[str, tuple[tuple[str, tuple[str, ...] | None], ...]] = {
    "schedule": (_member("schedule", "players", "options"),),
    "results": (
        _member("next_round", "request"),
        _member("winner", "players", "options", "played"),
    ),
    "external": (),
}
GROUP_REQUIRED = (_member("rank_group", "table", "spec", "group"),)
#: The class whose members are the defaults of each kind's optional members.
BASES: Mapping[str, type] = {"formats": FormatBase, "tiebreaks": TieBreakBase}
#: Optional members per kind (each has a default in :data:`BASES`).
OPTIONAL: Mapping[str, tuple[str, ...]] = {
    "formats": (
        "kind",
        "default_numbering",
        "has_matches",
        "variants",
        "check",
        "number_players",
        "new_match",
        "sections",
        "stages",
        "group_rounds",
        "extra_rounds",
        "planned_rounds",
        "pre_determined",
    ),
    "tiebreaks": (
        "title",
        "article",
        "kind",
        "modifiers",
        "summary",
        "editions",
        "group_dependent",
        "separates_round_robin",
        "lower_is_better",
        "explain_group",
    ),
}


def _has(obj: object, name: str) -> bool:
    try:
        inspect.getattr_static(obj, name)
    except AttributeError:
        return False
    return True


def _signature_lacks(function: Any, params: tuple[str, ...]) -> bool:
    """Whether ``function`` cannot take ``params`` (positionally or by name)."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return False  # a builtin: trust it
    kinds = [p.kind for p in signature.parameters.values()]
    if inspect.Parameter.VAR_POSITIONAL in kinds:
        return False
    positional = [
        p
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return len(positional) < len(params)


def _label(kind: str) -> str:
    return {
        "formats": "format",
        "tiebreaks": "tie-break",
        "codecs": "file format",
        "renderers": "output form",
        "time_controls": "time-control notation",
        "tiebreak_presets": "tie-break preset",
    }.get(kind, kind)


def _missing(obj: object, members: Sequence[tuple[str, tuple[str, ...] | None]]) -> list[str]:
    problems = []
    for name, params in members:
        shown = name if params is None else f"{name}({', '.join(params)})"
        if not _has(obj, name):
            problems.append(f"lacks {shown}")
            continue
        if params is None:
            continue
        value = inspect.getattr_static(obj, name)
        bound = obj.__getattribute__(name)
        if not callable(value if not isinstance(value, (staticmethod, classmethod)) else bound):
            problems.append(f"has {name} but it is not callable: expected {shown}")
        elif _signature_lacks(bound, params):
            problems.append(f"has {name} without the parameters {shown}")
    return problems


def _format_kind(obj: object) -> str:
    """The kind a format declares, or (for a format written before kinds)
    the kind its members show."""
    if _has(obj, "kind"):
        return str(obj.__getattribute__("kind"))
    if _has(obj, "pairs_from_outside") and obj.__getattribute__("pairs_from_outside"):
        return "external"
    if _has(obj, "next_round"):
        return "results"
    return "schedule"


def conformance(kind: str, obj: object) -> list[str]:
    """What ``obj`` lacks to be a plugin object of ``kind`` (empty: it conforms).

    ``kind`` is a registry kind (``"formats"``, ``"tiebreaks"``, ``"codecs"``,
    ``"renderers"``, ``"time_controls"``, ``"tiebreak_presets"``). Each entry
    reads ``<label> '<name>' lacks <member>(<parameters>)``.
    """
    name = obj.__getattribute__("name") if _has(obj, "name") else None
    who = f"{_label(kind)} '{name}'" if isinstance(name, str) and name else f"a {_label(kind)}"
    if not isinstance(name, str) or not name:
        return [f"registered {who} without a name"]
    members = list(REQUIRED.get(kind, ()))
    problems = _missing(obj, members)
    if kind == "formats":
        if _has(obj, "Options") and not attrs.has(obj.__getattribute__("Options")):
            problems.append("has Options that is not an attrs class")
        fmt_kind = _format_kind(obj)
        if fmt_kind not in FORMAT_KINDS:
            problems.append(f"has kind {fmt_kind!r}, not one of {', '.join(FORMAT_KINDS)}")
        else:
            problems.extend(_missing(obj, FORMAT_KIND_REQUIRED[fmt_kind]))
    if (
        kind == "tiebreaks"
        and _has(obj, "group_dependent")
        and obj.__getattribute__("group_dependent")
    ):
        problems.extend(_missing(obj, GROUP_REQUIRED))
    return [f"{who} {problem}" for problem in problems]


_FILLED: dict[tuple[type, type], type] = {}


def _filled_class(plugin_type: type, base: type) -> type:
    key = (plugin_type, base)
    cls = _FILLED.get(key)
    if cls is None:

        def __getattr__(self: Any, name: str) -> Any:
            return self.__dict__["_plugin"].__getattribute__(name)

        cls = type(
            plugin_type.__name__,
            (base,),
            {
                "__module__": plugin_type.__module__,
                "__qualname__": plugin_type.__qualname__,
                "__getattr__": __getattr__,
                "__doc__": plugin_type.__doc__,
            },
        )
        _FILLED[key] = cls
    return cls


def complete(kind: str, obj: Any) -> Any:
    """``obj`` with every member of its kind's contract: ``obj`` itself when it
    has them all (it subclasses :class:`FormatBase` ...), else a wrapper that
    adds the base class's defaults and forwards everything else to ``obj``."""
    base = BASES.get(kind)
    if base is None:
        return obj
    optional = OPTIONAL[kind]
    if all(_has(obj, member) for member in optional):
        return obj
    wrapper: Any = object.__new__(_filled_class(type(obj), base))
    wrapper.__dict__["_plugin"] = obj
    for name, _ in (*REQUIRED[kind], *FORMAT_KIND_REQUIRED["results"], *GROUP_REQUIRED):
        if _has(obj, name):
            wrapper.__dict__[name] = obj.__getattribute__(name)
    for name in (*optional, "schedule"):
        if _has(obj, name):
            wrapper.__dict__[name] = obj.__getattribute__(name)
    if kind == "formats":
        wrapper.__dict__["kind"] = _format_kind(obj)
    return wrapper


def plugin_of(obj: Any) -> Any:
    """The object a plugin registered (unwrapping :func:`complete`)."""
    if isinstance(obj, tuple(BASES.values())) and "_plugin" in obj.__dict__:
        return obj.__dict__["_plugin"]
    return obj
