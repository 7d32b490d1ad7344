"""Views: an event as the reports and documents the renderers print.

Lives here: :mod:`~caddy.views.standings` (the one standings view of
``caddy standings`` and ``caddy publish``, built from a
:mod:`~caddy.views.source`), :mod:`~caddy.views.crosstable`,
:mod:`~caddy.views.explain`, :mod:`~caddy.views.team_standings` and
:mod:`~caddy.views.teams` (a team event's standings, crosstable, board
prizes), :mod:`~caddy.views.match_cards`, :mod:`~caddy.views.formats`,
:mod:`~caddy.views.bracket` and :mod:`~caddy.views.team_match` (what shows the
format beside the standings: who goes through, a bracket, a team score),
:mod:`~caddy.views.pairing_sheet` (a round's pairing sheet) and the text of
``caddy table``, ``calc``, ``plan`` and ``tiebreaks``
(:mod:`~caddy.views.schedule`, :mod:`~caddy.views.calc`,
:mod:`~caddy.views.plan`, :mod:`~caddy.views.tiebreaks`). Each builds a
:class:`caddy.model.report.Report`, text or a document from a replayed state
or a library result; a renderer plugin prints it.

Imports :mod:`caddy.pairing` and every package below it, but not
:mod:`caddy.files`: a view reads and writes no file. May not import publish
or the command line (docs/architecture.md; checked by ``lint-imports``).
"""
