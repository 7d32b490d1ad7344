"""The Burstein engine's one-matching-per-bracket shortcut (:mod:`caddy_plugins.engines.burstein.fold`)
gives exactly the pairs of the rules' procedure done word for word.

Sources:
- FIDE Handbook C.04.4.2 as bbpPairings ``--burstein`` reads it (docs/burstein.md, "How caddy
  pairs a round", item 5): in each bracket each player from the top is paired with the LOWEST
  player that still lets a maximum-weight matching pair everyone; the plain computation
  (``pair_round(request, plain=True)``) runs one matching per player.
- FIDE Handbook C.04.4.2 applied from 1 February 2026, art. 4.3 (docs/burstein.md, "Pairing by
  the 2026 text"): from BSN 1 down each player takes the largest BSN an optimal matching allows.
- tests/data/swiss/burstein (its SOURCES.md): rounds paired by bbpPairings, the same rounds
  re-paired both ways here; the whole corpus: ``benchmarks/swiss_check.py``.

No timing is asserted: the tests count matchings, which is what the shortcut saves.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from caddy_plugins.codecs.trf.dutch_input import read_pairing_file, request_for_round
from caddy_plugins.engines.burstein import burstein, fide2026, fide2026_brackets, fold, groups
from caddy_plugins.engines.burstein.groups import Weights
from caddy_plugins.engines.dutch import matching
from caddy_plugins.engines.dutch.model import (
    Entry,
    Kind,
    NoValidPairingError,
    PairingRequest,
    PlayerInput,
)

Answer = tuple[object, ...]
CORPUS = Path(__file__).parent / "data" / "swiss" / "burstein"
#: Files of the corpus with PABs, forfeits and half-point byes (40-58 players, 8-11 rounds),
#: and one whose scoregroups are merged in most rounds (18 players, 11 rounds).
FILES = (
    "burstein-200006-18p11r.trf",
    "burstein-eng-00002-58p8r.trf",
    "burstein-eng-00059-44p10r.trf",
    "burstein-eng-00108-40p8r.trf",
    "burstein-eng-00176-41p11r.trf",
)
_PLAIN: dict[int, Answer] = {}

_REAL_FOLD_WEIGHTS = fold.fold_weights


def _answer(pair: Callable[[PairingRequest], object], request: PairingRequest) -> Answer:
    """Pairs with colours, the PAB and the explanation's lines (or the error)."""
    try:
        p = pair(request)
    except NoValidPairingError as error:
        return ("error", str(error))
    except fold.FoldMismatchError:
        return ("no shortcut",)
    return (p.pairs, p.bye, tuple(p.explanation.lines()))  # type: ignore[attr-defined]


@functools.cache
def _corpus_requests() -> tuple[PairingRequest, ...]:
    out: list[PairingRequest] = []
    for name in FILES:
        trf = read_pairing_file(CORPUS / name)
        assert trf.total_rounds is not None
        out.extend(request_for_round(trf, r) for r in range(1, trf.total_rounds + 1))
    return tuple(out)


def _event(seed: int, n: int, rounds: int) -> Iterator[PairingRequest]:
    """A random event paired by the 2026 reading, with half-point byes, absences,
    withdrawals and forfeits; yields each round's request."""
    rng = random.Random(seed)
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    gone: set[int] = set()
    for rnd in range(1, rounds + 1):
        absent: dict[int, Entry] = {}
        for t in range(1, n + 1):
            if t in gone or (rng.random() < 0.03 and rnd < rounds):
                gone.add(t)
                absent[t] = Entry(Kind.ZERO_BYE, Fraction(0))
            elif rng.random() < 0.05:
                absent[t] = Entry(Kind.HALF_BYE, Fraction(1, 2))
        players = tuple(
            PlayerInput(
                tpn=t,
                points=sum((e.points for e in h), Fraction(0)),
                history=tuple(h),
                present=t not in absent,
                rating=2600 - 7 * t,
            )
            for t, h in history.items()
        )
        request = PairingRequest(
            round_number=rnd, total_rounds=rounds, players=players, initial_colour="w"
        )
        yield request
        try:
            done = fide2026.pair_round(request)
        except NoValidPairingError:
            return
        for t, e in absent.items():
            history[t].append(e)
        if done.bye is not None:
            history[done.bye].append(Entry(Kind.PAB, Fraction(1)))
        for w, b in done.pairs:
            if rng.random() < 0.04:
                history[w].append(Entry(Kind.FORFEIT_WIN, Fraction(1), b, "w"))
                history[b].append(Entry(Kind.FORFEIT_LOSS, Fraction(0), w, "b"))
                continue
            x = rng.random()
            r = Fraction(1) if x < 0.35 else Fraction(0) if x < 0.7 else Fraction(1, 2)
            history[w].append(Entry(Kind.PLAYED, r, b, "w"))
            history[b].append(Entry(Kind.PLAYED, 1 - r, w, "b"))


