"""A TRF file's round to pair as the Dutch engine's request, read by the codec's one reader.

``caddy pair FILE.trf`` reads the round to pair with :func:`.pairing.pairing_input`
(caddy's :class:`~caddy.contracts.PairingRequest`, which the ``swiss`` format
turns into the engine's request). This module hands the same request to the
engine directly, for callers that use the engine without an event
(:func:`pair_trf`, the Dutch corpus tests): :func:`request_for_round` is
``pairing_input`` followed by the ``swiss`` format's
:func:`~caddy_plugins.formats.swiss.request.engine_request`, so there is one
reading of a TRF file's round to pair.

:func:`parse_pairing_file` and :func:`read_pairing_file` parse the file with
:func:`.document.parse_document` and check its pairing records (``XXP``, ``260``,
``250``, ``XXA``) naming the line of a bad one; every problem is a
:class:`TrfError` (a :class:`ValueError`), never a :class:`caddy.errors.CaddyError`.
:class:`TrfPairingFile` shows the file's players and cells as the engine
names them (``tpn``, :class:`Cell`).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import attrs

from caddy.errors import CaddyError
from caddy_plugins.codecs.trf.document import parse_document
from caddy_plugins.codecs.trf.records import TrfDocument
from caddy_plugins.engines.dutch.dutch import pair_round
from caddy_plugins.engines.dutch.model import Colour, Pairing, PairingRequest

__all__ = [
    "Cell",
    "TrfError",
    "TrfPairingFile",
    "TrfPlayer",
    "expected_round",
    "is_absence",
    "pair_trf",
    "parse_pairing_file",
    "read_pairing_file",
    "request_for_round",
]


class TrfError(ValueError):
    """The file is not a TRF that can be paired; the message names the file (and line)."""


@attrs.frozen
class Cell:
    """One round cell of a player line, as the engine names it."""

    opponent: int | None
    colour: Colour | None
    result: str


@attrs.frozen
class TrfPlayer:
    tpn: int
    rating: int
    cells: tuple[Cell, ...]


@attrs.frozen
class TrfPairingFile:
    """A TRF file read for pairing: the codec's document and the file's bytes."""

    doc: TrfDocument
    data: bytes

    @functools.cached_property
    def players(self) -> tuple[TrfPlayer, ...]:
        """Every player line's cells, those the document keeps apart included
        (a trailing ``0000 - Z``, the cells of a round paired without results)."""
        doc = self.doc
        players = []
        for index, player in enumerate(doc.players):
            pending = doc.pending[index] if doc.pending_round and index < len(doc.pending) else None
            last = max(
                len(player.cells),
                max(player.zero_rounds, default=0),
                doc.pending_round if pending is not None else 0,
            )
            cells = [_cell(*cell) for cell in player.cells]
            for number in range(len(cells) + 1, last + 1):
                if number == doc.pending_round and pending is not None:
                    cells.append(_cell(*pending))
                else:
                    cells.append(Cell(opponent=None, colour=None, result="Z"))
            players.append(
                TrfPlayer(tpn=player.number, rating=player.rating or 0, cells=tuple(cells))
            )
        return tuple(players)

    @property
    def total_rounds(self) -> int | None:
        """The planned rounds the file states (``XXR`` or 142), else ``None``."""
        return self.doc.rounds_declared or None

    @property
    def initial_colour(self) -> Colour | None:
        """The top-ranked player's colour in round 1 as the file states it (``XXC``, 152)."""
        from caddy_plugins.codecs.trf.system import initial_colour

        return initial_colour(self.doc, 1)

    @property
    def rounds_recorded(self) -> int:
        """Round cells on the longest player line (announced absences included)."""
        return max((len(p.cells) for p in self.players), default=0)

    @property
    def rounds_paired(self) -> int:
        """The last round in which someone was paired (a game, a forfeit or the PAB)."""
        from caddy_plugins.codecs.trf.system import round_to_pair

        return round_to_pair(self.doc) - 1


def _cell(opponent: int | None, colour: str, code: str) -> Cell:
    side: Colour | None = "w" if colour == "w" else "b" if colour == "b" else None
    return Cell(opponent=opponent, colour=side, result=code)


def parse_pairing_file(text: str | bytes, name: str = "TRF") -> TrfPairingFile:
    """Parse a TRF file's text (CR, LF or CRLF line ends) for pairing.

    :raises TrfError: the file cannot be read, or a pairing record is not numbers.
    """
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    try:
        doc = parse_document(data, name)
    except CaddyError as exc:
        raise TrfError(str(exc)) from None
    _check_records(data, name)
    return TrfPairingFile(doc=doc, data=data)


