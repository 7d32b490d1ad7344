"""The pairing contract (issue 14, item 2): a format that pairs from results
receives a ``PairingRequest`` carrying each player's history, points,
rating, pairing number and absence; built from an event file's state.
Also item 5: ``new_event``/``with_operation`` check what the CLI checks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest

from caddy.contracts import HISTORY_KINDS, PairingFormat, PairingRequest
from caddy.errors import CaddyError, InputError, RulesError
from caddy.event import (
    EventFile,
    Operation,
    PairRound,
    RecordBye,
    RecordResult,
    Withdraw,
    new_event,
    replay,
)
from caddy.model.schedule import Player
from caddy.pairing.request import played_rounds, request_from_state, request_summary
from caddy.plugins.host import get_host
from caddy_plugins.formats.knockout import Knockout
from caddy_plugins.formats.knockout.match import KnockoutOptions
from caddy_plugins.formats.manual import ManualOptions
from caddy_plugins.formats.round_robin import RoundRobinOptions
from tests.conftest import Run


def _players(n: int) -> list[Player]:
    return [Player(name=f"P{k}", rating=2400 - 10 * k) for k in range(1, n + 1)]


def _manual() -> EventFile:
    """Six players, paired from outside: round 1 with a forfeit, a half-point
    bye and a pairing-allocated bye; round 2 with a zero bye, player 6 withdrawn."""
    event = new_event(_players(6), "manual", ManualOptions(rounds=5))
    ops: list[Operation] = [
        PairRound(round=1, white=(1, 3), black=(2, 4)),
        RecordResult(round=1, board=1, result="1-0"),
        RecordResult(round=1, board=2, result="+-"),
        RecordBye(round=1, player=5, kind="half"),
        RecordBye(round=1, player=6, kind="pab"),
        PairRound(round=2, white=(2, 4), black=(1, 5)),
        RecordResult(round=2, board=1, result="1/2"),
        RecordResult(round=2, board=2, result="0-1"),
        RecordBye(round=2, player=3, kind="zero"),
        Withdraw(player=6, after_round=1),
    ]
    for operation in ops:
        event = event.with_operation(operation)
    return event


def test_request_from_an_event_state_carries_history_points_and_absence() -> None:
    request = request_from_state(replay(_manual()))
    assert request.round == 3
    assert request.planned_rounds == 5
    assert request.count == 6
    assert isinstance(request.options, ManualOptions)
    one, two, three, four, five, six = request.players
    assert (one.number, one.rating, one.points) == (1, 2390, 1.5)
    assert [(h.round, h.opponent, h.colour, h.kind, h.points) for h in one.history] == [
        (1, 2, "w", "played", 1.0),
        (2, 2, "b", "played", 0.5),
    ]
    assert [(h.kind, h.points) for h in three.history] == [
        ("forfeit-win", 1.0),
        ("zero-bye", 0.0),
    ]
    assert [(h.opponent, h.kind) for h in four.history] == [(3, "forfeit-loss"), (5, "played")]
    assert not four.absent and not four.withdrawn
    assert [(h.opponent, h.colour, h.kind, h.points) for h in five.history] == [
        (None, None, "half-bye", 0.5),
        (4, "b", "played", 1.0),
    ]
    assert [h.kind for h in six.history] == ["pab", "absent"]
    assert six.absent and six.withdrawn
    assert not (one.absent or two.absent or three.absent or four.absent or five.absent)
    assert all(h.kind in HISTORY_KINDS for p in request.players for h in p.history)
    # the points are the scoring's
    assert [p.points for p in request.players] == [1.5, 0.5, 1.0, 0.0, 1.5, 1.0]


def test_request_options_of_the_caller() -> None:
    state = replay(_manual())
    request = request_from_state(
        state, absent=frozenset({2}), forbidden_pairs=frozenset({(5, 1)}), initial_colour="b"
    )
    assert request.players[1].absent
    assert request.forbidden_pairs == frozenset({(1, 5)})
    assert request.initial_colour == "b"
    summary = request_summary(request)
    assert summary["forbidden_pairs"] == [[1, 5]]
    assert summary["players"][0]["history"][0] == [1, 2, "w", "played", 1.0]
    earlier = request_from_state(state, round=2)
    assert earlier.round == 2 and all(len(p.history) == 1 for p in earlier.players)
    assert earlier.players[2].absent  # the zero bye recorded for round 2


def test_knockout_pairs_from_the_request() -> None:
    event = new_event(_players(8), "knockout", KnockoutOptions(), seed=3)
    fmt = cast("PairingFormat", get_host().formats().get("knockout"))
    assert fmt.kind == "results"
    request = request_from_state(replay(event))
    first = fmt.next_round(request)
    assert first is not None and first.matches
    assert first == fmt.next_round(PairingRequest.simple(8, KnockoutOptions()))
    older = Knockout().next_round(8, KnockoutOptions(), [])  # the older call still works
    assert first == older


def test_the_request_carries_the_rounds_played_for_a_bracket(cli: Callable[..., Run]) -> None:
    event = new_event(_players(4), "knockout", KnockoutOptions(games=1, tiebreak="armageddon"))
    fmt = cast("PairingFormat", get_host().formats().get("knockout"))
    first = fmt.next_round(request_from_state(replay(event)))
    assert first is not None
    event = event.with_operation(
        PairRound(round=1, white=first.white, black=first.black, matches=True)
    )
    for board in range(1, len(first.white) + 1):
        event = event.with_operation(RecordResult(round=1, board=board, result="1-0"))
    state = replay(event)
    request = request_from_state(state)
    assert len(request.played) == 1 == len(played_rounds(state))
    final = fmt.next_round(request)
    assert final is not None and set(final.white + final.black) == set(first.white)


def test_a_round_robin_request_has_the_whole_history() -> None:
    event = new_event(_players(4), "round-robin", RoundRobinOptions())
    state = replay(event)
    for board in range(1, 3):
        event = event.with_operation(RecordResult(round=1, board=board, result="1-0"))
    request = request_from_state(replay(event), round=2)
    assert all(len(p.history) == 1 for p in request.players)
    assert sum(p.points for p in request.players) == 2.0
    assert request.planned_rounds == len(state.rounds) == 3


# -- item 5: the API checks what the CLI checks -----------------------------------------


def test_with_operation_refuses_a_result_for_a_game_that_does_not_exist() -> None:
    event = new_event(_players(4), "round-robin", RoundRobinOptions())
    with pytest.raises(RulesError) as caught:
        event.with_operation(RecordResult(round=1, board=9, result="1-0"))
    assert "board 9" in str(caught.value)
    event = event.with_operation(RecordResult(round=1, board=1, result="1-0"))
    with pytest.raises(RulesError):  # a second result without force
        event.with_operation(RecordResult(round=1, board=1, result="0-1"))
    with pytest.raises(RulesError):
        event.with_operation(RecordResult(round=7, board=1, result="1-0"))
    assert len(event.operations) == 1


def test_with_operation_hands_the_state_on_and_branches_safely() -> None:
    base = new_event(_players(4), "round-robin", RoundRobinOptions())
    one = base.with_operation(RecordResult(round=1, board=1, result="1-0"))
    # the same event extended twice: each branch is checked on its own history
    two = one.with_operation(RecordResult(round=1, board=2, result="1/2"))
    other = one.with_operation(RecordResult(round=1, board=2, result="0-1"))
    assert two.operations[-1] != other.operations[-1]
    assert replay(two).rounds[0].results[1] == ("1/2",)
    assert replay(other).rounds[0].results[1] == ("0-1",)


def test_new_event_checks_what_caddy_new_checks() -> None:
    with pytest.raises(InputError, match="needs at least 2 players"):
        new_event(_players(1), "round-robin", RoundRobinOptions())
    with pytest.raises(InputError, match="must be a RoundRobinOptions"):
        new_event(_players(4), "round-robin", ManualOptions())
    with pytest.raises(CaddyError, match="at most 100,000 players"):
        new_event([Player(name="P")] * 100_001, "manual", ManualOptions())
    with pytest.raises(CaddyError, match="unknown tie-break"):
        new_event(_players(4), "round-robin", RoundRobinOptions(), tiebreaks=("XYZ",))
    assert new_event(_players(4), "round-robin", None).tournament.format.options == (
        RoundRobinOptions()
    )


def test_trf_signature_is_documented() -> None:
    """The function caddy.pairing.request documents for pairing a TRF file
    exists, with the parameters the docstring gives it."""
    import inspect
    import re

    import caddy.pairing.request
    from caddy.pairing.file_input import file_pairing

    doc = caddy.pairing.request.__doc__ or ""
    assert "def file_pairing(" in doc
    assert Path(caddy.pairing.request.__file__).name == "request.py"
    documented = re.search(r"def file_pairing\((.*?)\) -> (\w+): \.\.\.", doc, re.S)
    assert documented is not None
    params = re.findall(r"^\s*(\*|\w+)", documented.group(1), re.M)
    real = inspect.signature(file_pairing)
    expected = []
    for parameter in real.parameters.values():
        if parameter.kind is parameter.KEYWORD_ONLY and "*" not in expected:
            expected.append("*")
        expected.append(parameter.name)
    assert params == expected
    assert documented.group(2) == real.return_annotation
