"""``caddy import``, ``caddy export`` and ``caddy check``: events in other file formats."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from caddy.cli_common import print_error
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.codecs import Codec


def add_commands(commands: Any) -> None:
    imp = commands.add_parser(
        "import",
        help="make an event file from another format (TRF)",
        description="Read FILE (FIDE TRF16/TRF26, or any codec plugin's format) into a new event file.",
    )
    imp.add_argument("file", metavar="FILE")
    imp.add_argument("-o", "--output", required=True, metavar="EVENT", help="event file to create")
    imp.add_argument(
        "--from", dest="codec", metavar="FORMAT", help="FILE's format (default: by suffix)"
    )
    imp.add_argument(
        "--strict",
        action="store_true",
        help="refuse warnings: unknown records, stated points that differ, unknown tie-breaks",
    )
    imp.add_argument("--force", action="store_true", help="replace EVENT if it exists")
    imp.set_defaults(handler=cmd_import)

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
    exp.add_argument(
        "-o", "--output", metavar="FILE", help="write here (atomically) instead of stdout"
    )
    exp.add_argument("--force", action="store_true", help="replace FILE if it exists")
    exp.set_defaults(handler=cmd_export)

    chk = commands.add_parser(
        "check",
        help="check an event's pairings and results (event file or TRF)",
        description=(
            "Check that every game's two sides agree, nobody plays twice in a round, "
            "round-robin pairs meet once per cycle and Swiss pairs at most once, and "
            "stated points equal the results. One line per problem; exit 1 if any."
        ),
    )
    chk.add_argument("file", metavar="FILE")
    chk.add_argument(
        "--from", dest="codec", metavar="FORMAT", help="FILE's format (default: by suffix)"
    )
    chk.add_argument(
        "--pairings",
        nargs="?",
        const="dutch",
        metavar="SYSTEM",
        help=(
            "re-pair every round from the rounds before it (default system: dutch) and "
            "list each board that differs; exit 1 if any"
        ),
    )
    chk.set_defaults(handler=cmd_check)


def _read(path: str) -> bytes:
    from caddy.storage import read_bytes

    return read_bytes(path, "an event or TRF file")


def _codec(name: str | None, path: str, data: bytes) -> Codec:
    from caddy.codecs import codec_for, get_codec

    return get_codec(name) if name else codec_for(path, data)


def _warn(lines: Any) -> None:
    from caddy.messages import warn

    for line in lines:
        warn(line)


def cmd_import(ns: argparse.Namespace) -> int:
    from caddy.event_replay import replay
    from caddy.storage import dumps, write_file

    out = Path(ns.output)
    _refuse_existing(out, ns.force)
    data = _read(ns.file)
    codec = _codec(ns.codec, ns.file, data)
    imported = codec.read(data, source=ns.file, strict=ns.strict)
    from caddy.calculator import check_field

    check_field(len(imported.event.tournament.players))  # size limits: docs/calculator.md
    _warn(imported.warnings)
    # what is written must read back as strictly as any event file (values in
    # range, finite numbers): the check runs before anything is written
    from caddy.event_documents import from_document, to_document

    try:
        event = from_document(to_document(imported.event))
    except CaddyError as exc:
        problems = [f"{ns.file}: cannot be imported: {p}" for p in exc.problems]
        raise CaddyError(problems[0], problems=problems) from None
    write_file(out, dumps(event), force=ns.force)  # under the lock; checked again there
    state = replay(event)
    played = sum(1 for r in state.rounds if any(r.results) or r.byes)
    print(
        f"{out}: {len(event.tournament.players)} players, {played} rounds played, "
        f"format {event.tournament.format.name} (from {codec.name})"
    )
    return 0


def _refuse_existing(out: Path, force: bool) -> None:
    """Refuse an existing output file early (before the work) unless ``--force``."""
    if not force and out.exists():
        raise CaddyError(f"{out} exists already (use --force to replace it)")


def cmd_export(ns: argparse.Namespace) -> int:
    from caddy.codecs import get_codec

    if ns.output:
        _refuse_existing(Path(ns.output), ns.force)
    data = _read(ns.file)
    source = _codec(None, ns.file, data)
    event = source.read(data, source=ns.file).event
    name = ns.codec
    if name is None and ns.output:
        suffix = Path(ns.output).suffix.lower()
        from caddy.plugins import get_host

        name = next((c.name for c in get_host().codecs() if suffix in c.suffixes), None)
    codec = get_codec(name or "trf")
    if ns.trf26 and codec.name != "trf":
        raise CaddyError("--trf26 is for --to trf")
    exported = codec.write(event, flavour="26" if ns.trf26 else None)
    _warn(exported.warnings)
    if ns.output:
        from caddy.storage import write_file

        write_file(ns.output, exported.data, force=ns.force)
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(exported.data)
        sys.stdout.buffer.flush()
    return 0


def cmd_check(ns: argparse.Namespace) -> int:
    from caddy.codecs import file_check

    data = _read(ns.file)
    codec = _codec(ns.codec, ns.file, data)
    if ns.pairings is not None:
        return _check_pairings(ns, data, codec)
    checked = file_check(ns.file, data, codec)  # the codec's own check of its files
    if checked is not None:
        _warn(checked.warnings)
        problems, summary = list(checked.problems), checked.summary
    else:
        from caddy.event_replay import replay

        state = replay(codec.read(data, source=ns.file).event)
        problems, summary = check_state(state)
    from caddy.render import visible

    for problem in problems:
        print(visible(f"{ns.file}: {problem}"))
    if problems:
        print_error(f"{ns.file}: {len(problems)} problem(s)", kind="")
        return 1
    print(visible(f"{ns.file}: ok ({summary})"))
    return 0


def _check_pairings(ns: argparse.Namespace, data: bytes, codec: Any) -> int:
    """``caddy check FILE --pairings``: every round re-paired (docs/swiss.md)."""
    from caddy.pairing_check import check_event_pairings, check_pairings
    from caddy.render import visible

    if codec.name == "json":
        from caddy.event_replay import replay

        state = replay(codec.read(data, source=ns.file).event)
        found = check_event_pairings(ns.file, state)
    else:
        found = check_pairings(ns.file, data, codec, system=ns.pairings)
    for line in found.differences:
        print(visible(line))
    if found.differing:
        rounds = ", ".join(map(str, found.differing))
        print_error(
            f"{ns.file}: {len(found.differing)} of {len(found.rounds)} rounds differ "
            f"(round(s) {rounds})",
            kind="",
        )
        return 1
    print(
        f"{ns.file}: ok ({len(found.rounds)} rounds re-paired by "
        f"{'the Dutch system' if found.system == 'dutch' else f'format {found.system!r}'}: "
        "every pairing identical)"
    )
    return 0


def check_state(state: Any) -> tuple[list[str], str]:
    """Problems in an event's rounds, and a one-line summary of what was checked
    (stage by stage: :func:`caddy.check.check_state`)."""
    from caddy.check import check_state as check

    return check(state)
