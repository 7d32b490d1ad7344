"""The built-in sharing methods through award_prizes (issue 27): exact
shares, the rounded amounts, the notes on the fund's difference, the rule
each line gives, categories and items.

Sources: the Hort figures are issue 27's acceptance (places 100/80/60/40/20/10,
places 1-2 and 4-6 tied; four tied for 10,000/8,000/6,000/4,000). The US
Chess figures are the WinTD help's example of rule 32B3 as quoted at
https://tourneygeek.com/2019/10/23/playing-tournament-chess-for-money/
($300 + $200 places, a $150 youth prize, four tied of whom one youth:
$650 / 4 = $162.50 each; none a youth: $500 / 4 = $125); the rule's text
(Official Rules of Chess, 7th edition, 32B3) as quoted at
https://forum.uschess.org/t/rule-32b3-question/16785.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from caddy.contracts.prizes import Share, SharingMethod, TiedGroup, by_tiebreak
from caddy.model.prizes import Category, Prize, PrizeSchedule
from caddy.plugins.host import resolve
from caddy.prizes.awards import PrizeList, Standing, award_prizes

YOUTH = Category(rating_below=1000)  # the youth here: the one rated below 1000


def method(name: str) -> SharingMethod:
    found: SharingMethod = resolve(None).registry("prize_sharing").get(name)
    return found


def places(*amounts: int | str) -> tuple[Prize, ...]:
    return tuple(
        Prize(name=f"place {i}", place=i, amount=Decimal(a)) for i, a in enumerate(amounts, 1)
    )


def award(
    sharing: str,
    prizes: Sequence[Prize],
    scores: Sequence[float],
    *,
    unit: str = "1",
    rounding: str = "down",
    ratings: dict[int, int] | None = None,
    one_per_player: bool = True,
) -> PrizeList:
    """Players 1, 2, ... ranked in that order, rated 2000 unless ``ratings`` says."""
    schedule = PrizeSchedule(
        sharing=sharing,
        unit=Decimal(unit),
        rounding="down" if rounding == "down" else "nearest",
        one_per_player=one_per_player,
        prizes=tuple(prizes),
    )
    standings = [
        Standing(player=n, name=f"P{n}", score=s, rating=(ratings or {}).get(n, 2000))
        for n, s in enumerate(scores, 1)
    ]
    return award_prizes(schedule, standings, method(sharing))


def exact(prizes: PrizeList) -> dict[int, Fraction]:
    """Each player's cash before rounding."""
    out: dict[int, Fraction] = {}
    for a in prizes.awards:
        if a.exact is not None:
            out[a.player] = out.get(a.player, Fraction(0)) + a.exact
    return out


def paid(prizes: PrizeList) -> dict[int, Decimal]:
    """Each player's cash paid."""
    out: dict[int, Decimal] = {}
    for a in prizes.awards:
        if a.amount is not None:
            out[a.player] = out.get(a.player, Decimal(0)) + a.amount
    return out


def rules(prizes: PrizeList) -> dict[int, str]:
    return {a.player: a.rule for a in prizes.awards}


HORT_SCORES = (5.0, 5.0, 4.5, 4.0, 4.0, 4.0, 3.0)


def test_hort_exact_shares() -> None:
    got = award("hort", places(100, 80, 60, 40, 20, 10), HORT_SCORES)
    assert exact(got) == {
        1: 95,
        2: 85,
        3: 60,
        4: Fraction(95, 3),  # 31 2/3
        5: Fraction(65, 3),  # 21 2/3
        6: Fraction(50, 3),  # 16 2/3
    }
    assert (
        rules(got)[1]
        == "place 1 + place 2 (100 + 80) Hort: 50 held, 45 from the pool of 90 shared by 2"
    )
    assert (
        rules(got)[2]
        == "place 1 + place 2 (100 + 80) Hort: 40 held, 45 from the pool of 90 shared by 2"
    )
    assert rules(got)[3] == "by points"
    assert rules(got)[6] == (
        "place 4 + place 5 + place 6 (40 + 20 + 10) Hort: 5 held, 11 2/3 from the pool of 35 shared by 3"
    )


def test_hort_rounded_to_the_nearest_unit_pays_one_more_than_the_fund() -> None:
    got = award("hort", places(100, 80, 60, 40, 20, 10), HORT_SCORES, rounding="nearest")
    assert paid(got) == {1: 95, 2: 85, 3: 60, 4: 32, 5: 22, 6: 17}
    assert (got.fund, got.paid, got.difference) == (Decimal(310), Decimal(311), Decimal(-1))
    assert got.notes == ("shares rounded to the nearest 1: 1 more than the fund",)


