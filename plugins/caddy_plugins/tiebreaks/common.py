"""Shared machinery of the built-in tie-break plugins (FIDE Handbook C.07).

The host folds an event once into a :class:`caddy.contracts.tiebreak_table.TieBreakTable`; the
plugins in this package read it. What several of them share lives here:
the Buchholz family's per-round contributions and cuts (C.07 Art. 8-9,
14, 16), the round counts (WIN, WON, BPG, BWG, REP: Art. 7) and the
rating-based values (ARO, TPR, PTP: Art. 10, with FIDE's tables in
:mod:`caddy_plugins.tiebreaks.ratings`). Conventions: docs/standings.md.
"""

from __future__ import annotations

from itertools import repeat
from operator import itemgetter, mul
from typing import TYPE_CHECKING, ClassVar

from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import ANNULLED, TieBreakTable
from caddy_plugins.tiebreaks.values import opponent_values

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation

# -- Buchholz family ------------------------------------------------------------

#: One round's part in a Buchholz-family value:
#: (round, opponent number or 0, score used, contribution, voluntarily unplayed, note)
Item = tuple[int, int, float, float, bool, str]


def contributions(
    table: TieBreakTable, i: int, *, sb: bool, fore: bool = False, played_forfeits: bool = False
) -> list[Item]:
    """Per round, what a Buchholz (``sb=False``) or Sonneborn–Berger value adds:
    the opponent's adjusted score (times the points scored, for SB), or the
    dummy opponent's score for the player's own unplayed rounds.

    :param played_forfeits: ``/P``: a forfeit counts as a game against the
        scheduled opponent (the option ``/P`` of TRF-2026's tie-break
        descriptors; team events)."""
    if fore:
        own_scores, opp_scores = table.fore()
    else:
        own_scores, opp_scores = table.score, table.adjusted
    own = own_scores[i]
    last = table.rounds - 1
    cap_2026 = table.edition == "2026"
    draw_cap = table.draw * table.rounds
    result: list[Item] = []
    opp_row, pts_row, kinds, codes = table.opp[i], table.pts[i], table.kinds[i], table.code[i]
    for r, kind in enumerate(kinds):
        if kind == "S":
            continue
        o = opp_row[r]
        points = pts_row[r]
        if fore and r == last and o >= 0:
            points = table.draw
            kind = "G"
        if played_forfeits and o >= 0 and codes[r] in "+-":
            kind = "G"
        if kind == "G":
            score = opp_scores[o]
            vur = False
            note = "game" if codes[r] in "1=0WDL" else "forfeit, counted as a game"
        else:
            score = own
            note = "dummy opponent (own score, Art. 16.4)"
            if cap_2026:
                if o >= 0 and opp_scores[o] < score:
                    score = opp_scores[o]
                    note = "dummy opponent, capped by the scheduled opponent (2026, Art. 16.4.1)"
                elif o < 0 and draw_cap < score:
                    score = draw_cap
                    note = "dummy opponent, capped at draw × rounds (2026, Art. 16.4.2)"
            vur = kind == "V"
        result.append(
            (r + 1, o + 1 if o >= 0 else 0, score, score * points if sb else score, vur, note)
        )
    return result


#: The keys of the least significant value and of the lowest voluntarily unplayed round.
_LEAST = itemgetter(2, 3, 0)
_LOWEST_VUR = itemgetter(3, 2, 0)


