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
   does not skew the ratio. Then, for information only (the target stays
   against the floor above): a second floor doing the whole job the file
   asks in plain Python (:func:`whole_floor`: MP and GP with the byes,
   forfeited matches, empty boards and absent teams, EDET/P, EMGSB/C1/P and
   BH:MP/C1/P with their cuts and the 2024 edition's unplayed-round rules,
   MPvGP), checked to rank every team with the same values as caddy, and
   caddy's ratio to it.
2. A team Swiss round of the sample (``caddy pair FILE --round 9``'s
   engine call, request built in advance) against the floor of step 1, to
   show its size.

Usage: python benchmarks/teams.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from caddy.event import replay
from caddy.event.teams import state_team_event
from caddy.plugins.lookup import get_codec
from caddy.standings.teams import team_standings

if not __package__:  # run as a script: the repository root holds the benchmarks package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.timing import best, interleaved

SAMPLE = Path("tests/data/trf/teamswiss_trf26_tec_sample_grandmommys_cup.trf")


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


# -- the whole job, in plain Python (information: not the floor) --------------


def whole_floor(
    rounds: list[tuple[list[Any], list[tuple[int, str]]]],
    points: dict[tuple[int, int], float],
    n: int,
    boards: int,
) -> list[tuple[int, float, float, float, float, float]]:
    """The sample's standings as its file asks, in plain Python: MP and GP
    from the boards (empty boards, forfeited matches, team byes, absent
    teams), then EDET/P (C.07 13.3: direct encounter on MP, then GP, Art.
    6.3 where not all met; two teams still tied: top board results of their
    encounter), EMGSB/C1/P and BH:MP/C1/P (Art. 16 in the 2024 edition: a
    team's own unplayed round against a dummy with its own score, an
    opponent's requested byes after its last match as draws; /P forfeits
    played; the cut of Art. 14.1 with 16.5's voluntarily unplayed round
    first), MPvGP. Rows (team, MP, EDE value, EMGSB, BH, GP), ranked. Only
    what this file needs: 2-1-0 match points, 1-½-0 board points, a Swiss."""
    count = len(rounds)
    opp = [[-1] * count for _ in range(n)]
    code = [["Z"] * count for _ in range(n)]
    mp = [[0.0] * count for _ in range(n)]
    gp = [[0.0] * count for _ in range(n)]
    per_board: list[list[tuple[float, ...]]] = [[(0.0,) * boards] * count for _ in range(n)]
    byes = {"pab": ("U", 1.0, 2.0, 1.0), "full": ("F", 2.0, 4.0, 1.0), "half": ("H", 1.0, 2.0, 0.5)}
    byes["zero"] = ("Z", 0.0, 0.0, 0.0)
    for r, (matches, round_byes) in enumerate(rounds):
        for a, b, lineup_a, lineup_b, forfeit in matches:
            a, b = a - 1, b - 1
            opp[a][r], opp[b][r] = b, a
            if forfeit:
                for t, won in ((a, forfeit[0] == "+"), (b, forfeit[1] == "+")):
                    code[t][r] = "+" if won else "-"
                    mp[t][r], gp[t][r] = (2.0, float(boards)) if won else (0.0, 0.0)
                    per_board[t][r] = (1.0 if won else 0.0,) * boards
                continue
            sides = []
            for mine, theirs in ((lineup_a, lineup_b), (lineup_b, lineup_a)):
                sides.append(
                    tuple(
                        points[(r + 1, p)] if p and q else (1.0 if p else 0.0)
                        for p, q in zip(mine, theirs, strict=True)
                    )
                )
            ga, gb = sum(sides[0]), sum(sides[1])
            outcome = ("1", "0") if ga > gb else ("0", "1") if gb > ga else ("=", "=")
            if ga == gb == 0:
                outcome = ("0", "0")
            for t, side, total, c in ((a, sides[0], ga, outcome[0]), (b, sides[1], gb, outcome[1])):
                code[t][r], mp[t][r], gp[t][r] = c, {"1": 2.0, "=": 1.0, "0": 0.0}[c], total
                per_board[t][r] = side
        for team, kind in round_byes:
            c, m, g, each = byes[kind]
            code[team - 1][r], mp[team - 1][r], gp[team - 1][r] = c, m, g
            per_board[team - 1][r] = (each,) * boards
    total_mp = [sum(row) for row in mp]
    total_gp = [sum(row) for row in gp]
    # Art. 16: a team's own unplayed rounds, the score its opponents see
    adjusted = []
    for t in range(n):
        last = 0
        for r in range(count):
            if code[t][r] in "1=0U" or mp[t][r] == 2.0:
                last = r + 1
        adjusted.append(sum(mp[t][r] if r < last or opp[t][r] >= 0 else 1.0 for r in range(count)))
    esb, bh = [], []
    for t in range(n):
        bh_items, esb_items = [], []
        for r in range(count):
            o = opp[t][r]
            if o >= 0:  # a match, forfeited ones played (/P)
                score, vur = adjusted[o], False
            else:
                score, vur = total_mp[t], not (code[t][r] == "U" or mp[t][r] == 2.0)
            bh_items.append((score, score, r + 1, vur))
            esb_items.append((score, score * gp[t][r], r + 1, vur))
        bh.append(_cut_one(bh_items))
        esb.append(_cut_one(esb_items))
    met: list[dict[int, list[int]]] = [
        {} for _ in range(n)
    ]  # opponent -> rounds of the matches that count (/P: forfeits)
    for t in range(n):
        for r in range(count):
            if opp[t][r] >= 0 and code[t][r] in "1=0+-":
                met[t].setdefault(opp[t][r], []).append(r)
    place = [0] * n
    ede = [0.0] * n
    by_mp: dict[float, list[int]] = {}
    for t in range(n):
        by_mp.setdefault(total_mp[t], []).append(t)
    for group in by_mp.values():
        if len(group) > 1:
            _ede_rank(group, 1, place, met, (mp, gp), per_board)
            places = [place[t] for t in group]
            if len(set(places)) > 1:
                for t in group:
                    ede[t] = float(place[t])
    order = sorted(range(n), key=lambda t: (-total_mp[t], place[t], -esb[t], -bh[t], -total_gp[t]))
    return [(t + 1, total_mp[t], ede[t], esb[t], bh[t], total_gp[t]) for t in order]


