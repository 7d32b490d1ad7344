"""Swiss-system pairing: the FIDE (Dutch) system, rules applied from 1 February 2026.

Public API (independent of caddy's event models, so any front end can use it):

- :func:`pair_round` (:mod:`.dutch`): a :class:`PairingRequest` in, a :class:`Pairing` out
  (``pairs`` as ``(white, black)`` TPNs in board order, ``bye``, ``explanation``);
  raises :class:`NoValidPairingError` when C1-C3 leave no pairing (FIDE Handbook C.04.3
  1.9.3), :class:`ValueError` for inconsistent input.
- :func:`pairing_as_dict`: a JSON-ready dictionary of a :class:`Pairing`.
- :mod:`.matching`: Edmonds' maximum-weight matching used by the engine; the
  engine's parts are listed in :mod:`.dutch`.

The engine reads no file: a TRF file's round to pair is read by the TRF codec
(:mod:`caddy_plugins.codecs.trf.pairing`, and
:func:`caddy_plugins.codecs.trf.dutch_input.pair_trf` for the engine's request).
"""

from __future__ import annotations

from typing import Any

from caddy_plugins.engines.dutch.dutch import BracketNote, Explanation, pair_round
from caddy_plugins.engines.dutch.model import (
    Colour,
    Entry,
    Kind,
    NoValidPairingError,
    Pairing,
    PairingRequest,
    PlayerInput,
    PointSystem,
)

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
    "pair_round",
    "pairing_as_dict",
]


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
