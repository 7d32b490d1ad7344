"""``caddy publish EVENT -o SITE/``: the event as a static web site
(:mod:`caddy.publish.site`); ``--watch`` rebuilds it whenever the event file changes."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    import argparse

    from caddy.cli.common import Commands
    from caddy.plugins.host import PluginHost


def add_commands(commands: Commands) -> None:
    parser = commands.add_parser(
        "publish",
        help="write an event as a static web site (HTML pages to upload or print)",
        description=(
            "Write EVENT.json as self-contained HTML pages in a folder: the event, "
            "each round's pairings and results, the standings after each round, "
            "the crosstable and a page per player. No scripts, nothing fetched; "
            "readable on a phone and printable. Pages whose content is the same "
            "are left alone; pages of an earlier publish the event no longer has are "
            "removed. The folder's .caddy-publish.json lists the files publish wrote: "
            "any other file is refused without --force, a symbolic link always."
        ),
    )
    parser.add_argument("event", metavar="EVENT.json")
    parser.add_argument(
        "-o", dest="folder", required=True, metavar="FOLDER", help="the site's folder"
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="publish into a folder holding files caddy publish did not write "
        "(a page of the same name is replaced; the others are left alone)",
    )
    parser.add_argument(
        "--watch",
        action="store_true",
        help="keep running: rebuild when the event file changes (checked every second; Ctrl-C stops)",
    )
    parser.set_defaults(run=cmd_publish)


def cmd_publish(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: loads when the command runs, not when caddy builds every parser (caddy --help)
    from caddy.publish.site import publish, watch

    written = publish(ns.event, ns.folder, force=ns.force, host=host)
    print(f"{ns.folder}: {written.summary()}")
    if not ns.watch:
        return 0
    print(f"watching {ns.event} (Ctrl-C stops)", flush=True)
    try:
        watch(
            ns.event,
            ns.folder,
            lambda line: print(line, file=_stream(line), flush=True),
            force=ns.force,
            host=host,
        )
    except KeyboardInterrupt:
        print("stopped")
    return 0


def _stream(line: str) -> TextIO:
    return sys.stderr if line.startswith("caddy: error:") else sys.stdout
