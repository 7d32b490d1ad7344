"""Every output file option refuses to replace an existing file without
``--force`` (issue 24, item 14), with one line naming the file and
``--force``; the refused file is left byte for byte as it was.

Source: the rule is the CLI's own (docs/events.md "Output files", one shared
helper :func:`caddy.files.storage.write_output`); the TRF file is FIDE's TEC
exercise (tests/data/SOURCES.md).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import DATA, Run

Cli = Callable[..., Run]
TRF = DATA / "trf" / "swiss_fide_tec_exercise_held_16p_5r.trf"
PLAYERS = "name,rating\nAnna,2100\nBen,2050\nCara,1990\nDan,1950\n"
DATED = ("calc", "8", "--tc", "G/60", "--start", "2026-09-01", "--every", "tue", "--at", "19:30")


def _event(cli: Cli, tmp_path: Path) -> Path:
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    event = tmp_path / "club.json"
    assert cli("new", str(event), "--players", str(players)).code == 0
    return event


def _commands(tmp_path: Path, target: Path) -> dict[str, tuple[str, ...]]:
    """Each command with an output file option, writing ``target``."""
    out = str(target)
    return {
        "pair -o": ("pair", str(TRF), "--rounds", "6", "-o", out),
        "calc --ics": (*DATED, "--ics", out),
        "export -o": ("export", str(TRF), "-o", out),
        "import -o": ("import", str(TRF), "-o", out),
        "simulate -o": ("simulate", "--players", "6", "--rounds", "2", "--seed", "1", "-o", out),
    }


@pytest.mark.parametrize(
    "which", ["pair -o", "calc --ics", "export -o", "import -o", "simulate -o"]
)
def test_an_existing_event_file_is_not_replaced_without_force(
    cli: Cli, tmp_path: Path, which: str
) -> None:
    """Item 14: `caddy pair FILE.trf -o EXISTING` and `caddy calc ... --ics
    EXISTING` replaced the file, even an event file; now every output option
    refuses, and replaces it with --force."""
    pytest.importorskip("icalendar") if which == "calc --ics" else None
    event = _event(cli, tmp_path)
    before = event.read_bytes()
    args = _commands(tmp_path, event)[which]
    run = cli(*args)
    assert run.code == 1
    assert run.err == f"caddy: error: {event} exists already (use --force to replace it)\n"
    assert event.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.json", "players.csv"]
    run = cli(*args, "--force")
    assert run.code == 0, run.err
    assert event.read_bytes() != before


def test_cards_output_file_is_not_replaced_without_force(cli: Cli, tmp_path: Path) -> None:
    """`caddy cards EVENT -o FILE` takes the same rule (the shared helper)."""
    target = tmp_path / "cards.txt"
    target.write_text("keep\n", encoding="utf-8")
    run = cli("cards", str(_event(cli, tmp_path)), "-o", str(target))
    assert run.err == f"caddy: error: {target} exists already (use --force to replace it)\n"
    assert target.read_text(encoding="utf-8") == "keep\n"


def test_force_is_for_an_output_file(cli: Cli, tmp_path: Path) -> None:
    """`caddy pair EVENT.json --force`: an event file pairs in place; --force
    (like -o) is for a TRF file's copy."""
    run = cli("pair", str(_event(cli, tmp_path)), "--force")
    assert run.code == 1
    assert run.err.startswith("caddy: error: --force is for TRF files")
