"""FIDE Burstein Swiss pairing (FIDE Handbook C.04.4.2), as the FIDE-endorsed
engine bbpPairings (``--burstein``) reads it: docs/burstein.md has the rules,
the engine's reading and where they part.

Entry point: :func:`pair_round`, with the Dutch engine's request and answer
types (:mod:`caddy_plugins.engines.dutch.model`). How a round is paired:

1. The seeding rounds (1 and 2) give the top half virtual points worth a win
   (:func:`.index.seeding_acceleration`), unless the request brings its own
   acceleration.
2. Present players are ordered by score, then by their Index
   (:mod:`.index`: Sonneborn-Berger, Buchholz, Median, pairing number).
3. The pairing-allocated bye goes to the lowest player in that order who has
   had neither the bye nor a forfeit win.
4. The brackets (:mod:`.groups`): scoregroups from the top, merged with the
   next one where they cannot be paired.
5. In each bracket (its floater from above included, all ordered by Index)
   each player from the top is paired with the LOWEST player that still lets a
   maximum-weight matching pair everyone (a pair, then a pair inside the
   bracket, then compatible colour preferences); a player who cannot stay floats
   down.
6. Colours: the preferences as in the Dutch system, then the player higher in
   the Index gets its preference; with none, the initial colour by pairing
   number (:func:`choose_colour`).
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from caddy_plugins.engines.burstein.fold import FoldMismatchError, fold_matching
from caddy_plugins.engines.burstein.groups import Weights, find_brackets, solve
from caddy_plugins.engines.burstein.index import (
    IndexKey,
    merge_sort,
    outranks,
    player_indexes,
    seeding_acceleration,
)
from caddy_plugins.engines.dutch.colours import board_key, granted_colour
from caddy_plugins.engines.dutch.model import (
    Colour,
    Kind,
    NoValidPairingError,
    Pairing,
    PairingRequest,
)
from caddy_plugins.engines.dutch.players import PlayerState, build_players, invert, units

__all__ = ["BursteinExplanation", "choose_colour", "coloured_pairing", "pair_round"]


@attrs.frozen
class BursteinExplanation:
    """How a Burstein round was paired; :meth:`lines` renders it as text."""

    round_number: int
    #: Pairing numbers given a seeding round's virtual points.
    seeded: tuple[int, ...]
    #: One line per bracket: its players in Index order, pairs and floater.
    brackets: tuple[str, ...]
    colour_notes: tuple[str, ...]
    bye: int | None = None

    def lines(self) -> list[str]:
        out = [
            f"Round {self.round_number} (Burstein system, FIDE C.04.4.2, as bbpPairings reads it)"
        ]
        if self.seeded:
            out.append(
                "  seeding round: virtual points worth a win for " + " ".join(map(str, self.seeded))
            )
        out.extend(f"  {line}" for line in self.brackets)
        if self.bye is not None:
            out.append(f"  PAB: {self.bye} (lowest in the order without a PAB or forfeit win)")
        out.extend(f"  colours {note}" for note in self.colour_notes)
        return out


def _weights(n: int) -> tuple[int, int, int]:
    """The weights of a compatible pair, a pair in one scoregroup and a
    colour-compatible pair: each above any sum of the ones below."""
    colour = 2 * n + 2
    same = colour * (n // 2 + 1)
    return same * (n // 2 + 1), same, colour


def choose_colour(p: PlayerState, o: PlayerState, above: bool, initial: Colour) -> tuple[str, str]:
    """Colour for ``p`` (``above``: higher in the Index) against ``o``, with the reason:
    the preferences as in the Dutch system (C.04.3 5.2.1-5.2.3), then the higher Index's
    preference; with none, the initial colour by pairing number."""
    granted = granted_colour(p, o)
    if granted is not None:
        return granted[0], granted[1].split(" ", 1)[1]
    if p.pref is None:
        top = p if p.rank < o.rank else o
        colour = initial if top.rank % 2 == 0 else (invert(initial) or "w")
        return (colour if top is p else invert(colour) or "w"), "initial colour"
    if above:
        return p.pref, "higher Index keeps its preference"
    return invert(o.pref) or "w", "higher Index keeps its preference"


def coloured_pairing(
    choices: list[tuple[PlayerState, PlayerState, str, str]],
) -> tuple[tuple[tuple[int, int], ...], tuple[str, ...]]:
    """``(a, b, colour of a, reason)`` per pair: the ``(White, Black)`` pairs in board
    order (C.04.2) and a ``"white-black: reason"`` note each."""
    coloured: list[tuple[PlayerState, PlayerState]] = []
    notes: list[str] = []
    for a, b, colour, why in choices:
        white, black = (a, b) if colour == "w" else (b, a)
        coloured.append((white, black))
        notes.append(f"{white.tpn}-{black.tpn}: {why}")
    coloured.sort(key=board_key)
    return tuple((w.tpn, b.tpn) for w, b in coloured), tuple(notes)


def pair_round(request: PairingRequest, *, plain: bool = False) -> Pairing:
    """Pair one round with the Burstein system.

    Each bracket is paired by one maximum-weight matching (:mod:`.fold`);
    ``plain`` pairs it by one matching per player, the rules' procedure word
    for word (the same pairs: the reference the tests compare with).

    Raises :class:`NoValidPairingError` when no pairing satisfies the absolute
    criteria; :class:`ValueError` for inconsistent input.
    """
    seeded: tuple[int, ...] = ()
    acceleration = dict(request.acceleration)
    if not acceleration:  # explicit virtual points replace the seeding rounds'
        acceleration = seeding_acceleration(request)
        seeded = tuple(sorted(tpn for tpn, _ in acceleration))
        request = attrs.evolve(request, acceleration=acceleration)
    unit = units(request)
    states, by_tpn, _ = build_players(request, unit)
    ranks = _effective_ranks(request)
    keys = player_indexes(request, unit, acceleration, ranks)
    order = merge_sort(
        sorted(states, key=lambda s: s.tpn),
        lambda a, b: (
            a.score > b.score or (a.score == b.score and outranks(keys[a.tpn], keys[b.tpn]))
        ),
    )
    bye: PlayerState | None = None
    if len(order) % 2:
        for s in reversed(order):
            if not any(e.kind in (Kind.PAB, Kind.FORFEIT_WIN) for e in by_tpn[s.tpn].history):
                bye = s
                break
        if bye is None:
            raise NoValidPairingError("no player is eligible for the pairing-allocated bye")
        order = [s for s in order if s is not bye]
    try:
        pairs, notes = _pair(order, keys, request, plain)
    except FoldMismatchError:
        pairs, notes = _pair(order, keys, request, True)
    choices = []
    for top, other in pairs:
        above = not outranks(keys[other.tpn], keys[top.tpn])
        choices.append((top, other, *choose_colour(top, other, above, request.initial_colour)))
    boards, colour_notes = coloured_pairing(choices)
    return Pairing(
        pairs=boards,
        bye=None if bye is None else bye.tpn,
        explanation=BursteinExplanation(
            round_number=request.round_number,
            seeded=seeded,
            brackets=tuple(notes),
            colour_notes=colour_notes,
            bye=None if bye is None else bye.tpn,
        ),
    )


def _effective_ranks(request: PairingRequest) -> dict[int, int]:
    """0-based pairing numbers of the players who are present or took part in a
    pairing before (absentees who never played are skipped, C.04.2)."""
    ranks: dict[int, int] = {}
    for p in sorted(request.players, key=lambda q: q.tpn):
        if p.present or any(e.kind.paired for e in p.history):
            ranks[p.tpn] = len(ranks)
    return ranks


def _forbidden(request: PairingRequest, states: list[PlayerState]) -> set[frozenset[int]]:
    out = {pair for pair in request.forbidden_pairs if len(pair) == 2}
    for s in states:
        out.update(frozenset((s.tpn, m)) for m in s.met)
    return out


def _fold(weights: Weights, alive: set[int], members: list[int], end: int) -> dict[int, int]:
    """Each member's partner (``>= end``: it floats) by one matching (:mod:`.fold`),
    after checking the answer has the shape the plain loop would give it."""
    mates = fold_matching(weights, sorted(alive), members)
    inside = set(members)
    outside = [mates[v] for v in members if v in alive and mates[v] not in inside]
    if len(outside) > 1:
        raise FoldMismatchError("more than one floater")
    if any(mate < end for mate in outside):
        raise FoldMismatchError("a member meets a player above the bracket")
    return mates


def _pair(
    order: list[PlayerState], keys: dict[int, IndexKey], request: PairingRequest, plain: bool
) -> tuple[list[tuple[PlayerState, PlayerState]], list[str]]:
    """Pairs (the player higher in the Index first) and one note per bracket: each
    bracket by one matching (:mod:`.fold`), or with ``plain`` by one per player."""
    n = len(order)
    if n == 0:
        return [], []
    forbidden = _forbidden(request, order)
    compatible, same_group, colour_weight = _weights(n)

    def edge(a: int, b: int, same: bool, colours: bool = False) -> int:
        x, y = order[a], order[b]
        if frozenset((x.tpn, y.tpn)) in forbidden or (
            x.absolute and y.absolute and x.pref == y.pref
        ):
            return 0
        weight = compatible
        if same:
            weight += same_group
            if colours and (x.pref is None or y.pref is None or x.pref != y.pref):
                weight += colour_weight
        return weight

    brackets, valid = find_brackets(n, lambda v: order[v].score, edge, compatible, plain=plain)
    if not valid:
        raise NoValidPairingError(
            "the players cannot all be paired without a rematch or a forbidden colour"
        )
    weights = brackets.weights
    alive = set(range(n))
    pairs: list[tuple[PlayerState, PlayerState]] = []
    notes: list[str] = []
    floater: int | None = None
    for begin, end in brackets.ranges():
        members = list(range(begin, end)) + ([floater] if floater is not None else [])
        arriving, floater = floater, None
        members = merge_sort(members, lambda a, b: outranks(keys[order[a].tpn], keys[order[b].tpn]))
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                weights[(min(a, b), max(a, b))] = edge(a, b, True, True)
        made: list[str] = []
        folded = None if plain else _fold(weights, alive, members, end)
        for i, v in enumerate(members):
            if v not in alive:
                continue
            if folded is not None:
                mate: int | None = folded[v]
            else:
                priority = 1
                for w in members[i + 1 :]:
                    if w in alive:
                        base = edge(v, w, True, True)
                        if base:
                            weights[(min(v, w), max(v, w))] = base + priority
                            priority += 1
                mate = solve(weights, sorted(alive)).get(v)
            if mate is None:
                raise NoValidPairingError(f"player {order[v].tpn} cannot be paired")
            if mate >= end:
                floater = v
                continue
            pairs.append((order[v], order[mate]))
            made.append(f"{order[v].tpn}-{order[mate].tpn}")
            alive.discard(v)
            alive.discard(mate)
        notes.append(_note(order, keys, begin, members, arriving, made, floater, request))
    return pairs, notes


def _note(
    order: list[PlayerState],
    keys: dict[int, IndexKey],
    begin: int,
    members: list[int],
    arriving: int | None,
    made: list[str],
    floater: int | None,
    request: PairingRequest,
) -> str:
    unit = units(request)

    def pts(x: int) -> str:
        value = Fraction(x, unit)
        return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"

    def index(v: int) -> str:
        k = keys[order[v].tpn]
        sq = unit * unit
        return (
            f"{k.tpn} (SB {float(Fraction(k.sonneborn_berger, sq)):g}, "
            f"Bh {pts(k.buchholz)}, Med {pts(k.median)})"
        )

    head = f"bracket {pts(order[begin].score)}: " + ", ".join(index(v) for v in members)
    if arriving is not None:
        head += f"; floater from above {order[arriving].tpn}"
    head += "; pairs " + (" ".join(made) if made else "none")
    if floater is not None:
        head += f"; floats down {order[floater].tpn}"
    return head
