"""caddy's Dutch engine at scale, against py4swiss 0.3.1 on the same TRF files.

Usage::

    python benchmarks/swiss.py [--sizes 150 500 1000 2000 5000] [--rounds-to-pair 5 9]
                               [--planned 9] [--repeat 3] [--py4swiss PYTHON | --no-py4swiss]
                               [--timeout 600] [--keep FOLDER]

For each size N a random event of N players (ratings 1000-2700, 9 rounds
planned) is played with realistic results (the higher-rated player wins more
often, about 30 % draws), each round paired by caddy's engine; for each round R
asked for, the event after rounds 1..R-1 is written as a TRF file (FIDE Data
Exchange Format, ``XXR`` planned rounds, ``XXC white1``). Then both engines
read that file and pair round R, each in a fresh process: caddy as the arbiter
runs it (``caddy pair FILE --json`` through :func:`caddy.cli.main.main`),
py4swiss in its own environment. Each time covers reading the TRF and pairing
(imports excluded: a small file is paired first); caddy's best of ``--repeat``
runs (default 3) counts, py4swiss runs once. The peak memory is the process's
maximum resident set (``ru_maxrss``, interpreter and imports included). py4swiss gets ``--timeout``
seconds (default 600, the issue's 10 minutes); after a timeout it is not run on
larger sizes for that round. Every pairing is read: the boards on which both
engines agree are counted (py4swiss implements the Dutch rules before 2026, so
some difference is expected).

py4swiss is not a caddy dependency. ``--py4swiss`` names an interpreter that
has it (e.g. an existing venv's ``bin/python``); otherwise ``.bench-venv`` is
used, created with ``pip install py4swiss==0.3.1`` when missing. When that
fails (offline), the table is printed without py4swiss.

Prints per size and round both times and peaks, and the growth of caddy's time
from each size to the next (with the growth of N for comparison).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import venv
from fractions import Fraction
from pathlib import Path

from caddy_plugins.engines.dutch.dutch import pair_round
from caddy_plugins.engines.dutch.model import Entry, Kind, PairingRequest, PlayerInput

ROOT = Path(__file__).resolve().parent.parent
BENCH_VENV = ROOT / ".bench-venv"
PY4SWISS = "py4swiss==0.3.1"

#: Run inside py4swiss's environment: time it on a TRF, print JSON.
PY4SWISS_RUNNER = r"""
import json, resource, sys, time
from pathlib import Path
from py4swiss.engines import DutchEngine
from py4swiss.trf import TrfParser
path = Path(sys.argv[1])
start = time.perf_counter()
trf = TrfParser.parse(path)
pairings = DutchEngine.generate_pairings(trf)
elapsed = time.perf_counter() - start
pairs = [[int(x) for x in p.to_string().split()] for p in pairings]
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": elapsed, "peak": peak, "pairs": pairs}))
"""

#: Run in a fresh process of this interpreter: ``caddy pair FILE --json``, timed.
CADDY_RUNNER = r"""
import contextlib, io, json, resource, sys, time
from caddy.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["pair", sys.argv[2], "--json"])  # warm-up: lazy imports, bytecode
out = io.StringIO()
start = time.perf_counter()
with contextlib.redirect_stdout(out):
    code = main(["pair", sys.argv[1], "--json"])
elapsed = time.perf_counter() - start
if code != 0:
    raise SystemExit(f"caddy pair {sys.argv[1]} failed")
document = json.loads(out.getvalue())
pairs = [[p["white"], p["black"]] for p in document["pairs"]]
bye = document["byes"][0]["player"] if document["byes"] else None
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": elapsed, "peak": peak, "pairs": pairs, "bye": bye}))
"""


def mib(peak: int) -> float:
    """``ru_maxrss`` in MiB (kilobytes on Linux, bytes on macOS)."""
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def bench_python(given: Path | None) -> Path | None:
    """An interpreter with py4swiss: ``given``, else ``.bench-venv`` (created when
    missing); ``None`` when it cannot be had (e.g. offline)."""
    if given is not None:
        return given
    python = BENCH_VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {BENCH_VENV} with {PY4SWISS} ...", file=sys.stderr)
        try:
            venv.create(BENCH_VENV, with_pip=True)
            subprocess.run(
                [str(python), "-m", "pip", "install", "-q", PY4SWISS], check=True, timeout=600
            )
        except (OSError, subprocess.SubprocessError) as exc:
            print(f"py4swiss unavailable ({exc}): caddy only", file=sys.stderr)
            return None
    return python


def _result(rng: random.Random, white_rating: int, black_rating: int) -> Fraction:
    """White's points: the Elo expectation sets who wins, about 30 % draws."""
    expected = 1 / (1 + 10 ** ((black_rating - white_rating) / 400))
    x = rng.random()
    if x < 0.3:
        return Fraction(1, 2)
    return Fraction(1) if rng.random() < expected else Fraction(0)


