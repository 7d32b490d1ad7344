"""Re-pair every round of a folder of TRF files with caddy's Dutch engine and compare.

Usage::

    python benchmarks/swiss_check.py tests/data/swiss/dutch-2026 [--explain] [--limit N]

For a file with R rounds and each r = 1..R: rounds 1..r-1 plus round r's
announced absences are the input (tests/data/swiss/dutch-2026/SOURCES.md), the
engine pairs round r, and the pairs with colours and the PAB are compared with
those written in the file. Prints mismatches and ``N/M rounds identical``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from caddy_plugins.swiss.dutch import pair_round
from caddy_plugins.swiss.model import NoValidPairingError
from caddy_plugins.swiss.trf_input import expected_round, read_trf, request_for_round


def check_file(path: Path, explain: bool = False, out: list[str] | None = None) -> tuple[int, int]:
    """Return ``(identical, rounds)`` for one file; append mismatch lines to ``out``."""
    trf = read_trf(path)
    same = 0
    total = trf.rounds_recorded
    for r in range(1, total + 1):
        want_pairs, want_bye = expected_round(trf, r)
        try:
            got = pair_round(request_for_round(trf, r))
        except NoValidPairingError as exc:
            if out is not None:
                out.append(f"{path.name} round {r}: {exc}")
            continue
        got_pairs = set(got.pairs)
        if got_pairs == want_pairs and got.bye == want_bye:
            same += 1
            continue
        if out is not None:
            out.append(f"{path.name} round {r}:")
            missing = sorted(want_pairs - got_pairs)
            extra = sorted(got_pairs - want_pairs)
            out.append(f"  expected {' '.join(f'{w}-{b}' for w, b in missing)} bye {want_bye}")
            out.append(f"  got      {' '.join(f'{w}-{b}' for w, b in extra)} bye {got.bye}")
            if explain and got.explanation is not None:
                out.extend("  " + line for line in got.explanation.lines())  # type: ignore[attr-defined]
    return same, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--explain", action="store_true", help="show the engine's reasoning")
    parser.add_argument("--limit", type=int, default=0, help="only the first N files")
    parser.add_argument("--max-players", type=int, default=0, help="skip larger files")
    parser.add_argument("files", nargs="*", help="only these file names")
    args = parser.parse_args(argv)
    paths = sorted(args.folder.glob("*.trf"))
    if args.files:
        paths = [p for p in paths if p.name in set(args.files)]
    if args.max_players:
        paths = [p for p in paths if len(read_trf(p).players) <= args.max_players]
    if args.limit:
        paths = paths[: args.limit]
    same = total = 0
    start = time.perf_counter()
    for path in paths:
        lines: list[str] = []
        s, t = check_file(path, args.explain, lines)
        same += s
        total += t
        for line in lines:
            print(line)
        sys.stdout.flush()
    elapsed = time.perf_counter() - start
    print(f"{same}/{total} rounds identical ({len(paths)} files, {elapsed:.1f} s)")
    return 0 if same == total else 1


if __name__ == "__main__":
    raise SystemExit(main())
