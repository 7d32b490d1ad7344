"""What a TRF file says of its pairing system: is it a Swiss, its initial
colour, the round to pair and who announced an absence from it
(FIDE Handbook C.04 Annex 2, with the records pairing programs add:
``XXR``, ``XXC``, TRF26 142 and 152). Used to import a Swiss TRF as the
``swiss`` format (:mod:`.importing`) and to pair a file (:mod:`.pairing`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from caddy_plugins.codecs.trf.records import TrfDocument
    from caddy_plugins.formats.swiss import SwissOptions

__all__ = [
    "BURSTEIN",
    "DUTCH",
    "TEXT_2026",
    "absences",
    "burstein_rules",
    "file_text",
    "initial_colour",
    "pairing_system",
    "round_to_pair",
    "says_swiss",
    "swiss_options",
]

#: Record 092 or 192 naming a Swiss system (``Individual: Swiss-System``,
#: ``FIDE_DUTCH_2026``).
_SWISS = re.compile(r"(?i)swiss|dutch|burstein")


def says_swiss(doc: TrfDocument) -> bool:
    """Whether the file is an individual Swiss that the ``swiss`` format
    continues: record 192 (else 092) names the Dutch system, or names a Swiss
    system while ``XXC`` or 152 records the initial colour (what pairing
    programs write). A Swiss paired elsewhere with no initial colour (caddy's
    ``manual`` format writes such files) is not."""
    text = (doc.record("192") or doc.record("092") or "").upper()
    if "TEAM" in text or not _SWISS.search(text):
        return False
    if "DUTCH" in text or "BURSTEIN" in text:
        return True
    return bool(doc.record("XXC") or doc.record("152"))


#: Codes of a cell with no opponent that announce an absence from the round.
_ABSENT = frozenset("HFZ ")
#: The system names record 092 may give for the Dutch system (any case).
DUTCH = re.compile(r"(?i)dutch|swiss|^\s*$")
#: Record 192 or 092 naming the Burstein system (``FIDE_BURSTEIN``, any case).
BURSTEIN = re.compile(r"(?i)burstein")


def pairing_system(doc: TrfDocument) -> Literal["dutch", "burstein"] | None:
    """The Swiss system a file is paired with: record 192 (TRF-2026) when it names
    one (``FIDE_BURSTEIN``: ``burstein``; ``FIDE_DUTCH``, dated or not: ``dutch``;
    any other code: ``None``), else record 092: ``burstein`` where it names the
    Burstein system (bbpPairings writes ``092 FIDE_BURSTEIN``), ``dutch`` where it
    names the Dutch system, a Swiss or nothing; ``None`` for any other system."""
    code = (doc.record("192") or "").strip()
    if code:
        return "burstein" if BURSTEIN.search(code) else "dutch" if "DUTCH" in code.upper() else None
    text = (doc.record("092") or "").strip()
    if BURSTEIN.search(text):
        return "burstein"
    return "dutch" if DUTCH.search(text) else None


#: Record 092's words for the Burstein system read by the 2026 text
#: (``burstein_rules=fide-2026``), which caddy writes after the system's name.
TEXT_2026 = "2026 text"


def burstein_rules(doc: TrfDocument) -> Literal["engine", "fide-2026"]:
    """``fide-2026`` where record 092 says the Burstein pairings follow the 2026 text
    (``Individual: Swiss-System (FIDE Burstein, 2026 text)``, what caddy writes for
    ``burstein_rules=fide-2026``), else ``engine``."""
    return "fide-2026" if TEXT_2026 in (doc.record("092") or "") else "engine"


def round_to_pair(doc: TrfDocument) -> int:
    """The first round in which no game (nor a pairing-allocated bye) appears."""
    last = 0
    for player in doc.players:
        for number, (opponent, _colour, code) in enumerate(player.cells, 1):
            if number > last and (opponent is not None or code in "U+"):
                last = number
    return last + 1


def absences(doc: TrfDocument, data: bytes, round: int) -> frozenset[int]:
    """Players whose line holds an entry for ``round`` with no opponent and
    code ``H``, ``F``, ``Z`` (or blank): announced absences. Read from the
    line's own columns, since the reader drops a line's trailing ``0000 - Z``."""
    lines = file_text(data)[0][::2]
    column = 91 + 10 * (round - 1)
    out = set()
    for player in doc.players:
        cell = lines[player.line - 1][column : column + 8] if player.line <= len(lines) else ""
        if not cell.strip():
            continue  # no entry: the player is there
        opponent, code = cell[:4].strip(), cell[7:8].upper() or " "
        if opponent in ("", "0000") and code in _ABSENT:
            out.add(player.number)
    return frozenset(out)


def file_text(data: bytes) -> tuple[list[str], str]:
    """The file's lines with their ends between them (as the reader splits
    them: CR, LF, CRLF) and the encoding it was read in (``utf-8-sig`` when
    it starts with a byte-order mark: no character of a line, written back)."""
    try:
        encoding = "utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8"
        text = data.decode(encoding)
    except UnicodeDecodeError:  # read as Latin-1 (caddy_plugins.codecs.trf.document.decode)
        text, encoding = data.decode("latin-1"), "latin-1"
    return re.split(r"(\r\n|\r|\n)", text), encoding


def initial_colour(doc: TrfDocument, round: int) -> Literal["w", "b"] | None:
    """White or Black for the top-ranked player in round 1: ``XXC``, 152, else
    read back from the first round with a coloured game (its lowest-numbered
    paired player had the initial colour on an odd board place, the other
    one on an even place: C.04.3 5.1 and 3.6)."""
    text = (doc.record("XXC") or "").lower()
    if "white1" in text:
        return "w"
    if "black1" in text:
        return "b"
    text = (doc.record("152") or "").strip().upper()
    if text in ("W", "B"):
        return "w" if text == "W" else "b"
    for k in range(round - 1):
        rank = 0
        for player in doc.players:
            if k >= len(player.cells):
                continue
            opponent, colour, code = player.cells[k]
            if opponent is None and code != "U":
                continue
            rank += 1
            if colour in "wb" and opponent is not None:
                if rank % 2:
                    return "w" if colour == "w" else "b"
                return "b" if colour == "w" else "w"
    return None


def swiss_options(
    doc: TrfDocument, *, rounds: int, colour: Literal["w", "b"] | None
) -> SwissOptions:
    """The ``swiss`` format's options for a file: ``rounds`` planned, the
    initial ``colour`` (``None``: the format's lot), the points of a win, a
    draw, the pairing-allocated bye and a played loss by the file's scoring
    (record 162, bbpPairings' ``BBW``...``BBU``: :func:`.scoring.scoring_of`), the
    system (:func:`pairing_system`), the
    acceleration (records 250, ``XXA``, a ``_BAKU`` system in 192) and the
    forbidden pairs (records 260, ``XXP``): :mod:`.swiss_records`.

    :raises CaddyError: a record 250, 260, ``XXA`` or ``XXP`` that is not numbers.
    """
    from caddy_plugins.codecs.trf.scoring import scoring_of
    from caddy_plugins.codecs.trf.swiss_records import acceleration_option, forbidden_option
    from caddy_plugins.formats.swiss import SwissOptions

    scoring = scoring_of(doc)[0]
    win, draw = scoring.points("1"), scoring.points("=")
    return SwissOptions(
        rounds=rounds,
        system=pairing_system(doc) or "dutch",
        burstein_rules=burstein_rules(doc) if pairing_system(doc) == "burstein" else "engine",
        initial_colour="lot" if colour is None else "white" if colour == "w" else "black",
        win=win,
        draw=draw,
        pab=scoring.points("U"),
        loss=scoring.points("0"),
        acceleration=acceleration_option(doc, rounds=rounds, win=win, draw=draw),
        forbidden=forbidden_option(doc, rounds=rounds),
    )
