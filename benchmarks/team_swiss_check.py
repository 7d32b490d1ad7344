"""Re-pair every round of a TRF26 team-Swiss file with the C.04.6 engine and compare.

Usage::

    python benchmarks/team_swiss_check.py [FILE] [--explain]

Default FILE: the FIDE TEC sample ``tests/data/trf/teamswiss_trf26_tec_sample_grandmommys_cup.trf``.
The file is read by the small reader below (team lists 310, player rows 001, line-ups 300,
byes 240, acceleration 250, forbidden pairs 260, PAB 320, forfeited matches 330; other
lines are skipped). For each round r the engine pairs from rounds 1..r-1 and round r's
absences; its matches (team with White on board 1 first) and its pairing-allocated bye are
compared with round r of the file. Prints the file's self-contradictions (``file: ...``),
then ``round r: identical`` or the differences, then ``N/M rounds identical``; exit 1 if
any round differs. ``--ignore-260`` pairs without the forbidden pairs (the sample itself
pairs teams its 260 forbids).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddy_plugins.team_swiss import pair_teams
from tests.team_swiss_sample import Sample, read_sample

SAMPLE = (
    Path(__file__).resolve().parent.parent
    / "tests/data/trf/teamswiss_trf26_tec_sample_grandmommys_cup.trf"
)


def check(sample: Sample, explain: bool, forbidden: bool) -> int:
    """Print one line per round; return the number of identical rounds."""
    identical = 0
    for note in sample.notes:
        print("file:", note)
    for rnd in range(1, sample.rounds + 1):
        expected_pairs, expected_bye = sample.pairing(rnd)
        request = sample.request(rnd, forbidden=forbidden)
        start = time.perf_counter()
        got = pair_teams(request)
        took = time.perf_counter() - start
        got_pairs = set(got.pairs)
        if got_pairs == expected_pairs and got.bye == expected_bye:
            identical += 1
            print(f"round {rnd}: identical ({took:.2f} s)")
        else:
            print(f"round {rnd}: differs ({took:.2f} s)")
            if got.bye != expected_bye:
                print(f"  bye: engine {got.bye}, file {expected_bye}")
            for pair in sorted(got_pairs - expected_pairs):
                print(f"  engine only: {pair[0]}-{pair[1]}")
            for pair in sorted(expected_pairs - got_pairs):
                print(f"  file only:   {pair[0]}-{pair[1]}")
        if explain:
            for line in got.explain:
                print("   ", line)
    print(f"{identical}/{sample.rounds} rounds identical")
    return identical


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=SAMPLE)
    parser.add_argument("--explain", action="store_true", help="print the engine's decisions")
    parser.add_argument(
        "--ignore-260", action="store_true", help="leave the forbidden pairs (260) out"
    )
    args = parser.parse_args(argv)
    sample = read_sample(args.file.read_text(encoding="utf-8"))
    same = check(sample, args.explain, not args.ignore_260)
    return 0 if same == sample.rounds else 1


if __name__ == "__main__":
    raise SystemExit(main())
