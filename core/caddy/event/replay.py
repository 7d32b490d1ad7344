"""The fold of an event's operations: :func:`replay` builds the current
:class:`State`, :func:`apply` applies one operation, :func:`results_event`
turns a state into the results that standings rank.

Linear in the number of operations (``benchmarks/io.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from caddy.errors import CaddyError, PluginError
from caddy.event.matches import board_match, record_match_game
from caddy.model.results import RESULT_HELP, RESULT_WORDS
from caddy.model.schedule import Round
from caddy.model.tournament import event_seed

if TYPE_CHECKING:
    from caddy.contracts import Format
    from caddy.event.file import EventFile
    from caddy.model.teams import TeamRound
    from caddy.plugins.host import PluginHost
from caddy.contracts.format_tools import depends_on_results, fixed_in_advance, schedule_format
from caddy.event.rounds import (
    check_announced,
    check_players,
    enter,
    fix_field,
    planned_rounds,
    record_bye,
    take_announced,
    withdrawal_result,
)
from caddy.event.teams import apply_lineup, apply_team_round
from caddy.model.teams import LineUp
from caddy.model.tournament import (
    Enter,
    Operation,
    PairRound,
    RecordBye,
    RecordResult,
    Tournament,
    Withdraw,
)
from caddy.plugins.host import resolve


class Board:
    """A view of one board of a round in the fold; its results live in the round."""

    __slots__ = ("_index", "_round")

    def __init__(self, round_state: RoundState, index: int) -> None:
        self._round = round_state
        self._index = index

    @property
    def white(self) -> int:
        return self._round.white[self._index]

    @property
    def black(self) -> int:
        return self._round.black[self._index]

    @property
    def round(self) -> int:
        return self._round.number

    @property
    def number(self) -> int:
        """The board number (from 1)."""
        return self._index + 1

    @property
    def results(self) -> tuple[str, ...]:
        """Results recorded (one per game; a knockout match may have several)."""
        return self._round.results[self._index]

    @results.setter
    def results(self, value: tuple[str, ...]) -> None:
        self._round.results[self._index] = value


@attrs.define
class RoundState:
    """A round in the fold: Whites, Blacks and results by board (plain lists:
    a 1,000-player round robin has half a million boards)."""

    number: int
    white: tuple[int, ...]
    black: tuple[int, ...]
    results: list[tuple[str, ...]]
    byes: dict[int, str]
    matches: bool = False
    #: Byes that come with the schedule (rest rounds of an odd round robin).
    rest: tuple[int, ...] = ()
    #: Boards (from 1) whose colours are not known.
    uncoloured: tuple[int, ...] = ()
    #: A team event's matches this round (:class:`caddy.model.teams.TeamRound`).
    teams: TeamRound | None = None

    @property
    def boards(self) -> list[Board]:
        """The boards, as views (board ``b`` is ``boards[b - 1]``)."""
        return [Board(self, i) for i in range(len(self.white))]


@attrs.define
class State:
    """The event now: rounds with their boards and results, byes, withdrawals."""

    event: EventFile
    fmt: Format
    rounds: list[RoundState] = attrs.Factory(list)
    withdrawals: list[Withdraw] = attrs.Factory(list)
    #: The schedule when the format fixes it in advance.
    fixed: bool = False
    #: Byes announced for rounds not paired yet: round → player → kind.
    announced: dict[int, dict[int, str]] = attrs.Factory(dict)
    #: Late entrants whose ``enter`` is still to come in the fold (the last players).
    late: int = 0
    #: The players when round 1 was paired (the planned rounds' field).
    field: int | None = None
    #: Team line-ups given for rounds not paired yet: round → team → players.
    lineups: dict[int, dict[int, tuple[int, ...]]] = attrs.Factory(dict)
    #: The whole schedule's rounds when ``rounds`` holds only the first ones
    #: (:func:`caddy.event.results.state_after`): the 50% rule counts a
    #: withdrawn player's games in the whole schedule, not in the rounds kept.
    schedule: list[RoundState] | None = None

    @property
    def players(self) -> int:
        return len(self.event.tournament.players)

    @property
    def withdrawn(self) -> dict[int, int]:
        """Each withdrawn player's pairing number → the round they left after."""
        return {w.player: w.after_round for w in self.withdrawals}

    def board_open(self, board: Board) -> bool:
        """Whether ``board`` still waits for a result: it has none and no
        withdrawal decides it (:func:`caddy.event.rounds.withdrawal_result`);
        on a knockout round, its match is undecided."""
        if board._round.matches:
            return board_match(self, board).winner() is None
        if board.results:
            return False
        return not self.withdrawals or not withdrawal_result(
            self.withdrawn, board.round, board.white, board.black
        )

    def round(self, number: int) -> RoundState:
        if not 1 <= number <= len(self.rounds):
            known = f"1..{len(self.rounds)}" if self.rounds else "none yet"
            raise CaddyError(f"round {number} does not exist (rounds: {known})")
        return self.rounds[number - 1]


