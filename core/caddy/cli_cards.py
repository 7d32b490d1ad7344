"""``caddy cards EVENT [ROUND]``: the match cards of a team event's round
(:func:`caddy.team_views.match_cards`), in any renderer's form, printed or
written to a file atomically."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from caddy.cli_common import ascii_int, print_error

if TYPE_CHECKING:
    import argparse

    from caddy.event_file import EventFile

#: Short names ``--format`` accepts for the built-in renderers.
ALIASES = {"md": "markdown", "txt": "text", "htm": "html"}


def add_commands(commands: Any) -> None:
    parser = commands.add_parser(
        "cards",
        help="print the match cards of a team event's round",
        description=(
            "Match cards of ROUND (default: the last round paired): per match the teams, "
            "per board the players, ratings, colours and results so far, the match score "
            "and signature lines for both captains and the arbiter."
        ),
    )
    parser.add_argument("file", metavar="EVENT", help="a team event file (or a TRF file)")
    parser.add_argument(
        "round", nargs="?", type=ascii_int, metavar="ROUND", help="the round (default: the last)"
    )
    parser.add_argument(
        "--format",
        default="text",
        metavar="FORM",
        help="text (default), md (markdown), csv, html, or a renderer plugin's name",
    )
    parser.add_argument(
        "-o", dest="out", metavar="FILE", help="write here (atomically) instead of stdout"
    )
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
    parser.set_defaults(handler=cmd_cards)


def _event(path: str) -> EventFile:
    """The event in ``path``: an event file, or any file a codec imports."""
    from caddy.cli_event import other_codec

    name = other_codec(path)
    if name is None:
        from caddy.storage import load

        return load(path)
    from caddy.codecs import get_codec
    from caddy.storage import read_bytes

    imported = get_codec(name).read(read_bytes(path, "an event file"), source=path)
    for warning in imported.warnings:
        print_error(warning, "warning")
    return imported.event


def cmd_cards(ns: argparse.Namespace) -> int:
    from pathlib import Path

    from caddy.errors import CaddyError
    from caddy.event_replay import replay
    from caddy.render import get_renderer
    from caddy.team_views import last_paired_round, match_cards

    renderer = get_renderer(ALIASES.get(ns.format.lower(), ns.format.lower()))
    if ns.out and not ns.force and Path(ns.out).exists():
        raise CaddyError(f"{ns.out} exists already (use --force to replace it)")
    state = replay(_event(ns.file))
    if state.event.tournament.teams is None:
        raise CaddyError(f"{ns.file} has no teams: match cards are for team events")
    number = ns.round if ns.round is not None else last_paired_round(state)
    text = renderer.render(match_cards(state, number, ns.file))
    if ns.out:
        from caddy.storage import write_file

        write_file(ns.out, text.encode("utf-8"), force=ns.force)
        return 0
    sys.stdout.write(text)
    return 0
