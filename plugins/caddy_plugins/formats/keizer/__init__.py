"""Keizer: a club competition ranked and paired by Keizer values (docs/keizer.md).

A club season of evenings where players may miss evenings and join late
(J. H. Keizer's system, Dutch club practice since the 1950s; the sources
are in docs/keizer.md):

- every player has a ranking value by place in the Keizer ranking: place 1
  ``top_value`` (default: the number of players ranked), each next place
  ``step`` less (default 1), never below 0;
- a game scores a share of the opponent's value (``win`` 1, ``draw`` ½,
  ``loss`` 0 by default); an evening not played a share of the player's own:
  the pairing's bye (``bye``, ½), an absence with notice (``notice``, ⅓:
  ``caddy bye --half``), club duty (``duty``, ⅔: ``caddy bye --full``), an
  absence without notice (``absent``, 0: ``caddy bye --zero``, a round
  missed before a late entry, a forfeit loss); a forfeit win scores the
  ``win`` share of the absent opponent's value (a forfeit is not a game: no
  colour, the two have not met);
- a player's Keizer total is the sum, plus the own value once
  (``own_value``, the classic rule, on by default);
- after each evening the players are ranked by total, given the values of
  their new places, every total is computed again with them, and so on until
  the ranking stays the same (at most ``max_iterations`` times; a ranking that
  comes back is a cycle: :func:`~caddy_plugins.formats.keizer.ranking.keizer_ranking`);
  equal totals keep the initial order (the pairing numbers, by rating);
- an evening pairs the players present top down in ranking order, each
  against the highest-ranked free player not met within the last
  ``no_rematch_rounds`` evenings (``none``: the whole season) that still lets
  everyone else be paired so, narrowing that window only when no pairing
  keeps it (a maximum matching decides); an odd evening's bye goes to the
  lowest-ranked present player with the fewest byes (a lone player present
  has it; an evening nobody comes to has no board); White goes to the
  player with fewer Whites than Blacks, then to the one who had Black last;
- the Keizer ranking is the standings (:meth:`Keizer.standings_scores`);
  the tie-break list ranks equal totals.

``rounds`` is the season's evenings (0: ``N - 1`` for an even field, ``N``
for an odd one, as many as a round robin).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from caddy import hookimpl
from caddy.contracts import Arithmetic, FormatBase, PairingRequest, PlayedRound, as_request
from caddy.contracts.format_tools import fewer_rounds, require_players
from caddy_plugins.formats.keizer.options import KeizerOptions
from caddy_plugins.formats.keizer.pairing import evenings_present, pair_evening
from caddy_plugins.formats.keizer.ranking import (
    Ranking,
    keizer_ranking,
    played_table,
    request_evenings,
    table_evenings,
)

if TYPE_CHECKING:
    from caddy.model.results import ResultsTable
    from caddy.model.schedule import Round

__all__ = ["Keizer", "KeizerOptions", "caddy_register_formats"]


#: What a late entrant's rounds before the entry are (``caddy add --missed``).
_MISSED = ("zero-bye", "half-bye", "absent")


def _count(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def _value(number: Any) -> str:
    return f"{float(number):g}"


@attrs.frozen
class Keizer(FormatBase):
    """A Keizer club competition (docs/keizer.md)."""

    name: ClassVar[str] = "keizer"
    summary: ClassVar[str] = (
        "Keizer club competition: ranking values by place, re-ranked each evening; "
        "absences and late entries scored"
    )
    Options: ClassVar[type[KeizerOptions]] = KeizerOptions
    kind: ClassVar[str] = "results"
    default_numbering: ClassVar[str] = "rating"

    def rounds(self, players: int, options: KeizerOptions) -> int:
        """The evenings: ``options.rounds``, or as many as a round robin of the field."""
        return options.rounds or max(1, players - 1 if players % 2 == 0 else players)

    def arithmetic(self, players: int, options: KeizerOptions) -> Arithmetic:
        require_players(self, players, 2)
        rounds = self.rounds(players, options)
        boards = players // 2
        byes = players % 2
        most = rounds if byes == 0 or rounds < players else rounds - rounds // players
        return Arithmetic(
            players=players,
            rounds=rounds,
            games=rounds * boards,
            boards=boards,
            games_per_player=most,
            byes_per_round=byes,
            pair_meetings=None,
            details=(
                f"{rounds} evenings"
                + (" (the rounds option)" if options.rounds else " (as many as a round robin)")
                + f", {boards} games an evening when all {players} players are present",
                "players who miss an evening score a share of their own value (docs/keizer.md)",
            ),
        )

    def planned_rounds(self, players: int, options: KeizerOptions) -> int:
        return self.rounds(players, options)

    def rounds_per_night(self, players: int, options: KeizerOptions) -> int:
        """A Keizer evening is one round: it is paired from the ranking the
        evening's results change (``caddy calc``, ``caddy plan``)."""
        return 1

    def plan_options(self, players: int, options: KeizerOptions) -> Mapping[str, Any]:
        """For ``caddy plan``: the season's evenings (by default as many as a
        round robin) and each count below it down to ``ceil(log2 N)``, as for
        the Swiss: a club fits its season to its club nights."""
        return fewer_rounds(options, self.rounds(players, options), players, "evenings")

    def pre_determined(self, options: Any) -> bool | None:
        return False

    def match_games(self, options: KeizerOptions) -> tuple[int, int]:
        """Each board is one game (for :class:`caddy.testing.FormatContract`)."""
        return 1, 1

    def ranking(self, request: PairingRequest) -> Ranking:
        """The Keizer ranking before ``request.round`` (pairing numbers in order
        initially) of the players who have entered: a late entrant (numbered
        after ``request.field``) joins it on the first evening they are present,
        so a round re-paired later (``caddy check --pairings``) ranks the
        players the evening had."""
        options: KeizerOptions = request.options
        evenings = request_evenings(request, options)
        field = request.field
        ranked = [
            p.number
            for p in request.players
            if not (
                field is not None
                and p.number > field
                and p.absent
                and all(h.kind in _MISSED for h in p.history)
            )
        ]
        return keizer_ranking(ranked, {n: evenings[n] for n in ranked}, options)

    def next_round(
        self,
        request: PairingRequest | int,
        options: Any = None,
        played: Sequence[PlayedRound] | None = None,
        *,
        seed: int | None = None,
    ) -> Round | None:
        """The next evening, or ``None`` after the season's evenings."""
        from caddy.model.schedule import Round

        request = as_request(request, options, played, seed=seed)
        opts: KeizerOptions = request.options
        if request.round > (request.planned_rounds or self.rounds(request.count, opts)):
            return None
        present = evenings_present(request)
        ranking = self.ranking(request)
        pairing = pair_evening(
            ranking.order,
            present,
            request_evenings(request, opts),
            opts.no_rematch_rounds,
            request.round,
        )
        return Round(
            number=request.round,
            white=tuple(w for w, _ in pairing.pairs),
            black=tuple(b for _, b in pairing.pairs),
            byes=() if pairing.bye is None else (pairing.bye,),
        )

    def explain_round(self, request: PairingRequest) -> tuple[str, ...]:
        """The ranking the evening is paired from (place, player, value, total),
        how the re-ranking ended, the bye and the rematch window kept."""
        opts: KeizerOptions = request.options
        total = request.planned_rounds or self.rounds(request.count, opts)
        if request.round > total:
            return (f"round {request.round} is after the {total} evenings of the season",)
        ranking = self.ranking(request)
        present = evenings_present(request)
        how = {
            "stable": "stable",
            "cycle": "a cycle: the values of its first ranking (docs/keizer.md)",
            "cap": "not stable after max_iterations: the last values (docs/keizer.md)",
        }[ranking.status]
        lines = [
            f"round {request.round}: the Keizer ranking after "
            f"{_count(request.round - 1, 'evening')} ({_count(ranking.iterations, 'ranking')} "
            f"computed, {how}); present: {_count(len(present), 'player')}",
        ]
        for place, number in enumerate(ranking.order, 1):
            mark = "" if number in present else " (not present)"
            lines.append(
                f"  {place}. player {number}: value {ranking.values[number]}, "
                f"total {_value(ranking.totals[number])}{mark}"
            )
        pairing = pair_evening(
            ranking.order,
            present,
            request_evenings(request, opts),
            opts.no_rematch_rounds,
            request.round,
        )
        window = "the whole season" if pairing.window is None else _count(pairing.window, "evening")
        if pairing.pairs:
            lines.append(
                f"pairs top down, no rematch within {window}: "
                + ", ".join(f"{w}-{b}" for w, b in pairing.pairs)
            )
        else:
            lines.append("no game: fewer than 2 players present (docs/keizer.md)")
        if pairing.bye is not None:
            lines.append(f"bye: player {pairing.bye}, the lowest-ranked present with fewest byes")
        return tuple(lines)

    def winner(
        self, players: int, options: KeizerOptions, played: Sequence[PlayedRound]
    ) -> int | None:
        """Place 1 by :meth:`standings_scores` of the rounds ``played`` once
        the season's evenings are played (equal totals: the lower pairing
        number). The rounds alone say nothing of notice or duty: a player on
        no board is absent without notice (:func:`played_table`). An event
        file's winner is its standings' first, which ``caddy pair`` names
        (:func:`caddy.event.progress.final_standings`)."""
        if len(played) < self.rounds(players, options):
            return None
        table = played_table(players, played)
        scores = self.standings_scores(table, options)
        return min(range(1, len(scores) + 1), key=lambda n: (-scores[n - 1], n))

    def standings_scores(self, results: ResultsTable, options: Any) -> tuple[float, ...]:
        """Each player's Keizer total, the standings' score (pairing-number order)."""
        numbers = [p.number for p in results.players]
        ranking = keizer_ranking(numbers, table_evenings(results), options)
        return tuple(float(ranking.totals[n]) for n in numbers)

    def schedule_notes(self, players: int, options: KeizerOptions) -> tuple[str, ...]:
        return (
            "Evening 1 pairs the players present in their initial order (by rating) top "
            "down; later evenings are paired from the Keizer ranking (docs/keizer.md).",
        )


@hookimpl
def caddy_register_formats(register: Callable[[Keizer], None]) -> None:
    register(Keizer())