def test_hort_rounded_down_leaves_two() -> None:
    """Issue 27 says "3 left"; 31 + 21 + 16 = 68 of 70 leaves 2 (three players each lose 2/3)."""
    got = award("hort", places(100, 80, 60, 40, 20, 10), HORT_SCORES, rounding="down")
    assert paid(got) == {1: 95, 2: 85, 3: 60, 4: 31, 5: 21, 6: 16}
    assert (got.fund, got.paid, got.difference) == (Decimal(310), Decimal(308), Decimal(2))
    assert got.notes == ("shares rounded down 1: 2 left",)


def test_hort_four_tied_for_four_places() -> None:
    got = award("hort", places(10000, 8000, 6000, 4000), (6.0, 6.0, 6.0, 6.0))
    assert exact(got) == {1: 8500, 2: 7500, 3: 6500, 4: 5500}
    assert paid(got) == {1: 8500, 2: 7500, 3: 6500, 4: 5500}
    assert got.difference == 0 and got.notes == ()


def test_equal_pools_the_places_the_tied_players_occupy() -> None:
    got = award("equal", places(100, 80, 60, 40, 20, 10), HORT_SCORES)
    assert exact(got) == {
        1: 90,
        2: 90,
        3: 60,
        4: Fraction(70, 3),
        5: Fraction(70, 3),
        6: Fraction(70, 3),
    }
    assert paid(got) == {1: 90, 2: 90, 3: 60, 4: 23, 5: 23, 6: 23}
    assert got.notes == ("shares rounded down 1: 1 left",)
    assert (
        rules(got)[4]
        == "place 4 + place 5 + place 6 (40 + 20 + 10) shared equally by 3: 23 1/3 each"
    )


def test_equal_more_tied_than_prizes_share_them_all() -> None:
    """Three tied for places 1-3 with two prizes: all three share them."""
    got = award("equal", places("100", "50"), (3.0, 3.0, 3.0), unit="0.01")
    assert exact(got) == {1: 50, 2: 50, 3: 50}
    got = award("equal", places("100"), (3.0, 3.0, 3.0), unit="0.01")
    assert paid(got) == {1: Decimal("33.33"), 2: Decimal("33.33"), 3: Decimal("33.33")}
    assert got.difference == Decimal("0.01")
    assert got.notes == ("shares rounded down 0.01: 0.01 left",)


def test_equal_a_category_prize_worth_less_than_the_share_passes_down() -> None:
    """Places 100, 80 and a U1800 prize of 50; three tied, players 2 and 3 under
    1800: the places occupied by the three give 60 each, more than the U1800
    prize alone, which passes to player 4 (one prize a player)."""
    prizes = (
        *places(100, 80),
        Prize(name="U1800", amount=Decimal(50), category=Category(rating_below=1800)),
    )
    got = award("equal", prizes, (4.0, 4.0, 4.0, 3.0), ratings={2: 1700, 3: 1700, 4: 1700})
    assert exact(got) == {1: 60, 2: 60, 3: 60, 4: 50}
    assert rules(got)[2] == "place 1 + place 2 (100 + 80) shared equally by 3: 60 each"


def test_equal_a_category_prize_worth_more_is_taken_alone() -> None:
    """Places 100/80/60 and a U1800 prize of 90, three tied for first, one
    under 1800: 90 alone beats 80 from the places, so the other two share the
    two places they occupy (90 each) and 3rd place passes down."""
    prizes = (
        *places(100, 80, 60),
        Prize(name="U1800", amount=Decimal(90), category=Category(rating_below=1800)),
    )
    got = award("equal", prizes, (4.0, 4.0, 4.0, 3.0), ratings={3: 1700})
    assert exact(got) == {1: 90, 2: 90, 3: 90, 4: 60}
    assert rules(got)[3] == ("U1800 (90) alone; more than the 80 the place prizes' pool gives")
    hort = award("hort", prizes, (4.0, 4.0, 4.0, 3.0), ratings={3: 1700})
    assert exact(hort) == {1: 95, 2: 85, 3: 90, 4: 60}


def test_items_go_by_tiebreak_under_every_method() -> None:
    """A trophy worth 500 above places of 300 and 200, three tied: the first
    takes the trophy, the other two the cash."""
    trophy = Prize(name="Champion", item="trophy", value=Decimal(500))
    prizes = (
        trophy,
        Prize(name="2nd", place=2, amount=Decimal(300)),
        Prize(name="3rd", place=3, amount=Decimal(200)),
    )
    expected = {
        "none": {2: 300, 3: 200},
        "equal": {2: 250, 3: 250},
        "hort": {2: 275, 3: 225},
        "uscf": {2: 250, 3: 250},
    }
    for name, cash in expected.items():
        got = award(name, prizes, (5.0, 5.0, 5.0))
        items = [(a.player, a.item, a.amount) for a in got.awards if a.item is not None]
        assert items == [(1, "trophy", None)], name
        assert exact(got) == cash, name
        assert got.difference == 0, name


