"""The players of one Dutch round, with what the criteria need precomputed (FIDE Handbook C.04.3).

Used by :mod:`caddy_plugins.engines.dutch.dutch` and the modules it is built from: pairing
scores (with acceleration) in integer units, colour preferences (C.04.3 1.6-1.7),
floats of the last two rounds (1.4), bye eligibility (C2) and the pairing order (1.2).
"""

from __future__ import annotations

import math
from fractions import Fraction

from caddy_plugins.engines.dutch.model import Kind, PairingRequest, PlayerInput

__all__ = ["DOWN", "UP", "PlayerState", "build_players", "invert", "units"]

#: A downfloat / an upfloat (C.04.3 1.4).
DOWN = "D"
UP = "U"


def invert(colour: str | None) -> str | None:
    if colour is None:
        return None
    return "b" if colour == "w" else "w"


class PlayerState:
    """One present player, with everything the criteria need precomputed."""

    __slots__ = (
        "absimb",
        "absolute",
        "colours",
        "eligible",
        "f1",
        "f2",
        "idx",
        "imb",
        "met",
        "played",
        "pref",
        "rank",
        "real",
        "rep",
        "score",
        "strong",
        "tpn",
    )

    def __init__(self) -> None:
        self.tpn = 0
        self.rank = 0  # effective pairing number, 0-based (C.04.2 2.4; see module docstring)
        self.score = 0  # pairing score in integer units (with acceleration)
        self.real = 0  # real score in integer units (board order)
        self.pref: str | None = None
        self.imb = 0  # abs(colour difference)
        self.absimb = False
        self.rep: str | None = None  # colour of the two latest games when they are equal
        self.absolute = False
        self.strong = False
        self.played = 0  # number of played games
        self.eligible = True  # may get the PAB (C2)
        self.f1: str | None = None  # float one round back
        self.f2: str | None = None  # float two rounds back
        self.colours: tuple[str, ...] = ()
        self.met: set[int] = set()
        self.idx = 0  # position in the pairing order (C.04.3 1.2)


def units(request: PairingRequest) -> int:
    """A common denominator making every point value of the request an integer."""
    values: list[Fraction] = [
        request.points.win,
        request.points.draw,
        request.points.loss,
        request.points.pab,
    ]
    values.extend(request.acceleration.values())
    for p in request.players:
        values.append(p.points)
        values.extend(e.points for e in p.history)
    denominators = {
        v.denominator if isinstance(v, (int, Fraction)) else Fraction(v).denominator for v in values
    }
    return math.lcm(*denominators)


def build_players(
    request: PairingRequest, unit: int
) -> tuple[list[PlayerState], dict[int, PlayerInput], int]:
    """Present players sorted by pairing score then effective number (C.04.3 1.2)."""
    played_rounds = request.round_number - 1
    by_tpn: dict[int, PlayerInput] = {}
    for p in request.players:
        if p.tpn in by_tpn:
            raise ValueError(f"TPN {p.tpn} appears twice")
        if len(p.history) != played_rounds:
            raise ValueError(
                f"TPN {p.tpn}: {len(p.history)} rounds of history, expected {played_rounds}"
            )
        by_tpn[p.tpn] = p
    for p in request.players:
        for rnd, e in enumerate(p.history, start=1):
            if e.opponent is not None and e.opponent not in by_tpn:
                raise ValueError(f"TPN {p.tpn}, round {rnd}: unknown opponent {e.opponent}")

    def u(x: Fraction) -> int:
        if isinstance(x, (int, Fraction)):
            # unit is a multiple of every denominator: exact integer arithmetic.
            return x.numerator * unit // x.denominator
        return int(Fraction(x) * unit)

    loss = u(request.points.loss)
    win = u(request.points.win)
    # cumulative[t][k] = points of t after k rounds: the current points less the points
    # of the later rounds (so adjusted current points carry back, as in the engine).
    cumulative: dict[int, list[int]] = {}
    for p in request.players:
        acc = [u(p.points)]
        for e in reversed(p.history):
            acc.append(acc[-1] - u(e.points))
        cumulative[p.tpn] = acc[::-1]

    def pairing_score(tpn: int, rounds_done: int) -> int:
        extra = request.acceleration.get((tpn, rounds_done + 1), Fraction(0))
        return cumulative[tpn][rounds_done] + u(extra)

    # Effective pairing numbers: skip absentees who never took part in a pairing.
    rank: dict[int, int] = {}
    for p in sorted(request.players, key=lambda q: q.tpn):
        if p.present or any(e.kind.paired for e in p.history):
            rank[p.tpn] = len(rank)

    def float_of(p: PlayerInput, back: int) -> str | None:
        k = played_rounds - back
        e = p.history[k]
        if not e.kind.played:
            return DOWN if u(e.points) > loss else None
        assert e.opponent is not None
        mine = pairing_score(p.tpn, k)
        theirs = pairing_score(e.opponent, k)
        return DOWN if mine > theirs else UP if mine < theirs else None

    players: list[PlayerState] = []
    for p in request.players:
        if not p.present:
            continue
        x = PlayerState()
        x.tpn = p.tpn
        x.rank = rank[p.tpn]
        x.real = u(p.points)
        x.score = x.real + u(request.acceleration.get((p.tpn, request.round_number), Fraction(0)))
        colours = tuple(e.colour for e in p.history if e.kind.played and e.colour is not None)
        x.colours = colours
        x.played = sum(1 for e in p.history if e.kind.played)
        x.met = {e.opponent for e in p.history if e.kind.played and e.opponent is not None}
        whites = colours.count("w")
        blacks = len(colours) - whites
        lower = "b" if whites > blacks else "w"
        x.imb = abs(whites - blacks)
        run = 0
        last: str | None = None
        for c in colours:
            run = run + 1 if c == last else 1
            last = c
        if x.imb > 1:
            x.pref = lower
        elif run > 1:
            x.pref = invert(last)
        elif x.imb > 0:
            x.pref = lower
        elif run:
            x.pref = invert(last)
        x.rep = last if run > 1 else None
        x.absimb = x.imb > 1
        x.absolute = x.absimb or x.rep is not None
        x.strong = not x.absolute and x.imb > 0
        # C2 (C.04.1 rule 4): no PAB after a PAB (whatever it scored: with 3-1-0
        # and a 1-point bye too) or any unplayed round worth a win.
        x.eligible = not any(
            e.kind is Kind.PAB or (not e.kind.played and u(e.points) >= win) for e in p.history
        )
        x.f1 = float_of(p, 1) if played_rounds >= 1 else None
        x.f2 = float_of(p, 2) if played_rounds >= 2 else None
        players.append(x)
    players.sort(key=lambda q: (-q.score, q.rank))
    for i, x in enumerate(players):
        x.idx = i
    return players, by_tpn, played_rounds
