"""A bracket's best candidate found in the Article 4 order, without a matching (FIDE Handbook C.04.3).

:func:`first_optimal_candidate` walks the candidates of one bracket in generation order
(the MDPs each with the highest resident possible, 4.4; then the transpositions of S2,
4.2: S1's first player with the highest S2 player possible, then the second ...) and
stops at the first whose every quality criterion reaches a bound that no candidate can
beat (3.4, "no criterion can be improved"). The bounds are counts:

- C6-C9 and the float criteria C14-C21 are at their best when every MDP meets a
  resident who did not float up in the last two rounds (no MDP with a downfloat of its
  own in those rounds), every resident is paired but, in an odd bracket, one S2 player
  with no downfloat in those rounds (with the fewest unplayed games when C9 applies);
  then each of these criteria sums per player terms that no other candidate can raise;
- C10, C12 and C13 cannot fail fewer times than a count of the players with the same
  colour preference allows (:func:`colour_floor`); C11 is asked never to fail.

Such a candidate is what the bracket's matchings would choose (their weights put these
criteria first and the generation order below them), so the bracket is paired by it.
Once the colour failures allowed are spent, the rest of the walk is exact: the first
perfect matching, in the transposition order, of the pairs that fail nothing
(:func:`first_perfect_matching`). When none is found within a few steps per player, or
the players below cannot take the downfloater or be completed (C8, C4), the caller
solves the matchings as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import and_, itemgetter

from caddy_plugins.engines.dutch.bipartite import first_perfect_matching
from caddy_plugins.engines.dutch.criteria import colour_criteria
from caddy_plugins.engines.dutch.players import DOWN, UP, PlayerState
from caddy_plugins.engines.dutch.solving import Round

__all__ = [
    "colour_failures",
    "colour_floor",
    "count_kinds",
    "first_optimal_candidate",
    "first_perfect_matching",
]

#: Steps allowed per bracket member before giving up (the matchings then decide).
STEPS_PER_PLAYER = 4

#: Players by kind: for preference "w" then "b", four counters: any such preference
#: (C12), an absolute imbalance (C10), strong but not absolute, absolute (C13).
Counts = list[int]
Pairs = list[tuple[int, int]]
_PREF, _ABSIMB, _STRONG, _ABSOLUTE = range(4)


def _kinds(x: PlayerState) -> list[int]:
    if x.pref is None:
        return []
    base = 0 if x.pref == "w" else 4
    found = [base + _PREF]
    if x.absimb:
        found.append(base + _ABSIMB)
    if x.absolute:
        found.append(base + _ABSOLUTE)
    elif x.strong:
        found.append(base + _STRONG)
    return found


def count_kinds(players: Sequence[PlayerState]) -> Counts:
    """How many players of each kind (see ``Counts``)."""
    counts = [0] * 8
    for x in players:
        for kind in _kinds(x):
            counts[kind] += 1
    return counts


def colour_floor(
    counts: Counts, size: int, absolute_pairs: bool = True
) -> tuple[int, int, int, int]:
    """Fewest failures of C10, C11, C12 and C13 among ``size`` players, any pairing.

    A player with preference c avoids failing C12 only against one without it, or as
    the one unpaired player of an odd number; each failing pair holds at most two such
    players. C10 likewise for absolute imbalances; C13 for strong (not absolute)
    preferences, whose safe partners have neither a strong nor an absolute preference c.
    C13 also fails in every pair failing C12 for c but those holding a player whose
    preference for c is mild (neither strong nor absolute) and those of two absolute
    preferences (none when ``absolute_pairs`` is false: C3 forbids them before the
    final round). C11 is bounded by 0.
    """
    spare = size % 2
    c10 = c12 = c13 = 0
    for base in (0, 4):
        pref, imb, strong, absolute = counts[base : base + 4]
        same = (max(0, 2 * pref - size - spare) + 1) // 2
        c12 += same
        c10 += (max(0, 2 * imb - size - spare) + 1) // 2
        mild = pref - strong - absolute
        exempt = mild + (absolute // 2 if absolute_pairs else 0)
        c13 += max((max(0, 2 * strong + absolute - size - spare) + 1) // 2, same - exempt)
    return c10, 0, c12, c13


def _bipartite_floor(one: Counts, n1: int, two: Counts, n2: int) -> tuple[int, int, int, int]:
    """Fewest failures of C10-C13 when each of ``n1`` S1 players meets one of ``n2 >= n1``
    (the S2 players left over need no partner): the players of a kind on one side need
    safe partners on the other."""
    extra = n2 - n1
    c10 = c12 = c13 = 0
    for base in (0, 4):
        p1, i1, s1, a1 = one[base : base + 4]
        p2, i2, s2, a2 = two[base : base + 4]
        c12 += max(0, p1 - n2 + p2, p2 - extra - n1 + p1)
        c10 += max(0, i1 - n2 + i2, i2 - extra - n1 + i1)
        c13 += max(0, s1 - n2 + s2 + a2, s2 - extra - n1 + s1 + a1)
    return c10, 0, c12, c13


def _failures(h: PlayerState, lo: PlayerState) -> tuple[int, int, int, int]:
    c10, c11, c12, c13 = colour_criteria(h, lo)
    return int(not c10), int(not c11), int(not c12), int(not c13)


def colour_failures(players: Sequence[PlayerState], pairs: Pairs) -> list[int]:
    """Failures of C10, C11, C12 and C13 among ``pairs`` (higher-placed player first)."""
    total = [0, 0, 0, 0]
    for a, b in pairs:
        total = _add(total, _failures(players[a], players[b]))
    return total


def _within(done: Sequence[int], more: Sequence[int], budget: Sequence[int]) -> bool:
    return all(d + m <= b for d, m, b in zip(done, more, budget, strict=True))


def _add(a: Sequence[int], b: Sequence[int], sign: int = 1) -> list[int]:
    return [x + sign * y for x, y in zip(a, b, strict=True)]


def _move(counts: Counts, x: PlayerState, sign: int) -> None:
    for kind in _kinds(x):
        counts[kind] += sign


class _Search:
    """The walk through one bracket's candidates (see the module docstring)."""

    def __init__(
        self, rd: Round, mdps: list[int], residents: list[int], budget: Sequence[int] | None
    ) -> None:
        self.rd = rd
        self.mdps = mdps
        self.residents = residents
        players = rd.players
        members = [players[v] for v in mdps + residents]
        #: C3 bars two absolute preferences alike but for topscorers in the final round.
        self.absolute_pairs = rd.last_round
        self.budget = (
            colour_floor(count_kinds(members), len(members), self.absolute_pairs)
            if budget is None
            else tuple(budget)
        )
        self.steps = STEPS_PER_PLAYER * len(members) + 50

    def mdp_pairs(self) -> tuple[list[tuple[int, int]], list[int]] | None:
        """Each MDP with the highest resident that keeps every bound reachable (4.4).

        No going back: a resident passed over breaks a bound (so every candidate with
        that pair is worse); if the rest then finds no candidate, the matchings decide.
        """
        players, compat = self.rd.players, self.rd.compat
        free = list(self.residents)
        left = [players[v] for v in self.mdps + self.residents]
        counts = count_kinds(left)
        size = len(left)
        failed = [0, 0, 0, 0]
        pairs: list[tuple[int, int]] = []
        for a in self.mdps:
            pa = players[a]
            if pa.f1 == DOWN or pa.f2 == DOWN:
                return None
            _move(counts, pa, -1)
            for b in free:
                pb = players[b]
                if not compat[a][b] or (pa.score > pb.score and (pb.f1 == UP or pb.f2 == UP)):
                    continue
                trial = _add(failed, _failures(pa, pb))
                _move(counts, pb, -1)
                if _within(trial, colour_floor(counts, size - 2, self.absolute_pairs), self.budget):
                    break
                _move(counts, pb, 1)
            else:
                return None
            size -= 2
            failed = trial
            free.remove(b)
            pairs.append((a, b))
        self.failed = failed
        return pairs, free

    def remainder_pairs(self, remainder: list[int]) -> list[tuple[int, int]] | None:
        """S1 (the first half) against S2 by the transposition order (4.2), bounds kept.

        Once no colour failure is left to spend, the rest is the first perfect matching
        of the pairs that fail nothing (exact, no more walking)."""
        players, compat = self.rd.players, self.rd.compat
        p = len(remainder) // 2
        s1, s2 = remainder[:p], remainder[p:]
        one = count_kinds([players[v] for v in s1])
        two = count_kinds([players[v] for v in s2])
        used = [False] * len(s2)
        choice = [-1] * p
        # An odd remainder leaves one S2 player over: one who may float must stay free.
        even = len(s2) == p
        fits = [0 if even else int(self.floater_ok(v)) for v in s2]
        floaters = sum(fits)
        failed = list(self.failed)
        budget = list(self.budget)
        if failed == budget:
            rest = self.finish(s1, s2, used, fits)
            return None if rest is None else list(zip(s1, rest, strict=True))
        i = 0
        while i < p:
            self.steps -= 1
            if self.steps < 0:
                return None
            a = players[s1[i]]
            row = compat[s1[i]]
            if choice[i] < 0:
                _move(one, a, -1)
            else:
                b = players[s2[choice[i]]]
                failed = _add(failed, _failures(a, b), -1)
                _move(two, b, 1)
                used[choice[i]] = False
                floaters += fits[choice[i]]
            j = choice[i] + 1
            while j < len(s2):
                if not used[j] and row[s2[j]]:
                    b = players[s2[j]]
                    trial = _add(failed, _failures(a, b))
                    _move(two, b, -1)
                    more = _bipartite_floor(one, p - i - 1, two, len(s2) - i - 1)
                    if _within(trial, more, budget) and (floaters - fits[j] > 0 or even):
                        if trial != budget:
                            failed = trial
                            break
                        used[j] = True
                        rest = self.finish(s1[i + 1 :], s2, used, fits)
                        if rest is not None:
                            done = [s2[choice[k]] for k in range(i)] + [s2[j]] + rest
                            return list(zip(s1, done, strict=True))
                        used[j] = False
                    _move(two, b, 1)
                j += 1
            if j < len(s2):
                choice[i] = j
                used[j] = True
                floaters -= fits[j]
                i += 1
            else:
                choice[i] = -1
                _move(one, a, 1)
                i -= 1
                if i < 0:
                    return None
        return [(s1[i], s2[choice[i]]) for i in range(p)]

    def finish(
        self, s1: list[int], s2: list[int], used: list[bool], fits: list[int]
    ) -> list[int] | None:
        """Partners for ``s1`` among the free S2 players, no pair failing a colour
        criterion, in the transposition order; ``None`` if impossible. A stand-in
        vertex takes the downfloater of an odd remainder (one who may float)."""
        players, compat = self.rd.players, self.rd.compat
        free = [j for j, u in enumerate(used) if not u]
        self.steps -= len(s1)
        adj = _safe_partners(s1, [s2[j] for j in free], compat, players)
        loose = len(free) - len(s1)
        if loose:
            adj.append([k for k, j in enumerate(free) if fits[j]])
        found = first_perfect_matching(adj, len(free), loose)
        return None if found is None else [s2[free[k]] for k in found]

    def floater_ok(self, v: int) -> bool:
        """``v`` may be the bracket's downfloater: no downfloat in the last two rounds
        (C14-C21) and, when C9 applies, the fewest unplayed games."""
        return self.rd.may_downfloat(v, self.mdps + self.residents)


