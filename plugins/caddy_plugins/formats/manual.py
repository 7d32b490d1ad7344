"""Manual: pairings come from outside — typed in, or from another program.

caddy validates, scores and ranks them; this is how events paired elsewhere
(Swiss events included) are run and checked. The format generates nothing,
so there is no schedule to compute (``caddy calc --format manual`` says so)
and the schedule contract does not apply to it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

from caddy import hookimpl
from caddy.contracts import Arithmetic, FormatBase
from caddy.contracts.format_tools import require_players
from caddy.errors import CaddyError


@attrs.frozen(kw_only=True)
class ManualOptions:
    """Options of the ``manual`` format."""

    #: Rounds planned (information only; 0: open).
    rounds: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: Standings by round-robin rules (``True``), Swiss rules (``False``), or
    #: ``None``: decided by the results (every pair met once per cycle).
    round_robin: bool | None = None


class Manual(FormatBase):
    """Pairings typed in or imported; caddy checks, scores and ranks."""

    name: ClassVar[str] = "manual"
    summary: ClassVar[str] = (
        "pairings come from outside (typed in, another program); caddy validates and ranks"
    )
    Options: ClassVar[type[Any]] = ManualOptions
    #: The pairings come from outside: nothing to compute in advance.
    kind: ClassVar[str] = "external"
    #: The older spelling of ``kind == "external"`` (kept for plugins reading it).
    pairs_from_outside: ClassVar[bool] = True

    def check(self, players: int, options: ManualOptions) -> None:
        require_players(self, players)

    def arithmetic(self, players: int, options: ManualOptions) -> Arithmetic:
        raise CaddyError(
            "format 'manual' has no schedule to compute: its pairings come from outside "
            "(type them in with `caddy pair EVENT --pairings`)"
        )

    def variants(self, options: ManualOptions) -> Mapping[str, Any]:
        return {}

    def planned_rounds(self, players: int, options: ManualOptions) -> int:
        return options.rounds

    def pre_determined(self, options: ManualOptions) -> bool | None:
        return options.round_robin


@hookimpl
def caddy_register_formats(register: Callable[[Manual], None]) -> None:
    register(Manual())
