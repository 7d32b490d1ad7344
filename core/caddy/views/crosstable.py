"""The crosstable view (``caddy crosstable``, ``caddy publish``'s crosstable
page): a round robin's N x N grid or a per-round table, one per section, with
the groups' qualifiers and the format's views (a knockout stage's bracket, a
team match's score)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from caddy.model.report import Report, Table
from caddy.standings.crosstable import Crosstable, crosstable, section_crosstable
from caddy.views.formats import View, qualifier_notes, seeds
from caddy.views.source import Source, format_view

if TYPE_CHECKING:
    from caddy.plugins.host import PluginHost


@attrs.frozen(kw_only=True)
class CrosstableView:
    """An event's crosstables (one per section) and the format's views."""

    source: Source
    #: (section name, or ``""`` for the one table; the table).
    named: tuple[tuple[str, Crosstable], ...]
    extra: View

    @property
    def warnings(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(w for _, t in self.named for w in t.warnings))

    @property
    def notes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(note for _, t in self.named for note in t.notes))

    @property
    def wide(self) -> bool:
        return max(len(t.header) for _, t in self.named) > 12

    def tables(
        self, *, link: Callable[[int], str] | None = None, caption_in_text: bool = False
    ) -> tuple[Table, ...]:
        """The crosstables (``link``: each player's page, on the name)."""
        tables = []
        for name, t in self.named:
            links: tuple[tuple[str, ...], ...] = ()
            if link is not None:
                links = tuple(
                    tuple(link(int(row[0])) if i == 1 else "" for i in range(len(row)))
                    for row in t.rows
                )
            tables.append(
                Table(
                    caption=name or ("Crosstable" if t.round_robin else "Results by round"),
                    columns=t.header,
                    rows=t.rows,
                    right=t.right_aligned,
                    row_header=1,
                    caption_in_text=caption_in_text,
                    links=links,
                )
            )
        return tuple(tables)

    def report(self) -> Report:
        """``caddy crosstable``'s report."""
        state = self.source.state
        sections = self.source.sections
        through = seeds(state) if sections and state is not None else {}
        qualifiers = qualifier_notes(state, sections) if through and state is not None else ()
        return Report(
            kind="crosstable",
            title=self.source.title,
            subtitle="crosstable" if self.named[0][1].round_robin else "results by round",
            tables=self.tables(caption_in_text=bool(sections) or bool(self.extra.tables))
            + self.extra.tables,
            notes=self.notes + qualifiers + self.extra.notes,
            title_in_text=False,
            wide=self.wide,
        )


def crosstable_view(
    source: Source,
    *,
    pre_determined: bool | None = None,
    order: str | None = None,
    host: PluginHost | None = None,
) -> CrosstableView:
    """The crosstable of ``source``: one per section, else one table."""
    results = source.results
    if results is None:
        raise ValueError("a knockout has no crosstable: its bracket is its table")
    if source.sections:
        named = tuple(
            (
                section.name,
                section_crosstable(
                    results,
                    section.players,
                    source.tiebreaks,
                    source.edition,
                    order=order,
                    host=host,
                    scoring=source.scoring,
                ),
            )
            for section in source.sections
        )
    else:
        named = (
            (
                "",
                crosstable(
                    results,
                    source.tiebreaks,
                    source.edition,
                    pre_determined=pre_determined,
                    order=order,
                    host=host,
                    scoring=source.scoring,  # a format's own score (a Keizer total)
                ),
            ),
        )
    return CrosstableView(source=source, named=named, extra=format_view(source))
