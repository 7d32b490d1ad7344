"""Standings speed against a floor measured in the same run (issue 4 §10).

The floor is plain Python: dicts and one loop over the games computing every
player's score, then Buchholz and Sonneborn–Berger from the same results.
caddy is timed through the public API, ``caddy.standings.ranking.standings(event,
tiebreaks)``, which builds its table from the event, computes every value
and ranks the field (all of it: nothing is left lazy).

1. BH + SB for a random-result 100-player round robin: target <= 5x the floor.
2. Full standings with SB, DE, KS, BH/C1, PS, WIN for round robins of
   N = 250, 500, 1000: growth 500 -> 1000 <= 4.6x (the games grow 4.0x).
3. A random 2,000-player 9-round Swiss-style event (random pairings, no
   repeats) with BH/C1, BH, SB, DE, WIN: under 10x its floor.

Usage: python benchmarks/standings.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from caddy.model.results import ResultsTable
from caddy.model.results_table import ResultsTableBuilder
from caddy.standings.ranking import standings
from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions

Games = list[tuple[int, int, float]]


def round_robin(n: int, seed: int) -> tuple[ResultsTable, Games]:
    rng = random.Random(seed)
    schedule = RoundRobin().schedule(n, RoundRobinOptions())
    b = ResultsTableBuilder(
        [f"P{i}" for i in range(1, n + 1)], rounds=len(schedule.rounds), pre_determined=True
    )
    games: Games = []
    for rnd in schedule.rounds:
        for w, k in zip(rnd.white, rnd.black, strict=True):
            result = rng.choice(["1-0", "0-1", "1/2"])
            b.game(rnd.number, w, k, result)
            games.append((w, k, {"1-0": 1.0, "0-1": 0.0, "1/2": 0.5}[result]))
        for p in rnd.byes:
            b.bye(rnd.number, p, "rest")
    return b.build(), games


def swiss(n: int, rounds: int, seed: int) -> tuple[ResultsTable, Games]:
    """Random pairings without repeats (a player left over gets the bye), random results."""
    rng = random.Random(seed)
    b = ResultsTableBuilder([f"P{i}" for i in range(1, n + 1)], rounds=rounds, pre_determined=False)
    met: set[tuple[int, int]] = set()
    games: Games = []
    for rnd in range(1, rounds + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        waiting: list[int] = []
        for p in order:
            partner = next((q for q in waiting if (min(p, q), max(p, q)) not in met), None)
            if partner is None:
                waiting.append(p)
                continue
            waiting.remove(partner)
            met.add((min(p, partner), max(p, partner)))
            result = rng.choice(["1-0", "0-1", "1/2"])
            b.game(rnd, partner, p, result)
            games.append((partner, p, {"1-0": 1.0, "0-1": 0.0, "1/2": 0.5}[result]))
        for p in waiting:
            b.bye(rnd, p, "pab")
            games.append((p, 0, 1.0))
    return b.build(), games


def per_player(games: Games) -> dict[int, list[tuple[int, float]]]:
    """The results as a crosstable holds them: per player, (opponent, points) per round
    (opponent 0: a bye). Built outside the timing, like caddy's event."""
    rows: dict[int, list[tuple[int, float]]] = {}
    for white, black, points in games:
        rows.setdefault(white, []).append((black, points))
        if black:
            rows.setdefault(black, []).append((white, 1.0 - points))
    return rows


def floor(rows: dict[int, list[tuple[int, float]]]) -> tuple[dict[int, float], dict[int, float]]:
    """Plain dicts and comprehensions: scores, then Buchholz and Sonneborn-Berger
    (a bye counts the player's own score, as caddy's dummy opponent does)."""
    score = {p: sum(points for _, points in row) for p, row in rows.items()}
    buchholz = {p: sum(score[o] if o else score[p] for o, _ in row) for p, row in rows.items()}
    sonneborn = {
        p: sum((score[o] if o else score[p]) * r for o, r in row) for p, row in rows.items()
    }
    return buchholz, sonneborn


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
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    repeat = args.repeat

    event, games = round_robin(100, 1)
    rows = per_player(games)
    standings(event, ["BH", "SB"])  # plugins loaded outside the timing
    c = best(lambda: standings(event, ["BH", "SB"]), repeat * 4)
    f = best(lambda: floor(rows), repeat * 4)
    result = standings(event, ["BH", "SB"])
    bh, sb = floor(rows)
    assert all(row.tiebreaks["BH"] == bh[row.pairing_number] for row in result.rows)
    assert all(row.tiebreaks["SB"] == sb[row.pairing_number] for row in result.rows)
    print("1. BH + SB, random 100-player round robin (values checked against the floor)")
    print(
        f"   caddy {c * 1000:7.2f} ms   floor {f * 1000:7.2f} ms   ratio {c / f:5.2f} (target <= 5)"
    )

    print("2. SB, DE, KS, BH/C1, PS, WIN for round robins")
    tiebreaks = ["SB", "DE", "KS", "BH/C1", "PS", "WIN"]
    timings = {}
    for n in (250, 500, 1000):
        event, games = round_robin(n, n)
        timings[n] = best(partial(standings, event, tiebreaks), max(2, repeat // 2))
        print(f"   N={n:5d}  games {len(games):7d}  caddy {timings[n] * 1000:8.1f} ms")
        del event, games
    print(
        f"   growth 500 -> 1000: {timings[1000] / timings[500]:.2f}x (target <= 4.6x; games grow 4.0x)"
    )

    print(
        "3. BH/C1, BH, SB, DE, WIN for a random 2,000-player 9-round Swiss-style event (BH, SB checked)"
    )
    event, games = swiss(2000, 9, 7)
    rows = per_player(games)
    c = best(lambda: standings(event, ["BH/C1", "BH", "SB", "DE", "WIN"]), repeat)
    f = best(lambda: floor(rows), repeat)
    result = standings(event, ["BH", "SB"])
    bh, sb = floor(rows)
    assert all(row.tiebreaks["BH"] == bh[row.pairing_number] for row in result.rows)
    assert all(row.tiebreaks["SB"] == sb[row.pairing_number] for row in result.rows)
    print(
        f"   caddy {c * 1000:7.1f} ms   floor {f * 1000:7.1f} ms   ratio {c / f:5.2f} (target < 10)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
