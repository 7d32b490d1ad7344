"""The team standings' faster paths (issue 31 item 5) against the general
paths they stand in for, value for value, on drawn events:

* the Buchholz family's values alone (``caddy_plugins.tiebreaks.values``:
  one opponent-score row per player and table, shared by BH, SB and the
  extended Sonneborn-Berger team tie-breaks) against the per-round items and
  cuts the explanations read (``contributions`` and ``apply_cuts``, C.07
  Arts. 8-9, 13.2, 14.1-14.2, 16), on team tables and on individual events
  (annulled players, rest rounds, every bye kind);
* the teams' tie-break table read straight from the team results
  (:class:`caddy.contracts.team_tiebreak_table.TeamTieBreakTable`) against
  the table of the teams as an individual event
  (:meth:`caddy.model.team_results.TeamResultsTable.as_event`), every field;
* the team fold read from the rounds' result words in board order
  (:func:`caddy.model.team_fold_boards.fold_team_boards`) against the fold
  of the players' cells (:func:`caddy.model.team_fold.fold_team_rounds`),
  and its refusal of boards that no longer seat a match's line-ups;
* EDE's pair averages and meetings, shared by every tied group ranked on a
  table, against the same groups ranked on fresh tables (C.07 13.3, Art. 6).

The drawn team events are :func:`tests.test_team_fold_paths.drawn_event`'s
(whole-match forfeits, forfeited and empty boards, team byes of every kind,
absent teams, an unfinished last round).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import caddy.event.teams
from caddy.contracts.team_tiebreak_table import TeamTieBreakTable
from caddy.contracts.tiebreak_spec import parse_spec, standings_edition
from caddy.contracts.tiebreak_table import StandingsOptions, TieBreakTable
from caddy.event.replay import replay
from caddy.event.results import board_cells, board_words
from caddy.event.teams import state_team_event
from caddy.model.results import Scoring
from caddy.model.team_fold import fold_team_rounds
from caddy.model.team_fold_boards import BoardsNotGamesError, fold_team_boards
from caddy.model.team_results import TeamResultsTable
from caddy.plugins.host import resolve
from caddy_plugins.tiebreaks.common import apply_cuts, contributions
from caddy_plugins.tiebreaks.team_common import score_points
from caddy_plugins.tiebreaks.values import opponent_values
from tests.test_standings_fast_paths import drawn_event as drawn_individual_event
from tests.test_team_fold_paths import drawn_event

SPECS = ["BH", "BH/C1", "BH/C2", "BH/M1", "BH/C1/P", "BH/P", "BH/C2/P", "BH/M1/P", "BH/C3"]


def team_events() -> list[TeamResultsTable]:
    """Drawn team events, complete and with the last round open, Swiss and round robin."""
    events = []
    for seed in range(24):
        try:
            event = drawn_event(
                seed,
                teams=4 + seed % 7,
                boards=1 + seed % 4,
                rounds=1 + seed % 6,
                unfinished=seed % 3 == 0 and seed % 6 > 0,
            )
        except IndexError:  # too few teams for the byes drawn
            continue
        state = replay(event)
        for completed_only in (True, False):
            tevent = state_team_event(state, completed_only=completed_only)
            events.append(tevent)
            events.append(attrs.evolve(tevent, pre_determined=True))
    return events


TEAM_EVENTS = team_events()


def event_table(tevent: TeamResultsTable, kind: str, edition: str | None) -> TieBreakTable:
    """The general path: the teams as an individual event's players."""
    event = tevent.as_event(kind)
    return TieBreakTable(
        event,
        edition=standings_edition(event, edition),
        pre_determined=tevent.pre_determined,
        teams=tevent,
        score_kind=kind,
    )


