"""A TRF game is written on both players' lines (issue 24 item 18).

FIDE's TRF (C.04 Annex 2, the player record 001): each round cell of a player holds
the opponent's starting rank, the colour and the result, so every game is on two
lines. A round written by ``caddy pair -o`` has no results yet (the file's last
round, paired and not played: docs/swiss.md); such a game written on one player's
line only (the opponent's cell empty) passed ``caddy check`` and ``caddy import``
made the event from it. It is one line naming the round and both players.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import DATA, Run

ELEVEN = DATA / "swiss" / "dutch-2026" / "dutch2026-000003-11p9r.trf"


def _paired_round_4(cli: Callable[..., Run], tmp_path: Path) -> str:
    """The corpus file cut to its first 3 rounds, then round 4 paired by ``caddy pair -o``
    (board 1: 1-5, the cells ``   5 w`` and ``   1 b`` with no result)."""
    lines = ELEVEN.read_text().splitlines()
    before = tmp_path / "before.trf"
    before.write_text(
        "\n".join(line[: 91 + 30].rstrip() if line.startswith("001") else line for line in lines)
        + "\n"
    )
    paired = tmp_path / "paired.trf"
    run = cli("pair", str(before), "-o", str(paired))
    assert run.code == 0, run.err
    return paired.read_text()


def _without_cell(text: str, player: int) -> str:
    """``text`` with ``player``'s round-4 cell left empty (his line ends after round 3)."""
    return "\n".join(
        line[: 91 + 30].rstrip() if line.startswith(f"001 {player:4d} ") else line
        for line in text.splitlines()
    )


@pytest.mark.parametrize(
    "command",
    [("check",), ("import", "-o", "{event}"), ("pair",)],
    ids=["check", "import", "pair"],
)
@pytest.mark.parametrize(
    ("empty", "named"),
    [
        (
            1,
            "player 5 (Test0005 Player0005) names 1 (Test0001 Player0001) as opponent, "
            "but 1's line has no opponent",
        ),
        (
            5,
            "player 1 (Test0001 Player0001) names 5 (Test0005 Player0005) as opponent, "
            "but 5's line has no opponent",
        ),
    ],
    ids=["white-side-only", "black-side-only"],
)
def test_a_game_on_one_line_only_is_one_line(
    cli: Callable[..., Run],
    tmp_path: Path,
    command: tuple[str, ...],
    empty: int,
    named: str,
) -> None:
    text = _paired_round_4(cli, tmp_path)
    cells = {line[:9]: line[121:] for line in text.splitlines() if line.startswith("001")}
    assert (cells["001    1 "], cells["001    5 "]) == ("   5 w", "   1 b")  # no result yet
    path = tmp_path / "one-sided.trf"
    path.write_text(_without_cell(text, empty))
    event = tmp_path / "event.json"
    args = [a.format(event=event) for a in command[1:]]
    run = cli(command[0], str(path), *args)
    assert (run.code, run.out, run.err) == (1, "", f"caddy: error: {path}: round 4: {named}\n")
    assert not event.exists()


def test_the_paired_round_is_read_when_both_sides_have_it(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """The same file with both cells: the round is paired and not played (import keeps it)."""
    path = tmp_path / "paired.trf"
    path.write_text(_paired_round_4(cli, tmp_path))
    event = tmp_path / "event.json"
    run = cli("import", str(path), "-o", str(event))
    assert run.code == 0, run.err
    sheet = cli("pairings", str(event))
    assert sheet.code == 0 and "Test0005 Player0005 (5)" in sheet.out
