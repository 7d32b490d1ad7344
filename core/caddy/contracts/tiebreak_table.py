"""The table every tie-break reads: an event's results folded once.

Core holds only what every tie-break plugin is handed: the contract
(:mod:`caddy.contracts.tiebreaks`), the parsed spec
(:mod:`caddy.contracts.tiebreak_spec`) and the :class:`TieBreakTable` fold (here).
The arithmetic (Buchholz family, counts, rating tables) lives with the
plugins (``caddy_plugins.tiebreaks``, shared helpers in
``caddy_plugins/tiebreaks/common.py``).

Every tie-break is a plugin (hook ``caddy_register_tiebreaks``) keyed by its
FIDE acronym (C.07). The host folds an event's results once into a
:class:`TieBreakTable` — per player and round: opponent, colour, code, points,
whether it was a game over the board — plus final scores, the scores
opponents see (C.07 Art. 16.3) and the edition's rules. A tie-break reads
that table and returns one value per player, doing O(games) work.

Conventions (issue 4; FIDE Handbook C.07; docs/standings.md):

* Pre-determined pairings (round robins): forfeits are games for every
  tie-break (C.07 Art. 15.2) except the over-the-board counts WON, BPG,
  BWG, AOB's average and REP; rest rounds of an odd round robin are no
  round at all (never in SB or BH, never the value a cut removes).
* Swiss and other events: a player's own unplayed round is a game against a
  dummy opponent whose score is the player's own final score (Art. 16.4);
  the 2026 edition caps it by the scheduled opponent's adjusted score for
  forfeits and by draw points × rounds otherwise. As an opponent, a player's
  requested byes after their last round of play count as draws (Art. 16.3).
* Cuts take a voluntarily unplayed round (requested bye, forfeit loss)
  first when its contribution is not lower than the least significant value
  (Art. 16.5).
* Values are exact: halves and quarters compare exactly. AOB, an average,
  is rounded to 2 decimals, half up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Literal

import attrs

if TYPE_CHECKING:
    from caddy.model.results import ResultsTable, RoundResult
    from caddy.model.team_results import TeamResultsTable
    from caddy.plugins.host import PluginHost


# -- the table -------------------------------------------------------------------

#: The code a game against a player annulled by the 50% rule gets in the table.
ANNULLED = "A"
_GAMES = frozenset("1=0WDL")
#: The fields of a round result (a named tuple), read by map() at C speed.
_OPPONENT: Callable[[RoundResult], int | None] = itemgetter(0)
_POINTS: Callable[[RoundResult], float] = itemgetter(3)
_COLOUR: Callable[[RoundResult], str | None] = itemgetter(1)
_CODE: Callable[[RoundResult], str] = itemgetter(2)


def _index(n: int) -> Callable[[int | None], int]:
    """A player's index by pairing number (``None``: -1), for map()."""
    index: dict[int | None, int] = {k: k - 1 for k in range(1, n + 1)}
    index[None] = -1
    return index.__getitem__


def _indexes(opponents: Sequence[int | None], index: Callable[[int | None], int]) -> list[int]:
    """Opponent numbers as player indexes (``None``: -1)."""
    try:
        return list(map(index, opponents))
    except KeyError:  # an opponent outside the event: its number minus one all the same
        return [-1 if o is None else o - 1 for o in opponents]


#: Rows longer than this (round robins) are read row by row, shorter ones (a
#: Swiss) field by field for every player at once: each is faster there.
_SHORT_ROWS = 16


def _letters(colours: list[str | None]) -> list[str]:
    """Colours as letters (``None``: empty)."""
    try:
        return list(map(_LETTER.__getitem__, colours))
    except KeyError:
        return [c or "" for c in colours]


_LETTER: dict[str | None, str] = {None: "", "w": "w", "b": "b"}