def items_values(
    table: TieBreakTable, text: str, points: Sequence[Sequence[float]] | None = None
) -> list[float]:
    """Each player's value from the explanations' items: contributions, then the cuts."""
    spec = parse_spec(text)
    values = []
    for i in range(table.n):
        items = contributions(table, i, sb=False, played_forfeits=spec.predetermined)
        if points is not None:
            items = [
                (rnd, opp, score, score * points[i][rnd - 1], vur, note)
                for rnd, opp, score, _, vur, note in items
            ]
        kept, _ = apply_cuts(items, spec.cut_low, spec.cut_high, table.rounds)
        values.append(sum(c[3] for c in kept))
    return values


@pytest.mark.parametrize("edition", ["2024", "2026"])
def test_values_alone_are_the_items_values_on_team_tables(edition: str) -> None:
    checked = 0
    for tevent in TEAM_EVENTS:
        for kind in ("MP", "GP"):
            table = event_table(tevent, kind, edition)
            other = score_points(table, "GP" if kind == "MP" else "MP")
            for text in SPECS:
                spec = parse_spec(text)
                assert opponent_values(table, spec) == items_values(table, text)
                # an extended Sonneborn-Berger: the other score's points as the own factor
                assert opponent_values(table, spec, other) == items_values(table, text, other)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("pre_determined", [False, True])
@pytest.mark.parametrize("edition", ["2024", "2026"])
def test_values_alone_are_the_items_values_on_individual_events(
    pre_determined: bool, edition: str
) -> None:
    for seed in range(60):
        event = drawn_individual_event(seed, pre_determined)
        for options in (StandingsOptions(), StandingsOptions(rr_forfeits_are_games=False)):
            table = TieBreakTable(
                event, edition=edition, pre_determined=pre_determined, options=options
            )
            for text in SPECS:
                spec = parse_spec(text)
                assert opponent_values(table, spec) == items_values(table, text)
                assert opponent_values(table, spec, table.pts) == items_values(
                    table, text, table.pts
                )


FIELDS = [
    "edition",
    "rr",
    "n",
    "rounds",
    "numbers",
    "win",
    "draw",
    "active",
    "opp",
    "pts",
    "code",
    "col",
    "all_games",
    "score",
    "lna",
    "adjusted",
    "kinds",
    "ratings",
    "teams",
    "score_kind",
    "event",
]


@pytest.mark.parametrize("edition", [None, "2024", "2026"])
def test_team_table_is_the_table_of_the_teams_as_an_event(edition: str | None) -> None:
    options = [StandingsOptions(), StandingsOptions(rr_forfeits_are_games=False, unrated_rating=1)]
    for tevent in TEAM_EVENTS:
        for kind in ("MP", "GP"):
            for option in options:
                event = tevent.as_event(kind)
                theirs = TieBreakTable(
                    event,
                    edition=standings_edition(event, edition),
                    pre_determined=tevent.pre_determined,
                    options=option,
                    teams=tevent,
                    score_kind=kind,
                )
                ours = TeamTieBreakTable(
                    tevent,
                    kind,
                    edition=edition,
                    pre_determined=tevent.pre_determined,
                    options=option,
                )
                for field in FIELDS:
                    assert getattr(ours, field) == getattr(theirs, field), field
                assert ours.fore() == theirs.fore()


def test_team_table_refuses_an_unknown_edition_as_the_event_table_does() -> None:
    tevent = TEAM_EVENTS[0]
    with pytest.raises(Exception, match="unknown edition '2020'") as raised:
        TeamTieBreakTable(tevent, "MP", edition="2020", pre_determined=False)
    with pytest.raises(type(raised.value), match="unknown edition '2020'"):
        standings_edition(tevent.as_event("MP"), "2020")


