"""Team events on the command line: the teams file of ``caddy new --teams``,
``caddy lineup``, and ``caddy result`` for a team match.

A teams file is a CSV file with the header ``team,board,name,rating``
(``rating`` optional or blank): one row per player, ``board`` the player's
place in the team's order (1 = top board). The first ``--boards`` players of
a team are its regulars, the rest its reserves. Players get pairing numbers
team by team, each team in board order.

Match results are written as on a match card, from the side of the team
named first (the team with White on board 1, FIDE Handbook C.04.6 1.6.1):
``1-0`` means that team's player won the board, whatever colour they had.
"""

from __future__ import annotations

import argparse
import csv
from typing import TYPE_CHECKING, Any

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.cli.common import Commands
    from caddy.contracts import Format
    from caddy.event.replay import State
    from caddy.model.schedule import Player
    from caddy.model.teams import TeamScoring, TeamSetup
    from caddy.model.tournament import RecordResult
    from caddy.plugins.host import PluginHost

#: The columns of a teams file.
COLUMNS = ("team", "board", "name", "rating")

#: A board result from the first-named team's side, as its White's result.
FLIP = {"1-0": "0-1", "0-1": "1-0", "1/2": "1/2", "+-": "-+", "-+": "+-", "--": "--"}


def add_team_arguments(new: argparse.ArgumentParser) -> None:
    """``caddy new``'s team options."""
    group = new.add_argument_group("team events")
    group.add_argument(
        "--teams",
        dest="teams_file",
        metavar="FILE",
        help="teams CSV (team,board,name,rating): a team event (instead of --players)",
    )
    group.add_argument(
        "--boards", type=int, metavar="N", help="boards of a match (default: the smallest team)"
    )
    group.add_argument(
        "--match-points", metavar="W,D,L", help="match points for a win, draw, loss (2,1,0)"
    )
    group.add_argument(
        "--primary", choices=("MP", "GP"), help="the score that ranks the teams (default MP)"
    )
    group.add_argument(
        "--board-colours",
        metavar="WBWB",
        default="",
        help="colours of the team with White on board 1, board by board (default WBWB...)",
    )


def read_teams_csv(path: str, boards: int | None) -> tuple[list[Player], TeamSetup]:
    """The players in pairing-number order and the teams of a teams file."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.schedule import Player
    from caddy.model.teams import Team, TeamSetup

    header, rows = _teams_rows(path)
    members, problems = _team_members(path, header, rows)
    order = list(members)
    sizes = [len(members[t]) for t in order]
    if boards is None and sizes:
        boards = min(sizes)
    if boards is not None and boards < 1:
        problems.append(f"--boards must be at least 1 (got {boards})")
    elif boards is not None:
        problems += [
            f"{path}: team {t} has {len(members[t])} players, fewer than the {boards} boards"
            for t in order
            if len(members[t]) < boards
        ]
    if len(order) < 2 and not problems:
        problems.append(f"{path}: a team event needs at least 2 teams, found {len(order)}")
    if problems:
        raise CaddyError(problems[0], problems=problems)
    assert boards is not None
    players: list[Player] = []
    teams = []
    for team in order:
        start = len(players) + 1
        for place in sorted(members[team]):
            name, rating = members[team][place]
            players.append(Player(name=name, rating=rating, team=team))
        teams.append(Team(name=team, members=tuple(range(start, len(players) + 1))))
    return players, TeamSetup(teams=tuple(teams), boards=boards)


def _teams_rows(path: str) -> tuple[list[str], list[list[str]]]:
    """A teams file's header (lower case) and its rows that are not empty."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.files.storage import read_bytes

    text = read_bytes(path, "a teams file", shown=path).decode("utf-8-sig", errors="replace")
    rows = list(csv.reader(text.splitlines()))
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows:
        raise CaddyError(f"{path}: empty teams file (expected the header team,board,name,rating)")
    header = [cell.strip().lower() for cell in rows[0]]
    problems = [
        f"{path}: unknown column '{name}' (columns: {', '.join(COLUMNS)})"
        for name in header
        if name not in COLUMNS
    ]
    problems += [f"{path}: no '{name}' column" for name in COLUMNS[:3] if name not in header]
    if problems:
        raise CaddyError(problems[0], problems=problems)
    return header, rows[1:]


