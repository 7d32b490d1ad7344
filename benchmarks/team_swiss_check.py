"""Re-pair every round of a TRF26 team-Swiss file with the C.04.6 engine and compare.

Usage::

    python benchmarks/team_swiss_check.py [FILE] [--explain] [--ignore-260]
        [--initial-colour w|b] [--parity tpn|present] [--colour-history played|rounds]
        [--balance-colours] [--without-pab] [--colour-exempt N] [--float-exempt N]
        [--lookahead] [--sample-readings]

Default FILE: the FIDE TEC sample ``tests/data/trf/teamswiss_trf26_tec_sample_grandmommys_cup.trf``.
The file is read by ``tests/team_swiss_sample.py`` (team lists 310, player rows 001,
line-ups 300, byes 240, acceleration 250, forbidden pairs 260, PAB 320, forfeited matches
330). For each round r the engine pairs from rounds 1..r-1 and round r's absences; its
matches (team with White on board 1 first) and its pairing-allocated bye are compared with
round r of the file. Prints the file's self-contradictions (``file: ...``), then
``round r: identical``, ``round r: colours differ`` or the differences, then the totals of
the run asked for, then a summary of two fixed runs: the default (the C.04.6 text of 2026,
record 260 applied) and the sample's readings (``--sample-readings``: 260 and 152 left out,
initial colour Black, ``SAMPLE_READINGS``). Exit 1 if a round of the run asked for differs.

The options are fields of ``TeamPairingRequest`` (see docs/team-swiss.md): ``--parity``
C.04.6 4.3.1, ``--colour-history`` 4.3.6, ``--balance-colours`` 4.3.8 read with C.04.1
Art. 8, ``--without-pab`` the first-team of 4.2 without the PAB's points, ``--colour-exempt`` the final rounds without
[C8]/[C9], ``--float-exempt`` those without [C7]/[C10], ``--lookahead`` [C6] with colours.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddy_plugins.engines.team_swiss import pair_teams
from tests.team_swiss_sample import SAMPLE_READINGS, Sample, read_sample

SAMPLE = (
    Path(__file__).resolve().parent.parent
    / "tests/data/trf/teamswiss_trf26_tec_sample_grandmommys_cup.trf"
)


def replay(
    sample: Sample,
    options: Mapping[str, Any],
    forbidden: bool,
    initial_colour: str | None,
    out: list[str] | None = None,
    explain: bool = False,
) -> tuple[int, int]:
    """``(identical rounds, rounds with the file's matches and PAB)``; lines into ``out``."""
    identical = same_matches = 0
    lines = out if out is not None else []
    for rnd in range(1, sample.rounds + 1):
        expected_pairs, expected_bye = sample.pairing(rnd)
        request = sample.request(
            rnd, forbidden=forbidden, initial_colour=initial_colour, options=options
        )
        start = time.perf_counter()
        got = pair_teams(request)
        took = time.perf_counter() - start
        got_pairs = set(got.pairs)
        unordered = {frozenset(p) for p in got_pairs} == {frozenset(p) for p in expected_pairs}
        same_matches += unordered and got.bye == expected_bye
        if got_pairs == expected_pairs and got.bye == expected_bye:
            identical += 1
            lines.append(f"round {rnd}: identical ({took:.2f} s)")
        else:
            what = "colours differ" if unordered and got.bye == expected_bye else "differs"
            lines.append(f"round {rnd}: {what} ({took:.2f} s)")
            if got.bye != expected_bye:
                lines.append(f"  bye: engine {got.bye}, file {expected_bye}")
            for pair in sorted(got_pairs - expected_pairs):
                lines.append(f"  engine only: {pair[0]}-{pair[1]}")
            for pair in sorted(expected_pairs - got_pairs):
                lines.append(f"  file only:   {pair[0]}-{pair[1]}")
        if explain:
            lines.extend(f"    {line}" for line in got.explain)
    return identical, same_matches


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=SAMPLE)
    parser.add_argument("--explain", action="store_true", help="print the engine's decisions")
    parser.add_argument(
        "--ignore-260", action="store_true", help="leave the forbidden pairs (260) out"
    )
    parser.add_argument("--initial-colour", choices=["w", "b"], help="override record 152")
    parser.add_argument("--parity", choices=["tpn", "present"], help="C.04.6 4.3.1 reading")
    parser.add_argument(
        "--colour-history", choices=["played", "rounds"], help="C.04.6 4.3.6 reading"
    )
    parser.add_argument(
        "--balance-colours",
        action="store_true",
        help="C.04.6 4.3.8 read with C.04.1 Art. 8 (the colour had fewer times first)",
    )
    parser.add_argument(
        "--without-pab",
        action="store_true",
        help="C.04.6 4.2: the first-team compared without the points of a PAB",
    )
    parser.add_argument("--colour-exempt", type=int, help="final rounds without [C8]/[C9]")
    parser.add_argument("--float-exempt", type=int, help="final rounds without [C7]/[C10]")
    parser.add_argument("--lookahead", action="store_true", help="[C6] read with colours")
    parser.add_argument(
        "--sample-readings",
        action="store_true",
        help="the options that reproduce the sample (implies --ignore-260 --initial-colour b)",
    )
    args = parser.parse_args(argv)
    sample = read_sample(args.file.read_text(encoding="utf-8"))
    options: dict[str, Any] = dict(SAMPLE_READINGS) if args.sample_readings else {}
    flags = {
        "initial_colour_parity": args.parity,
        "colour_history": args.colour_history,
        "balance_colours": args.balance_colours or None,
        "first_team_without_pab": args.without_pab or None,
        "colour_exempt_rounds": args.colour_exempt,
        "float_exempt_rounds": args.float_exempt,
        "upfloater_lookahead": args.lookahead or None,
    }
    options.update({key: value for key, value in flags.items() if value is not None})
    forbidden = not (args.ignore_260 or args.sample_readings)
    initial = args.initial_colour or ("b" if args.sample_readings else None)
    for note in sample.notes:
        print("file:", note)
    lines: list[str] = []
    same, matches = replay(sample, options, forbidden, initial, lines, args.explain)
    print("\n".join(lines))
    total = sample.rounds
    print(f"{same}/{total} rounds identical, {matches}/{total} with the file's matches and PAB")
    default = replay(sample, {}, True, None)
    readings = replay(sample, SAMPLE_READINGS, False, "b")
    print(
        f"default (C.04.6 2026, 260 applied): {default[0]}/{total} identical, "
        f"{default[1]}/{total} matches and PAB"
    )
    print(
        f"sample readings (no 260, initial colour b, {SAMPLE_READINGS}): "
        f"{readings[0]}/{total} identical, {readings[1]}/{total} matches and PAB"
    )
    return 0 if same == total else 1


if __name__ == "__main__":
    raise SystemExit(main())
