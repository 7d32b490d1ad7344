"""Colour allocation of a paired match (C.04.6 Art. 4)."""

from __future__ import annotations

from caddy_plugins.engines.team_swiss.model import Colour
from caddy_plugins.engines.team_swiss.state import Team

__all__ = ["allocate", "first_team"]


def _other(colour: str) -> Colour:
    return "b" if colour == "w" else "w"


def first_team(
    a: Team, b: Team, use_secondary: bool, without_pab: bool = False
) -> tuple[Team, Team]:
    """C.04.6 4.2: higher primary score, then higher secondary score, then smaller TPN.

    The primary score is the standings score: C.04.7 1.5 lists what the pairing score
    (with virtual points) is used for, and the colour allocation is not among them.
    ``without_pab`` leaves the points of a pairing-allocated bye out of both scores.
    """
    pa = a.standing - (a.pab_primary if without_pab else 0)
    pb = b.standing - (b.pab_primary if without_pab else 0)
    if pa != pb:
        return (a, b) if pa > pb else (b, a)
    sa = a.secondary - (a.pab_secondary if without_pab else 0)
    sb = b.secondary - (b.pab_secondary if without_pab else 0)
    if use_secondary and sa != sb:
        return (a, b) if sa > sb else (b, a)
    return (a, b) if a.tpn < b.tpn else (b, a)


def _latest_difference(first: Team, second: Team, history: str) -> str:
    """C.04.6 4.3.6: the first-team's colour at the latest time the two had different ones.

    ``history="played"`` walks both sequences of played matches back from their ends;
    ``"rounds"`` walks the rounds back, skipping a round where either did not play.
    ``""`` when the colours never differed.
    """
    if history == "rounds":
        pairs = zip(reversed(first.sequence), reversed(second.sequence), strict=False)
        for fc, sc in pairs:
            if fc != "-" and sc != "-" and fc != sc:
                return fc
        return ""
    for fc, sc in zip(reversed(first.colours), reversed(second.colours), strict=False):
        if fc != sc:
            return fc
    return ""


def allocate(
    a: Team,
    b: Team,
    initial_colour: Colour,
    use_secondary: bool,
    type_b: bool,
    *,
    parity: str = "tpn",
    history: str = "played",
    balance: bool = False,
    without_pab: bool = False,
) -> tuple[int, int, str]:
    """``(white TPN, black TPN, rule)``: the first rule of C.04.6 4.3 that applies.

    ``parity``, ``history``, ``balance`` and ``without_pab`` are the readings of 4.3.1,
    4.3.6, 4.3.8 and 4.2 the request names
    (:attr:`~caddy_plugins.engines.team_swiss.model.TeamPairingRequest.initial_colour_parity`,
    :attr:`~caddy_plugins.engines.team_swiss.model.TeamPairingRequest.colour_history`,
    :attr:`~caddy_plugins.engines.team_swiss.model.TeamPairingRequest.balance_colours`,
    :attr:`~caddy_plugins.engines.team_swiss.model.TeamPairingRequest.first_team_without_pab`).
    """
    first, second = first_team(a, b, use_secondary, without_pab)

    def give(colour: str, rule: str) -> tuple[int, int, str]:
        if colour == "w":
            return first.tpn, second.tpn, rule
        return second.tpn, first.tpn, rule

    fp, sp = first.preference, second.preference
    # 4.3.1 both teams have yet to play a match: the first-team gets the initial-colour
    # when its TPN is odd, the other colour when it is even.
    if first.played == 0 and second.played == 0:
        number = first.position if parity == "present" else first.tpn
        return give(initial_colour if number % 2 == 1 else _other(initial_colour), "4.3.1")
    # 4.3.2 only one team has a colour preference: grant it.
    if fp and not sp:
        return give(fp, "4.3.2")
    if sp and not fp:
        return give(_other(sp), "4.3.2")
    # 4.3.3 opposite colour preferences: grant both.
    if fp and sp and fp != sp:
        return give(fp, "4.3.3")
    # 4.3.4 (type B) only one strong preference: grant it.
    if type_b and fp and sp and first.strong != second.strong:
        return give(fp, "4.3.4") if first.strong else give(_other(sp), "4.3.4")
    # 4.3.5 White to the team with the lower colour difference.
    if first.colour_difference != second.colour_difference:
        lower = first.colour_difference < second.colour_difference
        return give("w" if lower else "b", "4.3.5")
    # 4.3.6 alternate to the most recent time where one had White and the other Black.
    latest = _latest_difference(first, second, history)
    if latest:
        return give(_other(latest), "4.3.6")
    # 4.3.7 grant the first-team's colour preference.
    if fp:
        return give(fp, "4.3.7")
    # 4.3.8 alternate the first-team's last colour. With ``balance``, C.04.1 Art. 8
    # first: the first-team gets the colour it has had fewer times, and its last colour
    # is alternated only when its colours are equal in number.
    if first.colours:
        if balance and first.colour_difference:
            return give("b" if first.colour_difference > 0 else "w", "4.3.8 (C.04.1 Art. 8)")
        return give(_other(first.colours[-1]), "4.3.8")
    # 4.3.9 alternate the other team's last colour (reached with both colour differences
    # 0, so ``balance`` changes nothing here).
    return give(second.colours[-1], "4.3.9")
