"""``caddy plugins``: list the plugins and what each registers."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from caddy.cli.common import Commands
    from caddy.plugins.host import PluginHost


def add_plugins(commands: Commands) -> None:
    plugins = commands.add_parser("plugins", help="list plugins and what they register")
    plugins.add_argument("--json", action="store_true", help="print a caddy.plugins JSON document")
    plugins.set_defaults(run=cmd_plugins)


def cmd_plugins(ns: argparse.Namespace, host: PluginHost) -> int:
    records = host.plugin_records()
    if ns.json:
        import sys

        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.model.documents import PluginsDocument, write

        document = PluginsDocument(plugins=tuple(r.document() for r in records))
        write(document, sys.stdout, ensure_ascii=True)
        return 0
    for record in records:
        origin = (
            f"{record.distribution} {record.version}" if record.distribution else "no distribution"
        )
        print(f"{record.name}  ({record.module}; {origin})")
        if record.error:
            print(f"    failed to load: {record.error}")
        for kind, names in sorted(record.registers.items()):
            print(f"    {kind.replace('_', ' ')}: {', '.join(sorted(names))}")
            if kind == "formats":  # each format's options and their defaults
                for name in sorted(names):
                    print(f"    {name} options: {_options(host, name)}")
    return 0


def _options(host: PluginHost, name: str) -> str:
    """``KEY=DEFAULT, ...`` of a format's options (``none`` when it has none)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.contracts.format_tools import option_summary

    values = option_summary(host.format(name).Options())
    return ", ".join(f"{key}={_text(value)}" for key, value in values.items()) or "none"


def _text(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return str(value).lower()
    return f"{value:g}" if isinstance(value, float) else str(value)
