"""``caddy new --teams ... --tiebreaks`` takes the team tie-breaks (C.07 Arts.
12-13) that rank the teams, and refuses the ones that rank only players."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from .conftest import Run
from .test_team_cli import teams_csv


def test_new_team_event_takes_team_tiebreaks(cli: Callable[..., Run], tmp_path: Path) -> None:
    csv = teams_csv(tmp_path / "t.csv", {"A": 2, "B": 2, "C": 2, "D": 2})
    event = tmp_path / "e.json"
    run = cli(
        "new",
        str(event),
        "--format",
        "team-round-robin",
        "--teams",
        csv,
        "--tiebreaks",
        "EDE,MPvGP,BH:MP",
    )
    assert run.code == 0, run.err
    assert json.loads(event.read_text())["tournament"]["tiebreaks"] == ["EDE", "MPvGP", "BH:MP"]


def test_new_team_event_refuses_a_player_only_tiebreak(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    csv = teams_csv(tmp_path / "t.csv", {"A": 2, "B": 2})
    event = tmp_path / "e.json"
    run = cli(
        "new", str(event), "--format", "team-round-robin", "--teams", csv, "--tiebreaks", "EDE,ARO"
    )
    assert run.code == 1
    assert run.err.startswith("caddy: error: ") and "ARO" in run.err
    assert not event.exists()