def read_pairing_file(path: Path | str) -> TrfPairingFile:
    """Read and parse a TRF file for pairing (a byte-order mark is no character)."""
    p = Path(path)
    return parse_pairing_file(p.read_bytes(), p.name)


def _check_records(data: bytes, name: str) -> None:
    """Each ``XXP``, ``260``, ``250`` and ``XXA`` record holds numbers where it must."""
    from caddy_plugins.codecs.trf.system import file_text

    lines = file_text(data)[0][::2]
    for number, line in enumerate(lines, start=1):
        tag = line[:3]
        if tag in ("XXP", "260", "250", "XXA"):
            _record_numbers(tag, line[3:], f"{name}:{number}")


def _record_numbers(tag: str, text: str, where: str) -> list[Fraction]:
    """The numbers of an ``XXP``, ``260``, ``250`` or ``XXA`` record: points (250's
    first, XXA's after the player) 0 or more, rounds and pairing numbers whole from 1."""
    try:
        numbers = [Fraction(x) for x in text.split()]
    except (ValueError, ZeroDivisionError):
        raise TrfError(f"{where}: expected numbers, got {text.strip()!r}") from None
    for k, value in enumerate(numbers):
        points = (tag == "250" and k == 0) or (tag == "XXA" and k > 0)
        if points and value < 0:
            raise TrfError(f"{where}: record {tag}: {value} is not a number of points (0 or more)")
        if not points and (value.denominator != 1 or value < 1):
            raise TrfError(
                f"{where}: record {tag}: {value} is not a round or a pairing number "
                "(a whole number from 1)"
            )
    return numbers


def is_absence(cell: Cell | None) -> bool:
    """A round cell announcing that the player is not paired (a bye without opponent)."""
    return cell is not None and cell.opponent is None and cell.result in "HFZ "


def request_for_round(
    trf: TrfPairingFile,
    round_number: int,
    *,
    total_rounds: int | None = None,
    initial_colour: Colour | None = None,
) -> PairingRequest:
    """The engine's request to pair ``round_number`` from rounds 1..r-1 and
    round r's absences: what ``caddy pair FILE --round R`` pairs.

    :raises TrfError: the file cannot be paired (one line per problem).
    """
    from caddy_plugins.codecs.trf.pairing import pairing_input
    from caddy_plugins.formats.swiss.request import engine_request

    try:
        found = pairing_input(
            trf.doc, trf.data, round=round_number, rounds=total_rounds, colour=initial_colour
        )
    except CaddyError as exc:
        raise TrfError(str(exc)) from None
    request = found.request
    return engine_request(request, request.options, request.planned_rounds)


def expected_round(
    trf: TrfPairingFile, round_number: int
) -> tuple[set[tuple[int, int]], int | None]:
    """The pairs ``(white, black)`` and the PAB recorded for ``round_number``."""
    pairs: set[tuple[int, int]] = set()
    bye: int | None = None
    for p in trf.players:
        if round_number - 1 >= len(p.cells):
            continue
        c = p.cells[round_number - 1]
        if c.opponent is not None and c.colour == "w":
            pairs.add((p.tpn, c.opponent))
        elif c.opponent is None and c.result == "U":
            bye = p.tpn
    return pairs, bye


def pair_trf(
    source: Path | str | TrfPairingFile,
    round_number: int | None = None,
    *,
    total_rounds: int | None = None,
    initial_colour: Colour | None = None,
) -> Pairing:
    """Pair ``round_number`` of a TRF file (default: the round after the last one paired).

    Rounds before it are the history; that round's cells holding ``H``, ``F`` or ``Z``
    with no opponent are announced absences (TRF-2026). ``total_rounds`` and
    ``initial_colour`` replace the file's XXR/142 and XXC/152. Raises :class:`TrfError`
    for a file that cannot be used (missing number of rounds, round outside them),
    :class:`~caddy_plugins.engines.dutch.model.NoValidPairingError` when no pairing exists,
    :class:`ValueError` for inconsistent histories, :class:`OSError` when the file
    cannot be read.
    """
    trf = source if isinstance(source, TrfPairingFile) else read_pairing_file(source)
    rnd = trf.rounds_paired + 1 if round_number is None else round_number
    request = request_for_round(trf, rnd, total_rounds=total_rounds, initial_colour=initial_colour)
    return pair_round(request)
