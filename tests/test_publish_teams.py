"""``caddy publish`` of a team event publishes its team pages (issue 24, item 7):
each round's matches with their scores, the team standings after each round
with the team tie-breaks (FIDE Handbook C.07 Arts. 11-13), the team
crosstable and the board prizes, beside the players' own pages. Each team
page shows what ``caddy standings`` / ``caddy crosstable`` / ``caddy
standings --board-prizes`` print for the same event, cell for cell.

The event: a team round robin of 4 teams of 2 boards (Rooks 1-2, Knights
3-4, Bishops 5-6, Pawns 7-8), 3 rounds, the default team tie-breaks
(``teams-rr``: EDE, MPvGP, BC); board results from the first-named team's
side, board 1 of round 3's first match forfeited.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from caddy.cli.main import main
from caddy.event.store import load
from caddy.publish.site import build_site, write_site
from tests.conftest import Run
from tests.test_publish import check_site, quiet

TEAMS = """team,board,name,rating
Rooks,1,Ann Rook,2100
Rooks,2,Bob Rook,2000
Knights,1,Cid Knight,2050
Knights,2,Dee Knight,1950
Bishops,1,Eve Bishop,2000
Bishops,2,Fay Bishop,1900
Pawns,1,Gus Pawn,1980
Pawns,2,Hal Pawn,1880
"""
#: Per round, per match: the board results from the first-named team's side.
RESULTS = (("1-0 1/2", "0-1 0-1"), ("1/2 1/2", "1-0 0-1"), ("+- 1-0", "1/2 0-1"))


class Tables(HTMLParser):
    """Each table of a page: caption, header, rows of (cell text, link)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tables: list[dict[str, list[Any]]] = []
        self._cell: list[str] | None = None
        self._href = ""
        self._in: str = ""
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append({"caption": [], "header": [], "rows": []})
        elif tag in ("caption", "thead", "tbody"):
            self._in = tag
        elif tag == "tr" and self._in == "tbody":
            self.tables[-1]["rows"].append([])
        elif tag in ("td", "th"):
            self._cell, self._href = [], ""
        elif tag == "a" and self._cell is not None:
            self._href = dict(attrs).get("href") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("caption", "thead", "tbody"):
            self._in = ""
        elif tag in ("td", "th") and self._cell is not None:
            cell = ("".join(self._cell).strip(), self._href)
            if self._in == "thead":
                self.tables[-1]["header"].append(cell[0])
            else:
                self.tables[-1]["rows"][-1].append(cell)
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        elif self._in == "caption" and self.tables:
            self.tables[-1]["caption"].append(data)


def tables(page: str) -> list[dict[str, list[Any]]]:
    return Tables(page).tables


def texts(table: dict[str, list[Any]]) -> list[list[str]]:
    return [[text for text, _ in row] for row in table["rows"]]


def out(*args: str) -> str:
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(io.StringIO()):
        assert main(list(args)) == 0
    return buffer.getvalue()


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("league")
    (folder / "teams.csv").write_text(TEAMS, encoding="utf-8")
    event = folder / "league.json"
    args = ("--teams", str(folder / "teams.csv"), "--seed", "1", "--name", "League <b>1</b>")
    assert quiet("new", str(event), "--format", "team-round-robin", *args) == 0
    for rnd, matches in enumerate(RESULTS, 1):
        assert quiet("pair", str(event)) == 0
        for match, words in enumerate(matches, 1):
            assert quiet("result", str(event), str(rnd), str(match), words) == 0
    return event


