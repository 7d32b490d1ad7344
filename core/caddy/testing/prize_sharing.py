"""The prize-sharing contract suite.

:class:`PrizeSharingContract` is a pytest base class. Subclass it and give
the sharing method (or the name it is registered under)::

    from caddy.testing import PrizeSharingContract

    class TestMySharing(PrizeSharingContract):
        method = MySharing()          # or: method_name = "my-sharing"

On small tied groups drawn by hypothesis (:func:`tied_groups`: 1 to 6
members with scattered pairing numbers, up to 7 open prizes, cash with and
without cents, items, place prizes everyone qualifies for and category
prizes some members qualify for, one prize a player or one of each
category), it checks:

* conformance: :func:`caddy.contracts.conformance.conformance` finds nothing missing;
* the shares keep the contract (the rules ``award_prizes`` enforces): open
  prizes only, to members who qualify, an item whole to one player, a
  prize's cash shared in full (shares of at least 0 adding up to its cash),
  each share with a rule in words;
* determinism: the same group twice, and an equal copy, give equal shares;
* relabelling invariance: other pairing numbers (the tie-break order kept)
  give every member the same shares;
* a group of one takes what :func:`caddy.contracts.prizes.by_tiebreak` gives it.

Each check is also a method taking the method and a group
(``check_shares(method, group)`` ...), which raises :class:`AssertionError`.
hypothesis is imported when a test runs, not when this module is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
import pytest

from caddy.contracts.conformance import conformance
from caddy.contracts.prizes import OpenPrize, Share, SharingMethod, TiedGroup, by_tiebreak
from caddy.plugins.host import PluginHost, resolve
from caddy.testing.drawing import each_drawn

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = ["PrizeSharingContract", "relabelled_group", "tied_groups"]

#: The categories drawn prizes may have (``""``: the place prizes, open to everyone).
CATEGORIES = ("", "", "U1800", "U1600", "youth")


def tied_groups(
    max_members: int = 6, max_prizes: int = 7, single: bool = False
) -> SearchStrategy[TiedGroup]:
    """Small groups as :func:`caddy.prizes.awards.award_prizes` builds them:
    prizes most wanted first, a category's prizes open to the same members,
    every prize to at least one member (``single``: groups of one)."""
    from hypothesis import strategies as st

    @st.composite
    def draw(draw: DrawFn) -> TiedGroup:
        count = 1 if single else draw(st.integers(1, max_members))
        members = tuple(
            draw(st.lists(st.integers(1, 99), min_size=count, max_size=count, unique=True))
        )
        qualify = {
            category: frozenset(members)
            if category == ""
            else frozenset(draw(st.lists(st.sampled_from(members), min_size=1, unique=True)))
            for category in CATEGORIES
        }
        prizes = []
        for _ in range(draw(st.integers(0, max_prizes))):
            category = draw(st.sampled_from(CATEGORIES))
            cents = draw(st.sampled_from((1, 100)))
            cash = (
                None
                if draw(st.integers(0, 5)) == 0
                else Fraction(draw(st.integers(0, 50_000)), cents)
            )
            worth = cash if cash is not None else Fraction(draw(st.integers(0, 500)))
            prizes.append((category, cash, worth))
        indices = draw(st.permutations(range(len(prizes))))
        ordered = sorted(zip(indices, prizes, strict=True), key=lambda x: (-x[1][2], x[0]))
        return TiedGroup(
            score=draw(st.sampled_from((0.0, 2.5, 4.0))),
            members=members,
            prizes=tuple(
                OpenPrize(
                    index=index,
                    name=f"{category or 'place'} {index}",
                    cash=cash,
                    worth=worth,
                    category=category,
                    eligible=qualify[category],
                )
                for index, (category, cash, worth) in ordered
            ),
            one_per_player=draw(st.booleans()),
            names={m: f"Player {i + 1}" for i, m in enumerate(members)},
        )

    return draw()


def relabelled_group(group: TiedGroup, numbers: Sequence[int]) -> TiedGroup:
    """The group with its ``i``-th member numbered ``numbers[i]`` (the order kept)."""
    new = dict(zip(group.members, numbers, strict=True))
    return attrs.evolve(
        group,
        members=tuple(new[m] for m in group.members),
        prizes=tuple(
            attrs.evolve(p, eligible=frozenset(new[m] for m in p.eligible)) for p in group.prizes
        ),
        names={new[m]: name for m, name in group.names.items()},
    )


def _by_position(group: TiedGroup, shares: Sequence[Share]) -> list[tuple[Any, ...]]:
    """The shares with each player as their place in the tie-break order."""
    place = {m: i for i, m in enumerate(group.members)}
    return sorted(
        (place.get(s.player, -1), s.prize, s.amount) for s in shares
    )  # an unknown player is -1 (check_shares names it)


class PrizeSharingContract:
    """Base class of the prize-sharing contract suite (see the module docstring)."""

    #: The method under test (else :attr:`method_name` is looked up in the host).
    method: ClassVar[SharingMethod | None] = None
    method_name: ClassVar[str] = ""
    #: Groups hypothesis draws per check, and their size.
    max_examples: ClassVar[int] = 25
    max_members: ClassVar[int] = 6
    max_prizes: ClassVar[int] = 7
    #: Shrink a failing group to a smallest one (off: fail at once).
    shrink: ClassVar[bool] = True

    @pytest.fixture
    def caddy_host(self) -> PluginHost:
        """The plugin host :attr:`method_name` is looked up in (override to register yours)."""
        return resolve(None)

    @pytest.fixture
    def sharing_method(self, caddy_host: PluginHost) -> SharingMethod:
        if self.method is not None:
            return self.method
        found: SharingMethod = caddy_host.registry("prize_sharing").get(self.method_name)
        return found

    def groups(self, single: bool = False) -> SearchStrategy[TiedGroup]:
        """The groups to check on (default: :func:`tied_groups`)."""
        return tied_groups(self.max_members, self.max_prizes, single)

    def _each(self, check: Callable[[Any], None], strategy: SearchStrategy[Any]) -> None:
        each_drawn(check, strategy, self.max_examples, self.shrink)

    # -- the checks, on one group ------------------------------------------------------------

    def check_conformance(self, method: SharingMethod) -> None:
        """The method has every member the contract names."""
        assert conformance("prize_sharing", method) == []
        assert isinstance(method.name, str) and method.name
        assert isinstance(method.summary, str) and method.summary

    def check_shares(self, method: SharingMethod, group: TiedGroup) -> None:
        """Open prizes only, to members who qualify, an item whole to one
        player, a prize's cash shared in full, a rule in words."""
        shares = method.share(group)
        assert isinstance(shares, tuple), f"share() returned {type(shares).__name__}, not a tuple"
        prizes: Mapping[int, OpenPrize] = {p.index: p for p in group.prizes}
        given: dict[int, Fraction] = {}
        items: set[int] = set()
        for share in shares:
            assert isinstance(share, Share), f"a share is a {type(share).__name__}"
            prize = prizes.get(share.prize)
            assert prize is not None, (
                f"a share of prize {share.prize}, which is not open to the group"
            )
            assert share.player in prize.eligible, (
                f"'{prize.name}' to player {share.player}, who does not qualify"
            )
            assert isinstance(share.rule, str) and share.rule, (
                f"'{prize.name}': a share without a rule"
            )
            if prize.cash is None:
                assert share.amount is None and share.prize not in items, (
                    f"'{prize.name}' is an item: it goes whole to one player"
                )
                items.add(share.prize)
                continue
            assert share.amount is not None and share.amount >= 0, (
                f"'{prize.name}': a share of cash needs an amount of at least 0"
            )
            given[share.prize] = given.get(share.prize, Fraction(0)) + share.amount
        for index, total in given.items():
            assert total == prizes[index].cash, (
                f"'{prizes[index].name}': shares add up to {total}, not {prizes[index].cash}"
            )

    def check_deterministic(self, method: SharingMethod, group: TiedGroup) -> None:
        """The same group twice, and an equal copy, give equal shares."""
        first = method.share(group)
        assert method.share(group) == first, "a second call gives other shares"
        copy = attrs.evolve(group, prizes=tuple(group.prizes), names=dict(group.names))
        assert method.share(copy) == first, "an equal copy of the group gives other shares"

    def check_relabelling(
        self, method: SharingMethod, group: TiedGroup, numbers: Sequence[int]
    ) -> None:
        """The ``i``-th member renumbered ``numbers[i]`` gets the same shares."""
        before = _by_position(group, method.share(group))
        moved = relabelled_group(group, numbers)
        after = _by_position(moved, method.share(moved))
        assert before == after, (
            f"members {list(group.members)} renumbered {list(numbers)}: other shares "
            f"(by place in the tie-break order: {before} before, {after} after)"
        )

    def check_single(self, method: SharingMethod, group: TiedGroup) -> None:
        """A group of one takes what by_tiebreak gives it, each cash prize whole."""
        assert len(group.members) == 1
        want = sorted(
            (m, p.index, p.cash) for m, prizes in by_tiebreak(group).items() for p in prizes
        )
        got = sorted((s.player, s.prize, s.amount) for s in method.share(group))
        assert got == want, f"a group of one: shares {got}, by tie-break {want}"

    # -- the tests ---------------------------------------------------------------------------

    def test_conforms(self, sharing_method: SharingMethod) -> None:
        self.check_conformance(sharing_method)

    def test_shares_keep_the_contract(self, sharing_method: SharingMethod) -> None:
        self._each(lambda g: self.check_shares(sharing_method, g), self.groups())

    def test_deterministic(self, sharing_method: SharingMethod) -> None:
        self._each(lambda g: self.check_deterministic(sharing_method, g), self.groups())

    def test_relabelling_invariant(self, sharing_method: SharingMethod) -> None:
        from hypothesis import strategies as st

        drawn = self.groups().flatmap(
            lambda g: st.tuples(
                st.just(g),
                st.lists(
                    st.integers(1, 999),
                    min_size=len(g.members),
                    max_size=len(g.members),
                    unique=True,
                ),
            )
        )
        self._each(lambda d: self.check_relabelling(sharing_method, d[0], d[1]), drawn)

    def test_group_of_one_takes_by_tiebreak(self, sharing_method: SharingMethod) -> None:
        self._each(lambda g: self.check_single(sharing_method, g), self.groups(single=True))
