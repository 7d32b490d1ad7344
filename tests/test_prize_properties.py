"""Properties of award_prizes under the four built-in sharing methods
(issue 27, Acceptance: "Properties"), over random standings with ties and
random schedules (place prizes, category prizes on rating bands and for the
unrated, items; a unit of 0.01 or 1, rounded down or to the nearest; one
prize a player or not):

* the total paid is at most the fund when rounding down, and under every
  rounding ``difference == fund - paid``, with a note whenever it is not 0;
* with one prize a player, nobody holds an item and cash, ``none`` gives
  each player one prize, and a tied group takes no more prizes than it has
  winners (no more than one prize into a pool for each winner);
* with no ties every method gives the same list;
* relabelling the players (other pairing numbers, the same order) changes nothing;
* ``equal``: tied players who qualify for the same prizes are paid amounts
  at most one unit apart.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddy.contracts.prizes import SharingMethod
from caddy.model.prizes import Category, Prize, PrizeSchedule
from caddy.plugins.host import resolve
from caddy.prizes.awards import PrizeList, Standing, award_prizes
from caddy.prizes.categories import qualifies

METHODS = ("none", "equal", "hort", "uscf")
BANDS = (
    Category(rating_below=2000),
    Category(rating_below=1800),
    Category(rating_from=1600, rating_below=1800),
    Category(unrated=True),
)
FAST = settings(
    max_examples=30,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def method(name: str) -> SharingMethod:
    found: SharingMethod = resolve(None).registry("prize_sharing").get(name)
    return found


@st.composite
def standings(draw: st.DrawFn, ties: bool = True) -> list[Standing]:
    """2 to 10 players, best first; scores from a few values (ties) or all different."""
    count = draw(st.integers(2, 10))
    if ties:
        scores = sorted(
            draw(st.lists(st.sampled_from((1.0, 2.0, 2.5, 3.0)), min_size=count, max_size=count))
        )
    else:
        scores = [float(s) for s in range(count)]
    numbers = draw(st.permutations(range(1, count + 1)))
    return [
        Standing(
            player=numbers[i],
            name=f"Player {i + 1}",
            score=score,
            rating=draw(st.none() | st.integers(1400, 2300)),
        )
        for i, score in enumerate(reversed(scores))
    ]


@st.composite
def schedules(draw: st.DrawFn, categories: bool = True, items: bool = True) -> PrizeSchedule:
    """Place prizes, then category prizes on rating bands and items."""
    cents = draw(st.sampled_from(("1", "0.01")))
    money = st.integers(0, 200_000).map(
        lambda c: Decimal(c) / 100 if cents == "0.01" else Decimal(c // 100)
    )
    prizes = [
        Prize(name=f"place {i}", place=i, amount=draw(money))
        for i in range(1, draw(st.integers(1, 5)) + 1)
    ]
    if categories:
        for band in draw(st.lists(st.sampled_from(BANDS), max_size=3, unique=True)):
            for place in range(1, draw(st.integers(1, 2)) + 1):
                prizes.append(
                    Prize(name=f"{band!r} {place}", place=place, amount=draw(money), category=band)
                )
    if items:
        for i in range(draw(st.integers(0, 2))):
            prizes.append(Prize(name=f"book {i}", item="book", value=draw(money)))
    return PrizeSchedule(
        sharing=draw(st.sampled_from(METHODS)),
        rounding=draw(st.sampled_from(("down", "nearest"))),
        unit=Decimal(cents),
        one_per_player=draw(st.booleans()),
        prizes=tuple(prizes),
    )


def run(schedule: PrizeSchedule, ranked: list[Standing], name: str | None = None) -> PrizeList:
    return award_prizes(schedule, ranked, method(name or schedule.sharing))


@FAST
@given(schedules(), standings())
def test_the_fund_balances_and_any_difference_is_stated(
    schedule: PrizeSchedule, ranked: list[Standing]
) -> None:
    got = run(schedule, ranked)
    assert got.paid == sum((a.amount for a in got.awards if a.amount is not None), Decimal(0))
    assert got.difference == got.fund - got.paid
    if schedule.rounding == "down":
        assert got.paid <= got.fund
    if got.difference != 0:
        assert got.notes, f"a difference of {got.difference} without a note"


@FAST
@given(schedules(), standings())
def test_one_prize_a_player(schedule: PrizeSchedule, ranked: list[Standing]) -> None:
    schedule = attrs.evolve(schedule, one_per_player=True)
    got = run(schedule, ranked)
    score = {s.player: s.score for s in ranked}
    items = {a.player for a in got.awards if a.item is not None}
    assert not items & {a.player for a in got.awards if a.amount is not None}, "an item and cash"
    if schedule.sharing == "none":
        assert max(Counter(a.player for a in got.awards).values(), default=0) <= 1
    taken: dict[float, set[int]] = {}
    winners: dict[float, set[int]] = {}
    for a in got.awards:
        taken.setdefault(score[a.player], set()).add(a.index)
        winners.setdefault(score[a.player], set()).add(a.player)
    for points, prizes in taken.items():
        assert len(prizes) <= len(winners[points]), (
            f"the players on {points} took {len(prizes)} prizes, {len(winners[points])} won"
        )
    # one prize a player: no player's cash is more than the largest prize (a
    # share of places and a whole category prize besides would be)
    largest = max((p.amount for p in schedule.prizes if p.amount is not None), default=0)
    paid: dict[int, Fraction] = {}
    for a in got.awards:
        paid[a.player] = paid.get(a.player, Fraction(0)) + (a.exact or Fraction(0))
    assert all(total <= largest for total in paid.values()), (paid, largest)


@FAST
@given(schedules(), standings(ties=False))
def test_with_no_ties_every_method_gives_the_same_list(
    schedule: PrizeSchedule, ranked: list[Standing]
) -> None:
    lists = {
        name: sorted((a.player, a.index, a.amount) for a in run(schedule, ranked, name).awards)
        for name in METHODS
    }
    assert lists["equal"] == lists["hort"] == lists["uscf"] == lists["none"]


@FAST
@given(schedules(), standings(), st.permutations(range(10)))
def test_relabelling_the_players_changes_nothing(
    schedule: PrizeSchedule, ranked: list[Standing], order: list[int]
) -> None:
    numbers = [s.player for s in ranked]
    other = [numbers[i] for i in order if i < len(numbers)]
    moved = [attrs.evolve(s, player=other[i]) for i, s in enumerate(ranked)]
    place = {n: i for i, n in enumerate(numbers)}
    place_moved = {n: i for i, n in enumerate(other)}
    before = run(schedule, ranked)
    after = run(schedule, moved)
    assert sorted((place[a.player], a.index, a.exact, a.amount) for a in before.awards) == sorted(
        (place_moved[a.player], a.index, a.exact, a.amount) for a in after.awards
    )
    assert (before.paid, before.difference, before.notes) == (
        after.paid,
        after.difference,
        after.notes,
    )


@FAST
@given(schedules(), standings())
def test_equal_sharing_differs_by_at_most_one_unit(
    schedule: PrizeSchedule, ranked: list[Standing]
) -> None:
    schedule = attrs.evolve(schedule, sharing="equal")
    got = run(schedule, ranked)
    cash: dict[int, Decimal] = {}
    for a in got.awards:
        if a.amount is not None:
            cash[a.player] = cash.get(a.player, Decimal(0)) + a.amount
    holders = {a.player for a in got.awards if a.item is not None}
    alike: dict[tuple[object, ...], list[Decimal]] = {}
    for s in ranked:
        if s.player in holders or s.player not in cash:
            continue
        eligible = tuple(qualifies(p.category, s, None) for p in schedule.prizes)
        alike.setdefault((s.score, eligible), []).append(cash[s.player])
    for (points, _), amounts in alike.items():
        assert max(amounts) - min(amounts) <= schedule.unit, f"on {points}: {amounts}"


@FAST
@given(schedules(categories=False, items=False), standings())
def test_equal_sharing_of_place_prizes_pays_every_tied_winner_alike(
    schedule: PrizeSchedule, ranked: list[Standing]
) -> None:
    schedule = attrs.evolve(schedule, sharing="equal")
    got = run(schedule, ranked)
    score = {s.player: s.score for s in ranked}
    by_score: dict[float, list[Decimal]] = {}
    cash: dict[int, Decimal] = {}
    for a in got.awards:
        cash[a.player] = cash.get(a.player, Decimal(0)) + (a.amount or Decimal(0))
    for player, amount in cash.items():
        by_score.setdefault(score[player], []).append(amount)
    for amounts in by_score.values():
        assert max(amounts) - min(amounts) <= schedule.unit
