"""EDE, extended direct encounter (FIDE Handbook C.07 Art. 13.3), and its four
sequences with the knock-out tie-breaks of Art. 12 (13.3.2, named in the 2026
edition): EDEBT, EDEBB, EDET, EDEB.

EDE ranks a group of tied teams by the direct encounter (Art. 6) on the
primary score: the points each scored in the matches among them (repeated
meetings averaged per pair, Art. 6.1.2). When that separates nobody, by the
direct encounter on the secondary score. Whenever a smaller tied subset forms,
it is ranked again from the primary score (13.3.3). When not every pair of
the group met (a Swiss), a team is placed first only if no other could
overtake it whatever the missing matches would give (Art. 6.3); then the
next place likewise.

Forfeited matches count in round robins (Art. 15.2), elsewhere only with
``/P`` (played against the scheduled opponent).

When exactly two teams are still tied after EDE (equal on MP and GP in
their direct encounter), the sequences go on:

=======  ==========================================
EDEBT    board count (12.1), then top board results (12.2)
EDEBB    board count (12.1), then bottom board elimination (12.3)
EDET     top board results (12.2)
EDEB     bottom board elimination (12.3)
=======  ==========================================

By default the board tie-breaks read the direct encounter only and board
count ranks the **higher** value first, as FIDE's reference engine does;
:class:`caddy.contracts.tiebreak_table.StandingsOptions` ``ede_board_tiebreaks_scope="event"``
reads every match of the event instead, ``ede_board_count_lower_first=True``
ranks the lower board count first (Art. 12.1's text).

The value is the team's place within the tied group it is applied to (1 =
first; equal places share the number), and 0 for every team of a group EDE
separates nobody in, a team alone in its group included, as FIDE's reference
engine reports it (``ede_unseparated="place"``: 1 there). Lower is better.

"If that separates nobody, the secondary score" (13.3.1) reads by default as
the reference engine does: the direct encounter (Art. 6, 6.3 included) on the
secondary score; ``ede_secondary="total"`` ranks by the tied teams'
secondary-score totals instead (the score MPvGP reports, Art. 13.1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts import TieBreakBase
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy.standings.table import split_tied
from caddy_plugins.tiebreaks.team_common import (
    board_count,
    board_totals,
    bottom_elimination,
    fmt,
    score_table,
    team_event,
    top_boards,
)
from caddy_plugins.tiebreaks.team_meetings import meetings_of

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation

#: The board tie-breaks each sequence applies, in order.
SEQUENCES: dict[str, tuple[str, ...]] = {
    "EDE": (),
    "EDEBT": ("BC", "TBR"),
    "EDEBB": ("BC", "BBE"),
    "EDET": ("TBR",),
    "EDEB": ("BBE",),
}


class _Ranking:
    """One ranking of a tied group, with the steps it took (for explain)."""

    def __init__(
        self,
        plugin: ExtendedDirectEncounter,
        table: TieBreakTable,
        spec: TieBreakSpec,
        *,
        record: bool = True,
    ) -> None:
        self.plugin = plugin
        #: Whether the steps are written (explain); the places are the same without.
        self.record = record
        self.table = table
        self.spec = spec
        self.tevent = team_event(table, spec)
        self.places: dict[int, int] = {}
        self.steps: list[str] = []
        #: Forfeited matches count (Art. 15.2 or /P).
        self.forfeits = spec.predetermined or (table.rr and table.options.rr_forfeits_are_games)
        #: What the table's rankings share.
        self.shared = meetings_of(table, self.forfeits)

    def name(self, i: int) -> str:
        return str(self.table.numbers[i])

    def counts(self, i: int, r: int) -> bool:
        """A match that counts among the tied teams (a forfeit: Art. 15.2 or /P)."""
        code = self.table.code[i][r]
        if code in "1=0WDL":
            return True
        return code in "+-" and (
            self.spec.predetermined or (self.table.rr and self.table.options.rr_forfeits_are_games)
        )

    def meetings(self, i: int, j: int) -> list[int]:
        """Rounds where teams ``i`` and ``j`` met in a match that counts."""
        return self.met_by(i).get(j, [])

    def met_by(self, i: int) -> dict[int, list[int]]:
        """Team ``i``'s opponents in matches that count, each with the rounds."""
        return self.shared.met_by(self.table, i)

    def split(self, kind: str, members: list[int]) -> list[list[int]]:
        """Direct encounter on ``kind`` among ``members``: ordered subgroups
        (one group: nobody separated)."""
        table = self.table
        points, met = self.shared.among(table, kind, members)
        size = len(members)

        def shown() -> str:
            return ", ".join(f"team {self.name(i)}: {fmt(points[i])}" for i in members)

        # every pair met: no member met more than the others (min: at C speed)
        if self.table.rr or min(met.values()) == size - 1:
            # higher first, equal points in the members' order (a stable sort)
            order = sorted(members, key=points.__getitem__, reverse=True)
            groups: list[list[int]] = []
            for i in order:
                if groups and points[groups[-1][0]] == points[i]:
                    groups[-1].append(i)
                else:
                    groups.append([i])
            if len(groups) > 1 and self.record:
                self.steps.append(f"{kind} among {self._names(members)}: {shown()}")
            return groups
        # Art. 6.3: first only if nobody could overtake them whatever the missing matches give
        # a won match: the score's table's win
        win = score_table(table, kind).win if self.record else self.tevent.max_match(kind)
        most = {i: points[i] + (size - 1 - met[i]) * win for i in members}
        order = sorted(members, key=lambda i: (-points[i], -most[i]))
        placed: list[list[int]] = []
        while len(order) > 1 and points[order[0]] > max(map(most.__getitem__, order[1:])):
            placed.append([order.pop(0)])
        if placed and self.record:
            self.steps.append(
                f"{kind} among {self._names(members)} (not all met, Art. 6.3): {shown()}"
            )
        return [*placed, order] if order else placed

    def secondary(self, members: list[int]) -> list[list[int]]:
        """13.3.1's second step: the direct encounter on the secondary score
        (the reference engine's reading), or with ``ede_secondary="total"``
        the tied teams' secondary-score totals."""
        kind = self.tevent.secondary
        if self.table.options.ede_secondary == "direct":
            return self.split(kind, members)
        totals = self.tevent.score(kind)
        groups = split_tied(members, lambda i: -totals[i])
        if len(groups) > 1 and self.record:
            shown = ", ".join(f"team {self.name(i)}: {fmt(totals[i])}" for i in members)
            self.steps.append(f"{kind} totals of {self._names(members)}: {shown}")
        return groups

    def _names(self, members: Sequence[int]) -> str:
        return "{" + ", ".join(self.name(i) for i in sorted(members)) + "}"

    def rank(self, members: list[int], start: int) -> None:
        if len(members) == 1:
            self.places[members[0]] = start
            return
        groups = self.split(self.tevent.primary, members)
        if len(groups) == 1:
            groups = self.secondary(members)
        if len(groups) == 1:
            if len(members) == 2 and SEQUENCES[self.plugin.name]:
                self.boards(members, start)
                return
            if self.record:
                self.steps.append(f"{self._names(members)} still tied")
            for i in members:
                self.places[i] = start
            return
        position = start
        for sub in groups:
            self.rank(sub, position)
            position += len(sub)

    def boards(self, pair: list[int], start: int) -> None:
        """Two teams tied after EDE: the sequence's board tie-breaks (13.3.2)."""
        a, b = pair
        options = self.table.options
        direct = options.ede_board_tiebreaks_scope == "direct"
        where = "direct encounter" if direct else "whole event"
        totals = {
            i: board_totals(self.tevent, i, self.meetings(i, j) if direct else None)
            for i, j in ((a, b), (b, a))
        }
        for code in SEQUENCES[self.plugin.name]:
            keys: dict[int, tuple[float, ...]]
            if code == "BC":
                sign = -1.0 if options.ede_board_count_lower_first else 1.0
                keys = {i: (sign * board_count(totals[i]),) for i in pair}
                if self.record:
                    order = "lower" if sign < 0 else "higher"
                    shown = ", ".join(
                        f"team {self.name(i)}: {fmt(board_count(totals[i]))}" for i in pair
                    )
                    self.steps.append(f"BC ({where}, {order} first): {shown}")
            else:
                seq = top_boards if code == "TBR" else bottom_elimination
                keys = {i: seq(totals[i]) for i in pair}
                if self.record:
                    shown = ", ".join(
                        f"team {self.name(i)}: " + "/".join(fmt(v) for v in keys[i]) for i in pair
                    )
                    self.steps.append(f"{code} ({where}): {shown}")
            if keys[a] != keys[b]:
                first, second = (a, b) if keys[a] > keys[b] else (b, a)
                self.places[first], self.places[second] = start, start + 1
                return
        if self.record:
            self.steps.append(f"{self._names(pair)} still tied")
        self.places[a] = self.places[b] = start


