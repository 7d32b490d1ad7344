"""SSSC, scores and schedule strength combination (FIDE Handbook C.07 Art.
13.4): the secondary score plus the schedule strength, where the schedule
strength is the team's Buchholz on the primary score (C.07 Art. 8.1, its
unplayed rounds by Art. 16; Fore Buchholz with ``/F``, Art. 8.3) divided by a
normalising factor.

The factor is the highest primary score a team can reach in the event
(rounds × a won match's MP when MP rank the teams; rounds × a win on every
board when GP do) divided by the highest secondary score of one match (a
win on every board; a won match's MP), rounded toward zero — at least 1 —
unless ``/Kx`` gives it. The rounds are those played so far (in an odd
round robin, less each cycle's rest round: no team can score in it), and the value
is rounded to 2 decimals, half up, as FIDE's reference engine does. With MP
primary, 9 rounds, 4 boards and 2-1-0 / 1-½-0: 18 ÷ 4 → 4; GP primary:
36 ÷ 2 → 18. ``/P`` counts forfeited matches as played against the
scheduled opponent.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts import TieBreakBase
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy.errors import CaddyError
from caddy_plugins.tiebreaks.common import half_up
from caddy_plugins.tiebreaks.team_common import (
    fmt,
    opponent_scores,
    primary_kind,
    score_table,
    secondary_kind,
    team_event,
)

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class ScoresScheduleStrength(TieBreakBase):
    name: ClassVar[str] = "SSSC"
    scope: ClassVar[str] = "teams"
    title: ClassVar[str] = "Scores and schedule strength combination"
    article: ClassVar[str] = "13.4"
    kind: ClassVar[str] = "BC"
    modifiers: ClassVar[str] = "FPK"
    summary: ClassVar[str] = (
        "secondary score + Buchholz on the primary score / factor (2 decimals, half up)"
    )
    editions: ClassVar[tuple[str, ...]] = EDITIONS

    def factor(self, table: TieBreakTable, spec: TieBreakSpec) -> float:
        """The normalising factor: ``/Kx``, else computed (see the module docstring)."""
        if spec.factor is not None:
            if spec.factor <= 0:
                raise CaddyError(f"tie-break '{spec.text}': the factor /K must be above 0")
            return spec.factor
        tevent = team_event(table, spec)
        primary = primary_kind(table, spec)
        secondary = secondary_kind(tevent, spec)
        rounds = tevent.rounds
        if tevent.pre_determined and tevent.count % 2:
            # an odd round robin: every team rests in one round of each cycle,
            # so the most it can score is one match fewer per cycle
            rounds -= max(1, rounds // tevent.count) if rounds >= tevent.count else 0
        highest = rounds * tevent.max_match(primary)
        per_match = tevent.max_match(secondary)
        if per_match <= 0:
            return 1.0
        return float(max(1, math.floor(highest / per_match)))

    def _parts(
        self, table: TieBreakTable, spec: TieBreakSpec, i: int
    ) -> tuple[float, float, float]:
        """(secondary score, Buchholz on the primary score, value)."""
        tevent = team_event(table, spec)
        second = tevent.score(secondary_kind(tevent, spec))[i]
        first = score_table(table, primary_kind(table, spec))
        buchholz = math.fsum(item[3] for item in opponent_scores(first, spec, i))
        return second, buchholz, half_up(second + buchholz / self.factor(table, spec), 2)

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        tevent = team_event(table, spec)
        return [self._parts(table, spec, i)[2] for i in range(tevent.count)]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        tevent = team_event(table, spec)
        primary = primary_kind(table, spec)
        secondary = secondary_kind(tevent, spec)
        first = score_table(table, primary)
        second, buchholz, value = self._parts(table, spec, player)
        factor = self.factor(table, spec)
        rows = [
            ExplainRow(
                round=rnd,
                opponent=opp or None,
                opponent_score=score,
                result=first.code[player][rnd - 1],
                contribution=contribution,
                note=f"Buchholz on {primary}: {note}",
            )
            for rnd, opp, score, contribution, _, note in opponent_scores(first, spec, player)
        ]
        how = "given (/K)" if spec.factor is not None else "computed (Art. 13.4)"
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=value,
            rows=tuple(rows),
            summary=f"{secondary} {fmt(second)} + {primary} Buchholz {fmt(buchholz)} / "
            f"{fmt(factor)} (factor {how}) = {fmt(value)}",
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[ScoresScheduleStrength], None]) -> None:
    register(ScoresScheduleStrength())