@attrs.define(kw_only=True)
class StandingsOptions:
    """Open points the texts leave, each an option (defaults as FIDE's reference engine)."""

    #: Round robins: forfeits count as games for tie-breaks (C.07 Art. 15.2).
    #: False reads them under the Swiss rules for unplayed rounds instead.
    rr_forfeits_are_games: bool = True
    #: Round robins: forfeit wins count in the over-the-board counts WON, BPG, BWG.
    rr_forfeits_over_the_board: bool = False
    #: A rest round (odd round robin) is a round for PS (its running score counts).
    rest_round_in_ps: bool = True
    #: A rest round counts as a round the player elected to play (REP).
    rest_round_in_rep: bool = False
    #: After a 50% annulment, the Koya line is computed on the games that remain.
    koya_line_moves_after_annulment: bool = True
    #: Players equal on everything are split by a seeded drawing of lots (C.07 4.2).
    draw_lots: bool = False
    #: Seed of the drawing of lots (``None``: drawn and reported).
    lots_seed: int | None = None
    #: Rating-based tie-breaks: the rating an unrated player counts with
    #: (``None``: unrated players are left out, as C.07's notes advise).
    unrated_rating: int | None = None
    #: Team events, EDEBT/EDEBB/EDET/EDEB (C.07 13.3.2): the board tie-breaks of
    #: Art. 12 read the direct encounter only (``direct``, as FIDE's reference
    #: engine does) or every match of the event (``event``, Art. 12's own text).
    ede_board_tiebreaks_scope: Literal["direct", "event"] = "direct"
    #: Team events, EDEBT/EDEBB: board count ranks the lower value first (Art.
    #: 12.1's text) instead of the higher (FIDE's reference engine).
    ede_board_count_lower_first: bool = False
    #: Team events, the EDE family (C.07 13.3.1): when the direct encounter on
    #: the primary score separates nobody, the direct encounter on the
    #: secondary score (``direct``, FIDE's reference engine) or the tied teams'
    #: secondary-score totals (``total``, the other reading of "the secondary
    #: score", the total MPvGP reports, Art. 13.1).
    ede_secondary: Literal["direct", "total"] = "direct"
    #: Team events, the EDE family: the value of a team EDE separates from
    #: nobody (alone in its tied group, or a group EDE leaves tied): ``0`` as
    #: FIDE's reference engine reports it, or its place ``1`` (``place``).
    ede_unseparated: Literal["zero", "place"] = "zero"


