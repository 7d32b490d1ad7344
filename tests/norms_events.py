"""Small events built for the title-norm tests (tests/test_norms*.py).

:func:`star` builds a Swiss-like event around player 1 (the norm seeker,
rated 2400, federation ENG): one opponent a round, everyone else on a zero
bye; :func:`round_robin` a real round robin by the circle method;
:func:`norm` asks the ``fide`` rules for one title of one player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from caddy.contracts.norms import NormResult
from caddy.model.results import EventPlayer, ResultsTable
from caddy.model.results_table import ResultsTableBuilder
from caddy.norms.check import NormsCheck, check_norms
from caddy.norms.request import EventShape

#: Result codes of the seeker's side → the builder's result words.
WORDS = {
    "1": "1-0",
    "=": "1/2",
    "0": "0-1",
    "+": "+-",
    "-": "-+",
    "W": "W-L",
    "D": "D-D",
    "L": "L-W",
}
#: Bye codes → the builder's bye kinds.
BYES = {"U": "pab", "H": "half", "F": "full", "Z": "zero"}

SEEKER = EventPlayer(number=1, name="Seeker", rating=2400, federation="ENG")


@attrs.frozen
class Opp:
    rating: int | None
    title: str | None = None
    fed: str | None = "GER"


def player(number: int, o: Opp) -> EventPlayer:
    return EventPlayer(
        number=number, name=f"Opponent {number}", rating=o.rating, title=o.title, federation=o.fed
    )


#: Nine opponents averaging exactly 2450 (22050 / 9): three GMs of three
#: federations, 8 titled, 4 from the seeker's federation (ENG).
BASE = (
    Opp(2550, "GM", "GER"),
    Opp(2500, "GM", "FRA"),
    Opp(2480, "GM", "NED"),
    Opp(2450, "IM", "GER"),
    Opp(2430, "IM", "FRA"),
    Opp(2420, "IM", "ENG"),
    Opp(2400, "FM", "ENG"),
    Opp(2380, "FM", "ENG"),
    Opp(2440, None, "ENG"),
)
#: 6.5 points against BASE: 72% → dp 166 → performance 2616 (a GM norm).
BASE_RESULTS = ("0", "=", "=", "1", "1", "=", "1", "1", "1")


def star(
    rounds: Sequence[tuple[Opp | None, str]],
    *,
    seeker: EventPlayer = SEEKER,
    pre_determined: bool = False,
) -> ResultsTable:
    """An event of ``len(rounds)`` rounds: in round r the seeker meets a new
    opponent with the seeker's result code (``None``: a bye of that code)."""
    opponents = [(i, o) for i, (o, _) in enumerate(rounds) if o is not None]
    number = {i: k for k, (i, _) in enumerate(opponents, 2)}
    players = [seeker, *(player(k, o) for k, (_, o) in enumerate(opponents, 2))]
    b = ResultsTableBuilder(players, rounds=len(rounds), pre_determined=pre_determined)
    for r, (o, code) in enumerate(rounds, 1):
        busy = {1}
        if o is not None:
            b.game(r, 1, number[r - 1], WORDS[code])
            busy.add(number[r - 1])
        else:
            b.bye(r, 1, BYES[code])
        for p in range(2, len(players) + 1):
            if p not in busy:
                b.bye(r, p, "zero")
    return b.build()


def base(
    results: Sequence[str] = BASE_RESULTS, opponents: Sequence[Opp] = BASE, kind: str = "swiss"
) -> ResultsTable:
    """The seeker against ``opponents`` with ``results``: a Swiss-like event
    (:func:`star`), or (``kind="round-robin"``) a round robin of the seeker
    and the opponents, the other games won by the first-named player."""
    if kind == "swiss":
        return star(list(zip(opponents, results, strict=True)))
    players = [SEEKER, *(player(k, o) for k, o in enumerate(opponents, 2))]
    return round_robin(players, dict(enumerate(results, 2)))


def circle(n: int) -> list[list[tuple[int, int]]]:
    """A single round robin of ``n`` players (circle method; an odd field
    has a dummy ``n + 1``, meeting them is the rest round)."""
    m = n + n % 2
    order = list(range(1, m + 1))
    rounds = []
    for _ in range(m - 1):
        rounds.append([(order[k], order[m - 1 - k]) for k in range(m // 2)])
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


def round_robin(
    players: Sequence[EventPlayer],
    seeker_scores: Mapping[int, str],
    other: str = "1-0",
    cycles: int = 1,
    overrides: Mapping[tuple[int, int], str] | None = None,
) -> ResultsTable:
    """A round robin of ``players``: player 1's result against each opponent
    from ``seeker_scores`` (opponent → code), every other game ``other``
    (from the first-named player's side) unless ``overrides`` names it."""
    n = len(players)
    schedule = circle(n) * cycles
    b = ResultsTableBuilder(list(players), rounds=len(schedule), pre_determined=True)
    for r, pairs in enumerate(schedule, 1):
        for a, c in pairs:
            if c > n:
                b.bye(r, a, "rest")
            elif a > n:
                b.bye(r, c, "rest")
            elif a == 1 or c == 1:
                o = c if a == 1 else a
                b.game(r, 1, o, WORDS[seeker_scores[o]])
            else:
                b.game(r, a, c, _word(overrides or {}, a, c, other))
    return b.build()


def _word(overrides: Mapping[tuple[int, int], str], a: int, c: int, other: str) -> str:
    """The result of ``a`` (White) v ``c`` from ``a``'s side."""
    if (a, c) in overrides:
        return overrides[(a, c)]
    if (c, a) in overrides:
        return "-".join(reversed(overrides[(c, a)].split("-")))
    return other


def norms(
    event: ResultsTable,
    *,
    options: Mapping[str, str] | None = None,
    shape: EventShape | None = None,
    forecast: bool = False,
) -> NormsCheck:
    return check_norms(event, options=options, shape=shape, forecast=forecast)


def norm(event: ResultsTable, title: str, number: int = 1, **kwargs: object) -> NormResult:
    """Player ``number``'s result for ``title``."""
    check = norms(event, **kwargs)  # type: ignore[arg-type]
    found = [r for r in check.players[number - 1].results if r.title == title]
    assert found, f"{title} not checked for player {number}"
    return found[0]
