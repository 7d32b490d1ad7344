"""The records of a Swiss's accelerated pairings and forbidden pairs, read and written.

- TRF26 record 250 (accelerated rounds): virtual points (columns 10-13), the
  first and last round (15-17, 19-21) and the first and last player (23-26,
  28-31) they are given to; JaVaFo's ``XXA NNNN pp.p pp.p ...`` gives one
  player's virtual points round by round from round 1. Record 192 naming a
  ``_BAKU`` system with neither means the Baku method (FIDE Handbook C.04.7).
- TRF26 record 260 (prohibited pairings): the first and last round (columns
  5-7, 9-11), then the players none of whom meet (from column 13, every 5
  columns); JaVaFo's ``XXP`` lists such players for every round.

They become, and are written from, the ``swiss`` format's ``acceleration``
and ``forbidden`` options (:mod:`caddy_plugins.engines.dutch.acceleration`). caddy
writes explicit 250 records for the Baku method (engines differ on the size
of group A when only the system's name says ``_BAKU``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy_plugins.codecs.trf.records import TrfDocument
    from caddy_plugins.engines.dutch.acceleration import ForbiddenGroup, VirtualPoints

__all__ = ["OPTION_RECORDS", "acceleration_option", "forbidden_option", "option_records"]

#: The records made from the options (an imported file's own are not kept).
OPTION_RECORDS = frozenset({"250", "260", "XXA", "XXP"})


#: What each record holds, for messages.
_FORMS = {
    "250": "POINTS FIRST-ROUND LAST-ROUND FIRST-PLAYER LAST-PLAYER",
    "260": "FIRST-ROUND LAST-ROUND PLAYER PLAYER ...",
    "XXA": "PLAYER POINTS POINTS ...",
    "XXP": "PLAYER PLAYER ...",
}


def _numbers(
    doc: TrfDocument, code: str, text: str, count: int | None = None, least: int = 1
) -> list[str]:
    words = text.split()
    if len(words) < least or (count is not None and len(words) not in (count - 1, count)):
        raise CaddyError(f"{doc.source}: record {code} '{text.strip()}' is not '{_FORMS[code]}'")
    return words


def _fraction(doc: TrfDocument, code: str, text: str, word: str) -> Fraction:
    """Virtual points: a number, 0 or more (``1/0`` and ``-1`` are refused)."""
    try:
        points = Fraction(word)
    except (ValueError, ZeroDivisionError):
        points = Fraction(-1)
    if points < 0:
        raise CaddyError(
            f"{doc.source}: record {code} '{text.strip()}': '{word}' is not a number of "
            "points (0 or more)"
        )
    return points


def _int(doc: TrfDocument, code: str, text: str, word: str, what: str = "a round") -> int:
    """A round or a pairing number: a whole number from 1."""
    if not (word.isascii() and word.isdigit() and int(word) >= 1):
        raise CaddyError(
            f"{doc.source}: record {code} '{text.strip()}': '{word}' is not {what} "
            "(a whole number from 1)"
        )
    return int(word)


def _player(doc: TrfDocument, code: str, text: str, word: str) -> int:
    return _int(doc, code, text, word, "a pairing number")


def virtual_records(doc: TrfDocument) -> list[VirtualPoints]:
    """Records 250, else ``XXA``, as read.

    :raises CaddyError: a record whose fields are not numbers.
    """
    from caddy_plugins.engines.dutch.acceleration import VirtualPoints

    out = []
    for text in doc.records("250"):
        words = _numbers(doc, "250", text, 5)
        points = _fraction(doc, "250", text, words[0])
        r1, r2 = (_int(doc, "250", text, w) for w in words[1:3])
        p1, *rest = (_player(doc, "250", text, w) for w in words[3:])
        p2 = rest[0] if rest else p1
        if points and r1 <= r2 and p1 <= p2:
            out.append(VirtualPoints(points, r1, r2, p1, p2))
    if out:
        return out
    for text in doc.records("XXA"):
        words = _numbers(doc, "XXA", text)
        player = _player(doc, "XXA", text, words[0])
        for round, word in enumerate(words[1:], 1):
            points = _fraction(doc, "XXA", text, word)
            if points:
                out.append(VirtualPoints(points, round, round, player, player))
    return out


def acceleration_option(doc: TrfDocument, *, rounds: int, win: float, draw: float) -> str:
    """The ``acceleration`` option a file says: ``baku`` when its records are
    the Baku method's for its field and ``rounds`` (or 192 names ``_BAKU``
    and there are none), ``none`` when nothing, else the records (the
    method's as records when a win is not worth two draws: the option
    ``baku`` is for the scoring the method is written for)."""
    from caddy_plugins.engines.dutch.acceleration import baku, format_records, virtual_points

    points = Fraction(win).limit_denominator(1000)
    method = baku(len(doc.players), rounds, points)
    two_draws = win == 2 * draw
    records = virtual_records(doc)
    if not records:
        if "BAKU" not in (doc.record("192") or "").upper():
            return "none"
        return "baku" if two_draws else format_records(method)
    players = range(1, len(doc.players) + 1)
    if two_draws and virtual_points(records, rounds, players) == virtual_points(
        method, rounds, players
    ):
        return "baku"
    return format_records(records)


def forbidden_option(doc: TrfDocument, *, rounds: int) -> str:
    """The ``forbidden`` option a file says: records 260 (their round range
    kept unless it covers the event) and ``XXP`` (every round)."""
    from caddy_plugins.engines.dutch.acceleration import ForbiddenGroup

    groups = []
    for text in doc.records("260"):
        words = _numbers(doc, "260", text, least=2)
        r1, r2 = (_int(doc, "260", text, w) for w in words[:2])
        players = [_player(doc, "260", text, w) for w in words[2:]]
        if len(set(players)) < 2 or r1 > r2:
            continue
        whole = r1 <= 1 and r2 >= rounds
        groups.append(
            ForbiddenGroup(
                tuple(sorted(set(players))), None if whole else r1, None if whole else r2
            )
        )
    for text in doc.records("XXP"):
        players = [_player(doc, "XXP", text, w) for w in _numbers(doc, "XXP", text)]
        if len(set(players)) >= 2:
            groups.append(ForbiddenGroup(tuple(sorted(set(players)))))
    return ";".join(g.text() for g in groups)


def _points(points: Fraction) -> str:
    return f"{float(points):.1f}" if (points * 2).denominator == 1 else f"{float(points):.2f}"


def option_records(
    records: Sequence[VirtualPoints],
    groups: Sequence[ForbiddenGroup],
    *,
    rounds: int,
    trf26: bool,
) -> list[tuple[str, str]]:
    """``(code, text)`` lines for the virtual points and forbidden groups:
    TRF26 250 and 260; TRF16 ``XXA`` (round by round) and ``XXP`` (groups
    for every round only: ``XXP`` has no round range)."""
    out: list[tuple[str, str]] = []
    if trf26:
        for r in records:
            out.append(
                (
                    "250",
                    f"{'':5}{_points(r.points):>4} {r.first_round:3d} {r.last_round:3d} "
                    f"{r.first_player:4d} {r.last_player:4d}",
                )
            )
        for g in groups:
            first, last = g.first_round or 1, g.last_round or max(rounds, 1)
            out.append(("260", f"{first:3d} {last:3d}" + "".join(f" {p:4d}" for p in g.players)))
        return out
    from caddy_plugins.engines.dutch.acceleration import virtual_points

    if records:
        players = sorted({p for r in records for p in range(r.first_player, r.last_player + 1)})
        last = max(r.last_round for r in records)
        table = virtual_points(records, last, players)
        for player in players:
            cells = [table.get((player, k), Fraction(0)) for k in range(1, last + 1)]
            out.append(("XXA", f"{player:4d}" + "".join(f" {_points(c):>4}" for c in cells)))
    out.extend(("XXP", " ".join(map(str, g.players))) for g in groups if g.first_round is None)
    return out
