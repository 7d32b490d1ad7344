"""Quads: the field cut into round-robin sections of four by rating (US Chess rule 30G; docs/formats.md).

Players are numbered by rating (1 = highest; ties by name), so sections are
seeds 1-4, 5-8, ... Each section plays its own round robin at the same
time: a quad three rounds by the US Chess quad table (option: the FIDE
4-player table), numbers by rating within the section.

Never a section of three: a remainder of 1 or 2 players folds the bottom
players into one section of 5 or 6. A remainder of 3 follows the option
``remainder3``: ``5+6`` (default) makes the bottom 11 a section of 5 above a
section of 6 when the field has 11 or more players, otherwise (7 players)
one round robin of 7; ``7`` always makes the bottom 7 one round robin. A
field of 3 is one round robin of three. (US Chess also lets a director run
a 3-round Swiss among the bottom 5 to 7; that waits for a Swiss engine.)

Sections are named Section 1, 2, ... in rating order; prizes are per
section, so standings are per section (:func:`caddy.standings.standings_for`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs

from caddy import hookimpl
from caddy.contracts import FormatBase
from caddy.formats import Arithmetic, require_players
from caddy_plugins.formats.round_robin import round_robin_rounds

if TYPE_CHECKING:
    from caddy.formats import Stage
    from caddy.models import Schedule, Section


@attrs.frozen(kw_only=True)
class QuadsOptions:
    """Options of the ``quads`` format."""

    #: Table for the sections of four: ``us-quad`` (default) or ``fide``.
    table: Literal["us-quad", "fide"] = attrs.field(
        default="us-quad", validator=attrs.validators.in_(("us-quad", "fide"))
    )
    #: A remainder of three: ``5+6`` (default) or ``7``.
    remainder3: Literal["5+6", "7"] = attrs.field(
        default="5+6", validator=attrs.validators.in_(("5+6", "7"))
    )


def section_sizes(players: int, remainder3: str = "5+6") -> list[int]:
    """Section sizes from the top: fours, then the folded bottom section(s)."""
    if players == 3:
        return [3]
    quads, remainder = divmod(players, 4)
    if remainder == 0:
        return [4] * quads
    if remainder in (1, 2):
        return [4] * (quads - 1) + [4 + remainder]
    if remainder3 == "5+6" and players >= 11:
        return [4] * (quads - 2) + [5, 6]
    return [4] * (quads - 1) + [7]


class Quads(FormatBase):
    """Sections of four by rating, each a three-round round robin."""

    name: ClassVar[str] = "quads"
    summary: ClassVar[str] = (
        "sections of four by rating, each a 3-round round robin; never a section of three"
    )
    Options: ClassVar[type[Any]] = QuadsOptions
    default_numbering: ClassVar[str] = "rating"

    def arithmetic(self, players: int, options: QuadsOptions) -> Arithmetic:
        require_players(self, players, 3)
        sizes = section_sizes(players, options.remainder3)
        quads = sizes.count(4)
        details = []
        if quads:
            details.append(f"{quads} quad{'s' if quads > 1 else ''}: 3 rounds each")
        for size in sorted({s for s in sizes if s != 4}):
            count = sizes.count(size)
            details.append(
                f"{count} section{'s' if count > 1 else ''} of {size}: {round_robin_rounds(size)} rounds"
            )
        return Arithmetic(
            players=players,
            rounds=max(round_robin_rounds(s) for s in sizes),
            games=sum(s * (s - 1) // 2 for s in sizes),
            boards=sum(s // 2 for s in sizes),
            games_per_player=max(s - 1 for s in sizes),
            byes_per_round=sum(s % 2 for s in sizes),
            pair_meetings=None,
            details=tuple(details),
        )

    def variants(self, options: QuadsOptions) -> Mapping[str, Any]:
        return {}

    def sections(self, players: int, options: QuadsOptions) -> tuple[Section, ...]:
        """The sections, in rating order (standings and crosstables are per section)."""
        from caddy.models import Section

        self.arithmetic(players, options)
        result = []
        offset = 0
        for index, size in enumerate(section_sizes(players, options.remainder3)):
            result.append(
                Section(
                    name=f"Section {index + 1}", players=tuple(range(offset + 1, offset + size + 1))
                )
            )
            offset += size
        return tuple(result)

    def stages(self, players: int, options: QuadsOptions) -> tuple[Stage, ...]:
        """One stage: every section a single round robin (for ``caddy check``)."""
        from caddy.formats import Stage

        return (Stage(name="sections", sections=self.sections(players, options)),)

    def schedule(self, players: int, options: QuadsOptions, *, seed: int | None = None) -> Schedule:
        from caddy.models import Schedule, draw_seed, merge_sections
        from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions, Table

        self.arithmetic(players, options)
        if seed is None and options.table == "us-quad":
            seed = draw_seed()
        sizes = section_sizes(players, options.remainder3)
        rr = RoundRobin()
        parts = []
        offset = 0
        for index, size in enumerate(sizes):
            table: Table = "us-quad" if size == 4 and options.table == "us-quad" else "fide"
            part = rr.schedule(
                size, RoundRobinOptions(table=table), seed=None if seed is None else seed + index
            )
            parts.append((offset, part))
            offset += size
        rounds = merge_sections(
            [(range(start + 1, start + part.players + 1), part) for start, part in parts]
        )
        return Schedule(
            format=self.name,
            players=players,
            rounds=rounds,
            seed=seed if options.table == "us-quad" else None,
            title=f"quads, {players} players in {len(sizes)} sections",
            sections=self.sections(players, options),
        )


@hookimpl
def caddy_register_formats(register: Callable[[Quads], None]) -> None:
    register(Quads())
