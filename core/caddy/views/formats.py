"""What every view of an event's format shares (``caddy standings``, ``caddy
crosstable``, ``caddy publish``): a :class:`View` (tables and notes added to a
report) and who a knockout stage seeds from the groups (:func:`seeds`,
:func:`qualifier_notes`). The bracket itself is :mod:`caddy.views.bracket`, a
team match's score :mod:`caddy.views.team_match`.

Core asks the format through the contract (:class:`caddy.contracts.Format`):
:meth:`~caddy.contracts.Format.bracket_seeds` (who a knockout stage seeds, ``A1``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from caddy.model.report import Table

if TYPE_CHECKING:
    from caddy.contracts import PairingRequest
    from caddy.event.replay import State
    from caddy.model.schedule import Section


@attrs.frozen(kw_only=True)
class View:
    """Tables and notes a command adds to its report."""

    tables: tuple[Table, ...] = ()
    notes: tuple[str, ...] = ()


def request_of(state: State) -> PairingRequest:
    """The event's rounds so far, as the format reads them."""
    # lazy: start-up: a TRF file's standings (a View, nothing of the format) never pair
    from caddy.pairing.request import request_from_state

    return request_from_state(state)


def seeds(state: State) -> Mapping[int, str]:
    """The players the knockout stage seeds, with their labels (``A1``); ``{}``
    while unknown or when the bracket is seeded by pairing number."""
    if not state.fmt.has_matches or not state.rounds:
        return {}
    return state.fmt.bracket_seeds(request_of(state))


def qualifier_notes(state: State, sections: Sequence[Section]) -> tuple[str, ...]:
    """One line per group: who goes through, as which seed (``A1, A2 go through``)."""
    labels = seeds(state)
    if not labels:
        return ()
    players = state.event.tournament.players
    notes = []
    for section in sections:
        through = sorted((labels[p], p) for p in section.players if p in labels)
        if through:
            names = ", ".join(f"{label} {players[p - 1].name} ({p})" for label, p in through)
            short = ", ".join(label for label, _ in through)
            verb = "goes" if len(through) == 1 else "go"
            notes.append(f"{section.name}: {short} {verb} through ({names})")
    return tuple(notes)


# -- JSON (caddy standings --json) ---------------------------------------------------------
