"""``caddy import``, ``caddy export`` and ``caddy check``: events in other file formats."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from caddy.cli.common import (
    DATED_SYSTEM_HELP,
    TRF_801_BYES,
    ascii_int,
    check_readings,
    option_values,
    output_file_arguments,
    print_error,
    read_file,
    readings_argument,
)
from caddy.errors import CaddyError
from caddy.files.storage import refuse_existing, write_output

if TYPE_CHECKING:
    from collections.abc import Iterable

    from caddy.cli.common import Arguments, Commands
    from caddy.contracts import Codec
    from caddy.plugins.host import PluginHost


def add_import(commands: Commands) -> None:
    """``caddy import``'s parser."""
    imp = commands.add_parser(
        "import",
        help="make an event file from another format (TRF)",
        description="Read FILE (FIDE TRF16/TRF26, or any codec plugin's format) into a new event file.",
    )
    imp.add_argument("file", metavar="FILE")
    output_file_arguments(imp, metavar="EVENT", help="event file to create", required=True)
    imp.add_argument(
        "--from", dest="codec", metavar="FORMAT", help="FILE's format (default: by suffix)"
    )
    imp.add_argument(
        "--strict",
        action="store_true",
        help="refuse warnings: unknown records, stated points that differ, unknown tie-breaks",
    )
    readings_argument(imp)
    imp.set_defaults(run=cmd_import)


def add_export(commands: Commands) -> None:
    """``caddy export``'s parser."""
    exp = commands.add_parser(
        "export",
        help="write an event in another format (TRF)",
        description="Write EVENT (an event file, or any importable file) as TRF or another codec's format.",
    )
    exp.add_argument("file", metavar="EVENT")
    exp.add_argument(
        "--to", dest="codec", default=None, metavar="FORMAT", help="format (default trf)"
    )
    exp.add_argument(
        "--trf26", action="store_true", help="TRF26 (records 142, 192, 202, 222) instead of TRF16"
    )
    exp.add_argument("--dated-system", action="store_true", help=DATED_SYSTEM_HELP)
    readings_argument(exp)
    output_file_arguments(exp)
    exp.set_defaults(run=cmd_export)


def add_check(commands: Commands) -> None:
    """``caddy check``'s parser."""
    chk = commands.add_parser(
        "check",
        help="check an event's pairings and results (event file or TRF)",
        description=(
            "Check that every game's two sides agree, nobody plays twice in a round, "
            "round-robin pairs meet once per cycle and Swiss pairs at most once, and "
            "stated points equal the results. One line per problem; exit 1 if any."
        ),
    )
    chk.usage = (
        "%(prog)s [-h] [--from FORMAT] [--pairings [SYSTEM]] [--rounds N]\n"
        "       [--initial-colour {white,black}] [--option KEY=VALUE] [--trf-801-byes] FILE"
    )
    # optional for argparse: `caddy check --pairings FILE` gives the FILE as
    # --pairings's value (_check_file takes it back)
    chk.add_argument("file", nargs="?", metavar="FILE")
    chk.add_argument(
        "--from", dest="codec", metavar="FORMAT", help="FILE's format (default: by suffix)"
    )
    chk.add_argument(
        "--pairings",
        nargs="?",
        const="",
        metavar="SYSTEM",
        help=(
            "re-pair every round from the rounds before it and list each board that "
            "differs; exit 1 if any (SYSTEM: the file's own by default, dutch for an "
            "individual file, team-swiss, C.04.6, for a team file)"
        ),
    )
    _repairing_arguments(
        chk.add_argument_group("--pairings of a TRF file that lacks them (as caddy pair)")
    )
    chk.set_defaults(run=cmd_check, parser=chk)


def _repairing_arguments(trf: Arguments) -> None:
    """``caddy check --pairings``'s options for a TRF file that lacks them."""
    trf.add_argument(
        "--rounds", type=ascii_int, metavar="N", help="the planned rounds (default: XXR or 142)"
    )
    trf.add_argument(
        "--initial-colour",
        choices=("white", "black"),
        help="the top-ranked player's colour in round 1 (default: XXC or 152)",
    )
    trf.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a pairing format option over the file's, e.g. colour_exempt_rounds=3; repeatable",
    )
    readings_argument(trf)


def _read(path: str) -> bytes:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.files.storage import read_bytes

    return read_bytes(path, "an event or TRF file")


def _codec(name: str | None, path: str, data: bytes, host: PluginHost) -> Codec:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.plugins.lookup import codec_for, get_codec

    return get_codec(name, host) if name else codec_for(path, data, host)


def _warn(lines: Iterable[str]) -> None:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.messages import warn

    for line in lines:
        warn(line)


