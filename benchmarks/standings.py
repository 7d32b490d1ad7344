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
   repeats): ``standings(event, ["BH", "SB"])`` (every value computed, the
   field ranked) against the floor's BH and SB, target (issue 31 item 3) <=
   2x; and, for information, the same event with BH/C1, BH, SB, DE, WIN
   against the same floor (which computes only BH and SB). Sections 1 and 3
   time caddy and the floor in turn (best of each), so a change of the
   machine's load between them does not skew the ratio.
4. ``caddy standings FILE.trf`` as a process (the console script, as users
   run it: start-up, imports, reading the file, the standings, the table
   printed) on FIDE's 284-player sample (tests/data/trf), against a plain
   script doing the same job in a process of the same interpreter
   (:data:`FLOOR_SCRIPT`: the file's lines sliced, points, BH/C1, BH, SB,
   DE and WIN computed with dicts, the field sorted and the table printed;
   only the standard library imported; no unplayed-round rules, so the floor
   is lower than the job). Median of interleaved runs. Target (issue 31 item
   4): <= 2.5x. Like benchmarks/startup.py, the script compiles caddy's
   sources first, as an install does.

Usage: python benchmarks/standings.py [--repeat 5] [--runs 21] [--only-process]
"""

from __future__ import annotations

import argparse
import compileall
import random
import shutil
import statistics
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

from caddy.model.results import ResultsTable
from caddy.model.results_table import ResultsTableBuilder
from caddy.standings.ranking import standings
from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions

if not __package__:  # run as a script: the repository root holds the benchmarks package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.timing import best, interleaved

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


ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests/data/trf/swiss_fide_example1_karl_mala_2005.trf"

#: The floor of section 4: a plain script printing the standings of a TRF file.
FLOOR_SCRIPT = r"""
import sys
VALUE = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "W": 1.0, "D": 0.5, "L": 0.0,
         "U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0, " ": 0.0}
with open(sys.argv[1], encoding="utf-8") as f:
    lines = [line for line in f.read().split("\n") if line[:3] == "001"]
names, rows = {}, {}
for line in lines:
    number = int(line[4:8])
    names[number] = line[14:47].strip()
    rows[number] = [
        (int(line[i:i + 4]) if line[i:i + 4].strip() else 0, line[i + 7:i + 8])
        for i in range(91, len(line), 10)
    ]
score = {p: sum(VALUE[code] for _, code in row) for p, row in rows.items()}
opp = {p: [score[o] if o else score[p] for o, _ in row] for p, row in rows.items()}
bh = {p: sum(v) for p, v in opp.items()}
bh1 = {p: sum(v) - min(v, default=0) for p, v in opp.items()}
sb = {p: sum((score[o] if o else score[p]) * VALUE[c] for o, c in row) for p, row in rows.items()}
win = {p: sum(1 for o, c in row if o and c in "1+W") for p, row in rows.items()}
key = {p: (score[p], bh1[p], bh[p], sb[p]) for p in rows}
de = {}
for p, row in rows.items():
    tied = [o for o in rows if key[o] == key[p]]
    de[p] = sum(VALUE[c] for o, c in row if o in tied) if len(tied) > 1 else 1
order = sorted(rows, key=lambda p: (*(-v for v in key[p]), -de[p], -win[p], p))
out = ["rank   no  name                            points  BH/C1    BH     SB  DE  WIN"]
for rank, p in enumerate(order, 1):
    out.append(f"{rank:4d} {p:4d}  {names[p]:<33} {score[p]:5g} {bh1[p]:6g} {bh[p]:5g} "
               f"{sb[p]:6g} {de[p]:3g} {win[p]:4d}")
sys.stdout.write("\n".join(out) + "\n")
"""


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def process_benchmark(runs: int) -> None:
    """Section 4: ``caddy standings FILE.trf`` against the plain script, as processes."""
    for folder in ("core", "plugins"):
        compileall.compile_dir(str(ROOT / folder), quiet=1)
    script = shutil.which("caddy", path=str(Path(sys.executable).parent)) or shutil.which("caddy")
    if script is None:
        print("4. caddy is not installed beside this interpreter: no process timing")
        return
    caddy = [script, "standings", str(SAMPLE)]
    floor_command = [sys.executable, "-c", FLOOR_SCRIPT, str(SAMPLE)]
    for command in (caddy, floor_command):  # warm the file cache; both must succeed
        timed(command)
    caddy_times, floor_times = [], []
    for _ in range(runs):
        caddy_times.append(timed(caddy))
        floor_times.append(timed(floor_command))
    c, f = statistics.median(caddy_times), statistics.median(floor_times)
    print(f"4. caddy standings {SAMPLE.name} as a process ({runs} runs each, medians)")
    print(
        f"   caddy {c * 1000:7.1f} ms   plain script {f * 1000:7.1f} ms   "
        f"ratio {c / f:5.2f} (target <= 2.5)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--runs", type=int, default=21, help="process runs of section 4")
    parser.add_argument("--only-process", action="store_true", help="section 4 alone")
    args = parser.parse_args()
    repeat = args.repeat
    if args.only_process:
        process_benchmark(args.runs)
        return 0

    event, games = round_robin(100, 1)
    rows = per_player(games)
    standings(event, ["BH", "SB"])  # plugins loaded outside the timing
    c, f = interleaved([lambda: standings(event, ["BH", "SB"]), lambda: floor(rows)], repeat * 4)
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

    print("3. A random 2,000-player 9-round Swiss-style event (BH, SB checked against the floor)")
    event, games = swiss(2000, 9, 7)
    rows = per_player(games)
    like, five, f = interleaved(
        [
            lambda: standings(event, ["BH", "SB"]),
            lambda: standings(event, ["BH/C1", "BH", "SB", "DE", "WIN"]),
            lambda: floor(rows),
        ],
        repeat * 2,
    )
    result = standings(event, ["BH", "SB"])
    bh, sb = floor(rows)
    assert all(row.tiebreaks["BH"] == bh[row.pairing_number] for row in result.rows)
    assert all(row.tiebreaks["SB"] == sb[row.pairing_number] for row in result.rows)
    print(
        f"   BH, SB (like for like)       caddy {like * 1000:7.1f} ms   floor {f * 1000:7.1f} ms   "
        f"ratio {like / f:5.2f} (target <= 2, issue 31 item 3)"
    )
    print(
        f"   BH/C1, BH, SB, DE, WIN       caddy {five * 1000:7.1f} ms   floor {f * 1000:7.1f} ms   "
        f"ratio {five / f:5.2f} (for information: the floor computes BH and SB only)"
    )
    process_benchmark(args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