def check_field(fmt: Format, players: int, options: Any) -> None:
    """Raise if the format cannot run this field (formats paired from outside only check the size)."""
    if fmt.kind == "external":
        fmt.check(players, options)
    else:
        fmt.arithmetic(players, options)


def _schedule_rounds(fmt: Format, tournament: Tournament) -> list[Round] | None:

    players, options = len(tournament.players), tournament.format.options
    if not fixed_in_advance(fmt, players, options):
        return None
    schedule = schedule_format(fmt, players, options).schedule(
        players, options, seed=event_seed(tournament)
    )
    return list(schedule.rounds)


#: A board's results when one plain result is recorded: one tuple per word, shared.
_SINGLES = {word: (word,) for word in RESULT_WORDS}


def replay(event: EventFile, host: PluginHost | None = None) -> State:
    """Fold the operations over the starting data (linear in their number)."""
    host = resolve(host)
    tournament = event.tournament
    fmt: Format = host.format(tournament.format.name)
    try:
        check_field(fmt, len(tournament.players), tournament.format.options)
        fixed = _schedule_rounds(fmt, tournament)
    except PluginError:  # the plugin's fault, not the file's
        raise
    except CaddyError as exc:  # the format cannot run this field
        problems = [f"$.tournament.format: {p}" for p in exc.problems]
        raise CaddyError(problems[0], problems=problems) from None
    state = State(event=event, fmt=fmt, late=event.operations.count_type(Enter))
    if fixed is not None:
        state.fixed = True
        for rnd in fixed:
            state.rounds.append(_round_state(rnd))
    items, round_column, board_column, result_column = event.operations.columns
    index, count = 0, len(items)
    while index < count:
        operation = items[index]
        if operation is None:
            # a plain result: the common case; a whole round's at once when it can be
            done = _round_results(state.rounds, index, round_column, board_column, result_column)
            if done:
                index += done
                continue
            operation = _plain(
                state, round_column[index], board_column[index], result_column[index]
            )
            if operation is None:
                index += 1
                continue
        try:
            apply(state, operation)
        except PluginError:
            raise
        except CaddyError as exc:
            raise CaddyError(f"$.operations[{index}]: {exc}") from None
        index += 1
    return state


def _plain(state: State, rnd_no: int, board_no: int, result: str) -> RecordResult | None:
    """A plain result applied in line when nothing is amiss (``None``), else the
    operation for :func:`apply` (which names what is amiss)."""
    rounds = state.rounds
    if 0 < rnd_no <= len(rounds):
        round_state = rounds[rnd_no - 1]
        results = round_state.results
        single = _SINGLES.get(result) if type(result) is str else None
        if (
            single is not None
            and 0 < board_no <= len(results)
            and not round_state.matches
            and not results[board_no - 1]
        ):
            results[board_no - 1] = single
            return None
    return RecordResult(round=rnd_no, board=board_no, result=result)


#: ``[1, 2, ..., k]`` by ``k``: a round's boards in order.
_BOARDS: dict[int, list[int]] = {}


def _round_results(
    rounds: list[RoundState],
    start: int,
    round_column: list[int],
    board_column: list[int],
    result_column: list[str],
) -> int:
    """How many plain results from ``start`` on were applied at list speed: the
    results of boards 1, 2, ... k of one round that has none yet, one plain
    result each (what :func:`_plain` would do one by one); 0 when not so.
    (An operation object's board in the columns is 0: never one of the boards.)"""
    rnd_no = round_column[start]
    if board_column[start] != 1 or not 0 < rnd_no <= len(rounds):
        return 0
    round_state = rounds[rnd_no - 1]
    results = round_state.results
    k = min(len(results), len(round_column) - start)
    end = start + k
    boards = _BOARDS.get(k)
    if boards is None:
        boards = _BOARDS[k] = list(range(1, k + 1))
    words = result_column[start:end]
    if (
        k < 2
        or round_state.matches
        or any(results)
        or board_column[start:end] != boards
        or round_column[start:end] != [rnd_no] * k
        or not _SINGLES.keys() >= set(words)
        or set(map(type, words)) != {str}
    ):
        return 0
    results[:k] = map(_SINGLES.__getitem__, words)
    return k


