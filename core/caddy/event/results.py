"""The results of an event file's rounds as a :class:`caddy.model.results.ResultsTable`,
what the standings rank (:func:`results_event`): complete rounds, byes,
withdrawals (a round robin's by FIDE's 50% rule; a Swiss player who left
after a round was paired loses that game by forfeit). Re-exported by
:mod:`caddy.event`."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from caddy.errors import CaddyError
from caddy.event.rounds import withdrawal_result
from caddy.model.collector import paused
from caddy.model.results import (
    BYE_KIND_CODES,
    MIRROR,
    RESULT_WORDS,
    EventPlayer,
    ResultsTable,
    RoundResult,
    Scoring,
    make_round_result,
)
from caddy.model.results_table import ResultsTableBuilder

if TYPE_CHECKING:
    from caddy.event.replay import Board, RoundState, State
    from caddy.model.results import ResultsTable
    from caddy.model.results_table import ResultsTableBuilder

__all__ = [
    "BoardRound",
    "board_cells",
    "board_words",
    "results_event",
    "scores_before",
    "state_after",
    "state_pre_determined",
]


def results_event(
    state: State, *, completed_only: bool = True, empty: bool = False
) -> ResultsTable:
    """The results so far as a :class:`caddy.model.results.ResultsTable` for standings (complete rounds).

    With no round to count, ``empty=True`` gives an event of no rounds (everyone
    on 0: a team event's standings and TRF before round 1 is complete); otherwise
    that is an error."""

    with paused():  # a million round results in a 1,000-player round robin
        return _results_event(state, completed_only, empty)


def _no_rounds(b: ResultsTableBuilder) -> ResultsTable:
    """The builder's event before any round: its players on no results."""

    return ResultsTable(
        name=b.name,
        start_date=b.start_date,
        players=tuple(b.players),
        results=tuple(() for _ in b.players),
        rounds=0,
        scoring=b.scoring,
        pre_determined=b.pre_determined,
        format=b.format,
    )


def state_after(state: State, number: int) -> State:
    """The event as it stood after round ``number`` (its later rounds and
    withdrawals left out): what ``caddy standings --round`` and the
    published standings after a round rank."""
    import attrs

    return attrs.evolve(
        state,
        rounds=state.rounds[:number],
        withdrawals=[w for w in state.withdrawals if w.after_round < number],
        schedule=state.schedule if state.schedule is not None else state.rounds,
    )


def scores_before(state: State, number: int) -> list[float]:
    """Every player's points before round ``number`` (index ``k - 1`` for
    player ``k``): the rounds before it as the standings score them (byes,
    forfeits, withdrawals), a board with no result yet as no points."""
    if number <= 1 or not state.rounds:
        return [0.0] * state.players
    event = results_event(state_after(state, number - 1), completed_only=False)
    return [event.score(p) for p in range(1, state.players + 1)]


def state_pre_determined(state: State) -> bool | None:
    """Whether the event's pairings are pre-determined, as :func:`results_event`
    marks its table: fixed schedules are; pairings from outside: as the format
    says; a format pairing round by round from a fixed table (a team round
    robin, whose line-ups change) says so."""
    options = state.event.tournament.format.options
    if state.fixed:
        return True
    if state.fmt.kind == "external":
        return state.fmt.pre_determined(options)
    return state.fmt.pre_determined(options) is True


def board_cells(
    state: State, *, completed_only: bool = True
) -> list[dict[int, RoundResult]] | None:
    """The rounds :func:`results_event` counts, each as its players' results
    by pairing number, read straight from the boards: a board player's code and
    points as the players' table holds them (opponent and colour left out), a
    player on no board absent. ``None`` when the table has more to do than
    score the boards (:func:`board_words` says when)."""
    counted = _board_rounds(state, completed_only)
    if counted is None:
        return None
    scoring = state.event.tournament.scoring or Scoring()
    cells = {code: make_round_result((None, None, code, scoring.points(code))) for code in MIRROR}
    # a result word to both players' cells: a round's cells made by map() at C speed
    pairs = {word: (cells[w], cells[b]) for word, (w, b) in RESULT_WORDS.items()}
    columns = []
    for rnd, words in counted:
        played = list(map(pairs.__getitem__, words))
        column = dict(zip(rnd.white, map(_FIRST, played), strict=True))
        column.update(zip(rnd.black, map(_SECOND, played), strict=True))
        columns.append(column)
    return columns


#: A round's boards: Whites, Blacks, and each board's result word.
BoardRound = tuple[tuple[int, ...], tuple[int, ...], list[str]]


def board_words(state: State, *, completed_only: bool = True) -> list[BoardRound] | None:
    """The rounds :func:`results_event` counts, each as its boards: Whites,
    Blacks and result words in board order (a board's last word; ``--``, a
    double forfeit as :func:`results_event` scores it, for a board with no
    result yet). ``None`` when the table has more to do than score the boards
    (withdrawals, knockout matches, counted rounds that are not the first
    ones, a result or a bye the table would refuse or read another way): then
    read the table itself."""
    counted = _board_rounds(state, completed_only)
    if counted is None:
        return None
    return [(rnd.white, rnd.black, words) for rnd, words in counted]


def _board_rounds(state: State, completed_only: bool) -> list[tuple[RoundState, list[str]]] | None:
    """The counted rounds with their boards' words (:func:`board_words`)."""
    if state.withdrawals:
        return None
    rounds = [r for r in state.rounds if not r.matches and (r.white or r.byes or r.rest)]
    if completed_only:
        rounds = [r for r in rounds if all(r.results)]
    if not rounds or any(a is not b for a, b in zip(rounds, state.rounds, strict=False)):
        return None
    numbers = set(range(1, state.players + 1))
    counted = []
    for rnd in rounds:
        whites, blacks, byes = rnd.white, rnd.black, rnd.byes
        if all(rnd.results):
            words = list(map(_LAST, rnd.results))
        else:  # a board with no result yet: a double forfeit, as results_event scores it
            words = [r[-1] if r else "--" for r in rnd.results]
        seated = {*whites, *blacks}
        if (
            rnd.rest
            or not _WORDS.issuperset(words)
            or not len(whites) == len(blacks) == len(words)
            or len(seated) != 2 * len(whites)
            or not numbers.issuperset(seated)
            or not seated.isdisjoint(byes)
            or not _BYE_KINDS.issuperset(byes.values())
            or not numbers.issuperset(byes)
        ):
            return None
        counted.append((rnd, words))
    return counted


_WORDS = frozenset(RESULT_WORDS)
_BYE_KINDS = frozenset({*BYE_KIND_CODES, "absent"})
_FIRST: Callable[[Any], RoundResult] = itemgetter(0)
_SECOND: Callable[[Any], RoundResult] = itemgetter(1)
_LAST: Callable[[tuple[str, ...]], str] = itemgetter(-1)


def _results_event(state: State, completed_only: bool, empty: bool) -> ResultsTable:

    tournament = state.event.tournament
    withdrawn = state.withdrawn

    def done(board: Board, number: int) -> bool:
        gone = any(p in withdrawn and number > withdrawn[p] for p in (board.white, board.black))
        return bool(board.results) or gone

    def complete(rnd: RoundState) -> bool:
        if all(rnd.results):
            return True
        return bool(withdrawn) and all(done(b, rnd.number) for b in rnd.boards)

    rounds = [r for r in state.rounds if not r.matches and (r.white or r.byes or r.rest)]
    if completed_only:
        rounds = [r for r in rounds if complete(r)]
    players = [
        EventPlayer(
            number=i,
            name=p.name,
            rating=p.rating,
            title=p.title,
            federation=p.federation,
            fide_id=p.fide_id,
            sex=p.sex,
            birth=p.birth,
        )
        for i, p in enumerate(tournament.players, 1)
    ]
    b = ResultsTableBuilder(
        players,
        rounds=max(1, len(rounds)),
        name=tournament.name,
        start_date=tournament.start,
        scoring=tournament.scoring,
        pre_determined=state_pre_determined(state),
        format=state.fmt.name,
    )
    if not rounds:
        if state.rounds and all(r.matches for r in state.rounds):
            raise CaddyError(
                "a knockout has no standings table; `caddy pair` names the winner when it is over"
            )
        if empty:
            return _no_rounds(b)
        raise CaddyError("no round is complete yet: nothing to rank")
    later: list[tuple[int, int, int]] = []
    for number, rnd in enumerate(rounds, 1):
        uncoloured = set(rnd.uncoloured)
        # every board has its result: the whole round at once; else board by board
        played = all(rnd.results)
        if played:
            b.games(
                number,
                rnd.white,
                rnd.black,
                list(map(itemgetter(-1), rnd.results)),
                uncoloured=uncoloured,
            )
        for index, board in enumerate(() if played else rnd.boards, 1):
            out = [
                p
                for p in (board.white, board.black)
                if p in withdrawn and rnd.number > withdrawn[p]
            ]
            if out and not board.results and state.fixed:
                later.append((number, board.white, board.black))  # the 50% rule's
                continue
            # a Swiss game whose player left after it was paired: a forfeit
            result = board.results[-1] if board.results else None
            result = result or withdrawal_result(withdrawn, rnd.number, board.white, board.black)
            b.game(
                number, board.white, board.black, result or "--", coloured=index not in uncoloured
            )
        b.byes(number, rnd.byes.items())
        b.byes(number, [(p, "rest") for p in rnd.rest if p not in rnd.byes])
        busy = set(rnd.white) | set(rnd.black) | set(rnd.byes) | set(rnd.rest)
        if len(busy) < state.players:
            # paired from results: absent (zero); a fixed schedule: the player's
            # section has finished while a larger one plays on (quads' 5 or 6)
            kind = "rest" if state.fixed else "zero"
            b.byes(
                number,
                [
                    (p, kind)
                    for p in range(1, state.players + 1)
                    # a withdrawn player's later rounds are the withdrawal's (b.withdraw)
                    if p not in busy and not (p in withdrawn and rnd.number > withdrawn[p])
                ],
            )
    for player, after in withdrawn.items():
        total = None
        if state.fixed:  # the 50% rule counts the player's games in the whole schedule
            schedule = state.schedule if state.schedule is not None else state.rounds
            total = sum(1 for r in schedule for bd in r.boards if player in (bd.white, bd.black))
        b.withdraw(
            player,
            min(after, len(rounds)),
            schedule=later if state.fixed else None,
            scheduled=total,
        )
    return b.build()
