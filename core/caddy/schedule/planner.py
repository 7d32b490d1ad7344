"""Which formats and time controls fit a time budget (``caddy plan``, docs/planning.md).

The planner knows no format itself. For a field of N players it asks every
registered format for the option sets worth weighing
(:meth:`~caddy.contracts.Format.plan_options`: by default the format's own
options and its :meth:`~caddy.contracts.Format.variants`; the Swiss adds each
round count from the recommended down to ``ceil(log2 N)``), lets
:meth:`~caddy.contracts.Format.check` refuse a field the format cannot run,
and puts each option set with each time control through the calculator
(:func:`caddy.schedule.calculator.calculate`), so every figure is the calculator's.

A row fits when one scheduled round fits in a session (a club night or a
day) and the sessions it needs (the calculator's club nights, knockout
stages on sessions of their own) are no more than the budget's. Rows are
ranked by games per player, most first, then the longer time control
first (more minutes per player), then format name and the format's own
order of option sets and time controls.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal

import attrs

from caddy.contracts.format_tools import option_summary
from caddy.errors import CaddyError, PluginError
from caddy.model.documents import PlanDocument
from caddy.model.numbers import format_minutes
from caddy.model.timecontrol import TimeControl, minutes_value, read_time_control
from caddy.plugins.host import resolve
from caddy.schedule.calculator import (
    DEFAULT_TURNOVER_MINUTES,
    MAX_DAY_MINUTES,
    MAX_SESSIONS,
    CalcResult,
    calculate,
    check_limits,
)
from caddy.schedule.candidates import Candidate, candidates

if TYPE_CHECKING:
    from caddy.plugins.host import PluginHost

__all__ = [
    "STANDARD_TIME_CONTROLS",
    "Budget",
    "Plan",
    "PlanRow",
    "Unit",
    "parse_controls",
    "plan",
    "plan_document",
]

#: The time controls ``caddy plan`` tries when none is given, fastest first:
#: a US Chess quick control, the common club rapid controls (US Chess dual
#: rated), two evening standard controls and the FIDE classical control
#: (90 minutes for 40 moves, 30 minutes for the rest, 30 s increment from
#: move 1). ``G/25 d5`` and ``G/30`` plan alike (30 minutes per player).
STANDARD_TIME_CONTROLS: tuple[str, ...] = (
    "G/15+10",
    "G/25 d5",
    "G/30",
    "G/45+15",
    "G/60 d5",
    "G/90+30",
    "40/90, SD/30+30",
)

Unit = Literal["night", "day"]


@attrs.frozen(kw_only=True)
class Budget:
    """The time there is: ``sessions`` club nights (or days) of ``session_minutes`` each."""

    sessions: int = attrs.field(
        validator=[attrs.validators.ge(1), attrs.validators.le(MAX_SESSIONS)]
    )
    session_minutes: int | float = attrs.field(
        validator=[attrs.validators.gt(0), attrs.validators.le(MAX_DAY_MINUTES)]
    )
    #: What a session is called: ``night`` (``--nights``) or ``day`` (``--days``).
    unit: Unit = "night"
    turnover_minutes: int = attrs.field(
        default=DEFAULT_TURNOVER_MINUTES, validator=attrs.validators.ge(0)
    )

    @property
    def total_minutes(self) -> int | float:
        """All the time of the budget, in minutes."""
        return minutes_value(round(60 * self.session_minutes) * self.sessions)


@attrs.frozen(kw_only=True)
class PlanRow:
    """One format (option set) with one time control, and what it takes of the budget."""

    format: str
    #: The option set's label (``""``: the format's own options; ``"4 rounds"``).
    variant: str
    #: Every option of the set, as ``caddy calc --option KEY=VALUE`` takes them.
    options: dict[str, Any]
    #: The time control's canonical text (``None``: the format cannot take the field).
    time_control: str | None
    rounds: int | None
    games: int | None
    games_per_player: int | None
    #: Knockout stages among the rounds, each on a session of its own.
    knockout_rounds: int | None
    minutes_per_player: int | float | None
    round_minutes: int | float | None
    total_minutes: int | float | None
    #: ``total_minutes`` rounded to the quarter hour, as the calculator shows it.
    total_hours: float | None
    #: Sessions (nights or days) the event takes: the calculator's club nights.
    sessions_used: int | None
    rounds_per_session: int | None
    spare_sessions: int | None
    #: The budget's minutes less :attr:`total_minutes`.
    spare_minutes: int | float | None
    fits: bool
    #: Why the row does not fit (``None`` when it does).
    reason: str | None = None

    @property
    def label(self) -> str:
        """``swiss (4 rounds)``; the format's name alone for its own options."""
        return f"{self.format} ({self.variant})" if self.variant else self.format


@attrs.frozen(kw_only=True)
class Plan:
    """Everything that fits the budget, ranked, and (optionally) what does not."""

    players: int
    budget: Budget
    time_controls: tuple[str, ...]
    rows: tuple[PlanRow, ...]
    not_fitting: tuple[PlanRow, ...] = ()