def _round_state(rnd: Round) -> RoundState:
    return RoundState(
        number=rnd.number,
        white=rnd.white,
        black=rnd.black,
        results=[()] * len(rnd.white),
        byes={},
        matches=rnd.matches,
        rest=rnd.byes,
    )


def apply(state: State, operation: Operation) -> None:
    """Apply one operation to the state (raises :class:`CaddyError` if it cannot apply)."""
    if isinstance(operation, PairRound):
        if state.fixed:
            raise CaddyError(
                f"format '{state.fmt.name}' fixes its schedule: rounds are not paired by hand"
            )
        if operation.round != len(state.rounds) + 1:
            raise CaddyError(
                f"round {operation.round} cannot be paired next (next round: {len(state.rounds) + 1})"
            )
        if operation.matches and not state.fmt.has_matches:
            raise CaddyError(f"format '{state.fmt.name}' has no knockout matches")
        _check_previous_round_over(state, operation.round)
        if len(operation.white) != len(operation.black):
            raise CaddyError("a round needs as many Blacks as Whites")
        seen = [*operation.white, *operation.black, *operation.byes]
        check_players(state, seen)
        twice = sorted({p for p in seen if seen.count(p) > 1}) if len(set(seen)) < len(seen) else []
        if twice:
            raise CaddyError(f"player {twice[0]} appears twice in round {operation.round}")
        check_announced(state, operation)
        paired = Round(
            number=operation.round,
            white=operation.white,
            black=operation.black,
            byes=(),
            matches=operation.matches,
        )
        state.rounds.append(_round_state(paired))
        bad_boards = [b for b in operation.uncoloured if not 1 <= b <= len(operation.white)]
        if bad_boards:
            raise CaddyError(f"round {operation.round} has no board {bad_boards[0]}")
        state.rounds[-1].uncoloured = operation.uncoloured
        for p in operation.byes:
            state.rounds[-1].byes[p] = "pab"
        if operation.teams is not None:
            apply_team_round(state, operation)
        take_announced(state, state.rounds[-1])
        fix_field(state)
    elif isinstance(operation, RecordResult):
        rnd = state.round(operation.round)
        if not 1 <= operation.board <= len(rnd.boards):
            raise CaddyError(
                f"round {operation.round} has no board {operation.board} (boards 1..{len(rnd.boards)})"
            )
        if operation.result not in RESULT_WORDS:
            raise CaddyError(f"unknown result '{operation.result}' (expected {RESULT_HELP})")
        board = rnd.boards[operation.board - 1]
        if rnd.matches:
            record_match_game(state, rnd, board, operation)
        elif board.results and not operation.force:
            raise CaddyError(
                f"round {operation.round} board {operation.board} already has a result "
                f"({board.results[-1]}); use --force to correct it"
            )
        else:
            board.results = (operation.result,)
    elif isinstance(operation, RecordBye):
        record_bye(state, operation)
    elif isinstance(operation, Enter):
        enter(state, operation)
    elif isinstance(operation, LineUp):
        apply_lineup(state, operation)
    elif isinstance(operation, Withdraw):
        check_players(state, (operation.player,))
        last = planned_rounds(state)
        if not 0 <= operation.after_round <= last:
            raise CaddyError(
                f"cannot withdraw after round {operation.after_round}: the event's rounds run 1..{last}"
                if last
                else f"cannot withdraw after round {operation.after_round}: no round is paired yet"
            )
        if any(w.player == operation.player for w in state.withdrawals):
            raise CaddyError(f"player {operation.player} has already withdrawn")
        state.withdrawals.append(operation)
    else:  # pragma: no cover - the union is closed
        raise CaddyError(f"unknown operation {operation!r}")


def _check_previous_round_over(state: State, number: int) -> None:
    """A format that pairs from results pairs round ``number`` only when the
    round before has every result and every match decided (as ``caddy pair``)."""

    if number < 2 or not state.rounds:
        return
    last = state.rounds[-1]
    if not (last.matches or depends_on_results(state.fmt)):
        return
    missing = [i for i, board in enumerate(last.boards, 1) if state.board_open(board)]
    if missing:
        boards = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        raise CaddyError(
            f"round {number} cannot be paired before round {last.number} is over "
            f"(board(s) {boards} undecided)"
        )
