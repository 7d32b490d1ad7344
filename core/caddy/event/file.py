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
from caddy.event.replay import State, apply, replay
from caddy.model.schedule import Player
from caddy.model.tournament import Enter, Operation, OperationLog, Tournament


def _operation_log(operations: Sequence[Operation]) -> OperationLog:
    return OperationLog.of(operations)


@attrs.frozen(kw_only=True)
class EventFile:
    """The whole document."""

    tournament: Tournament
    operations: OperationLog = attrs.field(factory=OperationLog, converter=_operation_log)

    def with_operation(
        self, operation: Operation, *, host: PluginHost | None = None, check: bool = True
    ) -> EventFile:
        """The event with ``operation`` appended, checked as ``caddy pair``,
        ``caddy result``, ``caddy withdraw`` check it: a result for a board
        that does not exist, a second result, a round paired out of turn ...
        are refused (:class:`~caddy.errors.RulesError`, file unchanged).

        Building an event one operation at a time costs one replay in all:
        the replayed state passes from each event to the next.

        :param host: the plugin host (default: the global one).
        :param check: ``False`` appends without checking (the caller applied
            the operation to a replayed state already, as the CLI does).
        """
        event = attrs.evolve(self, operations=self.operations.appended(operation))
        if not check:
            return event
        state = _take_state(self) or replay(self, host)
        try:
            apply(state, operation)
        except PluginError:
            raise
        except CaddyError as exc:
            raise RulesError(str(exc), problems=exc.problems) from None
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
        operation = Enter(player=len(self.tournament.players) + 1, missed=missed)
        tournament = attrs.evolve(self.tournament, players=(*self.tournament.players, player))
        event = attrs.evolve(
            self, tournament=tournament, operations=self.operations.appended(operation)
        )
        state.event = event
        state.late += 1  # the roster grew by one whose entry is this operation
        try:
            apply(state, operation)
        except PluginError:
            raise
        except CaddyError as exc:
            raise RulesError(str(exc), problems=exc.problems) from None
        _keep_state(event, state)
        return event

    def undo(self, steps: int = 1, *, host: PluginHost | None = None) -> EventFile:
        """The event without its last ``steps`` operations; undoing a late
        entry (:class:`~caddy.model.tournament.Enter`) takes the entrant off the
        roster too (late entrants are the last players, in order of entry)."""
        if steps < 1:
            raise CaddyError("undo needs at least one step")
        if steps > len(self.operations):
            raise CaddyError(f"cannot undo {steps} operations: the file has {len(self.operations)}")
        kept = len(self.operations) - steps
        leaving = self.operations[kept:].count_type(Enter)
        tournament = self.tournament
        if leaving:
            tournament = attrs.evolve(tournament, players=tournament.players[:-leaving])
        event = attrs.evolve(self, tournament=tournament, operations=self.operations[:kept])
        replay(event, host)  # the history left must replay (the dropped part need not)
        return event


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
