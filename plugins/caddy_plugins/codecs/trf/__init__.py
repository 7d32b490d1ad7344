"""FIDE TRF (TRF16, and TRF26 with ``--trf26``) as a codec.

Import (``caddy import FILE.trf -o EVENT.json``)
    Players come from the ``001`` lines (pairing number, sex, title, name,
    rating, federation, FIDE id, birth date as written; old title letters
    such as ``g`` become ``GM``). The format is chosen by the rule the
    standings use (record 192, else 092 — ``Swiss`` is not a round robin,
    ``Round-Robin`` is, played out or not — else the results): a round robin
    becomes ``round-robin`` with ``table=given`` (the file's own rounds) when
    the file plans the whole table (142/XXR absent or (n - 1) x cycles) and,
    being TRF26 (142), has 192 — what caddy writes for that format; anything
    else ``manual`` with one paired round per round of the file, its option
    ``round_robin`` as 192/092 say (unset when they say nothing and the
    results form a round robin), so an exported manual event reads back whole.
    Results: ``1 = 0`` games, ``+ -`` forfeits (colours ``-`` kept),
    ``W D L`` games under one move (result words ``W-L``, ``L-W``, ``D-D``);
    byes ``U`` (pairing-allocated), ``F``, ``H``, ``Z`` (left implicit),
    ``0000 - +`` / ``0000 - -`` as the bye kinds ``forfeit-win`` and
    ``forfeit-loss``. Records 012/022/042/052/102 set the name, place,
    dates and arbiter; 162 the scoring; 202 the tie-breaks (when caddy knows
    every code); 222 the time control (read by the time-control plugins);
    142/XXR the planned rounds. Every line other than ``001`` is kept as
    written and written back.

    Refused, one line per problem: player lines with bad columns, unknown
    codes, opponents who are not players, and games whose two sides
    disagree (opponent, colour or result). Warnings (errors with
    ``strict``): a Latin-1 file, stated points that differ from the
    results, tie-break codes no plugin knows, a time control no plugin
    reads, pairs that meet twice outside a round robin, and (strict only)
    lines that are not TRF records.

Export (``caddy export EVENT.json --to trf [--trf26]``)
    Player lines in the exact columns; points and ranks as caddy's
    standings compute them. Kept records are written back unchanged unless
    the event's value differs (name, place, dates, arbiter; for TRF26 also
    192/202/222). TRF16 leaves out TRF26-only records and ``###`` comments
    and writes ``XXR`` for the number of rounds; TRF26 writes 142, 192,
    202 and 222 from the event's format, tie-breaks and time control.
    A point system other than 1 / ½ / 0 is written as bbpPairings'
    ``BBW``...``BBU`` records (both flavours) and, in TRF26, record 162
    (:mod:`.scoring_records`).

Team events (TRF-2026 records 310, 300, 320, 330, 240, 250, 260, 352, 362)
    Read into the event's teams and each round's team matches, the format
    ``team-swiss`` for a team Swiss (:mod:`.team_records`, :mod:`.team_import`),
    written back from the event (:mod:`.team_export`); ``caddy pair`` on a
    team file asks for team matches (:mod:`.team_pairing`). Records 801/802
    are not read, as FIDE's reference engine reads a file; the reading
    ``"801-byes"`` (``--trf-801-byes``) reads a bye only a team's 801 shows.

The codec and its hooks are here; the work is done by the package's modules:
:mod:`.importing` and :mod:`.exporting` (the event file; :mod:`.replay_check`: when
the import need not replay its event to check it; :mod:`.line_batch`: the export's
player lines at once), and the reader
:mod:`.records`, :mod:`.lines`, :mod:`.player_lines` (:mod:`.column_values`), :mod:`.document`, :mod:`.scoring`,
:mod:`.row_points`, :mod:`.bye_values`, :mod:`.checks` and :mod:`.results` (their public names gathered in
:mod:`caddy_plugins.codecs.trf_document`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, ClassVar

from caddy import hookimpl
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.contracts.codecs import Exported, FileCheck, Imported
    from caddy.contracts.file_pairing import FilePairing
    from caddy.contracts.file_results import FileResults
    from caddy.event import EventFile
    from caddy_plugins.codecs.trf.exporting import ResultTexts, export_event
    from caddy_plugins.codecs.trf.header import OWNED, kept_records
    from caddy_plugins.codecs.trf.importing import BYE_KINDS, import_document

#: The package's names that live in its import and export modules, each loaded
#: when first asked for (PEP 562): ranking a TRF file (``caddy standings
#: FILE.trf``) reads it with :mod:`.results` and never imports or exports an event.
_LAZY = {
    "BYE_KINDS": "importing",
    "import_document": "importing",
    "ResultTexts": "exporting",
    "export_event": "exporting",
    "OWNED": "header",
    "kept_records": "header",
}

__all__ = [
    "BYE_KINDS",
    "OWNED",
    "ResultTexts",
    "TrfCodec",
    "caddy_check_file",
    "caddy_pairing_input",
    "caddy_read_results",
    "caddy_register_codecs",
    "export_event",
    "import_document",
    "kept_records",
]


# No ``__dir__`` lists them: a plugin host scans a registered module's names
# (pluggy's ``register`` takes ``getattr`` of each name ``dir`` gives), which
# would import them all at every start. ``__all__`` names them for ``import *``.
def __getattr__(name: str) -> Any:
    """A name of :data:`_LAZY`, imported from its module when first asked for
    (and kept here from then on)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # lazy: the import and export modules load when an event is imported or exported
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


