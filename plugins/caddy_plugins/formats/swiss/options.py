"""The ``swiss`` format's options (:class:`SwissOptions`, described in
:mod:`caddy_plugins.formats.swiss`), the recommended number of rounds and
the initial colour drawn from the event's seed (FIDE Handbook C.04.3 5.1)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

import attrs

if TYPE_CHECKING:
    from caddy_plugins.engines.dutch.model import Pairing
    from caddy_plugins.engines.dutch.model import PairingRequest as EngineRequest

__all__ = ["SwissOptions", "engine_for", "initial_colour", "recommended_rounds", "system_name"]


def _points(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if value < 0:
        raise ValueError(f"{attribute.name} must not be negative")


def _acceleration(instance: Any, attribute: attrs.Attribute[str], value: str) -> None:
    from caddy_plugins.engines.dutch.acceleration import parse_acceleration

    parse_acceleration(value)
    if value == "baku" and instance.win != 2 * instance.draw:
        raise ValueError(
            "the Baku method (FIDE Handbook C.04.7) is for events where a win is worth "
            f"two draws (here win={instance.win:g}, draw={instance.draw:g}); give the "
            "virtual points as records instead"
        )


def _burstein_rules(instance: Any, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in ("engine", "fide-2026"):
        raise ValueError(f"burstein_rules must be 'engine' or 'fide-2026', not {value!r}")
    if value != "engine" and instance.system != "burstein":
        raise ValueError("burstein_rules is an option of system=burstein")


def _forbidden(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    from caddy_plugins.engines.dutch.acceleration import parse_forbidden

    parse_forbidden(value)


@attrs.frozen(kw_only=True)
class SwissOptions:
    """Options of the ``swiss`` format (see the module docstring)."""

    #: Planned rounds; 0: the recommended number for the field (ceil(log2 N) + 1).
    rounds: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    #: The pairing system: ``dutch`` (FIDE Handbook C.04.3) or ``burstein`` (C.04.4.2).
    system: Literal["dutch", "burstein"] = attrs.field(
        default="dutch", validator=attrs.validators.in_(("dutch", "burstein"))
    )
    #: Which reading of the Burstein text (``system=burstein`` only): ``engine``
    #: (the default), the FIDE-endorsed engine bbpPairings' ``--burstein``, or
    #: ``fide-2026``, the text applied from 1 February 2026 (Dutch seeding
    #: rounds, Index Buchholz then Sonneborn-Berger, the PAB first, the art. 4.3
    #: order; docs/burstein.md).
    burstein_rules: Literal["engine", "fide-2026"] = attrs.field(
        default="engine", validator=_burstein_rules
    )
    #: White for the top-ranked player in round 1: drawn by ``lot`` (once, from
    #: the event's seed), or ``white``/``black``.
    initial_colour: Literal["lot", "white", "black"] = attrs.field(
        default="lot", validator=attrs.validators.in_(("lot", "white", "black"))
    )
    #: Points of a win, a draw, the pairing-allocated bye and a played loss, for the engine.
    win: float = attrs.field(default=1.0, validator=_points)
    draw: float = attrs.field(default=0.5, validator=_points)
    pab: float = attrs.field(default=1.0, validator=_points)
    loss: float = attrs.field(default=0.0, validator=_points)
    #: ``none``, ``baku`` (C.04.7), or virtual points ``POINTS@R1-R2:P1-P2;...``.
    acceleration: str = attrs.field(default="none", validator=_acceleration)
    #: Groups of pairing numbers that must not meet: ``1 2 3;7 9@1-4``.
    forbidden: str = attrs.field(default="", validator=_forbidden)


def engine_for(options: SwissOptions) -> Callable[[EngineRequest], Pairing]:
    """The pairing engine of ``options.system``: the Dutch or the Burstein ``pair_round``."""
    if options.system == "burstein" and options.burstein_rules == "fide-2026":
        from caddy_plugins.engines.burstein.fide2026 import pair_round as fide2026

        return fide2026
    if options.system == "burstein":
        from caddy_plugins.engines.burstein import pair_round as burstein

        return burstein
    from caddy_plugins.engines.dutch.dutch import pair_round as dutch

    return dutch


def system_name(options: SwissOptions) -> str:
    """``"Dutch system (FIDE Handbook C.04.3)"`` or the Burstein one."""
    if options.system == "burstein":
        return "Burstein system (FIDE Handbook C.04.4.2)"
    return "Dutch system (FIDE Handbook C.04.3)"


def recommended_rounds(players: int) -> int:
    """``ceil(log2 N) + 1``, at most ``N // 2`` (at least 1) for small fields."""
    if players < 2:
        return 0
    return max(1, min(math.ceil(math.log2(players)) + 1, players // 2))


def initial_colour(options: SwissOptions, seed: int | None) -> Literal["w", "b"]:
    """The colour of the top-ranked player in round 1 (C.04.3 5.1).

    ``lot`` is drawn from the event's recorded ``seed`` (the same every replay);
    with no seed at all, White.
    """
    if options.initial_colour == "white":
        return "w"
    if options.initial_colour == "black":
        return "b"
    if seed is None:
        return "w"
    import random

    return "w" if random.Random(f"{seed}:swiss:initial-colour").random() < 0.5 else "b"
