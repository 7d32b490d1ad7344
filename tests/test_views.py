"""Views that show the format (issue 18, item 5): a knockout's bracket, the
groups of a groups-knockout with who goes through, a Scheveningen's team score,
in ``caddy standings`` and ``caddy crosstable`` through every renderer.

Sources: the FIDE World Cup regulations (2021 and 2023 editions, the tie-break
article: rapid pair, blitz pair, then an Armageddon in which a draw sends Black
through; the semi-final losers play for third place), the 2022 FIDE Grand Prix
regulations (pools of four, double round robin, the pool winners go through),
FIDE Handbook C.05 (a Scheveningen: every player meets every player of the
other team; a team scores the game points of its players). The events are
played through here; every figure below is worked out from the results typed.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.cli.main import main
from caddy.contracts import FormatBase, PairingRequest
from caddy_plugins.formats.groups_knockout import GroupsKnockout
from caddy_plugins.formats.groups_knockout.options import GroupsKnockoutOptions
from caddy_plugins.formats.knockout import Knockout
from caddy_plugins.formats.knockout.match import KnockoutOptions
from caddy_plugins.formats.scheveningen import Scheveningen, ScheveningenOptions
from tests.conftest import Run

FORMS = ("text", "markdown", "csv", "html")


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


def players_csv(folder: Path, count: int) -> str:
    path = folder / "players.csv"
    lines = [f"P{i},{2400 - 10 * i}" for i in range(1, count + 1)]
    path.write_text("name,rating\n" + "\n".join(lines) + "\n")
    return str(path)


def record(cli: Callable[..., Run], path: str, round_: int, board: int, *results: str) -> None:
    for result in results:
        ok(cli("result", path, str(round_), str(board), result))


# -- knockout ----------------------------------------------------------------------------------


def quiet(*args: str) -> Run:
    """``caddy ARGS`` in this process, its output kept (module-scoped fixtures
    build an event once for every test that reads it)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return Run(code, out.getvalue(), err.getvalue())


@pytest.fixture(scope="module")
def knockout(tmp_path_factory: pytest.TempPathFactory) -> str:
    """8 players (seeds 1-8 by rating), a match for third place. Round 1:
    P1-P8 draws the standard game, both rapid and both blitz games and the
    Armageddon, where P8 has Black (by the drawing of lots of seed 3) and so
    goes through; P2-P7 draws the standard game, P7 (White by lot) wins the
    first rapid game, the second is drawn: P7 through 2-1; P4 and P3 win.
    Semi-finals: P4 beats P8, P7 beats P3. Final: P4 beats P7; for third
    place P3 beats P8."""
    cli, tmp_path = quiet, tmp_path_factory.mktemp("knockout")
    path = str(tmp_path / "ko.json")
    csv_path = players_csv(tmp_path, 8)
    ok(
        cli(
            "new",
            path,
            "--format",
            "knockout",
            "--players",
            csv_path,
            "--seed",
            "3",
            "--option",
            "third_place=true",
        )
    )
    ok(cli("pair", path))
    record(cli, path, 1, 1, *["1/2"] * 6)
    record(cli, path, 1, 2, "1-0")
    record(cli, path, 1, 3, "1/2", "1-0", "1/2")
    record(cli, path, 1, 4, "1-0")
    ok(cli("pair", path))
    record(cli, path, 2, 1, "1-0")
    record(cli, path, 2, 2, "0-1")
    ok(cli("pair", path))
    record(cli, path, 3, 1, "1-0")
    record(cli, path, 3, 2, "1-0")
    return path


