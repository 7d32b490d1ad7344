"""caddy's built-in plugins: formats and time-control notations.

They register through the same entry-point groups and hooks a third-party
plugin uses (see ``pyproject.toml`` and :mod:`caddy.plugins.hookspecs`).
"""
