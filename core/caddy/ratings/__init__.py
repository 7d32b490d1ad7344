"""Rated events: FIDE rating lists in, tournament ratings, rating change.

- ``change(event, system="fide", options=None, *, host=None)``: each player's rating change in an event, by a rating
  system plugin (hook ``caddy_register_rating_systems``; the built-in
  ``fide`` is FIDE Handbook B.02);
- :mod:`caddy.ratings.lists` and :mod:`caddy.ratings.store`: FIDE's rating
  lists read (TXT, XML, zipped) and stored in SQLite for look-ups.

See docs/ratings.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from caddy.ratings.changes import DEFAULT_SYSTEM, rating_change, rating_system

    change = rating_change

__all__ = ["DEFAULT_SYSTEM", "change", "rating_change", "rating_system"]


def __getattr__(name: str) -> Any:
    """The names of :mod:`caddy.ratings.changes`, imported when first asked
    for (the rating-list store needs no event replay); ``change`` is
    :func:`~caddy.ratings.changes.rating_change`."""
    if name in __all__:
        # lazy: the store and the list reader import no event stack
        from caddy.ratings import changes

        value = getattr(changes, "rating_change" if name == "change" else name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'caddy.ratings' has no attribute {name!r}")