@functools.cache
def _fide2026_requests() -> tuple[PairingRequest, ...]:
    return tuple(
        q
        for seed, n in ((1, 36), (2, 41), (3, 30))
        for q in _event(seed, n, 9)
        if q.round_number > 4
    )


def _plain(engine: Callable[..., object], request: PairingRequest) -> Answer:
    """The plain computation's answer, computed once per request."""
    key = id(request)
    if key not in _PLAIN:
        _PLAIN[key] = _answer(lambda r: engine(r, plain=True), request)
    return _PLAIN[key]


def _differing(requests: Sequence[PairingRequest], engine: Callable[..., object]) -> Iterator[int]:
    """Indexes of the requests the shortcut pairs otherwise than the plain computation."""
    return (i for i, q in enumerate(requests) if _answer(engine, q) != _plain(engine, q))


@pytest.fixture
def strict(monkeypatch: pytest.MonkeyPatch) -> None:
    """No falling back to the plain computation: a round the shortcut cannot pair
    (a ``FoldMismatchError`` from the one-matching path, wherever it is raised)
    fails the test instead of being paired the plain way."""
    real = burstein._pair

    def no_fallback(*args: Any) -> Any:
        try:
            return real(*args)
        except fold.FoldMismatchError as exc:
            if not args[-1]:  # the shortcut's call (plain=False)
                raise AssertionError(f"fell back to the plain computation: {exc}") from exc
            raise

    monkeypatch.setattr(burstein, "_pair", no_fallback)


def _earliest_partner(weights: Weights, alive: Sequence[int], members: Sequence[int]) -> Weights:
    """A deliberately broken shortcut: each member prefers its EARLIEST partner."""
    m = len(members)
    out = _REAL_FOLD_WEIGHTS(weights, alive, [])
    scale = (m + 1) ** m
    out = {key: w * scale for key, w in out.items()}
    for i, v in enumerate(members):
        for j in range(i + 1, m):
            key = (min(v, members[j]), max(v, members[j]))
            if key in out:
                out[key] += (m - j) * (m + 1) ** (m - 1 - i)
    return out


def test_engine_reading_one_matching_per_bracket_equals_one_per_player(strict: None) -> None:
    """Every third corpus round in the default run (the plain computation is the
    slow one: 1 s); the test below, marked slow, and `nox -s burstein`'s 3,027
    rounds check them all."""
    requests = _corpus_requests()
    assert len(requests) == 48
    assert list(_differing(requests[::3], burstein.pair_round)) == []


@pytest.mark.slow
def test_engine_reading_one_matching_per_bracket_equals_one_per_player_everywhere(
    strict: None,
) -> None:
    assert list(_differing(_corpus_requests(), burstein.pair_round)) == []


def test_engine_reading_comparison_sees_a_broken_shortcut(
    monkeypatch: pytest.MonkeyPatch, strict: None
) -> None:
    requests = _corpus_requests()
    monkeypatch.setattr(fold, "fold_weights", _earliest_partner)
    assert next(_differing(requests, burstein.pair_round), None) is not None


