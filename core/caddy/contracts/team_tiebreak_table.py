"""The table the tie-breaks read for a team event: the teams as players,
scored in match points or game points (C.07 Art. 13), read straight from the
team results' rows.

:class:`TeamTieBreakTable` holds what a
:class:`caddy.contracts.tiebreak_table.TieBreakTable` built from
:meth:`caddy.model.team_results.TeamResultsTable.as_event` holds, the same
values to the last field, but each team's row is read once (one transposition
of its round results) instead of through an individual event's table first;
that table (``event``) and the teams' ratings are made when first read.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from caddy.contracts.tiebreak_spec import EDITIONS, default_edition
from caddy.contracts.tiebreak_table import (
    ANNULLED,
    StandingsOptions,
    TieBreakTable,
    mark_rest_rounds,
)
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.model.team_results import TeamResultsTable, TeamRoundResult

#: Codes of a game over the board (the table's ``_GAMES``).
_GAMES = frozenset("1=0WDL")
#: A round's colour as the table's letter (``None``: empty).
_COLOUR_LETTER: dict[str | None, str] = {None: "", "w": "w", "b": "b"}


def _category(c: str, opponent: bool, available: bool, rr: bool, forfeits_are_games: bool) -> str:
    """A round's letter in :attr:`TieBreakTable.kinds` (``available``: the
    round counts for the last round available, Art. 16.3)."""
    if c == ANNULLED or (c == "R" and rr) or (rr and not opponent):
        return "S"
    if opponent and (c in "1=0WDL" or (c in "+-" and forfeits_are_games)):
        return "G"
    return "d" if available else "V"


class _Categories(dict[tuple[str, bool, bool], tuple[str, bool]]):
    """A round's (code, has an opponent, scored a win) to its letter in
    :attr:`TieBreakTable.kinds` and whether it counts as available (Art.
    16.3), each made when first asked for."""

    def __init__(self, rr: bool, forfeits_are_games: bool) -> None:
        super().__init__()
        self.rr = rr
        self.forfeits_are_games = forfeits_are_games

    def __missing__(self, key: tuple[str, bool, bool]) -> tuple[str, bool]:
        c, opponent, won = key
        available = c != ANNULLED and (
            c in "1=0WDLRAU" or (c in "+-" and self.forfeits_are_games) or won
        )
        made = self[key] = (
            _category(c, opponent, available, self.rr, self.forfeits_are_games),
            available,
        )
        return made


_OPPONENT: Callable[[TeamRoundResult], int | None] = itemgetter(0)
_COLOUR: Callable[[TeamRoundResult], str | None] = itemgetter(1)
_CODE: Callable[[TeamRoundResult], str] = itemgetter(3)
_MP: Callable[[TeamRoundResult], float] = itemgetter(4)
_GP: Callable[[TeamRoundResult], float] = itemgetter(5)
_LETTER_OF: Callable[[tuple[str, bool]], str] = itemgetter(0)
_AVAILABLE: Callable[[tuple[str, bool]], bool] = itemgetter(1)


class TeamTieBreakTable(TieBreakTable):
    """A team event's teams as the players of a tie-break table scored in
    ``kind`` (``MP`` or ``GP``); see the module docstring."""

    def __init__(
        self,
        teams: TeamResultsTable,
        kind: str,
        *,
        edition: str | None,
        pre_determined: bool,
        options: StandingsOptions | None = None,
    ) -> None:
        # TieBreakTable.__init__ on teams.as_event(kind), field by field (no
        # team is annulled: an event of teams has no withdrawals); the plugin
        # host is the caller's to set (``table.host``: this layer does not
        # name the host's type)
        self.host = None
        self.options = options or StandingsOptions()
        if edition is None:  # standings_edition(), without the event's table
            edition = default_edition(teams.start_date)
        elif edition not in EDITIONS:
            raise CaddyError(f"unknown edition '{edition}' (known: {', '.join(EDITIONS)})")
        self.edition = edition
        self.rr = pre_determined
        n = self.n = teams.count
        rounds = self.rounds = teams.rounds
        self.numbers = list(range(1, n + 1))
        setup, game = teams.setup, teams.game_scoring
        if kind == "MP":
            self.win, self.draw = setup.scoring.win, setup.scoring.draw
        else:
            self.win, self.draw = setup.boards * game.win, setup.boards * game.draw
        self.active = [True] * n
        index: dict[int | None, int] = {k: k - 1 for k in range(1, n + 1)}
        index[None] = -1
        # every team round result's fields read for every team at once, then cut per team
        cells = list(chain.from_iterable(teams.results))
        try:
            opp_all = list(map(index.__getitem__, map(_OPPONENT, cells)))
        except KeyError:  # an opponent outside the event: its number minus one all the same
            opp_all = [-1 if o is None else o - 1 for o in map(_OPPONENT, cells)]
        points_all = list(map(_MP if kind == "MP" else _GP, cells))
        codes_all = list(map(_CODE, cells))
        starts = range(0, len(cells), rounds) if rounds else [0] * n
        opp = [opp_all[k : k + rounds] for k in starts]
        pts = [points_all[k : k + rounds] for k in starts]
        code = [codes_all[k : k + rounds] for k in starts]
        games_only = [True] * n
        if -1 in chain.from_iterable(opp) or not _GAMES.issuperset(chain.from_iterable(code)):
            for i in range(n):
                o_row, c_row = opp[i], code[i]
                if -1 in o_row or not _GAMES.issuperset(c_row):
                    games_only[i] = False
                    if pre_determined:
                        mark_rest_rounds(o_row, c_row)
        self.opp, self.pts, self.code = opp, pts, code
        self._games_only = games_only
        self.all_games = all(games_only)
        self.score = score = list(map(sum, pts))
        # the last round each team was available, the score its opponents see
        # and the rounds' categories (TieBreakTable's _last_available,
        # _adjusted and kinds) in one pass over the rows that need them
        self.lna = [rounds] * n
        self.adjusted = list(score)
        self._kinds = kinds = ["G" * rounds] * n
        self._known = _Categories(
            pre_determined, pre_determined and self.options.rr_forfeits_are_games
        )
        for i, games in enumerate(games_only):
            if not games:
                kinds[i], self.lna[i], self.adjusted[i] = self._categories(i)
        self._fore = None
        self.teams = self._source = teams
        self.score_kind = self._kind = kind
        self.by_score = {}

    def _categories(self, i: int) -> tuple[str, int, float]:
        """Team ``i``'s rounds' categories (:attr:`kinds`), its last round
        available and the score its opponents see (C.07 Art. 16.3), as
        TieBreakTable computes each, every round read at C speed: a round's
        category and availability depend only on its code, whether it has an
        opponent and whether it scored a win (:class:`_Categories`)."""
        codes, opponents, points = self.code[i], self.opp[i], self.pts[i]
        if ANNULLED in codes:  # no team is annulled: a table made by hand
            return self._categories_by_round(i)
        # a game over the board against an opponent is a G round and available:
        # only the other rounds (byes, forfeits: a team row has few) are looked at
        others = [
            r
            for r, (c, o) in enumerate(zip(codes, opponents, strict=True))
            if o < 0 or c not in _GAMES
        ]
        letters = ["G"] * len(codes)
        win = self.win
        known = self._known
        last = len(codes)
        for r in reversed(others):  # the rounds after the last available one: none available
            if r + 1 == last and not known[codes[r], opponents[r] >= 0, points[r] == win][1]:
                last = r
        for r in others:
            letters[r] = known[codes[r], opponents[r] >= 0, points[r] == win][0]
        unavailable = 0.0 if self.rr else self.draw
        # the rounds after the last available one: a round of play counts, else the filler
        tail = [
            p if o >= 0 else unavailable
            for o, p in zip(opponents[last:], points[last:], strict=True)
        ]
        return "".join(letters), last, sum(points[:last] + tail, 0.0)

    def _categories_by_round(self, i: int) -> tuple[str, int, float]:
        """:meth:`_categories` one round at a time (a row with annulled games)."""
        rr = self.rr
        forfeits_are_games = rr and self.options.rr_forfeits_are_games
        win = self.win
        letters = []
        last = 0
        for r, (c, o, points) in enumerate(
            zip(self.code[i], self.opp[i], self.pts[i], strict=True)
        ):
            available = c != ANNULLED and (
                c in "1=0WDLRAU" or (c in "+-" and forfeits_are_games) or points == win
            )
            if available:
                last = r + 1
            letters.append(_category(c, o >= 0, available, rr, forfeits_are_games))
        unavailable = 0.0 if rr else self.draw
        adjusted = sum(
            [
                points if r < last or o >= 0 else unavailable
                for r, (c, o, points) in enumerate(
                    zip(self.code[i], self.opp[i], self.pts[i], strict=True)
                )
                if c != ANNULLED
            ],
            0.0,
        )
        return "".join(letters), last, adjusted

    def __getattr__(self, name: str) -> Any:
        # the individual event's table and the teams' ratings: made when first read
        if name == "event":
            self.event = self._source.as_event(self._kind)
            return self.event
        if name == "col":
            self.col = [
                [_COLOUR_LETTER.get(c, c or "") for c in map(_COLOUR, row)]
                for row in self._source.results
            ]
            return self.col
        if name == "ratings":
            unrated = self.options.unrated_rating
            teams = self._source
            self.ratings = [
                rating if (rating := teams.rating(t)) is not None else unrated
                for t in range(self.n)
            ]
            return self.ratings
        return super().__getattr__(name)
