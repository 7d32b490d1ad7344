"""``caddy plan``'s answer as text: every format and time control that fits
the field into the budget, ranked by games per player, one table per kind."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from caddy.model.numbers import format_minutes

if TYPE_CHECKING:
    from caddy.schedule.planner import Plan, PlanRow


def _duration(minutes: float) -> str:
    """``465`` → ``7 h 45 min``; ``45`` → ``45 min``; ``480`` → ``8 h``."""
    whole = int(minutes)
    hours, rest = divmod(whole, 60)
    extra = minutes - whole
    mins = f"{rest + extra:g} min" if rest or extra else ""
    if not hours:
        return mins or "0 min"
    return f"{hours} h {mins}".strip()


def _units(count: int, unit: str) -> str:
    return f"{count} {unit}" + ("" if count == 1 else "s")


def print_plan(result: Plan, out: TextIO) -> None:
    """The plan as a table: one row per format (option set) and time control."""
    budget = result.budget
    print(
        f"{result.players} players, {_units(budget.sessions, budget.unit)} of "
        f"{format_minutes(budget.session_minutes)} ({_duration(budget.total_minutes)} in all), "
        f"{budget.turnover_minutes} min between rounds",
        file=out,
    )
    print(f"Time controls: {'; '.join(result.time_controls)}", file=out)
    if result.rows:
        _table(result.rows, budget.unit, out)
    else:
        hint = "" if result.not_fitting else " (--all says why)"
        print(f"Nothing fits{hint}: fewer rounds, a faster time control or more time.", file=out)
    if result.not_fitting:
        print("Not fitting:", file=out)
        for row in result.not_fitting:
            what = row.label if row.time_control is None else f"{row.label}, {row.time_control}"
            print(f"  {what}: {row.reason}", file=out)


def _table(rows: tuple[PlanRow, ...], unit: str, out: TextIO) -> None:
    header = (
        "format",
        "time control",
        "rounds",
        "games/player",
        f"{unit}s",
        f"rounds/{unit}",
        "spare",
    )
    cells = [
        (
            row.label,
            str(row.time_control),
            str(row.rounds),
            str(row.games_per_player),
            str(row.sessions_used),
            str(row.rounds_per_session),
            _spare(row, unit),
        )
        for row in rows
    ]
    widths = [max(len(line[i]) for line in (header, *cells)) for i in range(len(header))]
    numeric = {2, 3, 4, 5}
    for line in (header, *cells):
        parts = [
            text.rjust(widths[i]) if i in numeric else text.ljust(widths[i])
            for i, text in enumerate(line)
        ]
        print("  ".join(parts).rstrip(), file=out)


def _spare(row: PlanRow, unit: str) -> str:
    assert row.spare_minutes is not None and row.spare_sessions is not None
    time = _duration(row.spare_minutes)
    if row.spare_sessions:
        return f"{time} ({_units(row.spare_sessions, unit)} free)"
    return time
