"""The team fold's inline path (issue 31 item 5: a match whose boards are
all seated is scored once per pattern of its boards' cells, each side's
points and codes once per pattern of its own) against the reference fold:
the players' results table built first (``results_event``), then every match
folded one by one (``team_event``), on FIDE TEC's team sample
(``tests/data/trf``) and its 240-fixed copy (``tests/data/teams``), complete
and with the last round's results left out. Drawn events with every kind of
board, bye and forfeit: ``tests/test_team_fold_paths.py``.

Both the fold's paths (the boards' cells, one object per code, read once per
pattern of a side's cells; and the players' table, board by board) are also
checked against :func:`plain_fold`, the rules folded board by board in this
file, on those events and on drawn ones with other match and game scales: the
fold's own helpers (a forfeited match's results made once per kind, the teams
missing from a round found by a set difference) are checked by it too.

Rules folded: FIDE Handbook C.07 Art. 11 and C.04.6 Art. 1.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from caddy.event import replay
from caddy.event.replay import State
from caddy.event.results import board_cells, board_words, results_event
from caddy.event.teams import state_team_event
from caddy.model.results import RoundResult, Scoring
from caddy.model.team_fold import Cells, TeamRoundResult, fold_team_rounds, table_cells
from caddy.model.team_results import TeamResultsTable, team_event
from caddy.model.teams import TeamRound, TeamScoring, TeamSetup
from caddy.plugins.lookup import get_codec
from caddy.testing.teams import build_team_file
from tests.test_team_fold_paths import drawn_event

DATA = Path(__file__).parent / "data"
FILES = [
    DATA / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf",
    DATA / "teams" / "teamswiss_trf26_tec_sample_grandmommys_cup_240fixed.trf",
]


def reference(state: State, completed_only: bool = True) -> TeamResultsTable:
    """The fold through the players' table, one match at a time."""
    assert state.event.tournament.teams is not None
    players = results_event(state, completed_only=completed_only, empty=True)
    rounds = [r.teams for r in state.rounds if not r.matches]
    return team_event(
        state.event.tournament.teams, rounds, players, pre_determined=bool(players.pre_determined)
    )


def sample_state(path: Path) -> State:
    return replay(get_codec("trf").read(path.read_bytes(), source=str(path)).event)


@pytest.mark.parametrize("path", FILES, ids=["sample", "240fixed"])
def test_the_sample_folds_as_the_reference(path: Path) -> None:
    state = sample_state(path)
    assert board_words(state) is not None  # the boards are read (test_team_speed pins the path)
    ours, theirs = state_team_event(state), reference(state)
    assert ours.results == theirs.results
    assert ours == theirs
    assert (ours.mp, ours.gp) == (theirs.mp, theirs.gp)


@pytest.mark.parametrize("path", FILES, ids=["sample", "240fixed"])
def test_an_open_last_round_folds_as_the_reference(path: Path) -> None:
    """The last round with half its boards' results removed: completed rounds
    only, and every round with the open boards as double forfeits."""
    state = sample_state(path)
    last = state.rounds[-1]
    last.results = [result if board % 2 else () for board, result in enumerate(last.results)]
    assert state_team_event(state) == reference(state)
    assert state_team_event(state).rounds == len(state.rounds) - 1
    assert state_team_event(state, completed_only=False) == reference(state, completed_only=False)


# -- the rules folded board by board (the reference of the fold's paths) ----------

#: A board's letter from its player's result code (a win, draw or loss, forfeits as they are).
LETTERS = {"1": "1", "=": "=", "0": "0", "W": "1", "D": "=", "L": "0", "+": "+", "-": "-"}
#: Per kind of team bye: its code, MP (won, drawn, lost match) and each board's game point.
BYES = {"pab": "U", "full": "F", "half": "H", "zero": "Z"}


