"""``caddy standings``, ``caddy crosstable`` and ``caddy tiebreaks``: read an
event (or any file a codec reads) and rank it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caddy.cli.common import (
    ascii_int,
    emit,
    event_arguments,
    output_argument,
    print_document,
    print_error,
)
from caddy.cli.standings_notes import file_source
from caddy.cli.team_standings import (
    team_arguments,
    team_crosstable_command,
    team_standings_command,
)
from caddy.cli.tiebreaks import cmd_tiebreaks

if TYPE_CHECKING:
    import argparse

    from caddy.cli.common import Commands
    from caddy.plugins.host import PluginHost
    from caddy.views.source import Source, StandingsChoices


def add_standings(commands: Commands) -> None:
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
        help="print a caddy.standings JSON document (a team event: caddy.team-standings; "
        "--board-prizes: caddy.board-prizes)",
    )
    output_argument(forms)
    parser.set_defaults(run=cmd_standings)


def add_crosstable(commands: Commands) -> None:
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
    parser.set_defaults(run=cmd_crosstable)


def add_tiebreaks(commands: Commands) -> None:
    parser = commands.add_parser("tiebreaks", help="list the tie-breaks caddy knows")
    parser.add_argument("--json", action="store_true", help="print a caddy.tiebreaks JSON document")
    parser.set_defaults(run=cmd_tiebreaks)


def standings_choices(ns: argparse.Namespace) -> StandingsChoices:
    """What ``caddy standings`` asks (its options, read once)."""
    # lazy: start-up: `caddy --help` builds every parser; the views load when the command runs
    from caddy.views.source import StandingsChoices

    return StandingsChoices(
        tiebreaks=ns.tiebreaks,
        edition=ns.edition,
        pre_determined=ns.pre_determined,
        after_round=ns.round,
        individual=ns.players,
        draw_lots=ns.lots,
        seed=ns.seed,
        unrated_rating=ns.unrated_rating,
        explain=ns.explain,
    )


def crosstable_choices(ns: argparse.Namespace) -> StandingsChoices:
    """What ``caddy crosstable`` asks."""
    # lazy: start-up: `caddy --help` builds every parser; the views load when the command runs
    from caddy.views.source import StandingsChoices

    return StandingsChoices(
        tiebreaks=ns.tiebreaks,
        edition=ns.edition,
        pre_determined=ns.pre_determined,
        individual=ns.players,
    )


def _bracket_only(
    ns: argparse.Namespace, source: Source, kind: str, as_json: bool, host: PluginHost
) -> int:
    """A knockout (every round a match): the bracket is the report."""
    # lazy: start-up: the family's other commands (caddy tiebreaks, --help) do not load it

    # lazy: start-up: `caddy --help` builds every parser; the views load when the command runs
    from caddy.views.standings import bracket_document, bracket_report

    if as_json:
        print_document(bracket_document(source))
    else:
        emit(bracket_report(source, kind), ns, host)
    return 0


def cmd_standings(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: the family's other commands (caddy tiebreaks, --help) do not load it
    from caddy.views.standings import standings_view

    choices = standings_choices(ns)
    source = file_source(ns, choices, host)
    if source.team_event and not choices.individual:
        return team_standings_command(ns, source, choices, host)
    if source.results is None:
        return _bracket_only(ns, source, "standings", ns.json, host)
    view = standings_view(source, choices, host)
    for warning in view.warnings:
        print_error(warning, "warning")
    if ns.explain:
        # lazy: start-up: the explanations load only for --explain
        from caddy.views.explain import explained

        found = explained(view, ns.explain)
        if ns.json:
            print_document(found.document())
        else:
            print("\n".join(found.lines()))
        return 0
    if ns.json:
        print_document(view.document())
    else:
        emit(view.report(), ns, host)
    return 0


def cmd_crosstable(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: `caddy --help` builds every parser; the views load when the command runs
    from caddy.views.crosstable import crosstable_view

    choices = crosstable_choices(ns)
    source = file_source(ns, choices, host)
    if source.team_event and not choices.individual:
        return team_crosstable_command(ns, source, choices, host)
    if source.results is None:
        return _bracket_only(ns, source, "crosstable", False, host)
    view = crosstable_view(source, pre_determined=ns.pre_determined, order=ns.order, host=host)
    for warning in view.warnings:
        print_error(warning, "warning")
    emit(view.report(), ns, host)
    return 0
