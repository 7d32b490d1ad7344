"""Named tie-break lists (``--tiebreaks rr``), FIDE Handbook C.07.

``rr``: the list for round robins and other pre-determined pairings
(Sonneborn–Berger, direct encounter, Koya); ``swiss``: for events paired as
they go (Buchholz cut 1, Buchholz, Sonneborn–Berger, direct encounter,
wins); ``c02``: FIDE's older C.02 round-robin list. The first two are the
default lists (docs/standings.md); ``teams-rr`` and ``teams-swiss`` are the
defaults of team events.
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
        name="teams-rr",
        summary="team round robins (C.07 Art. 13: extended direct encounter, then MPvGP, then board count)",
        tiebreaks=("EDE", "MPvGP", "BC"),
        default_for=("teams-pre-determined",),
    ),
    Preset(
        name="teams-swiss",
        summary="team Swiss events (C.07 Art. 13: EDE, EMGSB cut 1, Buchholz on MP cut 1, MPvGP)",
        tiebreaks=("EDE/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"),
        default_for=("teams-other",),
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
