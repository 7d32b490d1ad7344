"""Team-Swiss pairing: the FIDE Swiss Team Pairing System (C.04.6, applied from 1 February 2026).

Public API (independent of caddy's event models): :func:`pair_teams` takes a
:class:`TeamPairingRequest` and returns a :class:`TeamPairing` (matches as
``(team with White on board 1, other team)`` TPNs, higher scores first, and the team with
the pairing-allocated bye); :class:`NoTeamPairingError` when [C1]-[C3] leave no pairing.
Baku acceleration (C.04.7) enters as virtual points per team and round. The defaults
follow the 2026 text; other readings of it (4.3.1, 4.3.6, the final rounds without
[C7]/[C10] or [C8]/[C9], a [C6] colour look-ahead) are fields of the request.
"""

from __future__ import annotations

from caddy_plugins.engines.team_swiss.engine import pair_teams
from caddy_plugins.engines.team_swiss.model import (
    Colour,
    NoTeamPairingError,
    TeamInput,
    TeamPairing,
    TeamPairingRequest,
    TeamRound,
)

__all__ = [
    "Colour",
    "NoTeamPairingError",
    "TeamInput",
    "TeamPairing",
    "TeamPairingRequest",
    "TeamRound",
    "pair_teams",
]
