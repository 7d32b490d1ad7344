"""The event file as one object: :class:`EventFile`, a tournament's starting
data (:mod:`caddy.model.tournament`) and the operations applied since, with the
replayed state handed from one event to the next."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError, PluginError, RulesError

if TYPE_CHECKING:
    from caddy.plugins.host import PluginHost
from caddy.event.replay import State, apply, check_field, replay
from caddy.messages import visible
from caddy.model.schedule import Player
from caddy.model.tournament import Enter, Operation, OperationLog, Tournament
from caddy.schedule.calculator import check_limits


def _operation_log(operations: Sequence[Operation]) -> OperationLog:
    return OperationLog.of(operations)


@attrs.frozen(kw_only=True)
class EventFile:
    """The whole document."""

    tournament: Tournament
    operations: OperationLog = attrs.field(factory=OperationLog, converter=_operation_log)

    def with_operation(self, operation: Operation, *, host: PluginHost | None = None) -> EventFile:
        """The event with ``operation`` appended, checked as ``caddy pair``,
        ``caddy result``, ``caddy withdraw`` check it: a result for a board
        that does not exist, a second result, a round paired out of turn ...
        are refused (:class:`~caddy.errors.RulesError`, file unchanged).

        Building an event one operation at a time costs one replay in all:
        the replayed state passes from each event to the next (a file changed
        under its lock: :func:`caddy.event.session.open`).

        :param host: the plugin host (default: the global one).
        """
        event = attrs.evolve(self, operations=self.operations.appended(operation))
        state = _take_state(self) or replay(self, host)
        check_operation(state, operation)
        _keep_state(event, state)
        return event

    def with_entrant(
        self, player: Player, missed: str = "zero", *, host: PluginHost | None = None
    ) -> EventFile:
        """The event with a late entrant (FIDE Handbook C.04.2 2.5): ``player``
        joins the roster as its next pairing number, with an
        :class:`~caddy.model.tournament.Enter` operation; each round paired so far
        is one they missed (a bye of kind ``missed``: ``zero`` or ``half``).
        Checked as :meth:`with_operation` checks (:class:`~caddy.errors.RulesError`)."""
        state = _take_state(self) or replay(self, host)
        event = enter_player(state, player, missed)
        _keep_state(event, state)
        return event

    def undo(self, steps: int = 1, *, host: PluginHost | None = None) -> EventFile:
        """The event without its last ``steps`` operations; undoing a late
        entry (:class:`~caddy.model.tournament.Enter`) takes the entrant off the
        roster too (late entrants are the last players, in order of entry)."""
        event = without_last(self, steps)
        replay(event, host)  # the history left must replay (the dropped part need not)
        return event


def check_operation(state: State, operation: Operation) -> None:
    """Apply ``operation`` to ``state`` as the library checks it: a
    :class:`~caddy.errors.RulesError` (one line per problem) when a rule
    refuses it; a plugin's own error passes through. ``state`` may be changed
    part-way when it is refused (replay the event again to go on)."""
    try:
        apply(state, operation)
    except PluginError:
        raise
    except CaddyError as exc:
        raise RulesError(str(exc), problems=exc.problems) from None


def check_entrant(state: State, player: Player) -> None:
    """Refuse ``player`` joining the event of ``state``: a team event's players
    come with their teams; a name already in the event (players are named by
    exact name); a field the format or caddy's limits cannot take."""
    tournament = state.event.tournament
    if tournament.teams is not None:
        raise CaddyError(
            "a team event's players come with their teams (the teams file of "
            "caddy new --teams); a late player would be in no team"
        )
    players = tournament.players
    same = [i for i, p in enumerate(players, 1) if p.name == player.name]
    if same:
        raise CaddyError(
            f"{visible(player.name)} is in the event already ({same[0]}); "
            "players are named by exact name, so each name is given once"
        )
    options = tournament.format.options
    check_limits(len(players) + 1, state.fmt, options)
    check_field(state.fmt, len(players) + 1, options)


def enter_player(state: State, player: Player, missed: str = "zero") -> EventFile:
    """The event of ``state`` with the late entrant ``player`` (see
    :meth:`EventFile.with_entrant`; :func:`check_entrant` first), applied to
    ``state``, which becomes the replay of the event returned."""
    check_entrant(state, player)
    current = state.event
    operation = Enter(player=len(current.tournament.players) + 1, missed=missed)
    tournament = attrs.evolve(current.tournament, players=(*current.tournament.players, player))
    event = attrs.evolve(
        current, tournament=tournament, operations=current.operations.appended(operation)
    )
    state.event = event
    state.late += 1  # the roster grew by one whose entry is this operation
    check_operation(state, operation)
    return event


def without_last(event: EventFile, steps: int) -> EventFile:
    """``event`` without its last ``steps`` operations, not replayed (see
    :meth:`EventFile.undo`)."""
    if steps < 1:
        raise CaddyError("undo needs at least one step")
    if steps > len(event.operations):
        raise CaddyError(f"cannot undo {steps} operations: the file has {len(event.operations)}")
    kept = len(event.operations) - steps
    leaving = event.operations[kept:].count_type(Enter)
    tournament = event.tournament
    if leaving:
        tournament = attrs.evolve(tournament, players=tournament.players[:-leaving])
    return attrs.evolve(event, tournament=tournament, operations=event.operations[:kept])


#: Replayed states that :meth:`EventFile.with_operation` hands from an event to
#: the next, by ``id`` of the event (a weak reference says it is still alive).
_STATES: dict[int, tuple[weakref.ref[EventFile], State]] = {}


def _take_state(event: EventFile) -> State | None:
    """The replayed state kept for ``event`` (taken: a state is used once)."""
    kept = _STATES.pop(id(event), None)
    if kept is None or kept[0]() is not event:
        return None
    return kept[1]


def _keep_state(event: EventFile, state: State) -> None:
    state.event = event  # the state is now the replay of ``event``
    key = id(event)
    states = _STATES  # held by the callback: it may run as the interpreter exits
    _STATES[key] = (weakref.ref(event, lambda _: states.pop(key, None)), state)
