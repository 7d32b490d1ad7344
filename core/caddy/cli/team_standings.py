"""``caddy standings`` and ``caddy crosstable`` for a team event: the teams
ranked on match or game points (FIDE Handbook C.07 Art. 11) and team
tie-breaks (Arts. 12-13), a tie-break's working (``--explain TEAM``), board
prizes (``--board-prizes``) and the team crosstable, each built by
:mod:`caddy.views.team_standings`.
``--individual`` gives the individual standings and crosstable instead.

(``--players`` names a players file and ``--boards`` a match's boards in
``caddy new``; these views have names of their own.)"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from caddy.cli.common import ascii_int, emit, print_document, print_error
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.model.tournament import EdeReadings
    from caddy.plugins.host import PluginHost
    from caddy.views.source import Source, StandingsChoices
    from caddy.views.team_standings import EdeChoices


def team_arguments(parser: argparse.ArgumentParser, *, boards: bool) -> None:
    """``--individual`` (and for standings ``--board-prizes``)."""
    parser.add_argument(
        "--individual",
        dest="players",
        action="store_true",
        help="a team event: the players' own results instead of the teams'",
    )
    if boards:
        parser.add_argument(
            "--board-prizes",
            dest="boards",
            action="store_true",
            help="a team event: board prizes (percentage and performance per board)",
        )
        ede_arguments(parser, stored=False)
        parser.add_argument(
            "--min-games",
            type=ascii_int,
            default=0,
            metavar="N",
            help="--board-prizes: only players with N or more games on the board",
        )


#: ``--ede-*``: (flag, choices, help) per reading of C.07 13.3 (:class:`caddy.event.EdeReadings`).
EDE_FLAGS = (
    (
        "secondary",
        ("direct", "total"),
        "EDE family, when the direct encounter on the primary score separates nobody: the "
        "direct encounter on the secondary score (the reference engine, default) or the tied "
        "teams' secondary-score totals (C.07 13.3.1)",
    ),
    (
        "boards",
        ("direct", "event"),
        "EDEBT/EDEBB/EDET/EDEB: board tie-breaks over the tied teams' direct match (FIDE's "
        "reference engine, default) or the whole event (C.07 Art. 12)",
    ),
    (
        "board-count",
        ("higher", "lower"),
        "EDEBT/EDEBB: the higher board count first (the reference engine, default) or the "
        "lower, as C.07 12.1 ranks BC",
    ),
    (
        "unseparated",
        ("zero", "place"),
        "EDE family: the value of a team EDE separates from nobody: 0 (the reference engine, "
        "default) or its place, 1",
    ),
)


def ede_arguments(parser: argparse.ArgumentParser, *, stored: bool) -> None:
    """``--ede-secondary``, ``--ede-boards``, ``--ede-board-count``,
    ``--ede-unseparated``: the event's readings (``stored``, ``caddy new``)
    or this call's, replacing the event's (``caddy standings``)."""
    where = "the event's reading" if stored else "overrides the event's reading"
    for name, choices, text in EDE_FLAGS:
        parser.add_argument(
            f"--ede-{name}",
            dest=f"ede_{name.replace('-', '_')}",
            choices=choices,
            default=None,
            help=f"a team event, {where}: {text}",
        )


def ns_ede_readings(ns: argparse.Namespace) -> EdeReadings | None:
    """``caddy new``: the readings its ``--ede-*`` give, ``None`` when none is
    given (the file keeps no ``ede``); an error for an event of players only."""
    # lazy: start-up: the family's other commands (caddy tiebreaks, --help) do not load it
    from caddy.model.tournament import EdeReadings

    given = ede_choices(ns)
    named: dict[str, Any] = {
        "secondary": given.secondary,
        "boards": given.boards,
        "board_count": given.board_count,
        "unseparated": given.unseparated,
    }
    if all(value is None for value in named.values()):
        return None
    if ns.teams_file is None:
        flag = next(f"--ede-{n.replace('_', '-')}" for n, v in named.items() if v is not None)
        raise CaddyError(f"{flag} is a reading of team tie-breaks: it needs --teams")
    return EdeReadings(**{k: v for k, v in named.items() if v is not None})


def ede_choices(ns: argparse.Namespace) -> EdeChoices:
    """The ``--ede-*`` flags (:func:`ede_arguments`) given."""
    # lazy: start-up: `caddy --help` builds every parser; the views load when the command runs
    from caddy.views.team_standings import EdeChoices

    return EdeChoices(
        secondary=ns.ede_secondary,
        boards=ns.ede_boards,
        board_count=ns.ede_board_count,
        unseparated=ns.ede_unseparated,
    )


def team_standings_command(
    ns: argparse.Namespace, source: Source, choices: StandingsChoices, host: PluginHost
) -> int:
    """``caddy standings`` of a team event."""
    # lazy: start-up: the family's other commands (caddy tiebreaks, --help) do not load it

    # lazy: start-up: `caddy --help` builds every parser; the views load when the command runs
    from caddy.views.team_standings import board_prizes_view, team_view

    ede = ede_choices(ns)
    if ns.boards:
        prizes = board_prizes_view(source, choices, ede, ns.min_games, host)
        if ns.json:
            print_document(prizes.document())
        else:
            emit(prizes.report(), ns, host)
        return 0
    view = team_view(source, choices, ede, host)
    for warning in view.result.warnings:
        print_error(warning, "warning")
    if ns.explain:
        found = view.explained(ns.explain)
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


def team_crosstable_command(
    ns: argparse.Namespace, source: Source, choices: StandingsChoices, host: PluginHost
) -> int:
    """``caddy crosstable`` of a team event."""
    # lazy: start-up: `caddy --help` builds every parser; the views load when the command runs
    from caddy.views.team_standings import team_view

    view = team_view(source, choices, host=host)
    for warning in view.result.warnings:
        print_error(warning, "warning")
    emit(view.crosstable_report(), ns, host)
    return 0
