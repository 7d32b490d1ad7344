"""The rating-system contract suite.

:class:`RatingSystemContract` is a pytest base class. Subclass it and give
the system (or the name it is registered under)::

    from caddy.testing.rating_systems import RatingSystemContract

    class TestMyRatings(RatingSystemContract):
        system = MyRatings()          # or: system_name = "my-ratings"
        option_sets = ({}, {"scale": "national"})

On small rating requests drawn by hypothesis (:func:`rating_requests`: 2 to
8 players, rated and unrated, with and without K, birth year and games;
rounds paired at random with wins, draws, losses, forfeits, byes, games
without a result yet; standard, rapid and blitz; dates around the FIDE
rule changes and none), it checks:

* conformance: :func:`caddy.contracts.conformance.conformance` finds nothing missing;
* the report's shape: a :class:`~caddy.contracts.rating.RatingReport` named
  for the system, with one :class:`~caddy.contracts.rating.PlayerChange`
  per player, in the request's order;
* sums: a player's ``change`` is the sum of their games' changes (to 1e-9);
* unplayed games are never rated: every rated game is a side the request
  has, played over the board, against an opponent, with a result;
* an unknown option raises :class:`~caddy.errors.CaddyError` (no other exception);
* determinism: the same request twice, and an equal copy, give equal reports;
* relabelling invariance: other pairing numbers give every player the same
  figures (their games matched by round).

Each check is also a method taking the system and a request
(``check_sums(system, request)`` ...), which raises :class:`AssertionError`.
hypothesis is imported when a test runs, not when this module is imported.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
import pytest

from caddy.contracts.conformance import conformance
from caddy.contracts.rating import (
    PlayerChange,
    RatedPlayer,
    RatingGame,
    RatingReport,
    RatingRequest,
    RatingSystem,
)
from caddy.errors import CaddyError
from caddy.plugins.host import PluginHost, resolve
from caddy.testing.drawing import each_drawn

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = ["RatingSystemContract", "rating_requests", "relabelled_request"]

#: Dates the requests are read at: around FIDE's changes of 2024 and 2025, and none.
DATES = (
    None,
    datetime.date(2024, 6, 1),
    datetime.date(2025, 9, 30),
    datetime.date(2025, 10, 1),
    datetime.date(2026, 5, 1),
)
#: An option no system has.
UNKNOWN_OPTION = "no-such-option-for-the-contract-suite"


def rating_requests(
    max_players: int = 8, max_rounds: int = 5, options: Mapping[str, str] | None = None
) -> SearchStrategy[RatingRequest]:
    """Small requests as :func:`caddy.ratings.change` collects them from an event."""
    from hypothesis import strategies as st

    @st.composite
    def draw(draw: DrawFn) -> RatingRequest:
        count = draw(st.integers(2, max_players))
        players = tuple(
            RatedPlayer(
                number=number,
                name=f"Player {number}",
                rating=draw(st.none() | st.integers(1400, 2900)),
                k=draw(st.sampled_from((None, 10, 20, 40))),
                games=draw(st.none() | st.integers(0, 200)),
                birth_year=draw(st.none() | st.integers(1950, 2018)),
            )
            for number in range(1, count + 1)
        )
        games: list[RatingGame] = []
        for round_ in range(1, draw(st.integers(1, max_rounds)) + 1):
            order = draw(st.permutations(range(1, count + 1)))
            for a, b in zip(order[0::2], order[1::2], strict=False):
                kind = draw(st.sampled_from(("1", "½", "0", "+", "-", "none")))
                played = kind not in "+-"
                score: float | None = {"1": 1.0, "½": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}.get(kind)
                other = None if score is None else 1.0 - score
                games.append(
                    RatingGame(round=round_, player=a, opponent=b, score=score, played=played)
                )
                games.append(
                    RatingGame(round=round_, player=b, opponent=a, score=other, played=played)
                )
            if count % 2:
                games.append(
                    RatingGame(
                        round=round_, player=order[-1], opponent=None, score=1.0, played=False
                    )
                )
        return RatingRequest(
            type=draw(st.sampled_from(("standard", "rapid", "blitz"))),
            date=draw(st.sampled_from(DATES)),
            players=players,
            games=tuple(sorted(games, key=lambda g: (g.round, g.player))),
            options=dict(options or {}),
        )

    return draw()


def relabelled_request(request: RatingRequest, numbers: Sequence[int]) -> RatingRequest:
    """The request with player ``i`` (the ``i``-th listed) numbered ``numbers[i - 1]``."""
    new = {player.number: numbers[i] for i, player in enumerate(request.players)}
    return attrs.evolve(
        request,
        players=tuple(attrs.evolve(p, number=new[p.number]) for p in request.players),
        games=tuple(
            attrs.evolve(
                g,
                player=new[g.player],
                opponent=None if g.opponent is None else new[g.opponent],
            )
            for g in request.games
        ),
    )


def _figures(change: PlayerChange, number: Callable[[int], int]) -> tuple[Any, ...]:
    """What relabelling must not change (opponents by their other number)."""
    games = sorted(
        (g.round, number(g.opponent), g.opponent_rating, g.score, g.expected, g.change)
        for g in change.games
    )
    return (change.rating, change.k, change.change, change.published, change.first_rating, games)


class RatingSystemContract:
    """Base class of the rating-system contract suite (see the module docstring)."""

    #: The system under test (else :attr:`system_name` is looked up in the host).
    system: ClassVar[RatingSystem | None] = None
    system_name: ClassVar[str] = ""
    #: The option sets each drawn request is rated with.
    option_sets: ClassVar[Sequence[Mapping[str, str]]] = ({},)
    #: Requests hypothesis draws per check, and their size.
    max_examples: ClassVar[int] = 12
    max_players: ClassVar[int] = 8
    max_rounds: ClassVar[int] = 5
    #: Shrink a failing request to a smallest one (off: fail at once).
    shrink: ClassVar[bool] = True

    @pytest.fixture
    def caddy_host(self) -> PluginHost:
        """The plugin host :attr:`system_name` is looked up in (override to register yours)."""
        return resolve(None)

    @pytest.fixture
    def rating_system(self, caddy_host: PluginHost) -> RatingSystem:
        if self.system is not None:
            return self.system
        found: RatingSystem = caddy_host.rating_systems().get(self.system_name)
        return found

    def requests(self) -> SearchStrategy[RatingRequest]:
        """The requests to check on (default: :func:`rating_requests`, one per option set)."""
        from hypothesis import strategies as st

        return st.one_of(
            *(
                rating_requests(self.max_players, self.max_rounds, options)
                for options in self.option_sets
            )
        )

    def _each(self, check: Callable[[Any], None], strategy: SearchStrategy[Any]) -> None:
        each_drawn(check, strategy, self.max_examples, self.shrink)

    # -- the checks, on one request ------------------------------------------------------

    def check_conformance(self, system: RatingSystem) -> None:
        """The system has every member the contract names."""
        assert conformance("rating_systems", system) == []
        assert isinstance(system.name, str) and system.name
        assert isinstance(system.summary, str) and system.summary
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in system.options.items())

    def check_shape(self, system: RatingSystem, request: RatingRequest) -> None:
        """A report named for the system, one change per player in the request's order."""
        report = system.change(request)
        assert isinstance(report, RatingReport), f"change() returned {type(report).__name__}"
        assert report.system == system.name, f"report.system {report.system!r}"
        got = [p.number for p in report.players]
        want = [p.number for p in request.players]
        assert got == want, f"players {got}, the request's order is {want}"
        for change in report.players:
            assert isinstance(change, PlayerChange)

    def check_sums(self, system: RatingSystem, request: RatingRequest) -> None:
        """Each player's change is the sum of their games' changes."""
        for change in system.change(request).players:
            if change.change is None:
                assert not change.games, f"player {change.number}: games but no change"
                continue
            total = math.fsum(g.change for g in change.games)
            assert math.isclose(change.change, total, rel_tol=1e-9, abs_tol=1e-9), (
                f"player {change.number}: change {change.change}, its games sum to {total}"
            )

    def check_unplayed_not_rated(self, system: RatingSystem, request: RatingRequest) -> None:
        """Every rated game is a side the request has, played, against an opponent, with a result."""
        sides = {(g.player, g.round, g.opponent): g for g in request.games}
        for change in system.change(request).players:
            for game in change.games:
                side = sides.get((change.number, game.round, game.opponent))
                assert side is not None, (
                    f"player {change.number}: a rated game in round {game.round} "
                    f"against {game.opponent} the request does not have"
                )
                assert side.played and side.score is not None, (
                    f"player {change.number}: round {game.round} is rated but "
                    + ("was not played" if not side.played else "has no result")
                )

    def check_unknown_option(self, system: RatingSystem, request: RatingRequest) -> None:
        """An option the system does not have is a :class:`CaddyError`, not another exception."""
        assert UNKNOWN_OPTION not in system.options
        bad = attrs.evolve(request, options={**request.options, UNKNOWN_OPTION: "1"})
        try:
            system.change(bad)
        except CaddyError:
            return
        except Exception as exc:  # the promise is about exactly this
            raise AssertionError(
                f"an unknown option raised {type(exc).__name__}, not CaddyError"
            ) from exc
        raise AssertionError(f"the unknown option {UNKNOWN_OPTION!r} was accepted")

    def check_deterministic(self, system: RatingSystem, request: RatingRequest) -> None:
        """The same request twice, and an equal copy, give equal reports."""
        first = system.change(request)
        assert system.change(request) == first, "a second call gives another report"
        copy = attrs.evolve(request, players=tuple(request.players), games=tuple(request.games))
        assert system.change(copy) == first, "an equal copy of the request gives another report"

    def check_relabelling(
        self, system: RatingSystem, request: RatingRequest, numbers: Sequence[int]
    ) -> None:
        """Player ``i`` renumbered ``numbers[i - 1]`` keeps their figures."""
        before = system.change(request)
        after = system.change(relabelled_request(request, numbers))
        new = {p.number: numbers[i] for i, p in enumerate(request.players)}
        renumbered = {p.number: p for p in after.players}
        for change in before.players:
            moved = renumbered[new[change.number]]
            assert _figures(change, lambda n: new[n]) == _figures(moved, lambda n: n), (
                f"player {change.number} (now {new[change.number]}): other figures after relabelling"
            )

    # -- the tests --------------------------------------------------------------------------

    def test_conforms(self, rating_system: RatingSystem) -> None:
        self.check_conformance(rating_system)

    def test_report_shape(self, rating_system: RatingSystem) -> None:
        self._each(lambda r: self.check_shape(rating_system, r), self.requests())

    def test_change_is_the_sum_of_the_games(self, rating_system: RatingSystem) -> None:
        self._each(lambda r: self.check_sums(rating_system, r), self.requests())

    def test_unplayed_games_never_rated(self, rating_system: RatingSystem) -> None:
        self._each(lambda r: self.check_unplayed_not_rated(rating_system, r), self.requests())

    def test_unknown_option_is_caddy_error(self, rating_system: RatingSystem) -> None:
        self._each(lambda r: self.check_unknown_option(rating_system, r), self.requests())

    def test_deterministic(self, rating_system: RatingSystem) -> None:
        self._each(lambda r: self.check_deterministic(rating_system, r), self.requests())

    def test_relabelling_invariant(self, rating_system: RatingSystem) -> None:
        from hypothesis import strategies as st

        drawn = self.requests().flatmap(
            lambda r: st.tuples(st.just(r), st.permutations(range(1, len(r.players) + 1)))
        )
        self._each(lambda d: self.check_relabelling(rating_system, d[0], d[1]), drawn)
