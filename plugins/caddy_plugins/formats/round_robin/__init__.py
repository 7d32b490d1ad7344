"""Round robin and double round robin (FIDE Berger tables and relatives).

Tables (option ``table``):

``fide`` (default)
    FIDE Handbook C.05 Annex 1 Berger tables, built for any even size by the
    construction of FIDE TEC's generator (docs/schedules.md; round 1: board b is
    b–(n+1−b); each next round adds n/2 to every number below n, wrapping
    within 1..n−1, keeps board order and the orientation of every board
    except the one holding n, whose colours swap). This reproduces the
    published tables for 3–16 players exactly; larger tables are FIDE's
    construction, not a published table.
``circle``
    The circle method (docs/schedules.md; player 1 fixed, everyone else one place
    round the loop each round). Colours are carried over from the Berger
    table of the same size, under the relabelling that maps each circle
    round onto the Berger round of the same number, so every colour
    property of the FIDE table holds (±1, never three in a row).
``us-quad``
    4 players only: the US Chess quad table 1-4 2-3 / 3-1 4-2 / 1-2 3-4,
    the round-3 colours by a (seeded) toss.
``crenshaw``
    US Chess Crenshaw–Berger tables for 7 or more players: the FIDE rounds
    in reverse order (docs/schedules.md). The US tables for 6 or fewer
    players are not known here.
``given``
    The rounds as another program paired them (a TRF import): option
    ``given`` lists, per round, the Whites and the Blacks by board. Each
    round must pair a player at most once and no pair may meet more often
    than ``cycles``; rounds not yet paired may be missing (a file exported
    mid-event). Players without a game in a round rest (a bye).

An odd field uses the table for N+1; whoever meets the highest number sits
out (that board is dropped and the others are numbered from 1). A double
round robin plays the table twice, the second cycle in the original order
with colours reversed; with ``swap_last_two`` (FIDE's recommendation, on
by default) the last two rounds of the first cycle are swapped, so nobody
has three games in a row with one colour at the seam. For the ``crenshaw``
and ``us-quad`` tables FIDE's swap does not protect the seam; the option
swaps the first two rounds of the second cycle instead (the mirror image:
a Crenshaw double is then exactly the FIDE double read backwards with
colours reversed).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs

from caddy import hookimpl
from caddy.contracts import Arithmetic, FormatBase
from caddy.contracts.format_tools import Shorthand, require_players
from caddy.errors import CaddyError
from caddy_plugins.formats.round_robin.tables import (
    berger_rounds,
    circle_rounds,
    us_quad_rounds,
)

if TYPE_CHECKING:  # models load only when a schedule is built (keeps `caddy calc` fast)
    from caddy.model.schedule import Schedule

Table = Literal["fide", "circle", "us-quad", "crenshaw", "given"]
#: Tables whose double round robin takes the seam swap in the second cycle:
#: Crenshaw is the FIDE table read backwards, so the mirror of FIDE's swap
#: (the first two rounds of the second cycle) protects its seam; the same
#: swap protects the US quad table for every round-3 toss.
MIRRORED_SEAM = frozenset({"crenshaw", "us-quad"})
TABLE_TITLES: Mapping[str, str] = {
    "fide": "FIDE Berger table (Handbook C.05 Annex 1)",
    "circle": "circle method",
    "us-quad": "US Chess quad table",
    "crenshaw": "US Chess Crenshaw–Berger table",
    "given": "round robin as paired elsewhere",
}


def _to_float(value: float | str) -> float:
    return float(value)


def _bye_points(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if value not in (0, 0.5, 1):
        raise ValueError(f"bye_points must be 0, 0.5 or 1, got {value}")


@attrs.frozen(kw_only=True)
class RoundRobinOptions:
    """Options of the ``round-robin`` format."""

    #: Which table: ``fide``, ``circle``, ``us-quad`` (4 players), ``crenshaw`` (7+)
    #: or ``given`` (the rounds in option ``given``).
    table: Table = attrs.field(
        default="fide",
        validator=attrs.validators.in_(("fide", "circle", "us-quad", "crenshaw", "given")),
    )
    #: 1 for a single round robin, 2 for a double.
    cycles: int = attrs.field(default=1, validator=attrs.validators.in_((1, 2)))
    #: Double round robin: swap the last two rounds of the first cycle (FIDE's
    #: advice; for crenshaw and us-quad the first two of the second cycle).
    swap_last_two: bool = True
    #: Publish the whole table with colours reversed.
    reverse_colours: bool = False
    #: Points for the rest round of an odd field: 0 (default), 0.5 or 1.
    bye_points: float = attrs.field(default=0.0, converter=_to_float, validator=_bye_points)
    #: ``table=given``: per round, (Whites, Blacks) by board, as paired elsewhere.
    given: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()


@attrs.frozen(kw_only=True)
class DoubleRoundRobinOptions(RoundRobinOptions):
    """Options of the ``double-round-robin`` format (``cycles`` defaults to 2)."""

    cycles: int = attrs.field(default=2, validator=attrs.validators.in_((1, 2)))


def round_robin_rounds(players: int) -> int:
    """Rounds of one cycle: N − 1 for an even field, N for an odd one (FIDE C.05 Annex 1)."""
    return players - 1 if players % 2 == 0 else players


#: The last given table found valid, and its field size (replaying an event
#: checks its table twice: for the arithmetic and for the schedule).
_checked: tuple[object, int, int] | None = None


def check_given(players: int, options: RoundRobinOptions) -> None:
    """Raise unless ``options.given`` can be this field's round robin (so far)."""
    global _checked
    if (
        _checked is not None
        and _checked[0] is options.given
        and _checked[1:] == (players, options.cycles)
    ):
        return
    _check_given(players, options)
    _checked = (options.given, players, options.cycles)


