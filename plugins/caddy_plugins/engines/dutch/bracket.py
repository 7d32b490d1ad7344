"""One bracket of a Dutch round: candidates by the Article 4 generation order (FIDE Handbook C.04.3).

:class:`Bracket` pairs the moved-down players (4.4, first transposition 4.2), then the
remainder (3.3.3: fewest exchanges, 4.3); :func:`perfect_candidate` takes the first
candidate without a matching when no criterion can be improved (3.4).
"""

from __future__ import annotations

from caddy_plugins.engines.dutch.players import DOWN, UP
from caddy_plugins.engines.dutch.solving import Round
from caddy_plugins.engines.dutch.transposition import colour_failures, first_optimal_candidate

__all__ = ["SHORTCUTS", "Bracket", "bits", "perfect_candidate"]

#: The speed-ups (perfect first candidate, brackets solved without the next scoregroup)
#: change nothing but the time taken; tests switch them off to compare.
SHORTCUTS = True


def bits(x: int) -> int:
    return max(x, 1).bit_length()


class Bracket:
    """One bracket: its MDPs and residents, the next scoregroup and everyone below."""

    def __init__(
        self, rd: Round, mdps: list[int], residents: list[int], nxt: list[int], rest: list[int]
    ) -> None:
        self.rd = rd
        self.mdps = mdps
        self.residents = residents
        self.nxt = nxt
        self.rest = rest
        self.bracket = mdps + residents
        self.in_b = set(self.bracket)
        self.local = self.bracket + nxt
        self.pos = {v: i for i, v in enumerate(self.local)}
        self.slots = rd.score_slots(self.local)
        self.sw = self.slots[1]
        #: Criteria of the edges asked for so far, by ``key`` (computed when first needed:
        #: a bracket settled without a matching never needs most of them).
        self.crit: dict[tuple[int, int], int] = {}
        self.remarks: list[str] = []
        self.last_mate: dict[int, int] = {}

    def inner(self, members: list[int]) -> list[int] | None:
        """``members`` if the bracket may be solved without the next scoregroup.

        Not when C9 may apply to the next bracket and players below it exist: that needs
        the whole optimum (see :meth:`next_is_single`).
        """
        rd = self.rd
        if not SHORTCUTS:
            return None
        if self.rest and rd.c9_reaches(self.nxt):
            return None
        return members

    def outer(self, a: int, b: int) -> int:
        """Criteria part of an edge reaching below the next scoregroup (see ``stale_c9``)."""
        return self.rd.outer_c9(a, b, self.sw)

    def key(self, a: int, b: int) -> tuple[int, int]:
        return (a, b) if self.pos[a] < self.pos[b] else (b, a)

    def criteria(self, a: int, b: int) -> int:
        """Criteria C6-C21 of the edge ``key(a, b)`` (``a`` before ``b``), cached."""
        found = self.crit.get((a, b))
        if found is None:
            players = self.rd.players
            found = self.rd.criteria(players[a], players[b], b in self.in_b, self.slots)
            self.crit[(a, b)] = found
        return found

    def phase_a(self) -> dict[int, int]:
        """Which MDPs are paired (Article 4.4) and with whom (first transposition, 4.2)."""
        mdps, residents = self.mdps, self.residents
        m = len(mdps)
        res_pos = {v: i for i, v in enumerate(residents)}
        nres = len(residents)
        mdp_pos = {v: i for i, v in enumerate(mdps)}
        opp_w = bits(nres) + 1
        phase_bits = (m + 1) + m * opp_w
        criteria, key = self.criteria, self.key

        pos, outer = self.pos, self.outer

        def weight(a: int, b: int) -> int:
            if a not in pos or b not in pos:
                return outer(a, b) << phase_bits
            a, b = key(a, b)
            extra = 0
            if a in mdp_pos and b in res_pos:
                i = mdp_pos[a]
                extra = (1 << (m - 1 - i)) << (m * opp_w)
                extra |= (nres - res_pos[b]) << ((m - 1 - i) * opp_w)
            return (criteria(a, b) << phase_bits) | extra

        return self.rd.solve(self.local, self.rest, weight, self.inner(self.bracket))

    def phase_b(
        self, remainder: list[int], p: int, exclude: set[int]
    ) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """The remainder's matching (3.3.3) when ``p`` of its pairs are expected (S1 = first p).

        Below the criteria: fewest exchanges, smallest BSN-sum difference, S1 players
        leaving from the bottom, S2 players entering from the top (4.3), then each S1
        player's highest possible partner (4.2).
        """
        rd = self.rd
        k = len(remainder)
        rpos = {v: i for i, v in enumerate(remainder)}
        idx_w = bits(k * k) + 2
        s1_w = p + rd.w1
        s2_w = max(k - p, 1)
        part_w = bits(k)
        s1_full = (1 << p) - 1
        local_b = [v for v in self.local if v not in exclude]
        criteria, key, w1 = self.criteria, self.key, rd.w1

        pos, outer = self.pos, self.outer
        low_bits = w1 + idx_w + s1_w + s2_w + k * part_w

        def weight(a: int, b: int) -> int:
            if a not in pos or b not in pos:
                return outer(a, b) << low_bits
            a, b = key(a, b)
            exch = idx = s2 = part = 0
            s1 = s1_full
            if a in rpos and b in rpos:
                pa_, pb_ = rpos[a], rpos[b]
                if pa_ > pb_:
                    pa_, pb_ = pb_, pa_
                exch = 1 if pa_ < p else 0
                idx = k - pa_
                if pa_ < p:
                    s1 -= 1 << pa_
                else:
                    s2 = 1 << (k - 1 - pa_)
                part = (k - pb_) << ((k - 1 - pa_) * part_w)
            v = criteria(a, b)
            v = (v << w1) | exch
            v = (v << idx_w) | idx
            v = (v << s1_w) | s1
            v = (v << s2_w) | s2
            v = (v << (k * part_w)) | part
            return v

        inner = self.inner([v for v in self.bracket if v not in exclude])
        mate = rd.solve(local_b, self.rest, weight, inner)
        pairs = []
        for v in remainder:
            w = mate.get(v)
            if w is not None and w in rpos and rpos[v] < rpos[w]:
                pairs.append((v, w))
        return mate, pairs

    def pair(self) -> list[tuple[int, int]]:
        """The bracket's pairs, higher-ranked player first (MDP pairs, then the remainder)."""
        mdps, residents = self.mdps, self.residents
        m = len(mdps)
        perfect = perfect_candidate(self.rd, mdps, residents, self.nxt, self.rest)
        if perfect is not None:
            self.remarks.append("first candidate is perfect (C.04.3 3.4)")
            return perfect
        found = (
            first_optimal_candidate(self.rd, mdps, residents, self.nxt, self.rest)
            if SHORTCUTS
            else None
        )
        if found is None and SHORTCUTS:
            found = self.exact_budget_candidate()
        if found is not None:
            return self.take(*found)
        rem_pairs: list[tuple[int, int]] = []
        if m == 0:
            # No MDPs: the remainder is the whole bracket. Guess that it pairs fully; the
            # guess only sets the S1 size, so a different pair count means solving again.
            remainder = residents
            mdp_pairs: list[tuple[int, int]] = []
            p = len(remainder) // 2
            self.last_mate, rem_pairs = self.phase_b(remainder, p, set())
            if len(rem_pairs) != p:
                p = len(rem_pairs)
                if p:
                    self.last_mate, rem_pairs = self.phase_b(remainder, p, set())
        else:
            mate = self.last_mate = self.phase_a()
            res_set = set(residents)
            mdp_pairs = [(v, mate[v]) for v in mdps if mate.get(v) in res_set]
            taken = {w for _v, w in mdp_pairs}
            remainder = [v for v in residents if v not in taken]
            rem_set = set(remainder)
            p = sum(1 for v in remainder if mate.get(v) in rem_set) // 2
            if p:
                exclude = taken | {a for a, _b in mdp_pairs}
                self.last_mate, rem_pairs = self.phase_b(remainder, p, exclude)
        if p:
            s1_actors = {a for a, _b in rem_pairs}
            exchanged = sum(1 for v in remainder[:p] if v not in s1_actors)
            if exchanged:
                self.remarks.append(f"{exchanged} exchange(s) between S1 and S2 (C.04.3 4.3)")
        return mdp_pairs + rem_pairs

    def exact_budget_candidate(
        self,
    ) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]] | None:
        """The walk again, when the colour floor was out of reach, with the fewest colour
        failures known exactly: a matching on the criteria alone (many equal weights, so
        fast) gives the best criteria; the first candidate in generation order reaching
        them is what the full matchings would choose (their lower fields are that order).

        The candidate must reach the same criteria inside the bracket; C8 and C4 are
        checked by the walk, so nothing better exists. ``None`` if it does not.
        """
        rd = self.rd
        if rd.stale_c9 or len(self.residents) < len(self.mdps) or len(self.bracket) < 2:
            return None
        criteria, key, pos = self.criteria, self.key, self.pos

        def weight(a: int, b: int) -> int:
            if a not in pos or b not in pos:
                return 0
            return criteria(*key(a, b))

        mate = rd.solve(self.local, self.rest, weight, self.inner(self.bracket))
        in_b = self.in_b
        best = [key(v, w) for v, w in mate.items() if v in in_b and w in in_b and pos[v] < pos[w]]
        budget = colour_failures(rd.players, best)
        found = first_optimal_candidate(rd, self.mdps, self.residents, self.nxt, self.rest, budget)
        if found is None:
            return None
        mdp_pairs, rem_pairs, _below = found
        reached = sum(criteria(*key(a, b)) for a, b in mdp_pairs + rem_pairs)
        return found if reached == sum(criteria(a, b) for a, b in best) else None

    def take(
        self,
        mdp_pairs: list[tuple[int, int]],
        rem_pairs: list[tuple[int, int]],
        below: list[tuple[int, int]],
    ) -> list[tuple[int, int]]:
        """A candidate found without the matchings; partners kept as they would leave them
        (the remainder's, else the MDPs', and those below when they pair there too)."""
        self.last_mate = {}
        for a, b in (rem_pairs or mdp_pairs) + below:
            self.last_mate[a] = b
            self.last_mate[b] = a
        return mdp_pairs + rem_pairs

    def next_is_single(self, down: list[int]) -> bool:
        """C9 for the next bracket: its residents have the bye score and, in this optimum,
        nobody from it (or floating into it) is paired further down (engine reading)."""
        rd, nxt, players = self.rd, self.nxt, self.rd.players
        if not (rd.n % 2 and nxt and rd.bye_score is not None):
            return False
        floor = players[nxt[0]].score
        if rd.bye_score < floor:
            return False
        if not self.rest:
            return True  # the last scoregroup: nobody can float below it
        loose = 0
        for v in down + nxt:
            w = self.last_mate.get(v)
            if w is None:
                loose += 1
            elif players[w].score < floor:
                return False
        return loose <= 1