def _team_members(
    path: str, header: list[str], rows: list[list[str]]
) -> tuple[dict[str, dict[int, tuple[str, int | None]]], list[str]]:
    """Each team (in order of appearance) → board → (name, rating), and one
    problem per line that cannot be read."""
    problems: list[str] = []
    members: dict[str, dict[int, tuple[str, int | None]]] = {}
    for line, row in enumerate(rows, 2):
        cells = dict(zip(header, (cell.strip() for cell in row), strict=False))
        team, board, name = cells.get("team", ""), cells.get("board", ""), cells.get("name", "")
        rating_text = cells.get("rating", "")
        where = f"{path} line {line}"
        if not team or not name:
            problems.append(f"{where}: a player needs a team and a name")
            continue
        if not board.isdigit() or not board.isascii() or int(board) < 1:
            problems.append(f"{where}: board '{board}' is not a board number (1, 2, ...)")
            continue
        rating: int | None = None
        if rating_text:
            if not rating_text.isdigit() or not rating_text.isascii():
                problems.append(f"{where}: rating '{rating_text}' is not a number")
                continue
            rating = int(rating_text)
        places = members.setdefault(team, {})
        if int(board) in places:
            problems.append(f"{where}: team {team} has two players on board {board}")
            continue
        places[int(board)] = (name, rating)
    return members, problems


def team_scoring(ns: argparse.Namespace, options: Any) -> tuple[TeamScoring, Any]:
    """The match scoring ``caddy new`` asks for, and the options with the
    format's own ``primary`` (a team Scheveningen's) set from ``--primary``."""
    import attrs

    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.teams import TeamScoring

    fields = attrs.fields_dict(type(options))
    primary = ns.primary or (options.primary if "primary" in fields else "MP")
    if "primary" in fields:
        options = attrs.evolve(options, primary=primary)
    win, draw, loss = 2.0, 1.0, 0.0
    if ns.match_points:
        parts = ns.match_points.replace(" ", "").split(",")
        try:
            win, draw, loss = (float(p) for p in parts)
        except ValueError:
            raise CaddyError(
                f"--match-points '{ns.match_points}': expected three numbers W,D,L such as 2,1,0"
            ) from None
    scoring = TeamScoring(
        win=win,
        draw=draw,
        loss=loss,
        primary="GP" if primary == "GP" else "MP",
        secondary="MP" if primary == "GP" else "GP",
    )
    return scoring, options


def team_field(
    ns: argparse.Namespace, options: Any, fmt: Format, host: PluginHost
) -> tuple[list[Player], TeamSetup, Any]:
    """``caddy new --teams``: the players, the teams, and the format's options
    with the teams' count and boards (when the format has those options)."""
    import attrs

    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.teams import check_setup

    if not fmt.pairs_teams:
        teams = ", ".join(f.name for f in host.formats() if f.pairs_teams)
        raise CaddyError(
            f"format '{fmt.name}' pairs players, not teams: --teams takes a team format ({teams})"
        )

    players, setup = read_teams_csv(ns.teams_file, ns.boards)
    scoring, options = team_scoring(ns, options)
    setup = attrs.evolve(setup, colours=ns.board_colours.upper(), scoring=scoring)
    check_setup(setup, len(players))
    fields = attrs.fields_dict(type(options))
    changes = {"teams": len(setup.teams), "boards": setup.boards}
    _refuse_other_counts(options, {k: v for k, v in changes.items() if k in fields})
    options = attrs.evolve(options, **{k: v for k, v in changes.items() if k in fields})
    return players, setup, options


def _refuse_other_counts(options: Any, counts: dict[str, int]) -> None:
    """An ``--option teams=N`` or ``boards=N`` other than its default that the teams
    file contradicts: one line each (the file gives the teams, ``--boards`` the boards)."""
    defaults = type(options)()
    wrong = [
        f"option {key}={getattr(options, key)}: the teams file gives {value} {key} "
        + (
            "(caddy new --teams takes them from the file; --boards N sets the boards)"
            if key == "boards"
            else "(caddy new --teams takes them from the file)"
        )
        for key, value in counts.items()
        if getattr(options, key) not in (value, getattr(defaults, key))
    ]
    if wrong:
        raise CaddyError(wrong[0], problems=wrong)


