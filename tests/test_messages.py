"""What caddy prints to a terminal is what the data holds: a player's name with
an escape sequence or a newline cannot forge a line or restyle the screen, in
commands' own lines (``new``, ``history``) and in warnings and errors (issue 13
m, u); and an import writes only what reads back as strictly as any event file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import DATA, Run

HOSTILE = "Eve\x1b[2J\nforged line"


def test_new_and_history_print_names_visibly(cli: Callable[..., Run], tmp_path: Path) -> None:
    players = tmp_path / "p.csv"
    players.write_text(f'name,rating\nAnna,2100\n"{HOSTILE}",2000\nBen,1900\nCara,1800\n')
    event = tmp_path / "e.json"
    run = cli("new", str(event), "--players", str(players), "--by", "rating")
    assert run.code == 0, run.err
    assert "\x1b" not in run.out
    assert "    2  Eve\\x1b[2J\\nforged line (2000)" in run.out.splitlines()
    assert cli("withdraw", str(event), "2").code == 0
    history = cli("history", str(event))
    assert "\x1b" not in history.out
    assert "Eve\\x1b[2J\\nforged line (2) withdraws after round 0" in history.out


def test_a_message_is_one_prefixed_visible_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A newline inside echoed text does not split the message (issue 24 item 22)."""
    from caddy.messages import tell, warn

    warn("first\nsecond \x1b[31mred\u202e")
    tell("broken\rline")
    assert capsys.readouterr().err == (
        "caddy: warning: first\\nsecond \\x1b[31mred\\u202e\ncaddy: error: broken\\rline\n"
    )


def test_import_refuses_what_an_event_file_cannot_hold(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """TRF-2026 record 162 giving 5000 points for a win: the event file's
    scoring is limited to ±1000, so the import is refused and nothing written."""
    source = tmp_path / "a.trf"
    text = (DATA / "trf/rr_fide_tec_exercise_held_6p.trf").read_text()
    source.write_text(text + "162 W 5000.0 D 0.5\n")
    out = tmp_path / "a.json"
    run = cli("import", str(source), "-o", str(out))
    assert run.code == 1
    assert run.err.splitlines()[-1] == (
        f"caddy: error: {source}: cannot be imported: "
        "$.tournament.scoring.win: 5000.0 is out of range (-1000..1000)"
    )
    assert not out.exists()


def test_file_problems_are_file_errors(tmp_path: Path) -> None:
    """An embedder tells a file problem by its class (caddy.errors.FileError), not its text."""
    from caddy.errors import FileError, InputError
    from caddy.event.store import load

    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    for path in (tmp_path / "missing.json", broken, tmp_path):
        with pytest.raises(FileError) as caught:
            load(path)
        assert isinstance(caught.value, InputError) and caught.value.problems
