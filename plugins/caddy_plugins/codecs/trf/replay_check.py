"""When the TRF import need not replay its event to check it (:func:`checked_as_built`).

The import (:func:`.importing.import_document`) replays the event it built only to
check it: the replay (:func:`caddy.event.replay`) raises for an event it cannot hold,
and the import then says why, or reads a Swiss as paired elsewhere. An event of the
formats ``manual`` and ``swiss`` built from rounds :func:`.rounds.rounds_of` read,
with no team matches, no withdrawal, no bye announced for a round not paired yet and
no round paired and not played, holds what the replay checks by construction, round
by round in order:

- the pairing (``PairRound``) of round ``r`` after round ``r - 1``: boards of
  players 1..n (the file's starting ranks), each at most once (both sides of every
  game name each other: a player is in one game or none), the
  pairing-allocated byes players without a game, the uncoloured boards among the
  round's boards;
- the round before it over, where the format pairs from results: each of its
  boards has the result the file gives;
- the byes (``RecordBye``, of kinds the model knows) of players without a game,
  one each, in that round;
- the results of boards 1..k of that round, each a result word.

What is left is what the format says of the field (:func:`caddy.event.check_field`)
and whether it fixes the schedule in advance (the replay then refuses pairings
given by hand): asked here as the replay asks, and any doubt replays the event.
"""

from __future__ import annotations

from caddy.contracts.format_tools import fixed_in_advance
from caddy.errors import CaddyError
from caddy.event import EventFile, check_field
from caddy.plugins.host import resolve

__all__ = ["checked_as_built"]

#: The formats whose events the import builds round by round from the file's pairings.
_PAIRED_BY_ROUND = ("manual", "swiss")


def checked_as_built(event: EventFile) -> bool:
    """Whether replaying ``event`` cannot raise: an event the import built as the
    module says (the caller vouches for that), whose format is ``manual`` or
    ``swiss``, takes the field and does not fix the schedule in advance."""
    tournament = event.tournament
    choice = tournament.format
    if choice.name not in _PAIRED_BY_ROUND:
        return False
    players = len(tournament.players)
    try:
        fmt = resolve(None).format(choice.name)
        check_field(fmt, players, choice.options)
        return not fixed_in_advance(fmt, players, choice.options)
    except CaddyError:  # the replay says what (a plugin's fault too)
        return False