def plain_fold(
    setup: TeamSetup, rounds: list[TeamRound | None], cells: list[Cells], game: Scoring
) -> tuple[tuple[TeamRoundResult, ...], ...]:
    """Each team's round results, match by match and board by board: C.07
    Art. 11 (GP = the boards' points, more GP wins the match, equal GP draws,
    nobody scoring loses both, as FIDE's reference engine scores it), an
    empty board a forfeit (lost by its team, won by the other), a match
    forfeited as a whole (record 330, or every board forfeited the same way)
    won on every board by the team that appeared, with no colour; team byes
    as :mod:`caddy.model.team_results` states them (C.04.6 1.4, TRF 240/320);
    a team in no match and no bye a zero bye."""
    s, boards = setup.scoring, setup.boards
    forfeit_win = game.win if game.forfeit_win is None else game.forfeit_win
    mp = {"1": s.win, "=": s.draw, "0": s.loss}
    rows: list[list[TeamRoundResult]] = [[] for _ in setup.teams]

    def forfeited(team: int, opponent: int, lineup: tuple[int, ...], won: bool) -> None:
        point = game.win if won else game.forfeit_loss
        rows[team - 1].append(
            TeamRoundResult(
                opponent=opponent,
                colour=None,
                kind="forfeit-win" if won else "forfeit-loss",
                code="+" if won else "-",
                mp=s.win if won else s.loss,
                gp=boards * point,
                boards=(point,) * boards,
                lineup=lineup,
                board_codes=("+" if won else "-",) * boards,
            )
        )

    for team_round, cell in zip(rounds, cells, strict=False):
        seen: set[int] = set()
        for m in team_round.matches if team_round else ():
            seen |= {m.white, m.black}
            if m.forfeit:  # no games: the line-ups' players are on no board
                forfeited(m.white, m.black, m.white_lineup, m.forfeit[0] == "+")
                forfeited(m.black, m.white, m.black_lineup, m.forfeit[1] == "+")
                continue
            sides = []
            for own, other in ((m.white_lineup, m.black_lineup), (m.black_lineup, m.white_lineup)):
                points: list[float] = []
                codes: list[str] = []
                for p, q in zip(own, other, strict=True):
                    if not p:
                        points.append(game.forfeit_loss)
                        codes.append("-")
                    elif not q:
                        points.append(forfeit_win)
                        codes.append("+")
                    else:
                        result: RoundResult = cell(p)
                        points.append(result.points)
                        codes.append(LETTERS.get(result.code, result.code))
                sides.append((tuple(points), tuple(codes)))
            (white_points, white_codes), (black_points, black_codes) = sides
            whole = next(
                (
                    pair
                    for pair in ("+-", "-+", "--")
                    if set(white_codes) == {pair[0]} and set(black_codes) == {pair[1]}
                ),
                "",
            )
            if whole:
                forfeited(m.white, m.black, m.white_lineup, whole[0] == "+")
                forfeited(m.black, m.white, m.black_lineup, whole[1] == "+")
                continue
            gp_white, gp_black = sum(white_points), sum(black_points)
            if gp_white == gp_black:
                outcome = ("=", "=") if gp_white > 0 else ("0", "0")
            else:
                outcome = ("1", "0") if gp_white > gp_black else ("0", "1")
            for team, opponent, colour, code, gp, points_, codes_, lineup in (
                (
                    m.white,
                    m.black,
                    "w",
                    outcome[0],
                    gp_white,
                    white_points,
                    white_codes,
                    m.white_lineup,
                ),
                (
                    m.black,
                    m.white,
                    "b",
                    outcome[1],
                    gp_black,
                    black_points,
                    black_codes,
                    m.black_lineup,
                ),
            ):
                rows[team - 1].append(
                    TeamRoundResult(
                        opponent=opponent,
                        colour=colour,  # type: ignore[arg-type]
                        kind="played",
                        code=code,
                        mp=mp[code],
                        gp=gp,
                        boards=points_,
                        lineup=lineup,
                        board_codes=codes_,
                    )
                )
        for bye in team_round.byes if team_round else ():
            seen.add(bye.team)
            each = {"pab": game.win, "full": game.win, "half": game.draw, "zero": game.loss}[
                bye.kind
            ]
            if bye.kind == "pab":
                bye_mp = s.draw if s.pab_mp is None else s.pab_mp
                bye_gp = boards * game.draw if s.pab_gp is None else s.pab_gp
            else:
                bye_mp = {"full": s.win, "half": s.draw, "zero": s.loss}[bye.kind]
                bye_gp = boards * each
            rows[bye.team - 1].append(
                TeamRoundResult(
                    opponent=None,
                    colour=None,
                    kind=bye.kind,
                    code=BYES[bye.kind],
                    mp=bye_mp if bye.mp is None else bye.mp,
                    gp=bye_gp if bye.gp is None else bye.gp,
                    boards=(each,) * boards,
                )
            )
        for team in set(range(1, len(setup.teams) + 1)) - seen:
            rows[team - 1].append(
                TeamRoundResult(
                    opponent=None,
                    colour=None,
                    kind="zero",
                    code="Z",
                    mp=s.loss,
                    gp=boards * game.loss,
                    boards=(game.loss,) * boards,
                )
            )
    return tuple(map(tuple, rows))


