"""``caddy standings EVENT --round R`` (and the published standings after
round R) are the standings the event had after round R, also when a player
withdrew: FIDE's 50% rule (C.07; docs/events.md) counts the withdrawn
player's games in the whole schedule, not in the rounds kept."""

from __future__ import annotations

import json
from pathlib import Path

from caddy.event.replay import replay
from caddy.event.store import load
from tests.test_event_issue24 import Cli, field, ok


def results(event: str, number: int, words: list[str]) -> str:
    """Round ``number``'s results in board order, ``.`` (no result: the
    game of the withdrawn player 6 needs none) on player 6's board."""
    rnd = replay(load(event)).round(number)
    boards = zip(rnd.white, rnd.black, strict=True)
    found = iter(words)
    return " ".join("." if 6 in board else next(found) for board in boards)


def test_a_withdrawal_is_ranked_after_a_round_as_it_was_then(cli: Cli, tmp_path: Path) -> None:
    event = str(tmp_path / "rr.json")
    ok(cli, "new", event, "--format", "round-robin", "--players", str(field(tmp_path, 6)))
    ok(cli, "result", event, "1", "1-0 1/2 0-1")
    ok(cli, "result", event, "2", "1/2 1-0 1-0")
    ok(cli, "withdraw", event, "6")  # 2 of 5 games played: fewer than 50%, annulled
    ok(cli, "result", event, "3", results(event, 3, ["1-0", "1/2"]))
    ok(cli, "result", event, "4", results(event, 4, ["0-1", "1-0"]))
    then = ok(cli, "standings", event, "--json").out
    annulled = {row["pairing_number"]: row["annulled"] for row in json.loads(then)["rows"]}
    assert annulled[6] and not any(annulled[p] for p in range(1, 6))
    ok(cli, "result", event, "5", results(event, 5, ["1/2", "1/2"]))
    after = json.loads(ok(cli, "standings", event, "--round", "4", "--json").out)
    assert after.pop("after_round") == 4
    live = json.loads(then)
    assert live.pop("after_round") is None
    assert after == live
