"""Colour allocation (FIDE Handbook C.04.3 Article 5) and board order (C.04.2 3.6) of a Dutch round."""

from __future__ import annotations

from caddy_plugins.engines.dutch.model import Colour
from caddy_plugins.engines.dutch.players import PlayerState, invert

__all__ = ["board_key", "choose_colour", "granted_colour", "ranks_lower"]


def board_key(pair: tuple[PlayerState, PlayerState]) -> tuple[int, int, int]:
    """C.04.2 3.6: higher player's score, then the other's, then the higher's number."""
    x, y = pair
    hi, lo = (x, y) if (x.real, -x.rank) >= (y.real, -y.rank) else (y, x)
    return (-hi.real, -lo.real, hi.rank)


def ranks_lower(p: PlayerState, o: PlayerState) -> bool:
    """``p`` is ranked below ``o`` (C.04.3 1.2 with pairing scores)."""
    return (p.score, o.rank) < (o.score, p.rank)


def granted_colour(p: PlayerState, o: PlayerState) -> tuple[str, str] | None:
    """Colour for ``p`` against ``o`` by C.04.3 5.2.1-5.2.3, with the rule that decided,
    or ``None`` when those rules decide nothing (no preference on either side, or the
    same preference and the same colour history)."""
    pp, op = p.pref, o.pref
    if pp is None or op is None or pp != op:
        if pp is not None:
            return pp, "5.2.1 both preferences granted" if op else "5.2.1 preference granted"
        if op is not None:
            return invert(op) or "w", "5.2.1 preference granted"
    elif p.absolute and (p.imb > o.imb or not o.absolute):
        return pp, "5.2.2 stronger preference"
    elif o.absolute and (o.imb > p.imb or not p.absolute):
        return invert(op) or "w", "5.2.2 stronger preference"
    elif p.strong and not o.strong:
        return pp, "5.2.2 stronger preference"
    elif o.strong and not p.strong:
        return invert(op) or "w", "5.2.2 stronger preference"
    else:
        a, b = p.colours[::-1], o.colours[::-1]
        for ca, cb in zip(a, b, strict=False):
            if ca != cb:
                return cb, "5.2.3 alternate from the latest differing round"
    return None


def choose_colour(p: PlayerState, o: PlayerState, initial: Colour) -> tuple[str, str]:
    """Colour for ``p`` against ``o`` by C.04.3 Article 5, with the rule that decided."""
    granted = granted_colour(p, o)
    if granted is not None:
        return granted
    pp, op = p.pref, o.pref
    if pp is None:
        # 5.2.5: the higher-ranked player takes the initial colour if its number is odd.
        if ranks_lower(p, o):
            return (initial if o.rank % 2 else (invert(initial) or "w")), "5.2.5 initial colour"
        return ((invert(initial) or "w") if p.rank % 2 else initial), "5.2.5 initial colour"
    if ranks_lower(p, o):
        return invert(op) or "w", "5.2.4 higher-ranked player's preference"
    return pp, "5.2.4 higher-ranked player's preference"
