"""A team event's line-ups from the arbiter's page of ``caddy serve``: the same
operation, checked the same way, as ``caddy lineup`` (docs/teams.md "Line-ups",
docs/serve.md)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed")

from caddy.event.session import read
from caddy.serve.app import create_app
from tests.test_serve import SECRET, arbiter, flashes, new_event, quiet

TEAMS = (
    "team,board,name,rating\n"
    "Rooks,1,Ada,2010\nRooks,2,Ben,1950\nRooks,3,Cal,1900\n"
    "Knights,1,Dee,1990\nKnights,2,Eli,1900\n"
    "Bishops,1,Fay,1980\nBishops,2,Gil,1870\n"
    "Pawns,1,Hoa,1940\nPawns,2,Ivo,1860\n"
)


def league(folder: Path, teams: str = TEAMS) -> Path:
    """Four teams of two boards (the Rooks with Cal, player 3, as a reserve), three rounds."""
    csv = folder / "league.csv"
    csv.write_text(teams, encoding="utf-8")
    event = folder / "league.json"
    args = ("new", str(event), "--format", "team-swiss", "--rounds", "3", "--teams", str(csv))
    assert quiet(*args) == 0
    return event


def summaries(page: str) -> list[str]:
    return [
        html.unescape(re.sub(r"<[^>]+>", "", s)).strip()
        for s in re.findall(r"<summary>(.*?)</summary>", page, re.S)
    ]


def test_each_team_shows_the_line_up_the_pairing_will_take(tmp_path: Path) -> None:
    client, _ = arbiter(create_app(str(league(tmp_path)), secret=SECRET))
    page = client.get("/arbiter").text
    assert "Line-ups for round 1" in page
    assert summaries(page) == [
        "Rooks: 1 Ada, 2 Ben (default)",
        "Knights: 1 Dee, 2 Eli (default)",
        "Bishops: 1 Fay, 2 Gil (default)",
        "Pawns: 1 Hoa, 2 Ivo (default)",
    ]
    rooks = re.search(r'<details id="lineup-1">(.*?)</details>', page, re.S)
    assert rooks is not None
    assert re.findall(r"<option[^>]*>([^<]*)</option>", rooks.group(1))[:4] == [
        "empty",
        "Ada (1)",
        "Ben (2)",
        "Cal (3), reserve",
    ]


def test_a_line_up_is_recorded_as_caddy_lineup_records_it_and_paired(tmp_path: Path) -> None:
    web, cli = tmp_path / "web", tmp_path / "cli"
    web.mkdir()
    cli.mkdir()
    event = league(web)
    client, token = arbiter(create_app(str(event), secret=SECRET))
    data = {"csrf": token, "round": "1", "team": "1", "board-1": "1", "board-2": "3"}
    assert flashes(client.post("/arbiter/lineup", data=data)) == [
        "recorded: round 1 line-up of Rooks: 1 Ada (1), 2 Cal (3)"
    ]
    by_command = league(cli)
    assert quiet("lineup", str(by_command), "1", "Rooks", "Ada", "Cal") == 0
    operations = json.loads(event.read_text())["operations"]
    assert operations == json.loads(by_command.read_text())["operations"]
    assert summaries(client.get("/arbiter").text)[0] == "Rooks: 1 Ada, 2 Cal"
    client.post("/arbiter/pair", data={"csrf": token})
    boards = read(event).state.rounds[0].boards
    assert 3 in {p for b in boards for p in (b.white, b.black)}
    assert 2 not in {p for b in boards for p in (b.white, b.black)}
    assert "Line-ups for round 2" in client.get("/arbiter").text


@pytest.mark.parametrize(
    ("boards", "message"),
    [
        (("1", "4"), "player 4 is not a member of team 1 (Rooks)"),
        (("1", "1"), "player 1 is on two boards"),
        (("2", "1"), "the board order is kept: regulars 1, 2 play in that order"),
        (("1",), "a line-up names 2 boards (got 1)"),
        (("1", "x"), "board-2: expected a number, got 'x'"),
    ],
)
def test_a_line_up_that_cannot_stand_is_refused_in_one_line(
    tmp_path: Path, boards: tuple[str, ...], message: str
) -> None:
    event = league(tmp_path)
    before = event.read_bytes()
    client, token = arbiter(create_app(str(event), secret=SECRET))
    data = {"csrf": token, "round": "1", "team": "1"}
    data |= {f"board-{k}": b for k, b in enumerate(boards, 1)}
    assert flashes(client.post("/arbiter/lineup", data=data)) == [message]
    assert event.read_bytes() == before


def test_a_paired_round_and_an_unknown_team_are_refused(tmp_path: Path) -> None:
    event = league(tmp_path)
    client, token = arbiter(create_app(str(event), secret=SECRET))
    client.post("/arbiter/pair", data={"csrf": token})
    before = event.read_bytes()
    data = {"csrf": token, "round": "1", "team": "1", "board-1": "1", "board-2": "2"}
    assert flashes(client.post("/arbiter/lineup", data=data)) == [
        "round 1 is paired already: its line-ups are fixed (record a forfeit on the board instead)"
    ]
    data |= {"round": "2", "team": "9"}
    assert flashes(client.post("/arbiter/lineup", data=data)) == ["no team 9 (teams 1..4)"]
    assert event.read_bytes() == before


def test_without_the_csrf_token_nothing_changes(tmp_path: Path) -> None:
    event = league(tmp_path)
    before = event.read_bytes()
    client, _ = arbiter(create_app(str(event), secret=SECRET))
    data = {"round": "1", "team": "1", "board-1": "1", "board-2": "3"}
    assert client.post("/arbiter/lineup", data=data).status_code == 403
    assert event.read_bytes() == before


def test_an_event_without_teams_has_no_line_ups(tmp_path: Path) -> None:
    event = new_event(tmp_path)
    before = event.read_bytes()
    client, token = arbiter(create_app(str(event), secret=SECRET))
    assert "Line-ups" not in client.get("/arbiter").text
    data = {"csrf": token, "round": "1", "team": "1", "board-1": "1"}
    assert flashes(client.post("/arbiter/lineup", data=data)) == ["this event has no teams"]
    assert event.read_bytes() == before


def test_a_withdrawn_player_is_left_out_of_the_default_and_marked(tmp_path: Path) -> None:
    event = league(tmp_path)
    assert quiet("withdraw", str(event), "Ben", "--after", "0") == 0
    client, _ = arbiter(create_app(str(event), secret=SECRET))
    page = client.get("/arbiter").text
    assert summaries(page)[0] == "Rooks: 1 Ada, 2 Cal (default)"
    assert "Ben (2), withdrawn" in page


def test_hostile_team_and_player_names_are_escaped(tmp_path: Path) -> None:
    teams = TEAMS.replace("Rooks", '"<b>Rooks</b>"').replace("Ada", '"<i>Ada</i>"')
    client, _ = arbiter(create_app(str(league(tmp_path, teams)), secret=SECRET))
    page = client.get("/arbiter").text
    assert "<b>Rooks" not in page and "<i>Ada" not in page
    assert "&lt;b&gt;Rooks&lt;/b&gt;: 1 &lt;i&gt;Ada&lt;/i&gt;, 2 Ben (default)" in page


def test_an_empty_board_is_named_in_the_message(tmp_path: Path) -> None:
    client, token = arbiter(create_app(str(league(tmp_path)), secret=SECRET))
    data = {"csrf": token, "round": "1", "team": "2", "board-1": "0", "board-2": "5"}
    assert flashes(client.post("/arbiter/lineup", data=data)) == [
        "recorded: round 1 line-up of Knights: 1 empty, 2 Eli (5)"
    ]


def test_line_ups_that_cannot_be_shown_leave_the_rest_of_the_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The section says why in one line; the boards and every other form stay."""
    from caddy.errors import CaddyError
    from caddy.serve import arbiter as page_module

    def broken(state: object) -> list[object]:
        raise CaddyError("the teams' results cannot be read")

    monkeypatch.setattr(page_module, "lineups", broken)
    client, _ = arbiter(create_app(str(league(tmp_path)), secret=SECRET))
    response = client.get("/arbiter")
    assert response.status_code == 200
    assert '<p class="error">the teams&#39; results cannot be read</p>' in response.text
    assert 'id="pair"' in response.text