def print_teams(setup: TeamSetup, players: list[Player]) -> None:
    """``caddy new``'s list of the teams."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.messages import visible

    colours = setup.board_colours()
    print(
        f"{len(setup.teams)} teams, {setup.boards} boards (team with White on board 1: "
        f"{colours}); ranked by {setup.scoring.primary}"
    )
    for number, team in enumerate(setup.teams, 1):
        names = []
        for board, p in enumerate(team.members, 1):
            mark = "" if board <= setup.boards else " (reserve)"
            names.append(f"{p} {visible(players[p - 1].name)}{mark}")
        print(f"  {number:>3}  {visible(team.name)}: " + ", ".join(names))


def add_commands(commands: Commands) -> None:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import ascii_int

    lineup = commands.add_parser(
        "lineup",
        help="a team's line-up for a round not paired yet",
        description=(
            "Record TEAM's players for ROUND, board 1 first (pairing numbers or exact "
            "names; 0 or - leaves a board empty: its opponent wins by forfeit). "
            "A reserve plays by being named. Refused once the round is paired."
        ),
    )
    lineup.add_argument("event", metavar="EVENT.json")
    lineup.add_argument("round", type=ascii_int, metavar="ROUND")
    lineup.add_argument(
        "team", metavar="TEAM", help="team number, name or code, or a start of its name"
    )
    lineup.add_argument("players", nargs="+", metavar="PLAYER", help="one per board")
    lineup.set_defaults(run=cmd_lineup)


def cmd_lineup(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import event_player
    from caddy.event.session import open as open_event
    from caddy.event.teams import lineup_text, team_setup
    from caddy.model.teams import LineUp

    with open_event(ns.event, host=host) as session:
        state = session.state
        setup = team_setup(state)
        team = setup.find(ns.team)
        if 1 <= ns.round <= len(state.rounds):
            raise CaddyError(
                f"round {ns.round} is paired already: its line-ups are fixed "
                "(record a forfeit on the board instead)"
            )
        players = tuple(
            0 if p.strip() in ("0", "-") else event_player(state, p) for p in ns.players
        )
        operation = LineUp(round=ns.round, team=team, players=players)
        session.apply(operation)
    print(f"recorded: {lineup_text(session.event.tournament, operation)}")
    return 0


def _match_words(
    ns: argparse.Namespace, setup: TeamSetup, first: str, number: int
) -> tuple[list[int], list[str]]:
    """The boards of match ``number`` the command line gives results for, and
    the result words (``ROUND MATCH BOARD RESULT``: one board; else every
    board, a single forfeit word standing for the whole match)."""
    if ns.extra is not None:
        board_text = ns.result.strip()
        if not board_text.isdigit() or not board_text.isascii():
            raise CaddyError(f"board '{board_text}' is not a board number")
        return [int(board_text)], [ns.extra]
    words = ns.result.split()
    if len(words) == 1 and words[0] in ("+-", "-+", "--") and setup.boards > 1:
        # the whole match forfeited: every board (C.04.6 1.6: the match is not played)
        words = words * setup.boards
    whole = {f"{setup.boards}-0": "1-0", f"0-{setup.boards}": "0-1"}
    if len(words) == 1 and words[0] in whole and setup.boards > 1:
        # every board to one team: "2-0" for "1-0 1-0" (a tandem match, docs/tandem.md)
        words = [whole[words[0]]] * setup.boards
    if len(words) != setup.boards:
        raise CaddyError(
            f"match {number} has {setup.boards} boards: give {setup.boards} results "
            f"from the side of {first}, got {len(words)}"
        )
    return list(range(1, setup.boards + 1)), words


def team_results(state: State, ns: argparse.Namespace) -> tuple[list[RecordResult], str]:
    """``caddy result EVENT ROUND MATCH [BOARD] RESULT`` for a team event: the
    results to record (as :class:`~caddy.model.tournament.RecordResult`, from each
    board's White) and a line saying what they are."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.teams import team_setup
    from caddy.messages import visible
    from caddy.model.tournament import RecordResult

    setup = team_setup(state)
    if not 1 <= ns.round <= len(state.rounds):
        raise CaddyError(f"round {ns.round} is not paired (rounds paired: {len(state.rounds)})")
    teams = state.rounds[ns.round - 1].teams
    if teams is None:
        raise CaddyError(f"round {ns.round} has no team matches")
    if ns.board is None or ns.result is None:
        raise CaddyError(
            'give ROUND MATCH "RESULTS" (every board, e.g. "1-0 1/2 0-1 1-0") '
            "or ROUND MATCH BOARD RESULT"
        )
    number = ns.board
    if not 1 <= number <= len(teams.matches):
        raise CaddyError(f"no match {number} in round {ns.round} (matches 1..{len(teams.matches)})")
    match = teams.matches[number - 1]
    pattern = match.colours or setup.board_colours()
    boards, words = _match_words(ns, setup, setup.team(match.white).name, number)
    operations = []
    for board, word in zip(boards, words, strict=True):
        result = word.strip().replace("½", "1/2").replace("1/2-1/2", "1/2")
        if result not in FLIP:
            raise CaddyError(
                f"board {board}: unknown result '{word}' (expected 1-0 0-1 1/2 +- -+ --)"
            )
        if ns.extra is None and not match.forfeit:
            a, z = match.white_lineup[board - 1], match.black_lineup[board - 1]
            if not a or not z:  # an empty board: its forfeit stands, as the line-ups say
                implied = "--" if not a and not z else ("-+" if not a else "+-")
                if result != implied:
                    raise CaddyError(
                        f"match {number} board {board} was left empty: its result is {implied}"
                    )
                continue
        where = teams.board_index(number, board)  # refuses empty boards, forfeited matches
        white = result if pattern[board - 1] == "W" else FLIP[result]
        operations.append(RecordResult(round=ns.round, board=where, result=white, force=ns.force))
    first, other = setup.team(match.white).name, setup.team(match.black).name
    said = " ".join(words)
    line = (
        f"round {ns.round} match {number} ({visible(first)} - {visible(other)})"
        + (f" board {boards[0]}" if ns.extra is not None else "")
        + f": {said} (from the side of {visible(first)})"
    )
    return operations, line
