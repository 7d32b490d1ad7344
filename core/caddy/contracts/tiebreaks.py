"""The tie-break contract: :class:`TieBreak`, :class:`GroupTieBreak` (direct
encounter style), the :class:`TieBreakBase` defaults, tie-break presets, and
the :class:`Explanation` a tie-break gives of one value.
Re-exported by :mod:`caddy.contracts`, where plugins import them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol, runtime_checkable

import attrs

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation
    from caddy.contracts.tiebreak_spec import TieBreakSpec
    from caddy.contracts.tiebreak_table import TieBreakTable


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
    #: Who it ranks: ``players`` (individual events), ``teams`` (a team
    #: tie-break of C.07 Arts. 12-13, reading ``table.teams``) or ``both`` (an
    #: individual tie-break C.07 lets team events use on MP or GP: ``BH:MP``).
    scope: ClassVar[str]
    #: Takes a score suffix, ``:MP`` or ``:GP`` (``BH:MP``): the score a team
    #: event's table holds for it (C.07 Art. 13 preamble).
    takes_score: ClassVar[bool]

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        """One value per player index (``None`` sorts last)."""
        ...

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        """The working for one player: ``player`` is an index into the table (the
        pairing number minus one, as in :meth:`compute`), not the pairing number;
        the :class:`~caddy.contracts.explanation.Explanation` names players by pairing number."""
        ...

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        """Whether lower values rank higher for this spec (``TPN``, ``RTNG/R``)."""
        ...


@runtime_checkable
class GroupTieBreak(TieBreak, Protocol):
    """A tie-break that ranks a group of tied players (direct encounter)."""

    def rank_group(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int]
    ) -> list[int]:
        """Place within the group for each member (1 = first; equal = tied)."""
        ...

    def explain_group(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int], player: int
    ) -> Explanation | None:
        """The working for one member of a tied group (``None``: core's summary)."""
        ...

    def group_values(
        self, table: TieBreakTable, spec: TieBreakSpec, places: Sequence[int]
    ) -> list[float]:
        """The column values for a tied group's places (a member alone: ``[1]``)."""
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
    scope: ClassVar[str] = "players"
    takes_score: ClassVar[bool] = False

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        return False

    def explain_group(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int], player: int
    ) -> Explanation | None:
        return None

    def group_values(
        self, table: TieBreakTable, spec: TieBreakSpec, places: Sequence[int]
    ) -> list[float]:
        """A group tie-break's column values for a tied group's places (a team or
        player alone in its group: ``[1]``). Default: the places themselves."""
        return [float(p) for p in places]


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