def _check_given(players: int, options: RoundRobinOptions) -> None:
    if options.table != "given":
        raise CaddyError("option 'given' needs table=given")
    given = options.given
    if not given:
        raise CaddyError(
            "table=given needs the rounds in option 'given' (a TRF import fills them in)"
        )
    most = round_robin_rounds(players) * options.cycles
    if len(given) > most:
        raise CaddyError(
            f"a round robin of {players} players has {most} rounds, the given table {len(given)}"
        )
    width = players + 1
    numbers = set(range(1, players + 1))
    keys: list[int] = []  # each game's pair (a, b), a < b, as a * width + b
    for number, (whites, blacks) in enumerate(given, 1):
        if len(whites) != len(blacks):
            raise CaddyError(f"given round {number}: as many Blacks as Whites are needed")
        seen = {*whites, *blacks}
        if len(seen) != 2 * len(whites):
            raise CaddyError(f"given round {number}: a player is paired twice")
        # (every number a player's: then none is out of range)
        if not seen <= numbers and (min(seen, default=1) < 1 or max(seen, default=1) > players):
            raise CaddyError(f"given round {number}: pairing numbers run 1..{players}")
        keys.extend(
            [w * width + b if w < b else b * width + w for w, b in zip(whites, blacks, strict=True)]
        )
    if options.cycles == 1 and len(set(keys)) == len(keys):
        return  # no pair meets twice
    counts = Counter(keys)
    if counts and max(counts.values()) > options.cycles:
        met: dict[int, int] = {}
        for number, (whites, blacks) in enumerate(given, 1):  # find the first one, to name it
            for w, b in zip(whites, blacks, strict=True):
                key = w * width + b if w < b else b * width + w
                met[key] = met.get(key, 0) + 1
                if met[key] > options.cycles:
                    cycle = "once" if options.cycles == 1 else "twice"
                    a, b = divmod(key, width)
                    raise CaddyError(
                        f"given round {number}: players {a} and {b} meet more than {cycle}"
                    )