def test_uscf_youth_in_the_pool_wintd_example() -> None:
    youth = Prize(name="Youth", amount=Decimal(150), category=YOUTH)
    got = award(
        "uscf", (*places(300, 200), youth), (4.0, 4.0, 4.0, 4.0), unit="0.01", ratings={3: 900}
    )
    assert exact(got) == dict.fromkeys((1, 2, 3, 4), Fraction(325, 2))
    assert paid(got) == dict.fromkeys((1, 2, 3, 4), Decimal("162.50"))
    assert got.difference == 0 and got.notes == ()
    assert rules(got)[3] == (
        "place 1 + place 2 + Youth (300 + 200 + 150) the tied players would win, summed and "
        "divided equally by 4 (US Chess 32B3): 162.50 each; 150 alone, or 162.50 from the pool: the pool"
    )
    youth_share = [a for a in got.awards if a.prize == "Youth"]
    assert [(a.player, a.exact) for a in youth_share] == [
        (3, Fraction(150))
    ]  # only the youth holds it


def test_uscf_no_youth_among_the_tied() -> None:
    youth = Prize(name="Youth", amount=Decimal(150), category=YOUTH)
    got = award(
        "uscf", (*places(300, 200), youth), (4.0, 4.0, 4.0, 4.0, 3.0), unit="0.01", ratings={5: 900}
    )
    assert exact(got) == {1: 125, 2: 125, 3: 125, 4: 125, 5: 150}


def test_uscf_a_restricted_prize_worth_more_than_the_pool_share_is_taken_alone() -> None:
    youth = Prize(name="Youth", amount=Decimal(200), category=YOUTH)
    got = award(
        "uscf", (*places(300, 100), youth), (4.0, 4.0, 4.0, 4.0), unit="0.01", ratings={3: 900}
    )
    assert exact(got) == {1: Fraction(400, 3), 2: Fraction(400, 3), 3: 200, 4: Fraction(400, 3)}
    assert paid(got) == {
        1: Decimal("133.33"),
        2: Decimal("133.33"),
        3: Decimal(200),
        4: Decimal("133.33"),
    }
    assert got.notes == ("shares rounded down 0.01: 0.01 left",)
    assert rules(got)[3] == (
        "Youth (200) (US Chess 32B3: more by winning or dividing only a prize the others are "
        "ineligible for): 200 alone, or 150 from the pool: alone"
    )


def test_with_no_tie_every_method_gives_the_same() -> None:
    prizes = (*places(300, 200), Prize(name="Youth", amount=Decimal(150), category=YOUTH))
    lists = {
        name: [
            (a.player, a.prize, a.amount)
            for a in award(name, prizes, (5.0, 4.0, 3.0, 2.0), ratings={4: 900}).awards
        ]
        for name in ("none", "equal", "hort", "uscf")
    }
    assert lists["none"] == [
        (1, "place 1", Decimal(300)),
        (2, "place 2", Decimal(200)),
        (4, "Youth", Decimal(150)),
    ]
    assert lists["equal"] == lists["hort"] == lists["uscf"] == lists["none"]


class PerPrize:
    """Shares each prize the tied players take by tie-break equally among them
    all: a player's cash comes in one piece per prize."""

    name = "per-prize"
    summary = "each prize shared by every tied player"

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        taken = [p for prizes in by_tiebreak(group).values() for p in prizes]
        return tuple(
            Share(
                player=m,
                prize=p.index,
                amount=(p.cash or Fraction(0)) / len(group.members),
                rule="r",
            )
            for p in taken
            for m in group.members
        )


def test_a_players_cash_is_rounded_as_a_whole_not_piece_by_piece() -> None:
    """Three tied for 40 + 20 + 10 get 70/3 each in three pieces (13 1/3, 6 2/3,
    3 1/3): rounded down as a whole 23 (the unit the total adds goes to the
    piece with the largest remainder, 6 2/3), not 13 + 6 + 3 = 22. Two tied
    for 1 + 1, each in two pieces of 1/2: to the nearest 1 each, not 1 + 1."""
    schedule = PrizeSchedule(sharing="per-prize", unit=Decimal(1), prizes=places(40, 20, 10))
    ranked = [Standing(player=n, name=f"P{n}", score=1.0) for n in (1, 2, 3)]
    got = award_prizes(schedule, ranked, PerPrize())
    assert paid(got) == {1: 23, 2: 23, 3: 23}
    assert [a.amount for a in got.awards if a.player == 1] == [Decimal(13), Decimal(7), Decimal(3)]
    assert got.notes == ("shares rounded down 1: 1 left",)
    halves = PrizeSchedule(
        sharing="per-prize", unit=Decimal(1), rounding="nearest", prizes=places(1, 1)
    )
    got = award_prizes(halves, ranked[:2], PerPrize())
    assert paid(got) == {1: 1, 2: 1} and got.difference == 0
