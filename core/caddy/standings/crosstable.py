"""Crosstables: the N x N grid for round robins, a per-round table otherwise.

A round robin's grid lists the players by pairing number (its columns are
the same numbers); a Swiss's table by round lists them in rank order, as
the standings do. Either may have the other order (``order``).

Cells use 1, ½, 0 for games (under one move too), + and − for forfeits,
and the bye code for byes. A double round robin shows both results in one
cell, in round order. Results annulled by the round-robin 50% rule stay in
the grid in brackets (they still count for rating) and are not in the
score, rank or tie-breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError
from caddy.model.numbers import value_text
from caddy.model.results import ResultsTable
from caddy.standings.ranking import section_event, standings

if TYPE_CHECKING:
    from caddy.plugins.host import PluginHost
    from caddy.standings.scoring import FormatScoring

#: The orders a crosstable's rows may come in (:func:`crosstable`'s ``order``).
ORDERS = ("rank", "number")

SYMBOL = {"1": "1", "W": "1", "=": "½", "D": "½", "0": "0", "L": "0", "+": "+", "-": "−"}


@attrs.frozen(kw_only=True)
class Crosstable:
    """A table ready to print: a header row, data rows, and notes."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    right_aligned: frozenset[int]
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    round_robin: bool = False

    def lines(self) -> list[list[str]]:
        return [list(self.header), *(list(r) for r in self.rows)]


def crosstable(
    event: ResultsTable,
    tiebreaks: Sequence[str] | str | None = None,
    edition: str | None = None,
    *,
    pre_determined: bool | None = None,
    numbers: Sequence[int] | None = None,
    host: PluginHost | None = None,
    order: str | None = None,
    scores: Sequence[float] | None = None,
    scoring: FormatScoring | None = None,
) -> Crosstable:
    """The crosstable with score, rank and tie-break columns.

    :param numbers: the number to show for each player (``numbers[k - 1]`` for
        player ``k``): a section's players keep their numbers in the event.
    :param host: the plugin host whose tie-breaks to use (default: the global one).
    :param order: the rows' order: ``"rank"`` (the standings' order, the
        default for a Swiss's table by round) or ``"number"`` (pairing
        numbers, the default for a round robin's grid).
    :param scores: the scores to rank by instead of the points (a format's
        own, :meth:`~caddy.contracts.Format.standings_scores`).
    :param scoring: the event's format, asked for those scores when ``scores``
        is not given (:class:`~caddy.standings.scoring.FormatScoring`).
    """
    if order not in (None, *ORDERS):
        raise CaddyError(f"unknown crosstable order '{order}' (expected {' or '.join(ORDERS)})")
    result = standings(
        event,
        tiebreaks,
        edition,
        pre_determined=pre_determined,
        host=host,
        scores=scores,
        scoring=scoring,
    )
    by_number = {row.pairing_number: row for row in result.rows}
    n = len(event.players)
    shown = list(numbers) if numbers is not None else list(range(1, n + 1))
    annulled = event.annulled
    tail = ["points", "rank", *result.tiebreaks]
    notes = []
    grid: list[list[str]] = []
    if result.pre_determined:
        header = ["no", "name", *(str(j) for j in shown), *tail]
        for i, player in enumerate(event.players):
            cells = ["" for _ in range(n)]
            cells[i] = "×"
            for rr in event.results[i]:
                if rr.opponent is None:
                    continue
                symbol = SYMBOL.get(rr.code, rr.code)
                if player.number in annulled or rr.opponent in annulled:
                    symbol = f"[{symbol}]"
                cells[rr.opponent - 1] += symbol
            grid.append(cells)
        if annulled:
            notes.append(
                "[ ] results annulled: the player withdrew before completing 50% of their games "
                "(kept for rating, not counted in the standings)"
            )
    else:
        header = ["no", "name", *(f"r{r}" for r in range(1, event.rounds + 1)), *tail]
        for i in range(n):
            grid.append(
                [
                    f"{rr.code} {rr.points:g}"
                    if rr.opponent is None
                    else f"{shown[rr.opponent - 1]}{rr.colour or ''} {SYMBOL.get(rr.code, rr.code)}"
                    for rr in event.results[i]
                ]
            )
        notes.append(
            "cells: opponent, colour, result; byes: code and points (U pairing-allocated, F full, H half, Z zero)"
        )
    rows = []
    lines = list(zip(event.players, grid, strict=True))
    if (order or ("number" if result.pre_determined else "rank")) == "rank":
        place = {row.pairing_number: k for k, row in enumerate(result.rows)}
        lines.sort(key=lambda line: place[line[0].number])
    for player, cells in lines:
        row = by_number[player.number]
        rows.append(
            (
                str(shown[player.number - 1]),
                player.name,
                *cells,
                value_text(row.score),
                "-" if row.rank is None else str(row.rank),
                *(value_text(row.tiebreaks[t]) for t in result.tiebreaks),
            )
        )
    right = frozenset({0, *range(2, len(header))})
    return Crosstable(
        header=tuple(header),
        rows=tuple(rows),
        right_aligned=right,
        notes=tuple(notes),
        warnings=result.warnings,
        round_robin=result.pre_determined,
    )


def section_crosstable(
    event: ResultsTable,
    members: Sequence[int],
    tiebreaks: Sequence[str] | str | None = None,
    edition: str | None = None,
    *,
    host: PluginHost | None = None,
    order: str | None = None,
    scoring: FormatScoring | None = None,
) -> Crosstable:
    """One section's (a quad's, a group's) own crosstable, ranked on its own;
    players keep their pairing numbers in the whole event."""

    return crosstable(
        section_event(event, members),
        tiebreaks,
        edition,
        numbers=members,
        host=host,
        order=order,
        scoring=scoring,
    )
