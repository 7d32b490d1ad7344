"""``caddy publish``: an event as a static web site.

Lives here: :mod:`~caddy.publish.site` (the site, the event file replayed
once, pages written only when changed, ``--watch``), :mod:`~caddy.publish.pages`
(index, rounds, standings, crosstable), :mod:`~caddy.publish.players`,
:mod:`~caddy.publish.teams` and :mod:`~caddy.publish.folder` (its marker, no
symlink followed, stale pages removed). Pages are the views' reports (the
standings and crosstable ``caddy standings`` and ``caddy crosstable`` show,
:mod:`caddy.views.standings`), rendered by the HTML renderer plugin.

Imports :mod:`caddy.views` and every package below it. May not import the
command line (docs/architecture.md; checked by ``lint-imports``).
"""
