"""Byes announced before a round is paired, late entries and the planned
rounds, in the fold of an event's operations (:mod:`caddy.event.replay`
applies the rest and calls these).

- An announced bye (FIDE Handbook C.04.2 3.2-3.3: a player who asks not to
  be paired in a round gets a half-point, a full-point or a zero-point bye)
  is a :class:`~caddy.model.tournament.RecordBye` for a round not paired yet. The
  state keeps it by round; the pairing of that round must leave the player
  out, and the round's byes then include it.
- A late entrant (C.04.2 2.5) is the roster's next pairing number, added to
  ``tournament.players`` with an :class:`~caddy.model.tournament.Enter` operation:
  before that operation the player is not in the event (nobody pairs them);
  at it, every round paired so far gets them a bye of the kind missed.
- The planned rounds are fixed by the field of the first pairing: a field
  that grows later (late entries) never changes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from caddy.errors import CaddyError, PluginError
from caddy.model.tournament import BYE_KINDS, MISSED_KINDS, Enter, PairRound, RecordBye

if TYPE_CHECKING:
    from caddy.event.replay import RoundState, State

#: Byes a player may be given for a round not paired yet (C.04.2 3.2-3.3):
#: never a pairing-allocated bye (the pairing gives it) nor a forfeit (a game's).
ANNOUNCED_KINDS = ("full", "half", "zero")


def withdrawal_result(
    withdrawn: Mapping[int, int], number: int, white: int, black: int
) -> str | None:
    """The result of a board of round ``number`` with no result recorded whose
    player withdrew before that round (``withdrawn``: player → the round after
    which they left): the one who stayed wins by forfeit (``+-``/``-+``), both
    gone is a double forfeit (``--``); ``None`` when both are still in. A
    player who leaves after the round is paired does not play it (FIDE
    Handbook C.04.2 3.2: withdrawn players are not paired; the opponent scores
    the forfeit as the standings and the TRF file record it)."""
    white_gone = white in withdrawn and number > withdrawn[white]
    black_gone = black in withdrawn and number > withdrawn[black]
    if white_gone and black_gone:
        return "--"
    if white_gone:
        return "-+"
    if black_gone:
        return "+-"
    return None


#: A bye kind in words.
BYE_WORDS = {
    "full": "full-point bye",
    "half": "half-point bye",
    "zero": "zero-point bye",
    "pab": "pairing-allocated bye",
}


def entered(state: State) -> int:
    """How many players are in the event at this point of the fold (late
    entrants count from their :class:`~caddy.model.tournament.Enter` on)."""
    return state.players - state.late


def check_players(state: State, players: Iterable[int]) -> None:
    """Raise for a number that names no player, or a late entrant not entered yet."""
    n = state.players
    present = entered(state)
    players = tuple(players)
    if not players or (min(players) >= 1 and max(players) <= min(present, n)):
        return  # every number names a player who is in (checked at list speed)
    for player in players:
        if not 1 <= player <= n:
            raise CaddyError(f"unknown player {player} (pairing numbers run 1..{n})")
        if player > present:
            raise CaddyError(
                f"player {player} has not entered the event yet (a late entry; "
                f"players 1..{present} are in)"
            )


def check_announced(state: State, operation: PairRound) -> None:
    """A round's pairing must leave out the players with a bye announced for it."""
    announced = state.announced.get(operation.round)
    if not announced:
        return
    for player in (*operation.white, *operation.black, *operation.byes):
        kind = announced.get(player)
        if kind is not None:
            raise CaddyError(
                f"player {player} has an announced {BYE_WORDS.get(kind, kind + ' bye')} "
                f"in round {operation.round}"
            )


def take_announced(state: State, rnd: RoundState) -> None:
    """The byes announced for a round just paired become the round's byes
    (a player who withdrew before it gets none: the withdrawal speaks)."""
    withdrawn = state.withdrawn
    for player, kind in state.announced.pop(rnd.number, {}).items():
        if not (player in withdrawn and rnd.number > withdrawn[player]):
            rnd.byes[player] = kind


