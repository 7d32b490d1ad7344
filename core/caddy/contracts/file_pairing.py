"""What a codec reads from a file (not an event file) to pair its next round
(hook ``caddy_pairing_input``, ``caddy pair FILE.trf``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from caddy.contracts.pairing import PairingRequest
    from caddy.model.schedule import Player, Round


@attrs.frozen(kw_only=True)
class FilePairing:
    """A file's round to pair, as its codec reads it (hook ``caddy_pairing_input``)."""

    #: The request for the round to pair (its ``round``), options included.
    request: PairingRequest
    #: The registered format that pairs it (``swiss``).
    format: str
    #: The file's players by pairing number (names and ratings for the sheet).
    players: tuple[Player, ...]
    #: The round after the last one with a game in the file.
    next_round: int
    #: The file's bytes with the paired round added (``caddy pair -o``).
    write: Callable[[Round], bytes]
