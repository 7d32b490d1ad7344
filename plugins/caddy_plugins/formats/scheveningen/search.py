"""The Scheveningen colouring caddy 0.1 used (``table=search``), kept so that
event files written by it replay with the colours they were played with.

A backtracking search, round by round, for the boards on which team A has
White (each round ``k // 2`` or ``(k + 1) // 2`` boards), keeping every
player within one of ``k / 2`` Whites and free of three colours in a row;
a double Scheveningen plays the first of FIDE's swap of the last two
rounds, the mirror swap or the second cycle reversed that keeps everyone
free of three in a row. Teams of 1 to 12 (the search's reach). The
generated and published tables (:mod:`caddy_plugins.formats.scheveningen`)
replace it for new events.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from caddy.errors import CaddyError

__all__ = ["SEARCH_MAX_TEAM", "search_rounds"]

#: The largest team the search colours.
SEARCH_MAX_TEAM = 12


def three_in_a_row(seq: Sequence[bool]) -> bool:
    """Whether ``seq`` holds three equal values one after the other (three same colours)."""
    return any(seq[i] == seq[i + 1] == seq[i + 2] for i in range(len(seq) - 2))


@cache
def colouring(k: int) -> tuple[frozenset[int], ...]:
    """Per round, the boards on which team A has White (see the module docstring)."""
    low, high = k // 2, (k + 1) // 2
    subsets = [frozenset(c) for size in sorted({low, high}) for c in combinations(range(k), size)]
    a_seq: list[list[bool]] = [[] for _ in range(k)]  # A player i: True = White
    b_seq: list[list[bool]] = [[] for _ in range(k)]  # B player j
    chosen: list[frozenset[int]] = []
    min_w, max_w = k / 2 - 1, k / 2 + 1

    def ok(seq: list[bool], remaining: int) -> bool:
        if len(seq) >= 3 and seq[-1] == seq[-2] == seq[-3]:
            return False
        whites = sum(seq)
        return whites <= max_w and whites + remaining >= min_w

    def search(r: int) -> bool:
        if r == k:
            return True
        previous = chosen[-1] if chosen else frozenset()
        # try the complement of the last round first: it alternates team A
        for subset in sorted(subsets, key=lambda s: len(s & previous)):
            for i in range(k):
                a_seq[i].append(i in subset)
                b_seq[(i + r) % k].append(i not in subset)
            remaining = k - r - 1
            if all(ok(q, remaining) for q in a_seq) and all(ok(q, remaining) for q in b_seq):
                chosen.append(subset)
                if search(r + 1):
                    return True
                chosen.pop()
            for i in range(k):
                a_seq[i].pop()
                b_seq[(i + r) % k].pop()
        return False

    if not search(0):  # pragma: no cover - the search succeeds for every size 1..12
        raise CaddyError(f"no Scheveningen colouring found for teams of {k}")
    return tuple(chosen)


#: Round orders tried for a double Scheveningen: (round of the table, colours reversed).
def _double_orders(k: int) -> list[list[tuple[int, bool]]]:
    first = [(r, False) for r in range(k)]
    second = [(r, True) for r in range(k)]
    fide = first[:-2] + first[-2:][::-1] if k >= 2 else first
    mirror = second[1::-1] + second[2:] if k >= 2 else second
    return [
        first + second,
        fide + second,
        first + mirror,
        first + second[::-1],
        fide + second[::-1],
    ]


@cache
def round_order(k: int, cycles: int) -> tuple[tuple[int, bool], ...]:
    """The rounds to play: (round of the colouring, colours reversed). A double
    Scheveningen takes the first of FIDE's swap, the mirror swap or the second
    cycle reversed that keeps every player free of three colours in a row."""
    if cycles == 1:
        return tuple((r, False) for r in range(k))
    colours = colouring(k)
    for order in _double_orders(k):
        sequences: list[list[bool]] = [[] for _ in range(2 * k)]
        for r, flip in order:
            for i in range(k):
                a_white = (i in colours[r]) != flip
                sequences[i].append(a_white)
                sequences[k + (i + r) % k].append(not a_white)
        if not any(three_in_a_row(seq) for seq in sequences):
            return tuple(order)
    raise CaddyError(f"no double Scheveningen order found for teams of {k}")  # pragma: no cover


def search_rounds(k: int, cycles: int = 1) -> tuple[tuple[tuple[int, int, bool], ...], ...]:
    """The rounds as caddy 0.1 played them: per round, per board, (A's player,
    B's player, whether A has White), players numbered from 0 in each team."""
    if k > SEARCH_MAX_TEAM:
        raise CaddyError(
            f"table=search colours teams of up to {SEARCH_MAX_TEAM}, not {k} (use table=generated)"
        )
    colours = colouring(k)
    return tuple(
        tuple((i, (i + r) % k, (i in colours[r]) != flip) for i in range(k))
        for r, flip in round_order(k, cycles)
    )
