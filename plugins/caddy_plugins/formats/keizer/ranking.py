"""The Keizer ranking: ranking values by place, Keizer points per evening,
and the re-ranking iterated until it is stable (docs/keizer.md).

Everything here is pure and exact (:class:`~fractions.Fraction`): an
:class:`Evening` is what one evening was for one player, whether it comes
from a pairing request's history (:func:`request_evenings`) or a results
table's codes (:func:`table_evenings`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

import attrs

from caddy.model.results_table import ResultsTableBuilder
from caddy_plugins.formats.keizer.options import KeizerOptions, share

if TYPE_CHECKING:
    from caddy.contracts import HistoryEntry, PairingRequest, PlayedRound
    from caddy.model.results import ResultsTable

__all__ = [
    "GAMES",
    "Evening",
    "EveningKind",
    "Ranking",
    "keizer_ranking",
    "played_table",
    "request_evenings",
    "table_evenings",
    "totals_for",
    "values_for",
]

#: What an evening was: a game won, drawn or lost, a win by forfeit (not a
#: game: no colour, the two have not met), the pairing's bye, an absence with
#: notice, club duty, an absence without notice (a forfeit loss too).
EveningKind = Literal["win", "draw", "loss", "forfeit-win", "bye", "notice", "duty", "absent"]

#: The kinds that are games: the two players met, each had a colour.
GAMES = ("win", "draw", "loss")


@attrs.frozen
class Evening:
    """One evening of one player: its kind and, for a game, the opponent."""

    kind: EveningKind
    #: A game's opponent; for a forfeit win, the opponent who did not come
    #: (whose value it scores; not met).
    opponent: int | None = None
    #: The colour of a game (``None``: none, or not known).
    colour: Literal["w", "b"] | None = None


@attrs.frozen(kw_only=True)
class Ranking:
    """The Keizer ranking after the evenings it was computed from."""

    #: Pairing numbers, place 1 first (by total; equal totals: the initial order).
    order: tuple[int, ...]
    #: Each player's ranking value (the values the totals were computed with).
    values: Mapping[int, int]
    #: Each player's Keizer total.
    totals: Mapping[int, Fraction]
    #: Rankings computed (1: the first was already stable).
    iterations: int
    #: ``stable`` (a fixed point), ``cycle`` (a ranking came back: the cycle
    #: rule applies) or ``cap`` (``max_iterations`` reached).
    status: Literal["stable", "cycle", "cap"]


def values_for(order: Sequence[int], options: KeizerOptions) -> dict[int, int]:
    """Each player's value by place: ``top - (place - 1) * step``, never below 0
    (``top``: ``options.top_value``, 0 for the number of players ranked)."""
    top = options.top_value or len(order)
    return {number: max(0, top - place * options.step) for place, number in enumerate(order)}


def _shares(options: KeizerOptions) -> dict[str, Fraction]:
    return {
        kind: share(getattr(options, kind))
        for kind in ("win", "draw", "loss", "bye", "notice", "duty", "absent")
    }


def totals_for(
    values: Mapping[int, int],
    evenings: Mapping[int, Sequence[Evening]],
    options: KeizerOptions,
) -> dict[int, Fraction]:
    """Each player's Keizer total with ``values``: a game scores its share of
    the opponent's value (a forfeit win the ``win`` share), an evening not
    played its share of the player's own, plus the own value once when
    ``options.own_value``."""
    shares = _shares(options)
    totals: dict[int, Fraction] = {}
    for number, own in values.items():
        total = Fraction(own if options.own_value else 0)
        for evening in evenings.get(number, ()):
            if evening.kind == "forfeit-win":
                total += shares["win"] * values.get(evening.opponent or 0, 0)
            elif evening.opponent is not None and evening.kind in GAMES:
                total += shares[evening.kind] * values.get(evening.opponent, 0)
            else:
                total += shares[evening.kind] * own
        totals[number] = total
    return totals


def _ranked(totals: Mapping[int, Fraction], initial: Sequence[int]) -> tuple[int, ...]:
    place = {number: index for index, number in enumerate(initial)}
    return tuple(sorted(initial, key=lambda n: (-totals[n], place[n])))


def keizer_ranking(
    initial: Sequence[int],
    evenings: Mapping[int, Sequence[Evening]],
    options: KeizerOptions,
) -> Ranking:
    """Rank, give values by place, recompute every total with them, rank again,
    until the ranking stays the same (docs/keizer.md).

    :param initial: the pairing numbers in their initial order (by rating,
        the format's numbering); it orders equal totals too.
    A ranking that comes back after two or more re-rankings is a cycle: the
    values are those of the cycle's first ranking, and the players are ranked
    by the totals those values give. After ``options.max_iterations``
    re-rankings without either, the last values stand the same way.
    """
    order = tuple(initial)
    seen: dict[tuple[int, ...], int] = {}
    for iteration in range(1, options.max_iterations + 1):
        seen[order] = iteration
        values = values_for(order, options)
        totals = totals_for(values, evenings, options)
        new = _ranked(totals, initial)
        if new == order:
            return Ranking(
                order=order, values=values, totals=totals, iterations=iteration, status="stable"
            )
        if new in seen:  # a cycle: the values of its first ranking
            values = values_for(new, options)
            totals = totals_for(values, evenings, options)
            return Ranking(
                order=_ranked(totals, initial),
                values=values,
                totals=totals,
                iterations=iteration,
                status="cycle",
            )
        order = new
    return Ranking(
        order=_ranked(totals, initial),
        values=values,
        totals=totals,
        iterations=options.max_iterations,
        status="cap",
    )


#: A history kind (caddy.contracts.HistoryKind) other than a game → the evening.
_HISTORY_KINDS: dict[str, EveningKind] = {
    "pab": "bye",
    "half-bye": "notice",
    "full-bye": "duty",
    "zero-bye": "absent",
    "absent": "absent",
    "forfeit-loss": "absent",
}


def _game(entry: HistoryEntry, other: HistoryEntry | None) -> EveningKind:
    """A game's result from the points both players got in it (any scoring)."""
    theirs = other.points if other is not None else 0.0
    if entry.points > theirs:
        return "win"
    return "draw" if entry.points == theirs else "loss"


def request_evenings(request: PairingRequest, options: KeizerOptions) -> dict[int, list[Evening]]:
    """The evenings before ``request.round``, from the players' histories (or,
    for the older call that gives none, from the rounds played)."""
    players = request.players
    if request.round > 1 and all(not p.history for p in players):
        rounds = table_evenings(played_table(len(players), request.played))
        return {p.number: rounds[p.number] for p in players}
    by_round: dict[tuple[int, int], HistoryEntry] = {
        (p.number, h.round): h for p in players for h in p.history
    }
    evenings: dict[int, list[Evening]] = {}
    for player in players:
        row: list[Evening] = []
        for entry in player.history[: request.round - 1]:
            if entry.kind == "forfeit-win" and entry.opponent is not None:
                row.append(Evening("forfeit-win", entry.opponent))  # not a game
            elif entry.kind == "played" and entry.opponent is not None:
                other = by_round.get((entry.opponent, entry.round))
                row.append(Evening(_game(entry, other), entry.opponent, entry.colour))
            else:
                row.append(Evening(_HISTORY_KINDS.get(entry.kind, "absent")))
        evenings[player.number] = row
    return evenings


def played_table(players: int, played: Sequence[PlayedRound]) -> ResultsTable:
    """The rounds ``played`` as a results table of ``players`` (the older
    call that gives no histories, and :meth:`Keizer.winner`): each game by its
    result, the pairing's bye; a player on no board of a round is absent
    without notice (the rounds do not say more)."""
    numbers = [n for record in played for n in (*record.round.white, *record.round.black)]
    count = max([players, *numbers, *(n for r in played for n in r.round.byes)])
    table = ResultsTableBuilder([str(n) for n in range(1, count + 1)], rounds=max(1, len(played)))
    for number, record in enumerate(played, 1):
        rnd = record.round
        for white, black, result in zip(rnd.white, rnd.black, record.results, strict=True):
            text = "1-0" if result > 0.5 else "0-1" if result < 0.5 else "1/2"
            table.game(number, white, black, text)
        for player in rnd.byes:
            table.bye(number, player)
        seen = {*rnd.white, *rnd.black, *rnd.byes}
        for player in range(1, count + 1):
            if player not in seen:
                table.bye(number, player, "absent")
    return table.build()


#: A results table's code (TRF, caddy.model.results) → the evening.
_CODES: dict[str, EveningKind] = {
    "1": "win",
    "W": "win",
    "+": "forfeit-win",
    "=": "draw",
    "D": "draw",
    "0": "loss",
    "L": "loss",
    "U": "bye",
    "H": "notice",
    "F": "duty",
}


def table_evenings(results: ResultsTable) -> dict[int, list[Evening]]:
    """Every player's evenings from a results table (the standings' input)."""
    evenings: dict[int, list[Evening]] = {}
    for number, row in enumerate(results.results, 1):
        evenings[number] = [
            Evening(kind, rr.opponent, rr.colour)
            if kind in GAMES and rr.opponent is not None
            else Evening(kind, rr.opponent)
            if kind == "forfeit-win"
            else Evening(kind)
            for rr in row
            for kind in (_CODES.get(rr.code, "absent"),)
        ]
    return evenings
