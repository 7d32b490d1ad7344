"""The team fold's seated rounds (issue 31 item 5): a round the replay found
to be its team matches' games when it applied it
(:func:`caddy.event.teams.apply_team_round`) is folded from its boards'
words without checking its boards again
(:func:`caddy.event.teams.seated_rounds`, ``seated`` of
:func:`caddy.model.team_fold_boards.fold_team_boards`), and there a match
with an empty board is scored once per pattern of its words and empty seats,
as a match with every board seated is.

Compared, field for field, with the fold as it was (the players' table
first, then the team matches: :func:`tests.test_team_fold_paths.reference`)
on drawn events (:func:`tests.test_team_fold_paths.drawn_event`: whole-match
forfeits, empty boards on either side, team byes of every kind, absent
teams, an unfinished last round). The first test also shows that the seated
path is the one taken (the fold handed every round as seated, none of its
boards checked again, a match with an empty board scored as a pattern), so a
bug that made the fold fall back to the players' table, or check every round
again, would not pass unseen.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import caddy.event.teams
import caddy.model.team_fold_boards
from caddy.event.replay import State, replay
from caddy.event.results import board_words
from caddy.event.teams import seated_rounds, state_team_event
from caddy.model.results import Scoring
from caddy.model.team_fold_boards import BoardsNotGamesError, fold_team_boards
from caddy.model.team_results import TeamResultsTable, fold_team_event
from tests.test_team_fold_paths import drawn_event, reference

#: A game scale whose forfeits score other than a game's (the empty seats' marks read them).
FORFEITS_APART = Scoring(win=1.0, draw=0.5, loss=0.0, forfeit_win=0.75, forfeit_loss=0.25)


def _drawn_state(seed: int, unfinished: bool = False) -> State:
    try:
        event = drawn_event(
            seed,
            teams=5 + seed % 6,
            boards=1 + seed % 5,
            rounds=2 + seed % 5,
            unfinished=unfinished,
        )
    except IndexError:
        pytest.skip("too few teams for the byes drawn")
    if seed % 2:  # the same event on a scale whose forfeits are not a game's
        tournament = attrs.evolve(event.tournament, scoring=FORFEITS_APART)
        event = attrs.evolve(event, tournament=tournament)
    return replay(event)


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("completed_only", [True, False])
def test_seated_fold_is_the_fold_of_the_players_cells(
    seed: int, completed_only: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _drawn_state(seed, unfinished=seed % 3 == 0)
    expected = reference(state, completed_only)
    boards = board_words(state, completed_only=completed_only)
    if boards is None:  # the players' table has more to do than score the boards
        assert state_team_event(state, completed_only=completed_only) == expected
        return
    setup = state.event.tournament.teams
    assert setup is not None
    rounds = [r.teams for r in state.rounds if not r.matches]
    # every round the replay applied is seated: the fold reads it unchecked
    assert seated_rounds(rounds, boards, setup.board_colours()) == [True] * len(boards)

    def fallback(*args: object, **kwargs: object) -> TeamResultsTable:
        raise AssertionError("the players' table was folded instead of the boards")

    given: list[object] = []

    def seen(*args: Any, **kwargs: Any) -> TeamResultsTable:
        given.append(kwargs["seated"])  # the rounds the fold reads unchecked
        return fold_team_event(*args, **kwargs)

    def checked(*args: object) -> object:
        raise AssertionError("a seated round's boards were checked again")

    # a seated round's matches: no seat check, no uneven line-up, and only a
    # whole-match forfeit goes the general way (an empty board is a pattern)
    module = caddy.model.team_fold_boards
    general = module._other

    def other(fold: Any, pairs: Any, match: Any, *rest: Any) -> Any:
        assert match.forfeit, "a seated match with an empty board taken the general way"
        return general(fold, pairs, match, *rest)

    monkeypatch.setattr(module, "_seated", checked)
    monkeypatch.setattr(module, "_uneven", checked)
    monkeypatch.setattr(module, "_other", other)
    monkeypatch.setattr(caddy.event.teams, "team_event", fallback)
    monkeypatch.setattr(caddy.event.teams, "fold_team_event", seen)
    folded = state_team_event(state, completed_only=completed_only)
    assert given == [[True] * len(boards)]
    assert folded.rounds == expected.rounds
    assert folded.results == expected.results


def test_the_drawn_events_hold_what_the_seated_path_scores_apart() -> None:
    """The events above have matches with an empty board (each side's),
    whole-match forfeits and matches every board of which is seated, in
    seated rounds: each way of the seated path is compared."""
    kinds = {"empty white seat": 0, "empty black seat": 0, "forfeit": 0, "seated": 0}
    for seed in range(20):
        try:
            state = _drawn_state(seed)
        except pytest.skip.Exception:
            continue
        for rnd in state.rounds:
            assert rnd.teams is not None
            for match in rnd.teams.matches:
                if match.forfeit:
                    kinds["forfeit"] += 1
                elif 0 in match.white_lineup:
                    kinds["empty white seat"] += 1
                elif 0 in match.black_lineup:
                    kinds["empty black seat"] += 1
                else:
                    kinds["seated"] += 1
    assert min(kinds.values()) >= 10, kinds


@pytest.mark.parametrize("seed", range(6))
def test_boards_that_are_not_the_replayed_ones_are_checked(seed: int) -> None:
    """Boards equal to a round's but not the very Whites and Blacks the replay
    checked (a copy, or a board changed since) are not seated: the fold
    checks them, reads the copy as the original, and refuses two boards of a
    match swapped (the caller then reads the players' cells)."""
    state = _drawn_state(seed)
    setup = state.event.tournament.teams
    assert setup is not None
    rounds = [r.teams for r in state.rounds if not r.matches]
    boards = board_words(state)
    assert boards is not None
    colours = setup.board_colours()
    copies = [(tuple(list(white)), tuple(list(black)), words) for white, black, words in boards]
    assert seated_rounds(rounds, copies, colours) == [False] * len(boards)
    # other board colours than the ones checked: not seated either
    assert seated_rounds(rounds, boards, colours[::-1] + "W") == [False] * len(boards)
    scale = state.event.tournament.scoring or Scoring()
    seated = seated_rounds(rounds, boards, colours)
    assert fold_team_boards(setup, rounds, copies, scale) == fold_team_boards(
        setup, rounds, boards, scale, seated
    )
    # two boards of round 1 swapped, where a match has at least two
    white, black, words = boards[0]
    if len(white) < 2:
        return
    swapped = ((white[1], white[0], *white[2:]), (black[1], black[0], *black[2:]), words)
    changed = [swapped, *boards[1:]]
    assert seated_rounds(rounds, changed, colours)[0] is False
    with pytest.raises(BoardsNotGamesError):
        fold_team_boards(setup, rounds, changed, scale, seated_rounds(rounds, changed, colours))


def test_a_board_changed_after_its_round_was_paired_reads_the_players_cells() -> None:
    """A round whose boards were replaced after the replay applied it is
    folded from the players' table, as before the seated rounds."""
    state = _drawn_state(4)
    first = state.rounds[0]
    assert len(first.white) >= 2
    changed = attrs.evolve(
        state,
        rounds=[
            attrs.evolve(
                first,
                white=(first.black[0], *first.white[1:]),
                black=(first.white[0], *first.black[1:]),
            ),
            *state.rounds[1:],
        ],
    )
    assert state_team_event(changed).results == reference(changed).results


def test_a_scale_equal_to_another_keeps_its_own_numbers() -> None:
    """``Scoring(win=3)`` equals ``Scoring(win=3.0)``: folded after it, its
    boards still score the ``3`` of the players' table, not ``3.0`` (the
    scale's tables are kept per scale as written, not per equal scale)."""
    state = _drawn_state(2)
    tournament = state.event.tournament
    assert Scoring(win=3) == Scoring(win=3.0)
    by_scale: dict[str, tuple[TeamResultsTable, TeamResultsTable]] = {}
    for scale in (Scoring(win=3.0), Scoring(win=3)):
        event = attrs.evolve(state.event, tournament=attrs.evolve(tournament, scoring=scale))
        changed = replay(event)
        by_scale[repr(scale)] = (state_team_event(changed), reference(changed))
    for folded, expected in by_scale.values():
        assert repr(folded.results) == repr(expected.results)