KNOCKOUT_TEXT = """\
Quarter-finals (round 1)
board  match            game  stage       white   black   result  goes through
    1  P1 (1) – P8 (8)     1  standard    P1 (1)  P8 (8)  1/2
                           2  rapid       P1 (1)  P8 (8)  1/2
                           3  rapid       P8 (8)  P1 (1)  1/2
                           4  blitz       P1 (1)  P8 (8)  1/2
                           5  blitz       P8 (8)  P1 (1)  1/2
                           6  Armageddon  P1 (1)  P8 (8)  1/2     P8 (8) by Armageddon (3–3)
    2  P4 (4) – P5 (5)     1  standard    P4 (4)  P5 (5)  1-0     P4 (4) 1–0
    3  P2 (2) – P7 (7)     1  standard    P2 (2)  P7 (7)  1/2
                           2  rapid       P7 (7)  P2 (2)  1-0
                           3  rapid       P2 (2)  P7 (7)  1/2     P7 (7) in the rapid tie-break (2–1)
    4  P3 (3) – P6 (6)     1  standard    P3 (3)  P6 (6)  1-0     P3 (3) 1–0
Semi-finals (round 2)
board  match            game  stage     white   black   result  goes through
    1  P4 (4) – P8 (8)     1  standard  P4 (4)  P8 (8)  1-0     P4 (4) 1–0
    2  P3 (3) – P7 (7)     1  standard  P3 (3)  P7 (7)  0-1     P7 (7) 1–0
Final (round 3)
board  match            game  stage     white   black   result  goes through
    1  P4 (4) – P7 (7)     1  standard  P4 (4)  P7 (7)  1-0     P4 (4) 1–0
Match for third place (round 3)
board  match            game  stage     white   black   result  goes through
    2  P3 (3) – P8 (8)     1  standard  P3 (3)  P8 (8)  1-0     P3 (3) 1–0

winner: P4 (4)
bracket: each line is one game, White first; results from White's side
"""


@pytest.mark.parametrize("command", ["standings", "crosstable"])
def test_knockout_bracket_in_text(cli: Callable[..., Run], knockout: str, command: str) -> None:
    """Round by round: every game with its colours, stage and result; who went
    through and how (the Armageddon's draw sends Black through; the rapid pair
    decides 2-1); the final, then the match for third place."""
    out = ok(cli(command, knockout)).out
    assert out == f"{knockout}: knockout bracket\n" + KNOCKOUT_TEXT


def cells(page: str) -> list[list[str]]:
    """The rows of every HTML table, as lists of cell texts."""
    from html.parser import HTMLParser

    rows: list[list[str]] = []

    class Cells(HTMLParser):
        cell: str | None = None

        def handle_starttag(self, tag: str, attrs: object) -> None:
            if tag == "tr":
                rows.append([])
            elif tag in ("td", "th"):
                self.cell = ""

        def handle_endtag(self, tag: str) -> None:
            if tag in ("td", "th") and self.cell is not None:
                rows[-1].append(self.cell)
                self.cell = None

        def handle_data(self, data: str) -> None:
            if self.cell is not None:
                self.cell += data

    Cells().feed(page)
    return rows


def test_knockout_bracket_in_html(cli: Callable[..., Run], knockout: str) -> None:
    """A table per round (and one for the match for third place), one row per game."""
    page = ok(cli("standings", knockout, "--output", "html")).out
    for caption in (
        "Quarter-finals (round 1)",
        "Semi-finals (round 2)",
        "Final (round 3)",
        "Match for third place (round 3)",
    ):
        assert f"<caption>{caption}</caption>" in page
    rows = cells(page)
    assert rows[6][2:] == [
        "6",
        "Armageddon",
        "P1 (1)",
        "P8 (8)",
        "1/2",
        "P8 (8) by Armageddon (3–3)",
    ]
    assert rows[9][2:] == ["2", "rapid", "P7 (7)", "P2 (2)", "1-0", ""]
    assert rows[-1] == [
        "2",
        "P3 (3) – P8 (8)",
        "1",
        "standard",
        "P3 (3)",
        "P8 (8)",
        "1-0",
        "P3 (3) 1–0",
    ]
    assert "winner: P4 (4)" in page


@pytest.mark.parametrize("form", FORMS)
def test_knockout_bracket_in_every_form(cli: Callable[..., Run], knockout: str, form: str) -> None:
    out = ok(cli("crosstable", knockout, "--output", form)).out
    for text in (
        "P8 (8) by Armageddon (3–3)",
        "P7 (7) in the rapid tie-break (2–1)",
        "Match for third place",
    ):
        assert text in out
    if form == "csv":
        table = list(csv.reader(io.StringIO(out)))
        assert [
            "Final (round 3)",
            "1",
            "P4 (4) – P7 (7)",
            "1",
            "standard",
            "P4 (4)",
            "P7 (7)",
            "1-0",
            "P4 (4) 1–0",
        ] in table


