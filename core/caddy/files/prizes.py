"""Reading and checking a prize schedule (issue 27; docs/prize-schedule.md).

The organiser writes the schedule as TOML (read with the standard library's
:mod:`tomllib`) or as the same data in JSON: :func:`read_schedule` reads a
file (by its suffix, ``.toml`` or ``.json``, else by its content),
:func:`schedule_from_data` data already parsed (an embedder's dict).

Money is never a float: a TOML or JSON number is read from its text as a :class:`~decimal.Decimal`
(``10.10`` is exact), an embedder's float through ``Decimal(str(value))``, a string as written.

Every problem is one line naming the entry (``prizes.toml: prize 3 ('U1800
1st'): amount -5 is negative``); all of them are raised together as one
:class:`~caddy.errors.FileError` (a :class:`~caddy.errors.CaddyError`) whose
``problems`` holds the lines. Reading writes nothing.
"""

from __future__ import annotations

import datetime
import json
import re
import tomllib
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import attrs

from caddy.errors import FileError
from caddy.files.prize_checks import check_prizes
from caddy.files.storage import read_text  # a regular file only: never a device or a pipe
from caddy.model.prizes import PREFERENCES, ROUNDINGS, Category, Prize, PrizeSchedule
from caddy.model.serialize import describe

#: Amounts are below this (beyond it, ``1e400``, an amount is a typing slip).
MAX_AMOUNT = Decimal(10) ** 18
#: The keys of the schedule itself (``prizes``, the event file's spelling, reads as ``prize``).
TOP_KEYS = (*(f.name for f in attrs.fields(PrizeSchedule) if f.name != "prizes"), "prize")
#: The keys of one ``[[prize]]`` table.
PRIZE_KEYS = tuple(f.name for f in attrs.fields(Prize))
#: The keys of a prize's ``category`` table: :class:`~caddy.model.prizes.Category`'s
#: fields and the shorthands ``band`` and ``age``.
CATEGORY_KEYS = (*(f.name for f in attrs.fields(Category)), "band", "age")
#: A rating band as organisers write it: ``U1800``, ``1600-1799``, ``1800+``.
BAND = re.compile(r"(?:[Uu]([1-9]\d{0,3})|(\d{1,4})-(\d{1,4})|(\d{1,4})\+)")
#: An age group: ``U12`` (under 12), ``S65`` (65 or older).
AGE = re.compile(r"([UuSs])([1-9]\d{0,2})")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TOML_AT = re.compile(r" \(at line (\d+), column (\d+)\)$")


def read_schedule(path: str | Path) -> PrizeSchedule:
    """The prize schedule in ``path``, checked.

    :raises CaddyError: the file cannot be read, or one line per problem.
    """
    path = Path(path)
    source = str(path)
    text = read_text(path, "a prize schedule")
    if not text.strip():
        raise FileError(
            f"{source}: empty file (a prize schedule lists [[prize]] tables)", path=source
        )
    suffix = path.suffix.lower()
    as_json = suffix == ".json" or (suffix != ".toml" and text.lstrip().startswith("{"))
    data = _parse_json(text, source) if as_json else _parse_toml(text, source)
    return schedule_from_data(data, source)


def _parse_toml(text: str, source: str) -> Any:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        at = _TOML_AT.search(message)
        where = f"{source}:{at.group(1)}:{at.group(2)}" if at else source
        raise FileError(
            f"{where}: not TOML: {message[: at.start()] if at else message}", path=source
        ) from None
    except RecursionError:
        raise FileError(f"{source}: not TOML: nested too deeply", path=source) from None


