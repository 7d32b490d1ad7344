"""Withdrawals in a round robin (FIDE General Regulations for Competitions 6.6;
docs/standings.md): a game between two players who have both left is
played by neither, so neither scores a forfeit win (a double forfeit)."""

from __future__ import annotations

from caddy.event import RecordResult, Withdraw, new_event, replay, results_event
from caddy.model.schedule import Player
from caddy_plugins.formats.round_robin import RoundRobinOptions


def test_two_withdrawn_players_meeting_later_both_lose_by_forfeit() -> None:
    players = [Player(name=f"P{k}", rating=2000 - k) for k in range(1, 7)]
    event = new_event(players, "round-robin", RoundRobinOptions())
    rounds = replay(event).rounds
    # the round in which 1 and 2 meet, and a withdrawal of both before it
    meet = next(
        r.number for r in rounds for w, b in zip(r.white, r.black, strict=True) if {w, b} == {1, 2}
    )
    assert meet > 1
    for rnd in rounds:
        if rnd.number == meet:
            event = event.with_operation(Withdraw(player=1, after_round=meet - 1))
            event = event.with_operation(Withdraw(player=2, after_round=meet - 1))
        for board, (w, b) in enumerate(zip(rnd.white, rnd.black, strict=True), 1):
            if rnd.number < meet or not {w, b} & {1, 2}:
                result = RecordResult(round=rnd.number, board=board, result="1/2")
                event = event.with_operation(result)
    results = results_event(replay(event))
    one, two = results.results[0][meet - 1], results.results[1][meet - 1]
    assert (one[0], one[2]) == (2, "-")
    assert (two[0], two[2]) == (1, "-")
    # every other later opponent of theirs wins by forfeit
    for later in range(meet, len(rounds)):
        for p in (0, 1):
            opponent = results.results[p][later][0]
            if opponent is not None and opponent not in (1, 2):
                assert results.results[opponent - 1][later][2] == "+"
