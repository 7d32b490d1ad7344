"""The ``fide`` system's options (``--option NAME=VALUE``): what to assume
where the event lacks what a rule needs. docs/ratings.md lists them."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

import attrs

from caddy.errors import InputError

#: name → one line of help (the system's ``options``).
OPTIONS: Mapping[str, str] = {
    "date": "YYYY-MM-DD: the date the rules are read at when the event has none "
    "(default: the rules in force from 2025-10-01)",
    "new_player": "auto|yes|no: K 40 for a player new to the list (fewer than 30 games), "
    "where K is derived (auto: by the player's games, unknown → no)",
    "junior": "auto|yes|no: K 40 for a junior under 2300, where K is derived "
    "(auto: by the birth year, unknown → no)",
    "ever_2400": "no|yes: a player below 2400 whose K is derived was rated 2400 or more "
    "before (K 10; default no)",
    "rapid_2650": "no|yes: the 2650 exemption from the 400-point rule in rapid and blitz "
    "too (default no: the rapid and blitz regulations keep the rule for everyone)",
    "cap": "700|off: reduce K so that K × n does not exceed 700 (8.3.3), n the "
    "player's rated games in the event (default 700)",
}

_CHOICES = {
    "new_player": ("auto", "yes", "no"),
    "junior": ("auto", "yes", "no"),
    "ever_2400": ("no", "yes"),
    "rapid_2650": ("no", "yes"),
    "cap": ("700", "off"),
}


@attrs.frozen(kw_only=True)
class Settings:
    """The options read."""

    date: datetime.date | None = None
    new_player: str = "auto"
    junior: str = "auto"
    ever_2400: bool = False
    rapid_2650: bool = False
    cap: bool = True


def read(options: Mapping[str, str]) -> Settings:
    """The options as settings; :class:`InputError` naming every bad one."""
    problems = []
    values: dict[str, str] = {}
    for name, value in options.items():
        text = str(value).strip().lower()
        if name not in OPTIONS:
            problems.append(f"fide: unknown option {name!r} (known: {', '.join(sorted(OPTIONS))})")
        elif name in _CHOICES and text not in _CHOICES[name]:
            problems.append(
                f"fide: option {name}={value!r}: expected one of {'|'.join(_CHOICES[name])}"
            )
        else:
            values[name] = text
    date = None
    if "date" in values:
        try:
            date = datetime.date.fromisoformat(values["date"])
        except ValueError:
            problems.append(f"fide: option date={options['date']!r}: expected YYYY-MM-DD")
    if problems:
        raise InputError(problems[0], problems=problems)
    return Settings(
        date=date,
        new_player=values.get("new_player", "auto"),
        junior=values.get("junior", "auto"),
        ever_2400=values.get("ever_2400") == "yes",
        rapid_2650=values.get("rapid_2650") == "yes",
        cap=values.get("cap", "700") == "700",
    )
