"""The test suite's time on a fresh clone (issue 31 item 6: under 60 s of wall time on 2 cores).

Clones the checkout's committed HEAD into a temporary folder and runs the
README's test command there, ``python -m pytest -n auto`` (pytest-xdist: one
worker per core), with this interpreter and the packages installed beside it
(``pip install ".[test]"`` done already; a fresh clone has no bytecode of its
tests, so pytest rewrites every test module's asserts as on a first run).
Prints the wall time, the CPU seconds of pytest and its workers, the tests
that ran and the cores; then, with ``--collect``, the time one process takes
to collect the suite (each xdist worker collects it once). The default run
leaves out the tests marked ``slow`` (``nox -s slow``) and tries an eighth of
each property test's examples (at least 5) (``nox -s properties``): tests/conftest.py.

Usage: python benchmarks/suite.py [--collect] [-- PYTEST ARGS]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 60.0


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], cwd: Path) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (the process and its children), the output."""
    cpu, start = children_cpu(), time.perf_counter()
    proc = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    return wall, children_cpu() - cpu, proc.stdout + proc.stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--collect", action="store_true", help="also time one collection")
    parser.add_argument("pytest_args", nargs="*", help="more arguments for pytest")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        clone = Path(folder) / "clone"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        command = [sys.executable, "-m", "pytest", "-n", "auto", "-q", "-p", "no:cacheprovider"]
        wall, cpu, output = timed([*command, *args.pytest_args], clone)
        # pytest's last line, e.g. "4719 passed, 62 skipped in 50.5s" (a plugin's warning on
        # stderr may come after it)
        lines = output.strip().splitlines()
        summary = next(
            (x for x in reversed(lines) if re.search(r"\b(passed|failed|errors?)\b.* in ", x)),
            lines[-1] if lines else "(no output)",
        )
        print(f"fresh clone of {ROOT} (HEAD), {os.cpu_count()} cores, {sys.executable}")
        print(f"  pytest -n auto: {summary}")
        for line in output.splitlines():  # which tests failed (pytest's short summary)
            if line.startswith(("FAILED ", "ERROR ")):
                print(f"    {line}")
        print(
            f"  wall {wall:6.1f} s (goal < {GOAL:.0f} s: {'met' if wall < GOAL else 'missed'})"
            f"   CPU {cpu:6.1f} s"
        )
        if args.collect:
            wall, cpu, output = timed(
                [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                clone,
            )
            found = re.search(r"(\d+)(?:/\d+)? tests? collected", output)
            count = found.group(1) if found else "?"
            print(f"  collection in one process: {count} tests, wall {wall:.1f} s, CPU {cpu:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
