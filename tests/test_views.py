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

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from caddy.contracts import FormatBase, PairingRequest
from caddy_plugins.formats.groups_knockout import GroupsKnockout, GroupsKnockoutOptions
from caddy_plugins.formats.knockout import Knockout, KnockoutOptions
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


@pytest.fixture
def knockout(cli: Callable[..., Run], tmp_path: Path) -> str:
    """8 players (seeds 1-8 by rating), a match for third place. Round 1:
    P1-P8 draws the standard game, both rapid and both blitz games and the
    Armageddon, where P8 has Black (by the drawing of lots of seed 3) and so
    goes through; P2-P7 draws the standard game, P7 (White by lot) wins the
    first rapid game, the second is drawn: P7 through 2-1; P4 and P3 win.
    Semi-finals: P4 beats P8, P7 beats P3. Final: P4 beats P7; for third
    place P3 beats P8."""
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
    assert ["6", "Armageddon", "P1 (1)", "P8 (8)", "1/2", "P8 (8) by Armageddon (3–3)"] == rows[6][
        2:
    ]
    assert ["2", "rapid", "P7 (7)", "P2 (2)", "1-0", ""] == rows[9][2:]
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
