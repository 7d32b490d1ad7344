"""The Buchholz family's values alone (no per-round items, no notes: the
explanations read those, :func:`caddy_plugins.tiebreaks.common.contributions`).

Per table, each player's opponent-score row is made once
(:func:`opponent_rows`: the score each round counts with, C.07 Art. 16's
dummy opponent included, the round and whether it was voluntarily unplayed)
and shared by every Buchholz-type value read from that table: BH, SB, the
extended Sonneborn-Berger team tie-breaks (C.07 Art. 13.2) with any own
factor. :func:`opponent_values` sums a row after the cuts exactly as
:func:`caddy_plugins.tiebreaks.common.apply_cuts` makes them (Art. 14.1-14.2,
16.5), in the same order, so the values are the same to the last bit.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from itertools import compress, count, repeat
from operator import eq, itemgetter, mul

from caddy.contracts.tiebreak_spec import TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable

#: One player's row: the scores counted (one per round that is a round for
#: the tie-break), those rounds (from 1), whether each was voluntarily
#: unplayed, and whether any was.
Row = tuple[list[float], list[int], list[bool], bool]

#: Per table, the rows by whether forfeits are played (``/P``).
_ROWS: weakref.WeakKeyDictionary[TieBreakTable, dict[bool, list[Row]]] = weakref.WeakKeyDictionary()


def opponent_rows(table: TieBreakTable, played_forfeits: bool) -> list[Row]:
    """Per player, the opponents' scores as a Buchholz counts them (not Fore
    Buchholz's): the opponent's adjusted score for a game (``/P``: a
    forfeit too), the player's own score for an own unplayed round (Art.
    16.4; the 2026 edition capped by the scheduled opponent's adjusted score
    or a draw's points times the rounds), rest rounds and games against an
    annulled player left out. Made once per table and shared (rows of
    games only share their lists of rounds): read them, never change them."""
    cached = _ROWS.get(table)
    if cached is None:
        cached = _ROWS[table] = {}
    rows = cached.get(played_forfeits)
    if rows is None:
        rows = cached[played_forfeits] = _rows(table, played_forfeits)
    return rows


def _rows(table: TieBreakTable, played_forfeits: bool) -> list[Row]:
    own_scores, opp_scores = table.score, table.adjusted
    cap_2026 = table.edition == "2026"
    draw_cap = table.draw * table.rounds
    rounds = table.rounds
    every = list(range(1, rounds + 1))
    none_voluntary = [False] * rounds
    games = "G" * rounds
    score_of = opp_scores.__getitem__

    def own_round(own: float, o: int) -> float:
        """The score an own unplayed round counts with: the player's own (Art.
        16.4), in the 2026 edition capped by the scheduled opponent's adjusted
        score, or with no opponent by a draw's points times the rounds."""
        if cap_2026:
            if o >= 0 and opp_scores[o] < own:
                return opp_scores[o]
            if o < 0 and draw_cap < own:
                return draw_cap
        return own

    rows: list[Row] = []
    for i, kinds in enumerate(table.kinds):
        opp_row = table.opp[i]
        if kinds == games:  # every round a game: the opponents' scores at C speed
            rows.append((list(map(score_of, opp_row)), every, none_voluntary, False))
            continue
        codes = table.code[i]
        own = own_scores[i]
        try:
            scores = list(map(score_of, opp_row)) if "S" not in kinds else []
        except IndexError:  # an opponent outside the table in an unplayed round
            scores = []
        if scores:
            # every round counts: the games' scores at C speed, the other rounds patched
            voluntary = list(none_voluntary)
            alone = own_round(own, -1)  # a round with no opponent: the same in each
            for r in [r for r, kind in enumerate(kinds) if kind != "G"]:
                o = opp_row[r]
                if o < 0:
                    scores[r] = alone
                elif played_forfeits and codes[r] in "+-":
                    continue  # a forfeit played: the opponent's score, as a game's
                else:
                    scores[r] = own_round(own, o)
                voluntary[r] = kinds[r] == "V"
            rows.append((scores, every, voluntary, True in voluntary))
            continue
        scores = []
        numbers: list[int] = []
        voluntary = []
        for r, kind in enumerate(kinds):
            if kind == "S":
                continue
            o = opp_row[r]
            if kind == "G" or (played_forfeits and o >= 0 and codes[r] in "+-"):
                score = opp_scores[o]
                vur = False
            else:
                score = own_round(own, o)
                vur = kind == "V"
            scores.append(score)
            numbers.append(r + 1)
            voluntary.append(vur)
        rows.append((scores, numbers, voluntary, True in voluntary))
    return rows


