"""Generate Swiss tournaments with ``caddy simulate`` and check every round of each.

Usage::

    python benchmarks/simulate_check.py [--count 200] [--first-seed 1] [--keep FOLDER]
        [--system dutch|burstein] [--engine PATH]

Tournament k (seed ``first-seed + k``) has a size drawn from 8-200 players,
log-uniformly (most of them small), and 5-11 rounds, at most half the field
plus one (a Swiss with nearly as many rounds as players may be impossible to
pair under the Dutch rules, FIDE Handbook C.04.3 1.9.3: the arbiter decides).
Each is written by ``caddy simulate`` (in this process, through
:func:`caddy.cli.main.main`), written a second time to check that the same seed
gives the same bytes, and ``caddy check FILE --pairings`` (the pairing
checker: every round paired again from the rounds before it and compared
with the file, pairs with their colours and the pairing-allocated bye) must
find every round identical; with ``--engine``, the engine's own checker
(``bbpPairings.exe --SYSTEM FILE -c``) must too. (bbpPairings v6.0.0's
Burstein mode crashes on most rounds with a pairing-allocated bye: give it a
build with that fixed, tests/data/swiss/burstein/SOURCES.md.) ``--system`` is the pairing
system (``caddy simulate --system``). Prints each tournament
that differs, then ``N/M tournaments identical (R rounds, S s, T s per
tournament)``; exit 1 if any differs.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from caddy.cli.main import main as caddy


def sizes(count: int, first_seed: int) -> list[tuple[int, int, int]]:
    """``(players, rounds, seed)`` of each tournament (fixed by ``first_seed``)."""
    rng = random.Random(f"simulate-check:{first_seed}")
    out = []
    for k in range(count):
        players = round(8 * 25 ** rng.random())  # 8..200, log-uniform
        rounds = rng.randint(5, min(11, players // 2 + 1))
        out.append((players, rounds, first_seed + k))
    return out


def run(*args: str) -> tuple[int, str]:
    """``caddy ARGS`` in this process: exit code and stdout (stderr when it fails)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = caddy(list(args))
    return code, out.getvalue() if code == 0 else err.getvalue()


def check(
    players: int,
    rounds: int,
    seed: int,
    folder: Path,
    system: str = "dutch",
    engine: str | None = None,
) -> list[str]:
    """Simulate one tournament twice and re-pair each round: one line per problem."""
    path = folder / f"sim-{seed}.trf"
    again = folder / f"sim-{seed}-again.trf"
    problems = []
    for target in (path, again):
        code, text = run(
            "simulate", "--players", str(players), "--rounds", str(rounds), "--seed", str(seed),
            "-o", str(target), "--force", "--system", system,
        )  # fmt: skip
        if code != 0:
            return [f"seed {seed} ({players} players, {rounds} rounds): {text.strip()}"]
    if path.read_bytes() != again.read_bytes():
        problems.append(f"seed {seed}: two runs wrote different files")
    code, text = run("check", str(path), "--pairings")
    if code != 0 or "every pairing identical" not in text:
        problems.append(f"seed {seed}: caddy check --pairings: {text.strip()}")
    if engine is not None:
        done = subprocess.run(
            [engine, f"--{system}", str(path), "-c"], capture_output=True, text=True, check=False
        )
        wanted = [f"{path.stem}: Round #{r}" for r in range(1, rounds + 1)]
        got = [line for line in done.stdout.splitlines() if line.strip()]
        if done.returncode != 0 or got != wanted:
            said = (done.stdout + done.stderr).strip().splitlines()[-3:]
            problems.append(f"seed {seed}: the engine's checker (exit {done.returncode}): {said}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="tournaments (default 200)")
    parser.add_argument("--first-seed", type=int, default=1, help="seed of the first one")
    parser.add_argument("--keep", type=Path, help="write the files here (default: a temp folder)")
    parser.add_argument("--system", default="dutch", choices=("dutch", "burstein"))
    parser.add_argument("--engine", help="also run this bbpPairings executable's checker")
    args = parser.parse_args(argv)
    plan = sizes(args.count, args.first_seed)
    same = total_rounds = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as temp:
        folder = args.keep or Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        for players, rounds, seed in plan:
            problems = check(players, rounds, seed, folder, args.system, args.engine)
            total_rounds += rounds
            if problems:
                print("\n".join(problems))
            else:
                same += 1
    took = time.perf_counter() - start
    smallest = min(p for p, _, _ in plan)
    largest = max(p for p, _, _ in plan)
    print(
        f"{same}/{len(plan)} tournaments identical ({smallest}-{largest} players, "
        f"{total_rounds} rounds, {took:.1f} s, {took / len(plan):.2f} s per tournament)"
    )
    return 0 if same == len(plan) else 1


if __name__ == "__main__":
    sys.exit(main())
