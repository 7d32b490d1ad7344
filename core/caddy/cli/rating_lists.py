"""``caddy ratings import`` and ``caddy ratings find`` (placeholder: issue 26)."""

from __future__ import annotations

from typing import Any


def add_list_commands(sub: Any) -> None:
    """Add ``import`` and ``find`` to ``caddy ratings``'s sub-commands."""