class TrfCodec:
    """FIDE Tournament Report File."""

    name: ClassVar[str] = "trf"
    summary: ClassVar[str] = "FIDE Tournament Report File (TRF16; TRF26 with --trf26)"
    suffixes: ClassVar[tuple[str, ...]] = (".trf", ".trfx", ".txt")

    def sniff(self, data: bytes) -> bool:
        return any(line[:3] in (b"001", b"012") for line in data.splitlines()[:200])

    def read(
        self, data: bytes, *, source: str, strict: bool = False, readings: Collection[str] = ()
    ) -> Imported:
        from caddy.model.collector import paused
        from caddy_plugins.codecs.trf.document import parse_document
        from caddy_plugins.codecs.trf.importing import import_document  # lazy: importing only

        byes_801 = _byes_801(readings)
        with paused():  # a big file is a million small acyclic objects
            doc = parse_document(data, source)
            return import_document(doc, strict=strict, byes_801=byes_801)

    def write(self, event: EventFile, *, flavour: str | None = None) -> Exported:
        if flavour not in (None, "16", "26", "26-dated"):
            raise CaddyError(f"TRF flavours are 16, 26 and 26-dated, not '{flavour}'")
        from caddy.model.collector import paused
        from caddy_plugins.codecs.trf.exporting import export_event  # lazy: exporting only

        with paused():  # a big event is a million small acyclic objects
            return export_event(
                event, trf26=flavour in ("26", "26-dated"), dated=flavour == "26-dated"
            )


def _byes_801(readings: Collection[str]) -> bool:
    """Whether ``readings`` asks for the 801 team byes; an unknown reading is an error."""
    from caddy_plugins.codecs.trf.team_records import READING_801_BYES

    unknown = sorted(set(readings) - {READING_801_BYES})
    if unknown:
        raise CaddyError(f"TRF files have no reading '{unknown[0]}' (known: {READING_801_BYES})")
    return READING_801_BYES in readings


@hookimpl
def caddy_register_codecs(register: Callable[[TrfCodec], None]) -> None:
    register(TrfCodec())


@hookimpl
def caddy_read_results(codec: str, data: bytes, source: str) -> FileResults | None:
    """A TRF file's results as written: each player's line, the stated points
    and the bye values they imply, players annulled by the 50% rule."""
    if codec != TrfCodec.name:
        return None
    import re

    if re.search(rb"(?m)^310 ", data):  # a team event (TRF-2026 310): ranked as its import ranks it
        return None
    from caddy.contracts.file_results import FileResults
    from caddy.model.collector import paused
    from caddy_plugins.codecs.trf.results import parse_trf

    with paused():
        trf = parse_trf(data, source)
    return FileResults(event=trf.event, warnings=trf.warnings, planned_rounds=trf.planned_rounds)


@hookimpl
def caddy_pairing_input(
    codec: str,
    data: bytes,
    source: str,
    round: int | None,
    rounds: int | None,
    initial_colour: str | None,
    readings: Collection[str],
) -> FilePairing | None:
    """A TRF file's round to pair (:mod:`.pairing`)."""
    if codec != TrfCodec.name:
        return None
    from caddy_plugins.codecs.trf.document import parse_document
    from caddy_plugins.codecs.trf.pairing import pairing_input

    colour = initial_colour if initial_colour in ("w", "b") else None
    byes_801 = _byes_801(readings)
    doc = parse_document(data, source)
    return pairing_input(
        doc,
        data,
        round=round,
        rounds=rounds,
        colour=colour,  # type: ignore[arg-type]
        byes_801=byes_801,
    )


@hookimpl
def caddy_check_file(codec: str, data: bytes, source: str) -> FileCheck | None:
    """A TRF file's pairings (both sides of every game, meetings) and its stated points."""
    if codec != TrfCodec.name:
        return None
    from caddy.contracts.codecs import FileCheck  # lazy: loads when a file is checked
    from caddy_plugins.codecs.trf.checks import check_document
    from caddy_plugins.codecs.trf.document import parse_document

    doc = parse_document(data, source)
    problems = check_document(doc)
    kind = "round robin" if doc.round_robin() else "Swiss or other"
    return FileCheck(
        problems=tuple(problems),
        summary=f"{len(doc.players)} players, {doc.rounds} rounds, {kind}",
        warnings=tuple(doc.warnings),
    )