class Event:
    """A random event of ``n`` players, paired round by round by caddy's engine."""

    def __init__(self, n: int, planned: int, seed: int) -> None:
        self.n = n
        self.planned = planned
        self.seed = seed
        self.rng = random.Random(seed)
        self.ratings = sorted((self.rng.randint(1000, 2700) for _ in range(n)), reverse=True)
        self.history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
        self.cells: dict[int, list[str]] = {t: [] for t in range(1, n + 1)}

    def play(self, rounds: int) -> None:
        """Pair and play rounds until ``rounds`` are done."""
        ratings, history, cells, rng = self.ratings, self.history, self.cells, self.rng
        for r in range(len(history[1]) + 1, rounds + 1):
            request = PairingRequest(
                round_number=r,
                total_rounds=self.planned,
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

    def trf(self) -> str:
        """The event so far as a TRF file."""
        n, seed = self.n, self.seed
        lines = [
            f"012 Random benchmark event {n}p seed {seed}",
            f"XXR {self.planned}",
            "XXC white1",
        ]
        for t in range(1, n + 1):
            total = float(sum((e.points for e in self.history[t]), Fraction(0)))
            name = f"Bench{t:04d} Player{t:04d}"
            head = f"001 {t:4d}      {name:<33} {self.ratings[t - 1]:4d}{'':28}{total:4.1f} {t:4d}"
            lines.append(head + "".join(f"  {cell}" for cell in self.cells[t]))
        return "\n".join(lines) + "\n"


def random_event(n: int, played: int, planned: int, seed: int) -> str:
    """A TRF of ``n`` players after ``played`` rounds paired by caddy's engine."""
    event = Event(n, planned, seed)
    event.play(played)
    return event.trf()


def _run(command: list[str], timeout: float | None) -> dict[str, object] | None:
    """Run a runner, return its JSON; ``None`` after ``timeout`` seconds."""
    try:
        done = subprocess.run(command, check=True, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    result: dict[str, object] = json.loads(done.stdout)
    return result


def time_caddy(path: Path, warm_up: Path) -> dict[str, object]:
    """``caddy pair FILE --json`` in a fresh process of this interpreter, after pairing
    the small ``warm_up`` file there (so lazy imports are not timed)."""
    found = _run([sys.executable, "-c", CADDY_RUNNER, str(path), str(warm_up)], None)
    assert found is not None
    return found


def time_py4swiss(python: Path, path: Path, timeout: float) -> dict[str, object] | None:
    return _run([str(python), "-c", PY4SWISS_RUNNER, str(path)], timeout)


def _pairs(found: dict[str, object]) -> list[tuple[int, int]]:
    return [(int(w), int(b)) for w, b in found["pairs"]]  # type: ignore[attr-defined]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[150, 500, 1000, 2000, 5000])
    parser.add_argument(
        "--rounds-to-pair", type=int, nargs="+", default=[5, 9], help="rounds paired (5 9)"
    )
    parser.add_argument("--planned", type=int, default=9, help="planned rounds (default 9)")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--py4swiss", type=Path, help="an interpreter with py4swiss installed")
    parser.add_argument("--no-py4swiss", action="store_true", help="caddy only")
    parser.add_argument("--repeat", type=int, default=3, help="caddy: best of N (default 3)")
    parser.add_argument("--timeout", type=float, default=600, help="py4swiss's limit, seconds")
    parser.add_argument("--keep", type=Path, help="write the TRF files into this folder")
    args = parser.parse_args()
    python = None if args.no_py4swiss else bench_python(args.py4swiss)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="caddy-swiss-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    rounds = sorted(args.rounds_to_pair)
    warm_up = folder / "warm-up.trf"
    warm_up.write_text(random_event(12, 2, args.planned, args.seed))
    timed_out: dict[int, int] = {}  # round -> size at which py4swiss timed out
    times: dict[tuple[int, int], float] = {}
    print(f"one round paired (TRF read + pairing), {args.planned} rounds planned")
    print(
        f"{'players':>7} {'round':>5}  {'caddy':>9} {'peak':>8}  {'py4swiss':>9} {'peak':>8}"
        "  same boards"
    )
    for n in args.sizes:
        event = Event(n, args.planned, args.seed + n)
        for rnd in rounds:
            event.play(rnd - 1)
            path = folder / f"bench-{n}p-r{rnd}.trf"
            path.write_text(event.trf())
            runs = [time_caddy(path, warm_up) for _ in range(args.repeat)]
            caddy = min(runs, key=lambda run: float(run["seconds"]))  # type: ignore[arg-type]
            seconds = float(caddy["seconds"])  # type: ignore[arg-type]
            times[(n, rnd)] = seconds
            line = f"{n:>7} {rnd:>5}  {seconds:>8.2f}s {mib(int(caddy['peak'])):>5.0f}MiB"  # type: ignore[call-overload]
            py4 = None
            if python is not None and rnd not in timed_out:
                py4 = time_py4swiss(python, path, args.timeout)
                if py4 is None:
                    timed_out[rnd] = n
            if py4 is not None:
                py4_pairs = _pairs(py4)
                # py4swiss writes the PAB as "player 0"
                py4_bye = next((w for w, b in py4_pairs if b == 0), None)
                boards = {(w, b) for w, b in py4_pairs if b != 0}
                mine = _pairs(caddy)
                same = sum(1 for pair in mine if pair in boards)
                differ = "" if caddy["bye"] == py4_bye else " (byes differ)"
                line += (
                    f"  {float(py4['seconds']):>8.2f}s {mib(int(py4['peak'])):>5.0f}MiB"  # type: ignore[arg-type, call-overload]
                    f"  {same}/{len(mine)}{differ}"
                )
            elif rnd in timed_out:
                line += (
                    f"  {'> ' + format(args.timeout, '.0f') + 's':>9}"
                    if timed_out[rnd] == n
                    else "  (not run: timed out at a smaller size)"
                )
            print(line, flush=True)
    for rnd in rounds:
        steps = []
        for a, b in zip(args.sizes, args.sizes[1:], strict=False):
            ta, tb = times[(a, rnd)], times[(b, rnd)]
            steps.append(f"{a}->{b} x{tb / ta:.1f} (N x{b / a:.1f})")
        if steps:
            print(f"growth, round {rnd}: " + ", ".join(steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
