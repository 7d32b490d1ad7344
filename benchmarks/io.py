"""Event files: save, load and replay against floors measured in the same run (issue 6 §6).

1. Save and load a 1,000-player round robin with every result (499,500
   result operations) through the public API (``caddy.storage.save`` and
   ``load``: validation, the atomic write and its fsync included), against
   ``json.dumps`` / ``json.loads`` of the same information as plain dicts and
   lists (a list of players, and per round a list of {"white", "black",
   "result"}). Targets: save and load each <= 4x the floor.
2. Replaying 10,000 and 20,000 operations (``caddy.event.replay``): the
   growth factor must stay <= 2.3 (linear).

Usage: python benchmarks/io.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from caddy.event import EventFile, RecordResult, new_event, replay
from caddy.formats import schedule_format
from caddy.models import Player
from caddy.plugins import get_host
from caddy.storage import load, save
from caddy_plugins.formats.round_robin import RoundRobinOptions


def round_robin_event(n: int, seed: int) -> tuple[EventFile, dict[str, Any]]:
    """The event file with every result, and the same information as plain data."""
    rng = random.Random(seed)
    players = [
        Player(name=f"Player {i}", rating=1400 + rng.randrange(1400)) for i in range(1, n + 1)
    ]
    event = new_event(players, "round-robin", RoundRobinOptions(), name=f"{n} players")
    fmt = schedule_format(get_host().formats().get("round-robin"))
    schedule = fmt.schedule(n, RoundRobinOptions())
    operations = []
    plain_rounds = []
    for rnd in schedule.rounds:
        games = []
        for board, (white, black) in enumerate(zip(rnd.white, rnd.black, strict=True), 1):
            result = rng.choice(("1-0", "0-1", "1/2"))
            operations.append(RecordResult(round=rnd.number, board=board, result=result))
            games.append({"white": white, "black": black, "result": result})
        plain_rounds.append(games)
    plain = {
        "players": [{"name": p.name, "rating": p.rating} for p in players],
        "rounds": plain_rounds,
    }
    return EventFile(tournament=event.tournament, operations=tuple(operations)), plain


def best(function: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    event, plain = round_robin_event(1000, 1)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.json"
        save(path, event)
        assert load(path) == event  # the round trip is exact
        size = path.stat().st_size
        text = json.dumps(plain)
        save_time = best(lambda: save(path, event), args.repeat)
        dumps_time = best(lambda: json.dumps(plain), args.repeat)
        load_time = best(lambda: load(path), args.repeat)
        loads_time = best(lambda: json.loads(text), args.repeat)
    print(
        f"1. 1,000-player round robin, {len(event.operations)} result operations, file {size / 2**20:.1f} MiB"
    )
    print(
        f"   save  {save_time * 1000:7.0f} ms   json.dumps floor {dumps_time * 1000:6.0f} ms   "
        f"ratio {save_time / dumps_time:.2f} (target <= 4)"
    )
    print(
        f"   load  {load_time * 1000:7.0f} ms   json.loads floor {loads_time * 1000:6.0f} ms   "
        f"ratio {load_time / loads_time:.2f} (target <= 4)"
    )

    big, _ = round_robin_event(201, 2)
    short = EventFile(tournament=big.tournament, operations=big.operations[:10_000])
    long = EventFile(tournament=big.tournament, operations=big.operations[:20_000])
    replay(short)
    t10 = best(lambda: replay(short), args.repeat * 3)
    t20 = best(lambda: replay(long), args.repeat * 3)
    print("2. replay (201-player round robin)")
    print(
        f"   10,000 operations {t10 * 1000:6.1f} ms   20,000 operations {t20 * 1000:6.1f} ms   "
        f"growth {t20 / t10:.2f}x (target <= 2.3)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
