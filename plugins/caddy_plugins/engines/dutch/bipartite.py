"""The lexicographically first perfect matching of a bipartite graph (FIDE Handbook C.04.3 4.2).

Used by :mod:`caddy_plugins.engines.dutch.transposition` once a bracket's colour failures
are spent: S1 players (left) take S2 partners (right) in transposition order, the first
S1 player the highest possible S2 player, then the second ...
"""

from __future__ import annotations

__all__ = ["first_perfect_matching"]


def first_perfect_matching(adj: list[list[int]], nright: int, loose: int) -> list[int] | None:
    """The lexicographically first perfect matching of a bipartite graph, or ``None``.

    Left vertex i may meet the right vertices ``adj[i]`` (ascending); the last ``loose``
    left vertices take what is left. Returns each other left vertex's partner: the
    first takes the lowest partner of any perfect matching, then the second ... (a
    perfect matching is kept and repaired by one alternating path per choice).
    """
    nleft = len(adj)
    if nleft != nright:
        return None
    mate_l, mate_r = [-1] * nleft, [-1] * nright
    fixed = [False] * nright
    # Any perfect matching will do as the start: the greedy pass takes most pairs (in a
    # dense graph, usually all of them) and alternating paths add the others.
    for u in range(nleft):
        for j in adj[u]:
            if mate_r[j] < 0:
                mate_l[u], mate_r[j] = j, u
                break
    for u in range(nleft):
        if mate_l[u] < 0 and not _augment(u, adj, mate_l, mate_r, fixed):
            return None
    for i in range(nleft - loose):
        for j in adj[i]:
            if fixed[j]:
                continue
            if mate_l[i] == j:
                fixed[j] = True
                break
            jp, ip = mate_l[i], mate_r[j]
            mate_l[i], mate_r[j], mate_l[ip], mate_r[jp] = j, i, -1, -1
            fixed[j] = True
            if _augment(ip, adj, mate_l, mate_r, fixed):
                break
            fixed[j] = False
            mate_l[i], mate_r[jp], mate_l[ip], mate_r[j] = jp, i, j, ip
    return mate_l[: nleft - loose]


def _augment(
    u: int, adj: list[list[int]], mate_l: list[int], mate_r: list[int], fixed: list[bool]
) -> bool:
    """Match the free left vertex ``u`` by an alternating path avoiding ``fixed`` right
    vertices; ``False`` (nothing changed) if there is none."""
    seen = [False] * len(mate_r)
    stack = [(u, iter(adj[u]))]
    via: list[int] = []
    while stack:
        _x, it = stack[-1]
        for v in it:
            if fixed[v] or seen[v]:
                continue
            seen[v] = True
            if mate_r[v] < 0:
                # Flip the path: each left vertex on the stack takes the right one after it.
                via.append(v)
                for (left, _it), right in zip(stack, via, strict=True):
                    mate_l[left] = right
                    mate_r[right] = left
                return True
            via.append(v)
            stack.append((mate_r[v], iter(adj[mate_r[v]])))
            break
        else:
            stack.pop()
            if via:
                via.pop()
    return False