class ExtendedDirectEncounter(TieBreakBase):
    name: ClassVar[str] = "EDE"
    scope: ClassVar[str] = "teams"
    title: ClassVar[str] = "Extended direct encounter"
    article: ClassVar[str] = "13.3.1, 13.3.3"
    kind: ClassVar[str] = "A"
    modifiers: ClassVar[str] = "P"
    summary: ClassVar[str] = (
        "direct encounter among the tied teams on the primary score, then the secondary (place)"
    )
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = True

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        return True  # the value is a place

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        tevent = team_event(table, spec)
        return [1.0] * tevent.count  # the standings replace this by the place in each tied group

    def ranking(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int], *, record: bool = True
    ) -> _Ranking:
        """The ranking of ``group``, its steps written (``record``) or not (the same places)."""
        ranking = _Ranking(self, table, spec, record=record)
        ranking.rank(sorted(group), 1)
        return ranking

    def rank_group(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int]
    ) -> list[int]:
        places = self.ranking(table, spec, group, record=False).places
        return [places[i] for i in group]

    def group_values(
        self, table: TieBreakTable, spec: TieBreakSpec, places: Sequence[int]
    ) -> list[float]:
        """The places, or 0 for every team of a group EDE separates nobody in
        (a team alone in its group too), as the reference engine reports them;
        ``ede_unseparated="place"`` keeps the place (1) there."""
        if len(set(places)) == 1 and table.options.ede_unseparated == "zero":
            return [0.0] * len(places)
        return [float(p) for p in places]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import Explanation  # lazy: --explain only

        team_event(table, spec)
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=None,
            summary="extended direct encounter depends on the tied group: "
            "see the standings' explanation",
        )

    def explain_group(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int], player: int
    ) -> Explanation:
        """The matches between ``player`` and the rest of the tied ``group``, and the steps."""
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        ranking = self.ranking(table, spec, group)
        tevent = ranking.tevent
        inside = set(group)
        rows = []
        for r, result in enumerate(tevent.results[player]):
            o = table.opp[player][r]
            if o in inside and o != player:
                counted = ranking.counts(player, r)
                rows.append(
                    ExplainRow(
                        round=r + 1,
                        opponent=o + 1,
                        result=result.code,
                        contribution=result.mp if counted else None,
                        note=f"match among the tied teams: MP {fmt(result.mp)}, GP "
                        f"{fmt(result.gp)}, boards " + " ".join(fmt(p) for p in result.boards)
                        if counted
                        else "forfeited match: not counted (use /P)",
                    )
                )
        place = ranking.places[player]
        values = self.group_values(table, spec, [ranking.places[i] for i in group])
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=values[list(group).index(player)],
            rows=tuple(rows),
            summary="; ".join([*ranking.steps, f"place {place}"]),
        )


