"""The explanation of a Dutch round: what happened in each bracket (FIDE Handbook C.04.3 1.3.2).

:class:`Explanation` is what :func:`caddy_plugins.engines.dutch.dutch.pair_round` returns in
``Pairing.explanation``; :func:`quality_remarks` lists the quality criteria (C.04.3
2.4) a bracket's pairs could not satisfy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

import attrs

from caddy_plugins.engines.dutch.players import DOWN, UP, PlayerState

__all__ = ["BracketNote", "Explanation", "fmt_score", "quality_remarks", "tpn_list"]


@attrs.frozen
class BracketNote:
    """What happened in one bracket (C.04.3 1.3.2)."""

    #: Score of the residents (pairing score).
    score: Fraction
    #: TPNs of the residents, in pairing order.
    residents: tuple[int, ...]
    #: TPNs of the moved-down players (MDPs) coming from higher brackets.
    mdps: tuple[int, ...]
    #: Pairs made in this bracket (higher-ranked player first, not yet coloured).
    pairs: tuple[tuple[int, int], ...]
    #: TPNs floating down to the next bracket.
    downfloaters: tuple[int, ...]
    #: Remarks: which criteria were active or decided.
    remarks: tuple[str, ...] = ()


@attrs.frozen
class Explanation:
    """How a round was paired; :meth:`lines` renders it as text."""

    round_number: int
    bye_score: Fraction | None
    brackets: tuple[BracketNote, ...]
    #: ``"white-black: rule"`` for each pair (C.04.3 Article 5).
    colour_notes: tuple[str, ...]
    #: TPN of the pairing-allocated bye, if any.
    bye: int | None = None

    def lines(self) -> list[str]:
        """Plain-text lines, one bracket after the other."""
        out = [f"Round {self.round_number} (FIDE Dutch system, C.04.3)"]
        if self.bye_score is not None:
            out.append(f"  PAB score (C5): lowest possible is {fmt_score(self.bye_score)}")
        for b in self.brackets:
            head = f"  Bracket {fmt_score(b.score)}: residents {tpn_list(b.residents)}"
            if b.mdps:
                head += f"; MDPs {tpn_list(b.mdps)}"
            out.append(head)
            if b.pairs:
                out.append("    pairs " + ", ".join(f"{x}-{y}" for x, y in b.pairs))
            if b.downfloaters:
                out.append(
                    f"    downfloaters {tpn_list(b.downfloaters)} "
                    "(C6-C8: fewest, lowest scores, best for the next bracket)"
                )
            out.extend(f"    {r}" for r in b.remarks)
        if self.bye is not None:
            out.append(f"  PAB: {self.bye}")
        out.extend(f"  {c}" for c in self.colour_notes)
        return out


def fmt_score(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def tpn_list(xs: Iterable[int]) -> str:
    return " ".join(str(x) for x in xs) or "-"


def quality_remarks(
    players: Sequence[PlayerState], pairs: list[tuple[int, int]], down: list[int], mdps: list[int]
) -> list[str]:
    """Which quality criteria the bracket's pairs could not satisfy (C.04.3 2.4)."""
    out: list[str] = []
    mdp_set = set(mdps)
    ups = [players[b].tpn for a, b in pairs if a in mdp_set and b not in mdp_set]
    if ups:
        out.append(f"upfloaters (paired with MDPs) {tpn_list(ups)}")
    c10 = c11 = c12 = c13 = 0
    for a, b in pairs:
        h, lo = players[a], players[b]
        if lo.pref is None or lo.pref != h.pref:
            continue
        c12 += 1
        both_abs = lo.absolute and h.absolute
        if (lo.strong or lo.absolute) and (h.strong or h.absolute) and not both_abs:
            c13 += 1
        if lo.absimb and h.absimb:
            c10 += 1
        if both_abs:
            c11 += 1
    if c12:
        out.append(f"colour preferences not met (C12): {c12}, of them strong (C13): {c13}")
    if c10 or c11:
        out.append(f"topscorer colour exceptions (C10/C11): {c10}/{c11}")
    resident_down = [players[v].tpn for v in down if v not in mdp_set and players[v].f1 == DOWN]
    if resident_down:
        out.append(f"downfloat again after last round (C14): {tpn_list(resident_down)}")
    up_again = [
        players[b].tpn
        for a, b in pairs
        if players[a].score > players[b].score and players[b].f1 == UP
    ]
    if up_again:
        out.append(f"upfloat again after last round (C15): {tpn_list(up_again)}")
    return out
