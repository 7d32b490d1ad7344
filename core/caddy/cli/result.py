"""``caddy result``, ``caddy undo`` and ``caddy history``: record results,
drop the last operations, list the operations of an event file (their
parsers and handlers). A change goes through one session
(:func:`caddy.event.session.open`): the file is read and replayed once."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from caddy.cli.common import event_player
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from caddy.cli.common import Commands
    from caddy.event.file import EventFile
    from caddy.event.replay import State
    from caddy.model.tournament import Operation, RecordBye, RecordResult
    from caddy.plugins.host import PluginHost

#: The byes ``caddy result --bye PLAYER KIND`` records (``pab``: the
#: pairing-allocated bye, in a round paired already), and their help.
BYE_WORDS = ("full", "half", "zero", "pab")
BYE_HELP = "full, half, zero or pab (the pairing-allocated bye)"


def add_result(commands: Commands) -> None:
    """``caddy result``'s parser."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import ascii_int

    result = commands.add_parser("result", help="record a result or a bye")
    result.add_argument("event", metavar="EVENT.json")
    result.add_argument("round", type=ascii_int, metavar="ROUND")
    result.add_argument(
        "board",
        nargs="?",
        type=board_or_results,
        metavar="BOARD",
        help='board (team events: MATCH), or every board\'s result in one argument: "1-0 1/2 0-1"',
    )
    result.add_argument("result", nargs="?", metavar="RESULT", help="1-0 0-1 1/2 ½-½ +- -+ --")
    result.add_argument(
        "extra",
        nargs="?",
        metavar="TEAM_RESULT",
        help=(
            'team events: ROUND MATCH BOARD RESULT, or ROUND MATCH "1-0 1/2 0-1 1-0" for '
            "every board; results from the side of the team named first (White on board 1)"
        ),
    )
    result.add_argument(
        "--from",
        dest="results_file",
        metavar="FILE",
        help="a round's results from a CSV file of board,result lines",
    )
    result.add_argument("--bye", nargs=2, metavar=("PLAYER", "KIND"), help=f"a bye: {BYE_HELP}")
    result.add_argument(
        "--force",
        action="store_true",
        help="replace the result already on the board, or the player's bye",
    )
    result.set_defaults(run=cmd_result)


def add_undo(commands: Commands) -> None:
    """``caddy undo``'s parser."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import ascii_int

    undo = commands.add_parser("undo", help="drop the last operations")
    undo.add_argument("event", metavar="EVENT.json")
    undo.add_argument("--steps", type=ascii_int, default=1, help="how many (default 1)")
    undo.set_defaults(run=cmd_undo)


def add_history(commands: Commands) -> None:
    """``caddy history``'s parser."""
    history = commands.add_parser("history", help="every operation applied, in order")
    history.add_argument("event", metavar="EVENT.json")
    history.add_argument("--json", action="store_true", help="print the operations as JSON")
    history.set_defaults(run=cmd_history)


def board_or_results(text: str) -> int | str:
    """argparse ``type`` of ``caddy result``'s BOARD: a board number (ASCII
    digits), or the results of every board in one argument (``"1-0 1/2"``:
    words, a single result word, or none: ``""`` is refused as a batch with
    no results); anything else is an invalid int."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import ascii_int
    from caddy.cli.result_batch import SKIP, normal_result
    from caddy.model.results import RESULT_WORDS

    stripped = text.strip()
    if len(stripped.split()) != 1 or normal_result(stripped) in (*RESULT_WORDS, SKIP):
        return stripped
    return ascii_int(text)


board_or_results.__name__ = "int"  # argparse names the type in its message


def cmd_result(ns: argparse.Namespace, host: PluginHost) -> int:
    """``caddy result``: the operations the command line asks for, applied
    through one session (the file replayed once)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.session import open as open_event

    with open_event(ns.event, host=host) as session:
        state = session.state
        line = None
        operations: Sequence[Operation]
        if ns.bye:
            operations = [_bye(state, ns)]
        elif state.event.tournament.teams is not None:
            # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
            from caddy.cli.teams import team_results

            if isinstance(ns.board, str) or ns.results_file is not None:
                raise CaddyError(
                    'a team event takes ROUND MATCH "RESULTS" (every board of one match)'
                )
            operations, said = team_results(state, ns)
            line = f"recorded: {said}"
        elif isinstance(ns.board, str) or ns.results_file is not None:
            operations = _round_results(state, ns)
            line = _batch_line(ns, operations, state.event)
        else:
            operations = [_one_result(state, ns)]
        for operation in operations:
            # refuses a board that does not exist or a second result without --force
            session.apply(operation)
    if line is None:
        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.event.effects import result_game_labels

        game = result_game_labels(session.state).get(len(session.event.operations) - 1)
        line = f"recorded: {describe(operations[0], session.event, game)}"
    print(line)
    return 0


