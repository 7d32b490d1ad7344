"""KS, Koya system (C.07 Art. 9.2): points scored against the opponents who
finished with at least 50% of the maximum possible score.

The maximum is a win in every game a player was scheduled to play — games,
not rounds: a 7-player round robin has 7 rounds but 6 games each, so the
line is 3 points. After a 50% annulment the line is taken on the games that
remain (StandingsOptions.koya_line_moves_after_annulment). Every round with
an opponent counts, forfeits included. Modifiers (Art. 14.5, as FIDE's
reference engine reads them): /L+n or /L-n moves the line by n half points,
/L+1.0 by 1.0 points, /Lnn puts it at nn percent."""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class Koya:
    name: ClassVar[str] = "KS"
    #: Team events may use it on MP or GP (C.07 Art. 13 preamble: ``BH:MP``).
    scope: ClassVar[str] = "both"
    takes_score: ClassVar[bool] = True
    title: ClassVar[str] = "Koya system"
    article: ClassVar[str] = "9.2"
    kind: ClassVar[str] = "BC"
    modifiers: ClassVar[str] = "L"
    summary: ClassVar[str] = "points scored against opponents who finished on 50% or more"
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False

    def max_games(self, table: TieBreakTable) -> int:
        if not table.rr:
            return table.rounds
        keep_annulled = not table.options.koya_line_moves_after_annulment
        best = 0
        for i in range(table.n):
            if table.active[i]:
                # rounds with an opponent (annulled games have none, code A)
                games = table.rounds - table.opp[i].count(-1)
                if keep_annulled:
                    games += table.code[i].count("A")
                best = max(best, games)
        return best

    def line(self, table: TieBreakTable, spec: TieBreakSpec) -> float:
        return spec.limit_percent / 100.0 * table.win * self.max_games(table) + spec.limit_shift

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        line = self.line(table, spec)
        strong = [s >= line for s in table.score]
        strong.append(False)  # opp -1 (no opponent) reads the last item: never strong
        flag = strong.__getitem__
        return [sum(compress(table.pts[i], map(flag, table.opp[i]))) for i in range(table.n)]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import ExplainRow, Explanation  # lazy: --explain only

        line = self.line(table, spec)
        rows = []
        value = 0.0
        for r in range(table.rounds):
            o = table.opp[player][r]
            if o < 0:
                rows.append(
                    ExplainRow(round=r + 1, result=table.code[player][r], note="no opponent")
                )
                continue
            hit = table.score[o] >= line
            points = table.pts[player][r]
            value += points if hit else 0.0
            rows.append(
                ExplainRow(
                    round=r + 1,
                    opponent=o + 1,
                    opponent_score=table.score[o],
                    result=table.code[player][r],
                    contribution=points if hit else 0.0,
                    note=f"opponent {'at or above' if hit else 'below'} the line {line:g}",
                )
            )
        return Explanation(
            tiebreak=spec.text,
            player=table.numbers[player],
            value=value,
            rows=tuple(rows),
            summary=f"line {spec.limit_percent:g}% of {table.win:g} x {self.max_games(table)} games"
            + (f" {spec.limit_shift:+g}" if spec.limit_shift else "")
            + f" = {line:g}; points against them {value:g}",
        )


@hookimpl
def caddy_register_tiebreaks(register: Callable[[Koya], None]) -> None:
    register(Koya())
