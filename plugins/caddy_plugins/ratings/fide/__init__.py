"""FIDE's rating system (FIDE Handbook B.02) as the rating-system plugin ``fide``.

Per game ``K × (score − expected)``, the expected score from table 8.1.2
with the 400-point rule (for players below 2650 from 1 October 2025, for
everyone before), K from the list or derived (8.3.3) and reduced so that
K × n ≤ 700; unrated players' first rating (8.2). The rules are
:mod:`caddy_plugins.ratings.fide.rules`, the options
:mod:`caddy_plugins.ratings.fide.options`; docs/ratings.md is the digest.
"""

from __future__ import annotations

from collections.abc import Callable

from caddy import hookimpl
from caddy_plugins.ratings.fide.system import FideRating

__all__ = ["FideRating"]


@hookimpl
def caddy_register_rating_systems(register: Callable[[FideRating], None]) -> None:
    register(FideRating())