def test_engine_reading_comparison_sees_a_broken_certificate(
    monkeypatch: pytest.MonkeyPatch, strict: None
) -> None:
    """A bracket search that takes every check as passed never merges a scoregroup."""
    requests = _corpus_requests()
    monkeypatch.setattr(groups, "certified", lambda *_: True)
    try:
        caught = next(_differing(requests, burstein.pair_round), None) is not None
    except AssertionError as exc:  # or the one-matching path can no longer pair a bracket
        caught = "fell back to the plain computation" in str(exc)
    assert caught


def test_fide2026_one_matching_per_bracket_equals_one_per_member() -> None:
    requests = _fide2026_requests()
    assert len(requests) == 15
    assert list(_differing(requests, fide2026.pair_round)) == []


def test_fide2026_comparison_sees_a_broken_shortcut(monkeypatch: pytest.MonkeyPatch) -> None:
    requests = _fide2026_requests()
    monkeypatch.setattr(fide2026_brackets, "fold_weights", _earliest_partner)
    assert next(_differing(requests, fide2026.pair_round), None) is not None


def _c7_instance() -> Weights:
    """Bracket A, B, C (0-2), next scoregroup D, E, F (3-5), below it G, H (6, 7), weighed as
    :func:`fide2026_brackets.pair_brackets` does: every pair 10**6 (C4), a pair in the
    bracket 10**4 more (C5), a floater paired in the next scoregroup 150 more and a pair
    there 100 more (C7, art. 2.3.3). A-B, A-C, B-C, B-D, C-F, D-E, D-F, E-G, F-H, G-H may
    meet. C floating lets D-E be paired; B floating (what art. 4.3 alone gives: A takes
    C) leaves E and F, who may not meet, to the players below."""
    complete = 10**6
    pairs = {(0, 1): 10**4, (0, 2): 10**4, (1, 2): 10**4, (1, 3): 150, (2, 5): 150}
    pairs |= {(3, 4): 100, (3, 5): 100, (4, 6): 0, (5, 7): 0, (6, 7): 0}
    return {key: complete + bonus for key, bonus in pairs.items()}


def test_near_fold_weighs_the_next_scoregroup() -> None:
    weights = _c7_instance()
    whole = groups.solve(fold.fold_weights(weights, list(range(8)), [0, 1, 2]), list(range(8)))
    near = fide2026_brackets.near_fold(weights, 3, [3, 4, 5], 8, 10**6)
    assert near is not None
    assert [whole[v] for v in range(6)] == [near[v] for v in range(6)] == [1, 0, 5, 4, 3, 2]
    # without the next scoregroup, the answer is art. 4.3's alone: wrong
    broken = fide2026_brackets.near_fold(weights, 3, [], 8, 10**6)
    assert broken is not None and broken[0] == 2
    # G and H may not meet: pairing D-E would leave them unpaired (C4 first). Nothing is
    # proved there; the whole is matched instead, and B floats.
    del weights[(6, 7)]
    assert fide2026_brackets.near_fold(weights, 3, [3, 4, 5], 8, 10**6) is None
    whole = groups.solve(fold.fold_weights(weights, list(range(8)), [0, 1, 2]), list(range(8)))
    assert [whole[v] for v in range(3)] == [2, 3, 0]


def test_fold_weights_one_digit_per_member() -> None:
    """Members 0, 1, 2, 3 (m = 4, R = 5, scale 5**4 = 625): the edge from the i-th member to
    the j-th (j > i) is worth j * 5**(3 - i) more; a vertex not alive is left out."""
    weights: Weights = {(0, 1): 2, (0, 3): 2, (1, 2): 1, (2, 3): 3, (0, 9): 1, (3, 4): 0}
    assert fold.fold_weights(weights, [0, 1, 2, 3, 4], [0, 1, 2, 3]) == {
        (0, 1): 2 * 625 + 1 * 125,
        (0, 3): 2 * 625 + 3 * 125,
        (1, 2): 1 * 625 + 2 * 25,
        (2, 3): 3 * 625 + 3 * 5,
    }


