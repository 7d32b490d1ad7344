"""Schedule building speed against floors measured in the same run (issue 3 §7).

1. The FIDE schedule for N = 250, 500, 1000 through the public API
   (``get_host().formats().get("round-robin").schedule(...)``), touching
   every game by summing the White and Black numbers of every round, against
   the floor ``[(i, j) for i in range(n) for j in range(i + 1, n)]`` followed
   by the same sum. Prints both times, the ratio, and the growth from 500 to
   1000 (the game count grows 4.0x). Targets: ratio <= 1.5 at N = 1000,
   growth <= 4.6x.

2. The whole command ``caddy table 1000 --json > /dev/null``: wall time and
   peak memory against plain scripts that build the same JSON document with
   lists and dicts and dump it, both the streaming ``json.dump(doc, stdout)``
   and the one-shot ``stdout.write(json.dumps(doc))``. Each ratio is taken
   against the better floor of the two. Targets: time <= 2.5x, memory <= 2x.

   Peak memory is the measured process's own: its ``VmHWM`` (the high-water
   mark of its resident set since it started, see proc(5)), which it reads
   from ``/proc/self/status`` at exit (:func:`run_measured`). The
   ``ru_maxrss`` that ``os.wait4`` returns will not do on Linux: it keeps the
   high-water mark of the address space the child had before exec, a copy of
   its parent's, so a parent holding 300 MiB makes ``python -c pass`` read
   313 MiB.

Usage: python benchmarks/schedule.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import compileall
import gc
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def caddy_api(n: int) -> int:
    from caddy.contracts.format_tools import schedule_format
    from caddy.plugins.host import get_host

    fmt = schedule_format(get_host().formats().get("round-robin"))
    schedule = fmt.schedule(n, fmt.Options())
    return sum(sum(r.white) + sum(r.black) for r in schedule.rounds)


def floor(n: int) -> int:
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    return sum(i + j for i, j in pairs)


def best_time(function: Callable[[int], int], n: int, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        function(n)
        times.append(time.perf_counter() - start)
    return min(times)


# A plain script building the same caddy.schedule document as `caddy table N --json`.
PLAIN_SCRIPT = """
import json, sys
n, mode = int(sys.argv[1]), sys.argv[2]
h, m = n // 2, n - 1
rounds = []
for r in range(m):
    offset = r * h % m
    games = []
    for b in range(1, h + 1):
        if b == 1:
            x = offset % m + 1
            white, black = (x, n) if r % 2 == 0 else (n, x)
        else:
            white = (b - 1 + offset) % m + 1
            black = (n - b + offset) % m + 1
        games.append({"board": b, "white": white, "black": black})
    rounds.append(games)
doc = {
    "schema": "caddy.schedule", "version": 1, "format": "round-robin",
    "title": "FIDE Berger table (Handbook C.05 Annex 1), %d players" % n,
    "players": n, "seed": None,
    "options": {"table": "fide", "cycles": 1, "swap_last_two": True,
                "reverse_colours": False, "bye_points": 0.0, "given": []},
    "rounds": rounds, "byes": [[] for _ in rounds],
}
if mode == "dump":
    json.dump(doc, sys.stdout)
else:
    sys.stdout.write(json.dumps(doc))
