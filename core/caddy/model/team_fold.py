"""The fold of a team event's boards into team results (each team's
:class:`TeamRoundResult` per round, held by
:class:`caddy.model.team_results.TeamResultsTable`), by the rules
:mod:`caddy.model.team_results` states (FIDE Handbook C.07 Art. 11, C.04.6
Art. 1).

:func:`fold_team_rounds` reads each round's games through a getter, a
player's round result by pairing number (only its code and points are
read): from a players' :class:`caddy.model.results.ResultsTable`
(:func:`caddy.model.team_results.team_event`), or straight from an event's
boards (:func:`caddy.event.teams.state_team_event`, which leaves the players'
table to be built when something reads it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from operator import attrgetter, itemgetter
from typing import Literal, NamedTuple

from caddy.model.results import ALL_CODES, FORFEIT_CODES, ResultsTable, RoundResult, Scoring
from caddy.model.teams import TeamBye, TeamMatchPairing, TeamRound, TeamSetup


class TeamRoundResult(NamedTuple):
    """One team's round.

    A named tuple, as :class:`caddy.model.results.RoundResult` is: a team
    event's standings fold every match into two of them, so they are made and
    read at tuple speed. Change one with ``result._replace(mp=2.0)``.
    """

    #: The opposing team's number, or ``None``.
    opponent: int | None
    #: The team's colour in the match (its board-1 player's); ``None``: not played.
    colour: Literal["w", "b"] | None
    #: ``played``, ``forfeit-win``, ``forfeit-loss``, ``pab``, ``full``, ``half``, ``zero``.
    kind: str
    #: The round as an individual result code (``1 = 0 + - U F H Z``).
    code: str
    mp: float
    gp: float
    #: Board points for C.07 Art. 12 (a PAB and a forfeited match: per board as a win or loss).
    boards: tuple[float, ...]
    #: Pairing numbers on boards 1.. (0: empty), for a match.
    lineup: tuple[int, ...] = ()
    #: Each board's result from the team's side (``1 = 0 + -``; empty when no game).
    board_codes: tuple[str, ...] = ()

    @property
    def played(self) -> bool:
        """A match played over the board (C.04.6 1.6: the team had a colour)."""
        return self.kind == "played"


#: A round's results: a player's round result by pairing number.
Cells = Callable[[int], RoundResult]

#: Per-board letters of a team's round (``801`` style): won, drawn, lost, forfeit ``+ -``.
_BOARD_CODES = {"1": "1", "=": "=", "0": "0", "W": "1", "D": "=", "L": "0", "+": "+", "-": "-"}
#: Every result code to its board letter (a bye's code stays as it is).
BOARD_OF = {code: _BOARD_CODES.get(code, code) for code in ALL_CODES}


def table_cells(players: ResultsTable, count: int) -> list[Cells]:
    """Rounds ``1..count`` of ``players`` as cells by pairing number."""
    return [[None, *map(itemgetter(r), players.results)].__getitem__ for r in range(count)]


def fold_team_rounds(
    setup: TeamSetup,
    rounds: Sequence[TeamRound | None],
    cells: Sequence[Cells],
    game_scoring: Scoring,
    *,
    shared: bool = False,
) -> tuple[int, tuple[tuple[TeamRoundResult, ...], ...]]:
    """Fold rounds ``1..len(cells)`` into each team's round results (the
    rounds folded, the rows); ``rounds[r]`` is round ``r + 1``'s team
    matches, ``cells[r]`` its players' results. ``shared``: the cells are one
    object per result code (:func:`caddy.event.results.board_cells`), so a
    side of a match (its boards' cells) is read once per pattern of cells."""
    n = len(setup.teams)
    count = min(len(cells), len(rounds))
    if not any(rounds[:count]) and count:
        count = 0
    fold = TeamFold(setup, game_scoring, shared)
    rows: list[list[TeamRoundResult]] = [[] for _ in range(n)]
    everyone = set(range(1, n + 1))
    sides = fold.sides
    won, drawn, lost = fold.outcomes
    for r in range(count):
        team_round = rounds[r]
        if team_round is not None:
            cell = cells[r]
            matches = team_round.matches
            for match in matches:
                white_lineup, black_lineup = match.white_lineup, match.black_lineup
                if (
                    shared
                    and not match.forfeit
                    and 0 not in white_lineup
                    and 0 not in black_lineup
                    and len(white_lineup) == len(black_lineup)
                ):
                    # every board seated: each side read once per pattern of
                    # its boards' cells (a team event has few), the outcome
                    # and both results made here (:meth:`TeamFold.match` inline)
                    key = tuple(map(cell, white_lineup))
                    w = sides.get(key) or fold.side_cells(key)
                    key = tuple(map(cell, black_lineup))
                    b = sides.get(key) or fold.side_cells(key)
                    if not (w[3] and b[3]):  # some board was played (else: forfeited as a whole)
                        gp_white, gp_black = w[2], b[2]
                        if gp_white > gp_black:
                            ow, ob = won, lost
                        elif gp_black > gp_white:
                            ow, ob = lost, won
                        elif gp_white > 0:
                            ow = ob = drawn
                        else:  # nobody scored: both lose (FIDE's reference engine)
                            ow = ob = lost
                        white, black = match.white, match.black
                        rows[white - 1].append(
                            _make((black, "w", "played", *ow, gp_white, w[0], white_lineup, w[1]))
                        )
                        rows[black - 1].append(
                            _make((white, "b", "played", *ob, gp_black, b[0], black_lineup, b[1]))
                        )
                        continue
                a, b_result = fold.match(match, cell)
                rows[match.white - 1].append(a)
                rows[match.black - 1].append(b_result)
        fold.close_round(rows, team_round, everyone)
    return count, tuple(map(tuple, rows))


#: A team round result from its 9 fields in order, without a Python frame.
_make = partial(tuple.__new__, TeamRoundResult)
_OUTCOME_CODES = {"w": "1", "d": "=", "l": "0"}
_CODE: Callable[[RoundResult], str] = itemgetter(2)
_POINTS: Callable[[RoundResult], float] = itemgetter(3)
_WHITE: Callable[[TeamMatchPairing], int] = attrgetter("white")
_BLACK: Callable[[TeamMatchPairing], int] = attrgetter("black")
_TEAM: Callable[[TeamBye], int] = attrgetter("team")
#: A side's outcome code, MP, GP, board points and board codes.
_Side = tuple[str, float, float, tuple[float, ...], tuple[str, ...]]
#: A match's outcome: both sides' (White's first), or a forfeit of the whole match (``+-`` ...).
_Scored = tuple[_Side, _Side] | str
#: A side of a match read from its boards' cells: board points, board codes,
#: their sum (GP), and whether every board was forfeited (``+`` or ``-``).
_Cells = tuple[tuple[float, ...], tuple[str, ...], float, bool]
#: Who appears in a match forfeited as a whole (``+-`` ...): White's team, Black's.
_APPEARED = {"+-": (True, False), "-+": (False, True), "--": (False, False)}


class TeamFold:
    """One fold of an event's boards into team results: the scales read once,
    a bye's result made once per kind (the results are immutable)."""

    def __init__(self, setup: TeamSetup, game: Scoring, shared: bool) -> None:
        self.setup = setup
        self.shared = shared
        self.game = game
        s = setup.scoring
        self.match_points = {"w": s.win, "d": s.draw, "l": s.loss}
        #: A won, drawn and lost match's (code, MP).
        self.outcomes = (("1", s.win), ("=", s.draw), ("0", s.loss))
        self.forfeit_loss = game.forfeit_loss
        self.forfeit_win = game.win if game.forfeit_win is None else game.forfeit_win
        self.byes: dict[tuple[str, float | None, float | None], TeamRoundResult] = {}
        #: A side of a match by its boards' cells (:meth:`side_cells`).
        self.sides: dict[tuple[RoundResult, ...], _Cells] = {}
        #: Per kind of forfeited match, each team's fields but opponent and line-up.
        self.forfeits: dict[str, tuple[tuple[object, ...], tuple[object, ...]]] = {}

    def close_round(
        self, rows: list[list[TeamRoundResult]], team_round: TeamRound | None, everyone: set[int]
    ) -> None:
        """After a round's matches are in ``rows``: its team byes, then a zero
        bye for every team in no match and with no bye (absent; all of them
        when the round has no team matches)."""
        if team_round is None:
            missing = everyone
        else:
            byes, matches = team_round.byes, team_round.matches
            for bye in byes:
                rows[bye.team - 1].append(self.bye(bye.kind, bye.mp, bye.gp))
            missing = everyone.difference(
                map(_WHITE, matches), map(_BLACK, matches), map(_TEAM, byes)
            )
        if missing:
            zero = self.bye("zero", None, None)
            for t in missing:
                rows[t - 1].append(zero)

    def bye(self, kind: str, mp: float | None, gp: float | None) -> TeamRoundResult:
        """A team's bye of ``kind`` (match and game points given, or ``None``:
        the kind's), made once per event."""
        key = (kind, mp, gp)
        if key not in self.byes:
            self.byes[key] = _bye(self.setup, kind, mp, gp, self.game)
        return self.byes[key]

    def side(
        self, lineup: tuple[int, ...], other: tuple[int, ...], cell: Cells
    ) -> tuple[tuple[float, ...], tuple[str, ...]]:
        """A team's board points and board codes in a round (an empty board of
        its own: a forfeit loss; of the other team: a forfeit win)."""
        if 0 not in lineup and 0 not in other and len(lineup) == len(other):
            cells = list(map(cell, lineup))
            try:
                return tuple(map(_POINTS, cells)), tuple(
                    map(BOARD_OF.__getitem__, map(_CODE, cells))
                )
            except KeyError:
                pass
        points: list[float] = []
        board_codes: list[str] = []
        for p, q in zip(lineup, other, strict=True):
            if not p:
                points.append(self.forfeit_loss)
                board_codes.append("-")
            elif not q:
                points.append(self.forfeit_win)
                board_codes.append("+")
            else:
                res = cell(p)
                points.append(res[3])
                board_codes.append(_BOARD_CODES.get(res[2], res[2]))
        return tuple(points), tuple(board_codes)

    def side_cells(self, cells: tuple[RoundResult, ...]) -> _Cells:
        """A side's board points and codes, GP and whether every board was
        forfeited, from its boards' cells (:meth:`side` with no empty board),
        kept for the next side with the same cells."""
        points = tuple(map(_POINTS, cells))
        try:
            codes = tuple(map(BOARD_OF.__getitem__, map(_CODE, cells)))
        except KeyError:
            codes = tuple(_BOARD_CODES.get(res[2], res[2]) for res in cells)
        made = self.sides[cells] = (points, codes, sum(points), FORFEIT_CODES.issuperset(codes))
        return made

    def match(
        self, match: TeamMatchPairing, cell: Cells
    ) -> tuple[TeamRoundResult, TeamRoundResult]:
        """Both teams' results of ``match``, each board's result read by ``cell``."""
        if match.forfeit:
            return self.forfeited(match, match.forfeit)
        white_lineup, black_lineup = match.white_lineup, match.black_lineup
        scored = self.score(
            *self.side(white_lineup, black_lineup, cell),
            *self.side(black_lineup, white_lineup, cell),
        )
        if isinstance(scored, str):
            return self.forfeited(match, scored)
        w, b = scored
        return (
            _make((match.black, "w", "played", *w[:4], white_lineup, w[4])),
            _make((match.white, "b", "played", *b[:4], black_lineup, b[4])),
        )

    def score(
        self,
        white_points: tuple[float, ...],
        white_codes: tuple[str, ...],
        black_points: tuple[float, ...],
        black_codes: tuple[str, ...],
    ) -> _Scored:
        """A match's outcome from its boards (both teams' points and codes)."""
        if FORFEIT_CODES.issuperset(white_codes) and FORFEIT_CODES.issuperset(black_codes):
            forfeited = _all_forfeits(white_codes, black_codes)
            if forfeited is not None:  # no board was played: the match was forfeited as a whole
                return forfeited
        gp_white, gp_black = sum(white_points), sum(black_points)
        if gp_white > gp_black:
            white, black = "w", "l"
        elif gp_black > gp_white:
            white, black = "l", "w"
        elif gp_white > 0:
            white, black = "d", "d"
        else:  # nobody scored: both lose (FIDE's reference engine)
            white, black = "l", "l"
        mp = self.match_points
        return (
            (_OUTCOME_CODES[white], mp[white], gp_white, white_points, white_codes),
            (_OUTCOME_CODES[black], mp[black], gp_black, black_points, black_codes),
        )

    def forfeited(
        self, match: TeamMatchPairing, forfeit: str
    ) -> tuple[TeamRoundResult, TeamRoundResult]:
        """A match forfeited as a whole: the team that appeared wins on every board."""
        fields = self.forfeits.get(forfeit)
        if fields is None:
            fields = self.forfeits[forfeit] = self.forfeit_fields(forfeit)
        w, b = fields
        return (
            _make((match.black, None, *w[:5], match.white_lineup, w[5])),
            _make((match.white, None, *b[:5], match.black_lineup, b[5])),
        )

    def forfeit_fields(self, forfeit: str) -> tuple[tuple[object, ...], tuple[object, ...]]:
        """Each team's kind, code, MP, GP, board points and board codes in a
        match forfeited as ``forfeit``."""
        s = self.setup.scoring
        boards = self.setup.boards
        game = self.game
        out = []
        for wins in _APPEARED[forfeit]:
            point = game.win if wins else game.forfeit_loss
            out.append(
                (
                    "forfeit-win" if wins else "forfeit-loss",
                    "+" if wins else "-",
                    s.win if wins else s.loss,
                    boards * point,
                    (point,) * boards,
                    ("+" if wins else "-",) * boards,
                )
            )
        return out[0], out[1]


def _bye(
    setup: TeamSetup, kind: str, mp: float | None, gp: float | None, game: Scoring
) -> TeamRoundResult:
    s = setup.scoring
    boards = setup.boards
    per_board = {"pab": game.win, "full": game.win, "half": game.draw, "zero": game.loss}[kind]
    if kind == "pab":
        mp = mp if mp is not None else (s.pab_mp if s.pab_mp is not None else s.draw)
        gp = gp if gp is not None else (s.pab_gp if s.pab_gp is not None else boards * game.draw)
    else:
        outcome = {"full": "w", "half": "d", "zero": "l"}[kind]
        mp = mp if mp is not None else s.match_points(outcome)
        gp = gp if gp is not None else boards * per_board
    code = {"pab": "U", "full": "F", "half": "H", "zero": "Z"}[kind]
    return TeamRoundResult(
        opponent=None,
        colour=None,
        kind=kind,
        code=code,
        mp=mp,
        gp=gp,
        boards=(per_board,) * boards,
    )


def _all_forfeits(white: Sequence[str], black: Sequence[str]) -> str | None:
    """``+-``, ``-+`` or ``--`` when every board of a match was forfeited the
    same way (the team that lost them all did not appear: C.04.6 1.6, the
    match is not played), else ``None``."""
    for pair in (("+", "-"), ("-", "+"), ("-", "-")):
        if all(c == pair[0] for c in white) and all(c == pair[1] for c in black):
            return pair[0] + pair[1]
    return None
