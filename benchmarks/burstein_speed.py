"""Time the Burstein engine at the sizes real opens reach, beside bbpPairings.

Usage::

    python benchmarks/burstein_speed.py [--players 50,100,150,300] [--rounds 7] [--seed 5]
            [--engine /usr/local/bin/bbpPairings.exe] [--timeout 600] [--keep DIR]

For each field size N: ``caddy simulate --players N --rounds R --seed S --system
burstein`` (in this process, through :func:`caddy.cli.main.main`): the CPU time of
the whole event (every round paired by caddy's Burstein engine, the default
``burstein_rules=engine`` reading); then the last round alone, from the file cut
before it: caddy's time (``caddy pair PREFIX --json``) and, beside it, the time of
bbpPairings (``--burstein PREFIX -p OUT``, the engine caddy's reading follows,
docs/burstein.md), which is the floor of the ratio printed, and whether the two
give the same pairs. The growth factors from one N to the next and from the
smallest to the largest close the table. Times are CPU seconds (this process's
``time.process_time``, the child's ``RUSAGE_CHILDREN``), so a loaded machine
changes them less than wall time would. No figure is asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from caddy.cli.main import main as caddy

if not __package__:  # run as a script: the repository root holds the benchmarks package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.swiss_check import prefix

DEFAULT_ENGINE = Path("/usr/local/bin/bbpPairings.exe")
POINTS = {"1": 1.0, "+": 1.0, "U": 1.0, "F": 1.0, "W": 1.0, "=": 0.5, "H": 0.5, "D": 0.5}


def quiet(args: list[str]) -> tuple[int, str]:
    """``caddy ARGS`` in this process: exit code and standard output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = caddy(args)
    return code, out.getvalue()


def cut(path: Path, round_number: int, folder: Path) -> Path:
    """The file as a pairing program is handed it before ``round_number``
    (:func:`benchmarks.swiss_check.prefix`), each player's points recounted from
    the rounds kept."""
    out = prefix(path, round_number, folder)
    lines = []
    for line in out.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            cells = [line[c : c + 10] for c in range(91, len(line), 10)]
            points = sum(POINTS.get(c[7:8], 0.0) for c in cells)
            line = f"{line[:80]}{points:4.1f}{line[84:]}"
        lines.append(line)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def engine_round(
    engine: Path, path: Path, timeout: float
) -> tuple[float, set[tuple[int, int]]] | str:
    """bbpPairings' CPU time and pairs (``(White, Black)``; a bye as ``(player, 0)``)
    for the round after ``path``, or why there are none (v6.0.0 crashes in most
    rounds with a pairing-allocated bye: docs/burstein.md, "Exactness")."""
    out = path.with_suffix(".pairs")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(
            [str(engine), "--burstein", str(path), "-p", str(out)],
            capture_output=True,
            check=False,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        return "crashed" if done.returncode < 0 else f"exit {done.returncode}"
    seconds = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    pairs = {
        (int(w), int(b))
        for w, b in (text.split() for text in out.read_text().splitlines()[1:] if text.strip())
    }
    return seconds, pairs


def caddy_round(path: Path) -> tuple[float, set[tuple[int, int]]]:
    """caddy's CPU time and pairs for the round after ``path`` (``caddy pair PATH --json``)."""
    start = time.process_time()
    code, out = quiet(["pair", str(path), "--json"])
    seconds = time.process_time() - start
    if code:
        raise SystemExit(f"caddy pair {path} failed")
    document = json.loads(out)
    pairs = {(p["white"], p["black"]) for p in document["pairs"]}
    pairs.update((b["player"], 0) for b in document["byes"] if b.get("kind", "pab") == "pab")
    return seconds, pairs


def growth(values: list[float | None]) -> str:
    out = []
    for a, b in itertools.pairwise(values):
        out.append("-" if a is None or b is None or a <= 0 else f"x{b / a:.1f}")
    return " ".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="50,100,150,300", help="field sizes, comma-separated")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--engine", type=Path, default=DEFAULT_ENGINE, help="bbpPairings.exe")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds for bbpPairings")
    parser.add_argument("--keep", type=Path, help="write the simulated events here")
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.players.split(",")]
    engine = args.engine if args.engine.exists() else None
    events: list[float | None] = []
    rounds: list[float | None] = []
    print(
        f"{'players':>7}  {'event (s)':>9}  {'round ' + str(args.rounds) + ' (s)':>11}  "
        f"{'bbpPairings (s)':>15}  {'ratio':>6}  same pairs"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
        # Warm up (imports, plugin discovery) outside the timings.
        quiet(["simulate", "--players", "12", "--rounds", "3", "--seed", "1", "--system",
               "burstein", "-o", str(folder / "warm.trf"), "--force"])  # fmt: skip
        for n in sizes:
            path = folder / f"b{n}.trf"
            start = time.process_time()
            code, _ = quiet(
                ["simulate", "--players", str(n), "--rounds", str(args.rounds), "--seed",
                 str(args.seed), "--system", "burstein", "-o", str(path), "--force"]
            )  # fmt: skip
            event = time.process_time() - start
            if code:
                raise SystemExit(f"caddy simulate --players {n} failed")
            if args.keep is not None:
                (args.keep / path.name).write_bytes(path.read_bytes())
            before = cut(path, args.rounds, folder)
            mine, our_pairs = caddy_round(before)
            theirs = (
                "not installed" if engine is None else engine_round(engine, before, args.timeout)
            )
            events.append(event)
            rounds.append(mine)
            if isinstance(theirs, str):
                floor, ratio, same = theirs, "-", "-"
            else:
                floor = f"{theirs[0]:.2f}"
                ratio = f"{mine / max(theirs[0], 0.001):.0f}"
                same = "yes" if theirs[1] == our_pairs else "NO"
            print(f"{n:>7}  {event:>9.2f}  {mine:>11.2f}  {floor:>15}  {ratio:>6}  {same}")
            sys.stdout.flush()
    print(f"growth, event: {growth(events)}; round {args.rounds}: {growth(rounds)}")
    if len(sizes) > 1:
        e0, e1 = events[0], events[-1]
        r0, r1 = rounds[0], rounds[-1]
        print(
            f"{sizes[0]} -> {sizes[-1]} players (x{sizes[-1] / sizes[0]:.0f}): "
            f"event x{(e1 or 0) / (e0 or 1):.1f}, round x{(r1 or 0) / (r0 or 1):.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
