"""Named tie-break lists (``--tiebreaks rr``), FIDE Handbook C.07.

``rr``: the list for round robins and other pre-determined pairings
(Sonneborn–Berger, direct encounter, Koya); ``swiss``: for events paired as
they go (Buchholz cut 1, Buchholz, Sonneborn–Berger, direct encounter,
wins); ``c02``: FIDE's older C.02 round-robin list. The first two are the
default lists (docs/standings.md).
"""

from __future__ import annotations

from collections.abc import Callable

from caddy import hookimpl
from caddy.contracts import Preset

PRESETS = (
    Preset(
        name="rr",
        summary="round robins and other pre-determined pairings",
        tiebreaks=("SB", "DE", "KS"),
        default_for=("pre-determined",),
    ),
    Preset(
        name="swiss",
        summary="Swiss and events paired as they go",
        tiebreaks=("BH/C1", "BH", "SB", "DE", "WIN"),
        default_for=("other",),
    ),
    Preset(
        name="c02",
        summary="FIDE's older C.02 round-robin list",
        tiebreaks=("DE", "WIN", "SB", "KS"),
    ),
)


@hookimpl
def caddy_register_tiebreak_presets(register: Callable[[Preset], None]) -> None:
    for preset in PRESETS:
        register(preset)
