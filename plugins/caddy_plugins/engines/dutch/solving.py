"""Maximum-weight matchings for a Dutch bracket, completion (C4) kept (FIDE Handbook C.04.3).

:class:`Round` solves a bracket's matching under a weight function, on the bracket
alone when the next scoregroup provably cannot change the result, else on the bracket
and the next scoregroup, else on everyone still unpaired with completion first (see
:mod:`caddy_plugins.engines.dutch.dutch`).
"""

from __future__ import annotations

from collections.abc import Callable

from caddy_plugins.engines.dutch.criteria import CriteriaRound
from caddy_plugins.engines.dutch.matching import max_weight_matching

__all__ = ["Round"]


class Round(CriteriaRound):
    """The state of one round's pairing, with its criteria and matchings."""

    # -- solving ------------------------------------------------------------------------------

    def solve(
        self,
        local: list[int],
        rest: list[int],
        weight: Callable[[int, int], int],
        inner: list[int] | None = None,
    ) -> dict[int, int]:
        """Best matching of ``local`` under ``weight`` (edges among ``local`` only), C4 kept.

        Returns partners by player index. ``rest`` are the other unpaired players: they
        only matter for completing the round (C4), so the matching is first solved on
        ``local`` alone; if what it leaves cannot be completed with ``rest``, it is solved
        again on everyone with completion as the most significant field (then partners
        in ``rest`` appear too).

        ``inner`` (the bracket members, the first part of ``local``) may be tried alone
        first. An even number of them that can all be paired among themselves leaves no
        floater: the rest of ``local`` cannot change their best pairing (C6 comes before
        C8), and only completion remains to be checked. An odd number goes to
        :meth:`_solve_with_floater`.
        """
        if self.stale_c9:
            return self._solve_on(sorted(local + rest), weight, set(local))
        if inner is not None:
            inner_set = set(inner)
            below = [v for v in local if v not in inner_set]
            if len(inner) % 2 == 0:
                mate = self._solve_on(inner, weight, None)
                if len(mate) == len(inner) and self.completable(sorted(below + rest), self.cand):
                    return mate
            else:
                found = self._solve_with_floater(inner, below, rest, weight)
                if found is not None:
                    return found
        mate = self._solve_on(local, weight, None)
        leftover = [v for v in local if v not in mate]
        if self.completable(sorted(leftover + rest), self.cand):
            return mate
        # C4 decides: solve on everyone still unpaired, completion first.
        everyone = sorted(local + rest)
        return self._solve_on(everyone, weight, set(local))

    def _solve_with_floater(
        self,
        inner: list[int],
        below: list[int],
        rest: list[int],
        weight: Callable[[int, int], int],
    ) -> dict[int, int] | None:
        """An odd bracket solved without the next scoregroup, or ``None`` if unsure.

        Whoever floats, the next scoregroup's part of the total (C8 and the tie-break
        offsets) depends only on that floater: an extra vertex stands for it, joined to
        each member by an upper bound of that part. If the member chosen to float
        reaches its bound (a greedy pairing of the next scoregroup proves it) and the
        players below can be completed (C4), the answer is the full optimum.
        """
        compat = self.compat
        nn_weight = 0
        if len(below) >= 2:
            pair = next(
                ((a, b) for i, a in enumerate(below) for b in below[i + 1 :] if compat[a][b]),
                None,
            )
            if pair is None:
                return None
            nn_weight = weight(*pair)
        with_x = (len(below) + 1) // 2
        without_x = len(below) // 2
        bound: dict[int, int] = {}
        for x in inner:
            partner = next((y for y in below if compat[x][y]), None)
            if partner is not None:
                bound[x] = weight(x, partner) + (with_x - 1) * nn_weight
            else:
                bound[x] = without_x * nn_weight
        z = len(inner)
        edges: list[tuple[int, int, int]] = []
        for a in range(len(inner)):
            va = inner[a]
            row = compat[va]
            for b in range(a + 1, len(inner)):
                if row[inner[b]]:
                    edges.append((a, b, weight(va, inner[b])))
            if bound[va] > 0:
                edges.append((a, z, bound[va]))
        result = max_weight_matching(len(inner) + 1, edges)
        mate = {inner[i]: inner[m] for i, m in enumerate(result[:z]) if 0 <= m < z}
        loose = [v for v in inner if v not in mate]
        if len(loose) != 1:
            return None
        floater = loose[0]
        order = [floater, *below]
        paired = self.greedy_pairs(order)
        if self.compat_count(floater, below):
            exact = floater in paired and len(paired) == 2 * with_x
        else:
            exact = len(paired) == 2 * without_x
        if not exact:
            return None
        leftover = [v for v in order if v not in paired]
        if not self.completable(sorted(leftover + rest), self.cand):
            return None
        return mate

    def _solve_on(
        self,
        vertices: list[int],
        weight: Callable[[int, int], int],
        local: set[int] | None,
    ) -> dict[int, int]:
        compat = self.compat
        edges: list[tuple[int, int, int]] = []
        if local is None:
            for a in range(len(vertices)):
                va = vertices[a]
                row = compat[va]
                for b in range(a + 1, len(vertices)):
                    vb = vertices[b]
                    if row[vb]:
                        edges.append((a, b, weight(va, vb)))
        else:
            shift = 1
            pairs = []
            for a in range(len(vertices)):
                va = vertices[a]
                row = compat[va]
                for b in range(a + 1, len(vertices)):
                    vb = vertices[b]
                    if row[vb]:
                        w = (
                            weight(va, vb)
                            if (self.stale_c9 or (va in local and vb in local))
                            else 0
                        )
                        pairs.append((a, b, w))
                        shift = max(shift, w.bit_length())
            shift += self.n.bit_length() + 1
            for a, b, w in pairs:
                edges.append(
                    (a, b, (self.completion_weight(vertices[a], vertices[b]) << shift) + w)
                )
        mate = max_weight_matching(len(vertices), edges)
        return {vertices[i]: vertices[m] for i, m in enumerate(mate) if m >= 0}
