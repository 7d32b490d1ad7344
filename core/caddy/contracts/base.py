"""The defaults of a format plugin's optional members: :class:`FormatBase`.

Subclass it (or be completed with it at registration, :func:`caddy.contracts.conformance.complete`;
:func:`base_class` names each kind's class of defaults);
the members are described on :class:`caddy.contracts.Format`. Importable from
:mod:`caddy.contracts`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from caddy.errors import InputError

if TYPE_CHECKING:
    from caddy.contracts.measures import Arithmetic
    from caddy.contracts.pairing import Match, PairingRequest, Stage
    from caddy.model.results import ResultsTable
    from caddy.model.schedule import Numbering, Player, Round, Section


class FormatBase:
    """Defaults for every optional member of :class:`Format`; subclass it."""

    name: ClassVar[str]
    summary: ClassVar[str]
    Options: ClassVar[type[Any]]
    kind: ClassVar[str] = "schedule"
    default_numbering: ClassVar[str] = "lot"
    has_matches: ClassVar[bool] = False
    pairs_teams: ClassVar[bool] = False
    legacy_options: ClassVar[Mapping[str, Any]] = {}

    def arithmetic(self, players: int, options: Any) -> Arithmetic:
        raise NotImplementedError  # pragma: no cover - conformance refuses a format without it

    def variants(self, options: Any) -> Mapping[str, Any]:
        return {}

    def check(self, players: int, options: Any) -> None:
        self.arithmetic(players, options)

    def plan_options(self, players: int, options: Any) -> Mapping[str, Any]:
        return {"": options, **self.variants(options)}

    def number_players(self, players: Sequence[Player], method: str, seed: int | None) -> Numbering:
        # lazy: start-up: `caddy calc` counts games without the schedule model
        from caddy.model.schedule import assign_pairing_numbers

        return assign_pairing_numbers(players, method, seed)  # type: ignore[arg-type]

    def new_match(self, higher: int, lower: int, options: Any) -> Match:
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

    def schedule_title(self, players: int, options: Any) -> str | None:
        return None

    def schedule_notes(self, players: int, options: Any) -> Sequence[str]:
        return ()

    def schedules_in_advance(self, players: int, options: Any) -> bool:
        return self.kind == "schedule"

    def explain_round(self, request: PairingRequest) -> Sequence[str]:
        return (f"format '{self.name}' does not explain its pairings",)

    def bracket_seeds(self, request: PairingRequest) -> Mapping[int, str]:
        return {}

    def round_name(self, request: PairingRequest, number: int) -> str | None:
        return None

    def match_name(self, request: PairingRequest, number: int, board: int) -> str | None:
        return None

    def team_match(self, players: int, options: Any) -> tuple[Section, ...]:
        return ()

    def standings_scores(self, results: ResultsTable, options: Any) -> Sequence[float] | None:
        return None

    def rounds_per_night(self, players: int, options: Any) -> int | None:
        return None

    #: Whether the format's games are rated (FIDE Handbook B.02 rates games of
    #: chess; ``False`` for a format whose games no rating list takes, such as
    #: bughouse): ``caddy ratings`` refuses an event of an unrated format.
    rated: ClassVar[bool] = True


def base_class(kind: str) -> type | None:
    """The class whose members are the defaults of ``kind``'s optional members
    (:data:`caddy.contracts.conformance.OPTIONAL`), ``None`` for a kind without
    them. The tie-break contract is imported only when a tie-break is registered
    (``caddy calc`` registers none)."""
    if kind == "formats":
        return FormatBase
    if kind == "tiebreaks":
        # lazy: start-up: a command that ranks nothing never loads the tie-break contract
        from caddy.contracts.tiebreaks import TieBreakBase

        return TieBreakBase
    return None