@pytest.mark.parametrize("seed", range(16))
@pytest.mark.parametrize("completed_only", [True, False])
def test_fold_of_the_boards_words_is_the_fold_of_the_cells(seed: int, completed_only: bool) -> None:
    try:
        event = drawn_event(seed, teams=5 + seed % 6, boards=1 + seed % 5, rounds=2 + seed % 5)
    except IndexError:
        pytest.skip("too few teams for the byes drawn")
    state = replay(event)
    setup = state.event.tournament.teams
    assert setup is not None
    rounds = [r.teams for r in state.rounds if not r.matches]
    boards = board_words(state, completed_only=completed_only)
    if boards is None:
        return
    cells = board_cells(state, completed_only=completed_only)
    assert cells is not None
    scale = state.event.tournament.scoring or Scoring()
    expected = fold_team_rounds(setup, rounds, [c.__getitem__ for c in cells], scale, shared=True)
    assert fold_team_boards(setup, rounds, boards, scale) == expected


def test_fold_of_the_boards_refuses_boards_that_do_not_seat_the_line_ups() -> None:
    """A board changed after its round was paired (two boards of a match
    swapped, or a board missing): the words cannot be read by position, the
    caller reads the players' cells (BoardsNotGamesError)."""
    state = replay(drawn_event(4))
    setup = state.event.tournament.teams
    assert setup is not None
    rounds = [r.teams for r in state.rounds if not r.matches]
    boards = board_words(state)
    assert boards is not None
    assert fold_team_boards(setup, rounds, boards, Scoring())  # as paired: read
    white, black, words = boards[0]
    swapped = (white[1], white[0], *white[2:])
    with pytest.raises(BoardsNotGamesError):
        fold_team_boards(setup, rounds, [(swapped, black, words), *boards[1:]], Scoring())
    shorter = (white, black, words[:-1])
    with pytest.raises(BoardsNotGamesError):
        fold_team_boards(setup, rounds, [shorter, *boards[1:]], Scoring())


@pytest.mark.parametrize("seed", range(8))
def test_state_team_event_folds_the_boards_whenever_they_are_read(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Wherever the boards' words are read, :func:`state_team_event` folds
    them and never falls back to the players' table (``team_event``): the
    fallback gives the same results, so only this shows the boards' path is
    the one taken (a bug raising inside it would otherwise go unseen)."""
    try:
        event = drawn_event(seed, teams=5 + seed % 6, boards=1 + seed % 5, rounds=2 + seed % 5)
    except IndexError:
        pytest.skip("too few teams for the byes drawn")
    state = replay(event)
    expected = state_team_event(state)

    def fallback(*args: object, **kwargs: object) -> TeamResultsTable:
        raise AssertionError("the players' table was folded instead of the boards")

    if board_words(state) is None:
        return
    monkeypatch.setattr(caddy.event.teams, "team_event", fallback)
    assert state_team_event(state).results == expected.results


@pytest.mark.parametrize("texts", [["EDE/P", "EDET"], ["EDEBT", "EDEB/P"], ["EDEBB/P", "EDE"]])
def test_ede_groups_ranked_on_one_table_are_ranked_as_on_fresh_tables(texts: list[str]) -> None:
    """Every tied group's places on a table whose rankings share their pair
    averages and meetings (with and without /P, both scores), as each group
    ranked alone on a table of its own."""
    host = resolve(None)
    registry = host.tiebreaks()
    compared = 0
    for tevent in TEAM_EVENTS:
        mp = tevent.mp
        groups: dict[float, list[int]] = {}
        for t in range(tevent.count):
            groups.setdefault(mp[t], []).append(t)
        tied = [g for g in groups.values() if len(g) > 1]
        if not tied:
            continue
        shared = TeamTieBreakTable(tevent, "MP", edition=None, pre_determined=tevent.pre_determined)
        for text in texts:
            spec = parse_spec(text)
            plugin = registry.get(spec.code)
            for group in tied:
                fresh = TeamTieBreakTable(
                    tevent, "MP", edition=None, pre_determined=tevent.pre_determined
                )
                assert plugin.rank_group(shared, spec, group) == plugin.rank_group(  # type: ignore[attr-defined]
                    fresh, spec, group
                )
                compared += 1
    assert compared > 50
