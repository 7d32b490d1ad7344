"""``caddy standings``, ``caddy crosstable`` and ``caddy tiebreaks``: read an
event (or any file a codec reads) and rank it."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse

from caddy.cli.common import (
    ascii_int,
    check_readings,
    emit,
    event_arguments,
    output_argument,
    print_error,
    read_file,
)
from caddy.cli.standings_notes import after_round, de_notes
from caddy.cli.team_standings import (
    is_team_view,
    players_of,
    print_explanations,
    team_arguments,
    team_crosstable_command,
    team_standings_command,
)
from caddy.cli.tiebreaks import cmd_tiebreaks


def add_standings(commands: Any) -> None:
    parser = commands.add_parser(
        "standings",
        help="rank an event by score and tie-breaks",
        description="Standings of the event in FILE (FIDE C.07 tie-breaks).",
    )
    event_arguments(parser)
    parser.add_argument(
        "--tiebreaks",
        metavar="LIST",
        help="comma-separated tie-breaks (SB,DE,KS; BH/C1; KS/L+1) or a preset: rr, swiss, c02",
    )
    parser.add_argument(
        "--round",
        type=ascii_int,
        metavar="R",
        help="an event file's standings after round R (as caddy publish shows them)",
    )
    parser.add_argument(
        "--explain", metavar="PLAYER", help="show how each tie-break of PLAYER was computed"
    )
    parser.add_argument(
        "--lots", action="store_true", help="split players equal on everything by drawing lots"
    )
    parser.add_argument("--seed", type=ascii_int, help="seed for the drawing of lots")
    parser.add_argument(
        "--unrated-rating",
        type=ascii_int,
        metavar="N",
        help="rating-based tie-breaks: unrated players count with rating N (default: left out)",
    )
    team_arguments(parser, boards=True)
    forms = parser.add_mutually_exclusive_group()
    forms.add_argument(
        "--json",
        action="store_true",
        help="print a caddy.standings.ranking JSON document (a team event: caddy.team-standings; "
        "--board-prizes: caddy.board-prizes)",
    )
    output_argument(forms)
    parser.set_defaults(handler=cmd_standings)


def add_crosstable(commands: Any) -> None:
    parser = commands.add_parser(
        "crosstable",
        help="print the crosstable of an event",
        description="Round robins: the N x N grid; other events: a per-round table.",
    )
    event_arguments(parser)
    parser.add_argument(
        "--tiebreaks", metavar="LIST", help="tie-break columns (default: the event's default list)"
    )
    parser.add_argument(
        "--order",
        choices=("rank", "number"),
        help="rows by rank or by pairing number (default: rank; a round robin's grid: number)",
    )
    team_arguments(parser, boards=False)
    output_argument(parser)
    parser.set_defaults(handler=cmd_crosstable)


def add_tiebreaks(commands: Any) -> None:
    parser = commands.add_parser("tiebreaks", help="list the tie-breaks caddy knows")
    parser.add_argument(
        "--json", action="store_true", help="print a caddy.contracts.tiebreak_table JSON document"
    )
    parser.set_defaults(handler=cmd_tiebreaks)


def _load_event(ns: argparse.Namespace) -> Any:
    """An event file's results, or those of any file a codec reads; an event
    file's own tie-breaks and edition apply unless the command line gives others."""
    from pathlib import Path

    from caddy.files.storage import peek

    path = Path(ns.file)
    head = peek(path).lstrip()  # never opens a pipe or reads a device
    if path.suffix.lower() == ".json" or head.startswith((b"{", b"[")):
        from caddy.event.store import load

        check_readings(ns, ns.file, "json")  # the reading was chosen at import
        return _document_results(ns, load(ns.file))
    return _file_results(ns)


def _document_results(ns: argparse.Namespace, document: Any) -> Any:
    """An event document's results for standings, with its sections, seed,
    tie-breaks and edition (the command line's win)."""
    from caddy.event.replay import event_seed, replay
    from caddy.event.results import results_event

    state = after_round(ns, replay(document))
    ns.state = state  # the format's views: a bracket, the groups' qualifiers, team scores
    if state.rounds and all(r.matches for r in state.rounds) and not _asks_table(ns):
        return None  # a knockout: its bracket is its table
    teams = document.tournament.teams is not None  # its list ranks the teams, not --individual
    # a team event ranks (all on 0) before round 1 is complete (issue 24 item 19)
    event = results_event(state, empty=teams)
    tiebreaks, edition = document.tournament.tiebreaks, document.tournament.edition
    # sectioned formats (quads, groups): one table per section
    ns.sections = tuple(state.fmt.sections(state.players, document.tournament.format.options))
    # a drawing of lots uses the seed the event file records
    ns.event_seed = event_seed(document.tournament)
    if (
        getattr(ns, "tiebreaks", None) is None
        and tiebreaks is not None
        and not players_of(ns, teams)
    ):
        ns.tiebreaks = ",".join(tiebreaks)
    if getattr(ns, "edition", None) is None:
        ns.edition = edition
    return event


def _asks_table(ns: argparse.Namespace) -> bool:
    """Whether the command needs a table of scores (``--explain``)."""
    return bool(getattr(ns, "explain", None))


