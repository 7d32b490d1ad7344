"""The format contracts: :class:`Format` and its kinds (:class:`ScheduleFormat`,
:class:`PairingFormat`, :class:`ExternalFormat`). Re-exported by
:mod:`caddy.contracts`, where the module docstring says how formats are
checked and completed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, runtime_checkable

if TYPE_CHECKING:
    from caddy.contracts.pairing import (
        Arithmetic,
        Match,
        PairingRequest,
        PlayedRound,
        Stage,
    )
    from caddy.model.results import ResultsTable
    from caddy.model.schedule import Numbering, Player, Round, Schedule, Section

__all__ = [
    "FORMAT_KINDS",
    "ExternalFormat",
    "Format",
    "FormatKind",
    "PairingFormat",
    "ResultDependentFormat",
    "ScheduleFormat",
]


#: What a format does: see the module docstring.
FormatKind = Literal["schedule", "results", "external"]


FORMAT_KINDS: tuple[str, ...] = ("schedule", "results", "external")


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
    #: Pairs teams, not players (a team event: ``caddy new --teams``; the
    #: pairing request carries :attr:`PairingRequest.teams`).
    pairs_teams: ClassVar[bool]
    #: What an event file written before an option existed meant by leaving it
    #: out: ``{option: value}`` read for each key a file's options lack (the
    #: behaviour of the version that wrote it), so old files replay as they did.
    #: ``caddy new`` writes every option, so new files never need it. Default ``{}``.
    legacy_options: ClassVar[Mapping[str, Any]]

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

    def plan_options(self, players: int, options: Any) -> Mapping[str, Any]:
        """The option sets ``caddy plan`` weighs for a field of ``players``, by
        label (``""``: ``options`` themselves). Default: ``options`` and their
        :meth:`variants`; the Swiss adds every round count from the recommended
        down to ``ceil(log2 N)``."""
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

    def schedule_title(self, players: int, options: Any) -> str | None:
        """The title ``caddy table`` prints over the rounds known before round 1
        (``None``: the format's name and the field)."""
        ...

    def schedule_notes(self, players: int, options: Any) -> Sequence[str]:
        """Lines ``caddy table`` prints after those rounds: what follows them."""
        ...

    def schedules_in_advance(self, players: int, options: Any) -> bool:
        """Whether the whole schedule of this field is known before round 1:
        replay then takes it from ``schedule(players, options, seed=...)`` and
        no round is paired. Default: ``kind == "schedule"``. A format that pairs
        from results may fix some fields in advance (quads with no Swiss
        section)."""
        ...

    def explain_round(self, request: PairingRequest) -> Sequence[str]:
        """Lines saying how the format pairs ``request`` (``caddy pair
        --explain``): for a Swiss, each score bracket's players, floaters and
        the criteria that decided. Default: one line saying it gives none."""
        ...

    def pre_determined(self, options: Any) -> bool | None:
        """Whether the pairings are pre-determined for the tie-breaks (C.07
        Art. 15.2); ``None``: decided by the results."""
        ...

    def bracket_seeds(self, request: PairingRequest) -> Mapping[int, str]:
        """Who a knockout after a first stage seeds once ``request.played`` decides
        it, with seed labels (``{3: "A1"}``: group A's winner). Default ``{}``."""
        ...

    def round_name(self, request: PairingRequest, number: int) -> str | None:
        """A bracket round's name (``"Final"``, ``"Play-off"``); ``None``: ``Round N``."""
        ...

    def match_name(self, request: PairingRequest, number: int, board: int) -> str | None:
        """A board that is a match of its own (``"Match for third place"``); default ``None``."""
        ...

    def team_match(self, players: int, options: Any) -> tuple[Section, ...]:
        """The two teams of a team match (their score by round); default ``()``."""
        ...

    def standings_scores(self, results: ResultsTable, options: Any) -> Sequence[float] | None:
        """Each player's score the standings rank by (``results.players``
        order), when the format scores its own way (a Keizer total); ``None``,
        the default: the points of the results. The tie-break list still
        ranks equal scores."""
        ...

    def rounds_per_night(self, players: int, options: Any) -> int | None:
        """The most rounds one club night (or day) holds whatever the time
        control (a Keizer evening is one round); ``None``, the default: as
        many as fit (``caddy calc``, ``caddy plan``)."""
        ...

    #: Whether the format's games are rated (FIDE Handbook B.02); ``False``
    #: for games no rating list takes (bughouse): ``caddy ratings`` refuses
    #: the event. Default ``True``.
    rated: ClassVar[bool]


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
