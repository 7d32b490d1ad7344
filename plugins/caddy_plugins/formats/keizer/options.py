"""The ``keizer`` format's options (:class:`KeizerOptions`, described in
:mod:`caddy_plugins.formats.keizer` and docs/keizer.md)."""

from __future__ import annotations

from fractions import Fraction

import attrs

__all__ = ["KeizerOptions", "share"]


def _share(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not 0 <= value <= 10:
        raise ValueError(f"{attribute.name} must be a share from 0 to 10 (1 = the whole value)")


def _window(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and value < 0:
        raise ValueError(f"{attribute.name} must not be negative (none: the whole season)")


@attrs.frozen(kw_only=True)
class KeizerOptions:
    """Options of the ``keizer`` format (see the module docstring)."""

    #: The evenings of the season; 0: ``N - 1`` for an even field, ``N`` for an odd one.
    rounds: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: The ranking value of place 1; 0: the number of players in the ranking.
    top_value: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: How much less each next place is worth (place k: top - (k - 1) * step, never below 0).
    step: int = attrs.field(default=1, validator=attrs.validators.ge(0))
    #: Add each player's own value once to the total (classic Keizer).
    own_value: bool = True
    #: A game: this share of the opponent's value for a win, a draw, a loss.
    win: float = attrs.field(default=1.0, validator=_share)
    draw: float = attrs.field(default=0.5, validator=_share)
    loss: float = attrs.field(default=0.0, validator=_share)
    #: An evening not played: this share of the player's own value for the
    #: pairing's bye, an absence with notice (``caddy bye --half``), club duty
    #: (``caddy bye --full``) and an absence without notice (``caddy bye
    #: --zero``, a round missed before a late entry, a forfeit loss).
    bye: float = attrs.field(default=0.5, validator=_share)
    notice: float = attrs.field(default=1 / 3, validator=_share)
    duty: float = attrs.field(default=2 / 3, validator=_share)
    absent: float = attrs.field(default=0.0, validator=_share)
    #: No rematch within this many evenings (``none``: the whole season), while
    #: the pairing can avoid one.
    no_rematch_rounds: int | None = attrs.field(default=None, validator=_window)
    #: The most re-rankings after a round (see docs/keizer.md for a cycle).
    max_iterations: int = attrs.field(default=100, validator=attrs.validators.ge(1))


def share(value: float) -> Fraction:
    """An option's share as an exact fraction (``1/3`` stays a third)."""
    return Fraction(value).limit_denominator(1000)
