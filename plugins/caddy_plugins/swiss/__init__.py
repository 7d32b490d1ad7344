"""Swiss-system pairing: the FIDE (Dutch) system, rules applied from 1 February 2026.

Public API (independent of caddy's event models, so any front end can use it):

- :func:`pair_round` (:mod:`.dutch`): a :class:`PairingRequest` in, a :class:`Pairing` out
  (``pairs`` as ``(white, black)`` TPNs in board order, ``bye``, ``explanation``);
  raises :class:`NoValidPairingError` when C1-C3 leave no pairing (FIDE Handbook C.04.3
  1.9.3), :class:`ValueError` for inconsistent input.
- :func:`pair_trf` (below): pair the next (or a given) round of a TRF file.
- :func:`pairing_as_dict`: a JSON-ready dictionary of a :class:`Pairing`.
- :mod:`.trf_input`: reading TRF files into requests; :mod:`.matching`: Edmonds'
  maximum-weight matching used by the engine; the engine's parts are listed in
  :mod:`.dutch`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from caddy_plugins.swiss.dutch import BracketNote, Explanation, pair_round
from caddy_plugins.swiss.model import (
    Colour,
    Entry,
    Kind,
    NoValidPairingError,
    Pairing,
    PairingRequest,
    PlayerInput,
    PointSystem,
)
from caddy_plugins.swiss.trf_input import TrfError, TrfTournament, read_trf, request_for_round

__all__ = [
    "BracketNote",
    "Colour",
    "Entry",
    "Explanation",
    "Kind",
    "NoValidPairingError",
    "Pairing",
    "PairingRequest",
    "PlayerInput",
    "PointSystem",
    "TrfError",
    "pair_round",
    "pair_trf",
    "pairing_as_dict",
]


def pair_trf(
    source: Path | str | TrfTournament,
    round_number: int | None = None,
    *,
    total_rounds: int | None = None,
    initial_colour: Colour | None = None,
) -> Pairing:
    """Pair ``round_number`` of a TRF file (default: the round after the last one paired).

    Rounds before it are the history; that round's cells holding ``H``, ``F`` or ``Z``
    with no opponent are announced absences (TRF-2026). ``total_rounds`` and
    ``initial_colour`` replace the file's XXR/142 and XXC/152. Raises :class:`TrfError`
    for a file that cannot be used (missing number of rounds, round outside them),
    :class:`NoValidPairingError` when no pairing exists, :class:`ValueError` for
    inconsistent histories, :class:`OSError` when the file cannot be read.
    """
    trf = source if isinstance(source, TrfTournament) else read_trf(source)
    rnd = trf.rounds_paired + 1 if round_number is None else round_number
    request = request_for_round(trf, rnd, total_rounds=total_rounds, initial_colour=initial_colour)
    return pair_round(request)


def pairing_as_dict(pairing: Pairing, round_number: int | None = None) -> dict[str, Any]:
    """``{"round", "boards": [{"board", "white", "black"}], "bye", "explanation"}``."""
    explanation = pairing.explanation
    lines = explanation.lines() if isinstance(explanation, Explanation) else []
    rnd = explanation.round_number if isinstance(explanation, Explanation) else round_number
    return {
        "round": rnd,
        "boards": [
            {"board": i, "white": w, "black": b} for i, (w, b) in enumerate(pairing.pairs, 1)
        ],
        "bye": pairing.bye,
        "explanation": lines,
    }
