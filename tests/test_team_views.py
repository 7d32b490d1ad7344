"""Team views (issue 17, item 5): the team crosstable's cells for byes and
forfeited matches, and ``caddy cards`` (the match cards of a round) in text,
CSV, Markdown and HTML.

The event: 5 teams of 2 boards (Lions players 1-2, Tigers 3-4, Bears 5-6,
Wolves 7-8, Foxes 9-10), board colours WB (the first-named team has White on
board 1, Black on board 2; FIDE Handbook C.04.6 1.6.1).

    round 1: Lions-Tigers 1-0 ½-½ (1½-½); Bears-Wolves forfeited by Wolves
             (+-: a win on every board for Bears, 2-0); Foxes a pairing-allocated bye
             (a drawn match: 1 MP and a draw on both boards, 1 GP, C.04.6 1.4)
    round 2: Tigers-Bears with Bears' board 2 left empty: board 1 0-1, board 2 won by
             forfeit by Tigers 2 (1-1); Wolves-Foxes board 1 ½-½, board 2 not played
             yet; Lions a half-point bye

Scores after round 1 (C.07 Art. 11.1; MP 2/1/0): Lions 2 MP 1½ GP, Tigers
0/½, Bears 2/2, Wolves 0/0, Foxes 1/1.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.event.file import EventFile
from caddy.event.store import dumps
from caddy.files.storage import write_file
from caddy.model.teams import TeamBye, TeamMatchPairing, TeamRound
from caddy.model.tournament import PairRound, RecordResult
from caddy.plugins.host import get_host
from caddy.testing.teams import build_team_file
from tests.conftest import Run

TEAMS = ["Lions", "Tigers", "Bears", "Wolves", "Foxes"]


def two_rounds() -> EventFile:
    host = get_host()
    event = build_team_file(
        TEAMS,
        2,
        [[("Lions", "Tigers", "1-0 1/2"), ("Bears", "Wolves", "+-")]],
        byes={1: [("Foxes", "pab")]},
        host=host,
    )
    second = TeamRound(
        matches=(
            TeamMatchPairing(white=2, black=3, white_lineup=(3, 4), black_lineup=(5, 0)),
            TeamMatchPairing(white=4, black=5, white_lineup=(7, 8), black_lineup=(9, 10)),
        ),
        byes=(TeamBye(team=1, kind="half"),),
    )
    white, black, _ = second.games("WB")
    assert (white, black) == ((3, 7, 10), (5, 9, 8))
    event = event.with_operation(
        PairRound(round=2, white=white, black=black, teams=second), host=host
    )
    for board, result in ((1, "0-1"), (2, "1/2")):
        event = event.with_operation(RecordResult(round=2, board=board, result=result), host=host)
    return event


@pytest.fixture(scope="module")
def event_bytes() -> bytes:
    return dumps(two_rounds())


@pytest.fixture
def event_path(tmp_path: Path, event_bytes: bytes) -> str:
    path = tmp_path / "teams.json"
    write_file(path, event_bytes)
    return str(path)


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


SIGN = "_" * 24

#: ``caddy cards EVENT`` (round 2, the last paired), as printed.
ROUND_2_TEXT = f"""\
test: match cards, round 2
test: round 2, match 1: 2 Tigers – 3 Bears
board  player                            rating  colour  player                            rating  colour  result
 team  2 Tigers                                          3 Bears
    1  Tigers 1                                  W       Bears 1                                   B       0-1
    2  Tigers 2                                  B       (empty board)                             W       +/-
       total                                             total                                             1-1
       captain {SIGN}                  captain {SIGN}
       arbiter {SIGN}
test: round 2, match 2: 4 Wolves – 5 Foxes
board  player                            rating  colour  player                            rating  colour  result
 team  4 Wolves                                          5 Foxes
    1  Wolves 1                                  W       Foxes 1                                   B       ½-½
    2  Wolves 2                                  B       Foxes 2                                   W
       total                                             total
       captain {SIGN}                  captain {SIGN}
       arbiter {SIGN}

