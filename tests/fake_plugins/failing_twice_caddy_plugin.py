"""A plugin whose tie-break and renderer hooks fail with the same message (a
shared helper raising): caddy warns once for each kind it skips."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import caddy


def _broken() -> None:
    raise RuntimeError("the shared helper is broken on purpose")


@caddy.hookimpl
def caddy_register_tiebreaks(register: Callable[[Any], None]) -> None:
    _broken()


@caddy.hookimpl
def caddy_register_renderers(register: Callable[[Any], None]) -> None:
    _broken()