class TieBreakTable:
    """An event's results folded once for the tie-breaks (see the module docstring).

    Player indexes run ``0..n-1`` (pairing number minus one); rounds
    ``0..rounds-1``. Per player: ``opp`` (opponent index or -1), ``pts``,
    ``code``, ``col``; games against a player annulled by the 50% rule have
    code ``A`` and no opponent.
    """

    def __init__(
        self,
        event: ResultsTable,
        *,
        edition: str,
        pre_determined: bool,
        options: StandingsOptions | None = None,
        host: PluginHost | None = None,
        teams: TeamResultsTable | None = None,
        score_kind: str | None = None,
    ) -> None:
        self.event = event
        #: The plugin host the standings run with (a tie-break computed from
        #: another, such as APRO from TPR, asks it; ``None``: the global one).
        self.host = host
        self.options = options or StandingsOptions()
        self.edition = edition
        self.rr = pre_determined
        self.n = len(event.players)
        self.rounds = event.rounds
        self.numbers = [p.number for p in event.players]
        self.win = event.scoring.win
        self.draw = event.scoring.draw
        annulled = {number - 1 for number in event.annulled}
        self.active = [i not in annulled for i in range(self.n)]
        rounds = self.rounds
        # every round result is a named tuple (opponent, colour, code, points); map()
        # and slices do the work at C speed, codes and colours are cut when first read
        index = _index(self.n)
        codes_of: list[tuple[str, ...]] | None = None
        if rounds > _SHORT_ROWS:  # long rows (round robins): each row transposed at once
            opp: list[list[int]] = []
            pts: list[list[float]] = []
            codes_of = []
            for row in event.results:
                opponents, _, codes, points = zip(*row, strict=True)
                opp.append(_indexes(opponents, index))
                pts.append(list(points))
                codes_of.append(codes)
            dummy = -1 in chain.from_iterable(opp)
            games = _GAMES.issuperset(chain.from_iterable(codes_of))
        else:  # short rows (a Swiss): each field read for every player at once, then cut
            cells = [cell for row in event.results for cell in row]
            o_all = _indexes(list(map(_OPPONENT, cells)), index)
            points_all: list[float] = list(map(_POINTS, cells))
            starts = range(0, len(cells), rounds) if rounds else [0] * self.n
            opp = [o_all[k : k + rounds] for k in starts]
            pts = [points_all[k : k + rounds] for k in starts]
            dummy = -1 in o_all
            games = _GAMES.issuperset(map(_CODE, cells))
        #: Per player: every round a game over the board (no dummy, nothing skipped).
        games_only = [True] * self.n
        if annulled or dummy or not games:
            if codes_of is None:
                codes_all: list[str] = list(map(_CODE, cells))
                self.code = code = [codes_all[k : k + rounds] for k in starts]
            else:
                self.code = code = list(map(list, codes_of))
            for i in range(self.n):
                o_row, p_row, c_row = opp[i], pts[i], code[i]
                if annulled and (i in annulled or not annulled.isdisjoint(o_row)):
                    k_row = self.col[i]
                    for r, o in enumerate(o_row):
                        if i in annulled or o in annulled:
                            o_row[r], p_row[r], c_row[r], k_row[r] = -1, 0.0, ANNULLED, ""
                if -1 in o_row or not _GAMES.issuperset(c_row):
                    games_only[i] = False
                    if pre_determined:
                        mark_rest_rounds(o_row, c_row)
        self.opp, self.pts = opp, pts
        self._games_only = games_only
        #: Every round of every player is a game over the board: the fast paths apply.
        self.all_games = all_games = all(games_only)
        self.score = list(map(sum, pts))
        if all_games:
            self.lna = [rounds] * self.n
            self.adjusted = list(self.score)
        else:
            # a player whose every round is a game: available to the last, seen as scored
            self.lna = [
                rounds if games else self._last_available(i) for i, games in enumerate(games_only)
            ]
            self.adjusted = [
                self.score[i] if games else self._adjusted(i) for i, games in enumerate(games_only)
            ]
        self._fore: tuple[list[float], list[float]] | None = None
        self._kinds: list[str] | None = None
        #: A team event's results when the players are teams (team tie-breaks read it).
        self.teams = teams
        #: The score the table holds for a team event: ``MP`` or ``GP``.
        self.score_kind = score_kind
        #: A team event's tables by score (``MP``, ``GP``) when they were built
        #: together (:func:`caddy.standings.teams.team_tables`): a team tie-break
        #: reading the other score takes its table from here.
        self.by_score: dict[str, TieBreakTable] = {}
        unrated = self.options.unrated_rating
        #: Ratings by player index (``None``: unrated and no rating given for the unrated).
        self.ratings: list[int | None] = [
            p.rating if p.rating is not None else unrated for p in event.players
        ]

    #: Per player and round, the result code (``R``: a round robin's rest
    #: round; ``A``: a game against an annulled player).
    code: list[list[str]]
    #: Per player and round, the colour: ``w``, ``b``, or empty (no game, no colour).
    col: list[list[str]]

    def __getattr__(self, name: str) -> list[list[str]]:
        # ``code`` and ``col`` unchanged from the event (every round a game, nobody
        # annulled): cut per player when first read, then plain attributes
        if name == "code":
            self.code = [list(map(_CODE, row)) for row in self.event.results]
            return self.code
        if name == "col":
            self.col = [_letters(list(map(_COLOUR, row))) for row in self.event.results]
            return self.col
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -- round categories ------------------------------------------------------

    def is_game(self, i: int, r: int) -> bool:
        """Played over the board (including games of under one move)."""
        return self.code[i][r] in "1=0WDL"

    def counts_as_game(self, i: int, r: int) -> bool:
        """A game for opponent-based tie-breaks: over the board, or a forfeit
        with pre-determined pairings (C.07 Art. 15.2)."""
        c = self.code[i][r]
        if c in "1=0WDL":
            return True
        return c in "+-" and self.rr and self.options.rr_forfeits_are_games

    def is_vur(self, i: int, r: int) -> bool:
        """Voluntarily unplayed round: a requested bye or a forfeit loss
        (not a game, and not scored as a win)."""
        c = self.code[i][r]
        if c in "1=0WDLRAU" or self.counts_as_game(i, r):
            return False  # a pairing-allocated bye is never voluntary (Art. 16.5)
        return self.pts[i][r] != self.win

    def is_skipped(self, i: int, r: int) -> bool:
        """No round at all for opponent-based tie-breaks: a rest round of a
        round robin, or a game against an annulled player."""
        c = self.code[i][r]
        return c == ANNULLED or (c == "R" and self.rr)

    def _last_available(self, i: int) -> int:
        # is_vur() and the annulled check of every round, inline
        forfeits_are_games = self.rr and self.options.rr_forfeits_are_games
        win = self.win
        last = 0
        for r, (c, points) in enumerate(zip(self.code[i], self.pts[i], strict=True)):
            if c != ANNULLED and (
                c in "1=0WDLRAU" or (c in "+-" and forfeits_are_games) or points == win
            ):
                last = r + 1
        return last

    def _adjusted(self, i: int) -> float:
        """The score opponents see (C.07 Art. 16.3): requested byes after the
        player's last round of play count as draws (0 in round robins)."""
        total = 0.0
        lna = self.lna[i]
        for r in range(self.rounds):
            if self.code[i][r] == ANNULLED:
                continue
            if r < lna or self.opp[i][r] >= 0:
                total += self.pts[i][r]
            else:
                total += 0.0 if self.rr else self.draw
        return total

    def fore(self) -> tuple[list[float], list[float]]:
        """Fore Buchholz scores (C.07 8.3): every game of the last round
        (forfeits included) counts as a draw. Returns (own, adjusted)."""
        if self._fore is None:
            last = self.rounds - 1
            own, adjusted = list(self.score), list(self.adjusted)
            # no round yet (a team event's standings before round 1): nothing to count as a draw
            for i in range(self.n if self.rounds else 0):
                if self.opp[i][last] >= 0:
                    delta = self.draw - self.pts[i][last]
                    own[i] += delta
                    # present in the last round: no Art. 16.3 adjustment
                    adjusted[i] = (
                        sum(p for r, p in enumerate(self.pts[i]) if self.code[i][r] != ANNULLED)
                        + delta
                    )
            self._fore = (own, adjusted)
        return self._fore

    @property
    def kinds(self) -> list[str]:
        """Per player, one letter per round for the opponent-based tie-breaks:
        ``G`` counts as a game, ``S`` no round at all (rest round, annulled game),
        ``V`` own unplayed round that is voluntarily unplayed, ``d`` other own
        unplayed round (both against the dummy opponent)."""
        if self._kinds is None:
            rr = self.rr
            forfeits_are_games = rr and self.options.rr_forfeits_are_games
            win = self.win
            kinds = []
            for i in range(self.n):
                if self._games_only[i]:  # every round a game
                    kinds.append("G" * self.rounds)
                    continue
                # is_skipped(), counts_as_game() and is_vur() of every round, inline
                letters = []
                for c, o, points in zip(self.code[i], self.opp[i], self.pts[i], strict=True):
                    if c == ANNULLED or (c == "R" and rr) or (rr and o < 0):
                        letters.append("S")
                    elif o >= 0 and (c in "1=0WDL" or (c in "+-" and forfeits_are_games)):
                        letters.append("G")
                    elif c in "1=0WDLRAU" or (c in "+-" and forfeits_are_games) or points == win:
                        letters.append("d")
                    else:
                        letters.append("V")
                kinds.append("".join(letters))
            self._kinds = kinds
        return self._kinds


def mark_rest_rounds(opp_row: list[int], code_row: list[str]) -> None:
    """A round robin's row (pre-determined pairings): each unpaired round
    coded ``Z`` or ``U`` is the player's rest round, coded ``R`` in place."""
    for r, o in enumerate(opp_row):
        if o < 0 and code_row[r] in ("Z", "U"):
            code_row[r] = "R"
