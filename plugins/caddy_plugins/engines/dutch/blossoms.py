"""The state of one run of Edmonds' maximum-weight matching, and its blossoms.

:class:`Blossoms` holds the flat lists the algorithm works on (vertices,
blossoms, labels, dual variables) and the operations on blossoms: make one
from an odd cycle (:meth:`Blossoms.add_blossom`), expand one
(:meth:`Blossoms.expand_blossom`) and augment the matching through one
(:meth:`Blossoms.augment_blossom`). The search for augmenting paths and the
dual updates are :mod:`caddy_plugins.engines.dutch.matching`'s.
"""

from __future__ import annotations

__all__ = ["Blossoms"]


class Blossoms:
    """The state of one run; it lives in flat lists indexed by vertex or blossom.

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

    def slack(self, k: int) -> int:
        return self.dualvar[self.ei[k]] + self.dualvar[self.ej[k]] - self.w2[k]

    def leaves(self, b: int) -> list[int]:
        """The vertices of blossom ``b``, depth first in child order."""
        n = self.n
        if b < n:
            return [b]
        out: list[int] = []
        blossomchilds = self.blossomchilds
        stack = [iter(blossomchilds[b] or ())]
        while stack:
            for t in stack[-1]:
                if t < n:
                    out.append(t)
                else:
                    stack.append(iter(blossomchilds[t] or ()))
                    break
            else:
                stack.pop()
        return out

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
        # The least-slack edge to each S-blossom (duals do not change here, so each
        # edge's slack is computed once; ties keep the first edge met).
        bestedgeto = [-1] * (2 * self.n)
        bestslack: dict[int, int] = {}
        label, dualvar, ei, ej, w2 = self.label, self.dualvar, self.ei, self.ej, self.w2
        neighbend = self.neighbend
        for sub in path:
            bbe = self.blossombestedges[sub]
            if bbe is None:
                nblists = [[p >> 1 for p in neighbend[leaf]] for leaf in self.leaves(sub)]
            else:
                nblists = [bbe]
            for nblist in nblists:
                for kk in nblist:
                    i, j = ei[kk], ej[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1:
                        kslack = dualvar[i] + dualvar[j] - w2[kk]
                        if bestedgeto[bj] == -1 or kslack < bestslack[bj]:
                            bestedgeto[bj] = kk
                            bestslack[bj] = kslack
            self.blossombestedges[sub] = None
            self.bestedge[sub] = -1
        best = [kk for kk in bestedgeto if kk != -1]
        self.blossombestedges[b] = best
        chosen = -1
        least = 0
        for kk in best:
            kslack = dualvar[ei[kk]] + dualvar[ej[kk]] - w2[kk]
            if chosen == -1 or kslack < least:
                chosen, least = kk, kslack
        self.bestedge[b] = chosen

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
