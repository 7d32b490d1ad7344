"""Rating-banded round robins: a chess-caddy format plugin.

The field, numbered by rating (1 = highest), is cut into bands of about
``band`` players; every band plays its own round robin (FIDE Berger tables,
through caddy's ``round-robin`` format) in the same rounds. Bands differ in
size by at most one, larger bands on top: 14 players with ``band=6`` make
bands of 5, 5 and 4.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from caddy import hookimpl
from caddy.contracts import Arithmetic
from caddy.contracts.format_tools import require_players
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.model.schedule import Schedule


@attrs.frozen(kw_only=True)
class BandedOptions:
    """Options of ``banded-round-robin``."""

    #: Players per band (at most; bands are as even as the field allows).
    band: int = attrs.field(default=6, validator=attrs.validators.ge(2))


def band_sizes(players: int, band: int) -> list[int]:
    """Sizes of the bands from the top: as even as possible, larger first."""
    count = -(-players // band)  # ceiling division
    size, extra = divmod(players, count)
    return [size + 1] * extra + [size] * (count - extra)


def _rounds(size: int) -> int:
    return size - 1 if size % 2 == 0 else size


class BandedRoundRobin:
    """Round robins in rating bands, played in the same rounds."""

    name: ClassVar[str] = "banded-round-robin"
    summary: ClassVar[str] = "the field cut into rating bands, each band a round robin"
    Options: ClassVar[type[Any]] = BandedOptions
    #: `caddy table --players` numbers the field by rating unless told otherwise.
    default_numbering: ClassVar[str] = "rating"

    def arithmetic(self, players: int, options: BandedOptions) -> Arithmetic:
        require_players(self, players)
        sizes = band_sizes(players, options.band)
        if min(sizes) < 2:
            raise CaddyError(f"{players} players cannot make bands of {options.band}")
        return Arithmetic(
            players=players,
            rounds=max(_rounds(s) for s in sizes),
            games=sum(s * (s - 1) // 2 for s in sizes),
            boards=sum(s // 2 for s in sizes),
            games_per_player=max(s - 1 for s in sizes),
            byes_per_round=sum(s % 2 for s in sizes),
            pair_meetings=None,  # players of different bands never meet
            details=tuple(f"band {i}: {s} players" for i, s in enumerate(sizes, 1)),
        )

    def variants(self, options: BandedOptions) -> Mapping[str, Any]:
        return {"bands of 4": attrs.evolve(options, band=4)} if options.band != 4 else {}

    def schedule(
        self, players: int, options: BandedOptions, *, seed: int | None = None
    ) -> Schedule:
        from caddy.contracts.format_tools import schedule_format
        from caddy.model.schedule import Schedule, Section, merge_sections
        from caddy.plugins.host import get_host

        self.arithmetic(players, options)
        # caddy's own round robin, found by name like any plugin
        round_robin = schedule_format(get_host().formats().get("round-robin"))
        parts = []
        sections = []
        first = 1
        for index, size in enumerate(band_sizes(players, options.band), 1):
            members = range(first, first + size)
            parts.append((members, round_robin.schedule(size, round_robin.Options())))
            sections.append(Section(name=f"Band {index}", players=tuple(members)))
            first += size
        return Schedule(
            format=self.name,
            players=players,
            rounds=merge_sections(parts),
            title=f"banded round robin, {players} players in {len(sections)} bands",
            sections=tuple(sections),
        )


@hookimpl
def caddy_register_formats(register: Callable[[BandedRoundRobin], None]) -> None:
    register(BandedRoundRobin())
