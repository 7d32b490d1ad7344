"""caddy's Dutch engine against py4swiss 0.3.1 on the same TRF files.

Usage::

    python benchmarks/swiss.py [--sizes 150 500] [--round 5] [--rounds 9] [--repeat 3]

For each size N a random event of N players (ratings 1000-2700, 9 rounds
planned) is played up to the round before ``--round`` with realistic results
(the higher-rated player wins more often, about 30 % draws), each earlier round
paired by caddy's engine; the event is written once as a TRF file (FIDE Data
Exchange Format, ``XXR`` planned rounds, ``XXC white1``). Then, in the same
run, both engines read that file and pair the next round: caddy in this
process as the arbiter runs it (``caddy pair FILE --json`` through
:func:`caddy.cli.main.main`, the JSON read back), py4swiss in its own
environment (``.bench-venv``, created with ``pip install py4swiss==0.3.1``
when missing: py4swiss is not a caddy dependency). Each time covers reading
the TRF and pairing; the best of ``--repeat`` runs counts. Every pairing is
read: the boards on which both engines agree are counted (py4swiss implements
the Dutch rules before 2026, so some difference is expected).

Prints per size both times, the ratio caddy/py4swiss, and the growth of each
from the smallest to the largest size.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
import venv
from fractions import Fraction
from pathlib import Path

from caddy_plugins.engines.dutch.dutch import pair_round
from caddy_plugins.engines.dutch.model import Entry, Kind, PairingRequest, PlayerInput

ROOT = Path(__file__).resolve().parent.parent
BENCH_VENV = ROOT / ".bench-venv"
PY4SWISS = "py4swiss==0.3.1"

#: Run inside the benchmark's venv: time py4swiss on a TRF, print JSON.
PY4SWISS_RUNNER = r"""
import json, sys, time
from pathlib import Path
from py4swiss.engines import DutchEngine
from py4swiss.trf import TrfParser
path, repeat = Path(sys.argv[1]), int(sys.argv[2])
best = None
for _ in range(repeat):
    start = time.perf_counter()
    trf = TrfParser.parse(path)
    pairings = DutchEngine.generate_pairings(trf)
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
pairs = [[int(x) for x in p.to_string().split()] for p in pairings]
print(json.dumps({"seconds": best, "pairs": pairs}))
"""


def bench_python() -> Path:
    """The benchmark venv's interpreter, created with py4swiss when missing."""
    python = BENCH_VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {BENCH_VENV} with {PY4SWISS} ...", file=sys.stderr)
        venv.create(BENCH_VENV, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", PY4SWISS], check=True)
    return python


def _result(rng: random.Random, white_rating: int, black_rating: int) -> Fraction:
    """White's points: the Elo expectation sets who wins, about 30 % draws."""
    expected = 1 / (1 + 10 ** ((black_rating - white_rating) / 400))
    x = rng.random()
    if x < 0.3:
        return Fraction(1, 2)
    return Fraction(1) if rng.random() < expected else Fraction(0)


def random_event(n: int, played: int, planned: int, seed: int) -> str:
    """A TRF of ``n`` players after ``played`` rounds paired by caddy's engine."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2700) for _ in range(n)), reverse=True)
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    cells: dict[int, list[str]] = {t: [] for t in range(1, n + 1)}
    for r in range(1, played + 1):
        request = PairingRequest(
            round_number=r,
            total_rounds=planned,
            players=tuple(
                PlayerInput(
                    tpn=t,
                    points=sum((e.points for e in h), Fraction(0)),
                    history=tuple(h),
                    rating=ratings[t - 1],
                )
                for t, h in history.items()
            ),
            initial_colour="w",
        )
        pairing = pair_round(request)
        for white, black in pairing.pairs:
            points = _result(rng, ratings[white - 1], ratings[black - 1])
            history[white].append(Entry(Kind.PLAYED, points, black, "w"))
            history[black].append(Entry(Kind.PLAYED, 1 - points, white, "b"))
            code = {Fraction(1): "1", Fraction(0): "0"}.get(points, "=")
            other = {"1": "0", "0": "1", "=": "="}[code]
            cells[white].append(f"{black:4d} w {code}")
            cells[black].append(f"{white:4d} b {other}")
        if pairing.bye is not None:
            history[pairing.bye].append(Entry(Kind.PAB, Fraction(1)))
            cells[pairing.bye].append("0000 - U")
    lines = [f"012 Random benchmark event {n}p seed {seed}", f"XXR {planned}", "XXC white1"]
    for t in range(1, n + 1):
        total = float(sum((e.points for e in history[t]), Fraction(0)))
        name = f"Bench{t:04d} Player{t:04d}"
        head = f"001 {t:4d}      {name:<33} {ratings[t - 1]:4d}{'':28}{total:4.1f} {t:4d}"
        lines.append(head + "".join(f"  {cell}" for cell in cells[t]))
    return "\n".join(lines) + "\n"


def time_caddy(path: Path, repeat: int) -> tuple[float, list[tuple[int, int]], int | None]:
    """``caddy pair FILE --json`` in this process: reading the file through the
    TRF codec, pairing, printing the document; the document is read back."""
    import contextlib
    import io

    from caddy.cli.main import main as caddy

    best = float("inf")
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for _ in range(repeat):
        out = io.StringIO()
        start = time.perf_counter()
        with contextlib.redirect_stdout(out):
            code = caddy(["pair", str(path), "--json"])
        document = json.loads(out.getvalue())
        elapsed = time.perf_counter() - start
        if code != 0:
            raise SystemExit(f"caddy pair {path} failed")
        best = min(best, elapsed)
        pairs = [(p["white"], p["black"]) for p in document["pairs"]]
        bye = document["byes"][0]["player"] if document["byes"] else None
    return best, pairs, bye


def time_py4swiss(python: Path, path: Path, repeat: int) -> tuple[float, list[tuple[int, int]]]:
    done = subprocess.run(
        [str(python), "-c", PY4SWISS_RUNNER, str(path), str(repeat)],
        check=True,
        capture_output=True,
        text=True,
    )
    data = json.loads(done.stdout)
    return float(data["seconds"]), [(int(w), int(b)) for w, b in data["pairs"]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[150, 500])
    parser.add_argument("--round", type=int, default=5, help="the round to pair (default 5)")
    parser.add_argument("--rounds", type=int, default=9, help="planned rounds (default 9)")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--keep", type=Path, help="write the TRF files into this folder")
    args = parser.parse_args()
    python = bench_python()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="caddy-swiss-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    figures: list[tuple[int, float, float]] = []
    print(f"round {args.round} of {args.rounds}, best of {args.repeat}")
    print(f"{'players':>7}  {'caddy':>9}  {'py4swiss':>9}  {'ratio':>6}  same boards")
    for n in args.sizes:
        path = folder / f"bench-{n}p.trf"
        path.write_text(random_event(n, args.round - 1, args.rounds, args.seed + n))
        caddy_s, caddy_pairs, bye = time_caddy(path, args.repeat)
        py4_s, py4_pairs = time_py4swiss(python, path, args.repeat)
        # py4swiss writes the PAB as "player 0"
        py4_bye = next((w for w, b in py4_pairs if b == 0), None)
        py4_boards = {(w, b) for w, b in py4_pairs if b != 0}
        same = sum(1 for pair in caddy_pairs if pair in py4_boards)
        figures.append((n, caddy_s, py4_s))
        print(
            f"{n:>7}  {caddy_s:>8.3f}s  {py4_s:>8.3f}s  {caddy_s / py4_s:>6.2f}  "
            f"{same}/{len(caddy_pairs)}{'' if bye == py4_bye else ' (byes differ)'}"
        )
    if len(figures) > 1:
        (n0, c0, p0), (n1, c1, p1) = figures[0], figures[-1]
        print(f"growth {n0} -> {n1}: caddy x{c1 / c0:.1f}, py4swiss x{p1 / p0:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
