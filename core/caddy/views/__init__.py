"""Views of an event for the renderers (:class:`caddy.model.report.Report`) and
as JSON documents: the standings (:mod:`caddy.views.standings`, built from a
:mod:`caddy.views.source`), the crosstable, a team event's views, the
format's views (a knockout's bracket, a team match's score), pairing sheets,
match cards and schedules. ``caddy standings``, ``caddy crosstable``,
``caddy table``, ``caddy cards`` and ``caddy publish`` show them."""
