"""A plugin whose hook name is misspelt (check_pending must catch it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import caddy


@caddy.hookimpl
def caddy_register_formatz(register: Callable[[Any], None]) -> None:
    raise AssertionError("never called")
