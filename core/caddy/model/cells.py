"""Rows of cells, and the rules every round of every event keeps (``caddy check``).

An event file, and any file a codec reads (the TRF codec plugin,
``caddy_plugins.codecs.trf_document``, uses :func:`check_rows`), become
rows of cells, one row per player and one cell per round (opponent,
colour, result code: :data:`Cell`), and the same rules run over them:

* every opponent named is a player other than oneself, names the player
  back in the same round, and nobody is named by two players;
* both sides agree on the colours (White against Black, or ``-`` for both)
  and on the result (``1`` against ``0``, ``=`` against ``=``, ``+``
  against ``-``, ``-`` against ``-``, ``W`` against ``L``, ``D`` against ``D``);
* bye codes (``H F U Z``) have no opponent and game codes have one;
* in a round robin every pair meets exactly once per cycle; otherwise no
  pair meets twice.

Every problem is one line, naming the round and the players. An event's
rounds become such rows in :func:`caddy.event.check.state_rows`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from operator import eq

from caddy.model.results import GAME_CODES, WORD_OF_CODES

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
#: The cell of a round a player has no part in (yet).
EMPTY_CELL: Cell = (None, "-", "Z")


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
    problems: list[str] = []
    if pairings:
        for r, column in enumerate(_columns(rows)):
            if not _round_ok(column, n):
                problems.extend(_round_problems(r + 1, column, n, who))
    if meetings:
        # a pair (a, b), a < b, as a * (n + 1) + b, once per meeting
        width = n + 1
        keys = (
            [
                a * width + opp
                for a, row in enumerate(rows, 1)
                for opp, _, _ in row
                if opp is not None and opp > a
            ]
            if cycles
            else [
                a * width + opp
                for a, row in enumerate(rows, 1)
                for opp, _, code in row
                if opp is not None and opp > a and code in _GAME
            ]
        )
        problems.extend(_meeting_problems(keys, rows, n, cycles, complete, who))
    return problems


def _columns(rows: Sequence[Sequence[Cell]]) -> list[tuple[Cell, ...]]:
    """The rounds of ``rows`` (a short row padded with :data:`EMPTY_CELL`)."""
    rounds = max((len(row) for row in rows), default=0)
    padded = [
        row if len(row) == rounds else [*row, *[EMPTY_CELL] * (rounds - len(row))] for row in rows
    ]
    return list(zip(*padded, strict=True)) if rounds else []


def _namer(names: Sequence[str] | None) -> Callable[[int], str]:
    """``k (name)`` for player ``k`` (:func:`player_label`; just ``k`` without names)."""

    def who(number: int) -> str:
        return player_label(names, number) if names else str(number)

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
    rows: Sequence[Sequence[Cell]],
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
    for r, column in enumerate(_columns(rows), 1):
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


def player_label(names: Sequence[str], number: int) -> str:
    """``k (name)`` for player ``k``, or ``k`` when the player has no name."""
    return f"{number} ({names[number - 1]})" if names[number - 1] else str(number)
