"""FIDE Burstein Swiss pairing by the text applied from 1 February 2026 (FIDE
Handbook C.04.4.2, C040402202602): ``swiss --option system=burstein --option
burstein_rules=fide-2026``. docs/burstein.md has the rules and where this
reading differs from the engine's (:mod:`.burstein`, the default).

Entry point: :func:`pair_round`, with the Dutch engine's request and answer
types (:mod:`caddy_plugins.engines.dutch.model`). How a round is paired:

1. Seeding rounds (art. 1.6): the first ``min(total_rounds // 2, 4)`` rounds
   are paired by the FIDE (Dutch) system, as the Dutch engine pairs them.
2. After them, each player's Index (art. 1.7: Buchholz, Sonneborn-Berger, own
   unplayed rounds as games against oneself; :mod:`.fide2026_index`) gives the
   ranking order (art. 1.8: Buchholz, Sonneborn-Berger, TPN).
3. With an odd number of players the pairing-allocated bye is assigned first
   (art. 3.1): to a player who may have it ([C2]: no earlier PAB and no
   unplayed round that scored a win's points, so a full-point bye or forfeit
   win bars it), whose absence leaves the others pairable ([C4]), with the
   lowest score, then the most games played, then the lowest in the ranking.
4. The brackets, from the top (arts. 2-4, :mod:`.fide2026_brackets`).
5. Colours (art. 5.2, :func:`choose_colour`).

Pairing scores include the request's acceleration (virtual points) as for the
Dutch system; the Index never does.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import attrs

from caddy_plugins.engines.burstein.burstein import BursteinExplanation, coloured_pairing
from caddy_plugins.engines.burstein.fide2026_brackets import BracketResult, pair_brackets
from caddy_plugins.engines.burstein.fide2026_index import Index, indexes, seeding_rounds
from caddy_plugins.engines.burstein.groups import solve
from caddy_plugins.engines.dutch.dutch import pair_round as dutch_pair_round
from caddy_plugins.engines.dutch.model import (
    Colour,
    NoValidPairingError,
    Pairing,
    PairingRequest,
)
from caddy_plugins.engines.dutch.players import PlayerState, build_players, invert, units

__all__ = ["Fide2026Explanation", "SeedingExplanation", "choose_colour", "pair_round"]

#: Strength of a colour preference (art. 1.5): none, mild, strong, absolute.
_NONE, _MILD, _STRONG, _ABSOLUTE = range(4)


@attrs.frozen
class Fide2026Explanation(BursteinExplanation):
    """How a round was paired by the 2026 text; :meth:`lines` renders it as text."""

    def lines(self) -> list[str]:
        out = [
            f"Round {self.round_number} (Burstein system, FIDE Handbook C.04.4.2 "
            "applied from 1 February 2026)"
        ]
        out.extend(f"  {line}" for line in self.brackets)
        if self.bye is not None:
            out.append(
                f"  PAB: {self.bye} (art. 3.1: may have it, leaves the others pairable, "
                "lowest score, most games, lowest in the ranking)"
            )
        out.extend(f"  colours {note}" for note in self.colour_notes)
        return out


@attrs.frozen
class SeedingExplanation:
    """A seeding round (art. 1.6): a line saying so, then the Dutch engine's explanation."""

    seeding_rounds: int
    dutch: object

    def lines(self) -> list[str]:
        inner = getattr(self.dutch, "lines", None)
        head = (
            f"Burstein seeding round (FIDE Handbook C.04.4.2 applied from 1 February 2026, "
            f"art. 1.6: rounds 1-{self.seeding_rounds} are paired by the FIDE Dutch system)"
        )
        return [head, *(inner() if callable(inner) else [])]


def _strength(p: PlayerState) -> int:
    if p.pref is None:
        return _NONE
    if p.absolute:
        return _ABSOLUTE
    return _STRONG if p.strong else _MILD


def choose_colour(
    p: PlayerState, o: PlayerState, p_ranks_higher: bool, initial: Colour, points_first: bool
) -> tuple[str, str]:
    """Colour for ``p`` against ``o`` by art. 5.2, with the rule that decided.

    ``p_ranks_higher``: ``p`` is higher in the art. 1.8 ranking (5.2.5);
    ``points_first``: ``p`` is the higher ranked player of 5.2.1 (more points,
    then the smaller TPN).
    """
    if not p.colours and not o.colours:
        top = p if points_first else o
        colour = initial if top.tpn % 2 else (invert(initial) or "w")
        return (colour if top is p else invert(colour) or "w"), "5.2.1 initial colour by TPN"
    if p.pref is not None and o.pref is not None and p.pref != o.pref:
        return p.pref, "5.2.2 both preferences granted"
    sp, so = _strength(p), _strength(o)
    if sp != so:
        if sp > so:
            return p.pref or "w", "5.2.3 stronger preference granted"
        return invert(o.pref) or "w", "5.2.3 stronger preference granted"
    for mine, theirs in zip(p.colours[::-1], o.colours[::-1], strict=False):
        if mine != theirs:
            return theirs, "5.2.4 alternate from the latest round with different colours"
    if p_ranks_higher:
        return p.pref or "w", "5.2.5 the higher ranked player's preference"
    return invert(o.pref) or "w", "5.2.5 the higher ranked player's preference"