def test_component_follows_positive_edges_between_alive_vertices() -> None:
    weights: Weights = {(0, 1): 5, (1, 2): 5, (2, 3): 0, (3, 4): 5, (4, 5): 5, (5, 6): 5}
    assert fold.component(weights, [0, 1, 2, 3, 4, 6], [1]) == [0, 1, 2]
    assert fold.component(weights, [0, 1, 2, 3, 4, 6], [4]) == [3, 4]
    assert fold.component(weights, [0, 1, 2, 3, 4, 5, 6], [6]) == [3, 4, 5, 6]


def _count_matchings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    sizes: list[int] = []
    real = matching.max_weight_matching

    def counted(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
        sizes.append(n)
        return real(n, edges)

    monkeypatch.setattr(groups, "max_weight_matching", counted)
    return sizes


def test_engine_reading_matchings_stay_small(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 8 of burstein-eng-00002-58p8r.trf (58 players, 9 brackets, 22 pairs, 3 players
    floating down). Plain: 9 checks of the bracket search, each matching everyone from the
    top down to the new scoregroup (4 to 44 vertices), then one matching per player taking
    a turn (22 + 3 = 25, the first over the 44 left). The shortcut: each check matches the
    new scoregroup and the floater above it only, then one matching per bracket over its
    connected part: 18 matchings of 14 vertices at most."""
    trf = read_pairing_file(CORPUS / "burstein-eng-00002-58p8r.trf")
    request = request_for_round(trf, 8)
    sizes = _count_matchings(monkeypatch)
    plain = burstein.pair_round(request, plain=True)
    assert sizes[:9] == [4, 7, 11, 20, 25, 33, 41, 44, 44]
    assert len(sizes) == 9 + 25
    assert sizes[9] == 44
    sizes.clear()
    fast = burstein.pair_round(request)
    assert (fast.pairs, fast.bye) == (plain.pairs, plain.bye)
    assert sizes == [4, 5, 5, 10, 7, 9, 9, 4, 2, 6, 4, 4, 14, 6, 8, 8, 4, 2]


def test_a_failed_shape_check_pairs_the_plain_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the one matching does not have the shape the argument gives it, the round is
    paired by one matching per player: the same answer."""
    trf = read_pairing_file(CORPUS / "burstein-eng-00002-58p8r.trf")
    request = request_for_round(trf, 8)
    want = _answer(lambda q: burstein.pair_round(q, plain=True), request)

    def refuse(*_: object) -> dict[int, int]:
        raise fold.FoldMismatchError("refused")

    monkeypatch.setattr(burstein, "fold_matching", refuse)
    assert _answer(burstein.pair_round, request) == want


# -- the bracket search's certificate (groups.certified) -------------------------------------


def _matchings(n: int, edges: dict[tuple[int, int], int]) -> Iterator[dict[int, int]]:
    """Every matching of vertices 0..n-1 over ``edges``."""

    def extend(v: int, mate: dict[int, int]) -> Iterator[dict[int, int]]:
        while v < n and v in mate:
            v += 1
        if v >= n:
            yield dict(mate)
            return
        yield from extend(v + 1, mate)  # v unpaired
        for u in range(v + 1, n):
            if u not in mate and (v, u) in edges:
                mate[v], mate[u] = u, v
                yield from extend(v + 1, mate)
                del mate[v], mate[u]

    yield from extend(0, {})


def _instance(rng: random.Random) -> tuple[list[int], int, Weights]:
    """Scoregroups as the bracket search builds them (a boundary doubled where the count
    above it is even), the prefix up to one vertex past the last, edges inside a bracket
    (weight 110) and to the next one (100, the stand-in's too), some missing."""
    bounds = [0, 0]
    while bounds[-1] < 8:
        bounds.append(bounds[-1] + rng.randint(1, 4))
        if bounds[-1] < 8 and bounds[-1] % 2 == 0 and rng.random() < 0.8:
            bounds.append(bounds[-1])
    size = bounds[-1] + 1
    place: dict[int, int] = {}
    closed: set[int] = set()  # brackets whose lower boundary no floater crosses
    count, begin = 0, 0
    for end in bounds[1:]:
        if end != begin:
            place.update({v: count for v in range(begin, end)})
            if bounds.count(end) > 1:
                closed.add(count)
            count += 1
        begin = end
    place[size - 1] = count
    weights: Weights = {}
    for a in range(size):
        for b in range(a + 1, size):
            step = place[b] - place[a]
            crossing = step == 1 and place[a] not in closed
            if rng.random() < 0.75 and (step == 0 or crossing):
                weights[(a, b)] = 110 if step == 0 else 100
    stand_in = (size - 1) % 2 == 1
    if not stand_in:
        weights = {k: w for k, w in weights.items() if size - 1 not in k}
    return bounds, size, weights


def _counterexample(certify: Callable[..., bool]) -> tuple[object, ...] | None:
    """A random instance where ``certify`` accepts a maximum-weight matching while another
    maximum-weight matching fails :func:`groups.is_valid`; None if 300 instances show none.
    Also asserts that some instances are accepted (the check has teeth)."""
    rng = random.Random(31)
    accepted = 0
    for _ in range(300):
        bounds, size, weights = _instance(rng)
        every = list(_matchings(size, weights))
        best = max(
            sum(weights[(min(v, m), max(v, m))] for v, m in x.items() if v < m) for x in every
        )
        optimal = [x for x in every if sum(weights[(v, m)] for v, m in x.items() if v < m) == best]
        if any(certify(weights, bounds, size, 100, x) for x in optimal):
            accepted += 1
            for x in optimal:
                if not groups.is_valid(x, bounds, size):
                    return bounds, size, weights, x
    assert accepted > 30
    return None


def test_certificate_holds_for_every_optimal_matching() -> None:
    """Brute force over small instances: when the certificate accepts one optimal
    matching, every optimal matching is valid (whichever a solver returns)."""
    assert _counterexample(groups.certified) is None


def test_brute_force_sees_a_broken_certificate() -> None:
    """A certificate that only asks for everyone to be paired accepts instances where
    another optimal matching sends two players out of one bracket."""

    def paired_only(
        weights: Weights, bounds: list[int], size: int, _c: int, mate: dict[int, int]
    ) -> bool:
        return all(v in mate or v == size - 1 for v in range(size))

    assert _counterexample(paired_only) is not None


def test_certificate_on_a_small_example() -> None:
    """Brackets {0, 1, 2} and {3, 4, 5, 6}, vertex 7 the stand-in past the last one."""
    weights: Weights = {(0, 1): 110, (0, 2): 110, (1, 2): 110, (2, 3): 100}
    weights |= {(a, b): 110 for a in range(3, 7) for b in range(a + 1, 7)}
    weights |= {(v, 7): 100 for v in range(3, 7)}
    bounds = [0, 0, 3, 7]
    good = {0: 1, 1: 0, 2: 3, 3: 2, 4: 5, 5: 4, 6: 7, 7: 6}
    assert groups.certified(weights, bounds, 8, 100, good)
    # three pairs across the first boundary: not the fewest there can be
    wide = weights | {(1, 4): 100, (0, 5): 100}
    three = {0: 5, 5: 0, 1: 4, 4: 1, 2: 3, 3: 2, 6: 7, 7: 6}
    assert not groups.certified(wide, bounds, 8, 100, three)
    assert groups.certified(wide, bounds, 8, 100, good)
    # an edge skipping a bracket, a pair outweighing too little, a player left out
    assert not groups.certified(weights | {(0, 7): 100}, bounds, 8, 100, good)
    heavy = {k: 130 if w == 110 else w for k, w in weights.items()}
    assert not groups.certified(heavy, bounds, 8, 100, good)
    assert not groups.certified(weights, bounds, 8, 100, {k: v for k, v in good.items() if k > 1})
