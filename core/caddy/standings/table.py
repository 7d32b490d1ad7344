"""The shape of a ranking: :class:`Standings` (one :class:`StandingsRow` per
player), the standings of an event's sections, and the sort keys that order
tie-break columns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING, Any, cast

import attrs

from caddy.errors import CaddyError
from caddy.plugins.registry import finite_values

if TYPE_CHECKING:
    import caddy.contracts.tiebreak_table
    from caddy.contracts import GroupTieBreak, TieBreak
    from caddy.contracts.tiebreak_spec import TieBreakSpec
    from caddy.model.documents import StandingsDocument, StandingsRowData


@attrs.frozen
class StandingsRow:
    """One player's line (fields by keyword or in order: the standings make
    thousands, positionally, which is faster)."""

    #: Place (shared places repeat: 1, 1, 3); ``None`` for an annulled player.
    rank: int | None
    pairing_number: int
    name: str
    score: float
    #: Tie-break values keyed exactly as the list was written.
    tiebreaks: dict[str, float | None]
    #: Results removed from the standings by the 50% rule.
    annulled: bool = False
    #: The place was decided by drawing of lots.
    by_lot: bool = False


@attrs.frozen(kw_only=True)
class Standings:
    """The ranked table."""

    edition: str
    pre_determined: bool
    tiebreaks: tuple[str, ...]
    rows: tuple[StandingsRow, ...]
    warnings: tuple[str, ...] = ()
    #: Seed of the drawing of lots, when one was made.
    lots_seed: int | None = None

    def row_of(self, number: int) -> StandingsRow:
        """The row of the player with pairing number ``number``."""
        for row in self.rows:
            if row.pairing_number == number:
                return row
        raise CaddyError(f"player {number} is not in these standings")

    def row_documents(self) -> tuple[StandingsRowData, ...]:
        """The rows as the documents' rows (:mod:`caddy.model.documents`)."""
        # lazy: start-up: the document classes load for --json only (caddy tiebreaks, a text table)
        from caddy.model.documents import StandingsRowData

        return tuple(
            StandingsRowData(
                rank=row.rank,
                pairing_number=row.pairing_number,
                name=row.name,
                score=row.score,
                tiebreaks=dict(row.tiebreaks),
                annulled=row.annulled,
            )
            for row in self.rows
        )

    def document(self, after_round: int | None = None) -> StandingsDocument:
        """The ``caddy.standings`` document (:mod:`caddy.model.documents`);
        ``after_round``: R for the standings after round R, ``None`` for the live ones."""
        # lazy: start-up: the document classes load for --json only (caddy tiebreaks, a text table)
        from caddy.model.documents import StandingsDocument

        return StandingsDocument(
            after_round=after_round,
            edition=self.edition,
            pre_determined=self.pre_determined,
            tiebreaks=self.tiebreaks,
            lots_seed=self.lots_seed,
            rows=self.row_documents(),
        )


@attrs.frozen(kw_only=True)
class SectionStandings:
    """One section's (a quad's, a group's) own table."""

    name: str
    #: The section's players, by pairing number in the whole event.
    players: tuple[int, ...]
    standings: Standings


def sections_document(
    parts: Sequence[SectionStandings], after_round: int | None = None
) -> StandingsDocument:
    """The ``caddy.standings`` document of a sectioned event: ``sections``
    holds each section's own table (ranks within the section); ``rows`` is every
    section's rows, in section order."""
    # lazy: start-up: the document classes load for --json only (caddy tiebreaks, a text table)
    from caddy.model.documents import SectionData, StandingsDocument

    first = parts[0].standings
    tables = [part.standings.row_documents() for part in parts]
    return StandingsDocument(
        after_round=after_round,
        edition=first.edition,
        pre_determined=first.pre_determined,
        tiebreaks=first.tiebreaks,
        lots_seed=first.lots_seed,
        rows=tuple(row for rows in tables for row in rows),
        sections=tuple(
            SectionData(
                name=part.name,
                players=part.players,
                lots_seed=part.standings.lots_seed,
                rows=rows,
            )
            for part, rows in zip(parts, tables, strict=True)
        ),
    )