def cmd_import(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.replay import replay
    from caddy.event.store import dumps

    out = Path(ns.out)
    refuse_existing(ns.out, ns.force)
    data = _read(ns.file)
    codec = _codec(ns.codec, ns.file, data, host)
    imported = read_file(ns, codec, data, strict=ns.strict)
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.schedule.calculator import check_limits

    check_limits(len(imported.event.tournament.players))  # size limits: docs/calculator.md
    _warn(imported.warnings)
    # what is written must read back as strictly as any event file (values in
    # range, finite numbers): the check runs before anything is written
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.documents import from_document, to_document

    try:
        event = from_document(to_document(imported.event, host=host), host=host)
    except CaddyError as exc:
        problems = [f"{ns.file}: cannot be imported: {p}" for p in exc.problems]
        raise CaddyError(problems[0], problems=problems) from None
    write_output(ns.out, dumps(event), force=ns.force)  # under the lock; checked again there
    state = replay(event, host)
    played = sum(1 for r in state.rounds if any(r.results) or r.byes)
    print(
        f"{out}: {len(event.tournament.players)} players, {played} rounds played, "
        f"format {event.tournament.format.name} (from {codec.name})"
    )
    return 0


def cmd_export(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.plugins.lookup import get_codec

    refuse_existing(ns.out, ns.force)
    data = _read(ns.file)
    source = _codec(None, ns.file, data, host)
    event = read_file(ns, source, data).event
    name = ns.codec
    if name is None and ns.out:
        suffix = Path(ns.out).suffix.lower()
        name = next((c.name for c in host.codecs() if suffix in c.suffixes), None)
    codec = get_codec(name or "trf", host)
    for flag, given in (("--trf26", ns.trf26), ("--dated-system", ns.dated_system)):
        if given and codec.name != "trf":
            raise CaddyError(f"{flag} is for --to trf")
    flavour = "26-dated" if ns.dated_system else "26" if ns.trf26 else None
    exported = codec.write(event, flavour=flavour)
    _warn(exported.warnings)
    if ns.out:
        write_output(ns.out, exported.data, force=ns.force)
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(exported.data)
        sys.stdout.buffer.flush()
    return 0


def _check_file(ns: argparse.Namespace) -> None:
    """``caddy check --pairings FILE`` (the flag first): argparse gave FILE to
    ``--pairings``; it is the file, checked by the Dutch system. Without a
    FILE at all, the command's usage error."""
    if ns.file is None and ns.pairings:
        ns.file, ns.pairings = ns.pairings, ""
    if ns.file is None:
        ns.parser.error("the following arguments are required: FILE")


def cmd_check(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.plugins.lookup import file_check

    _check_file(ns)
    data = _read(ns.file)
    codec = _codec(ns.codec, ns.file, data, host)
    if ns.pairings is not None:
        return _check_pairings(ns, data, codec, host)
    given = [
        flag
        for flag, value in (
            ("--rounds", ns.rounds),
            ("--initial-colour", ns.initial_colour),
            ("--option", ns.option or None),
            (TRF_801_BYES[0], ns.readings or None),
        )
        if value is not None
    ]
    if given:
        raise CaddyError(f"{given[0]} goes with --pairings")
    checked = file_check(ns.file, data, codec)  # the codec's own check of its files
    if checked is not None:
        _warn(checked.warnings)
        problems, summary = list(checked.problems), checked.summary
    else:
        # lazy: start-up: building this command's parser imports no library
        from caddy.event.check import check_state
        from caddy.event.replay import replay

        state = replay(codec.read(data, source=ns.file).event, host)
        problems, summary = check_state(state)
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.messages import visible

    for problem in problems:
        print(visible(f"{ns.file}: {problem}"))
    if problems:
        print_error(f"{ns.file}: {len(problems)} problem(s)", kind="")
        return 1
    print(visible(f"{ns.file}: ok ({summary})"))
    return 0


def _check_pairings(ns: argparse.Namespace, data: bytes, codec: Codec, host: PluginHost) -> int:
    """``caddy check FILE --pairings``: every round re-paired (docs/swiss.md)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.messages import visible
    from caddy.pairing.recheck import check_event_pairings, check_pairings, system_title

    if codec.name == "json":
        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.event.replay import replay

        state = replay(read_file(ns, codec, data).event, host)  # refuses --trf-801-byes
        if ns.option:
            raise CaddyError("--option is for TRF files; an event file's rounds use its options")
        found = check_event_pairings(ns.file, state, system=ns.pairings or None, host=host)
    else:
        colour = {"white": "w", "black": "b"}.get(ns.initial_colour or "")
        found = check_pairings(
            ns.file,
            data,
            codec,
            system=ns.pairings or None,
            rounds=ns.rounds,
            initial_colour=colour,  # type: ignore[arg-type]
            readings=check_readings(ns, ns.file, codec.name),
            options=option_values(ns.option),
            host=host,
        )
    for line in found.differences:
        print(visible(line))
    if found.differing:
        rounds = ", ".join(map(str, found.differing))
        same = len(found.colours_only)
        colours = (
            f", {same} of them in colours only (every pair and bye as the file has it)"
            if same
            else ""
        )
        print_error(
            f"{ns.file}: {len(found.differing)} of {len(found.rounds)} rounds differ "
            f"(round(s) {rounds}){colours}",
            kind="",
        )
        return 1
    print(
        f"{ns.file}: ok ({len(found.rounds)} rounds re-paired by "
        f"{system_title(found.system)}: "
        "every pairing identical)"
    )
    return 0
