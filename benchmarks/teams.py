"""Team event speed against a floor measured in the same run.

1. Team standings of the FIDE TEC team sample (50 teams, 4 boards, 14
   rounds; tests/data/trf): the path ``caddy standings FILE`` takes after the
   import, ``state_team_event`` (the boards folded into MP and GP) and
   ``team_standings`` on the file's list EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP
   (every value computed, every team ranked). Floor: plain Python from the
   same input, the rounds' team matches (line-ups) and the players' results:
   one loop summing each side's board points per match, its MP, then a
   Buchholz on MP and the MP x GP products against each opponent (no
   unplayed-round rules, no cuts, no direct encounter: the floor is lower
   than the job). Target (issue 31 item 5): <= 3x. caddy and the floor run
   in turn (best of each), so a change of the machine's load between them
   does not skew the ratio.
2. A team Swiss round of the sample (``caddy pair FILE --round 9``'s
   engine call, request built in advance) against the floor of step 1, to
   show its size.

Usage: python benchmarks/teams.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from caddy.event import replay
from caddy.event.teams import state_team_event
from caddy.plugins.lookup import get_codec
from caddy.standings.teams import team_standings

SAMPLE = Path("tests/data/trf/teamswiss_trf26_tec_sample_grandmommys_cup.trf")


def best(repeat: int, fn: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def interleaved(repeat: int, functions: list[Callable[[], Any]]) -> list[float]:
    """Each function's best time, the functions run in turn: a ratio of two of
    them is not skewed by the machine's load changing between them."""
    times: list[list[float]] = [[] for _ in functions]
    for _ in range(repeat):
        for function, kept in zip(functions, times, strict=True):
            gc.collect()
            start = time.perf_counter()
            function()
            kept.append(time.perf_counter() - start)
    return [min(kept) for kept in times]


def floor(rounds: list[Any], points: dict[tuple[int, int], float], teams: int) -> Any:
    """Plain Python: GP and MP per team, then BH on MP and sum of opponent MP x GP."""
    gp = [0.0] * (teams + 1)
    mp = [0.0] * (teams + 1)
    met: list[list[tuple[int, float]]] = [[] for _ in range(teams + 1)]
    for r, matches in enumerate(rounds, 1):
        for a, b, lineup_a, lineup_b in matches:
            ga = sum(points.get((r, p), 0.0) for p in lineup_a)
            gb = sum(points.get((r, p), 0.0) for p in lineup_b)
            _score(a, b, ga, gb, gp, mp, met)
    bh = [sum(mp[o] for o, _ in met[t]) for t in range(teams + 1)]
    esb = [sum(mp[o] * g for o, g in met[t]) for t in range(teams + 1)]
    return sorted(range(1, teams + 1), key=lambda t: (-mp[t], -esb[t], -bh[t], -gp[t]))


def _score(
    a: int,
    b: int,
    ga: float,
    gb: float,
    gp: list[float],
    mp: list[float],
    met: list[list[tuple[int, float]]],
) -> None:
    gp[a] += ga
    gp[b] += gb
    if ga > gb:
        mp[a] += 2
    elif gb > ga:
        mp[b] += 2
    elif ga > 0:
        mp[a] += 1
        mp[b] += 1
    met[a].append((b, ga))
    met[b].append((a, gb))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    ns = parser.parse_args()
    imported = get_codec("trf").read(SAMPLE.read_bytes(), source=str(SAMPLE))
    event = imported.event
    state = replay(event)
    tevent = state_team_event(state)
    rounds = [
        [
            (m.white, m.black, m.white_lineup, m.black_lineup)
            for m in rnd.teams.matches
            if not m.forfeit
        ]
        for rnd in state.rounds
        if rnd.teams is not None
    ]
    assert tevent.players is not None
    points = {
        (r, p.number): row[r - 1].points
        for p, row in zip(tevent.players.players, tevent.players.results, strict=True)
        for r in range(1, tevent.rounds + 1)
    }
    count = len(tevent.setup.teams)
    texts = list(event.tournament.tiebreaks or ())

    def caddy_path() -> Any:
        result = team_standings(state_team_event(state), texts)
        return [row.tiebreaks for row in result.rows]  # touch every value

    base, ours = interleaved(ns.repeat * 2, [lambda: floor(rounds, points, count), caddy_path])
    print(f"team standings, {count} teams x {tevent.rounds} rounds, {texts}")
    print(f"  floor (plain Python MP/GP, BH, ESB): {base * 1000:8.2f} ms")
    print(f"  caddy (fold + standings + explainable values): {ours * 1000:8.2f} ms")
    print(f"  ratio: {ours / base:.1f} (target <= 3, issue 31 item 5)")
    # where caddy's time goes (each part alone, best of; not the ratio above)
    folded = state_team_event(state)
    fold, rank = interleaved(
        ns.repeat * 2, [lambda: state_team_event(state), lambda: team_standings(folded, texts)]
    )
    print(f"    of which the fold (state_team_event): {fold * 1000:8.2f} ms")
    print(f"    of which the standings (team_standings): {rank * 1000:8.2f} ms")

    from caddy.pairing.file_input import file_pairing
    from caddy_plugins.formats.team_swiss.pairing import pair_team_round

    found = file_pairing(str(SAMPLE), SAMPLE.read_bytes(), get_codec("trf"), round=9)
    pairing = best(ns.repeat, lambda: pair_team_round(found.request))
    print(f"team Swiss round 9 of {count} teams (C.04.6 engine): {pairing * 1000:8.2f} ms")
    print(f"  ratio to the standings floor: {pairing / base:.1f}")


if __name__ == "__main__":
    main()
