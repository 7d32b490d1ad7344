"""``caddy standings --explain PLAYER``: how each tie-break of one player (a
team event: one team) was computed, on the very standings the table shows,
as lines of text or an ``ExplainDocument``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from caddy.model.numbers import value_text
from caddy.standings.explain import explain, explain_for

if TYPE_CHECKING:
    from caddy.contracts.explanation import Explanation
    from caddy.model.documents import ExplainDocument
    from caddy.views.standings import StandingsView


def explanation_lines(explanations: Sequence[Explanation]) -> list[str]:
    """Each tie-break's value, summary and rows, one line each."""
    lines = []
    for e in explanations:
        lines.append(f"{e.tiebreak} = {value_text(e.value)}: {e.summary}")
        for line in e.rows:
            cells = [f"  round {line.round}" if line.round else "  "]
            if line.opponent is not None:
                cells.append(f"vs {line.opponent}")
            if line.result:
                cells.append(f"result {line.result}")
            if line.opponent_score is not None:
                cells.append(f"opponent score {value_text(line.opponent_score)}")
            if line.opponent_rating is not None:
                cells.append(f"rating {line.opponent_rating}")
            if line.contribution is not None:
                cells.append(f"adds {value_text(line.contribution)}")
            if line.note:
                cells.append(f"({line.note})")
            lines.append(" ".join(cells))
    return lines


@attrs.frozen(kw_only=True)
class Explained:
    """One player's (or team's) tie-breaks explained: a heading and the working."""

    number: int
    name: str
    edition: str
    heading: str
    explanations: tuple[Explanation, ...]

    def lines(self) -> list[str]:
        return [self.heading, *explanation_lines(self.explanations)]

    def document(self) -> ExplainDocument:

        # lazy: start-up: the document classes load for --json only (caddy tiebreaks, a text table)
        from caddy.model.documents import ExplainDocument

        return ExplainDocument(
            player=self.number,
            name=self.name,
            edition=self.edition,
            explanations=self.explanations,
        )


def explained(view: StandingsView, who: str) -> Explained:
    """The tie-breaks of the player ``who`` names, in their section's table
    (the explanation and the table are one computation: the same standings)."""
    results = view.results
    player = results.find(who)
    part = next((p for p in view.parts if player.number in p.players), None)
    edition = view.source.edition
    if part is not None:
        result = part.standings
        explanations = explain_for(
            results,
            part.players,
            player.number,
            list(result.tiebreaks),
            edition,
            options=view.options,
            host=view.host,
            result=result,
        )
    else:
        result = view.result
        explanations = explain(
            results,
            player.number,
            list(result.tiebreaks),
            edition,
            pre_determined=result.pre_determined,
            options=view.options,
            host=view.host,
            result=result,
        )
    row = result.row_of(player.number)
    where = f" in {part.name}" if part is not None else ""
    annulled = " (results annulled)" if row.annulled else ""
    rules = (
        "pre-determined pairings" if result.pre_determined else "Swiss rules for unplayed rounds"
    )
    return Explained(
        number=player.number,
        name=player.name,
        edition=result.edition,
        heading=f"{player.name} ({player.number}): {value_text(row.score)} points{annulled}{where}; "
        f"C.07 edition {result.edition}; {rules}",
        explanations=tuple(explanations),
    )
