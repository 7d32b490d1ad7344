"""The fast paths of the standings (issue 31 items 3 and 5) give what the plain
paths give: the tie-break table's fold, the split of tied groups, the check of a
tie-break's column, a round's byes recorded at once, and the fold of boards
into team matches.

Each check compares the library against a plain reference written here (the
code the fast paths replaced, round by round and board by board) on drawn
events with byes of every kind, forfeits, games of under one move, rest
rounds, uncoloured games, withdrawals under the 50% rule (annulled players,
General Regulations for Competitions 6.6), empty boards and forfeited matches
(C.04.6 1.6), so every branch of the unplayed-round rules of FIDE Handbook
C.07 Art. 16 is read both ways.
"""

from __future__ import annotations

import math
import random
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddy.contracts.tiebreak_table import ANNULLED, StandingsOptions, TieBreakTable
from caddy.errors import CaddyError, PluginError
from caddy.model.results import RESULT_WORDS, ResultsTable, RoundResult
from caddy.model.results_table import ResultsTableBuilder
from caddy.model.team_results import TeamResultsTable, TeamRoundResult, team_event
from caddy.model.teams import Team, TeamBye, TeamMatchPairing, TeamRound, TeamSetup
from caddy.plugins.registry import finite_values
from caddy.standings.ranking import standings
from caddy.standings.table import StandingsRow, checked_values, split_tied
from caddy.testing.drawing import suite_settings

BYE_KINDS = ["pab", "full", "half", "zero", "rest", "forfeit-win", "forfeit-loss"]
WORDS = sorted(RESULT_WORDS)


