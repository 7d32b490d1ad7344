"""Rated events: FIDE rating lists in, tournament ratings, rating change.

- :func:`change`: each player's rating change in an event, by a rating
  system plugin (hook ``caddy_register_rating_systems``; the built-in
  ``fide`` is FIDE Handbook B.02);
- :mod:`caddy.ratings.lists` and :mod:`caddy.ratings.store`: FIDE's rating
  lists read (TXT, XML, zipped) and stored in SQLite for look-ups.

See docs/ratings.md.
"""