def after_round_prefix(number: int | None) -> str:
    """A standings subtitle's opening for ``--round R`` (``after round R; ``),
    individual and team tables alike; empty for the live standings."""
    return "" if number is None else f"after round {number}; "


def sort_key(column: list[float | None]) -> Any:
    """Higher values first, ``None`` last."""
    return lambda i: (column[i] is None, -(column[i] or 0.0))


def lower_key(column: list[float | None]) -> Any:
    """Lower values first, ``None`` last."""
    return lambda i: (column[i] is None, column[i] or 0.0)


def place_key(places: Sequence[int], group: Sequence[int]) -> Any:
    """A group tie-break's places (DE) ascending, by player index."""
    of = dict(zip(group, places, strict=True))
    return lambda i: of[i]


def group_values(
    plugin: TieBreak,
    table: caddy.contracts.tiebreak_table.TieBreakTable,
    spec: TieBreakSpec,
    places: Sequence[int],
) -> list[float]:
    """The column values a group tie-break reports for a tied group's places
    (its ``group_values``: :class:`caddy.contracts.TieBreakBase` gives the places)."""
    grouped = cast("GroupTieBreak", plugin)
    return list(grouped.group_values(table, spec, places))


def checked_values(plugin: object, what: str, values: list[Any], count: int) -> list[Any]:
    """A tie-break's column checked as :func:`caddy.plugins.registry.finite_values`
    checks it, its common case first: a list of ``count`` floats whose sum is
    finite holds no NaN and no infinity (either would make the sum one)."""
    if (
        type(values) is list
        and len(values) == count
        and set(map(type, values)) <= {float}
        and math.isfinite(sum(values))
    ):
        return values
    return finite_values(plugin, what, values, count)


def split_tied(group: list[int], key: Any) -> list[list[int]]:
    """``group`` sorted by ``key`` and cut where the key changes (equal keys
    keep their order in ``group``)."""
    if len(group) == 2:  # the common tie: one comparison
        a, b = group
        key_a, key_b = key(a), key(b)
        if key_a == key_b:
            return [[a, b]]
        return [[b], [a]] if key_b < key_a else [[a], [b]]
    keys = list(map(key, group))  # each key computed once
    order = sorted(range(len(group)), key=keys.__getitem__)
    return [[group[k] for k in run] for _, run in groupby(order, keys.__getitem__)]


def break_ties(
    groups: list[list[int]],
    # qualified: the docs also know caddy.model.report.Table
    columns: Sequence[
        tuple[
            TieBreakSpec, TieBreak, caddy.contracts.tiebreak_table.TieBreakTable, list[float | None]
        ]
    ],
) -> list[list[int]]:
    """Split tied groups by each tie-break in order (C.07 Art. 4): a value
    column (higher first, or lower where the tie-break says so), or a group
    tie-break's places within each tied group (DE, EDE: written into its
    column; a team alone in its group is 1)."""
    for spec, plugin, table, column in columns:
        if plugin.group_dependent or None in column:
            higher_first = sort_key(column)
            lower_first = lower_key(column) if plugin.lower_is_better(spec) else None
        else:  # no value missing: the keys are the values (negated: higher first)
            higher_first = [-value for value in column].__getitem__  # type: ignore[operator]
            lower_first = column.__getitem__ if plugin.lower_is_better(spec) else None
        new_groups: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                if plugin.group_dependent:
                    column[group[0]] = group_values(plugin, table, spec, [1])[0]
                new_groups.append(group)
            elif plugin.group_dependent:
                places = plugin.rank_group(table, spec, group)  # type: ignore[attr-defined]
                for i, value in zip(group, group_values(plugin, table, spec, places), strict=True):
                    column[i] = value
                new_groups.extend(split_tied(group, place_key(places, group)))
            else:
                new_groups.extend(split_tied(group, lower_first or higher_first))
        groups = new_groups
    return groups
