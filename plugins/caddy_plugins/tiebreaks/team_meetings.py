"""What every ranking of EDE (:mod:`caddy_plugins.tiebreaks.team_ede`, FIDE
Handbook C.07 Art. 13.3) on one table shares: per team the rounds it met
each opponent in a match that counts (a forfeit: Art. 15.2 or ``/P``), and
per score each pair's average points (repeated meetings averaged, Art.
6.1.2), each made when a tied group first needs it and kept with the table.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence

from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.team_common import score_points


class Meetings:
    """One table's meetings for one reading of forfeits (``forfeits``: they
    count). Holds no reference to the table (the table keys it weakly):
    each method is handed it."""

    def __init__(self, forfeits: bool) -> None:
        self.forfeits = forfeits
        #: Per team, the rounds it met each opponent in a match that counts.
        self.met: dict[int, dict[int, list[int]]] = {}
        #: Per score, per team, its average against each member it met
        #: (``None``: no match between them counts).
        self.known: dict[str, dict[int, dict[int, float | None]]] = {}
        #: Per score, :func:`score_points`.
        self.scores: dict[str, Sequence[Sequence[float]]] = {}

    def met_by(self, table: TieBreakTable, i: int) -> dict[int, list[int]]:
        """Team ``i``'s opponents in matches that count, each with the rounds."""
        met = self.met.get(i)
        if met is None:  # every opponent of team i at once
            forfeits = self.forfeits
            codes = table.code[i]
            met = self.met[i] = {}
            for r, o in enumerate(table.opp[i]):
                if o >= 0 and (codes[r] in "1=0WDL" or (forfeits and codes[r] in "+-")):
                    if o in met:
                        met[o].append(r)
                    else:
                        met[o] = [r]
        return met

    def points(self, table: TieBreakTable, kind: str) -> Sequence[Sequence[float]]:
        """Per team and round, its points in ``kind`` (read once)."""
        found = self.scores.get(kind)
        if found is None:
            found = self.scores[kind] = score_points(table, kind)
        return found

    def average(self, table: TieBreakTable, kind: str, i: int, j: int) -> float | None:
        """Team ``i``'s average points in ``kind`` against team ``j`` over
        the matches between them that count (repeated meetings averaged, Art.
        6.1.2), ``None`` when none does (a forfeit without ``/P``) or they
        never met. :meth:`among` reads a pair met once itself (a Swiss)."""
        rounds = self.met_by(table, i).get(j) if i != j else None
        if not rounds:
            return None
        row = self.points(table, kind)[i]
        return math.fsum([row[r] for r in rounds]) / len(rounds)

    def among(
        self, table: TieBreakTable, kind: str, members: list[int]
    ) -> tuple[dict[int, float], dict[int, int]]:
        """Per member, its points in ``kind`` against the other members (the
        sum of its pairs' averages) and how many of them it met."""
        known_by = self.known.get(kind)
        if known_by is None:
            known_by = self.known[kind] = {}
        points: dict[int, float] = {}
        met: dict[int, int] = {}
        inside = set(members)
        opponents, codes = table.opp, table.code
        pts = self.points(table, kind)
        forfeits = self.forfeits
        for i in members:
            known = known_by.get(i)
            if known is None:
                known = known_by[i] = {}
            averages: list[float] = []
            row = opponents[i]
            # the members it met (at C speed), each pair's average made once
            for j in inside.intersection(row):
                if j in known:
                    average = known[j]
                elif j != i and row.count(j) == 1:  # met once: average(), inline
                    r = row.index(j)
                    code = codes[i][r]
                    counts = code in "1=0WDL" or (forfeits and code in "+-")
                    average = known[j] = pts[i][r] if counts else None
                else:
                    average = known[j] = self.average(table, kind, i, j)
                if average is not None:
                    averages.append(average)
            # fsum is exact: the members' order does not matter
            points[i], met[i] = math.fsum(averages), len(averages)
        return points, met


#: Per table, its meetings by whether forfeits count.
_MEETINGS: weakref.WeakKeyDictionary[TieBreakTable, dict[bool, Meetings]] = (
    weakref.WeakKeyDictionary()
)


def meetings_of(table: TieBreakTable, forfeits: bool) -> Meetings:
    """``table``'s :class:`Meetings` for ``forfeits``, made when first asked for."""
    by_reading = _MEETINGS.get(table)
    if by_reading is None:
        by_reading = _MEETINGS[table] = {}
    found = by_reading.get(forfeits)
    if found is None:
        found = by_reading[forfeits] = Meetings(forfeits)
    return found
