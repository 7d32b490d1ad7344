"""Standings: ranking by score, then by the tie-breaks, and the tables around it.

Lives here: :mod:`~caddy.standings.ranking` (``standings``, shared places,
drawing of lots, sections), :mod:`~caddy.standings.explain` (how each
tie-break value was computed), :mod:`~caddy.standings.table` (the shape of a
ranking), crosstables, team standings and board prizes. Tie-breaks are
plugins, asked through the host the caller passes and one
:class:`caddy.contracts.tiebreak_table.TieBreakTable` per ranking.

Imports :mod:`caddy.plugins`, :mod:`caddy.contracts`, :mod:`caddy.model` and
the leaves. May not import :mod:`caddy.schedule` (neither knows the other),
event or anything above, nor :mod:`caddy.files`: it ranks results it is
given (docs/architecture.md; checked by ``lint-imports``).
"""