def test_knockout_bracket_json(cli: Callable[..., Run], knockout: str) -> None:
    """``caddy standings --json`` of a knockout: a caddy.bracket document."""
    document = json.loads(ok(cli("standings", knockout, "--json")).out)
    assert (document["schema"], document["version"], document["winner"]) == ("caddy.bracket", 1, 4)
    assert [(r["round"], r["name"]) for r in document["rounds"]] == [
        (1, "Quarter-finals"),
        (2, "Semi-finals"),
        (3, "Final"),
    ]
    first = document["rounds"][0]["matches"][0]
    assert (first["white"]["number"], first["black"]["number"]) == (1, 8)
    assert [(g["stage"], g["white"], g["result"]) for g in first["games"]] == [
        ("standard", 1, "1/2"),
        ("rapid-pair", 1, "1/2"),
        ("rapid-pair", 8, "1/2"),
        ("blitz-pair", 1, "1/2"),
        ("blitz-pair", 8, "1/2"),
        ("armageddon", 1, "1/2"),
    ]
    assert (first["winner"], first["decided_by"], first["score"]) == (8, "armageddon", [3, 3])
    third = document["rounds"][2]["matches"][1]
    assert (third["name"], third["winner"], third["decided_by"]) == (
        "Match for third place",
        3,
        "standard",
    )


def test_a_match_decided_by_drawing_of_lots(cli: Callable[..., Run], tmp_path: Path) -> None:
    """``tiebreak=lots``: a match still level after its games is decided by a
    drawing of lots, and the bracket says so."""
    path = str(tmp_path / "lots.json")
    ok(
        cli(
            "new",
            path,
            "--format",
            "knockout",
            "--players",
            players_csv(tmp_path, 4),
            "--seed",
            "3",
            "--option",
            "tiebreak=lots",
        )
    )
    ok(cli("pair", path))
    record(cli, path, 1, 1, "1/2")
    out = ok(cli("standings", path)).out
    document = json.loads(ok(cli("standings", path, "--json")).out)
    match = document["rounds"][0]["matches"][0]
    assert (match["decided_by"], match["score"]) == ("lots", [0.5, 0.5])
    assert match["winner"] == 4  # the lot of seed 3, round 1, board 1
    assert out.endswith(
        "Semi-finals (round 1)\n"
        "board  match            game  stage     white   black   result  goes through\n"
        "    1  P1 (1) – P4 (4)     1  standard  P1 (1)  P4 (4)  1/2     "
        "P4 (4) by drawing of lots (½–½)\n"
        "    2  P2 (2) – P3 (3)                                          not started\n"
        "\n"
        "bracket: each line is one game, White first; results from White's side\n"
    )


def test_round_names() -> None:
    """Final, Semi-finals, Quarter-finals, then Round of N; the match for third
    place is board 2 of the last round, only with ``third_place=true``."""
    fmt = Knockout()
    request = PairingRequest.simple(32, KnockoutOptions(third_place=True))
    assert [fmt.round_name(request, n) for n in range(1, 6)] == [
        "Round of 32",
        "Round of 16",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]
    assert [fmt.match_name(request, 5, b) for b in (1, 2)] == [None, "Match for third place"]
    assert fmt.match_name(PairingRequest.simple(32, KnockoutOptions()), 5, 2) is None
    base = FormatBase()
    assert (base.round_name(request, 1), base.match_name(request, 1, 1)) == (None, None)
    assert (base.bracket_seeds(request), base.team_match(8, None)) == ({}, ())