sys.stdout.write("\\n")
"""


# Runs a Python program (``-c CODE``, ``-m MODULE`` or a script such as a console
# script) in its own process, then writes that process's peak resident set
# (``VmHWM`` in KiB, from /proc/self/status) to the file named first. The
# registration comes first, so the handler runs after the program's own.
MEASURE = """
import atexit, runpy, sys
side, program = sys.argv[1], sys.argv[2:]
def report():
    with open("/proc/self/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    with open(side, "w") as out:
        out.write(peak)
atexit.register(report)
if program[0] == "-c":
    sys.argv = ["-c", *program[2:]]
    exec(compile(program[1], "<string>", "exec"), {"__name__": "__main__"})
elif program[0] == "-m":
    sys.argv = [program[1], *program[2:]]
    runpy.run_module(program[1], run_name="__main__", alter_sys=True)
else:
    sys.argv = program
    runpy.run_path(program[0], run_name="__main__")
"""


def run_measured(command: list[str], output: Path) -> tuple[float, int]:
    """Wall time (s) and peak RSS (KiB) of one Python process writing to ``output``.

    ``command`` is ``[python, ARGS...]`` (``ARGS`` a script, ``-c CODE`` or
    ``-m MODULE``, then its arguments) or ``[script, ARGS...]`` for a Python
    script such as the ``caddy`` console script. It runs under this
    interpreter with :data:`MEASURE` in front, which reports the process's
    own ``VmHWM``: a figure the parent's memory does not enter (Linux only).
    """
    python = Path(command[0]).name.startswith("python")
    program = command[1:] if python else command
    with tempfile.TemporaryDirectory() as tmp:
        side = Path(tmp) / "vmhwm"
        with output.open("wb") as sink:
            start = time.perf_counter()
            proc = subprocess.run(
                [sys.executable, "-c", MEASURE, str(side), *program], stdout=sink, check=False
            )
            elapsed = time.perf_counter() - start
        if proc.returncode != 0 or not side.exists():
            raise SystemExit(f"command failed: {' '.join(command)}")
        peak = int(side.read_text())
    return elapsed, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--repeat", type=int, default=7, help="runs per measurement (best or median)"
    )
    args = parser.parse_args()
    for folder in ("core", "plugins"):  # as an installed package would have it
        compileall.compile_dir(str(ROOT / folder), quiet=1)

    print("1. FIDE schedule through the public API, every game touched (best of runs)")
    caddy_api(10)  # load plugins outside the timing
    results = {}
    for n in (250, 500, 1000):
        runs = max(15, args.repeat)  # millisecond timings: many runs, the best counts
        c, f = best_time(caddy_api, n, runs), best_time(floor, n, runs)
        # both sums are the same total of player numbers: a cross-check
        assert caddy_api(n) == floor(n) + n * (n - 1), n
        results[n] = (c, f)
        print(f"  N={n:5d}  caddy {c * 1000:8.1f} ms  floor {f * 1000:8.1f} ms  ratio {c / f:5.2f}")
    growth = results[1000][0] / results[500][0]
    floor_growth = results[1000][1] / results[500][1]
    print(f"  ratio at N=1000: {results[1000][0] / results[1000][1]:.2f} (target <= 1.5)")
    print(f"  growth 500 -> 1000: {growth:.2f}x (target <= 4.6x; floor {floor_growth:.2f}x)")

    print("2. caddy table 1000 --json > file, against plain scripts building the same document")
    script = shutil.which("caddy", path=str(Path(sys.executable).parent)) or shutil.which("caddy")
    if script is None:
        print("  caddy is not installed beside this interpreter", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "plain.py"
        plain.write_text(PLAIN_SCRIPT)
        commands = {
            "caddy": [script, "table", "1000", "--json"],
            "json.dump": [sys.executable, str(plain), "1000", "dump"],
            "json.dumps": [sys.executable, str(plain), "1000", "dumps"],
        }
        outputs = {name: Path(tmp) / f"{name}.json" for name in commands}
        measured: dict[str, list[tuple[float, int]]] = {name: [] for name in commands}
        for _ in range(max(3, args.repeat // 2)):
            for name, command in commands.items():  # interleaved
                measured[name].append(run_measured(command, outputs[name]))
        import json

        same = json.loads(outputs["caddy"].read_text()) == json.loads(
            outputs["json.dumps"].read_text()
        )
        print(f"  documents identical: {same}")
        stats = {
            name: (statistics.median(t for t, _ in runs), max(m for _, m in runs))
            for name, runs in measured.items()
        }
        for name, (t, m) in stats.items():
            print(f"  {name:10s}  median {t * 1000:7.0f} ms  peak RSS {m / 1024:7.1f} MiB")
        best_floor_time = min(stats["json.dump"][0], stats["json.dumps"][0])
        best_floor_memory = min(stats["json.dump"][1], stats["json.dumps"][1])
        print(
            f"  time ratio:   {stats['caddy'][0] / best_floor_time:.2f} (target <= 2.5, vs the faster floor)"
        )
        print(
            f"  memory ratio: {stats['caddy'][1] / best_floor_memory:.2f} (target <= 2, vs the smaller floor)"
        )
        if not same:
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
