"""The pairing tables of a round robin (the ``round-robin`` format's ``table`` option).

Each gives, per round, the Whites and the Blacks by board for an even field:
:func:`berger_rounds` (FIDE Handbook C.05 Annex 1, built by FIDE TEC's
construction), :func:`circle_rounds` (the circle method, coloured as the
Berger table) and :func:`us_quad_rounds` (US Chess quads, round 3 by a toss);
docs/schedules.md shows them. :mod:`caddy_plugins.formats.round_robin` uses
them for a field and its cycles.
"""

from __future__ import annotations

RoundPairs = tuple[tuple[int, ...], tuple[int, ...]]


def berger_rounds(n: int) -> list[RoundPairs]:
    """FIDE Berger table for an even ``n``: per round, (Whites, Blacks) by board."""
    m, h = n - 1, n // 2
    loop = list(range(1, n)) * 2  # loop[i] == i % m + 1
    rounds: list[RoundPairs] = []
    for r in range(m):
        offset = (r * h) % m
        x = (loop[offset],)
        whites = tuple(loop[offset + 1 : offset + h])
        blacks = tuple(loop[offset + h : offset + m][::-1])
        if r % 2 == 0:
            rounds.append((x + whites, (n, *blacks)))
        else:
            rounds.append(((n, *whites), x + blacks))
    return rounds


def circle_rounds(n: int, players: int | None = None) -> list[RoundPairs]:
    """Circle-method rounds for an even ``n`` (docs/schedules.md), coloured as the
    Berger table of the same size under the relabelling that maps circle
    round r onto Berger round r.

    Player 1 holds the fixed seat, as in the hand method. For an odd field
    (``players == n - 1``) the phantom n holds it instead and 1..n-1 go
    round the loop, so that whoever sits out matches the Berger table's
    bye and the colours stay exactly balanced.
    """
    m, h = n - 1, n // 2
    odd = players is not None and players == n - 1
    fixed = n if odd else 1
    base = list(range(1, n)) if odd else list(range(2, n + 1))
    pairings: list[list[tuple[int, int]]] = []
    for r in range(m):
        loop = base[m - r :] + base[: m - r]  # everyone but the fixed seat, rotated r places
        pairs = [(fixed, loop[m - 1])]
        pairs += [(loop[j - 1], loop[m - 1 - j]) for j in range(1, h)]
        pairings.append(pairs)
    berger = berger_rounds(n)
    # phi: circle label -> Berger label; the fixed seat -> n, and its opponent
    # in round r -> n's opponent in Berger round r.
    phi = {fixed: n}
    for r, (whites, blacks) in enumerate(berger):
        phi[pairings[r][0][1]] = blacks[0] if whites[0] == n else whites[0]
    rounds: list[RoundPairs] = []
    for r, pairs in enumerate(pairings):
        whites, blacks = berger[r]
        white_set = set(whites)
        games = dict(zip(whites, blacks, strict=True))
        w: list[int] = []
        b: list[int] = []
        for a, c in pairs:
            fa, fc = phi[a], phi[c]
            if (
                games.get(fa) != fc and games.get(fc) != fa
            ):  # pragma: no cover - a proof, kept as a check
                raise AssertionError(f"circle round {r + 1} does not map onto Berger round {r + 1}")
            if fa in white_set:
                w.append(a)
                b.append(c)
            else:
                w.append(c)
                b.append(a)
        rounds.append((tuple(w), tuple(b)))
    return rounds


def us_quad_rounds(seed: int) -> list[RoundPairs]:
    """US Chess quad table; each round-3 game's colours by a seeded toss."""
    import random

    rng = random.Random(seed)
    third = []
    for a, b in ((1, 2), (3, 4)):
        third.append((a, b) if rng.random() < 0.5 else (b, a))
    return [
        ((1, 2), (4, 3)),
        ((3, 4), (1, 2)),
        ((third[0][0], third[1][0]), (third[0][1], third[1][1])),
    ]