# -- groups then knockout ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def groups(tmp_path_factory: pytest.TempPathFactory) -> str:
    """8 players, 2 groups of 4 by snake seeding (A: 1 4 5 8, B: 2 3 6 7), the
    top 2 of each go through. Group A: 1-8 1-0, 4-5 0-1, 8-5 0-1, 1-4 ½, 4-8
    1-0, 5-1 ½: P5 2½, P1 2, P4 1½, P8 0. Group B: 2-7 ½, 3-6 0-1, 7-6 0-1,
    2-3 1-0, 3-7 1-0, 6-2 ½: P6 2½, P2 2, P3 1, P7 ½. The knockout is seeded
    A1 P5, B1 P6, A2 P1, B2 P2: semi-finals A1-B2 (P5 beats P2) and B1-A2
    (P1 beats P6); the final P5-P1: a draw, then the rapid pair."""
    cli, tmp_path = quiet, tmp_path_factory.mktemp("groups")
    path = str(tmp_path / "groups.json")
    options = ("--option", "groups=2", "--option", "advance=2")
    csv_path = players_csv(tmp_path, 8)
    ok(
        cli(
            "new",
            path,
            "--format",
            "groups-knockout",
            "--players",
            csv_path,
            "--seed",
            "3",
            *options,
        )
    )
    for number, results in enumerate(
        (("1-0", "0-1", "1/2", "0-1"), ("0-1", "1/2", "0-1", "1-0"), ("1-0", "1/2", "1-0", "1/2")),
        1,
    ):
        ok(cli("pair", path))
        for board, result in enumerate(results, 1):
            record(cli, path, number, board, result)
    ok(cli("pair", path))
    record(cli, path, 4, 1, "1-0")
    record(cli, path, 4, 2, "0-1")
    ok(cli("pair", path))
    record(cli, path, 5, 1, "1/2", "1-0", "1/2")
    return path


GROUP_TABLES = """\
Group A
rank  no  name  points   SB  DE   KS  through
   1   5  P5       2.5  2.5   1  1.5  A1
   2   1  P1         2    2   1    1  A2
   3   4  P4       1.5    1   1  0.5
   4   8  P8         0    0   1    0
Group B
rank  no  name  points   SB  DE   KS  through
   1   6  P6       2.5  2.5   1  0.5  B1
   2   2  P2         2  2.5   1  0.5  B2
   3   3  P3         1  0.5   1    0
   4   7  P7       0.5    1   1  0.5
"""
GROUP_BRACKET = """\
Semi-finals (round 4)
board  match                  game  stage     white      black      result  goes through
    1  P5 (5) A1 – P2 (2) B2     1  standard  P5 (5) A1  P2 (2) B2  1-0     P5 (5) A1 1–0
    2  P6 (6) B1 – P1 (1) A2     1  standard  P6 (6) B1  P1 (1) A2  0-1     P1 (1) A2 1–0
Final (round 5)
board  match                  game  stage     white      black      result  goes through
    1  P5 (5) A1 – P1 (1) A2     1  standard  P5 (5) A1  P1 (1) A2  1/2
                                 2  rapid     P5 (5) A1  P1 (1) A2  1-0
                                 3  rapid     P1 (1) A2  P5 (5) A1  1/2     P5 (5) A1 in the rapid tie-break (2–1)
"""
GROUP_NOTES = """\
Group A: A1, A2 go through (A1 P5 (5), A2 P1 (1))
Group B: B1, B2 go through (B1 P6 (6), B2 P2 (2))
winner: P5 (5)
bracket: each line is one game, White first; results from White's side
"""


def test_groups_knockout_standings_in_text(cli: Callable[..., Run], groups: str) -> None:
    """One table per group with who goes through (A1, A2 ...), then the
    knockout stage's bracket, seeds by group and place."""
    out = ok(cli("standings", groups)).out
    heading, rest = out.split("\n", 1)
    assert heading.endswith("2 sections, each ranked on its own")
    # DE is 1 in every row of both tables: the standings say why (issue 24)
    de = "DE is 1 for everyone: no tie was separated by direct encounter (C.07 Art. 6)\n"
    notes = GROUP_NOTES.replace("winner:", de + "winner:")
    assert rest == GROUP_TABLES + GROUP_BRACKET + "\n" + notes


