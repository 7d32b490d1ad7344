"""The quality criteria C6-C21 of FIDE Handbook C.04.3 packed into matching weights.

Integer weights encode the criteria lexicographically: a more significant field always
beats any sum of less significant ones (see :mod:`caddy_plugins.engines.dutch.dutch`).
"""

from __future__ import annotations

from caddy_plugins.engines.dutch.players import DOWN, UP, PlayerState, invert
from caddy_plugins.engines.dutch.round_state import RoundState

__all__ = ["CriteriaRound", "colour_criteria"]


def colour_criteria(h: PlayerState, lo: PlayerState) -> tuple[bool, bool, bool, bool]:
    """Whether the pair of ``h`` (higher) and ``lo`` meets C10, C11, C12 and C13."""
    same = lo.pref is not None and lo.pref == h.pref
    c10 = not (lo.absimb and h.absimb and same)
    third = False
    if lo.absolute and h.absolute and same:
        if lo.imb == h.imb:
            third = lo.rep is not None and lo.rep == h.rep
        else:
            smaller = h if lo.imb > h.imb else lo
            third = smaller.rep == invert(lo.pref)
    c11 = not third
    c12 = not same
    c13 = not (same and (lo.strong or lo.absolute) and (h.strong or h.absolute)) or (
        lo.absolute and h.absolute
    )
    return c10, c11, c12, c13


class CriteriaRound(RoundState):
    """A round's state with the edge weights of the quality criteria."""

    def outer_c9(self, a: int, b: int, sw: int) -> int:
        """The C9 part of an edge outside the bracket and the next scoregroup (``stale_c9``),
        placed as :meth:`criteria` places C9 for score fields of width ``sw``."""
        if not self.stale_c9:
            return 0
        c9 = 0
        for v in (a, b):
            if self.players[v].score == self.bye_score:
                c9 += self.c9_rank[v]
        return c9 << (8 * self.w1 + 4 * sw)

    # -- quality criteria -------------------------------------------------------------------

    def criteria(
        self,
        h: PlayerState,
        lo: PlayerState,
        in_bracket: bool,
        slots: tuple[dict[int, int], int] | None = None,
    ) -> int:
        """Criteria C6-C21 for the edge between ``h`` (higher) and ``lo``, packed high to low.

        ``slots`` (from :meth:`score_slots`) must cover both players' scores.
        """
        slot, sw = slots or (self.slot, self.sw)
        w1 = self.w1
        v = 1 if in_bracket else 0  # C6: pairs in the bracket
        v = (v << sw) | ((1 << slot[h.score]) if in_bracket else 0)  # C7
        v = (v << w1) | (0 if in_bracket else 1)  # C8: pairs in the next scoregroup
        v = (v << sw) | (0 if in_bracket else (1 << slot[h.score]))  # C8: scores there
        c9 = 0
        if self.is_single:
            if h.score == self.bye_score:
                c9 += self.c9_rank[h.idx]
            if lo.score == self.bye_score:
                c9 += self.c9_rank[lo.idx]
        v = (v << self.w9) | c9
        if in_bracket:
            c10, c11, c12, c13 = colour_criteria(h, lo)
        else:
            c10 = c11 = c12 = c13 = False
        v = (v << w1) | c10
        v = (v << w1) | c11
        v = (v << w1) | c12
        v = (v << w1) | c13
        c14 = c15 = c16 = c17 = c18 = c19 = c20 = c21 = 0
        if in_bracket:
            hi_down = h.score > lo.score
            if self.played_rounds >= 1:
                c14 = (lo.f1 == DOWN) + (not hi_down and h.f1 == DOWN)
                c15 = int(not (hi_down and lo.f1 == UP))
                c18 = ((lo.f1 == DOWN) << slot[lo.score]) + ((h.f1 == DOWN) << slot[h.score])
                c19 = 0 if (lo.f1 == UP and hi_down) else (1 << slot[h.score])
            if self.played_rounds >= 2:
                c16 = (lo.f2 == DOWN) + (not hi_down and h.f2 == DOWN)
                c17 = int(not (hi_down and lo.f2 == UP))
                c20 = ((lo.f2 == DOWN) << slot[lo.score]) + ((h.f2 == DOWN) << slot[h.score])
                c21 = 0 if (lo.f2 == UP and hi_down) else (1 << slot[h.score])
        v = (v << w1) | c14
        v = (v << w1) | c15
        v = (v << w1) | c16
        v = (v << w1) | c17
        v = (v << sw) | c18
        v = (v << sw) | c19
        v = (v << sw) | c20
        v = (v << sw) | c21
        return v
