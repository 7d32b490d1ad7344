"""A paired round as the documents ``caddy pair`` prints: the JSON document
(:func:`pairing_document`, schema ``caddy.pairing``) and the pairing engines'
exchange lines (:func:`javafo_text`, as JaVaFo and bbpPairings write them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from caddy.model.schedule import Round


#: The schema and version of the document ``caddy pair --json`` prints.
PAIRING_SCHEMA = "caddy.pairing"


PAIRING_VERSION = 1


def pairing_document(paired: Round, explanation: Sequence[str] | None = None) -> dict[str, Any]:
    """``{"schema": "caddy.pairing", "version": 1, "round", "pairs", "byes"}``:
    the boards in order with their White and Black pairing numbers, the
    pairing-allocated bye as kind ``pab``; ``explanation`` when given."""
    document: dict[str, Any] = {
        "schema": PAIRING_SCHEMA,
        "version": PAIRING_VERSION,
        "round": paired.number,
        "pairs": [
            {"board": board, "white": white, "black": black}
            for board, (white, black) in enumerate(zip(paired.white, paired.black, strict=True), 1)
        ],
        "byes": [{"player": player, "kind": "pab"} for player in paired.byes],
    }
    if paired.teams is not None:
        # a team event: the matches by team number (the team with White on board 1 first)
        document["matches"] = [
            {
                "match": m,
                "white": match.white,
                "black": match.black,
                "white_lineup": list(match.white_lineup),
                "black_lineup": list(match.black_lineup),
            }
            for m, match in enumerate(paired.teams.matches, 1)
        ]
        document["team_byes"] = [{"team": b.team, "kind": b.kind} for b in paired.teams.byes]
    if explanation is not None:
        document["explanation"] = list(explanation)
    return document


def javafo_text(paired: Round) -> str:
    """The pairing engines' exchange form (JaVaFo, bbpPairings): the number of
    pairs, then ``white black`` per board, ``player 0`` for the pairing-allocated
    bye; for a team event, the matches by team number."""
    if paired.teams is not None:
        lines = [f"{m.white} {m.black}" for m in paired.teams.matches]
        lines += [f"{b.team} 0" for b in paired.teams.byes if b.kind == "pab"]
        return "".join(f"{line}\n" for line in [str(len(lines)), *lines])
    lines = [f"{white} {black}" for white, black in zip(paired.white, paired.black, strict=True)]
    lines += [f"{player} 0" for player in paired.byes]
    return "".join(f"{line}\n" for line in [str(len(lines)), *lines])
