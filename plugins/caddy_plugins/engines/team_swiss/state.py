"""What the pairing reads off a team's history: scores, colours, floats (C.04.6 Art. 1)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import attrs

from caddy_plugins.engines.team_swiss.model import TeamInput, TeamPairingRequest

__all__ = ["Team", "build_teams", "colour_preference"]


@attrs.frozen
class Team:
    """A team ready to be paired this round."""

    tpn: int
    #: Pairing score: primary score plus this round's virtual points (C.04.7 1.5).
    score: Fraction
    #: Standings score: the primary score actually scored (C.04.6 4.2.1).
    standing: Fraction
    #: Secondary score (C.04.6 4.2.2).
    secondary: Fraction
    #: Board-1 colours of the played matches, oldest first (C.04.6 1.6.1).
    colours: str
    #: Matches played (C.04.6 3.4.3).
    played: int
    #: Opponents met in played matches ([C1]).
    met: frozenset[int]
    #: May receive the pairing-allocated bye ([C2]).
    can_pab: bool
    #: Floated (up or down) in the previous round (C.04.6 1.5, [C7], [C10]).
    floated: bool
    #: Colour preference (C.04.6 1.7): ``"w"``/``"b"`` or ``""``.
    preference: str
    #: Strong preference (type B; every type A preference counts as strong).
    strong: bool
    #: Board-1 colour per past round, ``"-"`` where no match was played (C.04.6 4.3.6).
    sequence: str = ""
    #: Number among the teams paired this round, in TPN order (C.04.6 4.3.1 ``"present"``).
    position: int = 0
    #: Primary and secondary points of its pairing-allocated bye (C.04.6 1.4), if any: left
    #: out of the first-team comparison by
    #: :attr:`~caddy_plugins.engines.team_swiss.model.TeamPairingRequest.first_team_without_pab`.
    pab_primary: Fraction = Fraction(0)
    pab_secondary: Fraction = Fraction(0)

    @property
    def colour_difference(self) -> int:
        """White matches minus Black matches (C.04.6 1.6.2)."""
        return self.colours.count("w") - self.colours.count("b")


def colour_preference(colours: str, kind: str, last_round: bool) -> tuple[str, bool]:
    """C.04.6 1.7: ``(colour, strong)``; colour ``""`` when there is no preference.

    Type A (1.7.1): White when CD < -1, or CD is 0 or -1 and the last two played
    matches were with Black (mirror for Black). Type B (1.7.2) keeps those as strong
    preferences and adds mild ones: CD -1 / +1, or CD 0 (not in the last round) away
    from the last colour.
    """
    if kind == "none":
        return "", False
    cd = colours.count("w") - colours.count("b")
    if cd < -1 or (cd in (0, -1) and colours[-2:] == "bb"):
        return "w", True
    if cd > 1 or (cd in (0, 1) and colours[-2:] == "ww"):
        return "b", True
    if kind != "B":
        return "", False
    if cd == -1:
        return "w", False
    if cd == 1:
        return "b", False
    if cd == 0 and not last_round and colours:
        return ("w" if colours[-1] == "b" else "b"), False
    return "", False


def _scores_before(team: TeamInput, round_number: int) -> Fraction:
    """Primary score before ``round_number`` (rounds 1 .. round_number-1)."""
    return sum((entry.primary for entry in team.history[: round_number - 1]), Fraction(0))


def _floated(
    team: TeamInput,
    by_tpn: Mapping[int, TeamInput],
    acceleration: Mapping[tuple[int, int], Fraction],
    previous: int,
) -> bool:
    """Whether the team met an opponent with another pairing score in round ``previous``."""
    if previous < 1 or len(team.history) < previous:
        return False
    opponent = team.history[previous - 1].opponent
    if opponent is None or opponent not in by_tpn:
        return False
    other = by_tpn[opponent]
    mine = _scores_before(team, previous) + acceleration.get((team.tpn, previous), Fraction(0))
    theirs = _scores_before(other, previous) + acceleration.get((opponent, previous), Fraction(0))
    return mine != theirs


def build_teams(request: TeamPairingRequest) -> dict[int, Team]:
    """The teams to pair, by TPN, with everything the criteria need."""
    by_tpn = {team.tpn: team for team in request.teams}
    last_round = request.round_number == request.total_rounds
    teams: dict[int, Team] = {}
    for position, tpn in enumerate(sorted(request.to_pair), start=1):
        team = by_tpn[tpn]
        played = [entry for entry in team.history if entry.colour is not None]
        byes = [entry for entry in team.history if entry.pab]
        colours = "".join(entry.colour for entry in played if entry.colour is not None)
        preference, strong = colour_preference(colours, request.colour_preference, last_round)
        teams[tpn] = Team(
            tpn=tpn,
            score=team.primary + request.acceleration.get((tpn, request.round_number), Fraction(0)),
            standing=team.primary,
            secondary=team.secondary,
            colours=colours,
            played=len(played),
            met=frozenset(e.opponent for e in played if e.opponent is not None),
            can_pab=not any(e.pab or e.forfeit_win or e.full_bye for e in team.history),
            floated=_floated(team, by_tpn, request.acceleration, request.round_number - 1),
            preference=preference,
            strong=strong,
            sequence="".join(entry.colour or "-" for entry in team.history),
            position=position,
            pab_primary=sum((entry.primary for entry in byes), Fraction(0)),
            pab_secondary=sum((entry.secondary for entry in byes), Fraction(0)),
        )
    return teams