def _safe_partners(
    s1: list[int], others: list[int], compat: list[bytearray], players: list[PlayerState]
) -> list[list[int]]:
    """For each of ``s1``, the positions in ``others`` of the players it may meet failing
    no colour criterion (different or no preferences: C10, C11 and C13 fail only with
    equal ones). One byte mask per preference, combined with each compatibility row at
    machine speed: k²/4 pairs cost little in a bracket of k."""
    if not others:
        return [[] for _ in s1]
    positions = range(len(others))
    pick = itemgetter(*others)
    safe: dict[str | None, bytes] = {None: b"\x01" * len(others)}
    adj: list[list[int]] = []
    for a in s1:
        pref = players[a].pref
        mask = safe.get(pref)
        if mask is None:
            mask = safe[pref] = bytes(players[v].pref != pref for v in others)
        row = pick(compat[a])
        allowed = (row,) if len(others) == 1 else row
        adj.append(list(compress(positions, map(and_, allowed, mask))))
    return adj


def first_optimal_candidate(
    rd: Round,
    mdps: list[int],
    residents: list[int],
    nxt: list[int],
    rest: list[int],
    budget: Sequence[int] | None = None,
) -> tuple[Pairs, Pairs, Pairs] | None:
    """The bracket's MDP pairs and remainder pairs (S1 player first), and the pairs the
    matchings would make in the next scoregroup too (see :func:`_with_next`); or ``None``.

    ``None`` when the walk finds no candidate meeting every bound in time, or when the
    players below cannot take its downfloater and be completed (C8, C4): the matchings
    then decide. ``budget`` (failures of C10-C13) replaces :func:`colour_floor` when the
    fewest failures are known exactly.
    """
    if rd.stale_c9 or len(residents) < len(mdps) or len(mdps) + len(residents) < 2:
        return None
    whole = rd.c9_reaches(nxt)  # the matchings then pair the next scoregroup as well
    if whole and rd.is_single:
        return None
    search = _Search(rd, mdps, residents, budget)
    found = search.mdp_pairs()
    if found is None:
        return None
    mdp_pairs, remainder = found
    rem_pairs = search.remainder_pairs(remainder) if len(remainder) > 1 else []
    if rem_pairs is None:
        return None
    paired = {v for pair in rem_pairs for v in pair}
    down = [v for v in remainder if v not in paired]
    if down and not search.floater_ok(down[0]):
        return None
    if whole:
        return _with_next(rd, (mdp_pairs, rem_pairs), down + nxt, bool(down), rest)
    if not down:
        completable = rd.completable(sorted(nxt + rest), rd.cand)
        return (mdp_pairs, rem_pairs, []) if completable else None
    # C8 as the matchings check it: the downfloater meets the next scoregroup, which then
    # pairs as fully as possible; C4: everyone below can still be paired.
    compat = rd.compat
    if len(nxt) >= 2 and not any(compat[a][b] for i, a in enumerate(nxt) for b in nxt[i + 1 :]):
        return None
    if not rd.floater_completes(down[0], nxt, rest):
        return None
    return mdp_pairs, rem_pairs, []


def _with_next(
    rd: Round,
    candidate: tuple[Pairs, Pairs],
    below: list[int],
    floats: bool,
    rest: list[int],
) -> tuple[Pairs, Pairs, Pairs] | None:
    """The candidate when the matchings take the next scoregroup in (C9 may reach it).

    ``below`` is the downfloater (if ``floats``) then the next scoregroup. They must pair as
    fully as possible with the downfloater paired (C8 at its best) and the round must
    stay completable (C4): with players further down, nobody below is left over (which
    pairs there does not matter, only that they are complete) and those further down
    can all be paired; in the last scoregroup, at most one is left over and may take
    the PAB. Then the matchings' optimum is the candidate with such pairs below.
    """
    pairs = rd.greedy_matching(below)
    paired = {v for pair in pairs for v in pair}
    left = [v for v in below if v not in paired]
    if floats and below[0] in left:
        return None
    if rest:
        ok = not left and rd.completable(sorted(rest), rd.cand)
    else:
        ok = not left or (len(left) == 1 and rd.cand[left[0]])
    return (*candidate, pairs) if ok else None
