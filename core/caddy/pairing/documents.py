"""A paired round as the documents ``caddy pair`` prints: the JSON document
(:func:`pairing_document`, schema ``caddy.pairing``) and the pairing engines'
exchange lines (:func:`javafo_text`, as JaVaFo and bbpPairings write them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from caddy.model.documents import PairByeData, PairData, PairingDocument
from caddy.model.team_documents import TeamByeData, TeamPairData

if TYPE_CHECKING:
    from caddy.model.schedule import Round


def pairing_document(paired: Round, explanation: Sequence[str] | None = None) -> PairingDocument:
    """The ``caddy.pairing`` document: the boards in order with their White and
    Black pairing numbers, the pairing-allocated bye as kind ``pab``; a team
    event's matches by team number (the team with White on board 1 first) and
    team byes; ``explanation`` when given."""
    teams = paired.teams
    return PairingDocument(
        round=paired.number,
        pairs=tuple(
            PairData(board=board, white=white, black=black)
            for board, (white, black) in enumerate(zip(paired.white, paired.black, strict=True), 1)
        ),
        byes=tuple(PairByeData(player=player, kind="pab") for player in paired.byes),
        matches=None
        if teams is None
        else tuple(
            TeamPairData(
                match=m,
                white=match.white,
                black=match.black,
                white_lineup=match.white_lineup,
                black_lineup=match.black_lineup,
            )
            for m, match in enumerate(teams.matches, 1)
        ),
        team_byes=None
        if teams is None
        else tuple(TeamByeData(team=b.team, kind=b.kind) for b in teams.byes),
        explanation=None if explanation is None else tuple(explanation),
    )


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