class EDEBT(ExtendedDirectEncounter):
    name: ClassVar[str] = "EDEBT"
    title: ClassVar[str] = "Extended direct encounter, board count, top board results"
    article: ClassVar[str] = "13.3.2"
    summary: ClassVar[str] = "EDE; two teams still tied: board count, then top board results"


class EDEBB(ExtendedDirectEncounter):
    name: ClassVar[str] = "EDEBB"
    title: ClassVar[str] = "Extended direct encounter, board count, bottom board elimination"
    article: ClassVar[str] = "13.3.2"
    summary: ClassVar[str] = "EDE; two teams still tied: board count, then bottom board elimination"


class EDET(ExtendedDirectEncounter):
    name: ClassVar[str] = "EDET"
    title: ClassVar[str] = "Extended direct encounter, top board results"
    article: ClassVar[str] = "13.3.2"
    summary: ClassVar[str] = "EDE; two teams still tied: top board results"


class EDEB(ExtendedDirectEncounter):
    name: ClassVar[str] = "EDEB"
    title: ClassVar[str] = "Extended direct encounter, bottom board elimination"
    article: ClassVar[str] = "13.3.2"
    summary: ClassVar[str] = "EDE; two teams still tied: bottom board elimination"


@hookimpl
def caddy_register_tiebreaks(register: Callable[[ExtendedDirectEncounter], None]) -> None:
    for plugin in (ExtendedDirectEncounter(), EDEBT(), EDEBB(), EDET(), EDEB()):
        register(plugin)
