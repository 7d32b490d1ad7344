"""Group stage then knockout (docs/formats.md; the 2022 FIDE Grand Prix shape).

Players are numbered by rating (1 = highest) and put into G groups
(:mod:`caddy_plugins.formats.groups_knockout.draw`): snake-seeded (A gets seeds 1, 2G,
2G+1, ...; B gets 2, 2G-1, ...), cyclic (A gets 1, G+1, ...), or drawn by lot
from rating baskets of G (``groups_by=baskets``, as the 2022 Grand Prix pools:
one player of each basket per group, from the recorded ``draw_seed``). Each
group plays a single or double round robin (FIDE Berger tables) in the same
rounds. The top Q of each group advance, ranked within the group by score,
then the group tie-breaks (default SB, DE, KS; FIDE Handbook C.07); players
still tied across the last place that advances play a knockout play-off after
the group stage (``ties=playoff``, the default;
:mod:`caddy_plugins.formats.groups_knockout.ties`) or are split by a seeded drawing of
lots (``ties=lots``).

The knockout bracket is seeded by place, then group order (A1, B1, C1, D1,
A2, ...), in the standard bracket order, so group winners are kept apart
(four winners: A1–D1 and B1–C1); players from the same group are not paired
in the first knockout round when another seeding order avoids it. With
``semifinals=A-B`` neighbouring groups' winners meet instead (A1–B1 and
C1–D1, the 2022 FIDE Grand Prix semi-finals).

The example of docs/formats.md: 16 players, 4 groups of 4, double round robin, winners
to the semi-finals: 6 group rounds and 48 group games, then 2 semi-finals and
a final: 51 games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import permutations
from typing import TYPE_CHECKING, Any, ClassVar

from caddy import hookimpl
from caddy.contracts import Arithmetic, FormatBase, PairingRequest, PlayedRound, as_request
from caddy.contracts.format_tools import Shorthand, require_players
from caddy.errors import CaddyError
from caddy_plugins.formats.groups_knockout.draw import (
    draw_notes,
    form_groups,
    group_name,
)
from caddy_plugins.formats.groups_knockout.options import GroupsKnockoutOptions
from caddy_plugins.formats.groups_knockout.ties import play_off, rank_group, straddling_tie
from caddy_plugins.formats.knockout import (
    bracket_order,
    knockout_round,
    knockout_winner,
    stage_count,
)
from caddy_plugins.formats.knockout.match import Match
from caddy_plugins.formats.round_robin import round_robin_rounds

if TYPE_CHECKING:
    from caddy.contracts import Stage
    from caddy.model.schedule import Round, Section


class GroupsKnockout(FormatBase):
    """Round-robin groups, then a knockout of the best of each group."""

    name: ClassVar[str] = "groups-knockout"
    summary: ClassVar[str] = (
        "round-robin groups (snake seeding or rating baskets drawn by lot), "
        "then a knockout of the top finishers"
    )
    Options: ClassVar[type[Any]] = GroupsKnockoutOptions
    kind: ClassVar[str] = "results"
    default_numbering: ClassVar[str] = "rating"
    has_matches: ClassVar[bool] = True
    #: Files written before the colour lots (caddy 0.1): the higher seed had
    #: White first in every tie-break stage and in the Armageddon.
    legacy_options: ClassVar[Mapping[str, Any]] = {
        "tiebreak_colours": "higher-seed",
        "armageddon_colour": "higher-seed",
        # before the play-off was the default: ties were decided by lots
        "ties": "lots",
    }

    def _check(self, players: int, options: GroupsKnockoutOptions) -> list[list[int]]:
        require_players(self, players, 2 * options.groups)
        groups = form_groups(players, options.groups, options.groups_by, options.draw_seed)
        smallest = min(len(g) for g in groups)
        if options.advance >= smallest:
            raise CaddyError(
                f"{options.advance} of each group cannot advance: the smallest group has {smallest} players"
            )
        if options.semifinals == "A-B" and (
            options.advance != 1 or options.groups & (options.groups - 1)
        ):
            raise CaddyError(
                "semifinals=A-B pairs the winners of neighbouring groups (A-B, C-D ...): "
                f"it needs advance=1 and 2, 4, 8 ... groups (not {options.groups} groups, "
                f"advance={options.advance})"
            )
        return groups

    def arithmetic(self, players: int, options: GroupsKnockoutOptions) -> Arithmetic:
        groups = self._check(players, options)
        sizes = [len(g) for g in groups]
        group_rounds = max(round_robin_rounds(s) for s in sizes) * options.cycles
        group_games = sum(s * (s - 1) // 2 for s in sizes) * options.cycles
        qualified = options.groups * options.advance
        stages = stage_count(qualified) if qualified > 1 else 0
        matches = qualified - 1
        ko = options.knockout_options()
        return Arithmetic(
            players=players,
            rounds=group_rounds + stages,
            games=group_games + matches * ko.games,
            max_games=group_games + matches * ko.max_match_games,
            boards=max(sum(s // 2 for s in sizes), qualified // 2),
            games_per_player=(max(sizes) - 1) * options.cycles + stages,
            byes_per_round=sum(s % 2 for s in sizes),
            pair_meetings=None,
            stages=stages,
            details=(
                f"{options.groups} groups of {'/'.join(str(s) for s in sorted(set(sizes), reverse=True))}, "
                f"{'double' if options.cycles == 2 else 'single'} round robin: "
                f"{group_rounds} rounds, {group_games} games",
                f"{qualified} advance ({options.advance} per group): {stages} knockout rounds, "
                f"{matches} matches of {ko.games} game{'s' if ko.games > 1 else ''}",
            ),
        )

    def variants(self, options: GroupsKnockoutOptions) -> Mapping[str, Any]:
        return {}

    def new_match(self, higher: int, lower: int, options: GroupsKnockoutOptions) -> Match:
        """A knockout (or play-off) match, to record game by game."""
        return Match(higher=higher, lower=lower, options=options.knockout_options())

    def sections(self, players: int, options: GroupsKnockoutOptions) -> tuple[Section, ...]:
        """The groups (snake, cyclic or drawn from rating baskets)."""
        from caddy.model.schedule import Section

        groups = form_groups(players, options.groups, options.groups_by, options.draw_seed)
        return tuple(
            Section(name=f"Group {group_name(i)}", players=tuple(members))
            for i, members in enumerate(groups)
        )

    def match_games(self, options: GroupsKnockoutOptions) -> tuple[int, int]:
        """The fewest and most games a knockout match can take."""
        ko = options.knockout_options()
        return ko.games, ko.max_match_games

    def group_rounds(self, players: int, options: GroupsKnockoutOptions) -> list[Round]:
        """The group stage: every group's round robin, played in the same rounds."""
        from caddy.model.schedule import merge_sections
        from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions

        groups = self._check(players, options)
        parts = [
            RoundRobin().schedule(len(g), RoundRobinOptions(cycles=options.cycles)) for g in groups
        ]
        return list(merge_sections(list(zip(groups, parts, strict=True))))

    def group_order(
        self,
        players: int,
        options: GroupsKnockoutOptions,
        group_played: Sequence[PlayedRound],
        seed: int | None,
        playoffs: Sequence[PlayedRound] = (),
    ) -> tuple[list[list[int]], list[tuple[int, int]]]:
        """Each group's finishing order, and the play-off matches still needed.

        Ties left after the group tie-breaks: a seeded drawing of lots; with
        ``ties=playoff``, players tied across the last place that advances
        play a knockout for the places (:mod:`caddy_plugins.formats.groups_knockout.ties`;
        ``playoffs`` are its rounds played so far).
        """
        groups = self._check(players, options)
        orders: list[list[int]] = []
        needed: list[tuple[int, int]] = []
        for index, members in enumerate(groups):
            order, rank_of = rank_group(
                members, group_played, options.tiebreaks, (seed or 0) + index
            )
            if options.ties == "playoff":
                tied = straddling_tie(order, rank_of, options.advance)
                if tied:
                    order, pairs = play_off(order, tied, options.advance, playoffs)
                    needed += pairs
            orders.append(order)
        return orders, needed

    def _phases(
        self,
        players: int,
        options: GroupsKnockoutOptions,
        played: Sequence[PlayedRound],
        seed: int | None,
    ) -> tuple[int, list[list[int]], list[tuple[int, int]], Sequence[PlayedRound]]:
        """(group rounds, group orders, play-offs still needed, knockout rounds played)."""
        count = len(self.group_rounds(players, options))
        playoffs: list[PlayedRound] = []
        while True:  # each play-off round, until every group's play-off is decided
            orders, needed = self.group_order(players, options, played[:count], seed, playoffs)
            at = count + len(playoffs)
            if not needed:
                return count, orders, [], played[at:]
            if len(played) <= at:
                return count, orders, needed, []
            nxt = played[at].round
            if not set(needed) & set(zip(nxt.white, nxt.black, strict=True)):
                # not a play-off round (a file from before three-player play-offs)
                closing = [*playoffs, played[at]]
                orders, _ = self.group_order(players, options, played[:count], seed, closing)
                return count, orders, [], played[at:]
            playoffs.append(played[at])

    def knockout_lines(
        self, orders: list[list[int]], options: GroupsKnockoutOptions
    ) -> tuple[list[int | None], dict[int, int]]:
        """Bracket lines for the qualified players, and their seeds."""
        group_of = {p: g for g, order in enumerate(orders) for p in order}
        tiers = [[order[place] for order in orders] for place in range(options.advance)]
        seeds = [p for tier in tiers for p in tier]
        if options.semifinals == "A-B":  # neighbouring groups' winners: A-B, C-D ...
            return list(seeds), {p: i for i, p in enumerate(seeds, 1)}
        size = 2 ** stage_count(len(seeds)) if len(seeds) > 1 else 1
        order = bracket_order(size)

        def lines_for(seeding: list[int]) -> list[int | None]:
            return [seeding[s - 1] if s <= len(seeding) else None for s in order]

        def clashes(lines: list[int | None]) -> int:
            return sum(
                1
                for a, b in zip(lines[0::2], lines[1::2], strict=True)
                if a is not None and b is not None and group_of[a] == group_of[b]
            )

        best = lines_for(seeds)
        if clashes(best) and options.advance > 1 and len(tiers[-1]) <= 8:
            head = [p for tier in tiers[:-1] for p in tier]
            for tail in permutations(tiers[-1]):
                candidate = lines_for(head + list(tail))
                if clashes(candidate) < clashes(best):
                    best = candidate
                    if not clashes(best):
                        break
        seed_of = {p: i for i, p in enumerate(seeds, 1)}
        return best, seed_of

    def next_round(
        self,
        request: PairingRequest | int,
        options: GroupsKnockoutOptions | None = None,
        played: Sequence[PlayedRound] | None = None,
        *,
        seed: int | None = None,
    ) -> Round | None:
        """The next group round, play-off or knockout round
        (:class:`caddy.contracts.PairingFormat`); ``next_round(players,
        options, played)`` still works."""
        from caddy.model.schedule import Round

        asked = as_request(request, options, played, seed=seed)
        players, options, played, seed = asked.count, asked.options, asked.played, asked.seed

        group_rounds = self.group_rounds(players, options)
        if len(played) < len(group_rounds):
            return group_rounds[len(played)]
        _, orders, needed, knockout = self._phases(players, options, played, seed)
        number = len(played) + 1
        if needed:
            return Round(
                number=number,
                white=tuple(a for a, _ in needed),
                black=tuple(b for _, b in needed),
                matches=True,
            )
        lines, seed_of = self.knockout_lines(orders, options)
        return knockout_round(lines, knockout, number, seed_of)

    def winner(
        self, players: int, options: GroupsKnockoutOptions, played: Sequence[PlayedRound]
    ) -> int | None:
        if len(played) < len(self.group_rounds(players, options)):
            return None
        _, orders, needed, knockout = self._phases(players, options, played, None)
        if needed:
            return None
        lines, _ = self.knockout_lines(orders, options)
        alive = [x for x in lines if x is not None]
        if len(alive) == 1:
            return alive[0]
        return knockout_winner(lines, knockout)

    def stages(self, players: int, options: GroupsKnockoutOptions) -> tuple[Stage, ...]:
        """The group stage (each group a round robin of ``cycles``), then the
        knockout (a play-off included): a pair that met in a group may meet
        again in the knockout, but never twice within it."""
        from caddy.contracts import Stage

        count = len(self.group_rounds(players, options))
        return (
            Stage(
                name="group stage",
                first=1,
                last=count,
                sections=self.sections(players, options),
                cycles=options.cycles,
            ),
            Stage(name="knockout", first=count + 1),
        )

    def schedule_title(self, players: int, options: GroupsKnockoutOptions) -> str:
        how = {
            "snake": "snake seeding",
            "cyclic": "cyclic seeding",
            "baskets": "rating baskets drawn by lot",
        }[options.groups_by]
        return f"groups then knockout, {players} players; groups by {how}"

    def schedule_notes(self, players: int, options: GroupsKnockoutOptions) -> list[str]:
        qualified = options.groups * options.advance
        stages = self.arithmetic(players, options).stages
        drawn = []
        if options.groups_by == "baskets" and options.draw_seed is not None:
            drawn = draw_notes(players, options.groups, options.draw_seed)
        then = (
            "a play-off knockout of the tied players after the group stage"
            if options.ties == "playoff"
            else "a drawing of lots"
        )
        return [
            *drawn,
            f"Ties for a place that advances: the group tie-breaks ({options.tiebreaks}), "
            f"then {then}.",
            f"Then a knockout of {qualified} ({options.advance} per group, seeded by place and group order, "
            f"group winners apart): {stages} round{'s' if stages != 1 else ''}.",
        ]

    def extra_rounds(self, options: GroupsKnockoutOptions) -> int:
        """Rounds the event may add to its arithmetic: the play-off's, at most
        ⌈log2 t⌉ for t players tied (5 covers groups of up to 32 players)."""
        return 5 if options.ties == "playoff" else 0

    def bracket_seeds(self, request: PairingRequest) -> Mapping[int, str]:
        """The players who go through, labelled by group and place (``A1``,
        ``B2``), once the group stage (and any play-off) is over; else ``{}``."""
        players, options, played = request.count, request.options, request.played
        if len(played) < len(self.group_rounds(players, options)):
            return {}
        _, orders, needed, _ = self._phases(players, options, played, request.seed)
        if needed:
            return {}
        return {
            order[place]: f"{group_name(index)}{place + 1}"
            for place in range(options.advance)
            for index, order in enumerate(orders)
        }

    def round_name(self, request: PairingRequest, number: int) -> str | None:
        """``Play-off`` for the play-off round, then the knockout's rounds
        (``Semi-finals``, ``Final``); the group rounds have no name."""
        from caddy_plugins.formats.knockout.bracket_names import round_name

        players, options = request.count, request.options
        count = len(self.group_rounds(players, options))
        if number <= count or len(request.played) < count:
            return None
        _, needed = self.group_order(players, options, request.played[:count], request.seed)
        if needed and number == count + 1:
            return "Play-off"
        first = count + 1 + (1 if needed else 0)
        stages = stage_count(options.groups * options.advance)
        return round_name(stages - 1 - (number - first))


@hookimpl
def caddy_format_shorthands() -> list[Shorthand]:
    """``--groups G`` and ``--advance Q`` for the group stage's options."""
    return [
        Shorthand(
            flag="--groups",
            option="groups",
            metavar="G",
            help="groups-knockout: shorthand for --option groups=G",
        ),
        Shorthand(
            flag="--advance",
            option="advance",
            metavar="Q",
            help="groups-knockout: shorthand for --option advance=Q",
        ),
    ]


@hookimpl
def caddy_register_formats(register: Callable[[GroupsKnockout], None]) -> None:
    register(GroupsKnockout())
