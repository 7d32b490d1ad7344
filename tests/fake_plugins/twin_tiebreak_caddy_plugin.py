"""A tie-break plugin that registers ``RTNG`` again (a duplicate of the built-in)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import caddy
from caddy_plugins.tiebreaks.rtng import Rating


class AnotherRating(Rating):
    pass


@caddy.hookimpl
def caddy_register_tiebreaks(register: Callable[[Any], None]) -> None:
    register(AnotherRating())
