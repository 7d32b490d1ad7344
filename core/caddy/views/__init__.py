"""Views: an event as the reports and documents the renderers print.

Lives here: :mod:`~caddy.views.pairing_sheet` (a round's pairing sheet),
:mod:`~caddy.views.formats` (what shows the format beside the standings: a
bracket, who goes through, a team score) and :mod:`~caddy.views.teams` (a team
event's standings, crosstable, board prizes, match cards). Each builds a
:class:`caddy.model.report.Report` or a document from a replayed state; a
renderer plugin prints it.

Imports :mod:`caddy.pairing` and every package below it, but not
:mod:`caddy.files`: a view reads and writes no file. May not import publish
or the command line (docs/architecture.md; checked by ``lint-imports``).
"""
