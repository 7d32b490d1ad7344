"""Who made a title norm in an event: every player's requests asked of the
norm rules a plugin registers (hook ``caddy_register_norms``; ``fide`` by
default), read from an event file's state or from a file's results."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from caddy.contracts.norms import NormRequest, NormResult
from caddy.errors import CaddyError
from caddy.event.results import results_event
from caddy.event.rounds import planned_rounds
from caddy.norms.request import EventShape, norm_requests
from caddy.plugins.host import resolve

if TYPE_CHECKING:
    from caddy.contracts.norms import NormRules
    from caddy.event.replay import State
    from caddy.model.results import ResultsTable
    from caddy.plugins.host import PluginHost

#: The rules ``caddy norms`` checks unless ``--rules`` names others.
DEFAULT_RULES = "fide"


@attrs.frozen(kw_only=True)
class PlayerNorms:
    """One player's results, one per title the rules check."""

    request: NormRequest
    results: tuple[NormResult, ...]


@attrs.frozen(kw_only=True)
class NormsCheck:
    """Every player's norm results (pairing-number order)."""

    event: str
    rules: str
    forecast: bool
    rounds: int
    scheduled_rounds: int
    players: tuple[PlayerNorms, ...]


def state_shape(state: State) -> EventShape:
    """What an event file adds to its results: the rounds planned, the
    dates, the opponents its schedule fixes for the rounds not complete."""
    tournament = state.event.tournament
    done = results_event(state, empty=True).rounds
    upcoming: dict[int, list[int | None]] = {n: [] for n in range(1, state.players + 1)}
    for rnd in state.rounds[done:]:
        met: dict[int, int] = {}
        for white, black in zip(rnd.white, rnd.black, strict=True):
            met[white], met[black] = black, white
        for number, row in upcoming.items():
            row.append(met.get(number))
    return EventShape(
        scheduled_rounds=planned_rounds(state),
        start_date=tournament.start,
        end_date=tournament.end,
        upcoming={n: tuple(row) for n, row in upcoming.items()},
        pre_determined=state.fixed or None,
    )


def played_rounds(event: ResultsTable, shape: EventShape | None) -> tuple[ResultsTable, EventShape]:
    """``event`` without its trailing rounds that nobody played (every cell
    an unpaired zero: rounds listed before they were played), and ``shape``
    planning those rounds still."""
    shape = shape or EventShape()
    played = event.rounds
    while played and all(
        row[played - 1].opponent is None and row[played - 1].code == "Z" for row in event.results
    ):
        played -= 1
    if played == event.rounds:
        return event, shape
    planned = max(shape.scheduled_rounds or 0, event.rounds)
    trimmed = attrs.evolve(
        event, rounds=played, results=tuple(row[:played] for row in event.results)
    )
    return trimmed, attrs.evolve(shape, scheduled_rounds=planned)


def rules_named(name: str | None, host: PluginHost | None = None) -> NormRules:
    """The norm rules called ``name`` (default :data:`DEFAULT_RULES`)."""
    found: NormRules = resolve(host).registry("norms").get(name or DEFAULT_RULES)
    return found


def check_norms(
    event: ResultsTable,
    *,
    shape: EventShape | None = None,
    options: Mapping[str, str] | None = None,
    rules: str | None = None,
    forecast: bool = False,
    player: str | None = None,
    host: PluginHost | None = None,
) -> NormsCheck:
    """Every player's (or ``player``'s: a pairing number or a name) norm
    results under ``rules``; ``forecast``: also what the rounds to come need."""
    if not event.players:
        raise CaddyError("the event has no players")
    chosen = rules_named(rules, host)
    event, shape = played_rounds(event, shape)
    requests = norm_requests(event, shape, options)
    if player is not None:
        requests = [requests[event.find(player).number - 1]]
    return NormsCheck(
        event=event.name,
        rules=chosen.name,
        forecast=forecast,
        rounds=event.rounds,
        scheduled_rounds=requests[0].scheduled_rounds if requests else event.rounds,
        players=tuple(
            PlayerNorms(request=r, results=tuple(chosen.check(r, forecast))) for r in requests
        ),
    )
