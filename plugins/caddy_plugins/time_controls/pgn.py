"""PGN ``TimeControl`` tag and TRF26 record 222: everything in seconds.

``5400+30`` (90 min + 30 s), ``300`` (5 min), ``40/9000``,
``40/5400+30:1800+30`` (periods separated by ``:``; the increment per
period is TRF26's extension of PGN). Without ``:`` a value is read as
seconds only when it is above 150 (smaller ones are FIDE minutes). ``?``
(unknown), ``-`` (untimed), ``*180`` (sandclock) and ``W300-B240``
(different times per colour) are recognised and rejected with a reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import ClassVar

from caddy import hookimpl
from caddy.errors import TimeControlError
from caddy.model.timecontrol import (
    BARE_MINUTES_LIMIT,
    BonusKind,
    TimeControl,
    spread_bonuses,
    time_seconds,
)

_FIELD_PATTERN = r"(?:(?P<moves>\d+)/)?(?P<secs>\d+)(?:\+(?P<inc>\d+))?"
_SHAPE_CHARS = frozenset("0123456789/+:")


class PgnNotation:
    """Parser for PGN / TRF26 seconds notation."""

    name: ClassVar[str] = "pgn"
    priority: ClassVar[int] = 10

    def parse(self, text: str) -> TimeControl | None:
        if text == "?":
            raise TimeControlError(
                text, "'?' means the time control is unknown: nothing to compute"
            )
        if text == "-":
            raise TimeControlError(
                text, "'-' means the game had no time control: nothing to compute"
            )
        if text[0] == "*" and text[1:].isdigit():
            raise TimeControlError(text, f"sandclock time control '{text}' is not supported")
        if text[0] in "Ww" and re.fullmatch(r"(?i)W[\d/+:]+-B[\d/+:]+", text):
            raise TimeControlError(
                text, "different times for White and Black (Armageddon) are not supported"
            )
        if not _SHAPE_CHARS.issuperset(text):
            return None
        fields = text.split(":")
        if len(fields) == 1:
            single = re.fullmatch(_FIELD_PATTERN, text)
            if not single or int(single.group("secs")) <= BARE_MINUTES_LIMIT:
                return None  # FIDE shorthand in minutes, or not ours
        periods: list[tuple[int | None, int]] = []
        bonuses: dict[int, tuple[BonusKind, int]] = {}
        for index, field in enumerate(fields):
            match = re.fullmatch(_FIELD_PATTERN, field)
            if not match:
                raise TimeControlError(
                    text,
                    f"cannot read field '{field}' (expected <seconds>, <seconds>+<increment> "
                    "or <moves>/<seconds>)",
                )
            moves = int(match.group("moves")) if match.group("moves") else None
            if moves == 0:
                raise TimeControlError(text, f"field '{field}' has 0 moves")
            if moves is None and index < len(fields) - 1:
                raise TimeControlError(
                    text, f"field '{field}' has no move count but is not the last period"
                )
            periods.append((moves, time_seconds(text, match.group("secs"), None, minutes=False)))
            if match.group("inc"):
                bonuses[index] = (BonusKind.INCREMENT, int(match.group("inc")))
        if len(fields) > 1 and len(bonuses) == 1:
            # with ':' every field carries its own increment: keep it there
            ((index, bonus),) = bonuses.items()
            if len(periods) > 1:
                bonuses = {
                    i: (bonus if i == index else (BonusKind.INCREMENT, 0))
                    for i in range(len(periods))
                }
        return spread_bonuses(text, periods, bonuses)


@hookimpl
def caddy_register_time_controls(register: Callable[[PgnNotation], None]) -> None:
    register(PgnNotation())
