"""The extended Sonneborn–Berger team tie-breaks (FIDE Handbook C.07 Art.
13.2): over the team's rounds, the opponent's final score times the points
the team scored against it, summed.

=======  ======================  ========================
code     opponent factor         own factor
=======  ======================  ========================
EMMSB    opponent's match points  match points scored
EMGSB    opponent's match points  game points scored
EGMSB    opponent's game points   match points scored
EGGSB    opponent's game points   game points scored
=======  ======================  ========================

Unplayed rounds follow C.07 Art. 16 with "points" read as the score of each
factor: a team's own unplayed round (a bye, a forfeited match) is played
against a dummy opponent with the team's own final score (capped in the
2026 edition by the scheduled opponent's adjusted score for a forfeit, by
a draw's points times the rounds otherwise); as an opponent, a team's
requested byes after its last match count as draws (Art. 16.3). ``/P``
counts forfeited matches as played against the scheduled opponent; in round
robins they are played anyway (Art. 15.2).

``/C1``, ``/C2`` (Art. 14.1) leave out the product of the opponent with the
lowest score in the opponent factor's score (of several such, the lowest
product — the 2024-08 wording), a voluntarily unplayed round's product
first when it is not lower (Art. 16.5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.contracts import TieBreakBase
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy_plugins.tiebreaks.common import Item, apply_cuts, explain_items
from caddy_plugins.tiebreaks.team_common import (
    products,
    score_points,
    score_table,
    team_event,
)
from caddy_plugins.tiebreaks.values import opponent_values

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation


class _ExtendedSonnebornBerger(TieBreakBase):
    scope: ClassVar[str] = "teams"
    kind: ClassVar[str] = "BC"
    modifiers: ClassVar[str] = "CP"
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    #: The opponent factor's score and the own factor's.
    opponent_score: ClassVar[str]
    own_score: ClassVar[str]

    def _items(
        self, table: TieBreakTable, spec: TieBreakSpec, i: int
    ) -> tuple[float, list[Item], list[tuple[Item, str]]]:
        team_event(table, spec)
        opponent = score_table(table, self.opponent_score)
        own = score_table(table, self.own_score)
        items = products(opponent, own, spec, i)
        kept, cut = apply_cuts(items, spec.cut_low, 0, table.rounds)
        return sum(c[3] for c in kept), kept, cut

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        tevent = team_event(table, spec)
        if spec.fore:
            return [self._items(table, spec, i)[0] for i in range(tevent.count)]
        # the values alone (the items and their notes are for explain): the
        # same products and cuts, the own factor's points read without its table
        opponent = score_table(table, self.opponent_score)
        return opponent_values(opponent, spec, score_points(table, self.own_score))

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        from caddy.contracts.explanation import Explanation  # lazy: --explain only

        value, kept, cut = self._items(table, spec, player)
        own = score_table(table, self.own_score)
        explanation = explain_items(spec.text, own, player, kept, cut, value)
        return Explanation(
            tiebreak=explanation.tiebreak,
            player=explanation.player,
            value=explanation.value,
            rows=explanation.rows,
            summary=f"opponent's {self.opponent_score} x {self.own_score} scored: "
            + explanation.summary,
        )


class EMMSB(_ExtendedSonnebornBerger):
    name: ClassVar[str] = "EMMSB"
    title: ClassVar[str] = "Extended match-match Sonneborn-Berger"
    article: ClassVar[str] = "13.2.1"
    opponent_score: ClassVar[str] = "MP"
    own_score: ClassVar[str] = "MP"
    summary: ClassVar[str] = "sum of each opponent's match points x match points scored against it"


class EMGSB(_ExtendedSonnebornBerger):
    name: ClassVar[str] = "EMGSB"
    title: ClassVar[str] = "Extended match-game Sonneborn-Berger"
    article: ClassVar[str] = "13.2.2"
    opponent_score: ClassVar[str] = "MP"
    own_score: ClassVar[str] = "GP"
    summary: ClassVar[str] = "sum of each opponent's match points x game points scored against it"


class EGMSB(_ExtendedSonnebornBerger):
    name: ClassVar[str] = "EGMSB"
    title: ClassVar[str] = "Extended game-match Sonneborn-Berger"
    article: ClassVar[str] = "13.2.3"
    opponent_score: ClassVar[str] = "GP"
    own_score: ClassVar[str] = "MP"
    summary: ClassVar[str] = "sum of each opponent's game points x match points scored against it"


class EGGSB(_ExtendedSonnebornBerger):
    name: ClassVar[str] = "EGGSB"
    title: ClassVar[str] = "Extended game-game Sonneborn-Berger"
    article: ClassVar[str] = "13.2.4"
    opponent_score: ClassVar[str] = "GP"
    own_score: ClassVar[str] = "GP"
    summary: ClassVar[str] = "sum of each opponent's game points x game points scored against it"


@hookimpl
def caddy_register_tiebreaks(register: Callable[[TieBreakBase], None]) -> None:
    for plugin in (EMMSB(), EMGSB(), EGMSB(), EGGSB()):
        register(plugin)
