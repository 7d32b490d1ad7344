"""Players joining an event and byes announced, as ``caddy add`` and ``caddy
bye`` record them and the arbiter's page of ``caddy serve`` does (one code
for both), through an open :class:`~caddy.event.session.Session`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError
from caddy.event.file import check_entrant
from caddy.event.rounds import bye_of, check_not_withdrawn
from caddy.files.players import MAX_RATING
from caddy.messages import visible
from caddy.model.ratings import canonical_details, detail_problems
from caddy.model.tournament import RecordBye

if TYPE_CHECKING:
    from caddy.event.session import Session
    from caddy.model.schedule import Player

__all__ = ["add_player", "check_entry", "entry_details", "record_bye"]


def check_entry(name: str | None, rating: int | None) -> None:
    """What an entry is refused for before the event file is opened (``caddy
    add`` and the arbiter's page of ``caddy serve``): a name that is empty
    (``None``: the name comes from a rating list), a rating out of range."""
    if name is not None and not name.strip():
        raise CaddyError("a player needs a name")
    if rating is not None and rating > MAX_RATING:
        raise CaddyError(f"rating {rating} is out of range (0..{MAX_RATING})")


def entry_details(
    title: str | None, federation: str | None, fide_id: str | None
) -> tuple[str | None, str | None, str | None]:
    """An entrant's title, federation and FIDE ID as the event keeps them (``gm``:
    ``GM``; ``hun``: ``HUN``), as ``caddy add`` and the arbiter's page of ``caddy
    serve`` take them, checked as a players CSV is (``None`` or ``""``: not given).

    :raises CaddyError: one line per value that is not a FIDE title, a
        federation (three letters) or a FIDE ID (digits).
    """
    title, federation, fide_id = (v.strip() if v else v for v in (title, federation, fide_id))
    problems = detail_problems(title, federation, fide_id, columns=False)
    if problems:
        raise CaddyError(problems[0], problems=problems)
    return canonical_details(title, federation, fide_id)


def add_player(session: Session, player: Player, missed: str) -> tuple[int, str]:
    """Add ``player`` to the event: before any operation the field just grows
    (numbered by rating when the event numbers so, FIDE C.04.2 2.2), after it
    a late entry with ``missed`` (``zero`` or ``half``) byes for the rounds
    paired before; their pairing number, and what it did in words."""

    event, state = session.event, session.state
    tournament = event.tournament
    players, fmt = tournament.players, state.fmt
    check_entrant(state, player)  # a team event, a name given twice, the field's limits
    if not event.operations:  # nothing refers to a pairing number: the field just grows
        method = tournament.numbering
        grown: tuple[Player, ...] = (*players, player)
        if method == "rating":  # numbers follow the ratings (C.04.2 2.2)
            grown = fmt.number_players(grown, "rating", None).players
        # what is written must read back strictly (text, rating range) and replay
        session.replace(attrs.evolve(event, tournament=attrs.evolve(tournament, players=grown)))
        by_rating = ", pairing numbers by rating" if method == "rating" else ""
        return grown.index(player) + 1, f"{len(grown)} players{by_rating}"
    paired = len(state.rounds)
    number = session.enter(player, missed)  # read back strictly too
    if not paired:
        return number, f"{len(players) + 1} players; no round is paired yet"
    kind = "zero-point" if missed == "zero" else "half-point"
    missed_rounds = f"round 1 missed (a {kind} bye)"
    if paired > 1:
        missed_rounds = f"rounds 1-{paired} missed ({kind} byes)"
    return number, f"late entry: {missed_rounds}; paired from round {paired + 1}"


def record_bye(
    session: Session, player: int, number: int, kind: str, *, force: bool = False
) -> str:
    """Record a ``kind`` bye (``full``, ``half``, ``zero``, ``pab``) for
    ``player`` in round ``number``; the round's note ("announced: not paired
    in round N" for a round not paired yet). Another bye of the player in
    that round is replaced only with ``force``."""

    state = session.state
    check_not_withdrawn(state, player, number)
    earlier = bye_of(state, number, player)
    if earlier is not None and earlier != kind and not force:
        name = visible(state.event.tournament.players[player - 1].name)
        raise CaddyError(
            f"round {number}: {name} ({player}) already has a {earlier} bye; "
            "use --force to replace it"
        )
    session.apply(RecordBye(round=number, player=player, kind=kind))
    return "" if number <= len(state.rounds) else f" (announced: not paired in round {number})"
