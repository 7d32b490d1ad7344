"""The format contract suite (caddy.testing) over every registered format
that generates pairings, and over a fake third-party format (issue 3 §5)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from caddy.contracts import Format
from caddy.contracts.format_tools import generates_schedule
from caddy.plugins.host import PluginHost, get_host
from caddy.testing import ColourPromise, FormatContract
from tests import test_tandem, test_team_formats


class TestRoundRobinContract(FormatContract):
    format_name = "round-robin"
    sizes = (*tuple(range(2, 17)), 25, 40)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"table": "circle"},
        {"cycles": 2},
        {"cycles": 2, "swap_last_two": False},
        {"reverse_colours": True, "bye_points": 0.5},
    )

    def colour_promise(self, fmt: Format, players: int, options: Any) -> ColourPromise:
        """Balanced colours; never three in a row, except at the seam of a double
        round robin without FIDE's swap of the last two rounds."""
        seam = options.cycles == 2 and not options.swap_last_two
        return ColourPromise(max_difference=1, max_run=None if seam else 2)


class TestRoundRobinCrenshawContract(FormatContract):
    format_name = "round-robin"
    sizes = (7, 8, 9, 16, 21)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {"table": "crenshaw"},
        {"table": "crenshaw", "cycles": 2},
    )
    colours = ColourPromise(max_difference=1, max_run=2)


class TestUsQuadContract(FormatContract):
    format_name = "round-robin"
    sizes = (4,)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {"table": "us-quad"},
        {"table": "us-quad", "cycles": 2},
    )
    colours = ColourPromise(max_difference=1, max_run=2)


class TestDoubleRoundRobinContract(FormatContract):
    format_name = "double-round-robin"
    sizes = (2, 3, 4, 5, 6, 9, 12)
    colours = ColourPromise(max_difference=0, max_run=2)


class TestThirdPartyContract(FormatContract):
    """A format from another distribution, found through its entry point."""

    format_name = "gauntlet"
    sizes = (2, 3, 5, 8)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = ({}, {"champion_white_first": False})

    @pytest.fixture
    def caddy_host(self, third_party: Path) -> Iterator[PluginHost]:
        yield PluginHost()

    def expected_meetings(self, fmt: Format, players: int, options: Any, a: int, b: int) -> int:
        return 1 if a == 1 else 0


class TestQuadsContract(FormatContract):
    """Quads pair each round (their Swiss section from results), so the suite
    plays them through; the meetings are checked in tests/test_quads.py."""

    format_name = "quads"
    sizes = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 21, 22, 23, 40, 41)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"table": "fide", "remainder3": "7"},
        {"remainder": "round-robin"},
        {"remainder": "round-robin", "double": True},
    )

    def colour_promise(self, fmt: Format, players: int, options: Any) -> ColourPromise:
        """Round robins: never three in a row, Whites within one of Blacks. A
        Swiss section keeps the Dutch system's absolute colour criterion (FIDE
        Handbook C.04.3 criterion C3: a difference of at most 2, never three in
        a row), which is lifted for the top scorers of the final round (C.04.3 1.8)."""
        if fmt.swiss_sections(players, options):  # type: ignore[attr-defined]
            return ColourPromise(max_difference=3, max_run=3)
        return ColourPromise(max_difference=1, max_run=2)


class TestScheveningenContract(FormatContract):
    format_name = "scheveningen"
    sizes = (2, 4, 6, 8, 10, 12, 20, 24, 28, 32)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = ({}, {"cycles": 2})

    def colour_promise(self, fmt: Format, players: int, options: Any) -> ColourPromise:
        """k/2 Whites (within one for odd k; k over two cycles), never three in a row
        (caddy_plugins.formats.scheveningen)."""
        return ColourPromise(max_difference=1 if options.cycles == 1 else 0, max_run=2)

    def expected_meetings(self, fmt: Format, players: int, options: Any, a: int, b: int) -> int:
        k = players // 2
        return options.cycles if (a <= k) != (b <= k) else 0


