"""Read a FIDE TRF file (TRF-2026 / TRF16 player lines) into a Dutch pairing request.

Player lines (``001``) are read by column, as the TRF specification lays them out
(1-based columns): pairing number 5-8, rating 49-52, points 81-84, then one
10-character cell per round from column 92: opponent (4 digits, ``0000`` for
none), a space, colour (``w``/``b``/``-``), a space, result code, two spaces.

Other records used: ``XXR n`` or ``142 n`` (planned rounds), ``XXC white1`` /
``XXC black1`` or ``152 W`` / ``152 B`` (initial colour), ``XXP`` (players
none of whom meet, every round) and ``260`` (the same for a range of rounds),
``250`` or ``XXA`` (virtual points of accelerated pairings; a ``192`` naming
a ``_BAKU`` system with neither: the Baku method, FIDE Handbook C.04.7);
``162`` is not needed for the standard 1-½-0 scoring.

Result codes (TRF): ``1 = 0`` and ``W D L`` played; ``+``/``-`` forfeits when an
opponent is given; with ``0000``: ``U`` pairing-allocated bye, ``H`` half-point
bye, ``F`` full-point bye, ``Z`` or blank zero-point bye; ``+`` with no opponent
counts as a PAB (the reference engine's reading).

To pair round r, rounds 1..r-1 are history and round r's cells that are byes
without an opponent (``H``, ``F``, ``Z``; ``0000``) are announced absences.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import attrs

from caddy_plugins.swiss.acceleration import (
    ForbiddenGroup,
    VirtualPoints,
    forbidden_pairs,
    virtual_points,
)
from caddy_plugins.swiss.acceleration import baku as baku_records
from caddy_plugins.swiss.model import (
    Colour,
    Entry,
    Kind,
    PairingRequest,
    PlayerInput,
    PointSystem,
)

__all__ = [
    "Cell",
    "TrfError",
    "TrfPlayer",
    "TrfTournament",
    "expected_round",
    "is_absence",
    "parse_trf",
    "read_trf",
    "request_for_round",
]


class TrfError(ValueError):
    """The file is not a TRF this reader understands; the message names the line."""


@attrs.frozen
class Cell:
    """One round cell of a player line."""

    opponent: int | None
    colour: Colour | None
    result: str


@attrs.frozen
class TrfPlayer:
    tpn: int
    rating: int
    cells: tuple[Cell, ...]


@attrs.frozen
class TrfTournament:
    players: tuple[TrfPlayer, ...]
    total_rounds: int | None
    initial_colour: Colour | None
    forbidden_pairs: frozenset[frozenset[int]] = frozenset()
    #: Records 260: players none of whom meet in a range of rounds.
    forbidden_groups: tuple[ForbiddenGroup, ...] = ()
    #: Records 250 (else ``XXA``): virtual points (C.04.7).
    virtual: tuple[VirtualPoints, ...] = ()
    #: Record 192 names a ``_BAKU`` system.
    baku: bool = False

    @property
    def rounds_recorded(self) -> int:
        """Round cells on the longest player line (announced absences included)."""
        return max((len(p.cells) for p in self.players), default=0)

    @property
    def rounds_paired(self) -> int:
        """The last round in which someone was paired (a game, a forfeit or the PAB)."""
        last = 0
        for p in self.players:
            for k, c in enumerate(p.cells, start=1):
                if c.opponent is not None or c.result in "U+":
                    last = max(last, k)
        return last


def _cell(text: str, where: str) -> Cell | None:
    text = text.ljust(8)
    if not text.strip():
        return None
    opp_text = text[0:4].strip()
    colour_text = text[5]
    result = text[7]
    try:
        opp = int(opp_text) if opp_text else 0
    except ValueError:
        raise TrfError(f"{where}: bad opponent {opp_text!r}") from None
    colour: Colour | None
    if colour_text == "w":
        colour = "w"
    elif colour_text == "b":
        colour = "b"
    elif colour_text in "- ":
        colour = None
    else:
        raise TrfError(f"{where}: bad colour {colour_text!r}")
    if result not in "10=WDL+-UHFZ ":
        raise TrfError(f"{where}: bad result code {result!r}")
    return Cell(opponent=opp or None, colour=colour, result=result)


def parse_trf(text: str, name: str = "TRF") -> TrfTournament:
    """Parse TRF text (line endings CR, LF or CRLF)."""
    players: list[TrfPlayer] = []
    total: int | None = None
    initial: Colour | None = None
    forbidden: set[frozenset[int]] = set()
    groups: list[ForbiddenGroup] = []
    virtual: list[VirtualPoints] = []
    xxa: list[VirtualPoints] = []
    baku = False
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, start=1):
        where = f"{name}:{number}"
        tag = line[:3]
        if tag == "001":
            try:
                tpn = int(line[4:8])
            except ValueError:
                raise TrfError(f"{where}: bad pairing number {line[4:8]!r}") from None
            rating_text = line[48:52].strip()
            rating = int(rating_text) if rating_text.isdigit() else 0
            cells: list[Cell] = []
            body = line[91:].rstrip()
            for k in range(0, len(body), 10):
                c = _cell(body[k : k + 8], f"{where} round {k // 10 + 1}")
                if c is None:
                    c = Cell(opponent=None, colour=None, result="Z")
                cells.append(c)
            players.append(TrfPlayer(tpn=tpn, rating=rating, cells=tuple(cells)))
        elif tag in ("XXR", "142"):
            try:
                total = int(line[3:].split()[0])
            except (ValueError, IndexError):
                raise TrfError(f"{where}: bad number of rounds") from None
        elif tag == "XXC":
            word = line[3:].strip().lower()
            if word.startswith("white1"):
                initial = "w"
            elif word.startswith("black1"):
                initial = "b"
        elif tag == "152":
            word = line[3:].strip().upper()
            if word in ("W", "B"):
                initial = "w" if word == "W" else "b"
        elif tag in ("XXP", "260", "250", "XXA"):
            numbers = _record_numbers(tag, line[3:], where)
            ids = [int(x) for x in numbers]
            if tag == "XXP":
                forbidden.update(frozenset((a, b)) for a in ids for b in ids if a < b)
            elif tag == "260" and len(ids) >= 4:
                groups.append(ForbiddenGroup(tuple(sorted(set(ids[2:]))), ids[0], ids[1]))
            elif tag == "250" and len(numbers) >= 4:
                r1, r2, p1 = (int(x) for x in numbers[1:4])
                p2 = int(numbers[4]) if len(numbers) > 4 else p1
                virtual.append(VirtualPoints(numbers[0], r1, r2, p1, p2))
            elif tag == "XXA" and numbers:
                player = int(numbers[0])
                xxa.extend(
                    VirtualPoints(v, r, r, player, player)
                    for r, v in enumerate(numbers[1:], 1)
                    if v
                )
        elif tag == "192":
            baku = "BAKU" in line.upper()
    return TrfTournament(
        players=tuple(players),
        total_rounds=total,
        initial_colour=initial,
        forbidden_pairs=frozenset(forbidden),
        forbidden_groups=tuple(groups),
        virtual=tuple(virtual or xxa),
        baku=baku,
    )


def _numbers(text: str, where: str) -> list[Fraction]:
    try:
        return [Fraction(x) for x in text.split()]
    except (ValueError, ZeroDivisionError):
        raise TrfError(f"{where}: expected numbers, got {text.strip()!r}") from None


def _record_numbers(tag: str, text: str, where: str) -> list[Fraction]:
    """The numbers of an ``XXP``, ``260``, ``250`` or ``XXA`` record: points (250's
    first, XXA's after the player) 0 or more, rounds and pairing numbers whole from 1."""
    numbers = _numbers(text, where)
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


def read_trf(path: Path | str) -> TrfTournament:
    """Read and parse a TRF file."""
    p = Path(path)
    return parse_trf(p.read_text(encoding="utf-8-sig", errors="replace"), p.name)


def _entry(cell: Cell, points: PointSystem) -> Entry:
    r = cell.result
    if cell.opponent is not None:
        if r in "1W":
            return Entry(Kind.PLAYED, points.win, cell.opponent, cell.colour)
        if r in "=D":
            return Entry(Kind.PLAYED, points.draw, cell.opponent, cell.colour)
        if r in "0L":
            return Entry(Kind.PLAYED, points.loss, cell.opponent, cell.colour)
        if r == "+":
            return Entry(Kind.FORFEIT_WIN, points.win, cell.opponent, cell.colour)
        if r == "-":
            return Entry(Kind.FORFEIT_LOSS, Fraction(0), cell.opponent, cell.colour)
        return Entry(Kind.ZERO_BYE, Fraction(0))
    if r in "U+":
        return Entry(Kind.PAB, points.pab)
    if r == "H":
        return Entry(Kind.HALF_BYE, points.draw)
    if r == "F":
        return Entry(Kind.FULL_BYE, points.win)
    return Entry(Kind.ZERO_BYE, Fraction(0))


def _inferred_colour(trf: TrfTournament, round_number: int) -> Colour | None:
    """The initial colour read back from the first round with colours (TRF-2026 on 152).

    In that round, the participant with the lowest pairing number who has a colour gives
    it: his own colour if he is the 1st, 3rd, ... participant of the round, the other
    one if he is the 2nd, 4th, ... (the reference engine's reading).
    """
    for k in range(round_number - 1):
        rank = 0
        for p in sorted(trf.players, key=lambda q: q.tpn):
            if k >= len(p.cells):
                continue
            cell = p.cells[k]
            if cell.opponent is None and cell.result != "U":
                continue
            rank += 1
            if cell.colour is not None and cell.opponent is not None:
                if rank % 2:
                    return cell.colour
                return "b" if cell.colour == "w" else "w"
    return None


def is_absence(cell: Cell | None) -> bool:
    """A round cell announcing that the player is not paired (a bye without opponent)."""
    return cell is not None and cell.opponent is None and cell.result in "HFZ "


def request_for_round(
    trf: TrfTournament,
    round_number: int,
    *,
    points: PointSystem | None = None,
    total_rounds: int | None = None,
    initial_colour: Colour | None = None,
) -> PairingRequest:
    """The request to pair ``round_number`` from rounds 1..r-1 and round r's absences."""
    pts = points or PointSystem()
    total = total_rounds or trf.total_rounds
    if total is None:
        raise TrfError("the number of rounds is missing (XXR or 142)")
    if not 1 <= round_number <= total:
        raise TrfError(f"round {round_number} is outside the {total} planned rounds")
    colour = initial_colour or trf.initial_colour or _inferred_colour(trf, round_number)
    if colour is None:
        raise TrfError("the initial colour is missing (XXC white1/black1 or 152 W/B)")
    players: list[PlayerInput] = []
    for p in trf.players:
        cells: Sequence[Cell] = p.cells
        history = tuple(
            _entry(cells[k], pts) if k < len(cells) else Entry(Kind.ZERO_BYE, Fraction(0))
            for k in range(round_number - 1)
        )
        current = cells[round_number - 1] if round_number - 1 < len(cells) else None
        players.append(
            PlayerInput(
                tpn=p.tpn,
                points=sum((e.points for e in history), Fraction(0)),
                history=history,
                present=not is_absence(current),
                rating=p.rating,
            )
        )
    return PairingRequest(
        round_number=round_number,
        total_rounds=total,
        players=tuple(players),
        initial_colour=colour,
        points=pts,
        forbidden_pairs=trf.forbidden_pairs
        | {frozenset(p) for p in forbidden_pairs(trf.forbidden_groups, round_number)},
        acceleration=virtual_points(
            trf.virtual or (baku_records(len(trf.players), total, pts.win) if trf.baku else ()),
            round_number,
            (p.tpn for p in trf.players),
        ),
    )


def expected_round(
    trf: TrfTournament, round_number: int
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
