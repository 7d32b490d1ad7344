"""Value objects: players, pairing-number assignments and schedules.

All are frozen attrs classes (change them with :func:`attrs.evolve`).
Schedules store pairing numbers as plain ints, one tuple of Whites and one
of Blacks per round, so a 1,000-player schedule (half a million games) is
cheap; :class:`Game` objects are built on demand.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar, Literal

import attrs

from caddy.errors import CaddyError
from caddy.model.ratings import ListedPlayer
from caddy.model.teams import TeamRound

#: How pairing numbers are given: drawn by lot, by rating, or in the order given.
NumberingMethod = Literal["lot", "rating", "given"]


@attrs.frozen(kw_only=True)
class Player:
    """A player as entered (pairing numbers are assigned separately)."""

    #: Fields left out of the file when they have their default (old files stay byte for byte).
    omit_defaults: ClassVar[tuple[str, ...]] = ("fide_rating", "national_rating", "k", "listed")

    name: str
    #: The tournament rating (pairing numbers, rating tie-breaks), or ``None``
    #: for an unrated player. Without a rating method (``Tournament.ratings``)
    #: it is also the FIDE rating.
    rating: int | None = None
    federation: str | None = None
    fide_id: str | None = None
    title: str | None = None
    team: str | None = None
    #: Sex as a TRF file gives it (``m``/``w``; kept as written).
    sex: str | None = None
    #: Birth date as written (TRF: ``YYYY/MM/DD``, often partial such as ``1990/00/00``).
    birth: str | None = None
    #: The FIDE rating of the event's rating type when the event has a rating
    #: method (``Tournament.ratings``); ``None``: no FIDE rating.
    fide_rating: int | None = None
    #: The national rating (players CSV column ``national_rating``).
    national_rating: int | None = None
    #: The development coefficient K given for the player (CSV column ``k``),
    #: if not taken from a list.
    k: int | None = None
    #: What the event took from a FIDE rating list (``caddy new --rating-list``).
    listed: ListedPlayer | None = None


def _players_tuple(value: Sequence[Player]) -> tuple[Player, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class Numbering:
    """Players in pairing-number order (``players[0]`` has number 1)."""

    players: tuple[Player, ...] = attrs.field(converter=_players_tuple)
    method: NumberingMethod = "lot"
    #: The seed of the lot, so the draw can be repeated (``None`` unless by lot).
    seed: int | None = None

    def name_of(self, number: int) -> str:
        return self.players[number - 1].name


def draw_seed() -> int:
    """A fresh random seed for a drawing of lots (printed so it can be repeated)."""
    import secrets

    return secrets.randbelow(900_000) + 100_000


def assign_pairing_numbers(
    players: Sequence[Player], method: NumberingMethod = "lot", seed: int | None = None
) -> Numbering:
    """Give pairing numbers 1..N.

    ``lot`` (the default, as FIDE and US Chess do for round robins) shuffles
    with ``random.Random(seed)``, drawing a seed when none is given;
    ``rating`` sorts highest first, ties by name, unrated last; ``given``
    keeps the order as entered.
    """
    if method == "given":
        return Numbering(players=tuple(players), method="given")
    if method == "rating":
        ordered = sorted(
            players, key=lambda p: (p.rating is None, -(p.rating or 0), p.name.casefold(), p.name)
        )
        return Numbering(players=tuple(ordered), method="rating")
    if method == "lot":
        import random

        seed = draw_seed() if seed is None else seed
        shuffled = list(players)
        random.Random(seed).shuffle(shuffled)
        return Numbering(players=tuple(shuffled), method="lot", seed=seed)
    raise CaddyError(f"unknown numbering method '{method}' (known: lot, rating, given)")


@attrs.frozen(kw_only=True, slots=True)
class Game:
    """One board of one round, by pairing number (built on demand)."""

    round: int
    board: int
    white: int
    black: int


def _same_length(
    instance: Round, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[int, ...]
) -> None:
    if len(value) != len(instance.white):
        raise ValueError("a round needs as many Blacks as Whites")


@attrs.frozen(kw_only=True)
class Round:
    """One round: board ``b`` (1-based) is ``white[b-1]`` against ``black[b-1]``."""

    number: int
    white: tuple[int, ...]
    black: tuple[int, ...] = attrs.field(validator=_same_length)
    #: Players without a game this round (the odd field's rest round).
    byes: tuple[int, ...] = ()
    #: Each board is a knockout match that must produce a winner (over one or
    #: more games, tie-breaks included), not a single game.
    matches: bool = False
    #: A team event's matches (their games are the boards above).
    teams: TeamRound | None = None

    @property
    def boards(self) -> int:
        return len(self.white)

    def games(self) -> Iterator[Game]:
        """The games of the round, board by board."""
        number = self.number
        for board, (white, black) in enumerate(zip(self.white, self.black, strict=True), 1):
            yield Game(round=number, board=board, white=white, black=black)

    def reversed_colours(self) -> Round:
        return attrs.evolve(self, white=self.black, black=self.white)

    def renumbered(self, number: int) -> Round:
        return attrs.evolve(self, number=number)


@attrs.frozen(kw_only=True)
class Section:
    """A named part of an event: a quad section, a group, a team."""

    name: str
    #: Pairing numbers, in seed order.
    players: tuple[int, ...]


@attrs.frozen(kw_only=True)
class Schedule:
    """A whole schedule by pairing number, as a format produced it."""

    #: Name of the format that produced it.
    format: str
    #: Number of players (pairing numbers 1..players).
    players: int
    rounds: tuple[Round, ...]
    #: The seed used for any random choice, so the schedule can be repeated.
    seed: int | None = None
    #: A short human description (``FIDE Berger table, 8 players``).
    title: str = ""
    #: Named sections, groups or teams, each with its pairing numbers, in order.
    sections: tuple[Section, ...] = ()

    def section_of(self, player: int) -> Section | None:
        """The section a player belongs to, if the schedule has sections."""
        for section in self.sections:
            if player in section.players:
                return section
        return None

    @property
    def game_count(self) -> int:
        return sum(r.boards for r in self.rounds)

    def games(self) -> Iterator[Game]:
        """Every game, round by round, board by board."""
        for rnd in self.rounds:
            yield from rnd.games()

    def colours(self, player: int) -> list[str]:
        """The player's colour per round: ``"W"``, ``"B"`` or ``"-"`` (no game)."""
        result = []
        for rnd in self.rounds:
            if player in rnd.white:
                result.append("W")
            elif player in rnd.black:
                result.append("B")
            else:
                result.append("-")
        return result


def merge_sections(parts: Sequence[tuple[Sequence[int], Schedule]]) -> tuple[Round, ...]:
    """Play several sections' schedules in the same rounds.

    ``parts`` pairs each section's members (``members[k - 1]`` is the event's
    pairing number of the section's player ``k``) with the section's own
    schedule. Round r of the event holds round r of every section that has
    one; a section that has finished adds nothing.
    """
    rounds = []
    for number in range(1, max(len(s.rounds) for _, s in parts) + 1):
        white: list[int] = []
        black: list[int] = []
        byes: list[int] = []
        for members, schedule in parts:
            if number <= len(schedule.rounds):
                rnd = schedule.rounds[number - 1]
                white += [members[w - 1] for w in rnd.white]
                black += [members[b - 1] for b in rnd.black]
                byes += [members[b - 1] for b in rnd.byes]
        rounds.append(
            Round(number=number, white=tuple(white), black=tuple(black), byes=tuple(byes))
        )
    return tuple(rounds)
