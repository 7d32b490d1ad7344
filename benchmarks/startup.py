"""Startup cost of the CLI against the floor of what it must import.

Times ``caddy calc 12 --tc G/25d5`` (the console script, as users run it)
and the floor ``python -c "import attrs, pluggy, importlib.metadata"`` with
the same interpreter, interleaved, and prints the median of each and their
ratio. Target: ratio <= 1.25.

Installed packages carry compiled bytecode (pip compiles on install); an
editable install under PYTHONDONTWRITEBYTECODE=1 never gets any, which
would time the compiler, not caddy. So the script compiles caddy's sources
first, as an install would.

Usage: python benchmarks/startup.py [--runs 21]
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def spread(times: list[float]) -> str:
    """Quartiles and extremes, in ms: how much a loaded machine moved the runs."""
    q1, _, q3 = statistics.quantiles(times, n=4)
    return f"(quartiles {q1 * 1000:.1f}-{q3 * 1000:.1f}, min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (min 15)")
    args = parser.parse_args()
    runs = max(15, args.runs)
    for folder in ("core", "plugins"):
        compileall.compile_dir(str(ROOT / folder), quiet=1)
    script = shutil.which("caddy", path=str(Path(sys.executable).parent)) or shutil.which("caddy")
    if script is None:
        print("caddy is not installed beside this interpreter", file=sys.stderr)
        return 1
    caddy = [script, "calc", "12", "--tc", "G/25d5"]
    floor = [sys.executable, "-c", "import attrs, pluggy, importlib.metadata"]
    for command in (caddy, floor):  # warm the file cache
        timed(command)
    caddy_times, floor_times = [], []
    for _ in range(runs):
        caddy_times.append(timed(caddy))
        floor_times.append(timed(floor))
    c, f = statistics.median(caddy_times), statistics.median(floor_times)
    print(
        f"interpreter: {sys.executable} ({sys.version.split()[0]}), {os.cpu_count()} cpus, {runs} runs each"
    )
    print(f"caddy calc 12 --tc G/25d5 : median {c * 1000:6.1f} ms  {spread(caddy_times)}")
    print(f"floor (attrs+pluggy+metadata): median {f * 1000:6.1f} ms  {spread(floor_times)}")
    print(f"ratio: {c / f:.3f} (target <= 1.25)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
