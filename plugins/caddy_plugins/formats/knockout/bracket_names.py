"""What the rounds of a knockout bracket are called (``caddy standings``)."""

from __future__ import annotations


def round_name(to_final: int) -> str | None:
    """The name of the knockout round ``to_final`` rounds before the final
    (``None`` for a round that is not in the bracket)."""
    if to_final < 0:
        return None
    names = ("Final", "Semi-finals", "Quarter-finals")
    return names[to_final] if to_final < len(names) else f"Round of {2 ** (to_final + 1)}"
