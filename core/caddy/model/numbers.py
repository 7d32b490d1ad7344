"""Numbers as caddy writes them: points (``2½``), tie-break values (``2.5``,
``-`` for none), hours and minutes (``13¾ h``, ``100 min``). One formatter of
each kind for every view; light (no attrs), since ``caddy calc`` imports it."""

from __future__ import annotations

_QUARTERS = {0: "", 1: "¼", 2: "½", 3: "¾"}


def format_hours(hours: float) -> str:
    """``13.75`` → ``13¾ h`` (hours are whole quarters)."""
    quarters = round(hours * 4)
    whole, part = divmod(quarters, 4)
    text = (str(whole) if whole or not part else "") + _QUARTERS[part]
    return f"{text} h"


def format_minutes(minutes: float) -> str:
    """``180`` → ``3 h``, ``150`` → ``2½ h``, ``100`` → ``100 min``."""
    if minutes % 15 == 0 and minutes >= 60:
        return format_hours(minutes / 60)
    return f"{minutes:g} min"


def value_text(value: float | None) -> str:
    """A score or tie-break value as a standings table prints it: ``2.5``, ``-`` (no value)."""
    return "-" if value is None else f"{value:g}"


def points(value: float) -> str:
    """``2½``, ``½``, ``3``: a match score, a team score, a running total."""
    whole = int(value)
    if value - whole == 0.5:
        return f"{whole}½" if whole else "½"
    return f"{value:g}"
