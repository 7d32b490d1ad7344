"""Scheveningen: two teams of equal size k; everyone meets every player of
the other team once, never a team-mate (docs/formats.md).

Pairing numbers 1..k are team A, k+1..2k team B. In round r, A's board i
meets B's player (i + r) mod k: k rounds, k² games, k boards.

Colours are found by a search (done once per size and cached), so that in
every round each team has White on half the boards (±1 when k is odd), every
player's Whites are within one of k/2, and nobody has the same colour three
times in a row. Perfect alternation or exact balance for everyone cannot
always hold together with the per-round balance (two teams of two, or of
six), so the per-round balance wins. With ``cycles=2`` (double Scheveningen)
the second cycle repeats the first with colours reversed; at the seam the
first of FIDE's swap (the last two rounds of the first cycle), the mirror
swap (the first two of the second) or the second cycle in reverse order that
leaves nobody three colours in a row is used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from caddy import hookimpl
from caddy.contracts import FormatBase
from caddy.errors import CaddyError
from caddy.formats import Arithmetic

if TYPE_CHECKING:
    from caddy.models import Numbering, Player, Schedule
    from caddy.results import Event


#: Largest team the colour search is run for (the search grows quickly beyond).
MAX_TEAM = 12


@attrs.frozen(kw_only=True)
class ScheveningenOptions:
    """Options of the ``scheveningen`` format."""

    #: 1, or 2 for a double Scheveningen (colours reversed in the second cycle).
    cycles: int = attrs.field(default=1, validator=attrs.validators.in_((1, 2)))


def _three(seq: Sequence[bool]) -> bool:
    return any(seq[i] == seq[i + 1] == seq[i + 2] for i in range(len(seq) - 2))


@cache
def colouring(k: int) -> tuple[frozenset[int], ...]:
    """Per round, the boards on which team A has White (see the module docstring)."""
    low, high = k // 2, (k + 1) // 2
    subsets = [frozenset(c) for size in sorted({low, high}) for c in combinations(range(k), size)]
    a_seq: list[list[bool]] = [[] for _ in range(k)]  # A player i: True = White
    b_seq: list[list[bool]] = [[] for _ in range(k)]  # B player j
    chosen: list[frozenset[int]] = []
    min_w, max_w = k / 2 - 1, k / 2 + 1

    def ok(seq: list[bool], remaining: int) -> bool:
        if len(seq) >= 3 and seq[-1] == seq[-2] == seq[-3]:
            return False
        whites = sum(seq)
        return whites <= max_w and whites + remaining >= min_w

    def search(r: int) -> bool:
        if r == k:
            return True
        previous = chosen[-1] if chosen else frozenset()
        # try the complement of the last round first: it alternates team A
        for subset in sorted(subsets, key=lambda s: len(s & previous)):
            for i in range(k):
                a_seq[i].append(i in subset)
                b_seq[(i + r) % k].append(i not in subset)
            remaining = k - r - 1
            if all(ok(q, remaining) for q in a_seq) and all(ok(q, remaining) for q in b_seq):
                chosen.append(subset)
                if search(r + 1):
                    return True
                chosen.pop()
            for i in range(k):
                a_seq[i].pop()
                b_seq[(i + r) % k].pop()
        return False

    if not search(0):  # pragma: no cover - the search succeeds for every size 1..12
        raise CaddyError(f"no Scheveningen colouring found for teams of {k}")
    return tuple(chosen)


#: Round orders tried for a double Scheveningen: (round of the table, colours reversed).
def _double_orders(k: int) -> list[list[tuple[int, bool]]]:
    first = [(r, False) for r in range(k)]
    second = [(r, True) for r in range(k)]
    fide = first[:-2] + first[-2:][::-1] if k >= 2 else first
    mirror = second[1::-1] + second[2:] if k >= 2 else second
    return [
        first + second,
        fide + second,
        first + mirror,
        first + second[::-1],
        fide + second[::-1],
    ]


@cache
def round_order(k: int, cycles: int) -> tuple[tuple[int, bool], ...]:
    """The rounds to play: (round of the colouring, colours reversed). A double
    Scheveningen takes the first of FIDE's swap, the mirror swap or the second
    cycle reversed that keeps every player free of three colours in a row."""
    if cycles == 1:
        return tuple((r, False) for r in range(k))
    colours = colouring(k)
    for order in _double_orders(k):
        sequences: list[list[bool]] = [[] for _ in range(2 * k)]
        for r, flip in order:
            for i in range(k):
                a_white = (i in colours[r]) != flip
                sequences[i].append(a_white)
                sequences[k + (i + r) % k].append(not a_white)
        if not any(_three(seq) for seq in sequences):
            return tuple(order)
    raise CaddyError(f"no double Scheveningen order found for teams of {k}")  # pragma: no cover


class Scheveningen(FormatBase):
    """Team against team: every player meets the other team once."""

    name: ClassVar[str] = "scheveningen"
    summary: ClassVar[str] = (
        "two teams of k: everyone meets every player of the other team; k rounds, k² games"
    )
    Options: ClassVar[type[Any]] = ScheveningenOptions

    def number_players(self, players: Sequence[Player], method: str, seed: int | None) -> Numbering:
        """Pairing numbers: team A 1..k, team B k+1..2k (see :func:`number_players`)."""
        return number_players(players, method, seed)

    def teams(self, players: int) -> int:
        if players < 2 or players % 2:
            raise CaddyError(
                f"a Scheveningen needs two teams of equal size: {players} players cannot be split in two"
            )
        if players // 2 > MAX_TEAM:
            raise CaddyError(
                f"teams of {players // 2}: caddy computes Scheveningen colours for teams of up to {MAX_TEAM}"
            )
        return players // 2

    def arithmetic(self, players: int, options: ScheveningenOptions) -> Arithmetic:
        k = self.teams(players)
        return Arithmetic(
            players=players,
            rounds=k * options.cycles,
            games=k * k * options.cycles,
            boards=k,
            games_per_player=k * options.cycles,
            byes_per_round=0,
            pair_meetings=None,
            details=(f"two teams of {k}: team A numbers 1-{k}, team B {k + 1}-{2 * k}",),
        )

    def variants(self, options: ScheveningenOptions) -> Mapping[str, Any]:
        return (
            {"double Scheveningen": attrs.evolve(options, cycles=2)} if options.cycles == 1 else {}
        )

    def schedule(
        self, players: int, options: ScheveningenOptions, *, seed: int | None = None
    ) -> Schedule:
        from caddy.models import Round, Schedule, Section

        k = self.teams(players)
        colours = colouring(k)
        rounds = []
        for number, (r, flip) in enumerate(round_order(k, options.cycles), 1):
            white, black = [], []
            for i in range(k):
                a, b = i + 1, k + (i + r) % k + 1
                a_white = (i in colours[r]) != flip
                white.append(a if a_white else b)
                black.append(b if a_white else a)
            rounds.append(Round(number=number, white=tuple(white), black=tuple(black)))
        return Schedule(
            format=self.name,
            players=players,
            rounds=tuple(rounds),
            title=f"Scheveningen, two teams of {k}" + (" (double)" if options.cycles == 2 else ""),
            sections=(
                Section(name="Team A", players=tuple(range(1, k + 1))),
                Section(name="Team B", players=tuple(range(k + 1, 2 * k + 1))),
            ),
        )


def number_players(players: Sequence[Player], method: str, seed: int | None) -> Numbering:
    """Team A first, team B second (from the players' ``team``), each team numbered by
    ``method``. The teams are the two distinct team names, in order of appearance."""

    names: list[str] = []
    for p in players:
        if not p.team:
            raise CaddyError(
                f"player '{p.name}' has no team (the players file needs a team column)"
            )
        if p.team not in names:
            names.append(p.team)
    if len(names) != 2:
        raise CaddyError(
            f"a Scheveningen needs exactly two teams, found {len(names)}: {', '.join(names)}"
        )
    teams = [[p for p in players if p.team == name] for name in names]
    return number_teams(teams[0], teams[1], method, seed, names=(names[0], names[1]))


def number_teams(
    team_a: Sequence[Player],
    team_b: Sequence[Player],
    method: str = "rating",
    seed: int | None = None,
    *,
    names: tuple[str, str] = ("team A", "team B"),
) -> Numbering:
    """Pairing numbers from two lists: team A 1..k, team B k+1..2k, each numbered by ``method``."""
    from caddy.models import Numbering, assign_pairing_numbers

    if len(team_a) != len(team_b):
        raise CaddyError(
            f"the teams are unequal: {names[0]} has {len(team_a)} players, {names[1]} {len(team_b)}"
        )
    a = assign_pairing_numbers(team_a, method, seed)  # type: ignore[arg-type]
    b = assign_pairing_numbers(team_b, method, None if seed is None else seed + 1)  # type: ignore[arg-type]
    return Numbering(players=a.players + b.players, method=a.method, seed=a.seed)


def team_scores(event: Event, team_a: Sequence[int]) -> list[tuple[float, float]]:
    """Per round, the points of team A and team B; the totals are the sums."""
    members = set(team_a)
    per_round = []
    for r in range(event.rounds):
        a = sum(
            event.results[p - 1][r].points for p in range(1, len(event.players) + 1) if p in members
        )
        b = sum(
            event.results[p - 1][r].points
            for p in range(1, len(event.players) + 1)
            if p not in members
        )
        per_round.append((a, b))
    return per_round


@hookimpl
def caddy_register_formats(register: Callable[[Scheveningen], None]) -> None:
    register(Scheveningen())