def record_bye(state: State, operation: RecordBye) -> None:
    """A bye in a round paired already, or one announced for a later round."""
    check_players(state, (operation.player,))
    if operation.kind not in BYE_KINDS:
        raise CaddyError(f"unknown bye '{operation.kind}' (expected {', '.join(BYE_KINDS)})")
    if operation.round > len(state.rounds) and not state.fixed:
        _announce(state, operation)
        return
    rnd = state.round(operation.round)
    if operation.player in rnd.white or operation.player in rnd.black:
        raise CaddyError(f"player {operation.player} has a game in round {operation.round}")
    if rnd.byes.get(operation.player) == operation.kind:  # a second record of the same bye
        raise CaddyError(
            f"player {operation.player} already has a {operation.kind} bye in round {operation.round}"
        )
    rnd.byes[operation.player] = operation.kind


def _announce(state: State, operation: RecordBye) -> None:
    number, player, kind = operation.round, operation.player, operation.kind
    if state.fmt.has_matches:
        raise CaddyError(
            f"round {number} does not exist yet, and format '{state.fmt.name}' "
            "pairs knockout matches: no bye can be announced"
        )
    if kind not in ANNOUNCED_KINDS:
        raise CaddyError(
            f"round {number} is not paired yet: only a full, half or zero bye can be "
            f"announced (C.04.2 3.2), not {kind}"
        )
    planned = planned_rounds(state)
    if number > planned:
        raise CaddyError(
            f"round {number} is beyond the event's {planned} rounds"
            if planned
            else f"round {number} does not exist (the event's rounds are not planned)"
        )
    check_not_withdrawn(state, player, number)
    byes = state.announced.setdefault(number, {})
    if byes.get(player) == kind:
        raise CaddyError(f"player {player} already has a {kind} bye in round {number}")
    byes[player] = kind


def check_not_withdrawn(state: State, player: int, number: int) -> None:
    """Raise if ``player`` withdrew before round ``number``."""
    for withdrawal in state.withdrawals:
        if withdrawal.player == player and number > withdrawal.after_round:
            raise CaddyError(
                f"player {player} withdrew after round {withdrawal.after_round}: "
                f"no bye in round {number}"
            )


def bye_of(state: State, number: int, player: int) -> str | None:
    """The bye ``player`` has in round ``number`` (announced, for a round not
    paired yet), or ``None``; raises for a round that cannot exist."""
    if number > len(state.rounds) and not state.fixed and number >= 1:
        return state.announced.get(number, {}).get(player)
    return state.round(number).byes.get(player)


def enter(state: State, operation: Enter) -> None:
    """A late entrant joins: the next pairing number; byes for the rounds missed."""
    player, n = operation.player, state.players
    if operation.missed not in MISSED_KINDS:
        raise CaddyError(
            f"unknown bye '{operation.missed}' for missed rounds (expected zero or half)"
        )
    present = entered(state)
    if present >= n:
        raise CaddyError(
            f"player {player} cannot enter late: the roster has no player after {n} "
            "(a late entrant is added to tournament.players with the enter operation)"
        )
    if player != present + 1:
        raise CaddyError(
            f"player {player} cannot enter here: late entrants are the last players of "
            f"the roster, entering in order (next: {present + 1})"
        )
    if state.fixed:
        raise CaddyError(
            f"format '{state.fmt.name}' fixes its schedule for the field: nobody enters late"
        )
    if state.fmt.has_matches and state.rounds:
        raise CaddyError(
            f"format '{state.fmt.name}' pairs knockout matches: nobody enters once round 1 is paired"
        )
    if state.rounds and state.fmt.sections(n, state.event.tournament.format.options):
        raise CaddyError(
            f"format '{state.fmt.name}' cuts its sections from the field of round 1: "
            "nobody enters once round 1 is paired"
        )
    state.late -= 1
    for rnd in state.rounds:
        rnd.byes[player] = operation.missed


def fix_field(state: State) -> None:
    """The first pairing fixes the field that decides the planned rounds."""
    if state.field is None:
        state.field = entered(state)


def planned_rounds(state: State) -> int:
    """The event's rounds: the schedule's, the format's count for the field
    of the first pairing (late entries do not change it), the manual
    format's planned rounds; never fewer than the rounds paired."""
    tournament = state.event.tournament
    field = entered(state) if state.field is None else state.field
    planned = 0
    if state.fixed:
        planned = len(state.rounds)
    elif state.fmt.kind == "external":
        planned = state.fmt.planned_rounds(field, tournament.format.options)
    else:
        try:
            planned = state.fmt.arithmetic(field, tournament.format.options).rounds
        except PluginError:
            raise
        except CaddyError:
            planned = 0
    return max(planned, len(state.rounds))
