"""A knockout match and the options that shape it (the ``knockout`` format, docs/formats.md).

Each board of a knockout is a match: 1 game (default) or 2 (``final_games``
for the final), then the tie-break sequence (default rapid pair, blitz pair,
armageddon; ``decider=sudden-death`` plays games until one is won instead of
the armageddon) until there is a winner. :class:`Match` records the games and
says what comes next; each tie-break stage's colours come from a drawing of
lots (:mod:`caddy_plugins.formats.knockout.colours`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import attrs

from caddy.errors import CaddyError
from caddy_plugins.formats.knockout.colours import (
    CHOICES,
    COLOUR_RULES,
    Choice,
    ColourRule,
    StageLot,
    draw_stage,
    first_white,
)

#: Games each tie-break stage adds to a match.
TIEBREAK_GAMES: Mapping[str, int] = {
    "rapid-pair": 2,
    "blitz-pair": 2,
    "armageddon": 1,
    "lots": 0,
    "sudden-death": 1,  # the first: as many follow as it takes
}
#: The stages the ``tiebreak`` option may name (``sudden-death`` comes with ``decider``).
NAMED_STAGES: tuple[str, ...] = ("rapid-pair", "blitz-pair", "armageddon", "lots")
Decider = Literal["armageddon", "sudden-death"]


def tiebreak_sequence(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    """attrs validator: a comma-separated list of stages named in :data:`TIEBREAK_GAMES`."""
    stages = [s.strip() for s in value.split(",") if s.strip()]
    unknown = [s for s in stages if s not in NAMED_STAGES]
    if unknown:
        raise ValueError(
            f"unknown tie-break stage {unknown[0]!r} (known: {', '.join(NAMED_STAGES)})"
        )
    if not stages or stages[-1] not in ("armageddon", "lots"):
        raise ValueError(
            "the tie-break sequence must end with armageddon or lots, so every match has a winner"
        )


@attrs.frozen(kw_only=True)
class KnockoutOptions:
    """Options of the ``knockout`` format."""

    #: Games of a match before any tie-break: 1 or 2.
    games: int = attrs.field(default=1, validator=attrs.validators.in_((1, 2)))
    #: Tie-break stages in order, comma-separated: rapid-pair, blitz-pair, armageddon, lots.
    tiebreak: str = attrs.field(
        default="rapid-pair,blitz-pair,armageddon", validator=tiebreak_sequence
    )
    #: White in the first game of each tie-break pair: ``lot`` (a drawing of
    #: lots before each stage, as the FIDE World Cup regulations) or
    #: ``higher-seed``.
    tiebreak_colours: ColourRule = attrs.field(
        default="lot", validator=attrs.validators.in_(COLOUR_RULES)
    )
    #: The Armageddon's colours: ``lot`` (the winner of a drawing of lots
    #: takes ``armageddon_choice``) or ``higher-seed`` (the higher seed White).
    armageddon_colour: ColourRule = attrs.field(
        default="lot", validator=attrs.validators.in_(COLOUR_RULES)
    )
    #: The colour the Armageddon's lot winner takes: ``black`` (draw odds, the
    #: usual choice) or ``white`` (the extra time).
    armageddon_choice: Choice = attrs.field(
        default="black", validator=attrs.validators.in_(CHOICES)
    )
    #: What follows the tie-break pairs when the match is still level:
    #: ``armageddon`` (one game, a draw sends Black through) or
    #: ``sudden-death`` (games with colours alternating until one is decisive;
    #: it takes the place of the armageddon ending the sequence).
    decider: Decider = attrs.field(
        default="armageddon", validator=attrs.validators.in_(("armageddon", "sudden-death"))
    )
    #: Standard games of the final (0: as ``games``).
    final_games: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: The semi-final losers play a match for third place (beside the final).
    third_place: bool = False

    def __attrs_post_init__(self) -> None:
        if self.decider == "sudden-death" and self.stages_named[-1] != "armageddon":
            raise ValueError(
                "decider=sudden-death replaces the armageddon ending the tie-break "
                f"sequence, and tiebreak={self.tiebreak} ends with {self.stages_named[-1]}"
            )

    @property
    def stages_named(self) -> list[str]:
        """The tie-break stages as the ``tiebreak`` option names them."""
        return [s.strip() for s in self.tiebreak.split(",") if s.strip()]

    @property
    def stages(self) -> list[str]:
        """The tie-break stages played: ``sudden-death`` in the armageddon's
        place with ``decider=sudden-death``."""
        named = self.stages_named
        if self.decider == "sudden-death":
            named[-1] = "sudden-death"
        return named

    @property
    def max_match_games(self) -> int:
        """The most games a match takes (a sudden death counts its first game:
        it has no bound)."""
        return self.games + sum(TIEBREAK_GAMES[s] for s in self.stages)

    def standard_games(self, final: bool) -> int:
        """Standard games of a match (the final's with ``final_games``)."""
        return self.final_games if final and self.final_games else self.games


@attrs.define
class Match:
    """One knockout match, recorded game by game (tie-breaks are further games).

    >>> m = Match(higher=1, lower=8, options=KnockoutOptions())
    >>> m.next_game()          # ('standard', 1, 8): the higher seed has White first
    >>> m.record(0.5)          # White's points
    >>> m.next_game()          # ('rapid-pair', ...): White by drawing of lots

    Each tie-break stage's first White comes from a drawing of lots
    (:mod:`caddy_plugins.formats.knockout.colours`) when the match has a
    :attr:`lot_seed`; then colours alternate within the stage.
    """

    higher: int
    lower: int
    options: KnockoutOptions
    #: (stage, white, black, White's points) per game.
    games: list[tuple[str, int, int, float]] = attrs.Factory(list)
    #: Seed of the match's drawings of lots: the colours of each tie-break
    #: stage, and the lot that ends a match still tied at a ``lots`` stage (an
    #: event derives it from the seed recorded in its file, the round and the
    #: board, so each lot is drawn once and the same on every replay);
    #: ``None``: no lot is drawn (the higher seed has White first in every
    #: stage, and a ``lots`` stage leaves the match undecided).
    lot_seed: str | None = None
    #: Whether the match is the event's final (``final_games`` standard games).
    final: bool = False

    def _stage_plan(self) -> list[tuple[str, int | None]]:
        """(stage, games) in order; ``None``: as many as it takes (sudden death)."""
        plan: list[tuple[str, int | None]] = [("standard", self.options.standard_games(self.final))]
        for stage in self.options.stages:
            plan.append((stage, None if stage == "sudden-death" else TIEBREAK_GAMES[stage]))
        return plan

    def _points(self, stage_games: list[tuple[str, int, int, float]]) -> tuple[float, float]:
        higher = sum(p if w == self.higher else 1 - p for _, w, _, p in stage_games)
        return higher, len(stage_games) - higher

    def _decided(self) -> tuple[int | None, bool]:
        """(winner, by a drawing of lots) from the games so far."""
        index = 0
        for stage, count in self._stage_plan():
            if stage == "lots":
                return self.lot_winner(), self.lot_seed is not None
            if count is None:  # sudden death: the first decisive game
                for _, white, black, points in self.games[index:]:
                    if points != 0.5:
                        return (white if points == 1 else black), False
                return None, False
            stage_games = self.games[index : index + count]
            index += count
            if len(stage_games) < count:
                return None, False
            if stage == "armageddon":
                _, white, black, points = stage_games[0]
                return (white if points == 1 else black), False  # a draw: Black goes through
            higher, lower = self._points(stage_games)
            if higher != lower:
                return (self.higher if higher > lower else self.lower), False
        return None, False

    def winner(self) -> int | None:
        """The winner once decided (``None`` while the match goes on)."""
        return self._decided()[0]

    def by_lot(self) -> bool:
        """Whether the match was decided by drawing of lots (tied after every game)."""
        return self._decided()[1]

    def lot_winner(self) -> int | None:
        """The winner by drawing of lots, from :attr:`lot_seed` (``None`` without one)."""
        if self.lot_seed is None:
            return None
        import random

        # a string seed hashes the same in every process (random.seed, version 2)
        return self.higher if random.Random(self.lot_seed).random() < 0.5 else self.lower

    def _colours(self, position: int, stage: str, game: int) -> tuple[int, int]:
        """(White, Black) of game ``game`` (from 0) of the stage at ``position``:
        the stage's first White, then colours alternating."""
        o = self.options
        first = first_white(
            self.higher,
            self.lower,
            stage,
            position,
            self.lot_seed,
            tiebreak=o.tiebreak_colours,
            armageddon=o.armageddon_colour,
            choice=o.armageddon_choice,
        )
        other = self.lower if first == self.higher else self.higher
        return (first, other) if game % 2 == 0 else (other, first)

    def colour_lots(self) -> list[StageLot]:
        """The drawings of lots for colours, stage by stage (whoever reaches them)."""
        o = self.options
        drawn = (
            draw_stage(
                self.higher,
                self.lower,
                stage,
                position,
                self.lot_seed,
                tiebreak=o.tiebreak_colours,
                armageddon=o.armageddon_colour,
                choice=o.armageddon_choice,
            )
            for position, (stage, _) in enumerate(self._stage_plan())
        )
        return [lot for lot in drawn if lot is not None]

    def game_at(self, number: int) -> tuple[str, int, int]:
        """(stage, White, Black) of game ``number`` (from 1), whatever the results:
        each stage's first White (the higher seed, or by lot), then colours alternate."""
        index = 0
        for position, (stage, count) in enumerate(self._stage_plan()):
            if count is None or number <= index + count:
                if stage == "lots":
                    break
                return (stage, *self._colours(position, stage, number - index - 1))
            index += count
        raise CaddyError(f"a match has no game {number}")

    def next_game(self) -> tuple[str, int, int] | None:
        """(stage, White, Black) of the next game, or ``None`` when decided (or lots)."""
        if self.winner() is not None:
            return None
        index = 0
        for position, (stage, count) in enumerate(self._stage_plan()):
            if stage == "lots":
                return None
            played = len(self.games) - index
            if count is None or played < count:
                return (stage, *self._colours(position, stage, played))
            index += count
        return None

    def record(self, white_points: float) -> None:
        """Record the next game's result (White's points)."""
        upcoming = self.next_game()
        if upcoming is None:
            raise CaddyError("this match is decided; no further game to record")
        stage, white, black = upcoming
        self.games.append((stage, white, black, white_points))
