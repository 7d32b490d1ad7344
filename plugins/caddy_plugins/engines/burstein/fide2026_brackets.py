"""Pairing the brackets of a Burstein round by the 2026 text (FIDE Handbook
C.04.4.2, applied from 1 February 2026, arts. 2-4; docs/burstein.md).

The brackets are paired from the top. A bracket is the highest remaining
scoregroup's residents plus the incoming floaters left over from the bracket
above (art. 1.2). One maximum-weight matching over the bracket and every
player below it weighs each pair by the criteria, most important first, each
field of the weight above any sum of the fields below it:

1. [C4] completion (art. 2.2.1): every remaining player is paired;
2. [C5] (art. 2.3.1) the number of pairs inside the bracket;
3. [C6] (art. 2.3.2) the scores of the bracket's players paired inside it,
   one digit per score, the highest score most significant (so the outgoing
   floaters' scores, taken in descending order, are as low as possible);
4. [C7] (art. 2.3.3) the next bracket (the outgoing floaters and the next
   scoregroup) can comply with C5 and C6: the number of its pairs, then the
   scores of the outgoing floaters paired in it;
5. [C8] (art. 2.3.4) the number of the bracket's pairs in which both players
   get their colour preference (one player misses it in every other pair);
6. the order of art. 4.3: the players are numbered by the ranking order
   (BSN 1, 2, ...; art. 4.1) and, from BSN 1 down, each player still free
   takes the opponent with the largest BSN that an optimal matching allows; a
   player that an optimal matching leaves outside the bracket floats (its
   opponent is one of art. 4.2's virtual players of BSN 0, after every real one).

[C1]-[C3] (art. 2.1; no rematch, the request's forbidden pairs, no two players
with the same absolute colour preference) are edges left out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from caddy_plugins.engines.burstein.fold import fold_weights
from caddy_plugins.engines.burstein.groups import Weights, solve
from caddy_plugins.engines.dutch.model import NoValidPairingError
from caddy_plugins.engines.dutch.players import PlayerState

__all__ = ["BracketResult", "near_fold", "pair_brackets"]


@attrs.frozen
class BracketResult:
    """One bracket: its players in BSN order, the pairs made, the floaters out."""

    score: int
    members: tuple[int, ...]
    incoming: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    floaters: tuple[int, ...]


def pair_brackets(
    order: Sequence[PlayerState],
    rank: Callable[[PlayerState], tuple[object, ...]],
    allowed: Callable[[PlayerState, PlayerState], bool],
    *,
    plain: bool = False,
) -> tuple[list[tuple[PlayerState, PlayerState]], list[BracketResult]]:
    """Pair ``order`` (every player to pair, an even number) bracket by bracket:
    each bracket by one maximum-weight matching (:mod:`.fold`), or with
    ``plain`` by one per member (art. 4.3 word for word; the same pairs).

    ``rank(p)`` is the art. 1.8 ranking key (larger is higher); ``allowed(a, b)``
    tells whether C1-C3 let a and b meet. Raises :class:`NoValidPairingError`
    when the players cannot all be paired.
    """
    remaining = list(order)
    incoming: list[PlayerState] = []
    pairs: list[tuple[PlayerState, PlayerState]] = []
    results: list[BracketResult] = []
    while remaining:
        below_in = [p for p in remaining if p not in incoming]
        score = max(p.score for p in below_in)
        residents = [p for p in below_in if p.score == score]
        bracket = sorted(incoming + residents, key=rank, reverse=True)
        below = [p for p in remaining if p not in bracket]
        made, floaters = _pair_bracket(bracket, below, allowed, plain)
        pairs.extend(made)
        results.append(
            BracketResult(
                score=score,
                members=tuple(p.tpn for p in bracket),
                incoming=tuple(p.tpn for p in incoming),
                pairs=tuple((a.tpn, b.tpn) for a, b in made),
                floaters=tuple(p.tpn for p in floaters),
            )
        )
        paired = {p.tpn for pair in made for p in pair}
        remaining = [p for p in remaining if p.tpn not in paired]
        incoming = floaters
    return pairs, results


def near_fold(
    weights: Weights, size: int, lower: list[int], n: int, complete: int
) -> dict[int, int] | None:
    """The members' partners by one matching of the bracket (``0 .. size-1``) and the
    next scoregroup (``lower``) only, or None when that does not prove the answer.

    Every pair weighs ``complete`` plus a bonus, and only pairs inside the bracket and
    the next scoregroup have one. Take the best matching of those players by bonus
    (and the order of art. 4.3, :mod:`.fold`), not all of them paired; if the players
    it leaves and those below can all be paired among themselves (greedily: no bonus
    to lose there), the two together pair everyone with the largest bonus any pairing
    of everyone can have: an optimal matching of the whole, whose members' partners
    are the only ones an optimal matching can give (:mod:`.fold`).
    """
    near = [*range(size), *lower]
    where = set(near)
    bonus = {key: w - complete for key, w in weights.items() if key[0] in where and key[1] in where}
    mates = solve(fold_weights(bonus, near, near[:size]), near)
    free = [v for v in near if v not in mates] + [v for v in range(size, n) if v not in where]
    taken: set[int] = set()
    for i, v in enumerate(free):  # the players left, paired greedily
        if v in taken:
            continue
        u = next((u for u in free[i + 1 :] if u not in taken and (v, u) in weights), None)
        if u is None:
            return None
        taken.update((v, u))
        mates[v], mates[u] = u, v
    return mates


def _pair_bracket(
    bracket: list[PlayerState],
    below: list[PlayerState],
    allowed: Callable[[PlayerState, PlayerState], bool],
    plain: bool,
) -> tuple[list[tuple[PlayerState, PlayerState]], list[PlayerState]]:
    """The pairs of one bracket (the higher BSN first) and its outgoing floaters."""
    players = bracket + below
    n = len(players)
    size = len(bracket)
    next_score = max((p.score for p in below), default=None)
    lower = {v for v in range(size, n) if players[v].score == next_score}
    classes = {s: i for i, s in enumerate(sorted({p.score for p in bracket}))}
    radix = n + 2
    fold = 1
    colours = radix
    c7_scores = colours * radix
    c7_pairs = c7_scores * radix ** len(classes)
    c6 = c7_pairs * radix
    c5 = c6 * radix ** len(classes)
    complete = c5 * radix

    def digit(v: int) -> int:
        return int(radix ** classes[players[v].score])

    weights: Weights = {}
    for a in range(n):
        for b in range(a + 1, n):
            x, y = players[a], players[b]
            if not allowed(x, y):
                continue
            w = complete
            if b < size:
                w += c5 + c6 * (digit(a) + digit(b))
                if x.pref is None or y.pref is None or x.pref != y.pref:
                    w += colours
            elif a < size and b in lower:
                w += c7_pairs + c7_scores * digit(a)
            elif a in lower and b in lower:
                w += c7_pairs
            weights[(a, b)] = w
    alive = list(range(n))
    # One matching gives every member's partner (:mod:`.fold`), of the bracket and the
    # next scoregroup only when that proves the answer; plain: one per member.
    folded: dict[int, int] | None = None
    if not plain:
        folded = near_fold(weights, size, sorted(lower), n, complete)
        if folded is None:
            folded = solve(fold_weights(weights, alive, alive[:size]), alive)
    if len(folded if folded is not None else solve(weights, alive)) != n:
        raise NoValidPairingError(
            "the players cannot all be paired without a rematch, a forbidden pair "
            "or two equal absolute colour preferences"
        )
    fixed: set[int] = set()
    made: list[tuple[PlayerState, PlayerState]] = []
    floaters: list[PlayerState] = []
    for v in range(size):
        if v in fixed:
            continue
        if folded is not None:
            mate: int | None = folded[v]
        else:
            trial = dict(weights)
            for w in range(v + 1, size):
                if w not in fixed and (v, w) in trial:
                    trial[(v, w)] += fold * (w - v)
            mate = solve(trial, alive).get(v)
        fixed.add(v)
        if mate is not None and mate < size:
            fixed.add(mate)
            made.append((players[v], players[mate]))
            alive = [u for u in alive if u not in (v, mate)]
        else:
            floaters.append(players[v])
            for w in range(size):
                weights.pop((min(v, w), max(v, w)), None)
    return made, floaters
