"""Pairing a Keizer evening (docs/keizer.md): the players present, in the
order of the Keizer ranking, top down, each against the highest-ranked
player still free whom they have not met within the last
``no_rematch_rounds`` evenings and after whom everyone else can still be
paired so (a maximum matching decides); the window narrows only when no
such pairing of everyone exists; the lowest-ranked present player without a
bye yet sits out an odd evening; colours by each player's balance."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from caddy_plugins.engines.dutch.matching import max_weight_matching
from caddy_plugins.formats.keizer.ranking import GAMES

if TYPE_CHECKING:
    from caddy.contracts import PairingRequest
    from caddy_plugins.formats.keizer.ranking import Evening

__all__ = ["KeizerPairing", "bye_player", "colours", "pair_evening"]


@attrs.frozen(kw_only=True)
class KeizerPairing:
    """An evening's pairs (White first), its bye and the rematch window kept."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    #: The evenings within which no pair met before (``None``: the whole season).
    window: int | None


def bye_player(present: Sequence[int], byes: Mapping[int, int]) -> int | None:
    """The lowest-ranked present player with the fewest byes so far (a second
    bye only when every player present has had one); ``None`` for an even field."""
    if len(present) % 2 == 0:
        return None
    fewest = min(byes.get(p, 0) for p in present)
    return next(p for p in reversed(present) if byes.get(p, 0) == fewest)


def _last_met(evenings: Mapping[int, Sequence[Evening]]) -> dict[frozenset[int], int]:
    """Each pair that met → the last evening (1-based) they met (played a
    game: a forfeit is not one)."""
    met: dict[frozenset[int], int] = {}
    for number, row in evenings.items():
        for index, evening in enumerate(row, 1):
            if evening.opponent is not None and evening.kind in GAMES:  # a forfeit is not
                met[frozenset((number, evening.opponent))] = index
    return met


def _perfect(players: Sequence[int], allowed: Mapping[int, frozenset[int]]) -> bool:
    """Whether every player can be paired with an allowed opponent (a maximum
    matching of the allowed pairs covers everyone)."""
    index = {p: i for i, p in enumerate(players)}
    edges = [(index[p], index[q], 1) for p in players for q in allowed[p] if index[p] < index[q]]
    return all(mate >= 0 for mate in max_weight_matching(len(players), edges))


def _match(
    players: Sequence[int], allowed: Mapping[int, frozenset[int]]
) -> list[tuple[int, int]] | None:
    """The pairing top down: the highest-ranked free player with the
    highest-ranked allowed free opponent that still lets everyone else be
    paired (a maximum-weight matching decides: each pair weighs more than any
    ranking bonus, and the top player's pairs weigh more the higher the
    opponent ranks, as the Burstein engine does with the lowest); ``None`` when
    no pairing of everyone exists."""
    if not _perfect(players, allowed):
        return None
    free = list(players)
    pairs: list[tuple[int, int]] = []
    base = len(free) + 1
    while free:
        top = free[0]
        index = {p: i for i, p in enumerate(free)}
        edges = [
            (index[p], index[q], base + (len(free) - index[q] if p == top else 0))
            for p in free
            for q in allowed[p]
            if q in index and index[p] < index[q]
        ]
        mate = max_weight_matching(len(free), edges)
        other = free[mate[0]]
        pairs.append((top, other))
        free = [p for p in free if p not in (top, other)]
    return pairs


def pair_evening(
    order: Sequence[int],
    present: frozenset[int],
    evenings: Mapping[int, Sequence[Evening]],
    window: int | None,
    round_number: int,
) -> KeizerPairing:
    """Pair the players ``present``, in ranking ``order`` (see the module
    docstring). When no pairing keeps the rematch ``window``, the window
    narrows one evening at a time (to 0: any rematch) until one does."""
    ranked = [p for p in order if p in present]
    byes = {p: sum(1 for e in evenings.get(p, ()) if e.kind == "bye") for p in ranked}
    bye = bye_player(ranked, byes)
    players = [p for p in ranked if p != bye]
    met = _last_met(evenings)
    played = round_number - 1
    widest = played if window is None else min(window, played)
    for width in range(widest, -1, -1):
        allowed = {
            p: frozenset(
                q
                for q in players
                if q != p and met.get(frozenset((p, q)), -width - 1) < round_number - width
            )
            for p in players
        }
        found = _match(players, allowed)
        if found is not None:
            pairs = tuple(colours(a, b, board, evenings) for board, (a, b) in enumerate(found, 1))
            kept = window if width == widest else width
            return KeizerPairing(pairs=pairs, bye=bye, window=kept)
    raise AssertionError("a pairing with rematches allowed always exists")  # pragma: no cover


def _balance(row: Sequence[Evening]) -> tuple[int, str]:
    """Whites minus Blacks, and the colour of the last game (``""``: none)."""
    played = [e.colour for e in row if e.colour is not None]
    return played.count("w") - played.count("b"), played[-1] if played else ""


def colours(
    higher: int, lower: int, board: int, evenings: Mapping[int, Sequence[Evening]]
) -> tuple[int, int]:
    """``(white, black)`` of a board: White to the player with fewer Whites
    than Blacks (the lower balance); equal balances, to the one whose last game
    was with Black; still equal, the higher-ranked player gets White on odd
    boards, Black on even boards."""
    high = _balance(evenings.get(higher, ()))
    low = _balance(evenings.get(lower, ()))
    if high[0] != low[0]:
        return (higher, lower) if high[0] < low[0] else (lower, higher)
    if high[1] != low[1]:
        return (higher, lower) if high[1] == "b" or low[1] == "w" else (lower, higher)
    return (higher, lower) if board % 2 else (lower, higher)


def evenings_present(request: PairingRequest) -> frozenset[int]:
    """The players to pair: those not absent from the round (a player who
    withdrew before it is absent from it; ``withdrawn`` flags a player who
    withdrew at any time, so an earlier round re-paired still pairs them)."""
    return frozenset(p.number for p in request.players if not p.absent)
