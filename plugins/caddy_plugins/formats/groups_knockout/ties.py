"""Players of a ``groups-knockout`` group still tied across the last place
that advances (docs/formats.md, "Group stage then knockout").

Points first, then the group's tie-breaks (the ``tiebreaks`` option, FIDE
Handbook C.07: SB, DE, KS by default). Players still level on all of them and
straddling the line (some would advance, some not) are split by:

- ``ties=playoff``: a play-off knockout between the tied players, played as
  extra rounds of matches after the group stage (each match as the knockout's:
  rapid, blitz, Armageddon by default, as the tie-break matches of the FIDE
  World Cup regulations). The tied players are seeded by rating (pairing
  number); each round the lowest-seeded players still in it pair off, the
  highest against the lowest, as many matches as the places allow, and the
  top seeds wait (the byes of a knockout bracket). A match's loser is out;
  when as many players are left as places, they take the places in seed
  order. Three players for one place: 2 v 3, then 1 v the winner; three for
  two places: 2 v 3, and 1 and the winner advance. A loser never plays again.
- ``ties=lots``: a drawing of lots from the event's seed.

>>> play = PlayOff(places=1, alive=(2, 5, 7), out=())
>>> play.pairs()
[(5, 7)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from caddy.contracts import PlayedRound


def rank_group(
    members: Sequence[int], played: Sequence[PlayedRound], tiebreaks: str, lots_seed: int
) -> tuple[list[int], dict[int, int]]:
    """One group's order (score, the tie-breaks, then lots drawn from
    ``lots_seed``) and each member's rank before the lots (level players
    share one; an annulled row is level with nobody)."""
    from caddy.contracts.tiebreak_table import StandingsOptions
    from caddy.model.results_table import ResultsTableBuilder
    from caddy.standings.ranking import standings

    local = {p: i for i, p in enumerate(members, 1)}
    # the rounds this group played (a smaller group finishes earlier)
    mine = [
        record
        for record in played
        if local.keys() & {*record.round.white, *record.round.black, *record.round.byes}
    ]
    b = ResultsTableBuilder([str(p) for p in members], rounds=len(mine), pre_determined=True)
    for number, record in enumerate(mine, 1):
        for w, k, result in zip(
            record.round.white, record.round.black, record.results, strict=True
        ):
            if w in local:
                b.game(number, local[w], local[k], {1.0: "1-0", 0.5: "1/2", 0.0: "0-1"}[result])
        for p in record.round.byes:
            if p in local:
                b.bye(number, local[p], "rest")
    event = b.build()
    lots = StandingsOptions(draw_lots=True, lots_seed=lots_seed)
    order = [
        members[row.pairing_number - 1] for row in standings(event, tiebreaks, options=lots).rows
    ]
    rank_of = {
        members[row.pairing_number - 1]: -row.pairing_number if row.rank is None else row.rank
        for row in standings(event, tiebreaks).rows
    }
    return order, rank_of


def straddling_tie(order: Sequence[int], rank_of: Mapping[int, int], advance: int) -> list[int]:
    """The players (in ``order``) level on points and tie-breaks with the last
    player who advances, when one of them would not advance; else ``[]``.

    >>> straddling_tie([3, 1, 2, 4], {3: 1, 1: 2, 2: 2, 4: 4}, 2)
    [1, 2]
    >>> straddling_tie([3, 1, 2, 4], {3: 1, 1: 2, 2: 3, 4: 4}, 2)
    []
    """
    if advance >= len(order):
        return []
    line = rank_of[order[advance - 1]]
    if rank_of[order[advance]] != line:
        return []
    return [p for p in order if rank_of[p] == line]


@attrs.frozen
class PlayOff:
    """One group's play-off for ``places`` places, as far as it has gone."""

    #: Places the play-off gives.
    places: int
    #: Players still in it, in seed order (rating: the lowest pairing number first).
    alive: tuple[int, ...]
    #: Players knocked out, best first (the last eliminated first; one round's by seed).
    out: tuple[int, ...]

    def pairs(self) -> list[tuple[int, int]]:
        """The matches of the next play-off round, the higher seed first."""
        count = min(len(self.alive) // 2, len(self.alive) - self.places)
        if count <= 0:
            return []
        low = self.alive[len(self.alive) - 2 * count :]
        return [(low[i], low[-1 - i]) for i in range(count)]

    def after(self, record: PlayedRound) -> PlayOff | None:
        """The play-off once ``record`` (a round of matches) is in; ``None``
        when the round lacks one of this play-off's matches."""
        pairs = self.pairs()
        boards = set(zip(record.round.white, record.round.black, strict=True))
        if not pairs or any(pair not in boards for pair in pairs):
            return None
        lost = set(record.losers())
        losers = tuple(p for p in self.alive if p in lost)
        return PlayOff(
            places=self.places,
            alive=tuple(p for p in self.alive if p not in lost),
            out=losers + self.out,
        )

    def order(self) -> list[int]:
        """The tied players' order: the survivors, then the knocked out."""
        return [*self.alive, *self.out]


def play_off(
    order: Sequence[int], tied: Sequence[int], advance: int, rounds: Sequence[PlayedRound]
) -> tuple[list[int], list[tuple[int, int]]]:
    """The group's order after the play-off rounds played so far, and the
    matches it still needs next (``[]`` once decided)."""
    start = order.index(tied[0])
    state = PlayOff(places=advance - start, alive=tuple(sorted(tied)), out=())
    for record in rounds:
        if not state.pairs():
            break
        following = state.after(record)
        if following is None:
            # a round after the group stage without this play-off's matches: a file
            # from before three-player play-offs (caddy drew lots for three or
            # more): the lots decide, as they did then
            return list(order), []
        state = following
    merged = [*order[:start], *state.order(), *order[start + len(tied) :]]
    return merged, state.pairs()
