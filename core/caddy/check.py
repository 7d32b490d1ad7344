"""Checks of an event's rounds, whoever paired them (``caddy check``).

Both a TRF file and an event file become rows of cells, one row per
player and one cell per round (opponent, colour, result code: TRF's view),
and the same rules run over them:

* every opponent named is a player other than oneself, names the player
  back in the same round, and nobody is named by two players;
* both sides agree on the colours (White against Black, or ``-`` for both)
  and on the result (``1`` against ``0``, ``=`` against ``=``, ``+``
  against ``-``, ``-`` against ``-``, ``W`` against ``L``, ``D`` against ``D``);
* bye codes (``H F U Z``) have no opponent and game codes have one;
* in a round robin every pair meets exactly once per cycle; otherwise no
  pair meets twice;
* stated points (TRF columns 81-84) equal the points of the results.

Every problem is one line, naming the round and the players.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from caddy.trf import Cell

if TYPE_CHECKING:
    from caddy.event import State
    from caddy.trf import TrfDocument

#: The other side's code for each game or forfeit code.
_MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
_GAME = frozenset("1=0WDL")
_BYE = frozenset("HFUZ")


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
    problems: list[str] = []

    def who(number: int) -> str:
        if names and names[number - 1]:
            return f"{number} ({names[number - 1]})"
        return str(number)

    rounds = max((len(row) for row in rows), default=0)
    empty: Cell = (None, "-", "Z")
    met: dict[tuple[int, int], list[int]] = {}
    for r in range(rounds):
        claimed: dict[int, list[int]] = {}
        for number, row in enumerate(rows, 1):
            opponent, colour, code = row[r] if r < len(row) else empty
            if opponent is None:
                if not pairings:
                    continue
                if code in _GAME:
                    problems.append(
                        f"round {r + 1}: player {who(number)} has result '{code}' but no opponent"
                    )
                continue
            if code in _BYE and pairings:
                problems.append(
                    f"round {r + 1}: player {who(number)} has bye code '{code}' "
                    f"but opponent {opponent}"
                )
            if opponent == number or not 1 <= opponent <= n:
                if pairings:
                    problems.append(
                        f"round {r + 1}: player {who(number)} is paired with themselves"
                        if opponent == number
                        else f"round {r + 1}: player {who(number)} meets {opponent}, "
                        "who is not a player"
                    )
                continue
            claimed.setdefault(opponent, []).append(number)
            other_row = rows[opponent - 1]
            o_opp, o_colour, o_code = other_row[r] if r < len(other_row) else empty
            if o_opp != number:
                if pairings:
                    problems.append(
                        f"round {r + 1}: player {who(number)} names {opponent} as opponent, "
                        f"but {opponent}'s line "
                        + ("has no opponent" if o_opp is None else f"names {o_opp}")
                    )
                continue
            if number > opponent:
                continue  # each game once, from its lower-numbered side
            pair = (number, opponent)
            if cycles or code in _GAME:  # a Swiss may pair again after a forfeit (C.04)
                met.setdefault(pair, []).append(r + 1)
            if not pairings:
                continue
            if {colour, o_colour} != {"w", "b"} and not (colour == o_colour == "-"):
                problems.append(
                    f"round {r + 1}: colours of {who(number)} ({colour}) and "
                    f"{who(opponent)} ({o_colour}) disagree"
                )
            if _MIRROR.get(code) != o_code and not (code == o_code == "-"):
                problems.append(
                    f"round {r + 1}: results of {who(number)} ({code}) and "
                    f"{who(opponent)} ({o_code}) disagree"
                )
        for opponent, by in claimed.items():
            if len(by) > 1 and pairings:
                listed = ", ".join(map(who, by[:-1])) + f" and {who(by[-1])}"
                problems.append(
                    f"round {r + 1}: {len(by)} players ({listed}) name {opponent} as their opponent"
                )
    if not meetings:
        return problems
    if cycles and complete:
        for a in range(1, n + 1):
            for b in range(a + 1, n + 1):
                times = len(met.get((a, b), ()))
                if times != cycles:
                    expected = "once" if cycles == 1 else f"{cycles} times"
                    where = f" (rounds {', '.join(map(str, met[(a, b)]))})" if times else ""
                    problems.append(
                        f"round robin: players {who(a)} and {who(b)} meet {times} "
                        f"time{'s' if times != 1 else ''}{where}, not {expected}"
                    )
    else:
        most = max(cycles, 1)
        for (a, b), seen in met.items():
            if len(seen) > most:
                problems.append(
                    f"players {who(a)} and {who(b)} meet {len(seen)} times "
                    f"(rounds {', '.join(map(str, seen))})"
                )
    return problems


def check_document(doc: TrfDocument, *, stated: bool = True, pairings: bool = True) -> list[str]:
    """Problems in a TRF file: its pairings (with ``pairings``) and, with
    ``stated``, points that disagree with the results."""
    from caddy.results import round_robin_cycles
    from caddy.trf import event_of

    rows = [p.cells for p in doc.players]
    names = [p.name for p in doc.players]
    problems = []
    if pairings:
        cycles = doc.round_robin()
        n = len(rows)
        complete = round_robin_cycles(n, doc.opponents()) > 0 or doc.rounds >= (
            (n - 1 if n % 2 == 0 else n) * cycles
        )
        problems = check_rows(rows, cycles=cycles, complete=complete, names=names)
    if stated:
        event = event_of(doc)
        for p, row in zip(doc.players, event.results, strict=True):
            if p.points is None:
                continue
            total = sum(rr.points for rr in row)
            if abs(total - p.points) > 1e-9:
                problems.append(
                    f"player {p.number} ({p.name}): stated points {p.points:g}, "
                    f"the results give {total:g}"
                )
    return problems


def state_rows(state: State) -> list[list[Cell]]:
    """An event's rounds as TRF cells (byes: ``U F H Z``, ``+``/``-`` with no opponent)."""
    from caddy.results import BYE_KIND_CODES, RESULT_WORDS

    n = state.players
    withdrawn = {w.player: w.after_round for w in state.withdrawals}
    rows: list[list[Cell]] = [[] for _ in range(n)]
    for rnd in state.rounds:
        cells: list[Cell | None] = [None] * n
        uncoloured = set(rnd.uncoloured)
        for index, (white, black, results) in enumerate(
            zip(rnd.white, rnd.black, rnd.results, strict=True), 1
        ):
            if rnd.matches:
                continue
            if results:
                w_code, b_code = RESULT_WORDS[results[-1]]
            elif white in withdrawn and rnd.number > withdrawn[white]:
                w_code, b_code = "-", "+"
            elif black in withdrawn and rnd.number > withdrawn[black]:
                w_code, b_code = "+", "-"
            else:
                continue  # not played yet
            w_col, b_col = ("-", "-") if index in uncoloured else ("w", "b")
            cells[white - 1] = (black, w_col, w_code)
            cells[black - 1] = (white, b_col, b_code)
        for player, kind in rnd.byes.items():
            cells[player - 1] = (None, "-", BYE_KIND_CODES[kind])
        for player, row in enumerate(rows, 1):
            cell = cells[player - 1]
            row.append(cell if cell is not None else (None, "-", "Z"))
    for row in rows:
        while row and row[-1] == (None, "-", "Z"):
            row.pop()
    return rows
