"""The team tie-break contract suite (caddy.testing.TeamTieBreakContract) run
for every team tie-break of FIDE Handbook C.07 Arts. 12-13 and for the
individual tie-breaks team events use on MP or GP (C.07 Art. 13 preamble:
``BH:MP``, ``PS:GP``, ``DE``), on small drawn team events."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, ClassVar

import pytest

from caddy import hookimpl
from caddy.contracts import TieBreak
from caddy.contracts.explanation import Explanation
from caddy.contracts.tiebreak_spec import EDITIONS, TieBreakSpec, parse_spec
from caddy.contracts.tiebreak_table import TieBreakTable
from caddy.plugins.host import PluginHost
from caddy.testing import TeamTieBreakContract

#: Every team tie-break (scope ``teams``) with the texts checked for it.
TEAM_SPECS: dict[str, tuple[str, ...]] = {
    "BC": ("BC",),
    "TBR": ("TBR",),
    "BBE": ("BBE",),
    "MPvGP": ("MPvGP",),
    "MPTS": ("MPTS",),
    "GPTS": ("GPTS",),
    "EMMSB": ("EMMSB", "EMMSB/C1/P"),
    "EMGSB": ("EMGSB/C1", "EMGSB/P"),
    "EGMSB": ("EGMSB", "EGMSB/C2"),
    "EGGSB": ("EGGSB/C1/P",),
    "EDE": ("EDE", "EDE/P"),
    "EDEBT": ("EDEBT",),
    "EDEBB": ("EDEBB/P",),
    "EDET": ("EDET",),
    "EDEB": ("EDEB",),
    "SSSC": ("SSSC", "SSSC/F/P", "SSSC/K3"),
    "BH:MP": ("BH:MP", "BH:GP/C1"),
    "PS:GP": ("PS:GP",),
    "DE": ("DE",),
}
#: A short companion list for the order check (each a different kind).
COMPANIONS = ("EDE", "MPvGP", "BC", "EGGSB/C1", "BH:MP", "SSSC")


class TestTeamTieBreaks(TeamTieBreakContract):
    """Each team tie-break on a few drawn team events."""

    max_examples = 3
    companions: ClassVar[tuple[str, ...]] = COMPANIONS
    #: The TEAM_SPECS key of the tie-break under test (set by the fixture).
    checked = ""

    @pytest.fixture(params=sorted(TEAM_SPECS))
    def tiebreak(self, request: pytest.FixtureRequest, caddy_host: PluginHost) -> TieBreak:
        self.checked = request.param
        plugin: TieBreak = caddy_host.tiebreaks().get(parse_spec(request.param).code)
        return plugin

    def test_has_metadata(self, tiebreak: TieBreak) -> None:
        self.check_metadata(tiebreak)

    def spec_texts(self, tiebreak: TieBreak) -> list[str]:
        return list(TEAM_SPECS[self.checked])


def test_every_team_tiebreak_is_checked(caddy_host: PluginHost) -> None:
    """No team tie-break escapes the suite."""
    checked = {parse_spec(name).code for name in TEAM_SPECS}
    teams = {t.name for t in caddy_host.tiebreaks() if t.scope == "teams"}
    assert teams <= checked, sorted(teams - checked)


@pytest.fixture
def caddy_host() -> PluginHost:
    from caddy.plugins.host import get_host

    return get_host()


# -- the suite fails a team tie-break that breaks one promise -------------------------


class _TeamScore:
    """A team's primary score: a well-behaved base the broken ones bend."""

    name: ClassVar[str] = "TSCORE"
    scope: ClassVar[str] = "teams"
    title: ClassVar[str] = "Team score"
    article: ClassVar[str] = "none"
    kind: ClassVar[str] = "B"
    modifiers: ClassVar[str] = ""
    summary: ClassVar[str] = "the team's own score"
    editions: ClassVar[tuple[str, ...]] = EDITIONS
    group_dependent: ClassVar[bool] = False

    def lower_is_better(self, spec: TieBreakSpec) -> bool:
        return False

    def value(self, table: TieBreakTable, i: int) -> float:
        return float(table.score[i])

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        return [self.value(table, i) for i in range(table.n)]

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        value = self.value(table, player)
        return Explanation(tiebreak=spec.text, player=table.numbers[player], value=value)


class _Flaky(_TeamScore):
    name: ClassVar[str] = "TFLAKY"

    def __init__(self) -> None:
        self.calls = itertools.count()

    def value(self, table: TieBreakTable, i: int) -> float:
        return float(table.score[i] + next(self.calls) % 2)


class _ByNumber(_TeamScore):
    name: ClassVar[str] = "TBYNUM"

    def value(self, table: TieBreakTable, i: int) -> float:
        return float(table.numbers[i])


class _Misexplained(_TeamScore):
    name: ClassVar[str] = "TMISEX"

    def explain(self, table: TieBreakTable, spec: TieBreakSpec, player: int) -> Explanation:
        value = self.value(table, player) + 1
        return Explanation(tiebreak=spec.text, player=table.numbers[player], value=value)


class _Meddling(_TeamScore):
    """Adds a point to every adjusted score of the shared table as it computes."""

    name: ClassVar[str] = "TMEDDLE"

    def compute(self, table: TieBreakTable, spec: TieBreakSpec) -> list[float | None]:
        values = super().compute(table, spec)
        table.adjusted[:] = [score + 1 for score in table.adjusted]
        return values


class _BrokenTeamPlugins:
    @hookimpl
    def caddy_register_tiebreaks(self, register: Callable[[Any], None]) -> None:
        for plugin in (_Flaky(), _ByNumber(), _Misexplained(), _Meddling()):
            register(plugin)


@pytest.mark.parametrize(
    ("name", "test", "message"),
    [
        ("TFLAKY", "test_deterministic", "gives other values"),
        ("TBYNUM", "test_relabelling_invariant", "listing the teams as"),
        ("TMISEX", "test_explain_agrees_with_value", "explanation gives"),
        ("TMEDDLE", "test_order_of_list_changes_no_value", "gives other values than"),
    ],
)
def test_team_suite_fails_a_broken_tiebreak(name: str, test: str, message: str) -> None:
    host = PluginHost(env={})
    host.register(_BrokenTeamPlugins())

    class Suite(TeamTieBreakContract):
        tiebreak_name = name
        companions = ("BH:MP", "EMMSB")
        max_examples = 5
        shrink = False

    suite = Suite()
    plugin = host.tiebreaks().get(name)
    suite.test_has_metadata(plugin)  # well formed: only the behaviour is wrong
    with pytest.raises(AssertionError, match=message):
        getattr(suite, test)(host, plugin)
