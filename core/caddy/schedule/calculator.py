"""The round and time calculator (docs/calculator.md).

It knows no format itself: the format plugin answers the arithmetic, the
time control gives minutes per player, and the calculator adds the time
estimate:

* worst-case game = 2 × minutes per player;
* scheduled round = worst-case game + turnover (default 15 minutes);
* total = rounds × scheduled round, shown rounded to the nearest quarter
  hour (a half quarter rounds up);
* rounds per night = ⌊night / scheduled round⌋, at most the format's
  :meth:`~caddy.contracts.Format.rounds_per_night` (a Keizer evening is one
  round); club nights =
  ⌈rounds / rounds per night⌉, plus one night per knockout stage (a
  format's ``stages``). A round longer than a night gives 0 rounds per
  night and one night per round, and the report says so.

All time arithmetic is in whole seconds, so every figure is exact.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import attrs

from caddy.contracts import Format
from caddy.contracts.format_tools import option_summary
from caddy.contracts.measures import Arithmetic
from caddy.errors import CaddyError
from caddy.model.timecontrol import TimeControl, minutes_value, read_time_control
from caddy.plugins.host import resolve

if TYPE_CHECKING:
    from caddy.plugins.host import PluginHost

DEFAULT_FORMAT = "round-robin"
DEFAULT_TURNOVER_MINUTES = 15
DEFAULT_NIGHT_MINUTES = 180

#: The largest field caddy takes (``caddy calc``, ``table``, ``new``, ``import``
#: and :func:`calculate`): some formats' arithmetic walks every section or group.
MAX_PLAYERS = 100_000
#: The most games in one schedule caddy builds (``caddy table``, ``caddy new``,
#: ``caddy import``): a double round robin of 2,000 players (3,998,000 games)
#: fits; ``caddy table 2000 --json`` takes about a second and 200 MiB.
MAX_SCHEDULE_GAMES = 4_000_000
#: The longest club night, playing day or scheduled round (worst-case game
#: plus turnover), and the longest turnover, in minutes: the day it is played
#: on. No over-the-board round lasts longer; a longer value is a typo.
MAX_DAY_MINUTES = 24 * 60
#: The most club nights or days ``caddy plan`` weighs: a weekly club night for
#: nineteen years (dated rounds reach about 21 years ahead, ``caddy.model.dates``).
MAX_SESSIONS = 1_000


def check_turnover(minutes: int) -> None:
    """Refuse a turnover below 0 or above :data:`MAX_DAY_MINUTES` (one line)."""

    if minutes < 0:
        raise CaddyError(f"--turnover must be 0 or more minutes, got {minutes}")
    if minutes > MAX_DAY_MINUTES:
        raise CaddyError(
            f"--turnover {minutes} is more than the {MAX_DAY_MINUTES} minutes of a day"
        )


def _check_round(game_seconds: int, time_control: TimeControl, turnover: int) -> None:
    """Refuse a scheduled round longer than a day (:data:`MAX_DAY_MINUTES`)."""

    if game_seconds + 60 * turnover > 60 * MAX_DAY_MINUTES:
        raise CaddyError(
            f"time control {time_control}: a round (a {minutes_value(game_seconds)} min "
            f"worst-case game and {turnover} min turnover) is longer than a day "
            f"({MAX_DAY_MINUTES // 60} h)"
        )


def check_limits(players: int, fmt: Format | None = None, options: Any = None) -> None:
    """Refuse at once a field caddy cannot serve in bounded time and memory.

    Every command checks :data:`MAX_PLAYERS`; with ``fmt`` (a command that
    builds the schedule) the games of the whole event, from the format's
    arithmetic, are held to :data:`MAX_SCHEDULE_GAMES` as well. A format
    that cannot say (``manual``) is not held to it: its rounds come one by one.

    :raises caddy.errors.CaddyError: one line naming the limit.
    """

    if players > MAX_PLAYERS:
        raise CaddyError(
            f"{players:,} players is more than caddy handles (at most {MAX_PLAYERS:,} players)"
        )
    if fmt is None:
        return
    try:
        games = fmt.arithmetic(players, fmt.Options() if options is None else options).games
    except CaddyError:
        return  # the format says what is wrong where it is used
    if games > MAX_SCHEDULE_GAMES:
        raise CaddyError(
            f"format '{fmt.name}' with {players:,} players has {games:,} games; "
            f"caddy builds schedules of at most {MAX_SCHEDULE_GAMES:,} games "
            "(a double round robin of 2,000 players)"
        )


def quarter_hours(total_seconds: int) -> float:
    """Hours rounded to the nearest quarter hour, halves rounding up."""
    quarters = (2 * total_seconds + 900) // 1800
    return quarters / 4


@attrs.frozen(kw_only=True)
class CalcResult:
    """One calculator answer: a field, a format and (optionally) a time control."""

    players: int
    format: str
    options: dict[str, Any]
    rounds: int
    games: int
    boards: int
    games_per_player: int
    byes_per_round: int
    #: The format's advice for the field size (docs/calculator.md).
    advice: str | None
    #: The most games the event can take (knockout tie-breaks).
    max_games: int | None = None
    #: Knockout stages among the rounds (each on its own night).
    knockout_rounds: int = 0
    #: Format-specific lines (sections, groups).
    details: tuple[str, ...] = ()
    #: Other option sets of the format (the double round robin), by label.
    variants: dict[str, Arithmetic] = attrs.Factory(dict)
    time_control: TimeControl | None = None
    time_control_read_as: str | None = None
    us_chess_category: str | None = None
    fide_category: str | None = None
    turnover_minutes: int = DEFAULT_TURNOVER_MINUTES
    night_minutes: int | float = DEFAULT_NIGHT_MINUTES
    minutes_per_player: int | float | None = None
    worst_case_game_minutes: int | float | None = None
    round_minutes: int | float | None = None
    total_minutes: int | float | None = None
    total_hours: float | None = None
    rounds_per_night: int | None = None
    club_nights: int | None = None
    #: False when one scheduled round is longer than a night.
    round_fits_night: bool | None = None


def calculate(
    players: int,
    *,
    format: str | Format = DEFAULT_FORMAT,
    options: Any = None,
    time_control: TimeControl | str | None = None,
    turnover_minutes: int = DEFAULT_TURNOVER_MINUTES,
    night_minutes: int | float = DEFAULT_NIGHT_MINUTES,
    host: PluginHost | None = None,
) -> CalcResult:
    """Rounds, games, boards and (with a time control) hours and club nights.

    :param format: a registered format name or a format object.
    :param options: the format's ``Options`` instance (default: its defaults).
    :param time_control: a :class:`TimeControl` or a text in any notation.
    :raises caddy.errors.CaddyError: a field the format cannot run or one
        over :data:`MAX_PLAYERS`, an unknown format, or an unreadable time
        control.
    """
    host = resolve(host)
    if isinstance(format, str):
        fmt: Format = host.format(format)
    else:
        fmt = format
    if options is None:
        options = fmt.Options()
    check_limits(players)
    arithmetic = fmt.arithmetic(players, options)
    variants = {
        label: fmt.arithmetic(players, opts) for label, opts in fmt.variants(options).items()
    }
    if isinstance(time_control, str):
        time_control = read_time_control(time_control, host.time_control_parsers())
    result = CalcResult(
        players=players,
        format=fmt.name,
        options=option_summary(options),
        rounds=arithmetic.rounds,
        games=arithmetic.games,
        boards=arithmetic.boards,
        games_per_player=arithmetic.games_per_player,
        byes_per_round=arithmetic.byes_per_round,
        advice=arithmetic.advice,
        max_games=arithmetic.max_games,
        knockout_rounds=arithmetic.stages,
        details=arithmetic.details,
        variants=variants,
        turnover_minutes=turnover_minutes,
        night_minutes=night_minutes,
    )
    if time_control is None:
        return result
    per_player = time_control.nominal_seconds
    worst = 2 * per_player
    round_seconds = worst + 60 * turnover_minutes
    _check_round(worst, time_control, turnover_minutes)
    total = arithmetic.rounds * round_seconds
    night_seconds = round(60 * night_minutes)
    per_night = night_seconds // round_seconds
    # a format may hold fewer rounds a night (a Keizer evening is one round)
    most = fmt.rounds_per_night(players, options)
    if most is not None and most >= 1:
        per_night = min(per_night, most)
    # knockout stages each take a night of their own; the other rounds share nights
    shared = arithmetic.rounds - arithmetic.stages
    nights = (math.ceil(shared / per_night) if per_night else shared) + arithmetic.stages
    return attrs.evolve(
        result,
        time_control=time_control,
        time_control_read_as=time_control.describe(),
        us_chess_category=time_control.us_chess_category,
        fide_category=time_control.fide_category,
        minutes_per_player=minutes_value(per_player),
        worst_case_game_minutes=minutes_value(worst),
        round_minutes=minutes_value(round_seconds),
        total_minutes=minutes_value(total),
        total_hours=quarter_hours(total),
        rounds_per_night=per_night,
        club_nights=nights,
        round_fits_night=per_night > 0,
    )