def _parse_json(text: str, source: str) -> Any:
    twice: list[str] = []

    def table(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                twice.append(f"{source}: key {key!r} given twice")
            out[key] = value
        return out

    try:
        data = json.loads(
            text, parse_float=Decimal, parse_constant=Decimal, object_pairs_hook=table
        )
    except json.JSONDecodeError as exc:
        raise FileError(
            f"{source}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}", path=source
        ) from None
    except RecursionError:
        raise FileError(f"{source}: not JSON: nested too deeply", path=source) from None
    if twice:
        raise FileError(twice[0], path=source, problems=twice)
    return data


def schedule_from_data(data: Mapping[str, Any], source: str) -> PrizeSchedule:
    """The prize schedule in ``data`` (the file's keys, already parsed: an
    embedder's dict, or :func:`caddy.model.serialize.unstructure` of a
    schedule), checked. ``source`` names it in messages.

    :raises CaddyError: one line per problem.
    """
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise FileError(f"{source}: expected a table of keys, got {describe(data)}", path=source)
    data = dict(data)
    if "prizes" in data:
        if "prize" in data:
            problems.append(
                f"{source}: both prize and prizes given (prizes is another name of prize)"
            )
        data.setdefault("prize", data.pop("prizes"))
    top = _Entry(data, source, problems, TOP_KEYS)
    given: dict[str, Any] = {
        "currency": top.text("currency", empty=True),
        "sharing": top.text("sharing"),
        "rounding": top.choice("rounding", ROUNDINGS),
        "unit": top.amount("unit"),
        "one_per_player": top.flag("one_per_player"),
        "prefer": top.choice("prefer", PREFERENCES),
        "unrated_cap": top.amount("unrated_cap"),
    }
    if given["unit"] is not None and given["unit"] <= 0:
        top.say(f"unit {given['unit']} is not above 0")
        given["unit"] = None
    unit = given["unit"] if given["unit"] is not None else PrizeSchedule().unit
    prizes = _prizes(data.get("prize"), source, problems, unit)
    if problems:
        raise FileError(problems[0], path=source, problems=problems)
    return PrizeSchedule(prizes=prizes, **{k: v for k, v in given.items() if v is not None})


class _Entry:
    """One table of the schedule (the top, a prize, a category): its values
    read strictly, each problem said with the entry's name. A key given as
    ``None`` (JSON ``null``) is a key not given."""

    def __init__(
        self, data: Mapping[Any, Any], where: str, problems: list[str], known: tuple[str, ...]
    ) -> None:
        self.data, self.where, self.problems = data, where, problems
        for key in data:
            if key not in known:
                self.say(f"unknown key {key!r} (known: {', '.join(known)})")

    def say(self, text: str) -> None:
        self.problems.append(f"{self.where}: {text}")

    def given(self, key: str) -> bool:
        return self.data.get(key) is not None

    def _bad(self, key: str, expected: str) -> None:
        value = self.data[key]
        shown = str(value) if isinstance(value, Decimal | datetime.date) else describe(value)
        self.say(f"{key}: expected {expected}, got {shown}")

    def text(self, key: str, *, empty: bool = False) -> str | None:
        value = self.data.get(key)
        if value is None or (type(value) is str and (empty or value.strip())):
            return value
        self._bad(key, "a string" if empty else "a non-empty string")
        return None

    def choice(self, key: str, known: tuple[str, ...]) -> str | None:
        value = self.text(key)
        if value is None or value in known:
            return value
        self.say(f"{key} {value!r} is unknown (known: {', '.join(known)})")
        return None

    def flag(self, key: str) -> bool | None:
        value = self.data.get(key)
        if value is None or type(value) is bool:
            return value
        self._bad(key, "true or false")
        return None

    def whole(self, key: str, least: int) -> int | None:
        value = self.data.get(key)
        if value is None:
            return None
        if type(value) is not int:
            self._bad(key, "a whole number")
            return None
        if value < least:
            self.say(f"{key} {value} is below {least}")
            return None
        return value

    def amount(self, key: str) -> Decimal | None:
        """A finite amount of at least 0 (a number or a string)."""
        value = self.data.get(key)
        if value is None:
            return None
        try:
            if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
                raise TypeError
            amount = Decimal(str(value).strip() if isinstance(value, str | float) else value)
        except (TypeError, InvalidOperation):
            self._bad(key, 'an amount (100, 12.50 or "12.50")')
            return None
        if not amount.is_finite():
            self.say(f"{key} {amount} is not a finite amount")
        elif amount < 0:
            self.say(f"{key} {amount} is negative")
        elif amount >= MAX_AMOUNT:
            self.say(f"{key} {amount} is too large (at most 18 digits before the point)")
        else:
            return amount
        return None

    def date(self, key: str) -> datetime.date | None:
        value = self.data.get(key)
        if value is None or type(value) is datetime.date:
            return value
        if type(value) is str and _DATE.fullmatch(value):
            try:
                return datetime.date.fromisoformat(value)
            except ValueError:
                pass
        self._bad(key, "a date (YYYY-MM-DD)")
        return None


def _prizes(raw: Any, source: str, problems: list[str], unit: Decimal | None) -> tuple[Prize, ...]:
    """The prizes, each checked, then checked together."""
    if raw is None or raw == []:
        problems.append(
            f'{source}: no prizes (list each as a [[prize]] table; JSON: "prize": [...])'
        )
        return ()
    if not isinstance(raw, list | tuple):
        problems.append(
            f"{source}: prize: expected a list of tables ([[prize]]), got {describe(raw)}"
        )
        return ()
    read = [_prize(item, number, source, problems, unit) for number, item in enumerate(raw, 1)]
    labelled = [entry for entry in read if entry is not None]
    if len(labelled) == len(read):
        problems.extend(check_prizes(labelled, source))
    return tuple(prize for _, prize in labelled)


def _prize(
    raw: Any, number: int, source: str, problems: list[str], unit: Decimal | None
) -> tuple[str, Prize] | None:
    """One prize and its label (``prize 3 ('U1800 1st')``), or ``None`` with its problems added."""
    if not isinstance(raw, Mapping):
        problems.append(f"{source}: prize {number}: expected a table, got {describe(raw)}")
        return None
    before = len(problems)
    name = raw.get("name")
    label = f"prize {number}" + (f" ({name!r})" if isinstance(name, str) and name.strip() else "")
    entry = _Entry(raw, f"{source}: {label}", problems, PRIZE_KEYS)
    if not entry.given("name"):
        entry.say("no name")
    name, place = entry.text("name"), entry.whole("place", least=1)
    amount, item, value = entry.amount("amount"), entry.text("item"), entry.amount("value")
    if entry.given("amount") and entry.given("item"):
        entry.say("both amount and item (a prize is cash or an item, not both)")
    elif not entry.given("amount") and not entry.given("item"):
        entry.say(
            'neither amount nor item (cash: amount = 100; an item: item = "Trophy", value = 50)'
        )
    elif entry.given("item") and not entry.given("value"):
        entry.say(f"item {item!r} has no value (the value ranks it among the prizes)")
    if entry.given("value") and not entry.given("item"):
        entry.say("value without item (a cash prize's worth is its amount)")
    if amount is not None and unit is not None:
        _check_unit(entry, amount, unit)
    category = _category(raw.get("category"), entry)
    if len(problems) > before or name is None:
        return None
    prize = Prize(
        name=name, place=place or 1, amount=amount, item=item, value=value, category=category
    )
    return label, prize


def _check_unit(entry: _Entry, amount: Decimal, unit: Decimal) -> None:
    try:
        finer = amount % unit != 0
    except InvalidOperation:
        entry.say(f"amount {amount} is too large")
        return
    if finer:
        entry.say(f"amount {amount} is not a whole number of units (unit {unit})")


def _band(text: str) -> tuple[int | None, int | None] | None:
    """``(rating_from, rating_below)`` of a band (``1600-1799``: 1600, 1800), or ``None``."""
    match = BAND.fullmatch(text.strip())
    if match is None:
        return None
    below, low, high, plus = match.groups()
    if below is not None:
        return None, int(below)
    if plus is not None:
        return int(plus), None
    return (int(low), int(high) + 1) if int(high) >= int(low) else None


def _category(raw: Any, prize: _Entry) -> Category | None:
    """A prize's category (``None``: none, or an empty table), its problems added."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        prize.say(f"category: expected a table, got {describe(raw)}")
        return None
    entry = _Entry(raw, f"{prize.where}: category", prize.problems, CATEGORY_KEYS)
    fields: dict[str, Any] = {
        key: entry.whole(key, least=1 if key.endswith("below") else 0)
        for key in ("rating_below", "rating_from", "age_below", "age_from")
    }
    fields.update(
        unrated=entry.flag("unrated"),
        born_from=entry.date("born_from"),
        born_before=entry.date("born_before"),
        sex=_sex(entry),
        federation=_federation(entry),
        club=entry.text("club"),
        section=entry.text("section"),
        board=entry.whole("board", least=1),
    )
    _shorthands(entry, fields)
    _check_category(entry, fields)
    category = Category(**fields)
    return None if category == Category() else category


def _shorthands(entry: _Entry, fields: dict[str, Any]) -> None:
    """``band`` and ``age`` into their fields."""
    band, age = entry.text("band"), entry.text("age")
    if band is not None:
        read = _band(band)
        if read is None:
            entry.say(f"band {band!r} is not a rating band (U1800, 1600-1799 or 1800+)")
        elif entry.given("rating_below") or entry.given("rating_from"):
            entry.say("band and rating_below or rating_from both given (band is their shorthand)")
        else:
            fields["rating_from"], fields["rating_below"] = read
    if age is not None:
        match = AGE.fullmatch(age.strip())
        if match is None:
            entry.say(f"age {age!r} is not an age group (U12: under 12; S65: 65 or older)")
        elif entry.given("age_below") or entry.given("age_from"):
            entry.say("age and age_below or age_from both given (age is their shorthand)")
        else:
            fields["age_below" if match.group(1) in "Uu" else "age_from"] = int(match.group(2))


def _sex(entry: _Entry) -> str | None:
    """``m`` or ``w`` (any case; ``f`` reads as ``w``)."""
    sex = entry.text("sex")
    if sex is None or sex.strip().lower() in ("m", "w", "f"):
        return None if sex is None else sex.strip().lower().replace("f", "w")
    entry.say(f"sex {sex!r} is not m or w (or f)")
    return None


def _federation(entry: _Entry) -> str | None:
    """A three-letter federation, in capitals."""
    federation = entry.text("federation")
    if federation is None or re.fullmatch(r"[A-Za-z]{3}", federation):
        return None if federation is None else federation.upper()
    entry.say(f"federation {federation!r} is not three letters (FIDE's code: GER, USA)")
    return None


def _check_category(entry: _Entry, c: dict[str, Any]) -> None:
    """Conditions no player can meet together."""
    below, low = c["rating_below"], c["rating_from"]
    if below is not None and low is not None and below <= low:
        entry.say(f"rating_below {below} is not above rating_from {low}: no rating is in the band")
    if c["unrated"] is True and (below is not None or low is not None):
        entry.say("unrated = true with a rating band: an unrated player has no rating")
    if c["born_from"] and c["born_before"] and c["born_from"] >= c["born_before"]:
        entry.say(
            f"born_from {c['born_from']} is not before born_before {c['born_before']}:"
            " no birth date is in the range"
        )
    if c["age_below"] is not None and c["age_from"] is not None and c["age_below"] <= c["age_from"]:
        entry.say(
            f"age_below {c['age_below']} is not above age_from {c['age_from']}: no age is in the range"
        )
