"""Knockout: a single-elimination bracket (docs/formats.md).

Players are seeded by pairing number (1 = top seed; number by rating). The
bracket is the standard order — 1-8, 4-5, 2-7, 3-6 for eight — so seeds 1
and 2 can meet only in the final, 1 to 4 only in the semi-finals, and so
on. When the field is not a power of two, the top seeds get the byes.

Each board is a match: 1 game (default) or 2 (``final_games`` for the
final), then the tie-break sequence (default rapid pair, blitz pair,
armageddon; ``decider=sudden-death`` plays games until one is won instead of
the armageddon) until there is a winner. The higher seed has White in the
first game; each tie-break stage's colours come from a drawing of lots, and
the armageddon's lot winner chooses the colour (the FIDE World Cup
regulations, tie-break article; :mod:`caddy_plugins.formats.knockout.colours`).
:class:`~caddy_plugins.formats.knockout.match.Match` records the games and says what comes next. Later rounds are
paired from the winners, in bracket order; with ``third_place=true`` the
semi-final losers play for third place beside the final.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from caddy import hookimpl
from caddy.contracts import Arithmetic, FormatBase, PairingRequest, PlayedRound, as_request
from caddy.contracts.format_tools import require_players
from caddy_plugins.formats.knockout.bracket_names import round_name as bracket_round_name
from caddy_plugins.formats.knockout.match import KnockoutOptions, Match

if TYPE_CHECKING:
    from caddy.model.schedule import Round


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket-line order for a power-of-two ``size``: 1, 8, 4, 5, 2, 7, 3, 6 for 8."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order


def stage_count(players: int) -> int:
    return max(1, math.ceil(math.log2(players))) if players >= 2 else 0


def third_place_match(players: int, options: KnockoutOptions) -> int:
    """1 when the event has a match for third place (``third_place=true`` and
    two semi-finals, so 4 players or more), else 0."""
    return 1 if options.third_place and players >= 4 else 0


class Knockout(FormatBase):
    """Single elimination, seeded by pairing number."""

    name: ClassVar[str] = "knockout"
    summary: ClassVar[str] = "single-elimination bracket; seeds 1 and 2 meet only in the final"
    Options: ClassVar[type[Any]] = KnockoutOptions
    kind: ClassVar[str] = "results"
    default_numbering: ClassVar[str] = "rating"
    has_matches: ClassVar[bool] = True
    #: Files written before the colour lots (caddy 0.1): the higher seed had
    #: White first in every tie-break stage and in the Armageddon.
    legacy_options: ClassVar[Mapping[str, Any]] = {
        "tiebreak_colours": "higher-seed",
        "armageddon_colour": "higher-seed",
    }

    def arithmetic(self, players: int, options: KnockoutOptions) -> Arithmetic:
        require_players(self, players)
        stages = stage_count(players)
        size = 2**stages
        first = players - size // 2
        matches = players - 1
        third = third_place_match(players, options)
        longer = options.final_games - options.games if options.final_games else 0
        return Arithmetic(
            players=players,
            rounds=stages,
            games=(matches + third) * options.games + longer,
            max_games=(matches + third) * options.max_match_games + longer,
            boards=max(first, size // 4),
            games_per_player=stages * options.games + longer,  # the finalists
            byes_per_round=size - players,
            pair_meetings=None,
            stages=stages,
            details=(
                f"{stages} knockout rounds, {matches} matches of {options.games} game"
                f"{'s' if options.games > 1 else ''} + tie-breaks ({','.join(options.stages)})",
                f"{size - players} byes in round 1, to the top seeds"
                if size > players
                else "no byes",
                *(
                    [f"a final of {options.final_games} games"]
                    if options.final_games and players >= 2
                    else []
                ),
                *(["a match for third place: the semi-final losers"] if third else []),
                *(
                    ["sudden death: games until one is decisive (the most games count its first)"]
                    if options.decider == "sudden-death"
                    else []
                ),
            ),
        )

    def variants(self, options: KnockoutOptions) -> Mapping[str, Any]:
        return {}

    def schedule_notes(self, players: int, options: KnockoutOptions) -> list[str]:
        """``caddy table``'s lines on the final and the match for third place."""
        rounds = stage_count(players)
        notes = []
        if options.final_games and players >= 2:
            notes.append(f"The final (round {rounds}) is a match of {options.final_games} games.")
        if third_place_match(players, options):
            notes.append(
                f"The semi-final losers play a match for third place in round {rounds} (board 2)."
            )
        return notes

    def match_games(self, options: KnockoutOptions) -> tuple[int, int]:
        """The fewest and most games a match can take."""
        return options.games, options.max_match_games

    def new_match(self, higher: int, lower: int, options: KnockoutOptions) -> Match:
        """A match between two players, to record game by game."""
        return Match(higher=higher, lower=lower, options=options)

    def lines(self, players: int) -> list[int | None]:
        """The bracket's first-round lines: seeds, ``None`` where a bye is."""
        size = 2 ** stage_count(players)
        return [seed if seed <= players else None for seed in bracket_order(size)]

    def next_round(
        self,
        request: PairingRequest | int,
        options: KnockoutOptions | None = None,
        played: Sequence[PlayedRound] | None = None,
        *,
        seed: int | None = None,
    ) -> Round | None:
        """The next round of the bracket (:class:`caddy.contracts.PairingFormat`);
        ``next_round(players, options, played)`` still works."""
        asked = as_request(request, options, played, seed=seed)
        knockout_options: KnockoutOptions = asked.options
        return knockout_round(
            self.lines(asked.count),
            asked.played,
            len(asked.played) + 1,
            third_place=knockout_options is not None and knockout_options.third_place,
        )

    def winner(
        self, players: int, options: KnockoutOptions, played: Sequence[PlayedRound]
    ) -> int | None:
        return knockout_winner(self.lines(players), played)

    def bracket(self, players: int, options: KnockoutOptions) -> Round:
        """Round 1: the matches and the byes."""
        first = self.next_round(PairingRequest.simple(players, options))
        assert first is not None
        return first

    def round_name(self, request: PairingRequest, number: int) -> str | None:
        """``Final``, ``Semi-finals``, ``Quarter-finals``, then ``Round of N``."""
        return bracket_round_name(stage_count(request.count) - number)

    def match_name(self, request: PairingRequest, number: int, board: int) -> str | None:
        """Board 2 of the last round is the match for third place (``third_place=true``)."""
        third = third_place_match(request.count, request.options) and board == 2
        return "Match for third place" if third and number == stage_count(request.count) else None


