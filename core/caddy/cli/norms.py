"""``caddy norms FILE``: which players made a GM, IM, WGM or WIM norm (or a
plugin's titles), with the figures a norm certificate needs. docs/norms.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caddy.cli.common import ascii_int, emit, event_arguments, output_argument, print_document

if TYPE_CHECKING:
    import argparse

    from caddy.cli.common import Commands
    from caddy.norms.request import EventShape
    from caddy.plugins.host import PluginHost


def add_norms(commands: Commands) -> None:
    parser = commands.add_parser(
        "norms",
        help="which players made a title norm (FIDE B.01: GM, IM, WGM, WIM)",
        description=(
            "For each player and title: norm, or no norm and what is missing, with the "
            "figures (games, titled opponents, federations, average rating, performance, "
            "score needed); for a norm, the certificate's figures. docs/norms.md"
        ),
    )
    event_arguments(parser)
    parser.add_argument("--player", metavar="PLAYER", help="one player (pairing number or name)")
    parser.add_argument(
        "--forecast",
        action="store_true",
        help="before the last round(s): the score still needed per title",
    )
    parser.add_argument(
        "--rules", metavar="NAME", help="the norm rules (default: fide; a plugin's name)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="what the arbiter states about the event, e.g. exemption=national-championship "
        "(docs/norms.md lists the fide rules' options)",
    )
    parser.add_argument(
        "--rounds",
        type=ascii_int,
        metavar="N",
        help="the rounds the event has in all (a file that does not say; for --forecast)",
    )
    forms = parser.add_mutually_exclusive_group()
    forms.add_argument("--json", action="store_true", help="print a caddy.norms JSON document")
    output_argument(forms)
    parser.set_defaults(run=cmd_norms)


def options_of(texts: list[str]) -> dict[str, str]:
    """``--option NAME=VALUE`` as a mapping; one line for a malformed one."""
    # lazy: start-up: `caddy --help` builds this parser; the errors load when the command runs
    from caddy.errors import CaddyError

    found = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise CaddyError(f"--option {text}: expected NAME=VALUE")
        found[name.strip()] = value.strip()
    return found


def imported_shape(ns: argparse.Namespace, host: PluginHost) -> EventShape:
    """A file that is no event file: the dates and rounds of the event its
    codec imports (TRF's 042, 052 and XXR records), if it imports."""
    # lazy: start-up: `caddy --help` builds this parser; reading a file imports the event
    from caddy.cli.common import read_file
    from caddy.cli.event import other_codec
    from caddy.errors import CaddyError
    from caddy.event.replay import replay
    from caddy.files.storage import read_bytes
    from caddy.norms.check import state_shape
    from caddy.norms.request import EventShape
    from caddy.plugins.lookup import codec_for, get_codec

    try:
        data = read_bytes(ns.file, "a TRF file")
        name = other_codec(ns.file, host)
        codec = get_codec(name, host) if name else codec_for(ns.file, data, host, flag=None)
        return state_shape(replay(read_file(ns, codec, data).event, host))
    except CaddyError:  # the results were read: the norms need no more
        return EventShape()


def cmd_norms(ns: argparse.Namespace, host: PluginHost) -> int:
    import attrs

    # lazy: start-up: `caddy --help` builds this parser; the norms load when the command runs
    from caddy.cli.standings_notes import file_source
    from caddy.errors import CaddyError
    from caddy.norms.check import check_norms, played_rounds, state_shape
    from caddy.norms.report import norms_document, norms_report
    from caddy.views.source import StandingsChoices

    source = file_source(ns, StandingsChoices(pre_determined=ns.pre_determined), host)
    if source.results is None:
        raise CaddyError("a knockout has no norms to check: caddy norms reads score tables")
    shape = state_shape(source.state) if source.state is not None else imported_shape(ns, host)
    if (source.planned_rounds or 0) > (shape.scheduled_rounds or 0):  # a TRF's XXR or 142
        shape = attrs.evolve(shape, scheduled_rounds=source.planned_rounds)
    if ns.pre_determined is not None:
        shape = attrs.evolve(shape, pre_determined=ns.pre_determined)
    if ns.rounds is not None:
        played = played_rounds(source.results, None)[0].rounds
        if ns.rounds < played:
            raise CaddyError(f"--rounds {ns.rounds}: the file has {played} rounds played already")
        shape = attrs.evolve(shape, scheduled_rounds=ns.rounds)
    check = check_norms(
        source.results,
        shape=shape,
        options=options_of(ns.option),
        rules=ns.rules,
        forecast=ns.forecast,
        player=ns.player,
        host=host,
    )
    if ns.json:
        print_document(norms_document(check))
    else:
        emit(norms_report(check, source.title), ns, host)
    return 0
