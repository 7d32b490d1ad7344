"""The pairing sheet shows the format too (issue 18): a Scheveningen round's
team score and the match so far, a knockout round's name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import Run


def test_scheveningen_sheet_carries_the_team_score(cli: Callable[..., Run], tmp_path: Path) -> None:
    teams = tmp_path / "t.csv"
    teams.write_text(
        "name,rating,team\nA1,2000,Lions\nA2,1990,Lions\nB1,1980,Tigers\nB2,1970,Tigers\n"
    )
    path = str(tmp_path / "s.json")
    assert cli("new", path, "--format", "scheveningen", "--players", str(teams)).code == 0
    assert cli("result", path, "1", "1", "1-0").code == 0
    assert cli("result", path, "1", "2", "1/2").code == 0
    for output in ("text", "html"):
        run = cli("pairings", path, "--round", "1", "--output", output)
        assert "Lions 1½–½ Tigers in round 1 (match: 1½–½)" in run.out, output
    assert cli("result", path, "2", "1", "0-1").code == 0
    assert cli("result", path, "2", "2", "0-1").code == 0
    run = cli("pairings", path, "--round", "2")
    assert "Lions 2–0 Tigers in round 2 (match: 3½–½)" in run.out  # Tigers had White


def test_knockout_sheet_names_the_round(cli: Callable[..., Run], tmp_path: Path) -> None:
    players = tmp_path / "k.csv"
    players.write_text("name,rating\n" + "".join(f"P{i},{2000 - i}\n" for i in range(1, 5)))
    path = str(tmp_path / "k.json")
    args = ("--format", "knockout", "--players", str(players), "--option", "tiebreak=lots")
    assert cli("new", path, *args).code == 0
    run = cli("pair", path)
    assert run.out.splitlines()[1] == "event: round 1: Semi-finals (each board is a match)"


def test_sheet_carries_the_round_date_and_the_venue(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """Issue 19: a pairing sheet to pin up names the round's date and time and the venue."""
    players = tmp_path / "p.csv"
    players.write_text("name,rating\n" + "".join(f"P{i},{2000 - i}\n" for i in range(1, 5)))
    path = str(tmp_path / "d.json")
    dated = ("--start", "2026-09-01", "--every", "tue", "--at", "19:30", "--place", "Budapest")
    assert cli("new", path, "--players", str(players), *dated).code == 0
    for output in ("text", "html"):
        run = cli("pairings", path, "--round", "2", "--output", output)
        assert "round 2: 2026-09-08 at 19:30" in run.out, output
        assert "2026-09-01 to 2026-09-15, Budapest" in run.out, output
