"""Input and output types of the team-Swiss pairing engine (independent of caddy's event models).

Vocabulary follows the FIDE Handbook C.04.6 *Swiss Team Pairing System* (rules applied from
1 February 2026) and C.04.7 (Baku acceleration). Scores are exact
(:class:`fractions.Fraction`): match points (MP) and game points (GP) are never rounded.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Literal

import attrs

__all__ = [
    "Colour",
    "NoTeamPairingError",
    "TeamInput",
    "TeamPairing",
    "TeamPairingRequest",
    "TeamRound",
]

#: ``"w"`` the team had White on board 1 (C.04.6 1.6.1), ``"b"`` Black.
Colour = Literal["w", "b"]


@attrs.frozen
class TeamRound:
    """One past round of a team, as the pairing sees it.

    ``opponent`` and ``colour`` are set only for a match actually played (C.04.6 1.6: a
    forfeited match, a bye or an absence gives no colour and is no meeting).
    """

    #: Primary score scored in that round (MP when MP are primary), exact.
    primary: Fraction = Fraction(0)
    #: Secondary score scored in that round (GP when MP are primary).
    secondary: Fraction = Fraction(0)
    #: Opponent's TPN of a played match, else ``None``.
    opponent: int | None = None
    #: Board-1 colour of a played match, else ``None``.
    colour: Colour | None = None
    #: The team received the pairing-allocated bye (C.04.6 1.4).
    pab: bool = False
    #: The team won the match by forfeit (C.04.6 2.1.2 [C2]).
    forfeit_win: bool = False
    #: The team was given a full-point bye (C.04.6 2.1.2 [C2]).
    full_bye: bool = False


@attrs.frozen
class TeamInput:
    """One team as the engine needs it."""

    #: Team pairing number (C.04.6 1.1), 1-based, unique.
    tpn: int
    #: Primary score before the round to pair (C.04.6 1.2).
    primary: Fraction = Fraction(0)
    #: Secondary score before the round to pair (used by C.04.6 4.2.2 only).
    secondary: Fraction = Fraction(0)
    #: Rounds 1 .. r-1, in order.
    history: tuple[TeamRound, ...] = ()


@attrs.frozen
class TeamPairingRequest:
    """Everything needed to pair one round with the Swiss Team Pairing System."""

    #: Round to pair (1-based); every team's history has ``round_number - 1`` entries.
    round_number: int
    #: Planned number of rounds ([C7] and [C10] do not apply in the last two rounds).
    total_rounds: int
    #: Every team of the event (absent ones too: their history matters to their opponents).
    teams: tuple[TeamInput, ...]
    #: TPNs of the teams to pair this round (announced byes and absent teams left out).
    to_pair: frozenset[int]
    #: Pairs of TPNs that must not meet (treated like [C1]).
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    #: Virtual points (C.04.7 Baku acceleration, MP primary only): ``(tpn, round) -> MP``.
    #: The current round's values enter the pairing scores; earlier rounds' values
    #: classify the floats of those rounds (C.04.6 1.5).
    acceleration: Mapping[tuple[int, int], Fraction] = attrs.field(factory=dict)
    #: The initial-colour drawn before round 1 (C.04.6 4.1).
    initial_colour: Colour = "w"
    #: Colour preference type (C.04.6 1.7): ``"A"`` (default), ``"B"`` or ``"none"``.
    colour_preference: Literal["A", "B", "none"] = "A"
    #: Which score is primary (C.04.6 1.2); only recorded, the scores come in already chosen.
    primary: Literal["MP", "GP"] = "MP"
    #: Whether the secondary score decides the first-team (C.04.6 4.2.2).
    use_secondary: bool = True

    # -- readings of the rules (defaults: the C.04.6 text applied from 1 February 2026) --
    #: C.04.6 4.3.1, the TPN whose parity picks the initial-colour: ``"tpn"`` the team's
    #: own TPN (the text; 1.1.3 keeps the TPN of an absent team), ``"present"`` its
    #: number among the teams paired this round (the individual rules' reading, where
    #: the numbering counts the participants that have arrived).
    initial_colour_parity: Literal["tpn", "present"] = "tpn"
    #: C.04.6 4.3.6, "the most recent time in which one team had White and the other
    #: Black": ``"played"`` compares the sequences of played matches (C.04.6 1.6, as the
    #: General Handling Rules 3.4 read colour histories) from the latest one back;
    #: ``"rounds"`` compares round by round, skipping rounds where either did not play.
    colour_history: Literal["played", "rounds"] = "played"
    #: C.04.6 4.3.8 and 4.3.9, "alternate the colour", read with C.04.1 Art. 8, which the
    #: C.04.6 Preface keeps for teams (it leaves out Arts. 6 and 7 only): in general a
    #: participant is given the colour it has had fewer times, and the colour alternating
    #: with its last one when its colours are balanced. ``False`` alternates the team's
    #: last colour (the text); ``True`` gives it the colour it has had fewer times and
    #: alternates only when its colour difference is 0.
    balance_colours: bool = False
    #: C.04.6 4.2, the first-team by primary then secondary score: ``False`` compares the
    #: scores as they stand (the text); ``True`` leaves out the points of a
    #: pairing-allocated bye (1.4: points the pairing awards, with no opponent), so the
    #: first-team is the one that scored more in its matches and other byes.
    first_team_without_pab: bool = False
    #: [C7] (2.3.4) and [C10] (2.3.7) do not apply in this many final rounds (the text: 2).
    float_exempt_rounds: int = 2
    #: [C8] (2.3.5) and [C9] (2.3.6) do not apply in this many final rounds (the text: 0,
    #: they always apply).
    colour_exempt_rounds: int = 0
    #: [C6] (2.3.3) read with colours (3.5.5): among the upfloater sets that comply with
    #: [C6] equally, prefer (before [C7] and the 3.5.4 order) the one that leaves the
    #: following scoregroup, when what is left of it is even and paired on its own, the
    #: fewest [C8] failures - a look-ahead the text does not ask for.
    upfloater_lookahead: bool = False


@attrs.frozen
class TeamPairing:
    """The engine's answer for one round."""

    #: ``(team with White on board 1, other team)`` TPNs, higher scores first.
    pairs: tuple[tuple[int, int], ...]
    #: TPN of the team given the pairing-allocated bye, or ``None``.
    bye: int | None
    #: One line per decision (bye, brackets, upfloaters), for ``--explain``-style output.
    explain: tuple[str, ...] = attrs.field(default=(), eq=False, repr=False)


class NoTeamPairingError(ValueError):
    """No pairing satisfies [C1]-[C3] (C.04.6 3.3.3: the Chief Arbiter decides)."""
