"""The team tie-break contract suite (caddy.testing.TeamTieBreakContract) run
for every team tie-break of FIDE Handbook C.07 Arts. 12-13 and for the
individual tie-breaks team events use on MP or GP (C.07 Art. 13 preamble:
``BH:MP``, ``PS:GP``, ``DE``), on small drawn team events."""

from __future__ import annotations

from typing import ClassVar

import pytest

from caddy.contracts import TieBreak
from caddy.plugins import PluginHost
from caddy.testing import TeamTieBreakContract
from caddy.tiebreaks import parse_spec

#: Every team tie-break (scope ``teams``) with the texts checked for it.
TEAM_SPECS: dict[str, tuple[str, ...]] = {
    "BC": ("BC",),
    "TBR": ("TBR",),
    "BBE": ("BBE",),
    "MPvGP": ("MPvGP",),
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
    from caddy.plugins import get_host

    return get_host()
