"""The norm-rules contract suite (hook ``caddy_register_norms``, docs/norms.md).

:class:`NormRulesContract` is a pytest base class. Subclass it and give the
rules (or the name they are registered under)::

    from caddy.testing.norms import NormRulesContract

    class TestMyNorms(NormRulesContract):
        rules = MyNorms()          # or: rules_name = "my-norms"

On requests drawn by hypothesis (:func:`norm_requests`: 1 to 13 rounds of
games, forfeits and byes against opponents with ratings, titles and
federations drawn from small sets, Swiss or round robin, with and without
rounds to come) it checks:

* conformance: :func:`caddy.contracts.conformance.conformance` finds nothing missing;
* the results keep the contract: a tuple of :class:`NormResult`, each for a
  title the rules name, a norm with nothing missing and anything but a norm
  saying what is missing, the counted games among the player's rounds, the
  score their points, the average the rounded mean of the ratings used;
* determinism: the same request twice gives equal results;
* relabelling invariance: other pairing numbers for the opponents change nothing.

Each check is also a method (``check_results(rules, request)`` ...), which
raises :class:`AssertionError`. hypothesis is imported when a test runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
import pytest

from caddy.contracts.conformance import conformance
from caddy.contracts.norms import NormPlayer, NormRequest, NormResult, NormRound, NormRules
from caddy.plugins.host import PluginHost, resolve
from caddy.testing.drawing import each_drawn

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = ["NormRulesContract", "norm_requests", "relabelled_request"]

TITLES = ("GM", "IM", "FM", "WGM", "WIM", "WFM", "CM", None)
FEDERATIONS = ("ENG", "GER", "FRA", "NED", "FID", None)
CODES = ("1", "=", "0", "1", "=", "0", "+", "-", "U", "H", "W")


def norm_requests(max_rounds: int = 13) -> SearchStrategy[NormRequest]:
    """One player's rounds against drawn opponents (each a new player)."""
    from hypothesis import strategies as st

    @st.composite
    def draw(draw: DrawFn) -> NormRequest:
        count = draw(st.integers(1, max_rounds))
        player = NormPlayer(
            number=1,
            name="Seeker",
            rating=draw(st.sampled_from((None, 2200, 2350, 2450))),
            title=draw(st.sampled_from(TITLES)),
            federation=draw(st.sampled_from(FEDERATIONS)),
        )
        rounds = []
        for r in range(1, count + 1):
            code = draw(st.sampled_from(CODES))
            opponent = None
            if code not in ("U", "H"):
                opponent = NormPlayer(
                    number=r + 1,
                    name=f"Opponent {r}",
                    rating=draw(st.sampled_from((None, 1900, 2150, 2300, 2450, 2550, 2650))),
                    title=draw(st.sampled_from(TITLES)),
                    federation=draw(st.sampled_from(FEDERATIONS)),
                    score_vs_rated=draw(st.sampled_from((0.0, 1.5))),
                )
            points = {"1": 1.0, "=": 0.5, "+": 1.0, "U": 1.0, "H": 0.5, "W": 1.0}.get(code, 0.0)
            rounds.append(NormRound(round=r, code=code, points=points, opponent=opponent))
        pre_determined = draw(st.booleans())
        return NormRequest(
            event="Drawn",
            player=player,
            rounds=tuple(rounds),
            scheduled_rounds=count + draw(st.integers(0, 2)),
            pre_determined=pre_determined,
            cycles=1 if pre_determined else 0,
            players=count + 1,
        )

    return draw()


def relabelled_request(request: NormRequest, shift: int) -> NormRequest:
    """``request`` with every opponent's pairing number moved by ``shift``."""

    def moved(o: NormPlayer | None) -> NormPlayer | None:
        return None if o is None else attrs.evolve(o, number=o.number + shift)

    return attrs.evolve(
        request,
        rounds=tuple(attrs.evolve(r, opponent=moved(r.opponent)) for r in request.rounds),
        upcoming=tuple(map(moved, request.upcoming)),
    )


def _round_half_up(total: int, count: int) -> int:
    return (2 * total + count) // (2 * count)


class NormRulesContract:
    """Base class of the norm-rules contract suite (see the module docstring)."""

    #: The rules under test (else :attr:`rules_name` is looked up in the host).
    rules: ClassVar[NormRules | None] = None
    rules_name: ClassVar[str] = ""
    max_examples: ClassVar[int] = 25
    max_rounds: ClassVar[int] = 13
    shrink: ClassVar[bool] = True

    @pytest.fixture
    def caddy_host(self) -> PluginHost:
        """The plugin host :attr:`rules_name` is looked up in (override to register yours)."""
        return resolve(None)

    @pytest.fixture
    def norm_rules(self, caddy_host: PluginHost) -> NormRules:
        if self.rules is not None:
            return self.rules
        found: NormRules = caddy_host.registry("norms").get(self.rules_name)
        return found

    def _each(self, check: Callable[[Any], None]) -> None:
        each_drawn(check, norm_requests(self.max_rounds), self.max_examples, self.shrink)

    # -- the checks, on one request -------------------------------------------------------

    def check_conformance(self, rules: NormRules) -> None:
        assert conformance("norms", rules) == []
        assert isinstance(rules.name, str) and rules.name
        assert isinstance(rules.titles, tuple) and rules.titles

    def check_results(self, rules: NormRules, request: NormRequest) -> None:
        for forecast in (False, True):
            results = rules.check(request, forecast)
            assert isinstance(results, tuple), f"check() returned {type(results).__name__}"
            for result in results:
                self.check_result(rules, request, result)

    def check_result(self, rules: NormRules, request: NormRequest, result: NormResult) -> None:
        assert isinstance(result, NormResult)
        assert result.title in rules.titles, f"{result.title} is not one of {rules.titles}"
        if result.norm:
            assert not result.missing, f"a {result.title} norm that misses {result.missing}"
        else:
            assert result.missing, f"no {result.title} norm, and nothing said missing"
        rounds = {r.round: r for r in request.rounds}
        for game in result.counted:
            played = rounds.get(game.round)
            assert played is not None and played.opponent == game.opponent, game
        assert result.games == len(result.counted)
        assert result.score == sum(g.points for g in result.counted)
        if result.counted:
            used = [g.rating_used for g in result.counted]
            assert result.average_rating == _round_half_up(sum(used), len(used))

    def check_deterministic(self, rules: NormRules, request: NormRequest) -> None:
        assert rules.check(request, False) == rules.check(request, False)

    def check_relabelling(self, rules: NormRules, request: NormRequest) -> None:
        def figures(results: tuple[NormResult, ...]) -> list[tuple[Any, ...]]:
            return [
                (r.title, r.norm, r.missing, r.games, r.average_rating, r.performance, r.needed)
                for r in results
            ]

        moved = relabelled_request(request, 50)
        assert figures(rules.check(moved, False)) == figures(rules.check(request, False))

    # -- the tests ---------------------------------------------------------------------

    def test_conformance(self, norm_rules: NormRules) -> None:
        self.check_conformance(norm_rules)

    def test_results_keep_the_contract(self, norm_rules: NormRules) -> None:
        self._each(lambda request: self.check_results(norm_rules, request))

    def test_deterministic(self, norm_rules: NormRules) -> None:
        self._each(lambda request: self.check_deterministic(norm_rules, request))

    def test_relabelling_changes_nothing(self, norm_rules: NormRules) -> None:
        self._each(lambda request: self.check_relabelling(norm_rules, request))