def _advance(lines: list[int | None], played: Sequence[PlayedRound]) -> list[int | None]:
    """The bracket lines still alive after the rounds played (winners replace pairs)."""
    current = list(lines)
    for record in played:
        winners = iter(record.winners())
        nxt: list[int | None] = []
        for a, b in zip(current[0::2], current[1::2], strict=True):
            if a is not None and b is not None:
                nxt.append(next(winners))
            else:
                nxt.append(a if a is not None else b)
        current = nxt
    return current


def knockout_round(
    lines: list[int | None],
    played: Sequence[PlayedRound],
    number: int,
    seed_of: Mapping[int, int] | None = None,
    *,
    third_place: bool = False,
) -> Round | None:
    """The next knockout round from the bracket ``lines`` (players, ``None`` for a
    bye) and the knockout rounds played. The higher seed (lower ``seed_of``,
    by default the lower pairing number) has White in the first game. With
    ``third_place``, the final (board 1) comes with the match for third place
    between the two semi-final losers (board 2)."""
    from caddy.model.schedule import Round

    current = _advance(lines, played)
    if len([x for x in current if x is not None]) <= 1:
        return None
    rank = seed_of or {}

    def ordered(a: int, b: int) -> tuple[int, int]:
        return (a, b) if rank.get(a, a) < rank.get(b, b) else (b, a)

    white, black, byes = [], [], []
    for a, b in zip(current[0::2], current[1::2], strict=True):
        if a is not None and b is not None:
            high, low = ordered(a, b)
            white.append(high)
            black.append(low)
        elif a is not None:
            byes.append(a)
        elif b is not None:
            byes.append(b)
    if third_place and len(current) == 2 and played:
        losers = played[-1].losers()
        if len(losers) == 2:  # two semi-finals were played
            high, low = ordered(*losers)
            white.append(high)
            black.append(low)
    return Round(
        number=number, white=tuple(white), black=tuple(black), byes=tuple(byes), matches=True
    )


def knockout_winner(lines: list[int | None], played: Sequence[PlayedRound]) -> int | None:
    alive = [x for x in _advance(lines, played) if x is not None]
    return alive[0] if len(alive) == 1 else None


@hookimpl
def caddy_register_formats(register: Callable[[Knockout], None]) -> None:
    register(Knockout())
