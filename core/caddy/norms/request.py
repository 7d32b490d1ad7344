"""The norm requests of an event: one :class:`~caddy.contracts.norms.NormRequest`
per player, from its results (an event file's complete rounds, or a file a
codec reads) and, for an event file, the rounds its schedule still fixes."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence

import attrs

from caddy.contracts.norms import NormPlayer, NormRequest, NormRound
from caddy.model.results import (
    EventPlayer,
    ResultsTable,
    RoundResult,
    is_round_robin,
    round_robin_cycles,
)


@attrs.frozen(kw_only=True)
class EventShape:
    """What the results alone do not say: the rounds scheduled in all, the
    dates, and the opponents the schedule fixes for the rounds to come."""

    #: Rounds in all (``None``: the rounds of the results).
    scheduled_rounds: int | None = None
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    #: Per player (pairing number), the opponents of the rounds to come, in order.
    upcoming: Mapping[int, tuple[int | None, ...]] = attrs.field(factory=dict)
    #: A round robin (``None``: as the results show it).
    pre_determined: bool | None = None


def score_vs_rated(event: ResultsTable, number: int) -> float:
    """Points ``number`` scored over the board against rated opponents."""
    players = event.players
    return sum(
        rr.points
        for rr in event.results[number - 1]
        if rr.code in ("1", "=", "0")
        and rr.opponent is not None
        and players[rr.opponent - 1].rating
    )


def norm_player(player: EventPlayer, score: float) -> NormPlayer:
    """``player`` as the norm rules see them; ``score``: their points over
    the board against rated opponents (B.01 1.4.2b)."""
    return NormPlayer(
        number=player.number,
        name=player.name,
        rating=player.rating or None,
        title=player.title or None,
        federation=player.federation or None,
        fide_id=player.fide_id or None,
        sex=player.sex or None,
        score_vs_rated=score,
    )


def norm_requests(
    event: ResultsTable,
    shape: EventShape | None = None,
    options: Mapping[str, str] | None = None,
) -> list[NormRequest]:
    """One request per player of ``event`` (pairing-number order)."""
    shape = shape or EventShape()
    people = [norm_player(p, score_vs_rated(event, p.number)) for p in event.players]
    pre_determined = shape.pre_determined
    if pre_determined is None:
        pre_determined = bool(event.pre_determined) or is_round_robin(event)
    cycles = round_robin_cycles(
        len(event.players), ([rr.opponent for rr in row] for row in event.results)
    )
    if not cycles and pre_determined and shape.scheduled_rounds and len(people) > 1:
        cycles = max(1, shape.scheduled_rounds // (len(people) - 1 + len(people) % 2))
    scheduled = max(shape.scheduled_rounds or 0, event.rounds)
    return [
        NormRequest(
            event=event.name,
            start_date=shape.start_date or event.start_date,
            end_date=shape.end_date,
            player=person,
            rounds=_rounds(event.results[person.number - 1], people),
            scheduled_rounds=scheduled,
            pre_determined=pre_determined,
            cycles=cycles,
            players=len(people),
            upcoming=_upcoming(shape.upcoming.get(person.number, ()), people),
            options=dict(options or {}),
        )
        for person in people
    ]


def _rounds(row: Sequence[RoundResult], people: Sequence[NormPlayer]) -> tuple[NormRound, ...]:
    rounds = []
    for number, (opponent, _, code, points) in enumerate(row, 1):
        rounds.append(
            NormRound(
                round=number,
                code=code,
                points=points,
                opponent=None if opponent is None else people[opponent - 1],
            )
        )
    return tuple(rounds)


def _upcoming(
    numbers: Sequence[int | None], people: Sequence[NormPlayer]
) -> tuple[NormPlayer | None, ...]:
    return tuple(None if n is None else people[n - 1] for n in numbers)