result: the first team's points - the second team's (+/- a forfeit); the first team has White on board 1
team 1 Lions: half bye
"""


def test_match_cards_text(cli: Callable[..., Run], event_path: str) -> None:
    run = ok(cli("cards", event_path))
    assert run.out == ROUND_2_TEXT
    assert run.err == ""


def test_match_cards_csv(cli: Callable[..., Run], event_path: str) -> None:
    run = ok(cli("cards", event_path, "--round", "1", "--output", "csv"))
    rows = list(csv.reader(io.StringIO(run.out)))
    first = "test: round 1, match 1: 1 Lions – 2 Tigers"
    second = "test: round 1, match 2: 3 Bears – 4 Wolves"
    assert rows[0] == [
        "table",
        "board",
        "player",
        "rating",
        "colour",
        "player",
        "rating",
        "colour",
        "result",
    ]
    assert rows[1:8] == [
        [first, "team", "1 Lions", "", "", "2 Tigers", "", "", ""],
        [first, "1", "Lions 1", "", "W", "Tigers 1", "", "B", "1-0"],
        [first, "2", "Lions 2", "", "B", "Tigers 2", "", "W", "½-½"],
        [first, "", "total", "", "", "total", "", "", "1½-½"],
        [first, "", f"captain {SIGN}", "", "", f"captain {SIGN}", "", "", ""],
        [first, "", f"arbiter {SIGN}", "", "", "", "", "", ""],
        [second, "team", "3 Bears", "", "", "4 Wolves", "", "", ""],
    ]
    # a forfeited match: a win on every board for Bears; "+/-" starts with "+", so the
    # spreadsheet gets it as text ('), never as a formula
    assert rows[8][-1] == rows[9][-1] == "'+/-"
    assert rows[10][-1] == "2-0"
    assert len(rows) == 13


def test_match_cards_markdown_and_html(cli: Callable[..., Run], event_path: str) -> None:
    markdown = ok(cli("cards", event_path, "--round", "2", "--output", "md")).out
    assert "## test: round 2, match 1: 2 Tigers – 3 Bears" in markdown
    assert "| 1 | Tigers 1 |  | W | Bears 1 |  | B | 0-1 |" in markdown
    html = ok(cli("cards", event_path, "--round", "2", "--output", "html")).out
    assert html.count("<table>") == 2
    assert "<caption>test: round 2, match 2: 4 Wolves – 5 Foxes</caption>" in html
    assert "<td>(empty board)</td>" in html


def test_match_cards_to_a_file(cli: Callable[..., Run], event_path: str, tmp_path: Path) -> None:
    out = tmp_path / "cards.txt"
    run = ok(cli("cards", event_path, "-o", str(out)))
    assert run.out == ""
    assert out.read_text(encoding="utf-8") == ROUND_2_TEXT
    again = cli("cards", event_path, "--round", "1", "-o", str(out))
    assert again.code == 1
    assert again.err == f"caddy: error: {out} exists already (use --force to replace it)\n"
    ok(cli("cards", event_path, "--round", "1", "-o", str(out), "--force"))
    assert "round 1, match 2: 3 Bears – 4 Wolves" in out.read_text(encoding="utf-8")


def test_cards_of_a_round_not_paired(cli: Callable[..., Run], event_path: str) -> None:
    run = cli("cards", event_path, "--round", "3")
    assert run.code == 1
    assert run.out == ""
    assert run.err == "caddy: error: round 3 is not paired (rounds paired: 1..2)\n"


def test_cards_of_an_event_without_teams(cli: Callable[..., Run], tmp_path: Path) -> None:
    path = tmp_path / "solo.json"
    lines = "name,rating\n" + "".join(f"Player {i},{2000 - i}\n" for i in range(1, 5))
    (tmp_path / "players.csv").write_text(lines, encoding="utf-8")
    ok(cli("new", str(path), "--players", str(tmp_path / "players.csv")))
    run = cli("cards", str(path))
    assert run.code == 1
    assert run.err == f"caddy: error: {path} has no teams: match cards are for team events\n"


def test_crosstable_byes_and_forfeited_matches(cli: Callable[..., Run], event_path: str) -> None:
    """Round 2 is not complete: the team results are round 1's."""
    run = ok(cli("crosstable", event_path, "--tiebreaks", "PS:GP"))
    lines = [line.split() for line in run.out.splitlines()]
    assert lines[0] == ["rank", "no", "team", "r1", "MP", "GP", "PS:GP"]
    assert lines[1:6] == [
        ["1", "3", "Bears", "4", "2f", "2", "2", "2"],
        ["2", "1", "Lions", "2w", "1½", "2", "1½", "1.5"],
        ["3", "5", "Foxes", "PAB", "1", "1", "1", "1"],
        ["4", "2", "Tigers", "1b", "½", "0", "½", "0.5"],
        ["5", "4", "Wolves", "3", "0f", "0", "0", "0"],
    ]