@pytest.fixture(scope="module")
def site(league: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("site")
    write_site(build_site(load(league)), folder)
    return check_site(folder)  # lang, captions, th scope, no script, every link leads to a page


def test_the_team_pages_are_published(site: dict[str, str]) -> None:
    assert sorted(site) == sorted(
        ["index.html", "crosstable.html", "team-crosstable.html", "board-prizes.html"]
        + [
            f"{kind}-{r}.html"
            for kind in ("round", "standings", "team-standings")
            for r in (1, 2, 3)
        ]
        + [f"player-{n}.html" for n in range(1, 9)]
    )
    for page in site.values():  # the team pages are one step from every page
        for href in ("team-standings-3.html", "team-crosstable.html", "board-prizes.html"):
            assert f'<a href="{href}">' in page
    index = {"".join(t["caption"]): t for t in tables(site["index.html"])}
    assert texts(index["Teams"])[0] == ["1", "Rooks", "Ann Rook, Bob Rook"]
    assert index["Rounds"]["header"] == [
        "round",
        "matches and results",
        "results",
        "team standings after",
        "player standings after",
    ]
    assert index["Rounds"]["rows"][2][3] == ("team standings", "team-standings-3.html")


def test_team_standings_pages_are_caddy_standings(league: Path, site: dict[str, str]) -> None:
    """After each round: the rows of ``caddy standings`` of the event as it
    stood then (rank, team, MP, GP and the tie-breaks, C.07 Arts. 11-13)."""
    (table,) = tables(site["team-standings-3.html"])
    assert "".join(table["caption"]) == "Team standings after round 3"
    assert table["header"] == ["rank", "no", "team", "MP", "GP", "EDE", "MPvGP", "BC"]
    printed = list(csv.reader(io.StringIO(out("standings", str(league), "--output", "csv"))))
    assert printed[0] == table["header"] and texts(table) == printed[1:]
    document = json.loads(out("standings", str(league), "--json"))
    assert document["tiebreaks"] == ["EDE", "MPvGP", "BC"]
    assert [int(r[1]) for r in texts(table)] == [r["pairing_number"] for r in document["rows"]]
    # after round 1 (C.07 Art. 11.1, MP 2/1/0): each match's winner 2 MP
    (first,) = tables(site["team-standings-1.html"])
    by_team = {row[2]: (row[3], row[4]) for row in texts(first)}
    assert by_team == {
        "Rooks": ("2", "1.5"),
        "Pawns": ("0", "0.5"),
        "Knights": ("0", "0"),
        "Bishops": ("2", "2"),
    }


def test_team_crosstable_and_board_prizes_are_the_cli_views(
    league: Path, site: dict[str, str]
) -> None:
    (table,) = tables(site["team-crosstable.html"])
    printed = list(csv.reader(io.StringIO(out("crosstable", str(league), "--output", "csv"))))
    assert printed[0] == table["header"] and texts(table) == printed[1:]
    boards = tables(site["board-prizes.html"])
    document = json.loads(out("standings", str(league), "--board-prizes", "--json"))
    assert len(boards) == len(document["boards"]) == 2
    for shown, data in zip(boards, document["boards"], strict=True):
        rows = [(int(r[1][0]), r[2], float(r[6][0]), float(r[7][0])) for r in shown["rows"]]
        assert rows == [
            (
                d["pairing_number"],
                (d["name"], f"player-{d['pairing_number']}.html"),
                d["points"],
                d["percentage"],
            )
            for d in data["rows"]
        ]


def test_round_pages_show_each_match_and_its_score(league: Path, site: dict[str, str]) -> None:
    """Round 3: the scores first, then each match board by board, the players
    linked to their pages; the same boards as ``caddy cards``."""
    scores, *cards = tables(site["round-3.html"])
    assert "".join(scores["caption"]) == "Matches of round 3"
    assert len(cards) == 2
    assert [row[3] for row in texts(scores)] == ["2-0", "½-1½"]  # +- 1-0; ½-½ 0-1
    card_text = out("cards", str(league), "--round", "3")
    for card in cards:
        boards = card["rows"][1:3]
        for row in boards:
            assert row[1][1].startswith("player-") and row[4][1].startswith("player-")
            assert row[1][0] in card_text and row[4][0] in card_text
        assert card["rows"][-1][7][0] in ("2-0", "½-1½")  # the total line
        assert all("captain" not in cell for row in texts(card) for cell in row)  # no signatures


def test_a_team_event_site_with_an_unfinished_round(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Round 1 paired and half played: its matches, the unfinished one without
    a score; no team standings, crosstable or board prizes before a round is complete."""
    (tmp_path / "teams.csv").write_text(TEAMS, encoding="utf-8")
    fresh = tmp_path / "f.json"
    args = ("--teams", str(tmp_path / "teams.csv"), "--seed", "1")
    assert quiet("new", str(fresh), "--format", "team-round-robin", *args) == 0
    assert quiet("pair", str(fresh)) == 0
    assert quiet("result", str(fresh), "1", "1", "1-0 1/2") == 0
    run = cli("publish", str(fresh), "-o", str(tmp_path / "site"))
    assert run.code == 0, run.err
    pages = check_site(tmp_path / "site")
    assert "team-standings-1.html" not in pages and "board-prizes.html" not in pages
    scores = tables(pages["round-1.html"])[0]
    assert [row[3] for row in texts(scores)] == ["1½-½", ""]
