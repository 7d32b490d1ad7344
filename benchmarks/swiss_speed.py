"""Time the Dutch engine on random events: ``python benchmarks/swiss_speed.py 150 500``.

Each event of N players plays R rounds (default 9) with random results
(40 % draws, a few half-point byes); every round is paired by
:func:`caddy_plugins.swiss.dutch.pair_round` and timed. Prints the mean and the
worst time per round for each N.
"""

from __future__ import annotations

import argparse
import random
import time
from fractions import Fraction

from caddy_plugins.swiss.dutch import pair_round
from caddy_plugins.swiss.model import Entry, Kind, PairingRequest, PlayerInput

HALF = Fraction(1, 2)


def simulate(n: int, rounds: int, seed: int) -> list[float]:
    """Play a random event; return the pairing time of each round in seconds."""
    rng = random.Random(seed)
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    times: list[float] = []
    for r in range(1, rounds + 1):
        absent = {t for t in history if rng.random() < 0.02}
        players = tuple(
            PlayerInput(
                tpn=t,
                points=sum((e.points for e in h), Fraction(0)),
                history=tuple(h),
                present=t not in absent,
            )
            for t, h in history.items()
        )
        request = PairingRequest(round_number=r, total_rounds=rounds, players=players)
        start = time.perf_counter()
        result = pair_round(request)
        times.append(time.perf_counter() - start)
        for t in absent:
            history[t].append(Entry(Kind.HALF_BYE, HALF))
        if result.bye is not None:
            history[result.bye].append(Entry(Kind.PAB, Fraction(1)))
        for w, b in result.pairs:
            x = rng.random()
            sw = Fraction(1) if x < 0.3 + (b - w) / (4 * n) else HALF if x < 0.7 else Fraction(0)
            history[w].append(Entry(Kind.PLAYED, sw, b, "w"))
            history[b].append(Entry(Kind.PLAYED, 1 - sw, w, "b"))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for n in args.sizes:
        times = simulate(n, args.rounds, args.seed)
        print(
            f"{n} players, {args.rounds} rounds: mean {sum(times) / len(times):.3f} s/round, "
            f"worst {max(times):.3f} s"
        )


if __name__ == "__main__":
    main()
