"""caddy's pairing contract (:class:`caddy.contracts.PairingRequest`) as the
Dutch engine's request (:func:`engine_request`): histories (rebuilt from the
played rounds for the older call that gives none), points, the initial
colour, forbidden pairs and the virtual points of accelerated pairings
(FIDE Handbook C.04.7)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from caddy.contracts import HistoryEntry, PairingPlayer, PairingRequest, PlayedRound
from caddy_plugins.formats.swiss.options import SwissOptions, initial_colour

if TYPE_CHECKING:
    from fractions import Fraction

    from caddy_plugins.engines.dutch.acceleration import VirtualPoints
    from caddy_plugins.engines.dutch.model import Entry
    from caddy_plugins.engines.dutch.model import PairingRequest as EngineRequest

__all__ = [
    "acceleration",
    "engine_request",
    "forbidden",
    "fraction",
    "history_from_played",
    "virtual_records",
]


def fraction(value: float) -> Fraction:
    from fractions import Fraction

    return Fraction(value).limit_denominator(1000)


def history_from_played(
    players: int, options: SwissOptions, played: Sequence[PlayedRound]
) -> list[list[HistoryEntry]]:
    """Histories rebuilt from rounds with results (the older ``next_round``
    call, which gives no history): games, the PAB, absences."""
    # late entrants may have numbers past the field the rounds were planned for
    players = max(
        [players]
        + [max((*r.round.white, *r.round.black, *r.round.byes), default=0) for r in played]
    )
    histories: list[list[HistoryEntry]] = [[] for _ in range(players)]
    for record in played:
        rnd = record.round
        seen: set[int] = set()
        for white, black, result in zip(rnd.white, rnd.black, record.results, strict=True):
            for player, opponent, colour, score in (
                (white, black, "w", result),
                (black, white, "b", 1 - result),
            ):
                points = (
                    options.win if score > 0.5 else options.draw if score == 0.5 else options.loss
                )
                histories[player - 1].append(
                    HistoryEntry(
                        round=rnd.number,
                        opponent=opponent,
                        colour="w" if colour == "w" else "b",
                        kind="played",
                        points=points,
                    )
                )
                seen.add(player)
        for player in rnd.byes:
            histories[player - 1].append(
                HistoryEntry(
                    round=rnd.number, opponent=None, colour=None, kind="pab", points=options.pab
                )
            )
            seen.add(player)
        for player in range(1, players + 1):
            if player not in seen:
                histories[player - 1].append(
                    HistoryEntry(
                        round=rnd.number, opponent=None, colour=None, kind="absent", points=0.0
                    )
                )
    return histories


def _entry(history: HistoryEntry) -> Entry:
    from caddy_plugins.engines.dutch.model import Entry, Kind

    kind = {
        "played": Kind.PLAYED,
        "forfeit-win": Kind.FORFEIT_WIN,
        "forfeit-loss": Kind.FORFEIT_LOSS,
        "pab": Kind.PAB,
        "half-bye": Kind.HALF_BYE,
        "full-bye": Kind.FULL_BYE,
        "zero-bye": Kind.ZERO_BYE,
        "absent": Kind.ZERO_BYE,
    }[history.kind]
    games = (Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)
    return Entry(
        kind=kind,
        points=fraction(history.points),
        opponent=history.opponent if kind in games else None,
        colour=history.colour if kind in games else None,
    )


def engine_request(request: PairingRequest, options: SwissOptions, rounds: int) -> EngineRequest:
    """caddy's pairing contract → the Dutch engine's request."""
    from fractions import Fraction

    from caddy_plugins.engines.dutch.model import PairingRequest as Request
    from caddy_plugins.engines.dutch.model import PlayerInput, PointSystem

    players: Sequence[PairingPlayer] = request.players
    if request.round > 1 and all(not p.history for p in players):
        rebuilt = history_from_played(len(players), options, request.played)
        players = [
            attrs.evolve(p, history=tuple(h), points=sum(e.points for e in h))
            for p, h in zip(players, rebuilt, strict=True)
        ]
    inputs = []
    for player in players:
        history = tuple(_entry(h) for h in player.history[: request.round - 1])
        inputs.append(
            PlayerInput(
                tpn=player.number,
                points=sum((e.points for e in history), Fraction(0)),
                history=history,
                present=not player.absent,
                rating=player.rating or 0,
            )
        )
    colour = request.initial_colour or initial_colour(options, request.seed)
    return Request(
        round_number=request.round,
        total_rounds=rounds,
        players=tuple(inputs),
        initial_colour=colour,
        points=PointSystem(
            win=fraction(options.win),
            draw=fraction(options.draw),
            loss=fraction(options.loss),
            pab=fraction(options.pab),
        ),
        forbidden_pairs=frozenset(frozenset(pair) for pair in forbidden(request, options)),
        acceleration=acceleration(options, rounds, request.round, players, request.field),
    )


def virtual_records(options: SwissOptions, rounds: int, field: int) -> tuple[VirtualPoints, ...]:
    """The virtual points of ``options.acceleration``: the Baku method's for
    ``field`` players and ``rounds`` planned rounds (C.04.7), or the given
    records."""
    from caddy_plugins.engines.dutch.acceleration import baku, parse_acceleration

    if options.acceleration == "baku":
        return baku(field, rounds, fraction(options.win))
    return parse_acceleration(options.acceleration) or ()


def acceleration(
    options: SwissOptions,
    rounds: int,
    round: int,
    players: Sequence[PairingPlayer],
    field: int | None = None,
) -> dict[tuple[int, int], Fraction]:
    """``(pairing number, round) -> virtual points`` for rounds 1..``round``
    (the engine classifies past floats by the pairing scores of their round).
    The Baku method's group A is taken from the ``field`` of the first
    pairing: late entrants, numbered after it, are in group B (C.04.7: the
    last player of group A stays the same)."""
    if options.acceleration == "none":
        return {}
    from caddy_plugins.engines.dutch.acceleration import virtual_points

    records = virtual_records(options, rounds, field or len(players))
    return virtual_points(records, round, (p.number for p in players))


def forbidden(request: PairingRequest, options: SwissOptions) -> frozenset[tuple[int, int]]:
    """The request's forbidden pairs and the ``forbidden`` option's for its round."""
    from caddy_plugins.engines.dutch.acceleration import forbidden_pairs, parse_forbidden

    pairs = {(min(a, b), max(a, b)) for a, b in request.forbidden_pairs}
    pairs.update(forbidden_pairs(parse_forbidden(options.forbidden), request.round))
    return frozenset(pairs)
