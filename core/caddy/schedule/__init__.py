"""Schedules in time: the round and time calculator, the planner, calendars.

Lives here: :mod:`~caddy.schedule.calculator` (``caddy calc``),
:mod:`~caddy.schedule.planner` (``caddy plan``) and :mod:`~caddy.schedule.ics`
(iCalendar files; the optional ``icalendar`` package is imported only there).

Imports :mod:`caddy.plugins`, :mod:`caddy.contracts`, :mod:`caddy.files`,
:mod:`caddy.model` and the leaves. May not import :mod:`caddy.standings`
(neither knows the other), event or anything above: the command line passes
it what it needs (docs/architecture.md; checked by ``lint-imports``).
"""