def _views(ns: argparse.Namespace) -> Any:
    """The format's views of the event (:mod:`caddy.views.formats`): the bracket and the team score."""
    from caddy.views.formats import View, bracket, team_score

    state = getattr(ns, "state", None)
    if state is None:
        return View()
    parts = [bracket(state), team_score(state)]
    return View(
        tables=tuple(t for part in parts for t in part.tables),
        notes=tuple(n for part in parts for n in part.notes),
    )


def _views_data(ns: argparse.Namespace) -> dict[str, Any]:
    """``caddy standings --json``: the keys the format's views add (docs/json.md):
    ``qualified`` and ``bracket`` (a knockout stage), ``teams`` (a team match)."""
    from caddy.views.formats import bracket_data, qualified_data, team_data

    state = getattr(ns, "state", None)
    if state is None:
        return {}
    added: dict[str, Any] = {}
    qualified = qualified_data(state)
    if qualified:
        added["qualified"] = qualified
    rounds = bracket_data(state)
    if rounds:
        added["bracket"] = rounds
    teams = team_data(state)
    if teams is not None:
        added["teams"] = teams
    return added


def _bracket_only(ns: argparse.Namespace, kind: str) -> int:
    """A knockout (every round a match): the bracket is the report."""
    from caddy.model.report import Report

    state = ns.state
    if getattr(ns, "json", False):
        import json

        from caddy.views.formats import bracket_data, champion

        document = {
            "schema": "caddy.bracket",
            "version": 1,
            "rounds": bracket_data(state),
            "winner": champion(state),
        }
        print(json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False))
        return 0
    view = _views(ns)
    emit(
        Report(
            kind=kind,
            title=state.event.tournament.name or ns.file,
            subtitle="knockout bracket",
            tables=view.tables,
            notes=view.notes,
        ),
        ns,
    )
    return 0


def _file_results(ns: argparse.Namespace) -> Any:
    """The results of a file that is not an event file, through the codec
    registry: the codec's own reading of its results (hook
    ``caddy_read_results``), else the event its ``read`` imports."""
    from caddy.cli.event import other_codec
    from caddy.files.storage import read_bytes
    from caddy.plugins.lookup import codec_for, file_results, get_codec

    data = read_bytes(ns.file, "a TRF file")  # a regular file only: never a device or a pipe
    name = other_codec(ns.file)
    codec = get_codec(name) if name is not None else codec_for(ns.file, data, flag=None)
    results = file_results(ns.file, data, codec)
    if results is None:
        imported = read_file(ns, codec, data)
        for warning in imported.warnings:
            print_error(warning, "warning")
        return _document_results(ns, imported.event)
    for warning in results.warnings:
        print_error(warning, "warning")
    if getattr(ns, "round", None) is not None:
        from caddy.errors import CaddyError

        raise CaddyError(
            f"--round reads an event file; make one with `caddy import {ns.file} -o event.json`"
        )
    return results.event


def _value_text(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:g}"


