"""Checks of an event's rounds, whoever paired them (``caddy check``).

An event file, and any file a codec reads (the TRF codec plugin,
``caddy_plugins.codecs.trf_document``, uses :func:`check_rows`), become
rows of cells, one row per player and one cell per round (opponent,
colour, result code), and the same rules run over them:

* every opponent named is a player other than oneself, names the player
  back in the same round, and nobody is named by two players;
* both sides agree on the colours (White against Black, or ``-`` for both)
  and on the result (``1`` against ``0``, ``=`` against ``=``, ``+``
  against ``-``, ``-`` against ``-``, ``W`` against ``L``, ``D`` against ``D``);
* bye codes (``H F U Z``) have no opponent and game codes have one;
* in a round robin every pair meets exactly once per cycle; otherwise no
  pair meets twice.

Every problem is one line, naming the round and the players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from operator import eq
from typing import TYPE_CHECKING

from caddy.model.results import GAME_CODES, WORD_OF_CODES

if TYPE_CHECKING:
    from caddy.contracts import Stage
    from caddy.event.replay import RoundState, State

#: One round of one player: (opponent number or None, colour ``w``/``b``/``-``,
#: result code). The codes are :mod:`caddy.model.results_table`'s (a file format's codec
#: maps its own cells to these: ``caddy_plugins.codecs.trf_document``).
Cell = tuple[int | None, str, str]

_GAME = GAME_CODES
_BYE = frozenset("HFUZ")
#: (colour, opponent's colour, code, opponent's code) of every well-formed cell:
#: colours that mirror, and the code pairs of the result words.
_ALLOWED = frozenset(
    {(c, oc, k, ok) for c, oc in (("w", "b"), ("b", "w"), ("-", "-")) for k, ok in WORD_OF_CODES}
    | {(c, "", k, "") for c in "wb-" for k in "HFUZ+-"}
)
_EMPTY: Cell = (None, "-", "Z")


def check_rows(
    rows: Sequence[Sequence[Cell]],
    *,
    cycles: int = 0,
    complete: bool = True,
    names: Sequence[str] | None = None,
    pairings: bool = True,
    meetings: bool = True,
) -> list[str]:
    """Problems in rows of cells (player ``k`` is ``rows[k - 1]``).

    :param cycles: > 0: a round robin of that many cycles, where every pair
        meets (a game or a forfeit) exactly that often when ``complete``
        (else at most that often); 0: no pair may play twice (forfeits do
        not count: FIDE C.04 lets a Swiss pair them again).
    :param pairings: check that both sides of every game agree.
    :param meetings: check how often pairs meet.
    """
    n = len(rows)
    who = _namer(names)
    rounds = max((len(row) for row in rows), default=0)
    padded = [
        row if len(row) == rounds else [*row, *[_EMPTY] * (rounds - len(row))] for row in rows
    ]
    columns = list(zip(*padded, strict=True)) if rounds else []
    problems: list[str] = []
    keys: list[int] = []  # a pair (a, b), a < b, as a * (n + 1) + b, once per meeting
    for r, column in enumerate(columns):
        if pairings and not _round_ok(column, n):
            problems.extend(_round_problems(r + 1, column, n, who))
        if meetings:
            keys.extend(
                a * (n + 1) + opp
                for a, (opp, _, code) in enumerate(column, 1)
                if opp is not None and opp > a and (cycles or code in _GAME)
            )
    if meetings:
        problems.extend(_meeting_problems(keys, columns, n, cycles, complete, who))
    return problems


def _namer(names: Sequence[str] | None) -> Callable[[int], str]:
    """``k (name)`` for player ``k`` (:func:`_who`; just ``k`` without names)."""

    def who(number: int) -> str:
        return _who(names, number) if names else str(number)

    return who


def round_problems(
    rnd: int, column: Sequence[Cell], names: Sequence[str] | None = None
) -> list[str]:
    """What is wrong in round ``rnd`` (player ``k``'s cell is ``column[k - 1]``):
    one line per problem, naming the round and the players (as :func:`check_rows`)."""
    if _round_ok(column, len(column)):
        return []
    return _round_problems(rnd, column, len(column), _namer(names))


def _round_ok(column: Sequence[Cell], n: int) -> bool:
    """Whether a round is well formed (the fast check, at comprehension speed)."""
    opps = [cell[0] or 0 for cell in column]
    if opps and (max(opps) > n or min(opps) < 0):
        return False
    if any(map(eq, opps, range(1, len(opps) + 1))):  # paired with themselves
        return False
    if [opps[o - 1] if o else 0 for o in opps] != [i if o else 0 for i, o in enumerate(opps, 1)]:
        return False
    colours = [cell[1] for cell in column]
    codes = [cell[2] for cell in column]
    seen = set(
        zip(
            colours,
            [colours[o - 1] if o else "" for o in opps],
            codes,
            [codes[o - 1] if o else "" for o in opps],
            strict=True,
        )
    )
    return seen <= _ALLOWED


def _round_problems(
    rnd: int, column: Sequence[Cell], n: int, who: Callable[[int], str]
) -> list[str]:
    """What is wrong in one round, one line per problem."""
    problems = []
    claimed: dict[int, list[int]] = {}
    for number, (opponent, colour, code) in enumerate(column, 1):
        if opponent is None:
            if code in _GAME:
                problems.append(
                    f"round {rnd}: player {who(number)} has result '{code}' but no opponent"
                )
            continue
        if code in _BYE:
            problems.append(
                f"round {rnd}: player {who(number)} has bye code '{code}' but opponent {opponent}"
            )
        if opponent == number:
            problems.append(f"round {rnd}: player {who(number)} is paired with themselves")
            continue
        if not 1 <= opponent <= n:
            problems.append(
                f"round {rnd}: player {who(number)} meets {opponent}, who is not a player"
            )
            continue
        claimed.setdefault(opponent, []).append(number)
        o_opp, o_colour, o_code = column[opponent - 1]
        if o_opp != number:
            problems.append(
                f"round {rnd}: player {who(number)} names {who(opponent)} as opponent, "
                f"but {opponent}'s line "
                + ("has no opponent" if o_opp is None else f"names {o_opp}")
            )
            continue
        if number > opponent:
            continue  # each game once, from its lower-numbered side
        if {colour, o_colour} != {"w", "b"} and not (colour == o_colour == "-"):
            problems.append(
                f"round {rnd}: colours of {who(number)} ({colour}) and "
                f"{who(opponent)} ({o_colour}) disagree"
            )
        if (code, o_code) not in WORD_OF_CODES:
            problems.append(
                f"round {rnd}: results of {who(number)} ({code}) and "
                f"{who(opponent)} ({o_code}) disagree"
            )
    for opponent, by in claimed.items():
        if len(by) > 1:
            listed = ", ".join(map(who, by[:-1])) + f" and {who(by[-1])}"
            problems.append(
                f"round {rnd}: {len(by)} players ({listed}) name {opponent} as their opponent"
            )
    return problems


def _meeting_problems(
    keys: list[int],
    columns: Sequence[Sequence[Cell]],
    n: int,
    cycles: int,
    complete: bool,
    who: Callable[[int], str],
) -> list[str]:
    """Pairs that meet too often (or, in a complete round robin, not exactly once per cycle)."""
    counts = Counter(keys)
    width = n + 1
    if cycles and complete:
        if len(counts) == n * (n - 1) // 2 and set(counts.values()) <= {cycles}:
            return []
        bad = [a * width + b for a in range(1, n + 1) for b in range(a + 1, n + 1)]
        bad = [k for k in bad if counts.get(k, 0) != cycles]
    else:
        most = max(cycles, 1)
        bad = sorted(k for k, v in counts.items() if v > most)
    if not bad:
        return []
    wanted = set(bad)
    rounds_of: dict[int, list[int]] = {}
    for r, column in enumerate(columns, 1):
        for a, (opp, _, code) in enumerate(column, 1):
            if opp is not None and opp > a and (cycles or code in _GAME):
                key = a * width + opp
                if key in wanted:
                    rounds_of.setdefault(key, []).append(r)
    problems = []
    for key in bad:
        a, b = divmod(key, width)
        seen = rounds_of.get(key, [])
        where = f" (rounds {', '.join(map(str, seen))})" if seen else ""
        if cycles and complete:
            expected = "once" if cycles == 1 else f"{cycles} times"
            problems.append(
                f"round robin: players {who(a)} and {who(b)} meet {len(seen)} "
                f"time{'s' if len(seen) != 1 else ''}{where}, not {expected}"
            )
        else:
            problems.append(f"players {who(a)} and {who(b)} meet {len(seen)} times{where}")
    return problems


def state_rows(state: State) -> list[list[Cell]]:
    """An event's rounds as TRF cells (byes: ``U F H Z``, ``+``/``-`` with no opponent)."""
    from caddy.event.rounds import withdrawal_result
    from caddy.model.results import BYE_KIND_CODES, RESULT_WORDS

    n = state.players
    withdrawn = state.withdrawn
    words = RESULT_WORDS
    columns: list[list[Cell]] = []
    for rnd in state.rounds:
        column: list[Cell] = [_EMPTY] * n
        if rnd.matches:
            pass
        elif all(rnd.results) and not rnd.uncoloured:  # the common case: every result in
            for white, black, results in zip(rnd.white, rnd.black, rnd.results, strict=True):
                w_code, b_code = words[results[-1]]
                column[white - 1] = (black, "w", w_code)
                column[black - 1] = (white, "b", b_code)
        else:
            uncoloured = set(rnd.uncoloured)
            for index, (white, black, results) in enumerate(
                zip(rnd.white, rnd.black, rnd.results, strict=True), 1
            ):
                implied = (
                    results[-1]
                    if results
                    else withdrawal_result(withdrawn, rnd.number, white, black)
                )
                if implied is None:
                    continue  # not played yet
                w_code, b_code = words[implied]
                w_col, b_col = ("-", "-") if index in uncoloured else ("w", "b")
                column[white - 1] = (black, w_col, w_code)
                column[black - 1] = (white, b_col, b_code)
        for player, kind in rnd.byes.items():
            column[player - 1] = (None, "-", BYE_KIND_CODES[kind])
        columns.append(column)
    rows = [list(row) for row in zip(*columns, strict=True)] if columns else [[] for _ in range(n)]
    for row in rows:
        while row and row[-1] == _EMPTY:
            row.pop()
    return rows


def check_state(state: State) -> tuple[list[str], str]:
    """Problems in an event's rounds, and a one-line summary of what was checked.

    Both sides of every game must agree (:func:`check_rows`). How often pairs
    may meet follows the event's stages: a format with stages (groups then
    knockout, quads' sections) has each stage checked on its own — a pair that
    met in a group may meet again in the knockout; a section or group is a
    round robin of its own. Otherwise a round robin is checked as one, and
    any other event for no pair twice (knockout matches included).
    """
    from caddy.model.results import round_robin_cycles

    rows = state_rows(state)
    names = [p.name for p in state.event.tournament.players]
    options = state.event.tournament.format.options
    stages = state.fmt.stages(state.players, options)
    if stages:
        problems = check_rows(rows, names=names, meetings=False)
        described = []
        for stage in stages:
            found, what = _stage_problems(state, stage, names)
            problems.extend(found)
            if what:
                described.append(what)
        rounds = f"{state.players} players, {len(state.rounds)} rounds"
        return problems, "; ".join([rounds, *described])
    cycles = 0
    complete = True
    arithmetic = state.fmt.arithmetic(state.players, options) if state.fixed else None
    if arithmetic is not None and arithmetic.pair_meetings:  # the format promises a round robin
        cycles = arithmetic.pair_meetings
        total = arithmetic.rounds
        complete = len(state.rounds) >= total and all(all(r.results) for r in state.rounds[:total])
    elif state.fmt.kind == "external":
        cycles = round_robin_cycles(state.players, ([c[0] for c in row] for row in rows))
        if state.fmt.pre_determined(options) is False:
            cycles = 0
    problems = check_rows(rows, cycles=cycles, complete=complete, names=names)
    if not cycles:  # knockout matches are not cells: their pairs are counted here
        problems.extend(_repeats(state, [r for r in state.rounds if r.matches], names, ""))
    kind = "round robin" if cycles else "no pair twice"
    return problems, f"{state.players} players, {len(state.rounds)} rounds, {kind}"


def _who(names: Sequence[str], number: int) -> str:
    return f"{number} ({names[number - 1]})" if names[number - 1] else str(number)


def _rounds_text(rounds: Sequence[int]) -> str:
    if not rounds:
        return "no rounds yet"
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    return f"rounds {rounds[0]}-{rounds[-1]}"


def _meetings(rnd: RoundState, forfeits: bool = False) -> list[tuple[int, int, bool]]:
    """(lower, higher, counted) per board of a round: a knockout match counts
    once; a game counts once it is played over the board or is still to play;
    a forfeit only with ``forfeits`` (a round robin's pairing stands; elsewhere
    it is no meeting, as in a Swiss: FIDE C.04)."""
    from caddy.model.results import RESULT_WORDS

    result = []
    for white, black, results in zip(rnd.white, rnd.black, rnd.results, strict=True):
        counted = (
            forfeits or rnd.matches or not results or RESULT_WORDS[results[-1]][0] in GAME_CODES
        )
        result.append((min(white, black), max(white, black), counted))
    return result


def _repeats(
    state: State, rounds: Sequence[RoundState], names: Sequence[str], prefix: str
) -> list[str]:
    """Pairs that meet more than once in ``rounds`` (games over the board and matches)."""
    seen: dict[tuple[int, int], list[int]] = {}
    for rnd in rounds:
        for a, b, counted in _meetings(rnd):
            if counted:
                seen.setdefault((a, b), []).append(rnd.number)
    return [
        f"{prefix}players {_who(names, a)} and {_who(names, b)} meet {len(where)} times "
        f"(rounds {', '.join(map(str, where))})"
        for (a, b), where in sorted(seen.items())
        if len(where) > 1
    ]


def _stage_problems(state: State, stage: Stage, names: Sequence[str]) -> tuple[list[str], str]:
    """One stage's meeting problems, and what was checked (``""``: not reached yet)."""
    rounds = [r for r in state.rounds if stage.holds(r.number)]
    if not rounds and stage.first > 1:
        return [], ""
    span = _rounds_text([r.number for r in rounds])
    if not stage.sections:
        return (
            _repeats(state, rounds, names, f"{stage.name}: "),
            f"{stage.name} ({span}): no pair twice",
        )
    section_of = {p: s for s in stage.sections for p in s.players}
    withdrawn = state.withdrawn
    planned = stage.last if stage.last is not None else len(state.rounds)
    complete = len(state.rounds) >= planned and all(
        results or any(p in withdrawn and rnd.number > withdrawn[p] for p in (white, black))
        for rnd in rounds
        for white, black, results in zip(rnd.white, rnd.black, rnd.results, strict=True)
    )
    problems: list[str] = []
    met: dict[tuple[int, int], list[int]] = {}
    for rnd in rounds:
        for a, b, _ in _meetings(rnd, forfeits=True):
            if section_of.get(a) is not section_of.get(b):
                where_a = section_of[a].name if a in section_of else "no section"
                where_b = section_of[b].name if b in section_of else "no section"
                problems.append(
                    f"{stage.name}: round {rnd.number}: players {_who(names, a)} ({where_a}) and "
                    f"{_who(names, b)} ({where_b}) meet across sections"
                )
                continue
            met.setdefault((a, b), []).append(rnd.number)
    expected = "once" if stage.cycles == 1 else f"{stage.cycles} times"
    for section in stage.sections:
        members = sorted(section.players)
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                where = met.get((a, b), [])
                if len(where) > stage.cycles or (complete and len(where) != stage.cycles):
                    listed = f" (rounds {', '.join(map(str, where))})" if where else ""
                    problems.append(
                        f"{stage.name}, {section.name}: players {_who(names, a)} and "
                        f"{_who(names, b)} meet {len(where)} time{'s' if len(where) != 1 else ''}"
                        f"{listed}, not {expected}"
                    )
    kind = (
        "double round robin"
        if stage.cycles == 2
        else ("round robin" if stage.cycles == 1 else f"round robin of {stage.cycles} cycles")
    )
    listed = ", ".join(section.name for section in stage.sections)
    return problems, f"{stage.name} ({span}): {listed} each a {kind}"