def test_board_prizes_leave_out_forfeits(cli: Callable[..., Run], event_path: str) -> None:
    """Only Lions and Tigers played over the board in round 1."""
    run = ok(cli("standings", event_path, "--board-prizes"))
    lines = [line.split() for line in run.out.splitlines()]
    assert lines[2:5] == [
        ["rank", "no", "name", "team", "rating", "games", "points", "%", "performance"],
        ["1", "1", "Lions", "1", "Lions", "1", "1", "100.0"],
        ["2", "3", "Tigers", "1", "Tigers", "1", "0", "0.0"],
    ]
    assert lines[5] == ["Board", "2"]
    assert lines[7:9] == [
        ["1", "2", "Lions", "2", "Lions", "1", "0.5", "50.0"],
        ["1", "4", "Tigers", "2", "Tigers", "1", "0.5", "50.0"],
    ]


def test_an_event_without_a_name_is_named_by_its_file(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    event = two_rounds()
    path = tmp_path / "league.json"
    write_file(path, dumps(attrs.evolve(event, tournament=attrs.evolve(event.tournament, name=""))))
    lines = ok(cli("cards", str(path), "--round", "1")).out.splitlines()
    assert lines[0] == f"{path}: match cards, round 1"
    assert lines[1] == f"{path}: round 1, match 1: 1 Lions – 2 Tigers"


BOARD_RESULTS = st.sampled_from(["1-0", "0-1", "1/2"])


@settings(max_examples=25, deadline=None)
@given(st.lists(BOARD_RESULTS, min_size=12, max_size=12))
def test_board_prizes_and_crosstable_add_up(results: list[str]) -> None:
    """Any results of a 4-team, 2-board round robin: on each board every
    player has his 3 games and the points listed are the board's games (one
    point a game); percentages never rise down a board; each team's crosstable
    cells add up to its GP, and the 6 matches share 12 MP (C.07 Art. 11.1:
    a match has 2 GP here, so it is won and lost or drawn)."""
    from caddy.event.replay import replay
    from caddy.event.teams import state_team_event
    from caddy.standings.board_prizes import board_prizes
    from caddy.standings.teams import team_standings
    from caddy.views.teams import team_crosstable

    host = get_host()
    words = iter(results)
    pairs = [[("A", "B"), ("C", "D")], [("A", "C"), ("B", "D")], [("A", "D"), ("B", "C")]]
    rounds = [[(a, b, f"{next(words)} {next(words)}") for a, b in rnd] for rnd in pairs]
    tevent = state_team_event(
        replay(build_team_file(["A", "B", "C", "D"], 2, rounds, host=host), host)
    )
    prizes = board_prizes(tevent, host=host)
    for rows in prizes.boards:
        assert [row.games for row in rows] == [3, 3, 3, 3]
        assert sum(row.points for row in rows) == 6  # 3 rounds x 2 games on the board
        assert [row.percentage for row in rows] == sorted(
            (r.percentage for r in rows), reverse=True
        )
        assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    result = team_standings(tevent, "WON", host=host)
    assert sum(row.match_points for row in result.rows) == 12
    grid = team_crosstable(
        attrs.evolve(tevent, pre_determined=True), attrs.evolve(result, pre_determined=True)
    )
    for row, standing in zip(grid.rows, result.rows, strict=True):
        cells = [c for c in row[3:7] if c != "×"]
        scored = sum(float(c.replace("½", ".5")) if c != "½" else 0.5 for c in cells)
        assert scored == standing.game_points
