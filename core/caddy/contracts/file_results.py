"""What a codec's ``caddy_read_results`` hook gives: :class:`FileResults`, a
file's results as the file states them, for ranking.

A module of its own (importable from :mod:`caddy.contracts.codecs` too), so
that ranking a file (``caddy standings FILE.trf``) does not create the codecs'
other classes (:class:`~caddy.contracts.codecs.Imported`, ``Exported``,
``FileCheck``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from caddy.model.results import ResultsTable


@attrs.frozen(kw_only=True)
class FileResults:
    """A file's results as the file states them, for ranking (hook
    ``caddy_read_results``): for a format that records more than an event
    file holds (stated points, bye values, annulled players)."""

    event: ResultsTable
    warnings: tuple[str, ...] = ()
    #: The rounds the file plans, when it says (TRF's XXR or 142): ``event`` holds
    #: the rounds with results only, so a file written before its last rounds
    #: says here how many are to come. ``None``: the file does not say.
    planned_rounds: int | None = None
