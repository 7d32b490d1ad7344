"""``caddy pairings``: a round's pairing sheet, as a report or a
``caddy.pairings`` JSON document (``caddy pair`` prints the round it pairs
the same way)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.cli.common import Commands
    from caddy.event.replay import State
    from caddy.plugins.host import PluginHost


def add_pairings(commands: Commands) -> None:
    """``caddy pairings``'s parser."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import ascii_int, output_argument

    pairings = commands.add_parser("pairings", help="the pairing sheet for a round")
    pairings.add_argument("event", metavar="EVENT.json")
    pairings.add_argument("--round", type=ascii_int, help="round (default: the current one)")
    forms = pairings.add_mutually_exclusive_group()
    forms.add_argument("--json", action="store_true", help="print a caddy.pairings JSON document")
    output_argument(forms)
    pairings.set_defaults(run=cmd_pairings)


def cmd_pairings(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.session import read

    state = read(ns.event, host=host).state
    return print_pairings(state, ns.round, json_out=ns.json, output=ns.output, host=host)


def print_pairings(
    state: State,
    number: int | None,
    *,
    json_out: bool,
    output: str = "text",
    host: PluginHost | None = None,
) -> int:
    """Print round ``number``'s pairings (``None``: the first round with a
    board still open, else the last) in the form ``output`` names, or as JSON."""
    if not state.rounds:
        raise CaddyError("no round is paired yet (use `caddy pair`)")
    if number is None:
        number = next(
            (r.number for r in state.rounds if any(state.board_open(b) for b in r.boards)),
            len(state.rounds),
        )
    rnd = state.round(number)
    if json_out:
        import sys

        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.model.documents import write
        from caddy.views.pairing_sheet import pairings_document

        write(pairings_document(state, rnd), sys.stdout)
        return 0
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import emit
    from caddy.views.pairing_sheet import sheet

    emit(sheet(state, number), output, host)
    return 0