def test_groups_knockout_crosstable_in_text(cli: Callable[..., Run], groups: str) -> None:
    out = ok(cli("crosstable", groups)).out
    assert "Group A\nno  name  1  4  5  8  points  rank   SB  DE   KS\n" in out
    assert out.endswith(GROUP_BRACKET + "\n" + GROUP_NOTES)


def test_groups_knockout_in_html(cli: Callable[..., Run], groups: str) -> None:
    page = ok(cli("standings", groups, "--output", "html")).out
    rows = cells(page)
    assert ["1", "5", "P5", "2.5", "2.5", "1", "1.5", "A1"] in rows
    assert ["4", "7", "P7", "0.5", "1", "1", "0.5", ""] in rows
    assert "<caption>Final (round 5)</caption>" in page
    assert [
        "",
        "",
        "3",
        "rapid",
        "P1 (1) A2",
        "P5 (5) A1",
        "1/2",
        "P5 (5) A1 in the rapid tie-break (2–1)",
    ] in rows
    assert "Group A: A1, A2 go through (A1 P5 (5), A2 P1 (1))" in page


@pytest.mark.parametrize("form", FORMS)
def test_groups_knockout_in_every_form(cli: Callable[..., Run], groups: str, form: str) -> None:
    for command in ("standings", "crosstable"):
        out = ok(cli(command, groups, "--output", form)).out
        for text in ("P1 (1) A2 1–0", "Semi-finals (round 4)"):
            assert text in out
        if form != "csv":  # a spreadsheet has the tables only: the column says it
            assert "Group B: B1, B2 go through" in out
    table = list(csv.reader(io.StringIO(ok(cli("standings", groups, "--output", "csv")).out)))
    assert table[0] == ["table", "rank", "no", "name", "points", "SB", "DE", "KS", "through"]
    assert ["Group B", "2", "2", "P2", "2", "2.5", "1", "0.5", "B2"] in table


def test_groups_knockout_json(cli: Callable[..., Run], groups: str) -> None:
    """``qualified`` (who goes through, as which seed) and ``bracket``."""
    document = json.loads(ok(cli("standings", groups, "--json")).out)
    assert [(q["number"], q["seed"]) for q in document["qualified"]] == [
        (5, "A1"),
        (6, "B1"),
        (1, "A2"),
        (2, "B2"),
    ]
    assert [r["name"] for r in document["bracket"]] == ["Semi-finals", "Final"]
    final = document["bracket"][1]["matches"][0]
    assert (final["seeds"], final["winner"], final["decided_by"], final["score"]) == (
        ["A1", "A2"],
        5,
        "rapid-pair",
        [2, 1],
    )


