"""``caddy ratings EVENT.json``: each player's rating change (placeholder: issue 26)."""

from __future__ import annotations

from typing import Any


def add_event_command(sub: Any) -> None:
    """Add ``event`` to ``caddy ratings``'s sub-commands."""
