"""Quads: the field cut into sections of four by rating (US Chess rule 30G; docs/formats.md).

Players are numbered by rating (1 = highest; ties by name), so sections are
seeds 1-4, 5-8, ... Each quad plays its own round robin at the same time:
three rounds by the US Chess quad table (option ``table=fide``: the FIDE
4-player Berger table, FIDE Handbook C.05 Annex 1), numbers by rating within
the quad; ``double=true`` makes every round robin double (two games against
each, one with each colour: six rounds for a quad).

Never a section of three. When the field does not divide by four the lowest
5 to 7 players form the bottom section (option ``remainder``):

- ``swiss`` (the default; US Chess: "the director may create a 3-round Swiss
  among the lowest 5 to 7 players"): a 3-round Swiss among themselves, paired
  round by round from their own results by the FIDE Dutch system (FIDE
  Handbook C.04.3; :mod:`caddy_plugins.formats.quads.swiss`), so the event
  stays three rounds. 21 players: four quads and a Swiss of 5; 22: a Swiss of
  6; 23: a Swiss of 7; 15: 4, 4 and a Swiss of 7.
- ``round-robin``: the bottom section plays a round robin (FIDE Berger table)
  of 5 or 7 rounds, so the event takes 5 or 7 rounds.

A remainder of 1 or 2 gives one bottom section of 5 or 6. A remainder of 3
follows ``remainder3``: ``7`` makes the bottom 7 one section; ``5+6`` makes
the bottom 11 a section of 5 above a section of 6 when the field has 11 or
more players (otherwise one section of 7); ``auto`` (the default) is ``7``
with a Swiss remainder (one Swiss among the lowest 5 to 7) and ``5+6`` with a
round-robin remainder (two round robins of 5 rounds rather than one of 7). A
field of 3 is one round robin of three.

Because a Swiss section is paired from results, such a field is paired round
by round with ``caddy pair`` (kind ``results``): the round holds every quad's
games from its table and the Swiss section's Dutch pairing. The quads' rounds
are known before round 1 (:meth:`Quads.group_rounds`, what ``caddy table``
prints). A field with no Swiss section (a multiple of four, or
``remainder=round-robin``) is fixed in advance like a round robin
(:meth:`Quads.schedules_in_advance`). Event files written before the Swiss
remainder existed read ``remainder`` as ``round-robin`` (``legacy_options``).

Sections are named Section 1, 2, ... in rating order; prizes are per
section, so standings are per section (:func:`caddy.standings.ranking.standings_for`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs

from caddy import hookimpl
from caddy.contracts import Arithmetic, FormatBase, PairingRequest, PlayedRound, as_request
from caddy.contracts.format_tools import require_players
from caddy.errors import CaddyError, InputError
from caddy_plugins.formats.quads.swiss import SWISS_ROUNDS, pair_section, section_request
from caddy_plugins.formats.round_robin import round_robin_rounds

if TYPE_CHECKING:
    from caddy.contracts import Stage
    from caddy.model.schedule import Round, Schedule, Section


@attrs.frozen(kw_only=True)
class QuadsOptions:
    """Options of the ``quads`` format (see the module docstring)."""

    #: Table for the sections of four: ``us-quad`` (default) or ``fide``.
    table: Literal["us-quad", "fide"] = attrs.field(
        default="us-quad", validator=attrs.validators.in_(("us-quad", "fide"))
    )
    #: The lowest 5 to 7 players: a 3-round ``swiss`` (default) or a ``round-robin``.
    remainder: Literal["swiss", "round-robin"] = attrs.field(
        default="swiss", validator=attrs.validators.in_(("swiss", "round-robin"))
    )
    #: A remainder of three: ``auto`` (default: ``7`` with a Swiss, ``5+6`` with a
    #: round robin), ``5+6`` or ``7``.
    remainder3: Literal["auto", "5+6", "7"] = attrs.field(
        default="auto", validator=attrs.validators.in_(("auto", "5+6", "7"))
    )
    #: Double quads: every round robin twice, once with each colour (6 rounds).
    double: bool = False


def section_sizes(players: int, remainder3: str = "auto", remainder: str = "swiss") -> list[int]:
    """Section sizes from the top: fours, then the bottom section(s) of 5 to 7."""
    if players == 3:
        return [3]
    quads, left = divmod(players, 4)
    if left == 0:
        return [4] * quads
    if left in (1, 2):
        return [4] * (quads - 1) + [4 + left]
    policy = remainder3 if remainder3 != "auto" else ("7" if remainder == "swiss" else "5+6")
    if policy == "5+6" and players >= 11:
        return [4] * (quads - 2) + [5, 6]
    return [4] * (quads - 1) + [7]


def is_swiss(size: int, options: QuadsOptions) -> bool:
    """Whether a section of ``size`` plays the 3-round Swiss."""
    return options.remainder == "swiss" and 5 <= size <= 7


def _check_present(request: PairingRequest, players: Sequence[int]) -> None:
    """A round robin's games are fixed by its table: a player with a bye
    announced for the round cannot be left out (withdrawn players stay in;
    their games need no result)."""
    for number in players:
        player = request.players[number - 1]
        if player.absent and not player.withdrawn:
            raise CaddyError(
                f"round {request.round}: player {number} has a bye announced, but their "
                "section's games are fixed by its round-robin table; undo back to the bye "
                "(caddy history lists the steps) and record the game as a forfeit once "
                "the round is paired"
            )


class Quads(FormatBase):
    """Sections of four by rating, each a three-round round robin; the lowest
    5 to 7 a 3-round Swiss (or a round robin)."""

    name: ClassVar[str] = "quads"
    summary: ClassVar[str] = (
        "sections of four by rating, each a 3-round round robin; the lowest 5 to 7 "
        "a 3-round Swiss (or a round robin); never a section of three"
    )
    Options: ClassVar[type[Any]] = QuadsOptions
    kind: ClassVar[str] = "results"
    default_numbering: ClassVar[str] = "rating"
    #: Files written before the Swiss remainder (caddy 0.1): the bottom 5 to 7
    #: players played a round robin.
    legacy_options: ClassVar[Mapping[str, Any]] = {"remainder": "round-robin"}

    def _sizes(self, players: int, options: QuadsOptions) -> list[int]:
        require_players(self, players, 3)
        sizes = section_sizes(players, options.remainder3, options.remainder)
        if options.double and any(is_swiss(s, options) for s in sizes):
            raise InputError(
                f"double quads of {players} players: the lowest {sizes[-1]} would play a "
                "3-round Swiss, which cannot be doubled; give remainder=round-robin "
                "or a field divisible by four"
            )
        return sizes

    def _section_rounds(self, size: int, options: QuadsOptions) -> int:
        if is_swiss(size, options):
            return SWISS_ROUNDS
        return round_robin_rounds(size) * (2 if options.double else 1)

    def arithmetic(self, players: int, options: QuadsOptions) -> Arithmetic:
        sizes = self._sizes(players, options)
        cycles = 2 if options.double else 1
        quads = sizes.count(4)
        details = []
        if quads:
            kind = "double quad" if options.double else "quad"
            details.append(f"{quads} {kind}{'s' if quads > 1 else ''}: {3 * cycles} rounds each")
        for size in sorted({s for s in sizes if s != 4}):
            count = sizes.count(size)
            what = f"Swiss of {size}" if is_swiss(size, options) else f"section of {size}"
            rounds = self._section_rounds(size, options)
            how = " (Dutch system, paired from results)" if is_swiss(size, options) else ""
            details.append(f"{count} {what}{'s' if count > 1 else ''}: {rounds} rounds{how}")
        games = sum(
            SWISS_ROUNDS * (s // 2) if is_swiss(s, options) else s * (s - 1) // 2 * cycles
            for s in sizes
        )
        return Arithmetic(
            players=players,
            rounds=max(self._section_rounds(s, options) for s in sizes),
            games=games,
            boards=sum(s // 2 for s in sizes),
            games_per_player=max(
                SWISS_ROUNDS if is_swiss(s, options) else (s - 1) * cycles for s in sizes
            ),
            byes_per_round=sum(s % 2 for s in sizes),
            pair_meetings=None,
            details=tuple(details),
        )

    def variants(self, options: QuadsOptions) -> Mapping[str, Any]:
        return {}

    def sections(self, players: int, options: QuadsOptions) -> tuple[Section, ...]:
        """The sections, in rating order (standings and crosstables are per section)."""
        from caddy.model.schedule import Section

        result = []
        offset = 0
        for index, size in enumerate(self._sizes(players, options)):
            result.append(
                Section(
                    name=f"Section {index + 1}", players=tuple(range(offset + 1, offset + size + 1))
                )
            )
            offset += size
        return tuple(result)

    def swiss_sections(self, players: int, options: QuadsOptions) -> tuple[Section, ...]:
        """The sections that play the 3-round Swiss (none, or the bottom one or two)."""
        return tuple(
            s for s in self.sections(players, options) if is_swiss(len(s.players), options)
        )

    def stages(self, players: int, options: QuadsOptions) -> tuple[Stage, ...]:
        """For ``caddy check``: the round-robin sections each a single (or double)
        round robin; a Swiss section no pair twice (FIDE Handbook C.04.1 rule 2)."""
        from caddy.contracts import Stage

        swiss = self.swiss_sections(players, options)
        robins = tuple(s for s in self.sections(players, options) if s not in swiss)
        stages = []
        if robins:
            stages.append(
                Stage(name="sections", sections=robins, cycles=2 if options.double else 1)
            )
        if swiss:
            stages.append(Stage(name="Swiss section"))
        return tuple(stages)

    def pre_determined(self, options: QuadsOptions) -> bool | None:
        """Round robins are pre-determined (C.07 Art. 15.2); with a Swiss section
        the results decide."""
        return True if options.remainder == "round-robin" else None

    def table_schedule(
        self, players: int, options: QuadsOptions, *, seed: int | None = None
    ) -> Schedule:
        """The round-robin sections' rounds (every section with a table; a Swiss
        section is left out), seeded for the quad table's round-3 toss."""
        from caddy.model.schedule import Schedule, draw_seed, merge_sections
        from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions, Table

        sizes = self._sizes(players, options)
        if seed is None and options.table == "us-quad":
            seed = draw_seed()
        rr = RoundRobin()
        parts = []
        offset = 0
        for index, size in enumerate(sizes):
            if not is_swiss(size, options):
                table: Table = "us-quad" if size == 4 and options.table == "us-quad" else "fide"
                part = rr.schedule(
                    size,
                    RoundRobinOptions(table=table, cycles=2 if options.double else 1),
                    seed=None if seed is None else seed + index,
                )
                parts.append((range(offset + 1, offset + size + 1), part))
            offset += size
        rounds = merge_sections(parts) if parts else ()
        return Schedule(
            format=self.name,
            players=players,
            rounds=rounds,
            seed=seed if options.table == "us-quad" else None,
            title=self.schedule_title(players, options),
            sections=self.sections(players, options),
        )

    def schedules_in_advance(self, players: int, options: QuadsOptions) -> bool:
        """A field with no Swiss section (a multiple of four, or a round-robin
        remainder) is round robins only: its whole schedule is known before
        round 1, as a round robin's (nothing to pair; FIDE's rules for a
        round robin's withdrawals and unplayed rounds apply)."""
        return not self.swiss_sections(players, options)

    def schedule(self, players: int, options: QuadsOptions, *, seed: int | None = None) -> Schedule:
        """The whole schedule of a field :meth:`schedules_in_advance` fixes."""
        return self.table_schedule(players, options, seed=seed)

    def planned_rounds(self, players: int, options: QuadsOptions) -> int:
        return self.arithmetic(players, options).rounds

    def next_round(
        self,
        request: PairingRequest | int,
        options: Any = None,
        played: Sequence[PlayedRound] | None = None,
        *,
        seed: int | None = None,
    ) -> Round | None:
        """Round ``request.round``: each round-robin section's games from its
        table (the event's seed tosses the quad table's round-3 colours), then
        each Swiss section's pairing by the Dutch system; ``None`` after the
        last round. The round's byes are the Swiss sections' pairing-allocated
        byes; a round robin's rest round (a section of 3, 5 or 7) is left out of
        the round, so it scores nothing, as a round robin's bye by default."""
        from caddy.model.schedule import Round

        request = as_request(request, options, played, seed=seed)
        opts: QuadsOptions = request.options
        players = request.count
        number = request.round
        if number > self.arithmetic(players, opts).rounds:
            return None
        table = self.table_schedule(players, opts, seed=request.seed or 0).rounds
        white: list[int] = []
        black: list[int] = []
        byes: list[int] = []
        if number <= len(table):  # a rest round is no bye: it scores nothing (not a PAB)
            white += table[number - 1].white
            black += table[number - 1].black
            _check_present(request, (*white, *black))
        for section in self.swiss_sections(players, opts):
            rnd = pair_section(request, section.players)
            if rnd is not None:
                white += rnd.white
                black += rnd.black
                byes += rnd.byes
        return Round(number=number, white=tuple(white), black=tuple(black), byes=tuple(byes))

    def explain_round(self, request: PairingRequest) -> tuple[str, ...]:
        """``caddy pair --explain``: the quads' games come from their tables; each
        Swiss section's Dutch pairing explained bracket by bracket (FIDE Handbook
        C.04.3), in the section's own numbers (1 = its highest-rated player)."""
        from caddy_plugins.formats.swiss import Swiss

        opts: QuadsOptions = request.options
        lines = ["round-robin sections: the games of their tables (US Chess quad table or FIDE)"]
        for section in self.swiss_sections(request.count, opts):
            first, last = section.players[0], section.players[-1]
            lines.append(
                f"{section.name} ({first}-{last}), a {SWISS_ROUNDS}-round Swiss by the Dutch "
                f"system; numbers within the section: 1 = {first} ... "
                f"{len(section.players)} = {last}"
            )
            explained = Swiss().explain_round(section_request(request, section.players))
            lines.extend(f"  {line}" for line in explained)
        return tuple(lines)

    def winner(
        self, players: int, options: QuadsOptions, played: Sequence[PlayedRound]
    ) -> int | None:
        """Section 1's leader on points once every round is played (ties: the
        lower pairing number; the per-section standings rank them for real)."""
        if len(played) < self.arithmetic(players, options).rounds:
            return None
        top = self.sections(players, options)[0].players
        points = dict.fromkeys(top, 0.0)
        for record in played:
            rnd = record.round
            for w, b, r in zip(rnd.white, rnd.black, record.results, strict=True):
                if w in points:
                    points[w] += r
                if b in points:
                    points[b] += 1 - r
        best = max(points.values())
        return min(p for p, s in points.items() if s == best)

    def match_games(self, options: QuadsOptions) -> tuple[int, int]:
        """Each board is one game (for :class:`caddy.testing.FormatContract`)."""
        return 1, 1

    def group_rounds(self, players: int, options: QuadsOptions) -> tuple[Round, ...]:
        """The round-robin sections' rounds, known before round 1 (``caddy table``;
        the quad table's round 3 shown with White for the higher number of a
        fixed toss: the event's own toss comes from its seed)."""
        return tuple(self.table_schedule(players, options, seed=0).rounds)

    def schedule_title(self, players: int, options: QuadsOptions) -> str:
        count = len(self._sizes(players, options))
        double = "double " if options.double else ""
        return f"{double}quads, {players} players in {count} sections"

    def schedule_notes(self, players: int, options: QuadsOptions) -> tuple[str, ...]:
        """What ``caddy table`` says after the known rounds: who plays the Swiss."""
        notes = []
        if options.table == "us-quad" and 4 in self._sizes(players, options):
            notes.append(
                "Quads by the US Chess quad table: colours of round 3 are tossed "
                "when the event is created."
            )
        for section in self.swiss_sections(players, options):
            first, last = section.players[0], section.players[-1]
            notes.append(
                f"{section.name} ({first}-{last}) plays a {SWISS_ROUNDS}-round Swiss among "
                "themselves, each round paired from their results by the Dutch system "
                "(FIDE Handbook C.04.3)"
                + (": a pairing-allocated bye each round." if len(section.players) % 2 else ".")
            )
        return tuple(notes)


@hookimpl
def caddy_register_formats(register: Callable[[Quads], None]) -> None:
    register(Quads())