def apply_cuts(
    items: list[Item], low: int, high: int, rounds: int
) -> tuple[list[Item], list[tuple[Item, str]]]:
    """Cut ``low`` least significant and ``high`` most significant values
    (C.07 Art. 14.1-14.2). The least significant value is the one of the
    lowest opponent score (then the lower contribution); a voluntarily
    unplayed round is cut instead when its contribution is not lower
    (Art. 16.5). At most ``rounds`` values are cut."""
    low = min(low, rounds)
    high = min(high, max(0, rounds - low))
    kept = list(items)
    cut: list[tuple[Item, str]] = []
    for _ in range(low):
        if not kept:
            break
        least = min(kept, key=_LEAST)
        vurs = [c for c in kept if c[4]]
        if vurs:
            lowest_vur = min(vurs, key=_LOWEST_VUR)
            if not least[3] > lowest_vur[3]:
                kept.remove(lowest_vur)
                cut.append((lowest_vur, "cut: voluntarily unplayed round first (Art. 16.5)"))
                continue
        kept.remove(least)
        cut.append((least, "cut: least significant value (Art. 14.1)"))
    for _ in range(high):
        if not kept:
            break
        most = max(kept, key=lambda c: (c[2], c[3], -c[0]))
        kept.remove(most)
        cut.append((most, "cut: most significant value (Art. 14.2)"))
    return kept, cut


class OpponentScoreSum:
    """Shared machinery of Buchholz, Fore Buchholz and Sonneborn–Berger.

    Subclasses set ``sb`` (multiply by the points scored) and ``fore``.
    """

    sb: ClassVar[bool] = False
    fore: ClassVar[bool] = False
    name: ClassVar[str]
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        fore = self.fore or spec.fore
        if table.all_games and not (spec.cut_low or spec.cut_high or fore):
            # every round of every player is a game: no dummies, nothing skipped
            # per player, the opponents' scores (times the points, for SB) summed:
            # nested map() calls, every step at C speed
            scores = map(map, repeat(table.adjusted.__getitem__), table.opp)
            if self.sb:
                return list(map(sum, map(map, repeat(mul), scores, table.pts)))
            return list(map(sum, scores))
        if not fore:  # the values alone, the same sums as the items' (explain's)
            return opponent_values(table, spec, table.pts if self.sb else None)
        return [self.value(table, spec, i)[0] for i in range(table.n)]

    def value(
        self, table: TieBreakTable, spec: TieBreakSpec, i: int
    ) -> tuple[float, list[Item], list[tuple[Item, str]]]:
        items = contributions(
            table, i, sb=self.sb, fore=self.fore or spec.fore, played_forfeits=spec.predetermined
        )
        kept, cut = apply_cuts(items, spec.cut_low, spec.cut_high, table.rounds)
        return sum(c[3] for c in kept), kept, cut

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        value, kept, cut = self.value(table, spec, player)
        return explain_items(spec.text, table, player, kept, cut, value)


def explain_items(
    name: str,
    table: TieBreakTable,
    i: int,
    kept: list[Item],
    cut: list[tuple[Item, str]],
    value: float,
) -> Explanation:
    """Explanation rows for a Buchholz-family value: every round, what it added or why not."""
    from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

    cut_notes = {c[0]: why for c, why in cut}
    rows = []
    for rnd, opp, score, contrib, _vur, note in sorted([*kept, *(c for c, _ in cut)]):
        rows.append(
            ExplainRow(
                round=rnd,
                opponent=opp or None,
                opponent_score=score,
                result=table.code[i][rnd - 1],
                contribution=contrib,
                note=cut_notes.get(rnd, note),
            )
        )
    seen = {row.round for row in rows}
    for r in range(table.rounds):
        if r + 1 not in seen:
            why = (
                "game against an annulled player"
                if table.code[i][r] == ANNULLED
                else "rest round: no round at all"
            )
            rows.append(ExplainRow(round=r + 1, result=table.code[i][r], note=why))
    rows.sort(key=lambda row: row.round or 0)
    parts = " + ".join(_fmt(c[3]) for c in sorted(kept)) or "0"
    return Explanation(
        tiebreak=name,
        player=table.numbers[i],
        value=value,
        rows=tuple(rows),
        summary=f"{parts} = {_fmt(value)}",
    )


def _fmt(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:g}"


