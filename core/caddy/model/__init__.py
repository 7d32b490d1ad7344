"""Value objects: what a tournament is, with no plugin host and no I/O.

Lives here: players and schedules (:mod:`~caddy.model.schedule`), time controls,
dated rounds, results and the results table, teams and team results, the
tournament's starting data and operations (:mod:`~caddy.model.tournament`),
reports (:class:`~caddy.model.report.Report`) and the printed ``--json``
documents.

Imports only :mod:`caddy.errors` and :mod:`caddy.messages`. May not import any
other caddy package: a value that needs a plugin (a renderer, a time-control
notation) is given it by the layers above, through :mod:`caddy.plugins.lookup`;
a file is read by :mod:`caddy.files` or :mod:`caddy.event`.
(docs/architecture.md; checked by ``lint-imports``.)
"""
