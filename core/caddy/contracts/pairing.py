"""The data core and format plugins exchange: a round's arithmetic
(:class:`Arithmetic`, defined in :mod:`caddy.contracts.measures`), the rounds
played, a format's stages, a knockout :class:`Match`, and the pairing contract (:class:`PairingRequest`:
one :class:`PairingPlayer` per player, each with one :class:`HistoryEntry`
per round). Re-exported by :mod:`caddy.contracts`, where plugins import them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

import attrs

from caddy.contracts.measures import Arithmetic as Arithmetic

if TYPE_CHECKING:
    from caddy.model.schedule import Round, Section
    from caddy.model.teams import TeamPairingContext


@attrs.frozen(kw_only=True)
class PlayedRound:
    """A round with its results, for formats that pair from results."""

    round: Round
    #: White's points per board, in board order (1, 0.5 or 0). For a knockout
    #: match (``round.matches``): 1 if White won the match, 0 if Black did.
    results: tuple[float, ...]
    #: Games each board took (a match with tie-breaks takes more than one).
    games: tuple[int, ...] = ()

    def winners(self) -> list[int]:
        return [
            w if r > 0.5 else b
            for w, b, r in zip(self.round.white, self.round.black, self.results, strict=True)
        ]

    def losers(self) -> list[int]:
        return [
            b if r > 0.5 else w
            for w, b, r in zip(self.round.white, self.round.black, self.results, strict=True)
        ]


@attrs.frozen(kw_only=True)
class Stage:
    """A stage of an event, for ``caddy check``: a format with stages (a group
    stage, then a knockout) says what each stage's pairings must satisfy
    through :meth:`Format.stages`."""

    #: What the stage is called in messages (``group stage``, ``knockout``).
    name: str
    #: The stage's rounds; ``last=None`` runs to the end of the event.
    first: int = 1
    last: int | None = None
    #: Each section (a group, a quad) is a round robin of ``cycles`` cycles:
    #: every pair of a section meets exactly that often once the stage is
    #: complete, and nobody meets a player of another section. No sections:
    #: no pair meets twice within the stage.
    sections: tuple[Section, ...] = ()
    cycles: int = 1

    def holds(self, number: int) -> bool:
        """Whether round ``number`` belongs to the stage."""
        return self.first <= number and (self.last is None or number <= self.last)


#: What one round was for one player (FIDE Handbook C.04 and the TRF
#: result codes of the FIDE Data Exchange Format: ``+``/``-`` forfeits,
#: ``U`` pairing-allocated bye, ``H``/``F``/``Z`` half/full/zero-point byes).
HistoryKind = Literal[
    "played", "forfeit-win", "forfeit-loss", "pab", "half-bye", "zero-bye", "full-bye", "absent"
]


HISTORY_KINDS: tuple[str, ...] = (
    "played",
    "forfeit-win",
    "forfeit-loss",
    "pab",
    "half-bye",
    "zero-bye",
    "full-bye",
    "absent",
)


@attrs.frozen(kw_only=True)
class HistoryEntry:
    """One round of one player's history."""

    round: int
    #: The opponent's pairing number (``None``: no opponent: a bye, an absence).
    opponent: int | None
    #: The colour the player had (``None`` when no game was scheduled).
    colour: Literal["w", "b"] | None
    kind: HistoryKind
    #: The points the round gave the player.
    points: float


@attrs.frozen(kw_only=True)
class PairingPlayer:
    """One player as a pairing engine sees them before the round to pair."""

    #: Pairing number (1-based).
    number: int
    rating: int | None
    #: Points before the round to pair.
    points: float
    #: One entry per round played so far, in round order.
    history: tuple[HistoryEntry, ...]
    #: Not to be paired in the round to pair: an announced bye, a late entry.
    absent: bool = False
    #: Withdrawn: not to be paired in this or any later round.
    withdrawn: bool = False


@attrs.frozen(kw_only=True)
class PairingRequest:
    """Everything a format that pairs from results may need for the next round.

    Built from an event state by :func:`caddy.pairing.request.request_from_state`, and
    from a TRF file by the TRF codec plugin (the hook ``caddy_pairing_input``, see
    :func:`caddy.pairing.file_input.file_pairing`), so one pairing engine serves both.
    """

    #: The round to pair (1-based).
    round: int
    #: Rounds planned for the event (0: open).
    planned_rounds: int
    #: The players, by pairing number (``players[0]`` is number 1).
    players: tuple[PairingPlayer, ...]
    #: The format's options (its ``Options`` class), acceleration included.
    options: Any
    #: White of the top board in round 1 (``None``: drawn or the format's rule).
    initial_colour: Literal["w", "b"] | None = None
    #: Pairs that must not meet (pairing numbers, smaller first).
    forbidden_pairs: frozenset[tuple[int, int]] = frozenset()
    #: The rounds played so far with their results (formats that follow a
    #: bracket, such as a knockout, read these).
    played: tuple[PlayedRound, ...] = ()
    #: The seed of every random choice (the one the event records).
    seed: int | None = None
    #: The players when round 1 was paired (late entrants are numbered after
    #: them; ``None``: every player, as before round 1).
    field: int | None = None
    #: A team event's teams, their results so far and this round's line-ups
    #: (``None``: players only). Team formats pair teams from it.
    teams: TeamPairingContext | None = None

    @property
    def count(self) -> int:
        """The number of players."""
        return len(self.players)

    @classmethod
    def simple(
        cls,
        players: int,
        options: Any,
        played: Sequence[PlayedRound] = (),
        *,
        seed: int | None = None,
    ) -> PairingRequest:
        """A request with only what a bracket needs: ``players`` numbered
        players with no history beyond ``played`` (tests, ``caddy table``)."""
        return cls(
            round=len(played) + 1,
            planned_rounds=0,
            players=tuple(
                PairingPlayer(number=n, rating=None, points=0.0, history=())
                for n in range(1, players + 1)
            ),
            options=options,
            played=tuple(played),
            seed=seed,
        )


def as_request(
    request: PairingRequest | int,
    options: Any = None,
    played: Sequence[PlayedRound] | None = None,
    *,
    seed: int | None = None,
) -> PairingRequest:
    """``request`` itself, or for the older call ``next_round(players, options,
    played, seed=...)`` a :meth:`PairingRequest.simple` built from it, so a
    format's ``next_round`` serves both while callers migrate."""
    if isinstance(request, PairingRequest):
        return request
    return PairingRequest.simple(request, options, played or (), seed=seed)


@runtime_checkable
class Match(Protocol):
    """A board that is a match of several games (:meth:`Format.new_match`):
    a knockout pairing with its tie-break games."""

    #: The seed of a drawing of lots that decides a tied match (core sets it
    #: from the seed the event file records, the round and the board).
    lot_seed: str | None
    #: Whether the match is the event's final (core sets it for board 1 of
    #: the last round; a format may give its final more games).
    final: bool

    def next_game(self) -> tuple[str, int, int] | None:
        """The next game: ``(stage, white, black)``, ``None`` when decided."""
        ...

    def game_at(self, number: int) -> tuple[str, int, int]:
        """Game ``number`` (from 0) of the match: ``(stage, white, black)``."""
        ...

    def record(self, white_points: float) -> None:
        """Record the next game's result (White's points)."""
        ...

    def winner(self) -> int | None:
        """The winner once the match is decided."""
        ...

    def by_lot(self) -> bool:
        """Whether a drawing of lots decided the match."""
        ...
