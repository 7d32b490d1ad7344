"""Naming a player on the command line: one resolver (:func:`find_player`)
for every command that takes a player (``withdraw``, ``bye``, ``result
--bye``, ``pair --byes``, ``lineup``, ``standings --explain``)."""

from __future__ import annotations

from collections.abc import Sequence

from caddy.errors import CaddyError

#: How a name may be given, for the messages of :func:`find_player`.
NAME_HINT = "give a pairing number in digits 0-9, the name or the start of it"


def find_player(names: Sequence[str], text: str) -> int:
    """The pairing number (from 1) of the player ``text`` names, among
    ``names`` (in pairing-number order): every command that takes a player
    (``withdraw``, ``bye``, ``result --bye``, ``pair --byes``, ``lineup``,
    ``standings --explain``) asks here.

    ``text`` is a pairing number in ASCII digits, the exact name, the name in
    any case, or the start of one name only (in any case). An unknown name is
    refused with the closest names (:func:`difflib.get_close_matches`); a
    start shared by several names, with the names it fits.

    :raises CaddyError: one line saying why ``text`` names no single player.
    """
    stripped = text.strip()
    if stripped.isascii() and stripped.isdigit():  # not ``²`` (int refuses it) or ``٣``
        number = int(stripped)
        if not 1 <= number <= len(names):
            raise CaddyError(f"no player {number} (pairing numbers run 1..{len(names)})")
        return number
    folded = stripped.casefold()
    # the exact name, the name in any case, the start of a name in any case
    for found in (
        [n for n, name in enumerate(names, 1) if name == text],
        [n for n, name in enumerate(names, 1) if name.casefold() == folded],
        [n for n, name in enumerate(names, 1) if folded and name.casefold().startswith(folded)],
    ):
        if len(found) == 1:
            return found[0]
        if found:
            return _ambiguous(names, text, found)
    return _unknown(names, text)


def _listed(names: Sequence[str], numbers: Sequence[int]) -> str:
    from caddy.render import visible

    return ", ".join(f"{visible(names[n - 1])} ({n})" for n in numbers)


def _ambiguous(names: Sequence[str], text: str, found: Sequence[int]) -> int:
    shown = _listed(names, found[:8]) + (f" and {len(found) - 8} more" if len(found) > 8 else "")
    raise CaddyError(
        f"'{text}' fits {len(found)} players: {shown}; give more of the name or the pairing number"
    )


def _unknown(names: Sequence[str], text: str) -> int:
    hint = _closest(names, text)
    raise CaddyError(f"no player named '{text}' ({NAME_HINT}{hint})")


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
