"""The state of one Dutch round: absolute criteria, completion and the bye (FIDE Handbook C.04.3).

:class:`RoundState` holds the players (:mod:`caddy_plugins.engines.dutch.players`), the
compatibility matrix (C1, C3 and forbidden pairs), completion of the round (C4) and the
lowest score the pairing-allocated bye can go to (C2, C5). The quality criteria are
added by :mod:`caddy_plugins.engines.dutch.criteria`, the matchings by
:mod:`caddy_plugins.engines.dutch.solving`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from caddy_plugins.engines.dutch.matching import max_weight_matching
from caddy_plugins.engines.dutch.model import NoValidPairingError, PairingRequest
from caddy_plugins.engines.dutch.perfect import has_perfect_matching
from caddy_plugins.engines.dutch.players import DOWN, PlayerState, build_players, units

__all__ = ["RoundState"]


class RoundState:
    """The state of one round's pairing: players, absolute criteria, completion, the bye."""

    def __init__(self, request: PairingRequest) -> None:
        self.request = request
        self.unit = units(request)
        self.players, self.inputs, self.played_rounds = build_players(request, self.unit)
        n = len(self.players)
        self.n = n
        u = self.unit
        self.last_round = self.played_rounds >= request.total_rounds - 1
        maxwd = int(max(request.points.win, request.points.draw) * u)
        self.top_threshold = (self.played_rounds * maxwd) // 2
        forbidden: dict[int, set[int]] = {}
        for pair in request.forbidden_pairs:
            members = list(pair)
            for a in members:
                for b in members:
                    if a != b:
                        forbidden.setdefault(a, set()).add(b)
        self.forbidden = forbidden
        #: Compatibility matrix (C1, C3 and forbidden pairs): one byte per pair.
        self.compat: list[bytearray] = self._compat_rows()
        self.slot, self.sw = self.score_slots(range(n))
        self.w1 = n.bit_length() + 2
        self.w9 = 2 * n.bit_length() + 2
        self.bye_score: int | None = None
        self.is_single = False
        #: C9 applied to the first bracket while lower scoregroups exist: the reference
        #: engine then keeps C9 in the weights of edges it never recomputes (those reaching
        #: below the next scoregroup); every matching is then solved on all players.
        self.stale_c9 = False
        self.c9_rank: dict[int, int] = {}
        self.cand: list[bool] = [False] * n

    # -- absolute criteria ---------------------------------------------------------------------

    def _topscorer(self, x: PlayerState) -> bool:
        """C.04.3 1.8: in the final round, more than half the maximum possible score."""
        return x.score > self.top_threshold

    def _compat_rows(self) -> list[bytearray]:
        """The compatibility matrix, row by row from templates (O(n²) bytes, O(n) Python steps
        per player): C3 forbids two players with the same absolute colour preference (lifted
        for topscorers in the final round), C1 players who met or may not meet."""
        players, n = self.players, len(self.players)
        everyone = bytearray(b"\x01") * n
        # C3 templates, per absolute preference: every such player barred, or (a
        # non-topscorer in the final round) only those who are not topscorers.
        barred: dict[str | None, bytearray] = {}
        barred_low: dict[str | None, bytearray] = {}
        for x in players:
            if x.absolute:
                barred.setdefault(x.pref, bytearray(everyone))[x.idx] = 0
                if not self._topscorer(x):
                    barred_low.setdefault(x.pref, bytearray(everyone))[x.idx] = 0
        rows: list[bytearray] = []
        for x in players:
            if not x.absolute:
                row = bytearray(everyone)
            elif not self.last_round:
                row = bytearray(barred[x.pref])
            elif self._topscorer(x):
                row = bytearray(everyone)
            else:
                row = bytearray(barred_low.get(x.pref, everyone))
            row[x.idx] = 0
            rows.append(row)
        # C1: as the pair's higher-placed player sees it (its opponents, forbidden pairs).
        index = {x.tpn: x.idx for x in players}
        for x in players:
            i = x.idx
            for tpn in x.met | self.forbidden.get(x.tpn, set()):
                j = index.get(tpn, -1)
                if j > i:
                    rows[i][j] = rows[j][i] = 0
        return rows

    # -- completion (C4) ----------------------------------------------------------------------

    def c9_reaches(self, nxt: Sequence[int]) -> bool:
        """Whether C9 (who gets the pairing-allocated bye) may reach the scoregroup
        ``nxt``: an odd round whose bye score is at least that scoregroup's. The
        speed-ups then leave the bracket to the matchings, which pair it too."""
        return bool(
            self.n % 2
            and nxt
            and self.bye_score is not None
            and self.bye_score >= self.players[nxt[0]].score
        )

    def may_downfloat(self, v: int, members: Sequence[int]) -> bool:
        """``v`` may be the downfloater of the bracket of ``members``: no downfloat in
        the last two rounds (C14-C21) and, when C9 applies, the fewest unplayed games."""
        f = self.players[v]
        if f.f1 == DOWN or f.f2 == DOWN:
            return False
        if self.is_single and f.score == self.bye_score:
            others = [self.c9_rank[w] for w in members if self.players[w].score == self.bye_score]
            return self.c9_rank[v] <= min(others)
        return True

    def floater_completes(self, floater: int, nxt: Sequence[int], rest: Sequence[int]) -> bool:
        """C8 as the matchings check it: ``floater`` meets the next scoregroup ``nxt``,
        which then pairs as fully as possible (a greedy pass); C4: everyone left
        below (``rest``) can still be paired."""
        below = [floater, *nxt]
        taken = self.greedy_pairs(below)
        if nxt and (floater not in taken or len(taken) < 2 * (len(below) // 2)):
            return False
        leftover = [v for v in below if v not in taken]
        return self.completable(sorted(leftover + list(rest)), self.cand)

    def greedy_pairs(self, order: Sequence[int]) -> set[int]:
        """Players paired by a greedy pass in ``order`` (each takes the first free partner)."""
        return {v for pair in self.greedy_matching(order) for v in pair}

    def greedy_matching(self, order: Sequence[int]) -> list[tuple[int, int]]:
        """The pairs of a greedy pass in ``order`` (each takes the first free partner)."""
        taken: set[int] = set()
        pairs: list[tuple[int, int]] = []
        compat = self.compat
        for pos, v in enumerate(order):
            if v in taken:
                continue
            row = compat[v]
            for w in order[pos + 1 :]:
                if w not in taken and row[w]:
                    taken.add(v)
                    taken.add(w)
                    pairs.append((v, w))
                    break
        return pairs

    def completable(self, vertices: Sequence[int], cand: Sequence[bool]) -> bool:
        """Can ``vertices`` all be paired, except one bye candidate if their number is odd?"""
        if not vertices:
            return True
        pairs = self.greedy_matching(vertices)
        if 2 * len(pairs) == len(vertices):
            return True
        if 2 * len(pairs) + 1 == len(vertices):
            taken = {v for pair in pairs for v in pair}
            if cand[next(v for v in vertices if v not in taken)]:
                return True
        return has_perfect_matching(vertices, self.compat, cand, pairs)

    def completion_weight(self, a: int, b: int) -> int:
        return 1 + (not self.cand[a]) + (not self.cand[b])

    # -- C5: who can get the PAB ------------------------------------------------------------

    def settle_bye(self) -> None:
        n = self.n
        everyone = list(range(n))
        if n % 2 == 0:
            self.cand = [False] * n
            if not self.completable(everyone, self.cand):
                raise self.no_pairing("the players cannot all be paired under C1-C3")
            return
        eligible = [x for x in self.players if x.eligible]
        for score in sorted({x.score for x in eligible}):
            cand = [x.eligible and x.score <= score for x in self.players]
            if self.completable(everyone, cand):
                self.bye_score = score
                self.cand = cand
                break
        else:
            raise self.no_pairing(
                "no player eligible for the pairing-allocated bye (C2) can be left over"
            )
        same = [x for x in self.players if x.score == self.bye_score]
        played = sorted((x.played for x in same), reverse=True)
        for x in same:
            # Rank among the bye-score players by played games (most played first);
            # ties take the last position of their run.
            self.c9_rank[x.idx] = sum(1 for g in played if g >= x.played) - 1
        top = self.players[0].score
        if self.bye_score >= top:
            tops = [x.idx for x in self.players if x.score >= top]
            if len(tops) == n:
                self.is_single = True
            else:
                self.is_single = self._tops_close_among_themselves(tops)
                self.stale_c9 = self.is_single

    def _tops_close_among_themselves(self, tops: list[int]) -> bool:
        """Can the top scoregroup be paired among itself (but for the bye), C4 permitting?"""
        n = self.n
        edges = []
        topset = set(tops)
        big = n + 1
        for a in range(n):
            for b in range(a + 1, n):
                if self.compat[a][b]:
                    w = self.completion_weight(a, b) * big + (b in topset)
                    edges.append((a, b, w))
        mate = max_weight_matching(n, edges)
        return all(mate[t] < 0 or mate[t] in topset for t in tops)

    def no_pairing(self, why: str) -> NoValidPairingError:
        return NoValidPairingError(
            f"round {self.request.round_number} cannot be paired: {why} "
            "(C.04.3 1.9.3: the arbiter decides)"
        )

    def score_slots(self, members: Iterable[int]) -> tuple[dict[int, int], int]:
        """Bit ranges for score-profile fields: each score of ``members`` owns one wide
        enough to count them, higher scores higher, so sums compare profiles from the top."""
        counts: dict[int, int] = {}
        for v in members:
            x = self.players[v]
            counts[x.score] = counts.get(x.score, 0) + 1
        slot: dict[int, int] = {}
        shift = 0
        for score in sorted(counts):
            slot[score] = shift
            shift += counts[score].bit_length()
        return slot, max(shift, 1)

    def compat_count(self, v: int, others: Iterable[int]) -> int:
        """How many of ``others`` ``v`` may meet (C1, C3)."""
        row = self.compat[v]
        return sum(1 for w in others if row[w])