def test_no_qualifiers_before_the_group_stage_is_over(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    path = str(tmp_path / "early.json")
    csv_path = players_csv(tmp_path, 8)
    ok(
        cli(
            "new",
            path,
            "--format",
            "groups-knockout",
            "--players",
            csv_path,
            "--groups",
            "2",
            "--advance",
            "2",
        )
    )
    ok(cli("pair", path))
    for board in "1234":
        record(cli, path, 1, int(board), "1-0")
    out = ok(cli("standings", path)).out
    assert "through" not in out and "bracket" not in out
    assert "qualified" not in json.loads(ok(cli("standings", path, "--json")).out)


def test_groups_knockout_round_names() -> None:
    """The group rounds have no name; a play-off round comes before the knockout."""
    fmt = GroupsKnockout()
    options = GroupsKnockoutOptions(groups=4, advance=2)
    request = PairingRequest.simple(16, options)
    assert fmt.round_name(request, 1) is None
    assert fmt.bracket_seeds(request) == {}


# -- Scheveningen ------------------------------------------------------------------------------

SCHEVENINGEN_RESULTS = (
    ("1-0", "1/2", "0-1", "0-1"),  # A1 beats B1, A3 beats B3, B4 beats A4: 2½-1½
    ("1-0", "1/2", "1-0", "1/2"),  # B2 beats A1, A3 beats B4: 2-2
    ("0-1", "1-0", "1/2", "1-0"),  # B3 beats A1, B4 beats A2, A4 beats B2: 1½-2½
    ("0-1", "1/2", "0-1", "1-0"),  # A1 beats B4, B2 beats A3, B3 beats A4: 1½-2½
)


@pytest.fixture
def scheveningen(cli: Callable[..., Run], tmp_path: Path) -> str:
    """Two teams of four (Lions A1-A4, Tigers B1-B4, numbered by rating: 1-4
    and 5-8), the generated table (round 1: A1-B1, B2-A2, B3-A3, A4-B4)."""
    players = tmp_path / "teams.csv"
    ratings = (2500, 2450, 2400, 2350)
    players.write_text(
        "name,rating,team\n"
        + "".join(f"A{i},{r},Lions\n" for i, r in enumerate(ratings, 1))
        + "".join(f"B{i},{r - 10},Tigers\n" for i, r in enumerate(ratings, 1))
    )
    path = str(tmp_path / "match.json")
    # the generated table, named: the default is the published one (issue 24 item 3)
    new = ("new", path, "--format", "scheveningen", "--option", "table=generated")
    ok(cli(*new, "--players", str(players), "--by", "rating"))
    return path


TEAM_TABLE = """\
Team score: Lions – Tigers
round  Lions – Tigers  running total
1               2½–1½          2½–1½
2                 2–2          4½–3½
3               1½–2½            6–6
4               1½–2½          7½–8½
total           7½–8½
"""


def test_scheveningen_team_score(cli: Callable[..., Run], scheveningen: str) -> None:
    """The team score per round, the running total and the match result, after
    the players' table in ``caddy standings`` and the grid in ``crosstable``."""
    for number, results in enumerate(SCHEVENINGEN_RESULTS, 1):
        for board, result in enumerate(results, 1):
            record(cli, scheveningen, number, board, result)
    result = "\nteam match: Lions 7½–8½ Tigers; Tigers win\n"
    standings = ok(cli("standings", scheveningen)).out
    assert "\nStandings\nrank  no  name  points" in standings
    assert standings.endswith(TEAM_TABLE + result)
    crosstable = ok(cli("crosstable", scheveningen)).out
    assert crosstable.startswith("Crosstable\nno  name  1  2  3  4  5  6  7  8  points")
    assert crosstable.endswith(TEAM_TABLE + result)
    page = ok(cli("standings", scheveningen, "--output", "html")).out
    assert "<caption>Team score: Lions – Tigers</caption>" in page
    rows = cells(page)
    assert rows[-5:] == [
        ["1", "2½–1½", "2½–1½"],
        ["2", "2–2", "4½–3½"],
        ["3", "1½–2½", "6–6"],
        ["4", "1½–2½", "7½–8½"],
        ["total", "7½–8½", ""],
    ]
    assert "team match: Lions 7½–8½ Tigers; Tigers win" in page
    for form in ("markdown", "csv"):
        out = ok(cli("crosstable", scheveningen, "--output", form)).out
        assert "7½–8½" in out and "4½–3½" in out
    teams = json.loads(ok(cli("standings", scheveningen, "--json")).out)["teams"]
    assert teams == {
        "names": ["Lions", "Tigers"],
        "rounds": [
            {"round": 1, "score": [2.5, 1.5], "total": [2.5, 1.5], "complete": True},
            {"round": 2, "score": [2, 2], "total": [4.5, 3.5], "complete": True},
            {"round": 3, "score": [1.5, 2.5], "total": [6, 6], "complete": True},
            {"round": 4, "score": [1.5, 2.5], "total": [7.5, 8.5], "complete": True},
        ],
        "total": [7.5, 8.5],
        "planned_rounds": 4,
        "over": True,
        "result": "Tigers win",
    }


def test_scheveningen_team_score_while_playing(cli: Callable[..., Run], scheveningen: str) -> None:
    """A round in play counts the boards finished; the leader leads, not wins."""
    for board, result in enumerate(SCHEVENINGEN_RESULTS[0], 1):
        record(cli, scheveningen, 1, board, result)
    record(cli, scheveningen, 2, 1, "1-0")
    out = ok(cli("standings", scheveningen)).out
    assert out.endswith(
        "Team score: Lions – Tigers\n"
        "round        Lions – Tigers  running total\n"
        "1                     2½–1½          2½–1½\n"
        "2 (in play)             0–1          2½–2½\n"
        "total                 2½–2½\n"
        "\n"
        "DE is 1 for everyone: no tie was separated by direct encounter (C.07 Art. 6)\n"
        "team match: Lions 2½–2½ Tigers; the teams are level after 1 of 4 rounds\n"
    )


def test_team_match_is_the_two_teams() -> None:
    teams = Scheveningen().team_match(8, ScheveningenOptions())
    assert [(t.name, t.players) for t in teams] == [
        ("Team A", (1, 2, 3, 4)),
        ("Team B", (5, 6, 7, 8)),
    ]


def test_a_group_play_off_comes_before_the_knockout(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """``ties=playoff``, one of each group goes through. Group A: P1 and P4
    beat P5 and P8 and draw each other (P5-P8 drawn): equal on points, SB, DE
    and KS, so they play off; P4 wins it, then beats P2 (group B's winner,
    who won every game) in the final."""
    path = str(tmp_path / "playoff.json")
    options = ("--groups", "2", "--advance", "1", "--option", "ties=playoff")
    csv_path = players_csv(tmp_path, 8)
    ok(
        cli(
            "new",
            path,
            "--format",
            "groups-knockout",
            "--players",
            csv_path,
            "--seed",
            "3",
            *options,
        )
    )
    rounds = (
        ("1-0", "1-0", "1-0", "1/2"),
        ("1/2", "1/2", "1/2", "1-0"),
        ("1-0", "0-1", "1/2", "0-1"),
    )
    for number, results in enumerate(rounds, 1):
        ok(cli("pair", path))
        for board, result in enumerate(results, 1):
            record(cli, path, number, board, result)
    ok(cli("pair", path))
    record(cli, path, 4, 1, "0-1")
    ok(cli("pair", path))
    record(cli, path, 5, 1, "1-0")
    out = ok(cli("standings", path)).out
    assert out.endswith(
        "Play-off (round 4)\n"
        "board  match               game  stage     white   black      result  goes through\n"
        "    1  P1 (1) – P4 (4) A1     1  standard  P1 (1)  P4 (4) A1  0-1     P4 (4) A1 1–0\n"
        "Final (round 5)\n"
        "board  match                  game  stage     white      black      result  goes through\n"
        "    1  P4 (4) A1 – P2 (2) B1     1  standard  P4 (4) A1  P2 (2) B1  1-0     P4 (4) A1 1–0\n"
        "\n"
        "Group A: A1 goes through (A1 P4 (4))\n"
        "Group B: B1 goes through (B1 P2 (2))\n"
        "DE is 1 for everyone: no tie was separated by direct encounter (C.07 Art. 6)\n"
        "winner: P4 (4)\n"
        "bracket: each line is one game, White first; results from White's side\n"
    )


def test_byes_in_the_bracket(cli: Callable[..., Run], tmp_path: Path) -> None:
    """6 players: seeds 1 and 2 have byes in round 1 (the top seeds get them)."""
    path = str(tmp_path / "six.json")
    ok(
        cli(
            "new",
            path,
            "--format",
            "knockout",
            "--players",
            players_csv(tmp_path, 6),
            "--seed",
            "2",
        )
    )
    ok(cli("pair", path))
    record(cli, path, 1, 1, "1-0")
    out = ok(cli("standings", path)).out
    assert out.endswith(
        "    1  P4 (4) – P5 (5)     1  standard  P4 (4)  P5 (5)  1-0     P4 (4) 1–0\n"
        "    2  P3 (3) – P6 (6)                                          not started\n"
        "  bye  P1 (1)                                                   P1 (1) by a bye\n"
        "  bye  P2 (2)                                                   P2 (2) by a bye\n"
        "\n"
        "bracket: each line is one game, White first; results from White's side\n"
    )
    byes = json.loads(ok(cli("standings", path, "--json")).out)["rounds"][0]["byes"]
    assert [(b["number"], b["kind"]) for b in byes] == [(1, "pab"), (2, "pab")]