def _cut_one(items: list[tuple[float, float, int, bool]]) -> float:
    """Art. 14.1 /C1: the least significant value, or (16.5) the voluntarily
    unplayed round's when it is not lower."""
    least = min(items)
    vurs = [item for item in items if item[3]]
    if vurs:
        lowest = min(vurs, key=lambda item: (item[1], item[0], item[2]))
        if not least[1] > lowest[1]:
            least = lowest
    items.remove(least)
    return sum(item[1] for item in items)


def _ede_rank(
    members: list[int],
    start: int,
    place: list[int],
    met: list[dict[int, list[int]]],
    scores: tuple[list[list[float]], list[list[float]]],
    per_board: list[list[tuple[float, ...]]],
) -> None:
    if len(members) == 1:
        place[members[0]] = start
        return
    groups = [members]
    for pts, win in zip(scores, (2.0, 4.0), strict=True):  # MP, then GP
        points, seen = {}, {}
        for i in members:
            averages = [
                math.fsum(pts[i][r] for r in met[i][j]) / len(met[i][j])
                for j in members
                if j != i and j in met[i]
            ]
            points[i], seen[i] = math.fsum(averages), len(averages)
        size = len(members)
        if all(seen[i] == size - 1 for i in members):
            order = sorted(members, key=lambda i: -points[i])
            groups = []
            for i in order:
                if groups and points[groups[-1][0]] == points[i]:
                    groups[-1].append(i)
                else:
                    groups.append([i])
        else:  # Art. 6.3
            most = {i: points[i] + (size - 1 - seen[i]) * win for i in members}
            order = sorted(members, key=lambda i: (-points[i], -most[i]))
            groups = []
            while len(order) > 1 and points[order[0]] > max(most[i] for i in order[1:]):
                groups.append([order.pop(0)])
            groups.append(order)
        if len(groups) > 1:
            break
    if len(groups) == 1:
        if len(members) == 2:  # top board results of the direct encounter
            a, b = members
            tops = {
                i: tuple(
                    math.fsum(per_board[i][r][k] for r in met[i].get(j, []))
                    for k in range(len(per_board[i][0]))
                )
                for i, j in ((a, b), (b, a))
            }
            if tops[a] != tops[b]:
                first, second = (a, b) if tops[a] > tops[b] else (b, a)
                place[first], place[second] = start, start + 1
                return
        for i in members:
            place[i] = start
        return
    position = start
    for sub in groups:
        _ede_rank(sub, position, place, met, scores, per_board)
        position += len(sub)


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

    base, ours = interleaved([lambda: floor(rounds, points, count), caddy_path], ns.repeat * 2)
    print(f"team standings, {count} teams x {tevent.rounds} rounds, {texts}")
    print(f"  floor (plain Python MP/GP, BH, ESB): {base * 1000:8.2f} ms")
    print(f"  caddy (fold + standings, every value computed): {ours * 1000:8.2f} ms")
    print(f"  ratio: {ours / base:.1f} (target <= 3, issue 31 item 5)")
    # information: a plain-Python floor doing the whole job the file asks
    full = [
        (
            [
                (m.white, m.black, m.white_lineup, m.black_lineup, m.forfeit)
                for m in rnd.teams.matches
            ],
            [(bye.team, bye.kind) for bye in rnd.teams.byes],
        )
        for rnd in state.rounds
        if rnd.teams is not None
    ]
    boards = tevent.setup.boards
    result = team_standings(state_team_event(state), texts)
    # the same order and values (the last, MPvGP, is the game points)
    expected = [
        (row.pairing_number, row.match_points, *row.tiebreaks.values()) for row in result.rows
    ]
    if whole_floor(full, points, count, boards) != expected:  # checked under python -O too
        raise SystemExit("benchmarks/teams.py: the whole-job floor does not rank as caddy does")
    whole, ours_again = interleaved(
        [lambda: whole_floor(full, points, count, boards), caddy_path], ns.repeat * 2
    )
    print(
        f"  information: a floor doing the whole job (byes, forfeits, EDET/P, EMGSB/C1/P, "
        f"BH:MP/C1/P with their cuts and Art. 16, MPvGP): {whole * 1000:8.2f} ms, "
        f"caddy {ours_again * 1000:.2f} ms, ratio {ours_again / whole:.1f}"
    )
    # where caddy's time goes (each part alone, best of; not the ratio above)
    folded = state_team_event(state)
    fold, rank = interleaved(
        [lambda: state_team_event(state), lambda: team_standings(folded, texts)], ns.repeat * 2
    )
    print(f"    of which the fold (state_team_event): {fold * 1000:8.2f} ms")
    print(f"    of which the standings (team_standings): {rank * 1000:8.2f} ms")

    from caddy.pairing.file_input import file_pairing
    from caddy_plugins.formats.team_swiss.pairing import pair_team_round

    found = file_pairing(str(SAMPLE), SAMPLE.read_bytes(), get_codec("trf"), round=9)
    pairing = best(lambda: pair_team_round(found.request), ns.repeat)
    print(f"team Swiss round 9 of {count} teams (C.04.6 engine): {pairing * 1000:8.2f} ms")
    print(f"  ratio to the standings floor: {pairing / base:.1f}")


if __name__ == "__main__":
    main()