def plan_document(result: Plan) -> PlanDocument:
    """``caddy plan --json`` (docs/planning.md describes the shape)."""
    budget = result.budget
    return PlanDocument(
        players=result.players,
        budget={
            "unit": budget.unit,
            "sessions": budget.sessions,
            "session_minutes": budget.session_minutes,
            "total_minutes": budget.total_minutes,
            "turnover_minutes": budget.turnover_minutes,
        },
        time_controls=result.time_controls,
        rows=result.rows,
        not_fitting=result.not_fitting,
    )


def _row(players: int, item: Candidate, tc: TimeControl, budget: Budget) -> PlanRow:
    r: CalcResult = calculate(
        players,
        format=item.format,
        options=item.options,
        time_control=tc,
        turnover_minutes=budget.turnover_minutes,
        night_minutes=budget.session_minutes,
    )
    assert r.club_nights is not None and r.total_minutes is not None
    reason: str | None = None
    if not r.round_fits_night:
        reason = (
            f"a round takes {r.round_minutes:g} min, longer than a "
            f"{format_minutes(budget.session_minutes)} {budget.unit}"
        )
    elif r.club_nights > budget.sessions:
        reason = (
            f"needs {r.club_nights} {budget.unit}s, {r.club_nights - budget.sessions} "
            f"more than the {budget.sessions}"
        )
    return PlanRow(
        format=item.format.name,
        variant=item.variant,
        options=option_summary(item.options),
        time_control=str(tc),
        rounds=r.rounds,
        games=r.games,
        games_per_player=r.games_per_player,
        knockout_rounds=r.knockout_rounds,
        minutes_per_player=r.minutes_per_player,
        round_minutes=r.round_minutes,
        total_minutes=r.total_minutes,
        total_hours=r.total_hours,
        sessions_used=r.club_nights,
        rounds_per_session=r.rounds_per_night,
        spare_sessions=budget.sessions - r.club_nights,
        spare_minutes=minutes_value(round(60 * budget.total_minutes) - round(60 * r.total_minutes)),
        fits=reason is None,
        reason=reason,
    )


def _refused_row(name: str, reason: str) -> PlanRow:
    return PlanRow(
        format=name,
        variant="",
        options={},
        time_control=None,
        rounds=None,
        games=None,
        games_per_player=None,
        knockout_rounds=None,
        minutes_per_player=None,
        round_minutes=None,
        total_minutes=None,
        total_hours=None,
        sessions_used=None,
        rounds_per_session=None,
        spare_sessions=None,
        spare_minutes=None,
        fits=False,
        reason=reason,
    )


def parse_controls(
    texts: Iterable[TimeControl | str] | None, host: PluginHost | None = None
) -> tuple[TimeControl, ...]:
    """The time controls of ``texts`` (objects or texts in any notation;
    default :data:`STANDARD_TIME_CONTROLS`).

    :raises CaddyError: one line per text no notation reads.
    """
    parsers = resolve(host).time_control_parsers()
    controls: list[TimeControl] = []
    problems: list[str] = []
    for item in STANDARD_TIME_CONTROLS if texts is None else texts:
        if isinstance(item, TimeControl):
            controls.append(item)
            continue
        try:
            controls.append(read_time_control(item, parsers))
        except PluginError:
            raise
        except CaddyError as exc:
            problems.extend(exc.problems)
    if problems:
        raise CaddyError(problems[0], problems=problems)
    return tuple(controls)


def plan(
    players: int,
    budget: Budget,
    *,
    time_controls: Sequence[TimeControl | str] | None = None,
    include_all: bool = False,
    formats: Sequence[str] | None = None,
    host: PluginHost | None = None,
) -> Plan:
    """Every registered format and time control that fits ``budget`` for ``players``.

    :param time_controls: the controls to try (objects or texts in any
        notation); default :data:`STANDARD_TIME_CONTROLS`.
    :param include_all: also return what does not fit, with the reason
        (:attr:`Plan.not_fitting`): formats that cannot take the field
        first, then each option set and control that is too long.
    :param formats: the formats to weigh, by name (default: every registered
        format); rows then follow this order where the ranking ties.
    :raises caddy.errors.CaddyError: fewer than 2 players, more than
        :data:`caddy.schedule.calculator.MAX_PLAYERS`, an unreadable time control or
        an unknown format.
    """
    if players < 2:
        raise CaddyError(f"a plan needs at least 2 players, got {players}")
    check_limits(players)
    controls = parse_controls(time_controls, host)
    items, refused = candidates(players, host, formats)
    order = {id(item): index for index, item in enumerate(items)}
    rows = [
        (_row(players, item, tc, budget), order[id(item)], position)
        for item in items
        for position, tc in enumerate(controls)
    ]

    def rank(entry: tuple[PlanRow, int, int]) -> tuple[Any, ...]:
        row, index, position = entry
        return (-(row.games_per_player or 0), -(row.minutes_per_player or 0), index, position)

    ranked = sorted(rows, key=rank)
    fitting = tuple(row for row, _, _ in ranked if row.fits)
    others: tuple[PlanRow, ...] = ()
    if include_all:
        others = (
            *(_refused_row(name, reason) for name, reason in refused),
            *(row for row, _, _ in ranked if not row.fits),
        )
    return Plan(
        players=players,
        budget=budget,
        time_controls=tuple(str(tc) for tc in controls),
        rows=fitting,
        not_fitting=others,
    )