class RoundCount:
    """Shared machinery of the counting tie-breaks (WIN, WON, BPG, BWG, REP):
    the number of rounds for which :meth:`counts` is true."""

    name: ClassVar[str]
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False
    modifiers: ClassVar[str] = ""

    def counts(self, table: TieBreakTable, i: int, r: int) -> bool:
        raise NotImplementedError

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        rounds = range(table.rounds)
        counts = self.counts
        return [float(sum(1 for r in rounds if counts(table, i, r))) for i in range(table.n)]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        rows = []
        total = 0
        for r in range(table.rounds):
            hit = self.counts(table, player, r)
            total += hit
            o = table.opp[player][r]
            rows.append(
                ExplainRow(
                    round=r + 1,
                    opponent=o + 1 if o >= 0 else None,
                    result=table.code[player][r],
                    contribution=1.0 if hit else 0.0,
                    note="counted" if hit else "not counted",
                )
            )
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=float(total),
            rows=tuple(rows),
            summary=f"{total} of {table.rounds} rounds",
        )


def otb_or_rr_forfeit_win(table: TieBreakTable, i: int, r: int) -> bool:
    """A game over the board, or (option) a round-robin forfeit win."""
    if table.is_game(i, r):
        return True
    return table.rr and table.options.rr_forfeits_over_the_board and table.code[i][r] == "+"


def half_up(value: float, places: int) -> float:
    """Round half up to ``places`` decimals, exactly (3.125 -> 3.13)."""
    from decimal import ROUND_HALF_UP, Decimal

    quantum = Decimal(1).scaleb(-places)
    return float(Decimal(repr(value)).quantize(quantum, rounding=ROUND_HALF_UP))


def rated_games(
    table: TieBreakTable, i: int
) -> tuple[list[int], int, list[tuple[int, int, int, str]]]:
    """Over-the-board rated games of player ``i`` against opponents with a rating:
    (opponent ratings, score in half points, rows (round, opponent, rating, code)).
    Unplayed games, forfeits included, and games of under one move are left out."""
    ratings: list[int] = []
    half_points = 0
    rows = []
    for r, (o, code) in enumerate(zip(table.opp[i], table.code[i], strict=True)):
        if o < 0 or code not in ("1", "=", "0"):
            continue
        rating = table.ratings[o]
        if rating is None:
            continue
        ratings.append(rating)
        half_points += {"1": 2, "=": 1, "0": 0}[code]
        rows.append((r + 1, o + 1, rating, code))
    return ratings, half_points, rows


class RatingTieBreak:
    """Shared machinery of ARO, TPR and PTP: a value from a player's rated games."""

    name: ClassVar[str]
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False
    modifiers: ClassVar[str] = ""

    def value_of(self, ratings: list[int], half_points: int, spec: TieBreakSpec) -> int | None:
        raise NotImplementedError

    def describe(
        self, ratings: list[int], half_points: int, spec: TieBreakSpec, value: int | None
    ) -> str:
        raise NotImplementedError

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        values: list[float | None] = []
        for i in range(table.n):
            ratings, half_points, _ = rated_games(table, i)
            value = self.value_of(ratings, half_points, spec) if ratings else None
            values.append(None if value is None else float(value))
        return values

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        ratings, half_points, rows = rated_games(table, player)
        value = self.value_of(ratings, half_points, spec) if ratings else None
        counted = {row[0] for row in rows}
        explain_rows = [
            ExplainRow(
                round=rnd,
                opponent=opp,
                opponent_rating=rating,
                result=code,
                note="rated game counted",
            )
            for rnd, opp, rating, code in rows
        ]
        for r in range(table.rounds):
            if r + 1 not in counted:
                o = table.opp[player][r]
                why = (
                    "not a rated game over the board"
                    if o < 0 or table.code[player][r] not in "1=0"
                    else "unrated opponent"
                )
                explain_rows.append(
                    ExplainRow(
                        round=r + 1,
                        opponent=o + 1 if o >= 0 else None,
                        result=table.code[player][r],
                        note=why,
                    )
                )
        explain_rows.sort(key=lambda row: row.round or 0)
        summary = (
            self.describe(ratings, half_points, spec, value)
            if ratings
            else "no rated opponent: no value"
        )
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=None if value is None else float(value),
            rows=tuple(explain_rows),
            summary=summary,
        )
