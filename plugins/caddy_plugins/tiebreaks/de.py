"""DE, direct encounter (C.07 Art. 6).

Among a group of tied players, only the games between them count: they are
ranked by the points scored in those games. Where pairs met more than once
(a double round robin) every game counts, averaged per pair (which gives
the same ranking when every pair met equally often). Players still equal
are ranked again among themselves, recursively. When not everyone in the
group met (Swiss), a player is placed first only if no other could overtake
them whatever the missing games would give (Art. 6.3); then the next place
likewise.

In round robins forfeits count as games (Art. 15.2); elsewhere only games
over the board count, unless /P (forfeits count against the scheduled
opponent).

The value DE reports is the player's place within the tied group it was
applied to (1 = first; equal places share the number; 1 for a player who
was not tied). Lower is better; the standings sort it that way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class DirectEncounter:
    name: ClassVar[str] = "DE"
    #: Team events may use it on MP or GP (C.07 Art. 13 preamble: ``BH:MP``).
    scope: ClassVar[str] = "both"
    title: ClassVar[str] = "Direct encounter"
    article: ClassVar[str] = "6"
    kind: ClassVar[str] = "A"
    modifiers: ClassVar[str] = "P"
    summary: ClassVar[str] = (
        "ranking by the games among the tied players, recursively (Art. 6.3 when not all met)"
    )
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = True

    def _counts(self, table: TieBreakTable, spec: TieBreakSpec, i: int, r: int) -> bool:
        code = table.code[i][r]
        if code in "1=0WDL":
            return True
        return code in "+-" and (
            spec.predetermined or (table.rr and table.options.rr_forfeits_are_games)
        )

    def points_among(
        self, table: TieBreakTable, spec: TieBreakSpec, members: Sequence[int]
    ) -> tuple[dict[int, float], dict[int, int]]:
        """Per member: points against the others (averaged per pair) and how many of them they met."""
        inside = set(members)
        points: dict[int, float] = {}
        met: dict[int, int] = {}
        for i in members:
            per_pair: dict[int, list[float]] = {}
            for r, o in enumerate(table.opp[i]):
                if o in inside and o != i and self._counts(table, spec, i, r):
                    per_pair.setdefault(o, []).append(table.pts[i][r])
            points[i] = sum(sum(v) / len(v) for v in per_pair.values())
            met[i] = len(per_pair)
        return points, met

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [1.0] * table.n  # the standings replace this by the place in each tied group

    def rank_group(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int]
    ) -> list[int]:
        places: dict[int, int] = {}
        self._rank(table, spec, list(group), 1, places)
        return [places[i] for i in group]

    def _rank(
        self,
        table: TieBreakTable,
        spec: TieBreakSpec,
        members: list[int],
        start: int,
        places: dict[int, int],
    ) -> None:
        if len(members) == 1:
            places[members[0]] = start
            return
        points, met = self.points_among(table, spec, members)
        size = len(members)
        everyone_met = table.rr or all(met[i] == size - 1 for i in members)
        if everyone_met:
            order = sorted(members, key=lambda i: -points[i])
            groups: list[list[int]] = []
            for i in order:
                if groups and points[groups[-1][0]] == points[i]:
                    groups[-1].append(i)
                else:
                    groups.append([i])
            if len(groups) == 1:
                for i in members:
                    places[i] = start
                return
            position = start
            for sub in groups:
                self._rank(table, spec, sub, position, places)
                position += len(sub)
            return
        # Art. 6.3: first only if nobody else could reach them whatever the missing games give
        most = {i: points[i] + (size - 1 - met[i]) * table.win for i in members}
        order = sorted(members, key=lambda i: (-points[i], -most[i]))
        position = start
        while len(order) > 1 and points[order[0]] > max(most[i] for i in order[1:]):
            places[order.pop(0)] = position
            position += 1
        if len(order) == 1:
            places[order[0]] = position
        elif len(order) < size:
            self._rank(table, spec, order, position, places)
        else:
            for i in order:
                places[i] = position

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import Explanation  # lazy: --explain only

        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=None,
            summary="direct encounter depends on the tied group: see the standings' explanation",
        )

    def explain_group(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int], player: int
    ) -> Explanation:
        """The games between ``player`` and the rest of the tied ``group``."""
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        inside = set(group)
        rows = []
        for r, o in enumerate(table.opp[player]):
            if o in inside and o != player:
                counted = self._counts(table, spec, player, r)
                rows.append(
                    ExplainRow(
                        round=r + 1,
                        opponent=o + 1,
                        result=table.code[player][r],
                        contribution=table.pts[player][r] if counted else None,
                        note="game among the tied players"
                        if counted
                        else "forfeit: not counted (use DE/P)",
                    )
                )
        points, met = self.points_among(table, spec, list(group))
        place = self.rank_group(table, spec, group)[list(group).index(player)]
        names = ", ".join(str(table.numbers[i]) for i in group)
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=float(place),
            rows=tuple(rows),
            summary=f"tied group {names}: {points[player]:g} points from games among them "
            f"({met[player]} of {len(group) - 1} met); place {place}",
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[DirectEncounter], None]) -> None:
    register(DirectEncounter())
