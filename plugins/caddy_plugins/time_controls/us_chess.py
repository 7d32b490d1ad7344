"""US Chess time-control notation: ``G/25 d5``, ``G/60;+30``, ``40/90, SD/30 d5``.

Periods are ``G/minutes`` (whole game), ``SD/minutes`` (sudden death for the
rest of the game) or ``moves/minutes``, separated by commas or spaces. A
bonus is ``d<seconds>`` (also ``td5``, ``d/5``) for delay or ``+<seconds>``
(also ``inc2``, ``inc/2``, ``i2``) for increment, after a space, a semicolon,
or nothing. One bonus applies to the whole game wherever it is written; when
several are written, each stays with the period before it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.errors import TimeControlError
from caddy.model.timecontrol import BonusKind, TimeControl, spread_bonuses, time_seconds

_HINT = re.compile(r"(?i)(?:^|[\s,;])(?:g|sd|all)\s*/|[,;]|(?:\d|\s)(?:t?d/?|inc/?)\d")
_UNIT = r"(?P<unit>min|sec|h|m|s|'|\")?"
_PERIOD = re.compile(r"(?i)(?P<head>g|sd|all|\d+)\s*/\s*(?P<time>\d+(?:\.\d+)?)" + _UNIT)
_BONUS = re.compile(r"(?i)(?P<kind>td|d/?|inc/?|i|\+)\s*(?P<secs>\d+)(?:s|sec|\")?")
_SEPARATOR = re.compile(r"[\s,;]+")
_TOKEN = re.compile(r"[^\s,;]+")


class UsChessNotation:
    """Parser for US Chess notation."""

    name: ClassVar[str] = "us-chess"
    priority: ClassVar[int] = 20

    def parse(self, text: str) -> TimeControl | None:
        if not _HINT.search(text):
            return None
        periods: list[tuple[int | None, int]] = []
        bonuses: dict[int, tuple[BonusKind, int]] = {}
        whole_game = False
        pos = 0
        after_semicolon = False
        while pos < len(text):
            sep = _SEPARATOR.match(text, pos)
            if sep:
                after_semicolon = ";" in sep.group()
                pos = sep.end()
                continue
            period = _PERIOD.match(text, pos)
            # a period needs a separator before it, unless it is the first
            if period and (not periods or text[pos - 1] in " \t,;"):
                head = period.group("head").lower()
                moves = None if head in ("g", "sd", "all") else int(head)
                if moves == 0:
                    raise TimeControlError(text, f"'{period.group()}' has 0 moves")
                seconds = time_seconds(
                    text, period.group("time"), period.group("unit"), minutes=True
                )
                periods.append((moves, seconds))
                pos = period.end()
                after_semicolon = False
                continue
            bonus = _BONUS.match(text, pos)
            if bonus and periods:
                kind_text = bonus.group("kind").lower()
                kind = BonusKind.INCREMENT if kind_text[0] in "+i" else BonusKind.DELAY
                index = len(periods) - 1
                if index in bonuses:
                    raise TimeControlError(text, f"two bonuses for one period at '{bonus.group()}'")
                bonuses[index] = (kind, int(bonus.group("secs")))
                whole_game = whole_game or after_semicolon
                pos = bonus.end()
                continue
            token_match = _TOKEN.match(text, pos)
            token = token_match.group() if token_match else text[pos]
            if not periods:
                raise TimeControlError(
                    text, f"cannot read '{token}' (expected G/<minutes> or <moves>/<minutes>)"
                )
            if "/" in token:
                raise TimeControlError(
                    text,
                    f"cannot read period '{token}' (expected SD/<minutes> or <moves>/<minutes>)",
                )
            raise TimeControlError(
                text, f"unknown bonus '{token}' (expected d<seconds> or +<seconds>)"
            )
        if whole_game and len(bonuses) > 1:
            raise TimeControlError(
                text, "a bonus after ';' is for the whole game, but more than one bonus is written"
            )
        return spread_bonuses(text, periods, bonuses)


@hookimpl
def caddy_register_time_controls(register: Callable[[UsChessNotation], None]) -> None:
    register(UsChessNotation())
