"""FIDE shorthand: ``90+30``, ``90'+30"``, ``40/90+30/30+30``.

A time is minutes when written with ``'`` (or ``min``/``m``), seconds with
``"`` (or ``s``/``sec``), hours with ``h``; a bare time is minutes up to 150
and seconds above (``5400s+30`` and ``5400+30`` are both 90 minutes). The
number after ``+`` is seconds per move. Two periods are written
``moves/time[+bonus]/time[+bonus]``: one bonus written applies to both
periods, two stay with their own period.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import ClassVar

from caddy import hookimpl
from caddy.errors import TimeControlError
from caddy.model.timecontrol import BonusKind, TimeControl, spread_bonuses, time_seconds

_TIME = r"(?P<num{i}>\d+(?:\.\d+)?)\s*(?P<unit{i}>min|sec|''|h|m|s|'|\")?"
_BONUS = r"(?:\s*\+\s*(?P<inc{i}>\d+)\s*(?:s|sec|''|\")?)?"


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    # compiled on first use: most commands never read FIDE shorthand
    single = re.compile(r"(?i)" + _TIME.format(i=1) + _BONUS.format(i=1))
    two = re.compile(
        r"(?i)(?P<moves>\d+)\s*/\s*"
        + _TIME.format(i=1)
        + _BONUS.format(i=1)
        + r"(?:\s*/\s*"
        + _TIME.format(i=2)
        + _BONUS.format(i=2)
        + ")?"
    )
    leading = re.compile(r"(?i)\d+(?:\.\d+)?\s*(?:min|sec|''|h|m|s|'|\")?")
    return single, two, leading


class FideShorthand:
    """Parser for FIDE shorthand (digit-led texts no other notation claimed)."""

    name: ClassVar[str] = "fide"
    priority: ClassVar[int] = 30

    def parse(self, text: str) -> TimeControl | None:
        if not text[0].isdigit():
            return None
        if text.count("/") > 2:
            raise TimeControlError(
                text,
                "FIDE shorthand has at most two periods (moves/time+bonus/time+bonus); "
                "write more as 40/100, 20/50, SD/15+30",
            )
        single_re, two_re, leading_re = _patterns()
        two = two_re.fullmatch(text)
        if two:
            moves = int(two.group("moves"))
            if moves == 0:
                raise TimeControlError(text, "the first period has 0 moves")
            periods: list[tuple[int | None, int]] = [
                (moves, time_seconds(text, two.group("num1"), two.group("unit1"), minutes=None))
            ]
            if two.group("num2"):
                periods.append(
                    (None, time_seconds(text, two.group("num2"), two.group("unit2"), minutes=None))
                )
            bonuses = {
                i: (BonusKind.INCREMENT, int(two.group(f"inc{i + 1}")))
                for i in range(2)
                if two.group(f"inc{i + 1}")
            }
            return spread_bonuses(text, periods, bonuses)
        single = single_re.fullmatch(text)
        if single:
            seconds = time_seconds(text, single.group("num1"), single.group("unit1"), minutes=None)
            bonuses = {}
            if single.group("inc1"):
                bonuses[0] = (BonusKind.INCREMENT, int(single.group("inc1")))
            return spread_bonuses(text, [(None, seconds)], bonuses)
        lead = leading_re.match(text)
        rest = text[lead.end() :].strip() if lead else text
        if rest.startswith("+"):
            raise TimeControlError(
                text, f"cannot read the increment '{rest}' (expected +<seconds>)"
            )
        raise TimeControlError(
            text,
            f"cannot read '{rest}' (expected <minutes>+<seconds> or <moves>/<minutes>+<seconds>)",
        )


@hookimpl
def caddy_register_time_controls(register: Callable[[FideShorthand], None]) -> None:
    register(FideShorthand())
