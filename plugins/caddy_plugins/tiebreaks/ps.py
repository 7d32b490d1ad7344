"""PS, sum of progressive scores (C.07 Art. 7.5; US Chess: cumulative):
the running score after every round, added up, whether the player played
or not. /Cn leaves out the running scores of the first n rounds.

A rest round of an odd round robin is a round here (its running score
counts) by default, as FIDE's reference engine does;
StandingsOptions.rest_round_in_ps = False leaves it out."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class ProgressiveScores:
    name: ClassVar[str] = "PS"
    #: Team events may use it on MP or GP (C.07 Art. 13 preamble: ``BH:MP``).
    scope: ClassVar[str] = "both"
    takes_score: ClassVar[bool] = True
    title: ClassVar[str] = "Sum of progressive scores"
    article: ClassVar[str] = "7.5"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = "C"
    summary: ClassVar[str] = "sum of the running score after each round (cumulative)"
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False

    def _terms(
        self, table: TieBreakTable, spec: TieBreakSpec, i: int
    ) -> list[tuple[int, float, str]]:
        running = 0.0
        terms = []
        skip_rest = not table.options.rest_round_in_ps
        for r, points in enumerate(table.pts[i]):
            running += points
            if skip_rest and table.code[i][r] == "R":
                terms.append((r + 1, running, "rest round: left out"))
            elif r < spec.cut_low:
                terms.append((r + 1, running, "cut: early round (Art. 14.1)"))
            else:
                terms.append((r + 1, running, ""))
        return terms

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        if not spec.cut_low and (table.options.rest_round_in_ps or table.all_games):
            rounds = table.rounds
            # round r's points count (rounds - r) times
            return [
                sum(p * (rounds - r) for r, p in enumerate(table.pts[i])) for i in range(table.n)
            ]
        return [
            sum(t for _, t, note in self._terms(table, spec, i) if not note) for i in range(table.n)
        ]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        terms = self._terms(table, spec, player)
        rows = tuple(
            ExplainRow(
                round=r,
                result=table.code[player][r - 1],
                contribution=t,
                note=note or "running score",
            )
            for r, t, note in terms
        )
        counted = [t for _, t, note in terms if not note]
        value = sum(counted)
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=value,
            rows=rows,
            summary=" + ".join(f"{t:g}" for t in counted) + f" = {value:g}",
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[ProgressiveScores], None]) -> None:
    register(ProgressiveScores())
