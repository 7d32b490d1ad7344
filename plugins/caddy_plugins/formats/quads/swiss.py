"""The Swiss section of a quads event: the lowest 5 to 7 players (US Chess rule 30G's
practice) play a 3-round Swiss among themselves, paired round by round from their
own results by the FIDE Dutch system (FIDE Handbook C.04.3).

:func:`pair_section` cuts the event's :class:`~caddy.contracts.PairingRequest`
down to the section: the section's players renumbered 1..k in pairing-number
order (so the Dutch rules see them ranked as the event ranks them, C.04.2 2.1),
their history with opponents renumbered the same way (they only ever met each
other), the pairs that must not meet inside the section; then the Dutch engine
of the ``swiss`` format pairs it and the answer is numbered back. An odd
section gets the pairing-allocated bye (C.04.1 rule 3), at most once per
player (C.04.3 1.9.1 C2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from caddy.contracts import HistoryEntry, PairingPlayer, PairingRequest, PlayedRound

if TYPE_CHECKING:
    from caddy.model.schedule import Round

#: Rounds of the Swiss section: the quads' three (US Chess: "a 3-round Swiss").
SWISS_ROUNDS = 3


def _local_history(
    history: Sequence[HistoryEntry], local: dict[int, int]
) -> tuple[HistoryEntry, ...]:
    return tuple(
        attrs.evolve(h, opponent=None if h.opponent is None else local.get(h.opponent))
        for h in history
    )


def _local_played(played: Sequence[PlayedRound], local: dict[int, int]) -> tuple[PlayedRound, ...]:
    """The rounds played, cut to the section's boards and byes, renumbered."""
    from caddy.model.schedule import Round

    result = []
    for record in played:
        rnd = record.round
        boards = [
            (local[w], local[b], r)
            for w, b, r in zip(rnd.white, rnd.black, record.results, strict=True)
            if w in local and b in local
        ]
        result.append(
            PlayedRound(
                round=Round(
                    number=rnd.number,
                    white=tuple(w for w, _, _ in boards),
                    black=tuple(b for _, b, _ in boards),
                    byes=tuple(local[p] for p in rnd.byes if p in local),
                ),
                results=tuple(r for _, _, r in boards),
            )
        )
    return tuple(result)


def section_request(
    request: PairingRequest, members: Sequence[int], rounds: int = SWISS_ROUNDS
) -> PairingRequest:
    """``request`` cut to the players ``members`` (event pairing numbers, in
    order), renumbered 1..k, as a request of the ``swiss`` format."""
    from caddy_plugins.formats.swiss import SwissOptions

    local = {number: index for index, number in enumerate(members, 1)}
    players: list[PairingPlayer] = []
    for number in members:
        player = request.players[number - 1]
        players.append(
            attrs.evolve(
                player, number=local[number], history=_local_history(player.history, local)
            )
        )
    return PairingRequest(
        round=request.round,
        planned_rounds=rounds,
        players=tuple(players),
        options=SwissOptions(rounds=rounds),
        initial_colour=request.initial_colour,
        forbidden_pairs=frozenset(
            (min(local[a], local[b]), max(local[a], local[b]))
            for a, b in request.forbidden_pairs
            if a in local and b in local
        ),
        played=_local_played(request.played, local),
        seed=request.seed,
    )


def pair_section(
    request: PairingRequest, members: Sequence[int], rounds: int = SWISS_ROUNDS
) -> Round | None:
    """The section's pairing for ``request.round`` by the Dutch system, in event
    pairing numbers (``None`` after its ``rounds``). Raises
    :class:`~caddy.errors.CaddyError` when no pairing satisfies the absolute
    criteria (C.04.3 1.9.3: the arbiter decides)."""
    from caddy.model.schedule import Round
    from caddy_plugins.formats.swiss import Swiss

    rnd = Swiss().next_round(section_request(request, members, rounds))
    if rnd is None:
        return None
    back = dict(enumerate(members, 1))
    return Round(
        number=rnd.number,
        white=tuple(back[w] for w in rnd.white),
        black=tuple(back[b] for b in rnd.black),
        byes=tuple(back[p] for p in rnd.byes),
    )
