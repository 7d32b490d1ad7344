"""Input and output types of the Dutch pairing engine (independent of caddy's event models).

Vocabulary follows the FIDE Handbook: C.04.1 (basic rules for Swiss systems),
C.04.2 (general handling rules), C.04.3 (FIDE Dutch system, rules applied from
1 February 2026). Points are exact (:class:`fractions.Fraction`), so ½ points
and unusual point systems never meet float rounding.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from typing import Literal

import attrs

__all__ = [
    "Colour",
    "Entry",
    "Kind",
    "NoValidPairingError",
    "Pairing",
    "PairingRequest",
    "PlayerInput",
    "PointSystem",
]

#: ``"w"`` White, ``"b"`` Black.
Colour = Literal["w", "b"]


class Kind(enum.Enum):
    """What happened to a player in one round (C.04.2 3.4-3.5, C.04.3 1.4.3)."""

    #: A game was played (any over-the-board result). Counts for colours and rematches.
    PLAYED = "played"
    #: Forfeit win against a paired opponent who did not appear: not a game (C.04.2 3.5).
    FORFEIT_WIN = "forfeit_win"
    #: Forfeit loss: not a game.
    FORFEIT_LOSS = "forfeit_loss"
    #: Pairing-allocated bye (C.04.1 rule 3).
    PAB = "pab"
    #: Requested half-point bye.
    HALF_BYE = "half_bye"
    #: Requested full-point bye.
    FULL_BYE = "full_bye"
    #: Zero-point bye, announced absence, or not in the event yet.
    ZERO_BYE = "zero_bye"

    @property
    def played(self) -> bool:
        """A game that counts for colours and the no-rematch rule (C.04.1 rule 2)."""
        return self is Kind.PLAYED

    @property
    def paired(self) -> bool:
        """The player took part in that round's pairing (paired, even by forfeit, or got the PAB)."""
        return self in (Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.PAB)


@attrs.frozen
class Entry:
    """One round of a player's history."""

    kind: Kind
    #: Points scored in that round (exact).
    points: Fraction
    #: Opponent's TPN for played games and forfeits, else ``None``.
    opponent: int | None = None
    #: Colour of a played game (forfeits keep theirs but it is ignored), else ``None``.
    colour: Colour | None = None


@attrs.frozen
class PlayerInput:
    """One participant as the engine needs it."""

    #: Tournament pairing number (C.04.2 2.3), 1-based, unique.
    tpn: int
    #: Points before the round to pair (exact); must equal the sum of ``history`` points.
    points: Fraction
    #: Rounds 1 .. r-1, in order.
    history: tuple[Entry, ...] = ()
    #: False for announced absences and withdrawn players (C.04.2 3.2-3.3): not paired.
    present: bool = True
    #: Rating (informative only: the TPN already encodes the ranking).
    rating: int = 0


@attrs.frozen
class PointSystem:
    """Points for a win, a draw, a loss and the pairing-allocated bye (C.04.1 rules 3-4)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)


@attrs.frozen
class PairingRequest:
    """Everything needed to pair one round with the Dutch system."""

    #: Round to pair (1-based); every player's history has ``round_number - 1`` entries.
    round_number: int
    #: Planned number of rounds (C.04.1 rule 1; the last-round rules of C.04.3 depend on it).
    total_rounds: int
    players: tuple[PlayerInput, ...]
    #: Colour drawn for TPN 1 (C.04.3 5.1), used by rule 5.2.5.
    initial_colour: Colour = "w"
    points: PointSystem = PointSystem()
    #: Pairs of TPNs that must not meet (an absolute criterion, like C1).
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    #: Virtual points for pairing (C.04.7 acceleration): ``(tpn, round) -> points``.
    #: Rounds before the current one are used to classify past floats.
    acceleration: Mapping[tuple[int, int], Fraction] = attrs.field(factory=dict)


@attrs.frozen
class Pairing:
    """The engine's answer for one round."""

    #: ``(white TPN, black TPN)`` in board order (C.04.2 3.6).
    pairs: tuple[tuple[int, int], ...]
    #: TPN of the pairing-allocated bye, or ``None``.
    bye: int | None
    #: How the pairing was reached (see :class:`caddy_plugins.engines.dutch.dutch.Explanation`).
    explanation: object = attrs.field(default=None, eq=False, repr=False)


class NoValidPairingError(ValueError):
    """No pairing satisfies the absolute criteria C1-C3 (C.04.3 1.9.3: the arbiter decides)."""
