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

from collections.abc import Iterator, Sequence

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


class _Matcher:
    """One run of the algorithm; the state lives in flat lists indexed by vertex or blossom.

    Vertices are ``0 .. n-1``, non-trivial blossoms ``n .. 2n-1``. An edge ``k`` has two
    endpoints ``2k`` (its first vertex) and ``2k+1`` (its second); ``mate[v]`` is the
    endpoint *at the partner* of v's matched edge.
    """

    def __init__(self, nvertex: int, edges: list[tuple[int, int, int]]) -> None:
        n = nvertex
        self.n = n
        self.edges = edges
        self.endpoint = [edges[p >> 1][p & 1] for p in range(2 * len(edges))]
        self.ei = [e[0] for e in edges]
        self.ej = [e[1] for e in edges]
        self.w2 = [2 * e[2] for e in edges]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _w) in enumerate(edges):
            self.neighbend[i].append(2 * k + 1)
            self.neighbend[j].append(2 * k)
        maxweight = max(w for _i, _j, w in edges)
        self.mate = [-1] * n
        # label: 0 free, 1 = S (outer), 2 = T (inner); 5 marks a scanned S-blossom.
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds: list[list[int] | None] = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.blossombestedges: list[list[int] | None] = [None] * (2 * n)
        self.unusedblossoms = list(range(n, 2 * n))
        self.dualvar = [maxweight] * n + [0] * n
        self.allowedge = [False] * len(edges)
        self.queue: list[int] = []

    # -- helpers ---------------------------------------------------------------------------

    def slack(self, k: int) -> int:
        return self.dualvar[self.ei[k]] + self.dualvar[self.ej[k]] - self.w2[k]

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
            return
        childs = self.blossomchilds[b]
        assert childs is not None
        for t in childs:
            if t < self.n:
                yield t
            else:
                yield from self.leaves(t)

    def assign_label(self, w: int, t: int, p: int) -> None:
        b = self.inblossom[w]
        self.label[w] = self.label[b] = t
        self.labelend[w] = self.labelend[b] = p
        self.bestedge[w] = self.bestedge[b] = -1
        if t == 1:
            self.queue.extend(self.leaves(b))
        else:
            base = self.blossombase[b]
            mb = self.mate[base]
            self.assign_label(self.endpoint[mb], 1, mb ^ 1)

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

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _wt = self.edges[k]
        inblossom, labelend, endpoint = self.inblossom, self.labelend, self.endpoint
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = self.unusedblossoms.pop()
        self.blossombase[b] = base
        self.blossomparent[b] = -1
        self.blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        self.blossomchilds[b] = path
        self.blossomendps[b] = endps
        self.label[b] = 1
        labelend[b] = labelend[bb]
        self.dualvar[b] = 0
        for leaf in self.leaves(b):
            if self.label[inblossom[leaf]] == 2:
                self.queue.append(leaf)
            inblossom[leaf] = b
        bestedgeto = [-1] * (2 * self.n)
        for sub in path:
            bbe = self.blossombestedges[sub]
            if bbe is None:
                nblists = [[p >> 1 for p in self.neighbend[leaf]] for leaf in self.leaves(sub)]
            else:
                nblists = [bbe]
            for nblist in nblists:
                for kk in nblist:
                    i, j, _w = self.edges[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if (
                        bj != b
                        and self.label[bj] == 1
                        and (bestedgeto[bj] == -1 or self.slack(kk) < self.slack(bestedgeto[bj]))
                    ):
                        bestedgeto[bj] = kk
            self.blossombestedges[sub] = None
            self.bestedge[sub] = -1
        best = [kk for kk in bestedgeto if kk != -1]
        self.blossombestedges[b] = best
        self.bestedge[b] = -1
        for kk in best:
            if self.bestedge[b] == -1 or self.slack(kk) < self.slack(self.bestedge[b]):
                self.bestedge[b] = kk

    def expand_blossom(self, b: int, endstage: bool) -> None:
        childs = self.blossomchilds[b]
        endps = self.blossomendps[b]
        assert childs is not None and endps is not None
        for s in childs:
            self.blossomparent[s] = -1
            if s < self.n:
                self.inblossom[s] = s
            elif endstage and self.dualvar[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for leaf in self.leaves(s):
                    self.inblossom[leaf] = s
        if not endstage and self.label[b] == 2:
            endpoint, label = self.endpoint, self.label
            entrychild = self.inblossom[endpoint[self.labelend[b] ^ 1]]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            p = self.labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
                self.assign_label(endpoint[p ^ 1], 2, p)
                self.allowedge[endps[j - endptrick] >> 1] = True
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                self.allowedge[p >> 1] = True
                j += jstep
            bv = childs[j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            self.labelend[endpoint[p ^ 1]] = self.labelend[bv] = p
            self.bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                found = -1
                for leaf in self.leaves(bv):
                    if label[leaf] != 0:
                        found = leaf
                        break
                if found != -1:
                    label[found] = 0
                    label[endpoint[self.mate[self.blossombase[bv]]]] = 0
                    self.assign_label(found, 2, self.labelend[found])
                j += jstep
        self.label[b] = self.labelend[b] = -1
        self.blossomchilds[b] = self.blossomendps[b] = None
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        self.unusedblossoms.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        t = v
        while self.blossomparent[t] != b:
            t = self.blossomparent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        childs = self.blossomchilds[b]
        endps = self.blossomendps[b]
        assert childs is not None and endps is not None
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        endpoint = self.endpoint
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= self.n:
                self.augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]
            if t >= self.n:
                self.augment_blossom(t, endpoint[p ^ 1])
            self.mate[endpoint[p]] = p ^ 1
            self.mate[endpoint[p ^ 1]] = p
        self.blossomchilds[b] = childs[i:] + childs[:i]
        self.blossomendps[b] = endps[i:] + endps[:i]
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]]  # type: ignore[index]

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
