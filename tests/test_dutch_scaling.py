"""How much work the Dutch engine does on big rounds (FIDE Handbook C.04.3), counted, never timed.

A bracket's answer is the first candidate in the Article 4 generation order that is
best on the criteria C6-C21 (C.04.3 Articles 3-4). When a search finds a candidate whose
every criterion reaches a bound no candidate can beat (3.4), no matching is needed;
these tests count the matching edges and criteria the engine computes, so a big round
that goes back to quadratic work fails here (issue 31). Equality with the matchings'
answer is checked on events where the search decides, with the speed-ups switched off
(``bracket.SHORTCUTS``), and the search's pieces against brute force.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy_plugins.engines.dutch import bracket, criteria, round_state, solving
from caddy_plugins.engines.dutch.dutch import pair_round
from caddy_plugins.engines.dutch.matching import max_weight_matching
from caddy_plugins.engines.dutch.model import Entry, Kind, Pairing, PairingRequest, PlayerInput
from caddy_plugins.engines.dutch.players import PlayerState, build_players
from tests.test_dutch import by_matchings_alone

ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)


class Work:
    """Edges handed to maximum-weight matchings and criteria computed, while counting."""

    def __init__(self) -> None:
        self.edges = 0
        self.largest = 0
        self.criteria = 0
        self.searched = 0


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Work:
    counted = Work()

    def counting_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
        counted.edges += len(edges)
        counted.largest = max(counted.largest, n)
        return max_weight_matching(n, edges)

    monkeypatch.setattr(solving, "max_weight_matching", counting_matching)
    monkeypatch.setattr(round_state, "max_weight_matching", counting_matching)
    weigh = criteria.CriteriaRound.criteria

    def counting_criteria(self: criteria.CriteriaRound, *args: object) -> int:
        counted.criteria += 1
        return weigh(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(criteria.CriteriaRound, "criteria", counting_criteria)
    search = getattr(bracket, "first_optimal_candidate", None)
    if search is not None:

        def counting_search(*args: object) -> object:
            found = search(*args)
            counted.searched += found is not None
            return found

        monkeypatch.setattr(bracket, "first_optimal_candidate", counting_search)
    return counted


def _request(n: int, history: dict[int, list[Entry]], rnd: int, total: int) -> PairingRequest:
    return PairingRequest(
        round_number=rnd,
        total_rounds=total,
        players=tuple(
            PlayerInput(tpn=t, points=sum((e.points for e in h), ZERO), history=tuple(h))
            for t, h in sorted(history.items())
        ),
    )


def _record(history: dict[int, list[Entry]], pairing: Pairing, result: Fraction) -> None:
    if pairing.bye is not None:
        history[pairing.bye].append(Entry(Kind.PAB, ONE))
    for w, b in pairing.pairs:
        history[w].append(Entry(Kind.PLAYED, result, b, "w"))
        history[b].append(Entry(Kind.PLAYED, 1 - result, w, "b"))


def round_two(n: int) -> PairingRequest:
    """Round 2 of ``n`` players after a round 1 of top half against bottom half (C.04.3
    Article 4 with colours alternating, the PAB to the last of an odd number): the
    higher-ranked player wins two games in three, one in five is drawn."""
    half = n // 2
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    for t in range(1, half + 1):
        o = t + half
        white, black = (t, o) if t % 2 else (o, t)
        result = HALF if t % 5 == 0 else ZERO if t % 3 == 0 else ONE
        if white != t:
            result = 1 - result
        history[white].append(Entry(Kind.PLAYED, result, black, "w"))
        history[black].append(Entry(Kind.PLAYED, 1 - result, white, "b"))
    if n % 2:
        history[n].append(Entry(Kind.PAB, ONE))
    return _request(n, history, 2, 9)


def one_score(n: int, played: int) -> Iterator[PairingRequest]:
    """Each round of an event where every game is drawn (one scoregroup throughout)."""
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    for rnd in range(1, played + 2):
        req = _request(n, history, rnd, played + 1)
        yield req
        _record(history, pair_round(req), HALF)


def test_big_round_two_needs_no_quadratic_work(work: Work) -> None:
    """300 players, round 2: brackets of about 100; linear work, not one weight per pair."""
    n = 300
    pairing = pair_round(round_two(n))
    assert len(pairing.pairs) == n // 2
    assert work.edges <= 4 * n
    assert work.criteria <= 4 * n


def test_late_one_score_round_needs_no_quadratic_work(work: Work) -> None:
    """160 players, all on one score after 6 rounds: one bracket of 160, linear work."""
    n = 160
    *_, last = one_score(n, 6)
    work.edges = work.criteria = 0
    pairing = pair_round(last)
    assert len(pairing.pairs) == n // 2
    assert work.edges <= 4 * n
    assert work.criteria <= 4 * n


@pytest.mark.parametrize(("n", "played", "seed"), [(31, 6, 1), (40, 7, 2), (27, 5, 3)])
def test_search_gives_the_matchings_answer(work: Work, n: int, played: int, seed: int) -> None:
    """Events with many draws (big scoregroups): the search decides some brackets, and
    every round equals the one paired by the matchings alone."""
    rng = random.Random(seed)
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    for rnd in range(1, played + 1):
        req = _request(n, history, rnd, played)
        fast = pair_round(req)
        slow = by_matchings_alone(req)
        assert (fast.pairs, fast.bye) == (slow.pairs, slow.bye), f"round {rnd}"
        _record(history, fast, rng.choice([HALF, HALF, HALF, ONE, ZERO]))
    assert work.searched > 0


@pytest.mark.parametrize("n", [41, 62, 83])
def test_round_two_search_gives_the_matchings_answer(work: Work, n: int) -> None:
    """Round 2 with three scoregroups (odd fields: C9 may reach the last one, which
    the matchings then pair too): the search decides, as the matchings would."""
    req = round_two(n)
    fast = pair_round(req)
    searched = work.searched
    slow = by_matchings_alone(req)
    assert (fast.pairs, fast.bye) == (slow.pairs, slow.bye)
    assert searched > 0


def _lexicographic_first(adj: list[list[int]], nright: int, loose: int) -> list[int] | None:
    """Brute force: every assignment of right vertices, in lexicographic order."""
    nleft = len(adj)
    if nleft != nright:
        return None
    for perm in itertools.permutations(range(nright)):
        if all(perm[i] in adj[i] for i in range(nleft)):
            fixed = list(perm[: nleft - loose])
            # the loose vertices may take the rest in any order
            return fixed
    return None


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_first_perfect_matching_is_the_lexicographic_first(data: st.DataObject) -> None:
    n = data.draw(st.integers(min_value=1, max_value=6))
    loose = data.draw(st.integers(min_value=0, max_value=1))
    adj = [
        sorted(data.draw(st.sets(st.integers(min_value=0, max_value=n - 1), max_size=n)))
        for _ in range(n)
    ]
    from caddy_plugins.engines.dutch.transposition import first_perfect_matching

    want = _lexicographic_first(adj, n, loose)
    got = first_perfect_matching(adj, n, loose)
    if want is None:
        assert got is None
    else:
        # permutations come in lexicographic order, so the first fitting one is minimal
        assert got == want


def _group(colours: list[tuple[str, ...]]) -> list[PlayerState]:
    """Players with these colour histories (opponents absent now, outside the group)."""
    played = len(colours[0])
    inputs = []
    for t, cs in enumerate(colours, start=1):
        games = [Entry(Kind.PLAYED, HALF, 100 * t + r, c) for r, c in enumerate(cs)]  # type: ignore[arg-type]
        inputs.append(PlayerInput(tpn=t, points=HALF * played, history=tuple(games)))
        inputs += [
            PlayerInput(
                tpn=e.opponent,
                points=ZERO,
                history=(Entry(Kind.ZERO_BYE, ZERO),) * played,
                present=False,
            )
            for e in games
            if e.opponent is not None
        ]
    req = PairingRequest(round_number=played + 1, total_rounds=played + 1, players=tuple(inputs))
    return build_players(req, 2)[0]


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_colour_floor_is_never_above_the_best_pairing(data: st.DataObject) -> None:
    """No pairing of the players fails C10, C11, C12 or C13 fewer times than the floor."""
    played = data.draw(st.integers(min_value=1, max_value=4))
    n = data.draw(st.integers(min_value=2, max_value=7))
    history = st.tuples(*[st.sampled_from("wb")] * played)
    players = _group(data.draw(st.lists(history, min_size=n, max_size=n)))
    from caddy_plugins.engines.dutch.transposition import colour_floor, count_kinds

    floor = colour_floor(count_kinds(players), n)
    best = [n, n, n, n]
    for order in itertools.permutations(range(n)):
        fails = [0, 0, 0, 0]
        for i in range(0, n - 1, 2):
            h, lo = sorted((players[order[i]], players[order[i + 1]]), key=lambda x: x.idx)
            for k, ok in enumerate(criteria.colour_criteria(h, lo)):
                fails[k] += not ok
        best = [min(b, f) for b, f in zip(best, fails, strict=True)]
    assert all(f <= b for f, b in zip(floor, best, strict=True))


@pytest.mark.parametrize(("n", "played", "seed"), [(31, 5, 2), (24, 5, 10), (40, 5, 11)])
def test_exact_colour_budget_gives_the_matchings_answer(
    monkeypatch: pytest.MonkeyPatch, n: int, played: int, seed: int
) -> None:
    """Brackets whose colour floor is out of reach: the walk run again with the fewest
    colour failures (from a matching on the criteria alone) decides some of them, and
    every round equals the one paired by the matchings alone (C.04.3 Articles 3-4)."""
    decided = []
    exact = bracket.Bracket.exact_budget_candidate

    def counting(self: bracket.Bracket) -> object:
        found = exact(self)
        decided.append(found is not None)
        return found

    monkeypatch.setattr(bracket.Bracket, "exact_budget_candidate", counting)
    rng = random.Random(seed)
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    for rnd in range(1, played + 1):
        req = _request(n, history, rnd, played)
        fast = pair_round(req)
        slow = by_matchings_alone(req)
        assert (fast.pairs, fast.bye) == (slow.pairs, slow.bye), f"round {rnd}"
        _record(history, fast, rng.choice([HALF, HALF, HALF, ONE, ZERO]))
    assert any(decided)


def _has_perfect_by_brute_force(n: int, edges: set[tuple[int, int]], spare: list[bool]) -> bool:
    def pairs_all(left: list[int]) -> bool:
        if not left:
            return True
        v, others = left[0], left[1:]
        return any((v, w) in edges and pairs_all([x for x in others if x != w]) for w in others)

    everyone = list(range(n))
    if n % 2 == 0:
        return pairs_all(everyone)
    return any(spare[s] and pairs_all([v for v in everyone if v != s]) for s in everyone)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_completion_check_agrees_with_brute_force(data: st.DataObject) -> None:
    """C4 (C.04.3: the round can be completed): ``has_perfect_matching`` answers as an
    exhaustive search does, from any starting matching, one spare left over when odd."""
    from caddy_plugins.engines.dutch.perfect import has_perfect_matching

    n = data.draw(st.integers(min_value=0, max_value=9))
    all_pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    chosen = data.draw(
        st.lists(st.sampled_from(all_pairs), unique=True) if all_pairs else st.just([])
    )
    edges = set(chosen) | {(b, a) for a, b in chosen}
    spare = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    rows = [bytearray((a, b) in edges for b in range(n)) for a in range(n)]
    start: list[tuple[int, int]] = []
    taken: set[int] = set()
    for a, b in data.draw(st.permutations(chosen)):
        if a not in taken and b not in taken and data.draw(st.booleans()):
            start.append((a, b))
            taken.update((a, b))
    vertices = list(range(n))
    assert has_perfect_matching(vertices, rows, spare, start) == _has_perfect_by_brute_force(
        n, edges, spare
    )


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_colour_floor_before_the_final_round(data: st.DataObject) -> None:
    """Before the final round C3 bars two absolute preferences alike (C.04.3 C3): the
    floor then counts no such pair as sparing C13, and no pairing without them does better."""
    played = data.draw(st.integers(min_value=1, max_value=4))
    n = data.draw(st.integers(min_value=2, max_value=6))
    history = st.tuples(*[st.sampled_from("wb")] * played)
    players = _group(data.draw(st.lists(history, min_size=n, max_size=n)))
    from caddy_plugins.engines.dutch.transposition import colour_floor, count_kinds

    floor = colour_floor(count_kinds(players), n, absolute_pairs=False)
    best = [n, n, n, n]
    for order in itertools.permutations(range(n)):
        fails = [0, 0, 0, 0]
        allowed = True
        for i in range(0, n - 1, 2):
            h, lo = sorted((players[order[i]], players[order[i + 1]]), key=lambda x: x.idx)
            if h.absolute and lo.absolute and h.pref == lo.pref:
                allowed = False
                break
            for k, ok in enumerate(criteria.colour_criteria(h, lo)):
                fails[k] += not ok
        if allowed:
            best = [min(b, f) for b, f in zip(best, fails, strict=True)]
    assert all(f <= b for f, b in zip(floor, best, strict=True))