def both_paths(state: State, completed_only: bool = True) -> None:
    """The fold of ``state`` through both paths, against :func:`plain_fold`."""
    setup = state.event.tournament.teams
    assert setup is not None
    rounds = [r.teams for r in state.rounds if not r.matches]
    game = state.event.tournament.scoring or Scoring()
    columns = board_cells(state, completed_only=completed_only)
    players = results_event(state, completed_only=completed_only, empty=True)
    by_table = table_cells(players, min(players.rounds, len(rounds)))
    for cells, shared in ([], True), (by_table, False):
        if shared:
            if columns is None:
                continue
            cells = [column.__getitem__ for column in columns]
        count, rows = fold_team_rounds(setup, rounds, cells, game, shared=shared)
        expected = plain_fold(setup, rounds[:count], cells[:count], game)
        assert rows == expected, shared


@pytest.mark.parametrize("path", FILES, ids=["sample", "240fixed"])
def test_the_sample_folds_as_the_rules_board_by_board(path: Path) -> None:
    state = sample_state(path)
    both_paths(state)
    last = state.rounds[-1]
    last.results = [result if board % 3 else () for board, result in enumerate(last.results)]
    both_paths(state)
    both_paths(state, completed_only=False)


@pytest.mark.parametrize("seed", [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_drawn_events_fold_as_the_rules_board_by_board(seed: int) -> None:
    """Drawn team events (forfeited matches, empty and forfeited boards, team
    byes of every kind, absent teams), also scored on other scales: 3-1-0 match
    points with a stated PAB, and a 3-1-0 game scale whose forfeit win gives 2
    (seed 2 draws a round the boards' path leaves to the players' table)."""
    event = drawn_event(seed, teams=9, boards=4, rounds=6, unfinished=seed % 3 == 0)
    assert board_cells(replay(event)) is not None  # the boards' path is checked too
    both_paths(replay(event))
    setup = event.tournament.teams
    assert setup is not None
    scored = attrs.evolve(
        event,
        tournament=attrs.evolve(
            event.tournament,
            teams=attrs.evolve(
                setup, scoring=TeamScoring(win=3.0, draw=1.0, pab_mp=1.5, pab_gp=2.5)
            ),
            scoring=Scoring(win=3.0, draw=1.0, loss=0.0, forfeit_win=2.0),
        ),
    )
    both_paths(replay(scored))


def test_a_played_match_where_nobody_scored_is_lost_by_both() -> None:
    """Every board played or forfeited, not all the same way, and no game
    point on either side (draws scored 0 by the event's game scale): lost by
    both, as FIDE's reference engine (TEC's TieBreakServer) scores equal GP of
    0 and :mod:`caddy.model.team_results` states it, on both paths."""
    event = build_team_file(list("ABCD"), 2, [[("A", "B", "1/2 1/2"), ("C", "D", "1/2 --")]])
    event = attrs.evolve(
        event, tournament=attrs.evolve(event.tournament, scoring=Scoring(draw=0.0))
    )
    state = replay(event)
    assert board_words(state) is not None
    both_paths(state)
    folded = state_team_event(state)
    assert [(row[0].kind, row[0].code, row[0].mp, row[0].gp) for row in folded.results] == [
        ("played", "0", 0.0, 0.0)
    ] * 4
