"""``caddy cards EVENT [--round R]``: the match cards of a team event's round
(:func:`caddy.views.match_cards.match_cards`), in any renderer's form, printed or
written to a file atomically."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from caddy.cli.common import ascii_int, output_argument, output_file_arguments, print_error
from caddy.files.storage import refuse_existing, write_output

if TYPE_CHECKING:
    import argparse

    from caddy.cli.common import Commands
    from caddy.event.replay import State
    from caddy.plugins.host import PluginHost


def add_commands(commands: Commands) -> None:
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
        "--round", type=ascii_int, metavar="ROUND", help="the round (default: the last paired)"
    )
    output_argument(parser)
    output_file_arguments(parser)
    parser.set_defaults(run=cmd_cards)


def _state(path: str, host: PluginHost) -> State:
    """The replayed event in ``path`` (once): an event file, or any file a codec imports."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.event import other_codec

    name = other_codec(path, host)
    if name is None:
        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.event.session import read

        return read(path, host=host).state
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.replay import replay
    from caddy.files.storage import read_bytes
    from caddy.plugins.lookup import get_codec

    imported = get_codec(name, host).read(read_bytes(path, "an event file"), source=path)
    for warning in imported.warnings:
        print_error(warning, "warning")
    return replay(imported.event, host)


def cmd_cards(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.errors import CaddyError
    from caddy.plugins.lookup import get_renderer
    from caddy.views.match_cards import last_paired_round, match_cards

    renderer = get_renderer(ns.output, host)
    refuse_existing(ns.out, ns.force)
    state = _state(ns.file, host)
    if state.event.tournament.teams is None:
        raise CaddyError(f"{ns.file} has no teams: match cards are for team events")
    number = ns.round if ns.round is not None else last_paired_round(state)
    text = renderer.render(match_cards(state, number, ns.file))
    if ns.out:
        write_output(ns.out, text.encode("utf-8"), force=ns.force)
        return 0
    sys.stdout.write(text)
    return 0
