"""Time controls: the model, planning figures, and the parser dispatch.

Notations (US Chess, FIDE shorthand, PGN/TRF26 seconds) are plugins
registered through ``caddy_register_time_controls``; :func:`parse_time_control`
tries them in priority order. Reading rules every built-in parser follows, so
that each text has exactly one meaning:

* a single delay or increment applies from move 1 to every period, wherever
  it is written; two or more stay with the periods they are written on;
* explicit units always win (``90'+30"``, ``5400s+30``); ``G/`` and ``SD/``
  times are minutes; a text with ``:`` between periods is PGN/TRF, all in
  seconds; any other bare time value means minutes when it is at most 150
  and seconds above (:func:`bare_time_seconds`);
* ``G/1`` and ``G/2`` are minutes (no hours shorthand).

Planning figures follow US Chess rule 5C and docs/calculator.md: minutes per player
is the base time of the periods reached by move 60 plus the delay or
increment in force from move 1, its seconds counted as minutes.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Protocol

import attrs

from caddy.errors import TimeControlError

#: The move up to which periods count for the planning figures (US Chess 5C).
PLANNING_MOVES = 60
#: A bare time value above this many is read as seconds, otherwise minutes.
BARE_MINUTES_LIMIT = 150
#: Longest period accepted, in seconds (a sanity bound that catches typos).
MAX_PERIOD_SECONDS = 24 * 3600


class BonusKind(enum.Enum):
    """What the extra seconds per move are."""

    #: Fischer increment: added to the clock after each move (from move 1).
    INCREMENT = "increment"
    #: Delay (US Chess time delay): the clock waits this long before running.
    DELAY = "delay"


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value <= 0:
        raise ValueError(f"{attribute.name} must be positive, got {value}")


def _period_moves(
    instance: object, attribute: attrs.Attribute[int | None], value: int | None
) -> None:
    if value is not None and value <= 0:
        raise ValueError(f"moves must be positive, got {value}")


@attrs.frozen(kw_only=True)
class Period:
    """One period of a time control."""

    #: Moves to make in this period; ``None`` for the rest of the game.
    moves: int | None = attrs.field(default=None, validator=_period_moves)
    #: Base time for the period, in seconds.
    seconds: int = attrs.field(validator=_positive)
    #: Delay or increment per move, in seconds (0: none).
    bonus_seconds: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: Which kind of bonus; ``None`` exactly when ``bonus_seconds`` is 0.
    bonus_kind: BonusKind | None = None

    def __attrs_post_init__(self) -> None:
        if self.seconds > MAX_PERIOD_SECONDS:
            raise ValueError(f"a period of {self.seconds} s is longer than 24 hours")
        if (self.bonus_seconds == 0) != (self.bonus_kind is None):
            raise ValueError("bonus_kind must be given exactly when bonus_seconds is not 0")

    @property
    def bonus(self) -> tuple[BonusKind | None, int]:
        return (self.bonus_kind, self.bonus_seconds)


def _periods_valid(
    instance: object, attribute: attrs.Attribute[tuple[Period, ...]], value: tuple[Period, ...]
) -> None:
    if not value:
        raise ValueError("a time control needs at least one period")
    for period in value[:-1]:
        if period.moves is None:
            raise ValueError("only the last period can be for the rest of the game")


def _to_tuple(value: Iterable[Period]) -> tuple[Period, ...]:
    # a Python function: attrs inspects a builtin converter's signature slowly
    return tuple(value)


def _minutes_text(seconds: int) -> str:
    return str(seconds // 60) if seconds % 60 == 0 else f"{seconds}s"


def _bonus_text(kind: BonusKind | None, seconds: int) -> str:
    if kind is BonusKind.DELAY:
        return f" d{seconds}"
    return f"+{seconds}"


def _human_time(seconds: int) -> str:
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    if seconds > 60:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds} s"


def _human_bonus(kind: BonusKind | None, seconds: int) -> str:
    return f"{seconds} s {'delay' if kind is BonusKind.DELAY else 'increment'}"


def minutes_value(seconds: int) -> int | float:
    """Seconds as minutes: an int when whole, else a float (two decimals)."""
    return seconds // 60 if seconds % 60 == 0 else round(seconds / 60, 2)


@attrs.frozen(kw_only=True)
class TimeControl:
    """A chess time control: one or more periods, each with its own bonus.

    ``str(tc)`` is the canonical text (US Chess style, in whole minutes where
    possible, otherwise with an explicit seconds unit); it parses back to an
    equal object. Build one from text with :func:`caddy.plugins.lookup.parse_time_control`.
    """

    periods: tuple[Period, ...] = attrs.field(converter=_to_tuple, validator=_periods_valid)

    # -- planning figures --------------------------------------------------

    def periods_by_move(self, move: int = PLANNING_MOVES) -> list[Period]:
        """The periods a game reaches by ``move``; the last period that has a
        move count repeats (PGN's rule, and US Chess' repeating secondary controls)."""
        reached: list[Period] = []
        start = 1
        index = 0
        while start <= move:
            period = self.periods[min(index, len(self.periods) - 1)]
            reached.append(period)
            if period.moves is None:
                break
            start += period.moves
            index += 1
        return reached

    @property
    def nominal_seconds(self) -> int:
        """Planning time per player in seconds: base time of the periods
        reached by move 60, plus the bonus in force from move 1 with its
        seconds counted as minutes (US Chess rule 5C; docs/calculator.md)."""
        base = sum(p.seconds for p in self.periods_by_move())
        return base + 60 * self.periods[0].bonus_seconds

    @property
    def minutes_per_player(self) -> int | float:
        """:attr:`nominal_seconds` in minutes (``G/25 d5`` → 30)."""
        return minutes_value(self.nominal_seconds)

    @property
    def us_chess_category(self) -> str:
        """US Chess rating category from the 5C total (information only).

        Regular over 65 minutes, dual 30 to 65, quick above 10 and under 30,
        with base time at least 5 minutes; anything faster is shown as blitz
        (US Chess' exact blitz bounds were not found: docs/calculator.md).
        """
        total = self.nominal_seconds / 60
        base_ok = self.periods[0].seconds >= 5 * 60
        if base_ok and total > 65:
            return "regular"
        if base_ok and total >= 30:
            return "dual (regular and quick)"
        if base_ok and total > 10:
            return "quick"
        return "blitz"

    @property
    def fide_category(self) -> str:
        """FIDE category from the 60-move total (information only): blitz up
        to 10 minutes, rapid under 60, standard from 60 (FIDE's standard
        minimum also depends on the players' ratings: 60, 90 or 120 minutes)."""
        total = self.nominal_seconds / 60
        if total <= 10:
            return "blitz"
        if total < 60:
            return "rapid"
        if total >= 120:
            return "standard"
        if total >= 90:
            return "standard (if both players are rated under 2400)"
        return "standard (if both players are rated under 1800)"

    # -- text ----------------------------------------------------------------

    def _uniform_bonus(self) -> bool:
        first = self.periods[0].bonus
        return all(p.bonus == first for p in self.periods)

    def __str__(self) -> str:
        uniform = self._uniform_bonus()
        parts = []
        single = len(self.periods) == 1
        for period in self.periods:
            head = ("G" if single else "SD") if period.moves is None else str(period.moves)
            text = f"{head}/{_minutes_text(period.seconds)}"
            if (
                single
                and period.moves is not None
                and period.seconds > BARE_MINUTES_LIMIT * 60
                and period.seconds % 60 == 0  # `9001s` already says its unit
            ):
                # `1/180` alone reads as PGN seconds (a bare value above the limit): say minutes
                text += "min"
            if not uniform:  # every period carries its own bonus, +0 for none
                text += _bonus_text(period.bonus_kind, period.bonus_seconds)
            parts.append(text)
        text = ", ".join(parts)
        last = self.periods[-1]
        if uniform and last.bonus_seconds:
            text += _bonus_text(last.bonus_kind, last.bonus_seconds)
        return text

    def describe(self) -> str:
        """How the text was read, in words (``25 min + 5 s delay``)."""
        uniform = self._uniform_bonus()
        pieces = []
        for period in self.periods:
            if period.moves is None:
                piece = _human_time(period.seconds)
                if len(self.periods) > 1:
                    piece += " for the rest of the game"
            else:
                piece = f"{period.moves} moves in {_human_time(period.seconds)}"
            if not uniform and period.bonus_seconds:
                piece += " + " + _human_bonus(period.bonus_kind, period.bonus_seconds)
            pieces.append(piece)
        if self.periods[-1].moves is not None:
            pieces.append("repeating")
        text = ", then ".join(pieces)
        first = self.periods[0]
        if uniform and first.bonus_seconds:
            suffix = " from move 1" if len(self.periods) > 1 else ""
            text += " + " + _human_bonus(first.bonus_kind, first.bonus_seconds) + suffix
        return text


def bare_time_seconds(value: int) -> int:
    """A time written without a unit: minutes when at most 150, else seconds."""
    return value * 60 if value <= BARE_MINUTES_LIMIT else value


def make_period(
    text: str,
    *,
    moves: int | None,
    seconds: int,
    bonus: tuple[BonusKind | None, int] = (None, 0),
) -> Period:
    """Build a :class:`Period`, turning a bad value into a :class:`TimeControlError`."""
    kind, bonus_seconds = bonus
    if bonus_seconds == 0:
        kind = None
    try:
        return Period(moves=moves, seconds=seconds, bonus_seconds=bonus_seconds, bonus_kind=kind)
    except ValueError as exc:
        raise TimeControlError(text, str(exc)) from None


def spread_bonuses(
    text: str,
    periods: list[tuple[int | None, int]],
    bonuses: dict[int, tuple[BonusKind, int]],
) -> TimeControl:
    """Apply the bonus rule: one bonus written → every period; several →
    each on the period it is written on (``periods`` are (moves, seconds))."""
    if not periods:
        raise TimeControlError(text, "no time given")
    if len(bonuses) == 1:
        only = next(iter(bonuses.values()))
        per_period = [only] * len(periods)
    else:
        per_period = [bonuses.get(i, (BonusKind.INCREMENT, 0)) for i in range(len(periods))]
    built = [
        make_period(text, moves=moves, seconds=seconds, bonus=bonus)
        for (moves, seconds), bonus in zip(periods, per_period, strict=True)
    ]
    for period in built[:-1]:
        if period.moves is None:
            raise TimeControlError(text, "only the last period can be for the rest of the game")
    return TimeControl(periods=tuple(built))


class Notation(Protocol):
    """What :func:`read_time_control` asks of a notation (the contract is
    :class:`caddy.contracts.TimeControlParser`)."""

    def parse(self, text: str) -> TimeControl | None: ...


def read_time_control(text: str, parsers: Iterable[Notation]) -> TimeControl:
    """Read ``text`` with ``parsers`` (the host's notation plugins), first match
    wins (:func:`caddy.plugins.lookup.parse_time_control` passes the host's).

    :raises TimeControlError: no notation can read the text, or the one
        that recognises it finds an error (the message names the part).
    """
    stripped = text.strip()
    if not stripped:
        raise TimeControlError(text, "empty text")
    foreign = sorted({ch for ch in stripped if ch.isdigit() and not ch.isascii()})
    if foreign:  # `\d` and int() read ``٣`` as 3; ``²`` passes isdigit() and fails int()
        raise TimeControlError(text, f"write numbers with the digits 0-9, not '{''.join(foreign)}'")
    for parser in parsers:
        result = parser.parse(stripped)
        if result is not None:
            return result
    raise TimeControlError(
        text,
        "not a notation caddy knows (examples: G/25 d5, 40/90, SD/30+30, 90+30, 5400+30)",
    )


_UNIT_SECONDS = {"h": 3600, "min": 60, "m": 60, "'": 60, "s": 1, "sec": 1, '"': 1, "''": 1}


def time_seconds(text: str, number: str, unit: str | None, *, minutes: bool | None) -> int:
    """Seconds for a written time value.

    :param number: the digits (``"25"``, ``"2.5"``).
    :param unit: an explicit unit (``h``, ``min``/``m``/``'``, ``s``/``sec``/``"``),
        which always wins, or ``None``.
    :param minutes: how a bare value reads: ``True`` minutes, ``False``
        seconds, ``None`` the 150 rule of :func:`bare_time_seconds`.
    """
    value = float(number) if "." in number else int(number)
    if unit:
        factor = _UNIT_SECONDS[unit.lower()]
    elif minutes is None:
        if isinstance(value, float):
            factor = 60 if value <= BARE_MINUTES_LIMIT else 1
        else:
            return bare_time_seconds(value)
    else:
        factor = 60 if minutes else 1
    seconds = value * factor
    if seconds != int(seconds):
        raise TimeControlError(text, f"'{number}{unit or ''}' is not a whole number of seconds")
    if seconds <= 0:
        raise TimeControlError(text, f"time '{number}{unit or ''}' must be positive")
    return int(seconds)
