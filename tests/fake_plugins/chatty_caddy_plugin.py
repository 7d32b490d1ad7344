"""A plugin that prints at import and when it registers (stdout must stay clean)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import caddy

print("hello from chatty_caddy_plugin")


@caddy.hookimpl
def caddy_register_tiebreaks(register: Callable[[Any], None]) -> None:
    print("registering nothing")
