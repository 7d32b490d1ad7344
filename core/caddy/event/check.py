"""Checks of an event's rounds, whoever paired them (``caddy check``).

:func:`state_rows` turns an event's rounds into rows of cells, checked by
the rules every file keeps (:func:`caddy.model.cells.check_rows`: both
sides of every game agree, how often pairs meet). :func:`check_state` runs
them the way the event's format asks: stage by stage for a format with
stages (groups then knockout, quads' sections), as one round robin, or
for no pair twice (knockout matches included).

Every problem is one line, naming the round and the players.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from caddy.event.rounds import withdrawal_result
from caddy.model.cells import EMPTY_CELL, Cell, check_rows, player_label
from caddy.model.results import BYE_KIND_CODES, GAME_CODES, RESULT_WORDS, round_robin_cycles

if TYPE_CHECKING:
    from caddy.contracts import Stage
    from caddy.event.replay import RoundState, State


def state_rows(state: State) -> list[list[Cell]]:
    """An event's rounds as TRF cells (byes: ``U F H Z``, ``+``/``-`` with no opponent)."""

    n = state.players
    withdrawn = state.withdrawn
    words = RESULT_WORDS
    columns: list[list[Cell]] = []
    for rnd in state.rounds:
        column: list[Cell] = [EMPTY_CELL] * n
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
        while row and row[-1] == EMPTY_CELL:
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
        f"{prefix}players {player_label(names, a)} and {player_label(names, b)} meet {len(where)} times "
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
                    f"{stage.name}: round {rnd.number}: players {player_label(names, a)} ({where_a}) and "
                    f"{player_label(names, b)} ({where_b}) meet across sections"
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
                        f"{stage.name}, {section.name}: players {player_label(names, a)} and "
                        f"{player_label(names, b)} meet {len(where)} time{'s' if len(where) != 1 else ''}"
                        f"{listed}, not {expected}"
                    )
    kind = (
        "double round robin"
        if stage.cycles == 2
        else ("round robin" if stage.cycles == 1 else f"round robin of {stage.cycles} cycles")
    )
    listed = ", ".join(section.name for section in stage.sections)
    return problems, f"{stage.name} ({span}): {listed} each a {kind}"
