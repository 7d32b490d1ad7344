"""A tie-break plugin whose registration hook raises (caddy must warn and skip it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import caddy


@caddy.hookimpl
def caddy_register_tiebreaks(register: Callable[[Any], None]) -> None:
    raise RuntimeError("this tie-break plugin is broken on purpose")