def cmd_standings(ns: argparse.Namespace) -> int:
    from caddy.contracts.tiebreak_table import StandingsOptions
    from caddy.standings.ranking import (
        SectionStandings,
        explain,
        explain_for,
        sections_document,
        standings,
        standings_for,
    )
    from caddy.standings.table import after_round_prefix, with_after_round

    event = _load_event(ns)
    if is_team_view(ns):
        return team_standings_command(ns)
    if event is None:
        return _bracket_only(ns, "standings")
    sections = getattr(ns, "sections", ())
    seed = ns.seed if ns.seed is not None else getattr(ns, "event_seed", None)
    options = StandingsOptions(
        draw_lots=ns.lots or ns.seed is not None,
        lots_seed=seed,
        unrated_rating=ns.unrated_rating,
    )
    parts: list[SectionStandings] = []
    if sections:
        parts = [
            SectionStandings(
                name=section.name,
                players=section.players,
                standings=standings_for(
                    event, section.players, ns.tiebreaks, ns.edition, options=options
                ),
            )
            for section in sections
        ]
        result = parts[0].standings
    else:
        result = standings(
            event, ns.tiebreaks, ns.edition, pre_determined=ns.pre_determined, options=options
        )
    tables = [p.standings for p in parts] or [result]
    warnings = dict.fromkeys(w for table in tables for w in table.warnings)
    for warning in warnings:
        print_error(warning, "warning")
    if ns.explain:
        player = event.find(ns.explain)
        # the explanation and the table are one computation: the same standings
        part = next((p for p in parts if player.number in p.players), None)
        if part is not None:
            result = part.standings
            explanations = explain_for(
                event,
                part.players,
                player.number,
                list(result.tiebreaks),
                ns.edition,
                options=options,
                result=result,
            )
        else:
            explanations = explain(
                event,
                player.number,
                list(result.tiebreaks),
                ns.edition,
                pre_determined=result.pre_determined,
                options=options,
                result=result,
            )
        row = result.row_of(player.number)
        if ns.json:
            from caddy.model.documents import ExplainDocument, write

            write(
                ExplainDocument(
                    player=player.number,
                    name=player.name,
                    edition=result.edition,
                    explanations=tuple(explanations),
                ),
                sys.stdout,
            )
            return 0
        where = f" in {part.name}" if part is not None else ""
        annulled = " (results annulled)" if row.annulled else ""
        print(
            f"{player.name} ({player.number}): {row.score:g} points{annulled}{where}; "
            f"C.07 edition {result.edition}; "
            f"{'pre-determined pairings' if result.pre_determined else 'Swiss rules for unplayed rounds'}"
        )
        print_explanations(explanations)
        return 0
    if ns.json:
        import json

        document = sections_document(parts) if parts else result.as_dict()
        document = with_after_round(document, getattr(ns, "round", None))
        document.update(_views_data(ns))
        print(json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False))
        return 0
    heading = ["rank", "no", "name", "points", *result.tiebreaks]

    def table_rows(table: Any) -> tuple[tuple[str, ...], ...]:
        rows: list[tuple[str, ...]] = []
        for row in table.rows:
            rank = "-" if row.rank is None else str(row.rank)
            name = row.name + (" (annulled)" if row.annulled else "")
            rows.append(
                (
                    rank,
                    str(row.pairing_number),
                    name,
                    _value_text(row.score),
                    *(_value_text(row.tiebreaks[t]) for t in table.tiebreaks),
                )
            )
        return tuple(rows)

    from caddy.model.report import Report, Table

    lots: tuple[str, ...] = ()
    lots_seed = next(
        (p.standings.lots_seed for p in parts if p.standings.lots_seed is not None),
        result.lots_seed,
    )
    if lots_seed is not None:
        lots = (f"ties split by drawing lots, seed {lots_seed} (repeat with --seed {lots_seed})",)
    rules = (
        "pre-determined pairings (round robin)"
        if result.pre_determined
        else "Swiss rules for unplayed rounds"
    )
    named = [(p.name, p.standings) for p in parts] or [("Standings", result)]
    from caddy.views.formats import qualifier_notes, seeds

    through = seeds(ns.state) if parts and getattr(ns, "state", None) is not None else {}
    if through:
        heading.append("through")

    def marked(rows: tuple[tuple[str, ...], ...], table: Any) -> tuple[tuple[str, ...], ...]:
        if not through:
            return rows
        numbers = [row.pairing_number for row in table.rows]
        return tuple((*row, through.get(n, "")) for row, n in zip(rows, numbers, strict=True))

    view = _views(ns)
    emit(
        Report(
            kind="standings",
            title=event.name or ns.file,
            subtitle=after_round_prefix(getattr(ns, "round", None))
            + f"C.07 edition {result.edition}, {rules}"
            + (f"; {len(parts)} sections, each ranked on its own" if parts else ""),
            intro=lots,
            tables=tuple(
                Table(
                    caption=name,
                    columns=tuple(heading),
                    rows=marked(table_rows(table), table),
                    right=frozenset({0, 1, *range(3, len(heading) - bool(through))}),
                    row_header=2,
                    caption_in_text=bool(parts) or bool(view.tables),
                )
                for name, table in named
            )
            + view.tables,
            notes=(qualifier_notes(ns.state, sections) if through else ())
            + de_notes([table for _, table in named])
            + view.notes,
        ),
        ns,
    )
    return 0


def cmd_crosstable(ns: argparse.Namespace) -> int:
    from caddy.standings.crosstable import crosstable, section_crosstable

    event = _load_event(ns)
    if is_team_view(ns):
        return team_crosstable_command(ns)
    if event is None:
        return _bracket_only(ns, "crosstable")
    sections = getattr(ns, "sections", ())
    if sections:
        named = [
            (
                section.name,
                section_crosstable(
                    event, section.players, ns.tiebreaks, ns.edition, order=ns.order
                ),
            )
            for section in sections
        ]
    else:
        named = [
            (
                "",
                crosstable(
                    event,
                    ns.tiebreaks,
                    ns.edition,
                    pre_determined=ns.pre_determined,
                    order=ns.order,
                ),
            )
        ]
    table = named[0][1]
    for warning in dict.fromkeys(w for _, t in named for w in t.warnings):
        print_error(warning, "warning")
    from caddy.model.report import Report, Table
    from caddy.views.formats import qualifier_notes, seeds

    view = _views(ns)
    through = seeds(ns.state) if sections and getattr(ns, "state", None) is not None else {}
    emit(
        Report(
            kind="crosstable",
            title=event.name or ns.file,
            subtitle="crosstable" if table.round_robin else "results by round",
            tables=tuple(
                Table(
                    caption=name or ("Crosstable" if t.round_robin else "Results by round"),
                    columns=t.header,
                    rows=t.rows,
                    right=t.right_aligned,
                    row_header=1,
                    caption_in_text=bool(sections) or bool(view.tables),
                )
                for name, t in named
            )
            + view.tables,
            notes=tuple(dict.fromkeys(note for _, t in named for note in t.notes))
            + (qualifier_notes(ns.state, sections) if through else ())
            + view.notes,
            title_in_text=False,
            wide=max(len(t.header) for _, t in named) > 12,
        ),
        ns,
    )
    return 0