class RoundRobin(FormatBase):
    """Everyone meets everyone, once per cycle."""

    name: ClassVar[str] = "round-robin"
    summary: ClassVar[str] = (
        "round robin: FIDE Berger tables, circle, US quad or Crenshaw; 1 or 2 cycles"
    )
    Options: ClassVar[type[Any]] = RoundRobinOptions

    def check(self, players: int, options: RoundRobinOptions) -> None:
        """Raise for a field the chosen table cannot handle."""
        require_players(self, players)
        if options.table == "given" or options.given:
            check_given(players, options)
        if options.table == "us-quad" and players != 4:
            raise CaddyError(f"the us-quad table is for 4 players, not {players}")
        if options.table == "crenshaw" and players < 7:
            hint = "; for 4 players use table=us-quad" if players == 4 else ""
            raise CaddyError(
                f"the US Chess Crenshaw table for {players} players is not known here "
                f"(crenshaw needs 7 or more players{hint})"
            )

    def arithmetic(self, players: int, options: RoundRobinOptions) -> Arithmetic:
        self.check(players, options)
        n, cycles = players, options.cycles
        return Arithmetic(
            players=n,
            rounds=round_robin_rounds(n) * cycles,
            games=n * (n - 1) // 2 * cycles,
            boards=n // 2,
            games_per_player=(n - 1) * cycles,
            byes_per_round=n % 2,
            pair_meetings=cycles,
            advice=field_advice(n),
        )

    def variants(self, options: RoundRobinOptions) -> Mapping[str, Any]:
        if options.cycles == 1:
            return {"double round robin": attrs.evolve(options, cycles=2)}
        return {}

    def schedule(
        self, players: int, options: RoundRobinOptions, *, seed: int | None = None
    ) -> Schedule:
        from caddy.model.schedule import Round, Schedule, draw_seed

        self.check(players, options)
        if options.table == "given":
            everyone = set(range(1, players + 1))
            return Schedule(
                format=self.name,
                players=players,
                rounds=tuple(
                    Round(
                        number=i,
                        white=w,
                        black=b,
                        byes=tuple(sorted(everyone.difference(w, b))),
                    )
                    for i, (w, b) in enumerate(options.given, 1)
                ),
                title=f"{TABLE_TITLES['given']}, {players} players",
            )
        n = players + players % 2  # odd fields use the N+1 table
        if options.table == "us-quad":
            if seed is None:
                seed = draw_seed()
            table = us_quad_rounds(seed)
        elif options.table == "circle":
            table = circle_rounds(n, players)
        else:
            table = berger_rounds(n)
            if options.table == "crenshaw":
                table.reverse()
        rounds: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
        for whites, blacks in table:
            if n != players:  # drop the phantom N+1's board (board 1 in Berger tables)
                k = whites.index(n) if n in whites else blacks.index(n)
                bye = blacks[k] if whites[k] == n else whites[k]
                rounds.append((whites[:k] + whites[k + 1 :], blacks[:k] + blacks[k + 1 :], (bye,)))
            else:
                rounds.append((whites, blacks, ()))
        if options.cycles == 2:
            first = list(rounds)
            second = [(b, w, byes) for w, b, byes in rounds]
            if options.swap_last_two and len(first) >= 2:
                if options.table in MIRRORED_SEAM:
                    second[0], second[1] = second[1], second[0]
                else:
                    first[-2], first[-1] = first[-1], first[-2]
            rounds = first + second
        if options.reverse_colours:
            rounds = [(b, w, byes) for w, b, byes in rounds]
        built = tuple(
            Round(number=i, white=w, black=b, byes=byes) for i, (w, b, byes) in enumerate(rounds, 1)
        )
        cycles = " (double)" if options.cycles == 2 else ""
        return Schedule(
            format=self.name,
            players=players,
            rounds=built,
            seed=seed if options.table == "us-quad" else None,
            title=f"{TABLE_TITLES[options.table]}{cycles}, {players} players",
        )


class DoubleRoundRobin(RoundRobin):
    """The round robin with two cycles by default."""

    name: ClassVar[str] = "double-round-robin"
    summary: ClassVar[str] = "double round robin: the round robin twice, colours reversed"
    Options: ClassVar[type[Any]] = DoubleRoundRobinOptions


@hookimpl
def caddy_format_shorthands() -> list[Shorthand]:
    """``--double`` and ``--cycles N`` for the round robins' ``cycles`` option."""
    return [
        Shorthand(
            flag="--double",
            option="cycles",
            value="2",
            help="double round robin (shorthand for --option cycles=2)",
        ),
        Shorthand(
            flag="--cycles", option="cycles", metavar="N", help="shorthand for --option cycles=N"
        ),
    ]


@hookimpl
def caddy_register_formats(register: Callable[[RoundRobin], None]) -> None:
    register(RoundRobin())
    register(DoubleRoundRobin())


def field_advice(players: int) -> str:
    """The advice for a field of this size (docs/calculator.md)."""
    if players <= 6:
        return f"{players} players: a round robin, without question."
    if players <= 10:
        return (
            f"{players} players: a round robin if the calendar allows "
            f"({players - 1 + players % 2} rounds is {players - 1 + players % 2} weeks at one round a week)."
        )
    if players <= 12:
        return f"{players} players: the ceiling for a round robin; expect a long season."
    from caddy_plugins.formats.swiss.options import recommended_rounds

    swiss = math.ceil(math.log2(players))
    return (
        f"{players} players: too many for one round robin; play a Swiss (at least {swiss} "
        f"rounds; --format swiss plans {recommended_rounds(players)}), "
        "split into rating-banded round robins, or cut into quads."
    )