def drawn_event(seed: int, pre_determined: bool) -> ResultsTable:
    """A random event: random pairings (repeats allowed), every result word,
    short and uncoloured games, every bye kind, and in round robins a
    withdrawal or two (the 50% rule may annul)."""
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    rounds = rng.choice([1, 2, 3, 4, 5, 6, 17, 20])  # short rows and long (a round robin's)
    b = ResultsTableBuilder(
        [f"P{i}" for i in range(1, n + 1)], rounds=rounds, pre_determined=pre_determined
    )
    for rnd in range(1, rounds + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        while len(order) >= 2 and rng.random() < 0.85:
            white, black = order.pop(), order.pop()
            word = rng.choice(WORDS)
            short = word in ("1-0", "0-1", "1/2") and rng.random() < 0.1
            b.game(rnd, white, black, word, short=short, coloured=rng.random() < 0.9)
        for p in order:
            b.bye(rnd, p, rng.choice(BYE_KINDS))
    if pre_determined:
        for p in rng.sample(range(1, n + 1), rng.randint(0, 2)):
            b.withdraw(p, rng.randint(0, rounds))
    return b.build()


class ReferenceTable:
    """The tie-break table's fold as it was written before issue 31: row by
    row, round by round, every rule a method call."""

    def __init__(self, event: ResultsTable, pre_determined: bool, options: StandingsOptions):
        self.rr = pre_determined
        self.options = options
        self.rounds = event.rounds
        self.win, self.draw = event.scoring.win, event.scoring.draw
        annulled = {number - 1 for number in event.annulled}
        self.opp, self.pts, self.code, self.col = [], [], [], []
        all_games = True
        for i, row in enumerate(event.results):
            o_row = [-1 if rr.opponent is None else rr.opponent - 1 for rr in row]
            p_row = [rr.points for rr in row]
            c_row = [rr.code for rr in row]
            k_row = [rr.colour or "" for rr in row]
            for r, o in enumerate(o_row):
                if i in annulled or o in annulled:
                    o_row[r], p_row[r], c_row[r], k_row[r] = -1, 0.0, ANNULLED, ""
            if -1 in o_row or not set(c_row) <= set("1=0WDL"):
                all_games = False
                if pre_determined:
                    for r, o in enumerate(o_row):
                        if o < 0 and c_row[r] in ("Z", "U"):
                            c_row[r] = "R"
            self.opp.append(o_row)
            self.pts.append(p_row)
            self.code.append(c_row)
            self.col.append(k_row)
        self.all_games = all_games
        self.score = [sum(row) for row in self.pts]
        n = len(event.players)
        self.lna = [self.last_available(i) for i in range(n)]
        self.adjusted = [self.adjusted_score(i) for i in range(n)]
        self.kinds = ["".join(self.kind(i, r) for r in range(self.rounds)) for i in range(n)]

    def counts_as_game(self, i: int, r: int) -> bool:
        c = self.code[i][r]
        return c in "1=0WDL" or (c in "+-" and self.rr and self.options.rr_forfeits_are_games)

    def is_vur(self, i: int, r: int) -> bool:
        c = self.code[i][r]
        if c in "1=0WDLRAU" or self.counts_as_game(i, r):
            return False
        return self.pts[i][r] != self.win

    def last_available(self, i: int) -> int:
        last = 0
        for r in range(self.rounds):
            if not self.is_vur(i, r) and self.code[i][r] != ANNULLED:
                last = r + 1
        return last

    def adjusted_score(self, i: int) -> float:
        total = 0.0
        for r in range(self.rounds):
            if self.code[i][r] == ANNULLED:
                continue
            if r < self.lna[i] or self.opp[i][r] >= 0:
                total += self.pts[i][r]
            else:
                total += 0.0 if self.rr else self.draw
        return total

    def kind(self, i: int, r: int) -> str:
        c, o = self.code[i][r], self.opp[i][r]
        if c == ANNULLED or (c == "R" and self.rr) or (self.rr and o < 0):
            return "S"
        if o >= 0 and self.counts_as_game(i, r):
            return "G"
        return "V" if self.is_vur(i, r) else "d"


@given(st.integers(0, 10**9), st.booleans(), st.booleans())
@suite_settings(300, shrink=True)
def test_table_fold_matches_the_round_by_round_reference(
    seed: int, pre_determined: bool, forfeits_are_games: bool
) -> None:
    event = drawn_event(seed, pre_determined)
    options = StandingsOptions(rr_forfeits_are_games=forfeits_are_games)
    table = TieBreakTable(event, edition="2026", pre_determined=pre_determined, options=options)
    reference = ReferenceTable(event, pre_determined, options)
    for name in ("opp", "pts", "code", "col", "score", "lna", "adjusted", "all_games", "kinds"):
        assert getattr(table, name) == getattr(reference, name), name


def test_table_of_games_only_reads_codes_and_colours_from_the_event() -> None:
    """Every round a game: the codes and colours are the event's, cut per player
    when a tie-break first reads them (BWG, BPG read the colours)."""
    b = ResultsTableBuilder(["A", "B", "C", "D"], rounds=2)
    b.games(1, [1, 2], [3, 4], ["1-0", "1/2"])
    b.games(2, [4, 3], [1, 2], ["0-1", "1-0"])
    table = TieBreakTable(b.build(), edition="2026", pre_determined=False)
    assert table.all_games and table.kinds == ["GG"] * 4
    assert table.code == [["1", "1"], ["=", "0"], ["0", "1"], ["=", "0"]]
    assert table.col == [["w", "b"], ["w", "b"], ["b", "w"], ["b", "w"]]
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        table.nothing  # noqa: B018


def test_table_of_no_rounds() -> None:
    event = ResultsTableBuilder(["A", "B"], rounds=1).bye(1, 1, "zero").bye(1, 2, "zero").build()
    empty = ResultsTable(players=event.players, results=((), ()), rounds=0)
    table = TieBreakTable(empty, edition="2026", pre_determined=False)
    assert (table.opp, table.pts, table.code, table.score) == ([[], []], [[], []], [[], []], [0, 0])


def reference_split(group: list[int], key: Any) -> list[list[int]]:
    """``split_tied`` as it was: a stable sort, cut where the key changes."""
    result: list[list[int]] = []
    last: object = object()
    for i in sorted(group, key=key):
        if result and key(i) == last:
            result[-1].append(i)
        else:
            result.append([i])
            last = key(i)
    return result


@given(st.lists(st.sampled_from([0.0, 0.5, 1.0, 1.5, -0.0, 2.0]), min_size=0, max_size=12))
@suite_settings(300, shrink=True)
def test_split_tied_matches_the_stable_sort(values: list[float]) -> None:
    group = list(range(len(values)))[::-1]  # not in index order: ties keep the group's order
    assert split_tied(group, values.__getitem__) == reference_split(group, values.__getitem__)
    negated = [-v for v in values]
    assert split_tied(group, negated.__getitem__) == reference_split(group, negated.__getitem__)


class _Plugin:
    """A stand-in tie-break plugin for the messages."""


@pytest.mark.parametrize(
    "values",
    [
        [1.0, 2.5, 0.0],
        [1.0, None, 2.0],
        [1, 2, 3],
        [1.0, math.nan, 2.0],
        [math.inf, -math.inf, 1.0],
        [1.0, 2.0],
        [True, 1.0, 1.0],
        [
            1.7976931348623157e308,
            1.7976931348623157e308,
            0.0,
        ],  # the sum overflows: checked one by one
        (1.0, 2.0, 3.0),
        "abc",
    ],
)
def test_checked_values_is_finite_values(values: Any) -> None:
    """``checked_values`` gives what :func:`caddy.plugins.registry.finite_values` gives,
    the same value or the same one-line error naming the plugin."""
    try:
        expected = finite_values(_Plugin(), "XX", values, 3)
    except PluginError as exc:
        with pytest.raises(PluginError) as got:
            checked_values(_Plugin(), "XX", values, 3)
        assert str(got.value) == str(exc)
    else:
        assert checked_values(_Plugin(), "XX", values, 3) == expected


def test_byes_at_once_match_one_by_one() -> None:
    """``ResultsTableBuilder.byes`` records what :meth:`bye` records, kind by kind."""
    items = [(1, "pab"), (3, "half"), (4, "zero"), (5, "rest"), (6, "full"), (2, "absent")]
    one = ResultsTableBuilder([f"P{i}" for i in range(1, 7)], rounds=1)
    for player, kind in items:
        one.bye(1, player, kind)
    many = ResultsTableBuilder([f"P{i}" for i in range(1, 7)], rounds=1).byes(1, items)
    assert many.build() == one.build()
    assert many.build().results[0][0] == RoundResult(None, None, "U", 1.0)


@pytest.mark.parametrize(
    ("rnd", "items"),
    [
        (2, [(1, "pab")]),
        (1, [(1, "pab"), (7, "zero")]),
        (1, [(0, "pab")]),
        (1, [(1, "pab"), (1, "zero")]),
        (1, [(1, "pab"), (2, "sabbatical")]),
        (1, [(3, "half")]),  # player 3 has a game already
    ],
)
def test_byes_at_once_report_what_one_by_one_reports(
    rnd: int, items: list[tuple[int, str]]
) -> None:
    def builder() -> ResultsTableBuilder:
        b = ResultsTableBuilder([f"P{i}" for i in range(1, 7)], rounds=1)
        return b.game(1, 3, 4, "1-0")

    one = builder()
    with pytest.raises(CaddyError) as expected:
        for player, kind in items:
            one.bye(rnd, player, kind)
    with pytest.raises(CaddyError) as got:
        builder().byes(rnd, items)
    assert str(got.value) == str(expected.value)


# -- the fold of boards into team matches (C.07 Art. 11; C.04.6 1.6) ------------------------

BOARD_CODES = {"1": "1", "=": "=", "0": "0", "W": "1", "D": "=", "L": "0", "+": "+", "-": "-"}


def reference_match(
    setup: TeamSetup, match: TeamMatchPairing, r: int, players: ResultsTable
) -> tuple[TeamRoundResult, TeamRoundResult]:
    """A match folded board by board, as the fold was written before issue 31."""
    s, game, boards = setup.scoring, players.scoring, setup.boards
    if match.forfeit:
        wins = {"+-": (True, False), "-+": (False, True), "--": (False, False)}[match.forfeit]
        out = []
        for opp, won, lineup in (
            (match.black, wins[0], match.white_lineup),
            (match.white, wins[1], match.black_lineup),
        ):
            point = game.win if won else game.forfeit_loss
            out.append(
                TeamRoundResult(
                    opponent=opp,
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
        return out[0], out[1]
    sides = []
    for lineup, other in (
        (match.white_lineup, match.black_lineup),
        (match.black_lineup, match.white_lineup),
    ):
        points, codes = [], []
        for p, q in zip(lineup, other, strict=True):
            if not p:
                points.append(game.forfeit_loss)
                codes.append("-")
            elif not q:
                points.append(game.win if game.forfeit_win is None else game.forfeit_win)
                codes.append("+")
            else:
                res = players.results[p - 1][r]
                points.append(res.points)
                codes.append(BOARD_CODES.get(res.code, res.code))
        sides.append((points, codes))
    for pair in (("+", "-"), ("-", "+"), ("-", "-")):
        if all(c == pair[0] for c in sides[0][1]) and all(c == pair[1] for c in sides[1][1]):
            forfeited = TeamMatchPairing(
                white=match.white,
                black=match.black,
                white_lineup=match.white_lineup,
                black_lineup=match.black_lineup,
                forfeit=pair[0] + pair[1],
            )
            return reference_match(setup, forfeited, r, players)
    gp = (sum(sides[0][0]), sum(sides[1][0]))
    if gp[0] > gp[1]:
        outcomes = ("w", "l")
    elif gp[1] > gp[0]:
        outcomes = ("l", "w")
    elif gp[0] > 0:
        outcomes = ("d", "d")
    else:
        outcomes = ("l", "l")
    result = []
    for (points, codes), opp, colour, outcome, lineup in (
        (sides[0], match.black, "w", outcomes[0], match.white_lineup),
        (sides[1], match.white, "b", outcomes[1], match.black_lineup),
    ):
        result.append(
            TeamRoundResult(
                opponent=opp,
                colour=colour,  # type: ignore[arg-type]
                kind="played",
                code={"w": "1", "d": "=", "l": "0"}[outcome],
                mp=s.match_points(outcome),
                gp=sum(points),
                boards=tuple(points),
                lineup=lineup,
                board_codes=tuple(codes),
            )
        )
    return result[0], result[1]


def drawn_team_event(seed: int) -> tuple[TeamSetup, list[TeamRound], ResultsTable]:
    """Random team rounds: line-ups with empty boards now and then, every board
    result word (forfeits and games of under one move too), whole-match forfeits,
    team byes of every kind (some with stated points) and teams left out."""
    rng = random.Random(seed)
    boards = rng.randint(1, 4)
    count = rng.randint(2, 7)
    per_team = boards + 1
    setup = TeamSetup(
        teams=tuple(
            Team(name=f"T{t}", members=tuple(range(t * per_team + 1, (t + 1) * per_team + 1)))
            for t in range(count)
        ),
        boards=boards,
    )
    rounds_played = rng.randint(1, 4)
    b = ResultsTableBuilder([f"P{i}" for i in range(1, count * per_team + 1)], rounds=rounds_played)
    team_rounds = []
    for rnd in range(1, rounds_played + 1):
        order = list(range(1, count + 1))
        rng.shuffle(order)
        matches, byes = [], []
        busy: set[int] = set()
        while len(order) >= 2 and rng.random() < 0.9:
            white, black = order.pop(), order.pop()
            lineups = []
            for team in (white, black):
                members = list(setup.teams[team - 1].members)
                rng.shuffle(members)
                lineups.append(tuple(p if rng.random() > 0.15 else 0 for p in members[:boards]))
            forfeit = rng.choice(["+-", "-+", "--"]) if rng.random() < 0.1 else ""
            if not forfeit:
                for p, q in zip(*lineups, strict=True):
                    if p and q:
                        word = rng.choice(WORDS)
                        short = word in ("1-0", "0-1", "1/2") and rng.random() < 0.1
                        b.game(rnd, p, q, word, short=short)
                        busy.update((p, q))
            matches.append(
                TeamMatchPairing(
                    white=white,
                    black=black,
                    white_lineup=lineups[0],
                    black_lineup=lineups[1],
                    forfeit=forfeit,
                )
            )
        for team in order:
            if rng.random() < 0.7:
                stated = rng.random() < 0.2
                byes.append(
                    TeamBye(
                        team=team,
                        kind=rng.choice(["pab", "full", "half", "zero"]),
                        mp=1.0 if stated else None,
                        gp=2.0 if stated else None,
                    )
                )
        team_rounds.append(TeamRound(matches=tuple(matches), byes=tuple(byes)))
        b.byes(rnd, [(p, "zero") for p in range(1, count * per_team + 1) if p not in busy])
    return setup, team_rounds, b.build()


def reference_bye(
    setup: TeamSetup, kind: str, mp: float | None, gp: float | None
) -> TeamRoundResult:
    """A team bye (C.04.6 1.4: a PAB a draw by default; requested byes as stated)."""
    s, boards = setup.scoring, setup.boards
    per_board = {"pab": 1.0, "full": 1.0, "half": 0.5, "zero": 0.0}[kind]
    if kind == "pab":
        mp = mp if mp is not None else s.draw
        gp = gp if gp is not None else boards * 0.5
    else:
        mp = mp if mp is not None else s.match_points({"full": "w", "half": "d", "zero": "l"}[kind])
        gp = gp if gp is not None else boards * per_board
    return TeamRoundResult(
        opponent=None,
        colour=None,
        kind=kind,
        code={"pab": "U", "full": "F", "half": "H", "zero": "Z"}[kind],
        mp=mp,
        gp=gp,
        boards=(per_board,) * boards,
    )


def reference_team_event(
    setup: TeamSetup, rounds: list[TeamRound], players: ResultsTable
) -> tuple[tuple[TeamRoundResult, ...], ...]:
    rows: list[list[TeamRoundResult]] = [[] for _ in setup.teams]
    for r, team_round in enumerate(rounds):
        done: set[int] = set()
        for match in team_round.matches:
            a, z = reference_match(setup, match, r, players)
            rows[match.white - 1].append(a)
            rows[match.black - 1].append(z)
            done.update((match.white, match.black))
        for bye in team_round.byes:
            rows[bye.team - 1].append(reference_bye(setup, bye.kind, bye.mp, bye.gp))
            done.add(bye.team)
        for t in range(1, len(setup.teams) + 1):
            if t not in done:
                rows[t - 1].append(reference_bye(setup, "zero", None, None))
    return tuple(tuple(row) for row in rows)


@given(st.integers(0, 10**9))
@suite_settings(200, shrink=True)
def test_team_fold_matches_the_board_by_board_reference(seed: int) -> None:
    setup, rounds, players = drawn_team_event(seed)
    tevent = team_event(setup, rounds, players)
    assert tevent.results == reference_team_event(setup, rounds, players)
    assert tevent.mp == [sum(r.mp for r in row) for row in tevent.results]
    assert tevent.gp == [sum(r.gp for r in row) for row in tevent.results]
    for kind in ("MP", "GP"):  # the teams as players: one round result per team round
        event = tevent.as_event(kind)
        assert event.results == tuple(
            tuple(
                RoundResult(r.opponent, r.colour, r.code, r.mp if kind == "MP" else r.gp)
                for r in row
            )
            for row in tevent.results
        )


def test_team_round_result_is_a_value() -> None:
    """A team round result compares, prints and changes as a value (a named tuple)."""
    result = TeamRoundResult(
        opponent=2, colour="w", kind="played", code="1", mp=2.0, gp=1.5, boards=(1.0, 0.5)
    )
    assert result.played and result.lineup == () and result.board_codes == ()
    assert result._replace(mp=1.0).mp == 1.0 and result.mp == 2.0
    assert repr(result).startswith("TeamRoundResult(opponent=2, colour='w', kind='played'")
    assert isinstance(TeamResultsTable, type)


def test_rows_positional_and_by_keyword_are_equal() -> None:
    by_keyword = StandingsRow(rank=1, pairing_number=3, name="A", score=1.5, tiebreaks={"BH": 2.0})
    assert StandingsRow(1, 3, "A", 1.5, {"BH": 2.0}) == by_keyword
    assert by_keyword.annulled is False and by_keyword.by_lot is False


@given(st.integers(0, 10**9), st.booleans())
@suite_settings(100, shrink=True)
def test_standings_rows_follow_the_groups(seed: int, pre_determined: bool) -> None:
    """The rows: players by rank then pairing number, shared places repeated
    (1, 1, 3), every value of the columns, annulled players last without a rank."""
    event = drawn_event(seed, pre_determined)
    result = standings(event, ["BH", "SB", "WIN"], pre_determined=pre_determined)
    ranked = [row for row in result.rows if row.rank is not None]
    keys = [
        (row.score, row.tiebreaks["BH"], row.tiebreaks["SB"], row.tiebreaks["WIN"])
        for row in ranked
    ]
    assert all(a >= b for a, b in pairwise(keys))
    for k, row in enumerate(ranked):
        first = next(j for j in range(len(ranked)) if keys[j] == keys[k])
        assert row.rank == first + 1
    assert [row.pairing_number for row in result.rows if row.annulled] == sorted(event.annulled)
    assert len(result.rows) == len(event.players)


@pytest.mark.parametrize("rounds", [3, 18])
def test_table_fold_of_a_game_code_without_an_opponent(rounds: int) -> None:
    """A row whose every code is a game's but one round names no opponent (a file
    may say so): not every round a game, for short rows and long alike."""
    row_a = [RoundResult(2, "w", "1", 1.0)] * rounds
    row_b = [RoundResult(1, "b", "0", 0.0)] * (rounds - 1) + [RoundResult(None, None, "1", 1.0)]
    b = ResultsTableBuilder(["A", "B"], rounds=1).bye(1, 1, "zero").bye(1, 2, "zero").build()
    event = ResultsTable(players=b.players, results=(tuple(row_a), tuple(row_b)), rounds=rounds)
    for pre_determined in (False, True):
        table = TieBreakTable(event, edition="2026", pre_determined=pre_determined)
        reference = ReferenceTable(event, pre_determined, StandingsOptions())
        assert not table.all_games
        for name in ("opp", "code", "lna", "adjusted", "kinds"):
            assert getattr(table, name) == getattr(reference, name), name
