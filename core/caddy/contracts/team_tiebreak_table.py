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

from itertools import chain
from typing import TYPE_CHECKING, Any

from caddy.contracts.tiebreak_spec import EDITIONS, default_edition
from caddy.contracts.tiebreak_table import ANNULLED, StandingsOptions, TieBreakTable
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.model.team_results import TeamResultsTable
    from caddy.plugins.host import PluginHost

#: Codes of a game over the board (the table's ``_GAMES``).
_GAMES = frozenset("1=0WDL")
#: A round's colour as the table's letter (``None``: empty).
_LETTER: dict[str | None, str] = {None: "", "w": "w", "b": "b"}


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
        host: PluginHost | None = None,
    ) -> None:
        # TieBreakTable.__init__ on teams.as_event(kind), field by field (no
        # team is annulled: an event of teams has no withdrawals)
        self.host = host
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
        field = 4 if kind == "MP" else 5
        opp: list[list[int]] = []
        pts: list[list[float]] = []
        code: list[list[str]] = []
        col: list[list[str]] = []
        for row in teams.results:
            if not rounds:
                opp.append([])
                pts.append([])
                code.append([])
                col.append([])
                continue
            columns = list(zip(*row, strict=True))
            opponents = columns[0]
            try:
                opp.append(list(map(index.__getitem__, opponents)))
            except KeyError:  # an opponent outside the event: its number minus one all the same
                opp.append([-1 if o is None else o - 1 for o in opponents])
            pts.append(list(columns[field]))
            code.append(list(columns[3]))
            try:
                col.append(list(map(_LETTER.__getitem__, columns[1])))
            except KeyError:
                col.append([c or "" for c in columns[1]])
        games_only = [True] * n
        if -1 in chain.from_iterable(opp) or not _GAMES.issuperset(chain.from_iterable(code)):
            for i in range(n):
                o_row, c_row = opp[i], code[i]
                if -1 in o_row or not _GAMES.issuperset(c_row):
                    games_only[i] = False
                    if pre_determined:  # a round robin's unpaired round is its rest round
                        for r, o in enumerate(o_row):
                            if o < 0 and c_row[r] in ("Z", "U"):
                                c_row[r] = "R"
        self.opp, self.pts, self.code, self.col = opp, pts, code, col
        self._games_only = games_only
        self.all_games = all(games_only)
        self.score = score = list(map(sum, pts))
        # the last round each team was available, the score its opponents see
        # and the rounds' categories (TieBreakTable's _last_available,
        # _adjusted and kinds) in one pass over the rows that need them
        self.lna = [rounds] * n
        self.adjusted = list(score)
        self._kinds = kinds = ["G" * rounds] * n
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
        TieBreakTable computes each: one pass over the row, then its sum."""
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
            if c == ANNULLED or (c == "R" and rr) or (rr and o < 0):
                letters.append("S")
            elif o >= 0 and (c in "1=0WDL" or (c in "+-" and forfeits_are_games)):
                letters.append("G")
            elif available:
                letters.append("d")
            else:
                letters.append("V")
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
        if name == "ratings":
            unrated = self.options.unrated_rating
            teams = self._source
            self.ratings = [
                rating if (rating := teams.rating(t)) is not None else unrated
                for t in range(self.n)
            ]
            return self.ratings
        return super().__getattr__(name)
