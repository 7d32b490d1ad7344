"""The Burstein Index of each player, the seeding rounds' virtual points, and
the order inside a scoregroup (FIDE Handbook C.04.4.2, docs/burstein.md).

Everything here follows the FIDE-endorsed engine's reading (bbpPairings
``--burstein``), the one :mod:`caddy_plugins.engines.burstein` is checked
against:

- **Seeding rounds**: in rounds 1 and 2 the top half of the players who took
  part in round 1's pairing (by pairing number) get virtual points worth a
  win (:func:`seeding_acceleration`), so each of those rounds pairs two
  "virtual scoregroups" top against bottom. Explicit acceleration replaces it.
- **The Index**: Sonneborn-Berger, then Buchholz, then Median Buchholz
  (Buchholz without its highest and lowest value; 0 until 3 rounds are
  played), then the pairing number. An opponent's score counts an unplayed
  game as a draw; an unplayed game of the player counts a virtual opponent
  (the player's score before that round, the round's opposite result, then
  draws), as FIDE's 2009 rule on unplayed games defined it (Swiss Pairings
  Programs Committee, Kallithea Congress 2009).
- Between a player and a floater from a higher scoregroup the Buchholz and
  Median values are weighed by each one's score (:class:`IndexKey`).

Values are integers in units of ``1/unit`` points (products in ``1/unit²``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

import attrs

from caddy_plugins.engines.dutch.model import Entry, Kind, PairingRequest

__all__ = ["IndexKey", "merge_sort", "outranks", "player_indexes", "seeding_acceleration"]

#: Results of an unplayed round, as the player scored it.
_WON = (Kind.FORFEIT_WIN, Kind.PAB, Kind.FULL_BYE)
_DRAWN = (Kind.HALF_BYE,)

T = TypeVar("T")


def seeding_acceleration(request: PairingRequest) -> dict[tuple[int, int], Fraction]:
    """The virtual points of the seeding rounds (rounds 1 and 2), ``(tpn, round) -> points``.

    The top half of the players in round 1's pairing, by pairing number, get a
    win's points in rounds 1 and 2 (players absent from round 1 who are passed
    on the way down get them too, without counting).
    """
    if request.round_number > 2:
        return {}

    def in_round_one(tpn: int, history: Sequence[Entry], present: bool) -> bool:
        return history[0].kind.paired if history else present

    players = sorted(request.players, key=lambda p: p.tpn)
    taking_part = [in_round_one(p.tpn, p.history, p.present) for p in players]
    bound = sum(taking_part)
    out: dict[tuple[int, int], Fraction] = {}
    if bound <= 1:
        return out
    for p, counted in zip(players, taking_part, strict=True):
        out[(p.tpn, request.round_number)] = Fraction(request.points.win)
        if counted:
            bound -= 2
            if bound <= 1:
                break
    return out


@attrs.frozen
class IndexKey:
    """One player's place in a scoregroup: compare with :func:`outranks`."""

    tpn: int
    rank: int
    score: int
    sonneborn_berger: int
    buchholz: int
    median: int


def outranks(a: IndexKey, b: IndexKey) -> bool:
    """``a`` stands above ``b`` in a scoregroup (a floater from above included)."""
    if a.score == b.score:
        return (a.sonneborn_berger, a.buchholz, a.median, -a.rank) > (
            b.sonneborn_berger,
            b.buchholz,
            b.median,
            -b.rank,
        )
    return (a.sonneborn_berger, a.buchholz * a.score, a.median * a.score, -a.rank) > (
        b.sonneborn_berger,
        b.buchholz * b.score,
        b.median * b.score,
        -b.rank,
    )


def player_indexes(
    request: PairingRequest,
    unit: int,
    acceleration: Mapping[tuple[int, int], Fraction],
    ranks: Mapping[int, int],
) -> dict[int, IndexKey]:
    """Each ranked player's :class:`IndexKey` before the round to pair."""
    points = request.points
    played_rounds = request.round_number - 1

    def u(x: Fraction) -> int:
        return int(Fraction(x) * unit)

    draw = u(points.draw)

    def extra(tpn: int) -> int:
        return u(acceleration.get((tpn, request.round_number), Fraction(0)))

    adjusted: dict[int, int] = {}
    for p in request.players:
        if p.tpn in ranks:
            adjusted[p.tpn] = extra(p.tpn) + sum(
                u(e.points) if e.kind.played else draw for e in p.history
            )
        else:
            adjusted[p.tpn] = 0

    def virtual_result(e: Entry) -> int:
        """The virtual opponent's points in the player's unplayed round."""
        if e.kind in _DRAWN:
            return draw
        if e.kind not in _WON:
            return u(points.win)
        if e.kind is Kind.PAB and points.pab < points.win:
            return u(points.win) if points.pab < points.draw else draw
        return u(points.loss)

    keys: dict[int, IndexKey] = {}
    for p in request.players:
        if p.tpn not in ranks:
            continue
        virtual = (played_rounds - 1) * draw + extra(p.tpn)
        sb = bh = 0
        low: int | None = None
        high = 0
        for e in p.history:
            mine = u(e.points)
            if e.kind.played:
                assert e.opponent is not None
                theirs = adjusted[e.opponent]
            else:
                theirs = virtual + virtual_result(e)
            sb += theirs * mine
            bh += theirs
            low = theirs if low is None else min(low, theirs)
            high = max(high, theirs)
            virtual += mine - draw
        median = bh - (low or 0) - high if played_rounds > 2 else 0
        keys[p.tpn] = IndexKey(
            tpn=p.tpn,
            rank=ranks[p.tpn],
            score=u(p.points) + extra(p.tpn),
            sonneborn_berger=sb,
            buchholz=bh,
            median=median,
        )
    return keys


def merge_sort(items: list[T], before: Callable[[T, T], bool]) -> list[T]:
    """Sort ``items`` so that ``before(x, y)`` puts x first, merging runs of
    doubling length bottom-up and keeping the earlier of two equal items first
    (the order of a C++ standard library ``list::sort``). The Index order is not
    transitive when a floater's Sonneborn-Berger ties with a resident's; this
    merge order decides those cases as the reference engine does."""
    buckets: list[list[T]] = []
    for item in items:
        carry = [item]
        level = 0
        while level < len(buckets) and buckets[level]:
            carry = _merge(buckets[level], carry, before)
            buckets[level] = []
            level += 1
        if level == len(buckets):
            buckets.append(carry)
        else:
            buckets[level] = carry
    out: list[T] = []
    for bucket in buckets:
        out = _merge(bucket, out, before)
    return out


def _merge(first: list[T], second: list[T], before: Callable[[T, T], bool]) -> list[T]:
    """Merge ``second`` into ``first``: an item of ``second`` goes ahead only when strictly before."""
    out: list[T] = []
    i = j = 0
    while i < len(first) and j < len(second):
        if before(second[j], first[i]):
            out.append(second[j])
            j += 1
        else:
            out.append(first[i])
            i += 1
    out.extend(first[i:])
    out.extend(second[j:])
    return out