def _allowed(request: PairingRequest) -> Callable[[PlayerState, PlayerState], bool]:
    """[C1]-[C3] (art. 2.1) and the request's forbidden pairs."""
    forbidden = {pair for pair in request.forbidden_pairs if len(pair) == 2}

    def allowed(a: PlayerState, b: PlayerState) -> bool:
        if b.tpn in a.met or frozenset((a.tpn, b.tpn)) in forbidden:
            return False
        return not (a.absolute and b.absolute and a.pref == b.pref)

    return allowed


def _pairable(
    players: list[PlayerState], allowed: Callable[[PlayerState, PlayerState], bool]
) -> bool:
    """Whether ``players`` can all be paired under C1-C3 ([C4])."""
    weights = {
        (a, b): 1
        for a in range(len(players))
        for b in range(a + 1, len(players))
        if allowed(players[a], players[b])
    }
    return len(solve(weights, list(range(len(players))))) == len(players)


def _bye(
    states: list[PlayerState],
    key: Callable[[PlayerState], tuple[Fraction, Fraction, int]],
    allowed: Callable[[PlayerState, PlayerState], bool],
) -> PlayerState:
    """The pairing-allocated bye (art. 3.1.1-3.1.5)."""
    candidates = sorted(
        (s for s in states if s.eligible), key=lambda s: (s.score, -s.played, key(s))
    )
    for s in candidates:
        if _pairable([t for t in states if t is not s], allowed):
            return s
    raise NoValidPairingError("no player can get the pairing-allocated bye (art. 3.1)")


def pair_round(request: PairingRequest, *, plain: bool = False) -> Pairing:
    """Pair one round by the 2026 Burstein text.

    Each bracket is paired by one maximum-weight matching (:mod:`.fold`);
    ``plain`` pairs it by one matching per member, art. 4.3 word for word
    (the same pairs: the reference the tests compare with).

    Raises :class:`NoValidPairingError` when no pairing satisfies the absolute
    criteria; :class:`ValueError` for inconsistent input.
    """
    seeding = seeding_rounds(request.total_rounds)
    if request.round_number <= seeding:
        pairing = dutch_pair_round(request)
        return attrs.evolve(pairing, explanation=SeedingExplanation(seeding, pairing.explanation))
    states, _, _ = build_players(request, units(request))
    index = indexes(request)

    def key(s: PlayerState) -> tuple[Fraction, Fraction, int]:
        return index[s.tpn].key

    allowed = _allowed(request)
    bye: PlayerState | None = None
    if len(states) % 2:
        bye = _bye(states, key, allowed)
        states = [s for s in states if s is not bye]
    order = sorted(states, key=lambda s: (s.score, key(s)), reverse=True)
    pairs, brackets = pair_brackets(order, key, allowed, plain=plain)
    choices = []
    for a, b in pairs:
        first = (a.real, -a.tpn) > (b.real, -b.tpn)
        choices.append((a, b, *choose_colour(a, b, key(a) > key(b), request.initial_colour, first)))
    boards, notes = coloured_pairing(choices)
    return Pairing(
        pairs=boards,
        bye=None if bye is None else bye.tpn,
        explanation=Fide2026Explanation(
            round_number=request.round_number,
            seeded=(),
            brackets=tuple(_note(r, index, units(request)) for r in brackets),
            colour_notes=tuple(notes),
            bye=None if bye is None else bye.tpn,
        ),
    )


def _note(result: BracketResult, index: dict[int, Index], unit: int) -> str:
    def num(x: Fraction) -> str:
        return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"

    def member(tpn: int) -> str:
        i = index[tpn]
        return f"{tpn} (Bh {num(i.buchholz)}, SB {num(i.sonneborn_berger)})"

    head = f"bracket {num(Fraction(result.score, unit))}: " + ", ".join(
        member(t) for t in result.members
    )
    if result.incoming:
        head += "; floaters from above " + " ".join(map(str, result.incoming))
    head += "; pairs " + (" ".join(f"{a}-{b}" for a, b in result.pairs) or "none")
    if result.floaters:
        head += "; float down " + " ".join(map(str, result.floaters))
    return head
