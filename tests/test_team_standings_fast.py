"""The team standings' value-only path (issue 31 item 5) against the
explainable path it stands beside: every tie-break value in
``team_standings`` must be the value the tie-break's explanation gives
(``explain``, ``explain_group``: the items with their notes and cuts, the
ranking with its steps), and the order the same as the tie-breaks ranked
with those values and both score tables built up front (the standings
before, commit 0c24763).

What the fast path changed: EMGSB and the other extended Sonneborn-Berger
tie-breaks (C.07 Art. 13.2, cuts Art. 14.1, unplayed rounds Art. 16) sum
their products without building the items; EDE and its sequences (Art.
13.3) rank a tied group without writing the steps; the standings build a
score's table only when a tie-break reads it.

Events: FIDE TEC's team sample (``tests/data/trf``, its record 202 list and
wider ones, every EDE reading of
:class:`caddy.contracts.tiebreak_table.StandingsOptions`), its 240-fixed copy
(``tests/data/teams``), and small team events drawn by hypothesis
(:func:`caddy.testing.team_tiebreaks.small_team_events`: Swiss-like events
with byes of every kind and forfeits, round robins with rest rounds).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts import TieBreak
from caddy.contracts.tiebreak_spec import TieBreakSpec, parse_spec
from caddy.contracts.tiebreak_table import StandingsOptions, TieBreakTable
from caddy.event import replay
from caddy.event.teams import state_team_event
from caddy.model.team_results import TeamResultsTable
from caddy.plugins.host import resolve
from caddy.plugins.lookup import get_codec
from caddy.standings.table import break_ties, split_tied
from caddy.standings.teams import (
    TeamStandings,
    resolve_team_tiebreaks,
    team_explain,
    team_standings,
    team_tables,
    team_tiebreak_texts,
)
from caddy.testing.team_tiebreaks import DrawnTeamEvent, small_team_events
from caddy.testing.teams import build_team_event
from caddy_plugins.tiebreaks.team_ede import ExtendedDirectEncounter

DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "trf" / "teamswiss_trf26_tec_sample_grandmommys_cup.trf"
FIXED = DATA / "teams" / "teamswiss_trf26_tec_sample_grandmommys_cup_240fixed.trf"

#: The sample's own list (its record 202).
FILE_LIST = ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
#: Every extended Sonneborn-Berger and EDE variant, with and without /P and cuts.
WIDE_LISTS = [
    ["EDE", "EMMSB", "EGGSB/C1", "BH:GP/C2", "MPvGP"],
    ["EDEBT/P", "EGMSB/P", "EMGSB/C2/P", "BH:MP/M1/P"],
    ["EDEBB", "EMGSB/C1", "EGGSB/C2/P", "EMMSB/C1/P"],
    ["EDEB/P", "BC", "EMGSB", "SSSC", "BH:MP"],
    ["MPvGP", "EMGSB/C1/P", "EDET/P"],
]
OPTIONS = [
    StandingsOptions(),
    StandingsOptions(ede_secondary="total"),
    StandingsOptions(ede_unseparated="place"),
    StandingsOptions(ede_board_tiebreaks_scope="event", ede_board_count_lower_first=True),
    StandingsOptions(rr_forfeits_are_games=False),
]


class _Recording:
    """A group tie-break ranked through its explainable path: EDE's ranking
    with its steps written (what ``explain_group`` reads)."""

    def __init__(self, plugin: TieBreak) -> None:
        self.plugin = plugin

    def __getattr__(self, name: str) -> Any:
        return getattr(self.plugin, name)

    def rank_group(
        self, table: TieBreakTable, spec: TieBreakSpec, group: Sequence[int]
    ) -> list[int]:
        assert isinstance(self.plugin, ExtendedDirectEncounter)
        places = self.plugin.ranking(table, spec, group, record=True).places
        return [places[i] for i in group]


def reference(
    tevent: TeamResultsTable,
    texts: list[str],
    edition: str | None = None,
    options: StandingsOptions | None = None,
) -> list[tuple[int, int, dict[str, float | None]]]:
    """(rank, team number, values) per row the explainable way: both score
    tables built up front, each value from the tie-break's explanation, EDE's
    places from its ranking with the steps written."""
    host = resolve(None)
    options = options or StandingsOptions()
    tables = team_tables(tevent, edition=edition, options=options, host=host)
    main = tables[tevent.primary]
    resolved = resolve_team_tiebreaks(team_tiebreak_texts(texts, tevent.pre_determined, host), host)
    columns = []
    for spec, plugin in resolved:
        table = tables[spec.score or tevent.primary]
        if plugin.group_dependent:
            column = list(plugin.compute(table, spec))
            ranked: Any = (
                _Recording(plugin) if isinstance(plugin, ExtendedDirectEncounter) else plugin
            )
        else:
            column = [plugin.explain(table, spec, i).value for i in range(tevent.count)]
            ranked = plugin
        columns.append((spec, ranked, table, column))
    groups = break_ties(
        split_tied(list(range(tevent.count)), [-s for s in main.score].__getitem__), columns
    )
    rows = []
    position = 1
    for group in groups:
        for i in sorted(group):
            rows.append((position, i + 1, {spec.text: c[i] for spec, _, _, c in columns}))
        position += len(group)
    return rows


def assert_same(
    tevent: TeamResultsTable,
    texts: list[str],
    edition: str | None = None,
    options: StandingsOptions | None = None,
) -> TeamStandings:
    ours = team_standings(tevent, texts, edition, options=options)
    assert [(r.rank, r.pairing_number, r.tiebreaks) for r in ours.rows] == reference(
        tevent, texts, edition, options
    )
    return ours


def assert_explained(tevent: TeamResultsTable, result: TeamStandings, **kw: Any) -> None:
    """Every value in the standings is the one its explanation gives."""
    for row in result.rows:
        explained = team_explain(tevent, row.pairing_number, result, **kw)
        assert [e.value for e in explained] == [row.tiebreaks[t] for t in result.tiebreaks], row


@cache
def sample(path: Path) -> TeamResultsTable:
    event = get_codec("trf").read(path.read_bytes(), source=str(path)).event
    return state_team_event(replay(event))


@pytest.mark.parametrize("path", [SAMPLE, FIXED], ids=["sample", "240fixed"])
def test_the_sample_ranks_as_the_explainable_path(path: Path) -> None:
    tevent = sample(path)
    result = assert_same(tevent, FILE_LIST)
    assert_explained(tevent, result)


@pytest.mark.parametrize("texts", WIDE_LISTS, ids=lambda t: ",".join(t))
@pytest.mark.parametrize("edition", ["2024", "2026"])
def test_wider_lists_on_the_sample(texts: list[str], edition: str) -> None:
    tevent = sample(SAMPLE)
    result = assert_same(tevent, texts, edition)
    if edition == "2026":  # the reference took every other value from explain() already
        assert_explained(tevent, result, edition=edition)


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
def test_every_ede_reading_on_the_sample(options: StandingsOptions) -> None:
    tevent = sample(FIXED)
    for texts in (FILE_LIST, ["EDEBT", "MPvGP"], ["EDEBB/P", "EMGSB/C1"], ["EDE"]):
        result = assert_same(tevent, texts, options=options)
        if texts is FILE_LIST:  # team_explain as well, once per reading (its cost)
            assert_explained(tevent, result, options=options)


def test_game_points_primary_on_the_sample() -> None:
    """The sample with game points ranking the teams (MPvGP then reads MP)."""
    tevent = sample(SAMPLE)
    scoring = attrs.evolve(tevent.setup.scoring, primary="GP")
    gp_first = attrs.evolve(tevent, setup=attrs.evolve(tevent.setup, scoring=scoring))
    assert gp_first.primary == "GP"
    assert_explained(gp_first, assert_same(gp_first, FILE_LIST))
    for texts in (WIDE_LISTS[1], WIDE_LISTS[2]):
        assert_same(gp_first, texts)


@settings(max_examples=60, deadline=None)
@given(
    drawn=small_team_events(max_teams=7, max_rounds=5, max_boards=4),
    texts=st.sampled_from([FILE_LIST, *WIDE_LISTS]),
    edition=st.sampled_from(["2024", "2026"]),
    options=st.sampled_from(OPTIONS),
)
def test_drawn_team_events(
    drawn: DrawnTeamEvent, texts: list[str], edition: str, options: StandingsOptions
) -> None:
    tevent = drawn.build()
    result = assert_same(tevent, texts, edition, options)
    assert_explained(tevent, result, edition=edition, options=options)


def test_art_6_3_on_game_points_reads_a_won_match_on_every_board() -> None:
    """C.07 Art. 6.3 on the secondary score (13.3.1): a team is placed first
    only if no other could overtake it whatever the missing matches give,
    a missing match worth a win on every board in game points (4 boards: 4,
    not a won match's 2 MP). A beat B 3-1 and drew C 2-2, B and C did not
    meet: MP among them A 3, B 0, C 1 (C could reach 3: nobody placed); GP A
    5, B 1, C 2, C could reach 6: nobody placed, the three stay tied (with a
    missing match read as 2, A would be placed first: 5 > 4)."""
    tevent = build_team_event(
        ["A", "B", "C", "D"],
        4,
        [
            [("A", "B", "1-0 1-0 1-0 0-1"), ("C", "D", "1/2 1/2 1/2 1/2")],
            [("A", "C", "1-0 0-1 1/2 1/2"), ("B", "D", "1-0 1-0 0-1 0-1")],
        ],
    )
    assert tevent.gp[:3] == [5.0, 1.0 + 2.0, 2.0 + 2.0]
    plugin = resolve(None).tiebreaks().get("EDE")
    assert isinstance(plugin, ExtendedDirectEncounter)
    spec = parse_spec("EDE", plugin.modifiers)
    for table in (team_tables(tevent)["MP"], _alone(tevent)):
        for record in (True, False):
            ranking = plugin.ranking(table, spec, [0, 1, 2], record=record)
            assert ranking.places == {0: 1, 1: 1, 2: 1}, (record, ranking.steps)


def _alone(tevent: TeamResultsTable) -> TieBreakTable:
    """The MP table built alone (the GP table not built: the fast path's case)."""
    return TieBreakTable(
        tevent.as_event("MP"),
        edition="2026",
        pre_determined=tevent.pre_determined,
        teams=tevent,
        score_kind="MP",
    )


@pytest.mark.parametrize("name", ["EDE", "EDEBT", "EDEBB", "EDET", "EDEB"])
def test_a_forfeited_match_is_a_direct_encounter_with_p_only(name: str) -> None:
    """The EDE family reads a forfeited match as a direct encounter with
    ``/P`` only in a Swiss (the TRF-2026 tie-break descriptor option ``/P``,
    table MTB26: forfeits count as played against the scheduled opponent;
    FIDE Handbook C.07 Art. 15.2: always in a round robin). A won B by forfeit, lost to C; B beat D; C drew D: A and B
    tie on 2 MP. Without ``/P`` they never met: Art. 6.3 places nobody, EDE
    separates nobody (0, as FIDE's reference engine reports it); with ``/P``
    A beat B: places 1 and 2. In a round robin the forfeit counts either way."""
    tevent = build_team_event(
        ["A", "B", "C", "D"],
        2,
        [
            [("A", "B", "+-"), ("C", "D", "1/2 1/2")],
            [("A", "C", "0-1 0-1"), ("B", "D", "1-0 1-0")],
        ],
    )
    assert tevent.mp == [2.0, 2.0, 3.0, 1.0]
    values = {
        spec: [team_standings(tevent, [spec]).row_of(t).tiebreaks[spec] for t in (1, 2)]
        for spec in (name, f"{name}/P")
    }
    assert values == {name: [0.0, 0.0], f"{name}/P": [1.0, 2.0]}
    rr = attrs.evolve(tevent, pre_determined=True)
    assert [team_standings(rr, [name]).row_of(t).tiebreaks[name] for t in (1, 2)] == [1.0, 2.0]
    for spec in (name, f"{name}/P"):
        assert_same(tevent, [spec], "2026", StandingsOptions())
