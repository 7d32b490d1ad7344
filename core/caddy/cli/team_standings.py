"""``caddy standings`` and ``caddy crosstable`` for a team event: the teams
ranked on match or game points (FIDE Handbook C.07 Art. 11) and team
tie-breaks (Arts. 12-13), a tie-break's working (``--explain TEAM``), board
prizes (``--board-prizes``) and the team crosstable (:mod:`caddy.views.teams`).
``--individual`` gives the individual standings and crosstable instead.

(``--players`` names a players file and ``--boards`` a match's boards in
``caddy new``; these views have names of their own.)"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from caddy.cli.common import ascii_int, emit, print_error

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

    from caddy.contracts.tiebreak_table import StandingsOptions
    from caddy.contracts.tiebreaks import Explanation
    from caddy.model.team_results import TeamEvent
    from caddy.model.tournament import EdeReadings


def team_arguments(parser: Any, *, boards: bool) -> None:
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


def ede_arguments(parser: Any, *, stored: bool) -> None:
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
    given = {
        name.replace("-", "_"): getattr(ns, f"ede_{name.replace('-', '_')}", None)
        for name, _, _ in EDE_FLAGS
    }
    if all(value is None for value in given.values()):
        return None
    if getattr(ns, "teams_file", None) is None:
        from caddy.errors import CaddyError

        flag = next(f"--ede-{n.replace('_', '-')}" for n, v in given.items() if v is not None)
        raise CaddyError(f"{flag} is a reading of team tie-breaks: it needs --teams")
    from caddy.model.tournament import EdeReadings

    return EdeReadings(**{k: v for k, v in given.items() if v is not None})


def is_team_view(ns: argparse.Namespace) -> bool:
    """Whether the command shows the teams: a team event, without ``--individual``."""
    state = getattr(ns, "state", None)
    if state is None or getattr(ns, "players", False):
        return False
    return state.event.tournament.teams is not None


def players_of(ns: argparse.Namespace, teams: bool) -> bool:
    """Whether the command ranks the players of a team event (``--individual``)."""
    return teams and bool(getattr(ns, "players", False))


def _team_event(ns: argparse.Namespace) -> TeamEvent:
    from caddy.event.teams import state_team_event

    tevent = state_team_event(ns.state)
    if ns.pre_determined is not None:
        import attrs

        tevent = attrs.evolve(tevent, pre_determined=ns.pre_determined)
    return tevent


def _options(ns: argparse.Namespace) -> StandingsOptions:
    """The options of this call: its seed, the event's readings of EDE (C.07
    13.3), each ``--ede-*`` given replacing the event's."""
    from caddy.contracts.tiebreak_table import StandingsOptions
    from caddy.standings.teams import ede_options, event_ede_readings

    seed = getattr(ns, "seed", None)
    if seed is None:
        seed = getattr(ns, "event_seed", None)
    options = StandingsOptions(
        draw_lots=bool(getattr(ns, "lots", False)) or getattr(ns, "seed", None) is not None,
        lots_seed=seed,
        unrated_rating=getattr(ns, "unrated_rating", None),
    )
    readings = event_ede_readings(
        ns.state.event.tournament,
        secondary=getattr(ns, "ede_secondary", None),
        boards=getattr(ns, "ede_boards", None),
        board_count=getattr(ns, "ede_board_count", None),
        unseparated=getattr(ns, "ede_unseparated", None),
    )
    return ede_options(options, readings)


def _title(ns: argparse.Namespace) -> str:
    return str(ns.state.event.tournament.name or ns.file)


def print_explanations(explanations: Sequence[Explanation]) -> None:
    """Each tie-break's value, summary and rows, one line each."""
    for e in explanations:
        print(f"{e.tiebreak} = {'-' if e.value is None else f'{e.value:g}'}: {e.summary}")
        for line in e.rows:
            cells = [f"  round {line.round}" if line.round else "  "]
            if line.opponent is not None:
                cells.append(f"vs {line.opponent}")
            if line.result:
                cells.append(f"result {line.result}")
            if line.opponent_score is not None:
                cells.append(f"opponent score {line.opponent_score:g}")
            if line.opponent_rating is not None:
                cells.append(f"rating {line.opponent_rating}")
            if line.contribution is not None:
                cells.append(f"adds {line.contribution:g}")
            if line.note:
                cells.append(f"({line.note})")
            print(" ".join(cells))


def team_standings_command(ns: argparse.Namespace) -> int:
    """``caddy standings`` of a team event."""
    from caddy.plugins.host import get_host
    from caddy.standings.teams import team_explain, team_standings

    host = get_host()
    tevent = _team_event(ns)
    options = _options(ns)
    if ns.boards:
        return _board_prizes(ns, tevent, options)
    result = team_standings(tevent, ns.tiebreaks, ns.edition, options=options, host=host)
    for warning in result.warnings:
        print_error(warning, "warning")
    if ns.explain:
        team = tevent.setup.find(ns.explain)
        explanations = team_explain(
            tevent, team, result, edition=ns.edition, options=options, host=host
        )
        row = result.row_of(team)
        if ns.json:
            from caddy.model.documents import ExplainDocument, write

            document = ExplainDocument(
                player=team, name=row.name, edition=result.edition, explanations=tuple(explanations)
            )
            write(document, sys.stdout)
            return 0
        rules = "pre-determined pairings" if result.pre_determined else "Swiss rules"
        print(
            f"{row.name} (team {team}): {row.match_points:g} MP, {row.game_points:g} GP, "
            f"rank {row.rank}; ranked on {result.primary}; C.07 edition {result.edition}; {rules}"
        )
        print_explanations(explanations)
        return 0
    if ns.json:
        _print_json(result.data(), ns)
        return 0
    from caddy.views.teams import team_standings_report

    emit(team_standings_report(result, _title(ns), getattr(ns, "round", None)), ns)
    return 0


def _print_json(document: dict[str, Any], ns: argparse.Namespace) -> None:
    """A standings document with ``after_round`` (``--round R``; ``null``: the live standings)."""
    from caddy.standings.table import with_after_round

    document = with_after_round(document, getattr(ns, "round", None))
    print(json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False))


def _board_prizes(ns: argparse.Namespace, tevent: TeamEvent, options: StandingsOptions) -> int:
    from caddy.standings.board_prizes import board_prizes
    from caddy.views.teams import board_prizes_report

    if ns.min_games < 0:
        from caddy.errors import CaddyError

        raise CaddyError(f"--min-games must be 0 or more, got {ns.min_games}")
    prizes = board_prizes(tevent, edition=ns.edition, options=options, min_games=ns.min_games)
    if ns.json:
        _print_json(prizes.data(), ns)
        return 0
    emit(board_prizes_report(prizes, _title(ns)), ns)
    return 0


def team_crosstable_command(ns: argparse.Namespace) -> int:
    """``caddy crosstable`` of a team event."""
    from caddy.standings.teams import team_standings
    from caddy.views.teams import team_crosstable_report

    tevent = _team_event(ns)
    result = team_standings(tevent, ns.tiebreaks, ns.edition, options=_options(ns))
    for warning in result.warnings:
        print_error(warning, "warning")
    emit(team_crosstable_report(tevent, result, _title(ns)), ns)
    return 0
