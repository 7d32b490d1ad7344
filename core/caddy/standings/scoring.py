"""The score an event's standings rank by when its format scores its own way
(a Keizer total): :class:`FormatScoring`, the format and its options, asked
for :meth:`~caddy.contracts.Format.standings_scores` of the very results a
ranking ranks (a section's own, for a sectioned event).

Every ranking of an event's players (``caddy standings``, ``caddy
crosstable``, ``caddy publish``'s pages, the winner ``caddy pair`` names, a
TRF export's ranks) passes one to :func:`caddy.standings.ranking.standings`,
:func:`~caddy.standings.ranking.standings_for` or
:func:`~caddy.standings.crosstable.crosstable` as ``scoring=``; the event
layer builds it from a replayed state
(:func:`caddy.event.progress.format_scoring`). The scores are checked like a
tie-break's values: one finite number per player, else a
:class:`~caddy.errors.PluginError` naming the format.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from caddy.errors import PluginError

if TYPE_CHECKING:
    from caddy.contracts import Format
    from caddy.model.results import ResultsTable

__all__ = ["FormatScoring", "checked_scores"]


def checked_scores(scores: object, count: int, who: str, plugin: str | None = None) -> list[float]:
    """``scores`` as a list of ``count`` finite numbers, one per player.

    :param who: who gave them, for the message (``"format 'keizer'"``).
    :raises PluginError: one line naming ``who``.
    """
    if not isinstance(scores, (list, tuple)):
        raise PluginError(
            f"{who} gave {repr(scores)[:40]} as standings scores, not {count} numbers",
            plugin=plugin,
        )
    if len(scores) != count:
        raise PluginError(
            f"{who} gave {len(scores)} standings scores for {count} players", plugin=plugin
        )
    for number, value in enumerate(scores, 1):
        try:
            finite = not isinstance(value, bool) and math.isfinite(value)
        except TypeError:
            finite = False
        if not finite:
            raise PluginError(
                f"{who} gave player {number} the standings score {repr(value)[:40]}, "
                "not a finite number",
                plugin=plugin,
            )
    return [float(value) for value in scores]


@attrs.frozen
class FormatScoring:
    """An event's format and its options: what its standings rank by."""

    fmt: Format
    options: Any

    def scores(self, event: ResultsTable) -> list[float] | None:
        """The format's score of each player of ``event`` (pairing-number
        order), checked; ``None``: the format ranks by the points."""
        given: Sequence[float] | None = self.fmt.standings_scores(event, self.options)
        if given is None:
            return None
        return checked_scores(
            given, len(event.players), f"format '{self.fmt.name}'", type(self.fmt).__module__
        )
