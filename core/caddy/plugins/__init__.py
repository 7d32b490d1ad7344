"""The plugin host: finding, loading and keeping the plugins.

Lives here: :mod:`~caddy.plugins.hookspecs` (the plugin API, ``caddy_*``
hooks), :mod:`~caddy.plugins.discovery` (entry points),
:mod:`~caddy.plugins.registry` (a registry per kind), :mod:`~caddy.plugins.host`
(:class:`~caddy.plugins.host.PluginHost`; :func:`~caddy.plugins.host.resolve`,
the one place a default host is chosen) and :mod:`~caddy.plugins.lookup`
(every "find the plugin for X": a codec for a file, a renderer by name, a
time-control notation, the formats' shorthands).

Imports :mod:`caddy.contracts`, :mod:`caddy.model` and the leaves. May not
import standings, schedule, event or anything above, nor :mod:`caddy.files`;
never imports a plugin module (docs/architecture.md; checked by ``lint-imports``).
"""
