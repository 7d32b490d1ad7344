"""Naming a player or a team on the command line: one resolver
(:func:`find_named`) for every command that takes a player (``withdraw``,
``bye``, ``result --bye``, ``pair --byes``, ``lineup``, ``standings
--explain``: :func:`find_player`) or a team (``bye --team``, ``lineup``,
team ``standings --explain``: :meth:`caddy.model.teams.TeamSetup.find`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from caddy.errors import CaddyError
from caddy.messages import visible

#: How a name may be given, for the messages of :func:`find_player`.
NAME_HINT = "give a pairing number in digits 0-9, the name or the start of it"


class Named(NamedTuple):
    """What :func:`find_named` looks up, for its messages."""

    #: ``player``, ``team``.
    noun: str
    #: What numbers them: ``pairing number``, ``team number``.
    number: str
    #: How one may be given (``{count}``: how many there are).
    hint: str


PLAYER = Named("player", "pairing number", NAME_HINT)
TEAM = Named(
    "team",
    "team number",
    "give a team number 1..{count}, the team's name or code, or the start of its name",
)


def find_player(names: Sequence[str], text: str) -> int:
    """The pairing number (from 1) of the player ``text`` names, among
    ``names`` (in pairing-number order): every command that takes a player
    (``withdraw``, ``bye``, ``result --bye``, ``pair --byes``, ``lineup``,
    ``standings --explain``) asks here (:func:`find_named`).

    :raises CaddyError: one line saying why ``text`` names no single player.
    """
    return find_named(names, text, PLAYER)


def find_named(
    names: Sequence[str], text: str, kind: Named = PLAYER, codes: Sequence[str] = ()
) -> int:
    """The number (from 1) of the ``kind`` (a player, a team) ``text``
    names, among ``names`` (in number order), with ``codes`` (a team's
    code, ``IND``; ``""`` for none) taken as names in any case.

    ``text`` is a number in ASCII digits, the exact name, the name (or code)
    in any case, or the start of one name only (in any case). An unknown name
    is refused with the closest names (:func:`difflib.get_close_matches`); a
    start shared by several names, with the names it fits.

    :raises CaddyError: one line saying why ``text`` names no single one.
    """
    stripped = text.strip()
    if stripped.isascii() and stripped.isdigit():  # not ``²`` (int refuses it) or ``٣``
        number = int(stripped)
        if not 1 <= number <= len(names):
            raise CaddyError(f"no {kind.noun} {number} ({kind.number}s run 1..{len(names)})")
        return number
    folded = stripped.casefold()
    # the exact name, the name (or code) in any case, the start of a name in any case
    for found in (
        [n for n, name in enumerate(names, 1) if name == text],
        [n for n, name in enumerate(names, 1) if name.casefold() == folded]
        or [n for n, code in enumerate(codes, 1) if code and code.casefold() == folded],
        [n for n, name in enumerate(names, 1) if folded and name.casefold().startswith(folded)],
    ):
        if len(found) == 1:
            return found[0]
        if found:
            return _ambiguous(names, text, found, kind)
    return _unknown(names, text, kind)


def _listed(names: Sequence[str], numbers: Sequence[int]) -> str:

    return ", ".join(f"{visible(names[n - 1])} ({n})" for n in numbers)


def _ambiguous(names: Sequence[str], text: str, found: Sequence[int], kind: Named) -> int:
    shown = _listed(names, found[:8]) + (f" and {len(found) - 8} more" if len(found) > 8 else "")
    raise CaddyError(
        f"'{text}' fits {len(found)} {kind.noun}s: {shown}; give more of the name or the "
        f"{kind.number}"
    )


def _unknown(names: Sequence[str], text: str, kind: Named) -> int:
    hint = kind.hint.format(count=len(names)) + _closest(names, text)
    raise CaddyError(f"no {kind.noun} named '{text}' ({hint})")


def _closest(names: Sequence[str], text: str) -> str:
    """``; closest: ...``: up to three names like ``text`` (difflib's ratio
    of at least 0.6, as :func:`difflib.get_close_matches`), each compared
    whole, by its start as long as ``text`` and word by word, so that
    ``Bors`` finds ``Boris Beta``; ``""`` when none is."""
    from difflib import SequenceMatcher

    folded = text.strip().casefold()
    if not folded:
        return ""
    matcher = SequenceMatcher(b=folded)
    scored = []
    for number, name in enumerate(names, 1):
        best = 0.0
        for part in {name.casefold(), name.casefold()[: len(folded)], *name.casefold().split()}:
            matcher.set_seq1(part)
            best = max(best, matcher.ratio())
        if best >= 0.6:
            scored.append((-best, number))
    numbers = [number for _, number in sorted(scored)[:3]]
    return f"; closest: {_listed(names, numbers)}" if numbers else ""
