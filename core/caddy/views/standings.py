"""The standings view: an event's standings (one table, or one per section),
its tie-break columns, the groups' qualifiers, the format's views (a knockout
stage's bracket, a team match's score) and its notes, as a report
(:meth:`StandingsView.report`) and as JSON (:meth:`StandingsView.document`).
``caddy standings`` and ``caddy publish`` (the standings after each round)
both build it with :func:`standings_view`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import attrs

from caddy.contracts.tiebreak_spec import parse_spec
from caddy.contracts.tiebreak_table import StandingsOptions
from caddy.model.numbers import value_text
from caddy.model.report import Report, Table
from caddy.standings.ranking import standings, standings_for
from caddy.standings.table import SectionStandings, after_round_prefix, sections_document
from caddy.views.formats import qualifier_notes, seeds
from caddy.views.source import Source, StandingsChoices, format_view

if TYPE_CHECKING:
    from caddy.model.documents import BracketDocument, StandingsDocument
    from caddy.model.results import ResultsTable
    from caddy.plugins.host import PluginHost
    from caddy.standings.table import Standings

#: Under a table whose DE column is all 1s: what the column is, and why it separates nobody.
DE_NOTE = "{column} is 1 for everyone: no tie was separated by direct encounter (C.07 Art. 6)"


def de_notes(tables: list[Standings]) -> tuple[str, ...]:
    """A note for each DE column (``DE``, ``DE/P``) that is 1 in every row."""
    columns = dict.fromkeys(
        column
        for table in tables
        for column in table.tiebreaks
        if parse_spec(column).code == "DE"
        and all(row.tiebreaks.get(column) in (1, None) for t in tables for row in t.rows)
    )
    return tuple(DE_NOTE.format(column=column) for column in columns)


def standings_options(source: Source, choices: StandingsChoices) -> StandingsOptions:
    """The options of one call: a drawing of lots (``--lots``, ``--seed``; the
    event's seed by default) and the rating of unrated players."""
    return StandingsOptions(
        draw_lots=choices.draw_lots or choices.seed is not None,
        lots_seed=choices.seed if choices.seed is not None else source.seed,
        unrated_rating=choices.unrated_rating,
    )


def standings_table(
    caption: str,
    result: Standings,
    *,
    through: Mapping[int, str] | None = None,
    link: Callable[[int], str] | None = None,
    caption_in_text: bool = False,
) -> Table:
    """One standings table: rank, number, name, points, the tie-breaks
    (``through``: the seed each player goes through as; ``link``: a player's page)."""
    heading = (
        "rank",
        "no",
        "name",
        "points",
        *result.tiebreaks,
        *(("through",) if through else ()),
    )
    rows = tuple(
        (
            "-" if row.rank is None else str(row.rank),
            str(row.pairing_number),
            row.name + (" (annulled)" if row.annulled else ""),
            value_text(row.score),
            *(value_text(row.tiebreaks[t]) for t in result.tiebreaks),
            *((through.get(row.pairing_number, ""),) if through else ()),
        )
        for row in result.rows
    )
    links: tuple[tuple[str, ...], ...] = ()
    if link is not None:
        links = tuple(("", "", link(int(r[1])), *([""] * (len(heading) - 3))) for r in rows)
    return Table(
        caption=caption,
        columns=heading,
        rows=rows,
        right=frozenset({0, 1, *range(3, len(heading) - bool(through))}),
        row_header=2,
        caption_in_text=caption_in_text,
        links=links,
    )


@attrs.frozen(kw_only=True)
class StandingsView:
    """An event's standings, computed once, and what is shown around them."""

    source: Source
    choices: StandingsChoices
    options: StandingsOptions
    #: One table per section (quads, groups); ``()``: one table, :attr:`result`.
    parts: tuple[SectionStandings, ...]
    #: The one table, or the first section's.
    result: Standings
    #: The plugin host that ranked them (``None``: the default one).
    host: PluginHost | None = None

    @property
    def results(self) -> ResultsTable:
        if self.source.results is None:
            raise ValueError("a knockout has no standings table: its bracket is its table")
        return self.source.results

    @property
    def tables(self) -> tuple[Standings, ...]:
        return tuple(p.standings for p in self.parts) or (self.result,)

    @property
    def named(self) -> list[tuple[str, Standings]]:
        return [(p.name, p.standings) for p in self.parts] or [("Standings", self.result)]

    @property
    def warnings(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(w for table in self.tables for w in table.warnings))

    @property
    def through(self) -> Mapping[int, str]:
        """The seed each player of a groups stage goes through as (``A1``)."""
        state = self.source.state
        return seeds(state) if self.parts and state is not None else {}

    def lots(self) -> tuple[str, ...]:
        seed = next(
            (p.standings.lots_seed for p in self.parts if p.standings.lots_seed is not None),
            self.result.lots_seed,
        )
        if seed is None:
            return ()
        return (f"ties split by drawing lots, seed {seed} (repeat with --seed {seed})",)

    def subtitle(self) -> str:
        rules = (
            "pre-determined pairings (round robin)"
            if self.result.pre_determined
            else "Swiss rules for unplayed rounds"
        )
        return (
            after_round_prefix(self.choices.after_round)
            + f"C.07 edition {self.result.edition}, {rules}"
            + (f"; {len(self.parts)} sections, each ranked on its own" if self.parts else "")
        )

    def report(self) -> Report:
        """``caddy standings``: the tables, the format's views and the notes."""
        view = format_view(self.source)
        through = self.through
        state = self.source.state
        qualifiers = qualifier_notes(state, self.source.sections) if through and state else ()
        return Report(
            kind="standings",
            title=self.source.title,
            subtitle=self.subtitle(),
            intro=self.lots(),
            tables=tuple(
                standings_table(
                    name,
                    table,
                    through=through,
                    caption_in_text=bool(self.parts) or bool(view.tables),
                )
                for name, table in self.named
            )
            + view.tables,
            notes=qualifiers + de_notes(list(self.tables)) + view.notes,
        )

    def document(self) -> StandingsDocument:
        """``caddy standings --json``: a ``caddy.standings`` document, with
        ``after_round`` and the keys the format's views add (docs/json.md)."""
        after = self.choices.after_round
        if self.parts:
            document = sections_document(self.parts, after)
        else:
            document = self.result.document(after)
        state = self.source.state
        if state is None:
            return document
        # lazy: start-up: a TRF file's standings never load the event's format views
        from caddy.views.bracket import bracket_data, qualified_data
        from caddy.views.team_match import team_data

        # the keys the format's views add: a knockout stage's, a team match's
        return attrs.evolve(
            document,
            qualified=qualified_data(state) or None,
            bracket=bracket_data(state) or None,
            teams=team_data(state),
        )


def standings_view(
    source: Source, choices: StandingsChoices, host: PluginHost | None = None
) -> StandingsView:
    """Rank ``source`` as ``choices`` ask: one table, or one per section."""
    results = source.results
    if results is None:
        raise ValueError("a knockout has no standings table: its bracket is its table")
    options = standings_options(source, choices)
    parts = tuple(
        SectionStandings(
            name=section.name,
            players=section.players,
            standings=standings_for(
                results,
                section.players,
                source.tiebreaks,
                source.edition,
                options=options,
                host=host,
                scoring=source.scoring,  # a format's own score (a Keizer total)
            ),
        )
        for section in source.sections
    )
    if parts:
        result = parts[0].standings
    else:
        result = standings(
            results,
            source.tiebreaks,
            source.edition,
            pre_determined=choices.pre_determined,
            options=options,
            host=host,
            scoring=source.scoring,  # a format's own score (a Keizer total)
        )
    return StandingsView(
        source=source, choices=choices, options=options, parts=parts, result=result, host=host
    )


def bracket_report(source: Source, kind: str) -> Report:
    """A knockout (every round a match): the bracket is the report."""
    view = format_view(source)
    return Report(
        kind=kind,
        title=source.title,
        subtitle="knockout bracket",
        tables=view.tables,
        notes=view.notes,
    )


def bracket_document(source: Source) -> BracketDocument:
    """A knockout's ``caddy.bracket`` JSON document."""
    # lazy: start-up: the document classes load for --json only (caddy tiebreaks, a text table)
    from caddy.model.documents import BracketDocument
    from caddy.views.bracket import bracket_data, champion

    state = source.state
    if state is None:
        raise ValueError("a bracket needs an event file")
    return BracketDocument(rounds=bracket_data(state), winner=champion(state))
