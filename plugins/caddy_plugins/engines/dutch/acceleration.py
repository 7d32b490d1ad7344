"""Accelerated pairings (FIDE Handbook C.04.7, the Baku Acceleration Method) and
forbidden pairs, as options of a Swiss.

The Baku method (C.04.7, rules applied from 1 February 2026; C.04.5.1 in the
handbooks before 2026):

- before round 1 the players, in pairing-number order, are split into group
  A, the first half rounded up to an even number (``2 * ceil(N / 4)``: 161
  players give 82), and group B, the rest; the last player of group A stays
  the same when players enter late;
- the accelerated rounds are the first half (rounded up) of the event; in
  the first half (rounded up) of them the players of group A get virtual
  points equal to a win, in the others half of that (a nine-round event: 1
  in rounds 1-3, ½ in rounds 4-5); group B never gets any, nor anyone after
  the accelerated rounds;
- the pairing score (points plus virtual points) builds the score brackets;
  the standings never see virtual points.

Virtual points are written as :class:`VirtualPoints` records (TRF26 record
250: points, a round range and a player range), which is also how an event
names other accelerations. Forbidden pairs are groups of pairing numbers none
of whom meet, optionally in a round range only (TRF26 record 260).

Option syntax (``caddy new --option``):

- ``acceleration``: ``none``, ``baku``, or records ``POINTS@R1-R2:P1-P2``
  separated by ``;`` (``1@1-2:1-6;0.5@3-4:1-6``: 1 virtual point to players
  1-6 in rounds 1-2, ½ in rounds 3-4);
- ``forbidden``: groups separated by ``;``, pairing numbers by spaces or
  commas, each group optionally ``@R1-R2`` (``1,2,3;7,9@1-4``).

:func:`virtual_notes` and :func:`forbidden_notes` give the lines
``caddy pair --explain`` adds for them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction

import attrs

from caddy_plugins.engines.dutch.model import PairingRequest

__all__ = [
    "ForbiddenGroup",
    "VirtualPoints",
    "accelerated_rounds",
    "baku",
    "baku_group",
    "forbidden_notes",
    "forbidden_pairs",
    "format_records",
    "parse_acceleration",
    "parse_forbidden",
    "virtual_notes",
    "virtual_points",
]


@attrs.frozen
class VirtualPoints:
    """Virtual points for players ``first_player``..``last_player`` in rounds
    ``first_round``..``last_round`` (TRF26 record 250)."""

    points: Fraction
    first_round: int
    last_round: int
    first_player: int
    last_player: int

    def text(self) -> str:
        """The option's form: ``POINTS@R1-R2:P1-P2``."""
        return (
            f"{_number(self.points)}@{self.first_round}-{self.last_round}"
            f":{self.first_player}-{self.last_player}"
        )


@attrs.frozen
class ForbiddenGroup:
    """Players none of whom meet, in rounds ``first_round``..``last_round``
    (``None``: every round; TRF26 record 260, ``XXP``)."""

    players: tuple[int, ...]
    first_round: int | None = None
    last_round: int | None = None

    def applies(self, round: int) -> bool:
        first = self.first_round or 1
        return first <= round <= (self.last_round or round)

    def text(self) -> str:
        numbers = " ".join(map(str, self.players))
        if self.first_round is None:
            return numbers
        return f"{numbers}@{self.first_round}-{self.last_round}"