#: An item of the cuts: (score, contribution, round, voluntarily unplayed).
_Value = tuple[float, float, int, bool]
_CONTRIBUTION: Callable[[_Value], float] = itemgetter(1)


def _most_key(item: _Value) -> tuple[float, float, int]:
    return item[0], item[1], -item[2]


#: The lowest voluntarily unplayed round: by contribution, then score, then round.
_VUR_KEY: Callable[[_Value], tuple[float, float, int]] = itemgetter(1, 0, 2)


def _cut_one(
    scores: Sequence[float],
    contributions: Sequence[float],
    voluntary: Sequence[bool],
    any_voluntary: bool,
) -> float:
    """The contributions summed without the one a single cut leaves out, as
    :func:`opponent_values`' items make it: the least (score, contribution,
    round) item, or (Art. 16.5) the lowest voluntarily unplayed round's (by
    contribution, score, round) when the least's contribution is not higher.
    The rounds rise with the index, so the earliest index breaks a tie."""
    least = min(scores)
    cut = scores.index(least)  # the first of the lowest scores: a Buchholz's cut
    if contributions is not scores and scores.count(least) > 1:
        # the first of the lowest (score, contribution) pairs: the lowest
        # contribution among the lowest scores, then the first round with both
        lowest_contribution = min(compress(contributions, map(eq, scores, repeat(least))))
        while contributions[cut] != lowest_contribution:
            cut = scores.index(least, cut + 1)
    if any_voluntary:  # (contribution, score, index) of each voluntarily unplayed round
        if voluntary.count(True) == 1:  # the common case: one such round
            lowest = voluntary.index(True)
        else:
            lowest = min(compress(zip(contributions, scores, count()), voluntary))[2]
        if not contributions[cut] > contributions[lowest]:
            cut = lowest
    kept = list(contributions)
    del kept[cut]
    return sum(kept)


def opponent_values(
    table: TieBreakTable,
    spec: TieBreakSpec,
    points: Sequence[Sequence[float]] | None = None,
) -> list[float | None]:
    """Per player, the opponents' scores of :func:`opponent_rows` (``points``
    ``None``: a Buchholz) or each times the points scored in that round
    (``points``, per player and round: an SB, an extended SB's own factor)
    summed after ``spec``'s cuts, as
    :func:`caddy_plugins.tiebreaks.common.apply_cuts` makes them. Not for
    ``spec.fore`` (the items' path takes it)."""
    assert not spec.fore
    rounds = table.rounds
    low = min(spec.cut_low, rounds)
    high = min(spec.cut_high, max(0, rounds - low))
    values: list[float | None] = []
    for i, (scores, numbers, voluntary, any_voluntary) in enumerate(
        opponent_rows(table, spec.predetermined)
    ):
        if points is None:
            contributions: Sequence[float] = scores
        else:
            own = points[i]
            if len(numbers) != rounds:
                own = [own[r - 1] for r in numbers]
            contributions = list(map(mul, scores, own))
        if not (low or high) or not scores:
            values.append(sum(contributions))
            continue
        if low == 1 and not high:  # one cut (/C1), the common case: found by index
            values.append(_cut_one(scores, contributions, voluntary, any_voluntary))
            continue
        items: list[_Value] = list(zip(scores, contributions, numbers, voluntary, strict=True))
        for _ in range(low):
            if not items:
                break
            least = min(items)  # (score, contribution, round): rounds are distinct
            if any_voluntary:
                vurs = [item for item in items if item[3]]
                if vurs:
                    lowest_vur = min(vurs, key=_VUR_KEY)
                    if not least[1] > lowest_vur[1]:
                        items.remove(lowest_vur)
                        continue
            items.remove(least)
        for _ in range(high):
            if not items:
                break
            items.remove(max(items, key=_most_key))
        values.append(sum(map(_CONTRIBUTION, items)))
    return values
