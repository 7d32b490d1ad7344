"""Time the Dutch engine on random events: ``python benchmarks/swiss_speed.py 150 500``.

Each event of N players plays R rounds (default 9) with random results
(40 % draws, a few half-point byes); every round is paired by
:func:`caddy_plugins.engines.dutch.dutch.pair_round` and timed. Prints the mean and the
worst time per round for each N.

``--big`` instead pairs, for each N, the two shapes of issue 31, against a floor
measured in the same run:

- round 2 after a round 1 of top half against bottom half (the higher-ranked
  player wins two games in three, one in five drawn): three big scoregroups;
- a one-score round late in an event: every game of rounds 1-8 drawn (those
  rounds paired by the engine, not timed), so round 9 is one bracket of N.

Each prints the engine's CPU time (``time.process_time``, best of ``--repeat``),
its peak of traced memory (``tracemalloc``, one more run) and the ratio to the
floor: the plainest honest Python for the same job, sorting the players by score
and pairing number and pairing each scoregroup's top half with its bottom half
(the first candidate of C.04.3 Article 4, with no criterion checked). The
growth from the smallest to the largest N closes the table.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from collections.abc import Callable
from fractions import Fraction
from functools import partial

from caddy_plugins.engines.dutch.dutch import pair_round
from caddy_plugins.engines.dutch.model import Entry, Kind, PairingRequest, PlayerInput

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


def _request(history: dict[int, list[Entry]], rnd: int, total: int) -> PairingRequest:
    return PairingRequest(
        round_number=rnd,
        total_rounds=total,
        players=tuple(
            PlayerInput(tpn=t, points=sum((e.points for e in h), Fraction(0)), history=tuple(h))
            for t, h in sorted(history.items())
        ),
    )


def round_two(n: int) -> PairingRequest:
    """Round 2 of 9 after a round 1 of top half against bottom half, colours alternating."""
    half = n // 2
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    for t in range(1, half + 1):
        o = t + half
        white, black = (t, o) if t % 2 else (o, t)
        top = HALF if t % 5 == 0 else Fraction(0) if t % 3 == 0 else Fraction(1)
        result = top if white == t else 1 - top
        history[white].append(Entry(Kind.PLAYED, result, black, "w"))
        history[black].append(Entry(Kind.PLAYED, 1 - result, white, "b"))
    return _request(history, 2, 9)


def one_score(n: int, played: int = 8) -> PairingRequest:
    """Round ``played + 1`` of an event whose every game was drawn (one scoregroup)."""
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    for rnd in range(1, played + 1):
        pairing = pair_round(_request(history, rnd, played + 1))
        if pairing.bye is not None:
            history[pairing.bye].append(Entry(Kind.PAB, Fraction(1)))
        for w, b in pairing.pairs:
            history[w].append(Entry(Kind.PLAYED, HALF, b, "w"))
            history[b].append(Entry(Kind.PLAYED, HALF, w, "b"))
    return _request(history, played + 1, played + 1)


def floor(request: PairingRequest) -> list[tuple[int, int]]:
    """Each scoregroup's top half against its bottom half, nothing checked."""
    players = sorted(request.players, key=lambda p: (-p.points, p.tpn))
    pairs: list[tuple[int, int]] = []
    start = 0
    while start < len(players):
        end = start
        while end < len(players) and players[end].points == players[start].points:
            end += 1
        group = [p.tpn for p in players[start:end]]
        half = len(group) // 2
        pairs.extend(zip(group[:half], group[half : 2 * half], strict=True))
        start = end
    return pairs


def cpu(job: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        job()
        best = min(best, time.process_time() - start)
    return best


def peak(job: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        job()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def big(sizes: list[int], repeat: int) -> None:
    shapes: list[tuple[str, Callable[[int], PairingRequest]]] = [
        ("round 2", round_two),
        ("one score, round 9", one_score),
    ]
    for name, make in shapes:
        print(f"{name}:")
        print(f"{'players':>9} {'CPU s':>8} {'peak MiB':>9} {'floor ms':>9} {'ratio':>7}")
        rows = []
        for n in sizes:
            request = make(n)
            engine = cpu(partial(pair_round, request), repeat)
            plain = cpu(partial(floor, request), max(repeat, 5))
            memory = peak(partial(pair_round, request)) / 2**20
            rows.append((n, engine, plain))
            print(
                f"{n:>9} {engine:>8.2f} {memory:>9.1f} {plain * 1000:>9.2f} {engine / plain:>7.0f}"
            )
        (n0, e0, f0), (n1, e1, f1) = rows[0], rows[-1]
        print(f"growth {n0} -> {n1}: engine x{e1 / e0:.1f}, floor x{f1 / f0:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--big", action="store_true", help="the two shapes of issue 31")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (--big)")
    args = parser.parse_args()
    if args.big:
        big(args.sizes, args.repeat)
        return
    for n in args.sizes:
        times = simulate(n, args.rounds, args.seed)
        print(
            f"{n} players, {args.rounds} rounds: mean {sum(times) / len(times):.3f} s/round, "
            f"worst {max(times):.3f} s"
        )


if __name__ == "__main__":
    main()
