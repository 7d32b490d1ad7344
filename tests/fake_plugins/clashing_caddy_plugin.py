"""A plugin that registers a format name the built-ins already use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import caddy
from caddy_plugins.formats.round_robin import RoundRobin


class AnotherRoundRobin(RoundRobin):
    pass


@caddy.hookimpl
def caddy_register_formats(register: Callable[[Any], None]) -> None:
    register(AnotherRoundRobin())
