"""The event's next round, paired: what ``caddy pair EVENT`` and the arbiter's
page of ``caddy serve`` record (one code for both).

:func:`next_round` asks the event's format to pair the round after the last
one (FIDE C.04 for a Swiss, the Berger tables for a round robin, ...) and gives
the :class:`~caddy.model.tournament.PairRound` operation to apply, or the one
line that says why there is nothing to pair. A round that is not finished is
refused (:class:`~caddy.errors.CaddyError`, one line per open board).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import attrs

from caddy.contracts.format_tools import depends_on_results
from caddy.errors import CaddyError
from caddy.event.progress import over_message, unfinished
from caddy.model.tournament import PairRound
from caddy.pairing.request import request_from_state

if TYPE_CHECKING:
    from caddy.contracts import PairingFormat
    from caddy.event.replay import State

__all__ = ["NextRound", "next_round"]


@attrs.frozen
class NextRound:
    """The next round as an operation, or why there is none.

    ``operation`` is ``None`` when no round needs pairing; ``message`` then
    says why ("the event is over; ...", "fixes its schedule in advance").
    ``explanation``: the format's account of its pairing, when asked for."""

    operation: PairRound | None
    message: str = ""
    explanation: tuple[str, ...] | None = None


def next_round(state: State, *, explain: bool = False) -> NextRound:
    """Pair the round after the last one of the replayed event ``state``.

    Refused (one line per problem): the last round has boards without a
    result; the format takes its pairings typed (``manual``: ``caddy pair
    --pairings``)."""

    fmt = state.fmt
    if state.fixed:
        return NextRound(
            None, f"format '{fmt.name}' fixes its schedule in advance; no round needs pairing"
        )
    if state.rounds:
        problems = unfinished(state, state.rounds[-1])
        if problems:
            raise CaddyError(problems[0], problems=problems)
    if fmt.kind == "external" or not depends_on_results(fmt):
        raise CaddyError(
            f"format '{fmt.name}' takes its pairings typed: caddy pair EVENT --pairings \"1-4 2-3\""
        )
    pairing = cast("PairingFormat", fmt)
    request = request_from_state(state)
    rnd = pairing.next_round(request)
    if rnd is None:
        return NextRound(None, f"the event is over; {over_message(state, pairing, request)}")
    operation = PairRound(
        round=rnd.number,
        white=rnd.white,
        black=rnd.black,
        byes=rnd.byes,
        matches=rnd.matches,
        teams=rnd.teams,
    )
    explanation = tuple(pairing.explain_round(request)) if explain else None
    return NextRound(operation, "", explanation)
