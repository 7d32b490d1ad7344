"""A round's results at once, for individual events: ``caddy result EVENT
ROUND "1-0 1/2 0-1 ..."`` (one result per board, in board order) and ``caddy
result EVENT ROUND --from FILE`` (CSV lines ``board,result``).

All or nothing: every problem is found before anything is recorded, one
line each, and then nothing is. The results are recorded as one operation
per board (:class:`~caddy.model.tournament.RecordResult`, as a team match's
results are), so ``caddy history`` lists each board and ``caddy undo
--steps N`` takes the round's N results back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.event.replay import Board, State
    from caddy.model.tournament import RecordResult

#: In a list of results: leave this board as it is (no result yet, or the one it has).
SKIP = "."


class Entry(NamedTuple):
    """One result as given: its place (a file's line, the word's position),
    where to say it was in a message, the board and the result word."""

    place: int
    where: str
    board: int
    word: str


#: A problem found before the results are checked: its place, and the message.
Problem = tuple[int, str]


def normal_result(word: str) -> str:
    """A result word as the event file keeps it (``½-½`` and ``1/2-1/2`` are ``1/2``)."""
    return word.strip().replace("½", "1/2").replace("1/2-1/2", "1/2")


def words_entries(text: str, boards: int, number: int) -> list[Entry]:
    """``"1-0 1/2 0-1"``: (where, board, result word) for every board, in board order."""
    words = text.split()
    if not words:
        raise CaddyError(
            f"round {number}: no results given (give {boards} result"
            f'{"s" if boards != 1 else ""} in board order, e.g. "1-0 1/2 0-1")'
        )
    if len(words) != boards:
        raise CaddyError(
            f"round {number} has {boards} board{'s' if boards != 1 else ''}: give "
            f"{boards} result{'s' if boards != 1 else ''} in board order ('{SKIP}' leaves "
            f"a board as it is), got {len(words)}"
        )
    return [Entry(b, f"round {number} board {b}", b, word) for b, word in enumerate(words, 1)]


def file_entries(path: str) -> tuple[list[Entry], list[Problem]]:
    """A CSV file of ``board,result`` lines (a header line ``board,result`` is
    allowed, and empty fields after the result: ``1,1-0,``): (where, board,
    result word) per line, and one problem per line that cannot be read."""
    import csv
    import io

    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import is_ascii_number
    from caddy.files.storage import read_text  # a regular file only: never a device or a pipe

    text = read_text(path, "a results CSV file")
    entries: list[Entry] = []
    problems: list[Problem] = []
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise CaddyError(f"{path}: {exc}") from None
    for line, row in enumerate(rows, 1):
        cells = [cell.strip() for cell in row]
        if not any(cells) or (line == 1 and cells[:1] == ["board"]):
            continue
        while len(cells) > 2 and not cells[-1]:  # a trailing comma: ``1,1-0,``
            cells.pop()
        where = f"{path}:{line}"
        if len(cells) != 2:
            count = f"{len(cells)} field{'s' if len(cells) != 1 else ''}"
            problems.append((line, f"{where}: {count} (expected board,result)"))
        elif not is_ascii_number(cells[0]):
            problems.append(
                (line, f"{where}: board '{cells[0]}' is not a whole number (digits 0-9)")
            )
        else:
            entries.append(Entry(line, f"{where} (board {cells[0]})", int(cells[0]), cells[1]))
    if not entries and not problems:
        raise CaddyError(f"{path}: no results (expected lines board,result)")
    return entries, problems


def round_results(
    state: State,
    number: int,
    entries: Sequence[Entry],
    force: bool,
    problems: Sequence[Problem] = (),
) -> list[RecordResult]:
    """The results to record for round ``number``, checked against ``state``
    (not applied: the caller applies them, in order); raises with every
    problem (``problems`` found before and the entries'), one line each in the
    order they were given, when there is any."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.tournament import RecordResult

    state.round(number)  # a round that is not paired is one line
    found = list(problems)
    operations: list[RecordResult] = []
    seen: dict[int, str] = {}
    for place, where, board, word in entries:
        result = normal_result(word)
        problem = _problem(state, number, board, result, force)
        if problem is None and board in seen:
            problem = f"given twice (also at {seen[board].partition(' (')[0]})"
        seen.setdefault(board, where)
        if problem is not None:
            found.append((place, f"{where}: {problem}"))
        elif result != SKIP:
            operations.append(RecordResult(round=number, board=board, result=result, force=force))
    if found:
        lines = [message for _, message in sorted(found, key=lambda p: p[0])]
        raise CaddyError(lines[0], problems=lines)
    if not operations:
        raise CaddyError(f"round {number}: no result given ('{SKIP}' on every board)")
    return operations


def _problem(state: State, number: int, board: int, result: str, force: bool) -> str | None:
    """What is wrong with ``result`` on board ``board`` of round ``number``, if anything."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.results import RESULT_HELP, RESULT_WORDS

    rnd = state.round(number)
    if not 1 <= board <= len(rnd.boards):
        return f"no such board (round {number} has boards 1..{len(rnd.boards)})"
    if result == SKIP:
        return None
    if result not in RESULT_WORDS:
        return f"unknown result '{result}' (expected {RESULT_HELP}, or '{SKIP}' to leave it)"
    found = rnd.boards[board - 1]
    if not rnd.matches and found.results and not force:
        return (
            f"already has a result ({found.results[-1]}); use --force to correct it, "
            f"or '{SKIP}' to leave it"
        )
    return None if force else withdrawn_board(state, found)


def withdrawn_board(state: State, board: Board) -> str | None:
    """Why a result on ``board`` is refused: a player on it withdrew before
    its round, so the game is not played and needs no result (the one who
    stayed wins by forfeit, :func:`caddy.event.rounds.withdrawal_result`);
    ``None`` when both players are still in."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.rounds import withdrawal_result
    from caddy.messages import visible

    withdrawn = state.withdrawn
    scored = withdrawal_result(withdrawn, board.round, board.white, board.black)
    if scored is None:
        return None
    players = state.event.tournament.players
    gone = [p for p in (board.white, board.black) if p in withdrawn and board.round > withdrawn[p]]
    who = " and ".join(
        f"{visible(players[p - 1].name)} ({p}) withdrew after round {withdrawn[p]}" for p in gone
    )
    return (
        f"{who}: the game needs no result (it counts as {scored}); use --force to record one anyway"
    )
