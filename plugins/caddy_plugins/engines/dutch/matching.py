"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm).

The primal-dual method of J. Edmonds, "Maximum matching and a polyhedron with
0,1-vertices" (J. Res. NBS 69B, 1965), in the O(n³) form described by
Z. Galil, "Efficient algorithms for finding maximum matching in graphs"
(ACM Computing Surveys 18, 1986). Dual variables are stored doubled, so with
integer weights (Python's unbounded ints are welcome: the Dutch engine packs
whole criteria vectors into one weight) every computation stays integral.

Only positive weights make sense here: the matching maximises the total
weight, not the number of pairs, and an edge of weight ``<= 0`` is never
worth taking.
"""

from __future__ import annotations

from collections.abc import Sequence

from caddy_plugins.engines.dutch.blossoms import Blossoms

__all__ = ["max_weight_matching"]


def _first(pair: tuple[int, int]) -> int:
    return pair[0]


def max_weight_matching(nvertex: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """Return ``mate``: ``mate[v]`` is v's partner in a maximum-weight matching, or -1.

    ``edges`` holds ``(i, j, weight)`` with ``0 <= i, j < nvertex``, ``i != j`` and at most
    one edge per pair of vertices.
    """
    edges = [e for e in edges if e[2] > 0]
    if not edges:
        return [-1] * nvertex
    return _Matcher(nvertex, edges).run()


class _Matcher(Blossoms):
    """One run of the algorithm: the search for augmenting paths and the dual
    updates, over the state and blossoms of :class:`Blossoms`."""

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from v and w; return the base of a new blossom, or -1 (augmenting path)."""
        label, labelend, endpoint, inblossom = (
            self.label,
            self.labelend,
            self.endpoint,
            self.inblossom,
        )
        path: list[int] = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = self.blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def augment_matching(self, k: int) -> None:
        v, w, _wt = self.edges[k]
        endpoint, inblossom, labelend = self.endpoint, self.inblossom, self.labelend
        for s0, p0 in ((v, 2 * k + 1), (w, 2 * k)):
            s, p = s0, p0
            while True:
                bs = inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    # -- main loop ---------------------------------------------------------------------------

    def run(self) -> list[int]:
        n = self.n
        label, inblossom, bestedge, dualvar = (
            self.label,
            self.inblossom,
            self.bestedge,
            self.dualvar,
        )
        edges, endpoint = self.edges, self.endpoint
        ei, ej, w2 = self.ei, self.ej, self.w2
        nbr = [[(p, p >> 1, endpoint[p], w2[p >> 1]) for p in ps] for ps in self.neighbend]
        for _stage in range(n):
            for i in range(2 * n):
                label[i] = 0
                bestedge[i] = -1
            for i in range(n, 2 * n):
                self.blossombestedges[i] = None
            allowedge = self.allowedge = [False] * len(edges)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and label[inblossom[v]] == 0:
                    self.assign_label(v, 1, -1)
            augmented = False
            while True:
                while self.queue and not augmented:
                    v = self.queue.pop()
                    bv = inblossom[v]
                    dv = dualvar[v]  # duals do not change while scanning
                    for p, k, w, wk in nbr[v]:
                        bw = inblossom[w]
                        if bv == bw:
                            continue
                        kslack = 0
                        if not allowedge[k]:
                            kslack = dv + dualvar[w] - wk
                            if kslack <= 0:
                                allowedge[k] = True
                        if allowedge[k]:
                            lw = label[bw]
                            if lw == 0:
                                self.assign_label(w, 2, p ^ 1)
                            elif lw == 1:
                                base = self.scan_blossom(v, w)
                                if base >= 0:
                                    self.add_blossom(base, k)
                                    bv = inblossom[v]
                                else:
                                    self.augment_matching(k)
                                    augmented = True
                                    break
                            elif label[w] == 0:
                                label[w] = 2
                                self.labelend[w] = p ^ 1
                        elif label[bw] == 1:
                            be = bestedge[bv]
                            if be == -1 or kslack < dualvar[ei[be]] + dualvar[ej[be]] - w2[be]:
                                bestedge[bv] = k
                        elif label[w] == 0:
                            be = bestedge[w]
                            if be == -1 or kslack < dualvar[ei[be]] + dualvar[ej[be]] - w2[be]:
                                bestedge[w] = k
                if augmented:
                    break
                # No augmenting path with the current duals: change them. Each candidate
                # kind keeps the first minimum in index order.
                deltatype = 1
                delta = min(dualvar[:n])
                deltaedge = -1
                deltablossom = -1
                vlab = [label[b] for b in inblossom]
                cand2 = [
                    (dualvar[ei[be]] + dualvar[ej[be]] - w2[be], be)
                    for be, lv in zip(bestedge[:n], vlab, strict=True)
                    if be != -1 and lv == 0
                ]
                if cand2:
                    d, be = min(cand2, key=_first)
                    if d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = be
                blossomparent = self.blossomparent
                cand3 = [
                    ((dualvar[ei[be]] + dualvar[ej[be]] - w2[be]) // 2, be)
                    for be, lb, pb in zip(bestedge, label, blossomparent, strict=True)
                    if be != -1 and lb == 1 and pb == -1
                ]
                if cand3:
                    d, be = min(cand3, key=_first)
                    if d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = be
                blossombase = self.blossombase
                tops = [
                    b for b in range(n, 2 * n) if blossombase[b] >= 0 and blossomparent[b] == -1
                ]
                for b in tops:
                    if label[b] == 2 and dualvar[b] < delta:
                        delta = dualvar[b]
                        deltatype = 4
                        deltablossom = b
                dualvar[:n] = [
                    d - delta if lv == 1 else d + delta if lv == 2 else d
                    for d, lv in zip(dualvar[:n], vlab, strict=True)
                ]
                for b in tops:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
                if deltatype == 1:
                    break
                if deltatype == 2:
                    allowedge[deltaedge] = True
                    i, j, _wt = edges[deltaedge]
                    if label[inblossom[i]] == 0:
                        i, j = j, i
                    self.queue.append(i)
                elif deltatype == 3:
                    allowedge[deltaedge] = True
                    i, j, _wt = edges[deltaedge]
                    self.queue.append(i)
                else:
                    self.expand_blossom(deltablossom, False)
            if not augmented:
                break
            for b in range(n, 2 * n):
                if (
                    self.blossomparent[b] == -1
                    and self.blossombase[b] >= 0
                    and label[b] == 1
                    and dualvar[b] == 0
                ):
                    self.expand_blossom(b, True)
        return [endpoint[self.mate[v]] if self.mate[v] >= 0 else -1 for v in range(n)]
