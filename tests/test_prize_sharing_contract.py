"""The prize-sharing contract suite (caddy.testing.prize_sharing, issue 27
item 4): the four built-ins (``none``, ``equal``, ``hort``, ``uscf``) pass it,
and each check fails a method that breaks its promise."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from caddy.contracts.prizes import OpenPrize, Share, SharingMethod, TiedGroup, by_tiebreak
from caddy.testing import PrizeSharingContract
from caddy.testing.prize_sharing import relabelled_group


class TestNone(PrizeSharingContract):
    method_name = "none"


class TestEqual(PrizeSharingContract):
    method_name = "equal"


class TestHort(PrizeSharingContract):
    method_name = "hort"


class TestUscf(PrizeSharingContract):
    method_name = "uscf"


# -- methods that break one promise each ---------------------------------------------------------


class ByTieBreak:
    """The ``none`` method, written out: what the broken ones start from."""

    name = "broken"
    summary = "a method that breaks one promise"

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        return tuple(
            Share(player=player, prize=prize.index, amount=prize.cash, rule="by tie-break")
            for player, prizes in by_tiebreak(group).items()
            for prize in prizes
        )


class IgnoresCategories(ByTieBreak):
    """Gives every open prize to the members in turn, whether they qualify or not."""

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        return tuple(
            Share(
                player=group.members[i % len(group.members)], prize=p.index, amount=p.cash, rule="r"
            )
            for i, p in enumerate(group.prizes)
        )


class SplitsItems(ByTieBreak):
    """Shares an item's value in cash."""

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        return tuple(
            attrs.evolve(s, amount=Fraction(0)) if s.amount is None else s
            for s in super().share(group)
        )


class KeepsTheChange(ByTieBreak):
    """Pays whole units only: a prize's cents are never paid."""

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        return tuple(
            attrs.evolve(s, amount=Fraction(int(s.amount))) if s.amount is not None else s
            for s in super().share(group)
        )


class LowestNumberFirst(ByTieBreak):
    """Orders the tied players by pairing number, not by tie-break."""

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        return super().share(attrs.evolve(group, members=tuple(sorted(group.members))))


class Flaky(ByTieBreak):
    """Gives the first prize to another member every other call."""

    calls = 0

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        Flaky.calls += 1
        members = group.members[::-1] if Flaky.calls % 2 else group.members
        return super().share(attrs.evolve(group, members=members))


class SkipsTheBest(ByTieBreak):
    """Gives a lone player the least wanted prize they qualify for."""

    def share(self, group: TiedGroup) -> tuple[Share, ...]:
        return super().share(attrs.evolve(group, prizes=group.prizes[::-1]))


def prize(index: int, cash: int | None, eligible: set[int], category: str = "") -> OpenPrize:
    return OpenPrize(
        index=index,
        name=f"prize {index}",
        cash=None if cash is None else Fraction(cash) + Fraction(1, 2),
        worth=Fraction(cash if cash is not None else 50),
        category=category,
        eligible=frozenset(eligible),
    )


#: Three tied (pairing numbers 7, 3, 5 by tie-break), a trophy, two places, a U1800 prize for 5.
GROUP = TiedGroup(
    score=4.0,
    members=(7, 3, 5),
    prizes=(
        prize(0, None, {7, 3, 5}),
        prize(1, 100, {7, 3, 5}),
        prize(2, 80, {7, 3, 5}),
        prize(3, 40, {5}, "U1800"),
    ),
    one_per_player=True,
    names={7: "Ann", 3: "Bob", 5: "Cy"},
)
SUITE = PrizeSharingContract()


@pytest.mark.parametrize("name", ["none", "equal", "hort", "uscf"])
def test_the_builtins_pass_every_check_on_the_sample(name: str) -> None:
    from caddy.plugins.host import resolve

    method: SharingMethod = resolve(None).registry("prize_sharing").get(name)
    SUITE.check_conformance(method)
    SUITE.check_shares(method, GROUP)
    SUITE.check_deterministic(method, GROUP)
    SUITE.check_relabelling(method, GROUP, (1, 2, 3))
    SUITE.check_single(method, attrs.evolve(GROUP, members=(3,)))


@pytest.mark.parametrize(
    ("broken", "check", "message"),
    [
        pytest.param(IgnoresCategories(), "check_shares", "who does not qualify", id="eligible"),
        pytest.param(SplitsItems(), "check_shares", "is an item", id="item"),
        pytest.param(KeepsTheChange(), "check_shares", "shares add up to 100, not 201/2", id="sum"),
        pytest.param(Flaky(), "check_deterministic", "a second call", id="flaky"),
    ],
)
def test_each_check_fails_a_broken_method(broken: SharingMethod, check: str, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        getattr(SUITE, check)(broken, GROUP)


def test_relabelling_check_fails_a_method_that_follows_pairing_numbers() -> None:
    with pytest.raises(AssertionError, match=r"renumbered \[1, 2, 3\]: other shares"):
        SUITE.check_relabelling(LowestNumberFirst(), GROUP, (1, 2, 3))


def test_single_check_fails_a_method_that_skips_the_best_prize() -> None:
    with pytest.raises(AssertionError, match="a group of one"):
        SUITE.check_single(SkipsTheBest(), attrs.evolve(GROUP, members=(5,)))


def test_conformance_check_fails_an_object_without_share() -> None:
    class NoShare:
        name = "no-share"
        summary = "lacks share()"

    with pytest.raises(AssertionError):
        SUITE.check_conformance(NoShare())  # type: ignore[arg-type]


#: The suite as a plugin's tests run it, failing at once (no shrinking).
DRAWN = type("DrawnSuite", (PrizeSharingContract,), {"shrink": False})()


def test_the_drawn_checks_find_a_method_ignoring_categories() -> None:
    with pytest.raises(AssertionError, match="who does not qualify"):
        DRAWN.test_shares_keep_the_contract(IgnoresCategories())


def test_the_drawn_checks_find_a_method_following_pairing_numbers() -> None:
    with pytest.raises(AssertionError, match="other shares"):
        DRAWN.test_relabelling_invariant(LowestNumberFirst())


def test_the_drawn_checks_find_a_method_skipping_the_best_prize() -> None:
    with pytest.raises(AssertionError, match="a group of one"):
        DRAWN.test_group_of_one_takes_by_tiebreak(SkipsTheBest())


def test_relabelled_group_renumbers_members_eligibility_and_names() -> None:
    moved = relabelled_group(GROUP, (1, 2, 3))
    assert moved.members == (1, 2, 3)
    assert moved.prizes[3].eligible == frozenset({3})
    assert moved.names == {1: "Ann", 2: "Bob", 3: "Cy"}
