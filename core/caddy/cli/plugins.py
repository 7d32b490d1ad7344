"""``caddy plugins``: list the plugins and what each registers."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

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

        import attrs

        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.model.documents import PluginsDocument, write

        document = PluginsDocument(
            plugins=tuple(
                attrs.evolve(r.document(), options=_defaults(host, r.registers.get("formats", ())))
                for r in records
            )
        )
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


def _summary(host: PluginHost, name: str) -> dict[str, object]:
    """A format's options and their defaults."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.contracts.format_tools import option_summary

    return option_summary(host.format(name).Options())


def _defaults(host: PluginHost, names: Iterable[str]) -> dict[str, dict[str, Any]]:
    """``{format: {option: default}}`` as JSON values (a number, text, true/false,
    null, or a list), for the ``options`` of a plugin's ``caddy.plugins`` entry."""

    def plain(value: object) -> Any:
        if value is None or isinstance(value, bool | int | str):
            return value
        if isinstance(value, float):
            return int(value) if value.is_integer() else value
        if isinstance(value, tuple | list):
            return [plain(v) for v in value]
        return str(value)

    return {name: {k: plain(v) for k, v in _summary(host, name).items()} for name in sorted(names)}


def _options(host: PluginHost, name: str) -> str:
    """``KEY=DEFAULT, ...`` of a format's options (``none`` when it has none)."""
    values = _summary(host, name)
    return ", ".join(f"{key}={_text(value)}" for key, value in values.items()) or "none"


def _text(value: object) -> str:
    """An option's default as typed on the command line: ``none`` for nothing, a
    share as a fraction (``1/3``), a list joined by commas."""
    if value is None or value == "" or value == ():
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple | list):
        return ",".join(_text(v) for v in value)
    if isinstance(value, float):
        if value.is_integer():
            return f"{value:g}"
        share = Fraction(value).limit_denominator(100)
        return f"{share}" if abs(float(share) - value) < 1e-9 else f"{value:g}"
    return str(value)