def _bye(state: State, ns: argparse.Namespace) -> RecordBye:
    """``caddy result EVENT ROUND --bye PLAYER KIND``: the operation."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.rounds import bye_of
    from caddy.model.tournament import RecordBye

    if ns.board is not None or ns.result is not None or ns.results_file is not None:
        raise CaddyError("give either BOARD RESULT or --bye PLAYER KIND, not both")
    player_text, kind = ns.bye
    if kind not in BYE_WORDS:
        raise CaddyError(f"unknown bye '{kind}' (expected {BYE_HELP})")
    player = event_player(state, player_text)
    earlier = bye_of(state, ns.round, player)
    if earlier is not None and not ns.force:
        name = state.event.tournament.players[player - 1].name
        raise CaddyError(
            f"round {ns.round}: {name} ({player}) already has a {earlier} bye; "
            "use --force to replace it"
        )
    return RecordBye(round=ns.round, player=player, kind=kind)


def _one_result(state: State, ns: argparse.Namespace) -> RecordResult:
    """``caddy result EVENT ROUND BOARD RESULT``: the operation (refused on the
    board of a player who withdrew before the round, unless ``--force``)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.result_batch import normal_result, withdrawn_board
    from caddy.model.tournament import RecordResult

    if ns.extra is not None:
        raise CaddyError(
            f"unexpected '{ns.extra}': give ROUND BOARD RESULT (ROUND MATCH BOARD "
            "RESULT is for team events)"
        )
    if ns.board is None or ns.result is None:
        raise CaddyError(
            'give ROUND BOARD RESULT (e.g. 1 2 1-0), ROUND "RESULTS" (every board, '
            'e.g. "1-0 1/2 0-1"), ROUND --from FILE or ROUND --bye PLAYER KIND'
        )
    rnd = state.round(ns.round)
    if not ns.force and not rnd.matches and 1 <= ns.board <= len(rnd.boards):
        refused = withdrawn_board(state, rnd.boards[ns.board - 1])
        if refused is not None:
            raise CaddyError(f"round {ns.round} board {ns.board}: {refused}")
    result = normal_result(ns.result)
    return RecordResult(round=ns.round, board=ns.board, result=result, force=ns.force)


def _round_results(state: State, ns: argparse.Namespace) -> list[RecordResult]:
    """``caddy result EVENT ROUND "1-0 1/2 ..."`` or ``--from FILE``: every
    board's result, checked all together (:mod:`caddy.cli.result_batch`)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.result_batch import file_entries, round_results, words_entries

    if ns.results_file is not None:
        if ns.board is not None or ns.extra is not None:
            raise CaddyError("give ROUND --from FILE, or the results on the command line, not both")
        entries, problems = file_entries(ns.results_file)
        return round_results(state, ns.round, entries, ns.force, problems)
    if ns.result is not None:
        raise CaddyError(
            f"unexpected '{ns.result.strip()}': the results of every board are one "
            'argument, in quotes ("1-0 1/2 0-1")'
        )
    entries = words_entries(ns.board, len(state.round(ns.round).boards), ns.round)
    return round_results(state, ns.round, entries, ns.force)


def _batch_line(ns: argparse.Namespace, operations: Sequence[Operation], event: EventFile) -> str:
    """What a round's results at once recorded: each board, and how to take them back."""
    lines = [f"recorded: {describe(operation, event)}" for operation in operations]
    count = len(operations)
    lines.append(
        f"{count} result{'s' if count != 1 else ''} in round {ns.round}, one operation each "
        f"(caddy undo {ns.event} --steps {count} takes them back)"
    )
    return "\n".join(lines)


def cmd_undo(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.session import open as open_event

    # undo drops a history that fails: the file is read without replaying it
    with open_event(ns.event, host=host, check_history=False) as session:
        before = session.event
        first = len(before.operations) - ns.steps
        dropped = session.undo(ns.steps)
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.effects import result_game_labels

    try:
        games = result_game_labels(before, host)
    except CaddyError:  # the history undone did not replay: its results get no game label
        games = {}
    for index, operation in reversed(list(enumerate(dropped, first))):
        print(f"undone: {describe(operation, before, games.get(index))}")
    return 0


def describe(operation: Operation, event: EventFile, game: str | None = None) -> str:
    """One line for an operation, with names (:func:`caddy.event.effects.describe`)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.effects import describe as described

    return described(operation, event, game)


def cmd_history(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.session import read

    replayed = read(ns.event, host=host)
    event = replayed.event
    if ns.json:
        import json

        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.event.documents import operations_to_data

        print(
            json.dumps(
                operations_to_data(event.operations), ensure_ascii=False, indent=2, allow_nan=False
            )
        )
        return 0
    if not event.operations:
        print(f"{ns.event}: no operations yet")
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.effects import result_game_labels

    games = result_game_labels(replayed.state)
    for index, operation in enumerate(event.operations, 1):
        print(f"{index:>4}  {describe(operation, event, games.get(index - 1))}")
    return 0