class TestKnockoutContract(FormatContract):
    format_name = "knockout"
    sizes = (2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 64)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = ({}, {"games": 2, "tiebreak": "armageddon"})
    #: colours alternate within a match; across rounds nothing is promised
    colours = None


class TestGroupsKnockoutContract(FormatContract):
    format_name = "groups-knockout"
    sizes = (12, 16, 18, 24)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"cycles": 2},
        {"advance": 2, "ties": "playoff"},
        {"groups": 3, "advance": 2, "games": 2},
    )
    #: the knockout stage's colours follow its matches: nothing promised across rounds
    colours = None


class TestSwissContract(FormatContract):
    format_name = "swiss"
    sizes = (2, 3, 4, 5, 6, 7, 8, 11, 12, 16)
    #: FIDE Handbook C.04.1 and C.04.3 C3: Whites and Blacks differ by at most
    #: 2, never three of one colour in a row (topscorers in the last round
    #: aside; none of these fields needs that exception).
    colours = ColourPromise(max_difference=2, max_run=2)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"initial_colour": "black"},
        {"system": "burstein"},  # issue 28: C.04.4.2, as bbpPairings reads it
        {"system": "burstein", "burstein_rules": "fide-2026"},
    )


class TestKeizerContract(FormatContract):
    format_name = "keizer"
    sizes = (2, 3, 4, 5, 6, 7, 8, 11, 12)
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"rounds": 4, "no_rematch_rounds": 1, "own_value": False},
    )
    #: Keizer pairs by the ranking and balances colours board by board, "as
    #: far as possible" (docs/keizer.md): nothing promised across the season
    #: (the colour rule is tests/test_keizer.py's).
    colours = None


#: Formats that pair teams, not players: the player contract suite does not apply.
TEAM_FORMATS: frozenset[str] = frozenset()

CONTRACT_CLASSES = [
    cls
    for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, FormatContract)
]
# the team formats' contract classes live with their tests (the module, not its
# classes, is imported here, so pytest does not collect them twice)
CONTRACT_CLASSES += [
    cls
    for module in (test_team_formats, test_tandem)
    for cls in vars(module).values()
    if isinstance(cls, type) and issubclass(cls, FormatContract)
]


def test_every_registered_schedule_format_runs_the_contract() -> None:
    """A built-in format that generates pairings cannot skip the contract suite."""
    from caddy.contracts.format_tools import depends_on_results

    covered = {cls.format_name for cls in CONTRACT_CLASSES if cls is not FormatContract}
    for fmt in get_host().formats():
        if fmt.name in TEAM_FORMATS:  # pairs teams (needs --teams): its engine's own tests
            continue
        if generates_schedule(fmt) or depends_on_results(fmt):
            assert fmt.name in covered, f"format {fmt.name!r} has no contract test class"


def test_contract_catches_a_broken_format() -> None:
    """The suite can fail: a format whose schedule repeats a pair is caught."""
    from caddy.model.schedule import Round, Schedule

    class Broken:
        name = "broken"
        summary = "repeats a pair"

        def __init__(self) -> None:
            self.inner = get_host().formats().get("round-robin")
            self.Options = self.inner.Options

        def arithmetic(self, players: int, options: Any) -> Any:
            return self.inner.arithmetic(players, options)

        def schedule(self, players: int, options: Any, *, seed: int | None = None) -> Schedule:
            good = self.inner.schedule(players, options, seed=seed)  # type: ignore[attr-defined]
            first = good.rounds[0]
            rounds = (
                first,
                Round(number=2, white=first.white, black=first.black),
                *good.rounds[2:],
            )
            return Schedule(format="broken", players=players, rounds=rounds)

    contract = TestRoundRobinContract()
    with pytest.raises(AssertionError):
        contract.test_pairs_meet_as_promised(Broken())  # type: ignore[arg-type]
