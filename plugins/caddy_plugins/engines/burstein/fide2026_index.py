"""The Burstein Index as the 2026 text defines it (FIDE Handbook C.04.4.2,
applied from 1 February 2026; docs/burstein.md), for ``burstein_rules=fide-2026``.

- **Seeding rounds** (art. 1.6): the first ``min(total_rounds // 2, 4)``
  rounds are paired by the FIDE (Dutch) system (:func:`seeding_rounds`).
- **The Index** (art. 1.7.1): Buchholz, the sum of the opponents' current
  scores, and Sonneborn-Berger, the sum of the points scored against each
  opponent times that opponent's current score.
- **Unplayed rounds** (art. 1.7.2): each of the player's own unplayed rounds
  (a bye, a forfeit either way) is a game against the player themself: the
  "opponent's" score is the player's own current score, the result the points
  the round gave. The exception (1.7.2 item 3): when a player's consecutive
  zero-point byes reach the current round (the player is not paired in it
  either: withdrawn, or absent again), each one of the previous rounds counts
  as a draw in the player's score as their actual over-the-board opponents see it.
- Virtual (acceleration) points are not part of any score used here.
- **The ranking order** (art. 1.8): Buchholz, then Sonneborn-Berger (both
  descending), then the TPN ascending; the players' scores are not used, so an
  incoming floater is ranked with the residents by its Index alone
  (:class:`Index`, compared by :attr:`Index.key`).
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from caddy_plugins.engines.dutch.model import Kind, PairingRequest, PlayerInput

__all__ = ["Index", "indexes", "opponent_score", "seeding_rounds"]


def seeding_rounds(total_rounds: int) -> int:
    """The number of seeding rounds (art. 1.6.2): half the rounds, rounded down, at most 4."""
    return min(total_rounds // 2, 4)


@attrs.frozen
class Index:
    """One player's Index (art. 1.7) and place in the ranking order (art. 1.8)."""

    tpn: int
    buchholz: Fraction
    sonneborn_berger: Fraction

    @property
    def key(self) -> tuple[Fraction, Fraction, int]:
        """Larger is higher in the ranking order: Buchholz, Sonneborn-Berger, then the lower TPN."""
        return (self.buchholz, self.sonneborn_berger, -self.tpn)


def _zero_bye_run(p: PlayerInput) -> int:
    """How many consecutive zero-point byes end the history of a player who is
    not paired in the current round either (the series reaches the current round)."""
    run = 0
    if p.present:
        return run
    for e in reversed(p.history):
        if e.kind is not Kind.ZERO_BYE:
            break
        run += 1
    return run


def opponent_score(p: PlayerInput, draw: Fraction) -> Fraction:
    """``p``'s score as its over-the-board opponents count it (art. 1.7.2 item 3):
    a run of zero-point byes up to the current round counts as draws."""
    run = _zero_bye_run(p)
    if not run:
        return Fraction(p.points)
    return (
        Fraction(p.points)
        - sum((Fraction(e.points) for e in p.history[-run:]), Fraction(0))
        + run * draw
    )


def indexes(request: PairingRequest) -> dict[int, Index]:
    """The Index of every player in the request, before the round to pair."""
    by_tpn = {p.tpn: p for p in request.players}
    draw = Fraction(request.points.draw)
    seen = {tpn: opponent_score(p, draw) for tpn, p in by_tpn.items()}
    out: dict[int, Index] = {}
    for p in request.players:
        buchholz = Fraction(0)
        sonneborn_berger = Fraction(0)
        for e in p.history:
            if e.kind.played and e.opponent is not None:
                theirs = seen[e.opponent]
            else:
                theirs = Fraction(p.points)
            buchholz += theirs
            sonneborn_berger += Fraction(e.points) * theirs
        out[p.tpn] = Index(tpn=p.tpn, buchholz=buchholz, sonneborn_berger=sonneborn_berger)
    return out