def perfect_candidate(
    rd: Round, mdps: list[int], residents: list[int], nxt: list[int], rest: list[int]
) -> list[tuple[int, int]] | None:
    """The bracket's first candidate (3.3) if it is perfect (3.4), else ``None``.

    Perfect here means: every member is paired but, in an odd bracket, the last S2 player
    (so C6-C7 are at their best); no pair breaks C1-C3 or fails a colour criterion
    (C10-C13); no MDP repeats a downfloat, no MDP opponent repeats an upfloat, and the
    downfloater has no downfloat of its own in the last two rounds (C14-C21); the
    downfloater is the best choice for C9 when it applies; it can be paired in the next
    scoregroup which then pairs as fully as possible (C8); and the players below can
    still be paired (C4). Then no other candidate can be better on any criterion, and
    this one comes first in generation order (Article 4). When C9 may apply to the next
    bracket the whole optimum matters, and the matching decides.
    """
    players = rd.players
    m = len(mdps)
    if not SHORTCUTS or rd.stale_c9 or len(residents) < m:
        return None
    if rd.c9_reaches(nxt):
        return None
    remainder = residents[m:]
    half = len(remainder) // 2
    pairs = list(zip(mdps, residents[:m], strict=True))
    pairs += list(zip(remainder[:half], remainder[half : 2 * half], strict=True))
    compat = rd.compat
    for a, b in pairs:
        if not compat[a][b]:
            return None
        pa, pb = players[a], players[b]
        if pa.pref is not None and pa.pref == pb.pref:
            return None
    for a, b in pairs[:m]:
        pa, pb = players[a], players[b]
        if pa.score > pb.score and (pa.f1 == DOWN or pa.f2 == DOWN or pb.f1 == UP or pb.f2 == UP):
            return None
    if len(remainder) % 2 == 0:
        return pairs if rd.completable(sorted(nxt + rest), rd.cand) else None
    floater = remainder[-1]
    if not rd.may_downfloat(floater, mdps + residents):
        return None
    return pairs if rd.floater_completes(floater, nxt, rest) else None
