"""A Swiss player who withdraws after the round is paired but before it is
played (FIDE Handbook C.04.2 3.2: withdrawn players are not paired; the game
already paired is not played): the opponent wins by forfeit, in the
standings, in the next round's pairing and in the TRF file; the round is
over without typing that result."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from caddy.event.replay import replay
from caddy.event.store import load
from caddy.pairing.request import request_from_state
from tests.conftest import Run


def test_a_withdrawal_after_the_pairing_is_a_forfeit(
    tmp_path: Path, cli: Callable[..., Run]
) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\nE,1600\nF,1500\n")
    event = str(tmp_path / "e.json")
    assert (
        cli(
            "new",
            event,
            "--format",
            "swiss",
            "--rounds",
            "3",
            "--players",
            str(players),
            "--seed",
            "3",
        ).code
        == 0
    )
    assert cli("pair", event).code == 0
    rnd = replay(load(event)).rounds[0]
    board = next(
        i for i, (w, b) in enumerate(zip(rnd.white, rnd.black, strict=True), 1) if 1 in (w, b)
    )
    opponent = rnd.black[board - 1] if rnd.white[board - 1] == 1 else rnd.white[board - 1]
    assert cli("withdraw", event, "A").code == 0  # after round 0: round 1 is paired
    for other in range(1, len(rnd.white) + 1):
        if other != board:
            assert cli("result", event, "1", str(other), "1-0").code == 0
    standings = json.loads(cli("standings", event, "--json").out)
    points = {row["pairing_number"]: row["score"] for row in standings["rows"]}
    assert points[opponent] == 1.0 and points[1] == 0.0
    request = request_from_state(replay(load(event)))
    entry = request.players[opponent - 1].history[0]
    assert (entry.kind, entry.opponent, entry.points) == ("forfeit-win", 1, 1.0)
    assert request.players[0].history[0].kind == "forfeit-loss"
    assert request.players[0].absent
    run = cli("pair", event)  # round 1 is over: no result to type for A's board
    assert run.code == 0, run.err
    second = replay(load(event)).rounds[1]
    assert 1 not in (*second.white, *second.black, *second.byes)
    trf = cli("export", event).out
    row = {int(line[4:8]): line for line in trf.splitlines() if line.startswith("001")}
    assert row[1][91:99].split() == [str(opponent), "w" if rnd.white[board - 1] == 1 else "b", "-"]
    assert row[opponent][91:99].split()[-1] == "+"