def _number(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else str(float(value))


def baku_group(players: int) -> int:
    """The pairing number of the last player of group A: the first half of
    the field rounded up to an even number, ``2 * ceil(N / 4)`` (C.04.7)."""
    return 2 * math.ceil(players / 4)


def accelerated_rounds(rounds: int) -> tuple[int, int]:
    """``(full, half)``: the accelerated rounds are the first ``ceil(R / 2)``;
    group A gets a win's virtual points in the first ``full`` of them (half
    of them, rounded up) and half that in the next ``half`` (C.04.7)."""
    accelerated = math.ceil(rounds / 2)
    full = math.ceil(accelerated / 2)
    return full, accelerated - full


def baku(players: int, rounds: int, win: Fraction = Fraction(1)) -> tuple[VirtualPoints, ...]:
    """The Baku method's records for a field of ``players`` and ``rounds``
    planned rounds, a win worth ``win`` (C.04.7)."""
    last = min(baku_group(players), players)
    full, half = accelerated_rounds(rounds)
    out = []
    if full and last:
        out.append(VirtualPoints(Fraction(win), 1, full, 1, last))
    if half and last:
        out.append(VirtualPoints(Fraction(win) / 2, full + 1, full + half, 1, last))
    return tuple(out)


_RECORD = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*@\s*(\d+)\s*-\s*(\d+)\s*:\s*(\d+)\s*-\s*(\d+)\s*")


def parse_acceleration(text: str) -> tuple[VirtualPoints, ...] | None:
    """The records of an explicit ``acceleration`` option (``None`` for
    ``none``/``baku``, which need the field).

    :raises ValueError: a record not ``POINTS@R1-R2:P1-P2`` or with an empty range.
    """
    if text.strip().lower() in ("none", "baku", ""):
        return None
    out = []
    for part in text.split(";"):
        if not part.strip():
            continue
        match = _RECORD.fullmatch(part)
        if match is None:
            raise ValueError(
                f"'{part.strip()}' is not POINTS@R1-R2:P1-P2 (expected none, baku, or such "
                "records separated by ';')"
            )
        points = Fraction(match.group(1))
        r1, r2, p1, p2 = (int(match.group(k)) for k in range(2, 6))
        if not (points > 0 and 1 <= r1 <= r2 and 1 <= p1 <= p2):
            raise ValueError(f"'{part.strip()}': points above 0 and ranges from low to high")
        out.append(VirtualPoints(points, r1, r2, p1, p2))
    if not out:
        raise ValueError("expected none, baku, or records POINTS@R1-R2:P1-P2")
    return tuple(out)


def format_records(records: Iterable[VirtualPoints]) -> str:
    """The ``acceleration`` option's text for ``records``."""
    return ";".join(r.text() for r in records)


def virtual_points(
    records: Iterable[VirtualPoints], up_to: int, players: Iterable[int]
) -> dict[tuple[int, int], Fraction]:
    """``(pairing number, round) -> virtual points`` for rounds 1..``up_to``."""
    numbers = set(players)
    out: dict[tuple[int, int], Fraction] = {}
    for record in records:
        for number in range(record.first_player, record.last_player + 1):
            if number not in numbers:
                continue
            for round in range(record.first_round, min(record.last_round, up_to) + 1):
                out[number, round] = out.get((number, round), Fraction(0)) + record.points
    return out


_RANGE = re.compile(r"\s*(\d+)\s*-\s*(\d+)\s*")


def parse_forbidden(text: str) -> tuple[ForbiddenGroup, ...]:
    """The groups of a ``forbidden`` option.

    :raises ValueError: a group of fewer than two pairing numbers, a number
        not a whole number above 0, a round range not ``R1-R2``.
    """
    groups = []
    for part in text.split(";"):
        if not part.strip():
            continue
        numbers_text, at, rounds_text = part.partition("@")
        first = last = None
        if at:
            match = _RANGE.fullmatch(rounds_text)
            if match is None or not 1 <= int(match.group(1)) <= int(match.group(2)):
                raise ValueError(f"'{part.strip()}': the round range is not R1-R2")
            first, last = int(match.group(1)), int(match.group(2))
        words = numbers_text.replace(",", " ").split()
        if not all(w.isascii() and w.isdigit() and int(w) > 0 for w in words):
            raise ValueError(f"'{part.strip()}': pairing numbers are whole numbers above 0")
        numbers = tuple(sorted({int(w) for w in words}))
        if len(numbers) < 2:
            raise ValueError(f"'{part.strip()}': a group names at least two players")
        groups.append(ForbiddenGroup(numbers, first, last))
    return tuple(groups)


def forbidden_pairs(groups: Sequence[ForbiddenGroup], round: int) -> frozenset[tuple[int, int]]:
    """The pairs (smaller number first) that must not meet in ``round``."""
    return frozenset(
        (a, b)
        for group in groups
        if group.applies(round)
        for a in group.players
        for b in group.players
        if a < b
    )


def virtual_notes(engine: PairingRequest) -> list[str]:
    """The virtual points of the round (accelerated pairings, C.04.7)."""
    from caddy_plugins.engines.dutch.explain import fmt_score, tpn_list

    given: dict[Fraction, list[int]] = {}
    for (player, round), points in sorted(engine.acceleration.items()):
        if round == engine.round_number and points:
            given.setdefault(points, []).append(player)
    return [
        f"  virtual points (accelerated pairings, C.04.7): {fmt_score(points)} for "
        f"{tpn_list(tuple(players))} (pairing scores only, never the standings)"
        for points, players in given.items()
    ]


def forbidden_notes(engine: PairingRequest) -> list[str]:
    """A line for each forbidden pair the pairing without that constraint
    would have paired (it changed the pairing)."""
    if not engine.forbidden_pairs:
        return []
    from caddy_plugins.engines.dutch.dutch import pair_round
    from caddy_plugins.engines.dutch.model import NoValidPairingError

    try:
        free = pair_round(attrs.evolve(engine, forbidden_pairs=frozenset()))
    except NoValidPairingError:
        return []
    kept = sorted(
        (min(pair), max(pair))
        for pair in map(frozenset, free.pairs)
        if pair in engine.forbidden_pairs
    )
    return [
        f"  forbidden pair {a}-{b} kept apart (an absolute criterion, like C.04.1 rule 2, "
        "by the event's rules): the pairing without it pairs them"
        for a, b in kept
    ]
