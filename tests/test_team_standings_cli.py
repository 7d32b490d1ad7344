"""``caddy standings`` and ``caddy crosstable`` of a team event (issue 17,
items 3 and 5): the teams ranked on match points, game points and team
tie-breaks, ``--json`` (``caddy.team-standings``), ``--explain TEAM``,
``--individual`` (the individual standings), ``--board-prizes`` (board prizes) and the
team crosstable.

The event: 4 teams of 3 boards, 3 rounds, everyone meets everyone, results
typed from the first-named team's side (the team with White on board 1;
colours WBW). Rules: FIDE Handbook C.07 Art. 11.1 (GP = the board results
summed, MP 2/1/0 for a match won/drawn/lost), Art. 6 (DE), Art. 10.2 (TPR:
average opponent rating plus dp of B.02 table 8.1 for the score percentage,
rounded half up). Every figure below is worked out by hand from the results.

    round 1: A-D 1-0 ½-½ 0-1 (1½-1½)   B-C 1-0 1-0 0-1 (2-1)
    round 2: D-C 0-1 ½-½ ½-½ (1-2)     A-B ½-½ 1-0 1-0 (2½-½)
    round 3: B-D 1-0 1-0 1-0 (3-0)     C-A ½-½ 0-1 1-0 (1½-1½)

MP: A 1+2+1 = 4, B 2+0+2 = 4, C 0+2+1 = 3, D 1+0+0 = 1;
GP: A 1½+2½+1½ = 5½, B 2+½+3 = 5½, C 1+2+1½ = 4½, D 1½+1+0 = 2½.
A and B are level on MP; A beat B (DE: A 1, B 2).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from caddy.event.file import EventFile
from caddy.event.store import dumps
from caddy.files.storage import write_file
from caddy.testing.teams import build_team_file
from tests.conftest import Run

ROUNDS = [
    [("A", "D", "1-0 1/2 0-1"), ("B", "C", "1-0 1-0 0-1")],
    [("D", "C", "0-1 1/2 1/2"), ("A", "B", "1/2 1-0 1-0")],
    [("B", "D", "1-0 1-0 1-0"), ("C", "A", "1/2 0-1 1-0")],
]
#: Ratings by team and board; board 3 is rated for team A only.
RATINGS = {
    "A": (2000, 1900, 1800),
    "B": (1950, 1850, None),
    "C": (1900, 1800, None),
    "D": (1850, 1750, None),
}
TB = "DE,BH:MP,PS:GP"


def example_event(tiebreaks: tuple[str, ...] | None = None) -> EventFile:
    event = build_team_file(["A", "B", "C", "D"], 3, ROUNDS, colours="WBW")
    players = tuple(
        attrs.evolve(p, rating=RATINGS[p.team or ""][int(p.name.split()[1]) - 1])
        for p in event.tournament.players
    )
    tournament = attrs.evolve(
        event.tournament, players=players, name="Example A", tiebreaks=tiebreaks
    )
    return attrs.evolve(event, tournament=tournament)


@pytest.fixture(scope="module")
def event_bytes() -> bytes:
    return dumps(example_event())


@pytest.fixture
def event_path(tmp_path: Path, event_bytes: bytes) -> str:
    path = tmp_path / "teams.json"
    write_file(path, event_bytes)
    return str(path)


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


def cells(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()]


def test_team_standings_table(cli: Callable[..., Run], event_path: str) -> None:
    run = ok(cli("standings", event_path, "--tiebreaks", TB))
    lines = cells(run.out)
    assert run.out.splitlines()[0] == (
        "Example A: teams ranked on MP; C.07 edition 2026, Swiss rules for unplayed rounds"
    )
    assert lines[1] == ["rank", "no", "team", "MP", "GP", "DE", "BH:MP", "PS:GP"]
    # BH:MP: A met D 1, B 4, C 3 = 8; B met C 3, A 4, D 1 = 8; C: 4+1+4 = 9; D: 4+3+4 = 11.
    # PS:GP (running GP): A 1.5+4+5.5 = 11; B 2+2.5+5.5 = 10; C 1+3+4.5 = 8.5; D 1.5+2.5+2.5 = 6.5
    assert lines[2:6] == [
        ["1", "1", "A", "4", "5.5", "1", "8", "11"],
        ["2", "2", "B", "4", "5.5", "2", "8", "10"],
        ["3", "3", "C", "3", "4.5", "1", "9", "8.5"],
        ["4", "4", "D", "1", "2.5", "1", "11", "6.5"],
    ]
    assert run.err == ""


def test_tiebreaks_from_the_event_file(cli: Callable[..., Run], tmp_path: Path) -> None:
    path = tmp_path / "tb.json"
    write_file(path, dumps(example_event(("PS:GP", "DE"))))
    lines = cells(ok(cli("standings", str(path))).out)
    assert lines[1] == ["rank", "no", "team", "MP", "GP", "PS:GP", "DE"]
    assert [row[2] for row in lines[2:6]] == ["A", "B", "C", "D"]
    # the command line wins over the file: WON (matches won over the board, C.07 Art. 7.2) puts B
    # (2: C and D) before A (1: B; two drawn matches)
    lines = cells(ok(cli("standings", str(path), "--tiebreaks", "WON")).out)
    assert lines[2][:3] == ["1", "2", "B"]
    # the file's list ranks the teams: --individual ranks the players by the default list
    run = ok(cli("standings", str(path), "--individual", "--json"))
    listed = json.loads(run.out)["tiebreaks"]
    assert listed and not {"PS:GP", "DE"} <= set(listed)
    assert ok(cli("crosstable", str(path), "--individual")).err == ""


def test_team_standings_json(cli: Callable[..., Run], event_path: str) -> None:
    document = json.loads(ok(cli("standings", event_path, "--tiebreaks", TB, "--json")).out)
    assert document["schema"] == "caddy.team-standings"
    assert document["version"] == 1
    assert document["primary"] == "MP"
    assert document["tiebreaks"] == ["DE", "BH:MP", "PS:GP"]
    assert [
        (r["rank"], r["pairing_number"], r["name"], r["match_points"], r["game_points"])
        for r in document["rows"]
    ] == [
        (1, 1, "A", 4.0, 5.5),
        (2, 2, "B", 4.0, 5.5),
        (3, 3, "C", 3.0, 4.5),
        (4, 4, "D", 1.0, 2.5),
    ]
    assert document["rows"][0]["tiebreaks"] == {"DE": 1.0, "BH:MP": 8.0, "PS:GP": 11.0}
    assert set(document["rows"][0]) == {
        "rank",
        "pairing_number",
        "name",
        "code",
        "match_points",
        "game_points",
        "tiebreaks",
    }


def test_explain_a_team(cli: Callable[..., Run], event_path: str) -> None:
    run = ok(cli("standings", event_path, "--tiebreaks", "BH:MP,DE", "--explain", "B"))
    lines = run.out.splitlines()
    assert lines[0] == (
        "B (team 2): 4 MP, 5.5 GP, rank 2; ranked on MP; C.07 edition 2026; Swiss rules"
    )
    assert lines[1] == "BH:MP = 8: 3 + 4 + 1 = 8"
    assert lines[2] == "  round 1 vs 3 result 1 opponent score 3 adds 3 (game)"
    assert any(line.startswith("DE = 2") for line in lines)
    # by number too, and as JSON (the team number in "player")
    document = json.loads(
        ok(cli("standings", event_path, "--tiebreaks", "DE", "--explain", "1", "--json")).out
    )
    assert (document["schema"], document["player"], document["name"]) == ("caddy.explain", 1, "A")
    assert document["explanations"][0]["value"] == 1.0


def test_explain_an_unknown_team(cli: Callable[..., Run], event_path: str) -> None:
    run = cli("standings", event_path, "--tiebreaks", TB, "--explain", "Z")
    assert run.code == 1
    assert run.out == ""
    assert run.err == (
        "caddy: error: no team named 'Z' (give a team number 1..4, the team's name or code, "
        "or the start of its name)\n"
    )


def test_players_gives_the_individual_standings(cli: Callable[..., Run], event_path: str) -> None:
    run = ok(cli("standings", event_path, "--individual", "--tiebreaks", "WIN", "--json"))
    document = json.loads(run.out)
    assert document["schema"] == "caddy.standings"
    scores = {row["name"]: row["score"] for row in document["rows"]}
    # the players' own points from their boards: B 1 beat C 1 and D 1, drew A 1
    assert scores["B 1"] == 2.5
    assert scores["D 1"] == 0.0
    assert sum(scores.values()) == 18.0  # 18 games
    assert len(scores) == 12


def test_board_prizes(cli: Callable[..., Run], event_path: str) -> None:
    run = ok(cli("standings", event_path, "--board-prizes"))
    lines = run.out.splitlines()
    assert lines[0] == "Example A: board prizes after round 3"
    assert lines[1] == "Board 1"
    assert lines[2].split() == [
        "rank",
        "no",
        "name",
        "team",
        "rating",
        "games",
        "points",
        "%",
        "performance",
    ]
    # board 1: B 1 2½/3 against 1900, 2000, 1850: ARO 5750/3 = 1916.7 -> 1917, 83% -> dp 273
    #   = 2190; A 1 2/3 against 1850, 1950, 1900: 1900 + dp(67%) 125 = 2025; C 1 1½/3: ARO
    #   5800/3 -> 1933, 50% -> 1933; D 1 0/3: ARO 1950, 0% -> dp -800 = 1150
    assert [line.split() for line in lines[3:7]] == [
        ["1", "4", "B", "1", "B", "1950", "3", "2.5", "83.3", "2190"],
        ["2", "1", "A", "1", "A", "2000", "3", "2", "66.7", "2025"],
        ["3", "7", "C", "1", "C", "1900", "3", "1.5", "50.0", "1933"],
        ["4", "10", "D", "1", "D", "1850", "3", "0", "0.0", "1150"],
    ]
    # board 3: only A 3 is rated. C 3 and D 3 beat him: 1800 + 800; B 3 lost to him: 1800 - 800;
    # A 3 met no rated player: no performance, so he follows B 3 on equal percentage and points
    board3 = lines[lines.index("Board 3") + 2 :][:4]
    assert [line.split() for line in board3] == [
        ["1", "9", "C", "3", "C", "3", "2.5", "83.3", "2600"],
        ["2", "12", "D", "3", "D", "3", "1.5", "50.0", "2600"],
        ["3", "6", "B", "3", "B", "3", "1", "33.3", "1000"],
        ["4", "3", "A", "3", "A", "1800", "3", "1", "33.3"],
    ]


def test_board_prizes_json(cli: Callable[..., Run], event_path: str) -> None:
    document = json.loads(ok(cli("standings", event_path, "--board-prizes", "--json")).out)
    assert (document["schema"], document["version"], document["rounds"]) == (
        "caddy.board-prizes",
        1,
        3,
    )
    assert [b["board"] for b in document["boards"]] == [1, 2, 3]
    # board 2: A 2 2½/3 against 1750, 1850, 1800: 1800 + 273; C 2 ½/3: ARO 5500/3 -> 1833, 17% -> -273
    assert document["boards"][1]["rows"][0] == {
        "rank": 1,
        "pairing_number": 2,
        "name": "A 2",
        "rating": 1900,
        "team": 1,
        "team_name": "A",
        "games": 3,
        "points": 2.5,
        "percentage": 83.3,
        "performance": 2073,
    }
    last = document["boards"][1]["rows"][-1]
    assert (last["name"], last["percentage"], last["performance"]) == ("C 2", 16.7, 1560)
    assert document["boards"][2]["rows"][-1]["performance"] is None
    assert document["min_games"] == 0
    # --min-games: the competition's condition; everyone here played 3 games on his board
    fewer = json.loads(
        ok(cli("standings", event_path, "--board-prizes", "--min-games", "3", "--json")).out
    )
    assert fewer["boards"] == document["boards"]
    none = json.loads(
        ok(cli("standings", event_path, "--board-prizes", "--min-games", "4", "--json")).out
    )
    assert none["min_games"] == 4
    assert [b["rows"] for b in none["boards"]] == [[], [], []]


def test_team_crosstable(cli: Callable[..., Run], event_path: str) -> None:
    run = ok(cli("crosstable", event_path, "--tiebreaks", "DE"))
    lines = cells(run.out)
    assert lines[0] == ["rank", "no", "team", "r1", "r2", "r3", "MP", "GP", "DE"]
    assert lines[1:5] == [
        ["1", "1", "A", "4w", "1½", "2w", "2½", "3b", "1½", "4", "5½", "1"],
        ["2", "2", "B", "3w", "2", "1b", "½", "4w", "3", "4", "5½", "2"],
        ["3", "3", "C", "2b", "1", "4b", "2", "1w", "1½", "3", "4½", "1"],
        ["4", "4", "D", "1b", "1½", "3w", "1", "2b", "0", "1", "2½", "1"],
    ]


def test_team_round_robin_grid(cli: Callable[..., Run], event_path: str) -> None:
    run = ok(
        cli("crosstable", event_path, "--tiebreaks", "DE", "--pre-determined", "--output", "csv")
    )
    rows = [line.split(",") for line in run.out.splitlines()]
    assert rows == [
        ["rank", "no", "team", "1", "2", "3", "4", "MP", "GP", "DE"],
        ["1", "1", "A", "×", "2½", "1½", "1½", "4", "5½", "1"],
        ["2", "2", "B", "½", "×", "2", "3", "4", "5½", "2"],
        ["3", "3", "C", "1½", "1", "×", "2", "3", "4½", "1"],
        ["4", "4", "D", "1½", "0", "1", "×", "1", "2½", "1"],
    ]


def test_players_crosstable(cli: Callable[..., Run], event_path: str) -> None:
    run = ok(cli("crosstable", event_path, "--individual", "--tiebreaks", "WIN"))
    lines = cells(run.out)
    assert lines[0][:5] == ["no", "name", "r1", "r2", "r3"]
    assert len([line for line in lines if line and line[0].isdigit()]) == 12


SAMPLE = Path(__file__).parent / "data" / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf"


def test_a_trf_import_of_the_team_sample(cli: Callable[..., Run], tmp_path: Path) -> None:
    """FIDE TEC's TRF-2026 team sample (50 teams, 4 boards, 14 rounds), imported.

    Its 310 records state India 3 (team 16) 20 MP 33.5 GP and Slovakia (22)
    20 MP 32 GP; the match of record ``330 +- 4 23 33`` was forfeited by 33:
    a win on every board for 23."""
    out = tmp_path / "cup.json"
    ok(cli("import", str(SAMPLE), "-o", str(out)))
    if json.loads(out.read_text(encoding="utf-8"))["tournament"].get("teams") is None:
        pytest.skip("this build imports the sample's games without its teams")
    document = json.loads(ok(cli("standings", str(out), "--tiebreaks", "PS:GP", "--json")).out)
    assert len(document["rows"]) == 50
    totals = {r["pairing_number"]: (r["match_points"], r["game_points"]) for r in document["rows"]}
    assert (totals[16], totals[22]) == ((20.0, 33.5), (20.0, 32.0))
    assert document["rows"][0]["pairing_number"] == 16  # PS:GP 247.5 against 241.5
    prizes = json.loads(ok(cli("standings", str(out), "--board-prizes", "--json")).out)
    assert [b["board"] for b in prizes["boards"]] == [1, 2, 3, 4]
    cards = ok(cli("cards", str(out), "--round", "4", "--output", "csv")).out
    forfeited = [row for row in cards.splitlines() if "match 23: 23 " in row]
    assert forfeited[-3].endswith(",total,,,total,,,4-0")


def test_round_r_is_named_in_every_standings_report(
    cli: Callable[..., Run], event_path: str
) -> None:
    """``--round R``: team tables open with the subtitle individual tables
    have (``after round R; ``), board prizes say ``after round R``, and every
    standings JSON document has ``after_round`` (``null``: the live
    standings; docs/json.md)."""
    first = ok(cli("standings", event_path, "--round", "1")).out.splitlines()[0]
    assert first == (
        "Example A: after round 1; teams ranked on MP; C.07 edition 2026, "
        "Swiss rules for unplayed rounds"
    )
    first = ok(cli("standings", event_path, "--round", "1", "--board-prizes")).out.splitlines()[0]
    assert first == "Example A: board prizes after round 1"
    individual = ok(cli("standings", event_path, "--round", "2", "--individual")).out
    assert individual.splitlines()[0].startswith("Example A: after round 2; C.07 edition")
    for extra in ((), ("--individual",), ("--board-prizes",)):
        document = json.loads(ok(cli("standings", event_path, "--json", *extra)).out)
        assert list(document)[:3] == ["schema", "version", "after_round"]
        assert document["after_round"] is None
        document = json.loads(
            ok(cli("standings", event_path, "--json", "--round", "1", *extra)).out
        )
        assert document["after_round"] == 1
