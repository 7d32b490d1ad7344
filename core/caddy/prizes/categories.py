"""Who qualifies for a prize: a :class:`caddy.model.prizes.Category` against a
ranked player (:class:`caddy.prizes.awards.Standing`), with the reason a
player does not (``caddy prizes --explain``)."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from caddy.model.prizes import Category

if TYPE_CHECKING:
    from caddy.prizes.awards import Standing


def category_key(category: Category | None) -> str:
    """A category's key (``""``: the place prizes): prizes of one key are one category."""
    return "" if category is None else repr(category)


def birth_date(text: str | None) -> tuple[int, int, int] | None:
    """``(year, month, day)`` of a birth date as written (``YYYY/MM/DD``;
    a year alone, or ``00`` for month and day, counts as 1 January)."""
    parts = (text or "").replace("-", "/").split("/")
    if not parts[0].isascii() or not parts[0].isdigit() or int(parts[0]) == 0:
        return None
    numbers = [int(p) if p.isascii() and p.isdigit() else 0 for p in parts[1:3]]
    month, day = [*numbers, 0, 0][:2]
    return int(parts[0]), month or 1, day or 1


def age_at(born: tuple[int, int, int], date: datetime.date) -> int:
    """Whole years between ``born`` and ``date``."""
    year, month, day = born
    return date.year - year - ((date.month, date.day) < (month, day))


def same_section(wanted: str, section: str | None) -> bool:
    """Whether a category's ``section`` names ``section``: its name as the
    standings print it (``Section 2``, ``Group A``; any case), or its number
    or letter alone (``2``, ``A``)."""
    if section is None:
        return False
    wanted, section = wanted.strip().casefold(), section.casefold()
    return wanted == section or section.rsplit(" ", 1)[-1] == wanted


def why_not(category: Category | None, player: Standing, date: datetime.date | None) -> str | None:
    """Why ``player`` does not qualify for a prize of ``category`` (``None``: they do)."""
    if category is None or category.board is None:
        if player.board is not None:
            return f"ranked on board {player.board}: board prizes only"
        if category is None:
            return None
    elif player.board != category.board:
        return f"not ranked on board {category.board}"
    c, rating = category, player.rating
    if c.section is not None and not same_section(c.section, player.section):
        return f"plays in {player.section or 'no section'}, not {c.section}"
    if c.unrated is True and rating is not None:
        return f"rated {rating}, not unrated"
    if c.unrated is False and rating is None:
        return "unrated"
    if c.rating_below is not None and (rating is None or rating >= c.rating_below):
        return f"rated {rating if rating is not None else 'unrated'}, not below {c.rating_below}"
    if c.rating_from is not None and (rating is None or rating < c.rating_from):
        return f"rated {rating if rating is not None else 'unrated'}, not {c.rating_from} or more"
    if c.sex is not None and (player.sex or "").lower().replace("f", "w") != c.sex.lower().replace(
        "f", "w"
    ):
        return f"sex {player.sex or 'unknown'}, not {c.sex}"
    if c.federation is not None and (player.federation or "").upper() != c.federation.upper():
        return f"federation {player.federation or 'unknown'}, not {c.federation}"
    if c.club is not None and (player.club or "").casefold() != c.club.casefold():
        return f"club {player.club or 'none'}, not {c.club}"
    return _age_problem(c, player, date)


def _age_problem(c: Category, player: Standing, date: datetime.date | None) -> str | None:
    if all(v is None for v in (c.born_from, c.born_before, c.age_below, c.age_from)):
        return None
    born = birth_date(player.birth)
    if born is None:
        return "birth date unknown"
    day = datetime.date(*born)
    if c.born_from is not None and day < c.born_from:
        return f"born {player.birth}, before {c.born_from.isoformat()}"
    if c.born_before is not None and day >= c.born_before:
        return f"born {player.birth}, not before {c.born_before.isoformat()}"
    if c.age_below is None and c.age_from is None:
        return None
    if date is None:
        return "the event has no date to count ages at"
    age = age_at(born, date)
    if c.age_below is not None and age >= c.age_below:
        return f"{age} years old at {date.isoformat()}, not under {c.age_below}"
    if c.age_from is not None and age < c.age_from:
        return f"{age} years old at {date.isoformat()}, not {c.age_from} or more"
    return None


def qualifies(category: Category | None, player: Standing, date: datetime.date | None) -> bool:
    """Whether ``player`` may win a prize of ``category``."""
    return why_not(category, player, date) is None
