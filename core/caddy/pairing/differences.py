"""How a recorded round differs from caddy's pairing of it, one line per difference.

:func:`round_differences` compares boards (a pair with its colours, the
pairing-allocated bye), :func:`match_differences` a team round's matches; each
line names the round, caddy's board or match and why caddy chose it, from the
pairing's explanation (:mod:`caddy.pairing.recheck` re-pairs the rounds).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from caddy.event.replay import RoundState
    from caddy.model.schedule import Round
    from caddy.model.teams import TeamRound

__all__ = ["match_differences", "round_differences"]


def _recorded(rnd: RoundState) -> tuple[dict[tuple[int, int], int], set[frozenset[int]], list[int]]:
    """A round as the file has it: coloured pairs (White, Black) → board,
    uncoloured pairs, and the pairing-allocated byes."""
    uncoloured = set(rnd.uncoloured)
    coloured: dict[tuple[int, int], int] = {}
    plain: set[frozenset[int]] = set()
    for board, (white, black) in enumerate(zip(rnd.white, rnd.black, strict=True), 1):
        if board in uncoloured:
            plain.add(frozenset((white, black)))
        else:
            coloured[(white, black)] = board
    byes = sorted(p for p, kind in rnd.byes.items() if kind == "pab")
    return coloured, plain, byes


def _reason(explanation: Sequence[str], white: int, black: int) -> str:
    """The bracket that paired ``white``-``black`` and the colour rule that
    decided their colours, from the explanation's lines."""
    bracket = ""
    colour = ""
    current = ""
    pair_texts = {f"{white}-{black}", f"{black}-{white}"}
    for line in explanation:
        text = line.strip()
        if text.startswith("Bracket "):
            current = text.split(":")[0]
        elif text.startswith("pairs ") and pair_texts & {
            p.strip() for p in text[len("pairs ") :].split(",")
        }:
            bracket = current
        elif text.startswith(f"{white}-{black}:"):
            colour = text.split(":", 1)[1].strip()
    # a forbidden pair (C.04.3 C1-like, by the event's rules) that kept one of them apart
    forbidden = [
        text.split(" (")[0]
        for text in (line.strip() for line in explanation)
        if text.startswith("forbidden pair ")
        and {white, black} & {int(n) for n in text.split()[2].split("-") if n.isdigit()}
    ]
    parts = [p for p in (f"paired in {bracket}" if bracket else "", colour, *forbidden) if p]
    return "; ".join(parts)


def _team_reason(explanation: Sequence[str], white: int, black: int) -> str:
    """The bracket (``bracket 4``) whose teams include both and the colour rule
    (C.04.6 4.3) that gave ``white`` White on board 1, from a team explanation."""
    parts: list[str] = []
    for line in explanation:
        text = line.strip()
        name, sep, rest = text.partition(": ")
        if sep and name.startswith("bracket ") and not parts:
            if {white, black} <= {int(n) for n in re.findall(r"[0-9]+", rest)}:
                parts.append(f"paired in {name}")
        elif name == f"{white}-{black}":
            parts.append(rest)
    return "; ".join(parts)


def _ending(why: str, hint: str) -> str:
    """`` (why)``, else `` (hint)``, else nothing."""
    text = why or hint
    return f" ({text})" if text else ""


def round_differences(
    label: str,
    recorded: RoundState,
    paired: Round,
    explanation: Sequence[str] | None = None,
    hint: str = "",
) -> list[str]:
    """One line per board of ``paired`` (caddy's round) that the recorded
    round does not have, and per differing pairing-allocated bye; in a team
    event, per match (:func:`match_differences`). ``hint`` ends a line whose
    reason the explanation does not give (where to read it)."""
    if paired.teams is not None and recorded.teams is not None:
        return match_differences(label, recorded.teams, paired, explanation, hint)
    coloured, plain, byes = _recorded(recorded)
    lines = []
    for board, (white, black) in enumerate(zip(paired.white, paired.black, strict=True), 1):
        if (white, black) in coloured or frozenset((white, black)) in plain:
            continue
        if (black, white) in coloured:
            has = f"the file has {black}-{white} (board {coloured[(black, white)]}): colours differ"
        else:
            where = _opponents(recorded, white, black)
            has = f"the file has {where}"
        why = _ending(_reason(explanation or (), white, black), hint)
        lines.append(
            f"{label}: round {paired.number} board {board}: caddy pairs {white}-{black}; {has}{why}"
        )
    if sorted(paired.byes) != byes:
        caddy_bye = ", ".join(map(str, paired.byes)) or "none"
        file_bye = ", ".join(map(str, byes)) or "none"
        lines.append(
            f"{label}: round {paired.number}: caddy gives the pairing-allocated bye to "
            f"{caddy_bye}; the file to {file_bye}"
        )
    return lines


def match_differences(
    label: str,
    recorded: TeamRound,
    paired: Round,
    explanation: Sequence[str] | None = None,
    hint: str = "",
) -> list[str]:
    """One line per match of ``paired`` (caddy's team round) that the recorded
    round does not have (the team with White on board 1 first), and one for a
    differing pairing-allocated bye (C.04.6 pairs matches: the line-ups are the
    captains' and are not compared)."""
    assert paired.teams is not None
    number = paired.number
    matches = {(m.white, m.black): index for index, m in enumerate(recorded.matches, 1)}
    lines = []
    for index, match in enumerate(paired.teams.matches, 1):
        white, black = match.white, match.black
        if (white, black) in matches:
            continue
        if (black, white) in matches:
            has = f"the file has {black}-{white} (match {matches[(black, white)]}): colours differ"
        else:
            has = f"the file has {_team_places(recorded, white, black)}"
        why = _ending(_team_reason(explanation or (), white, black), hint)
        lines.append(
            f"{label}: round {number} match {index}: caddy pairs teams {white}-{black}; {has}{why}"
        )
    caddy_bye = _team_pab(paired.teams)
    file_bye = _team_pab(recorded)
    if caddy_bye != file_bye:
        lines.append(
            f"{label}: round {number}: caddy gives the pairing-allocated bye to "
            f"{caddy_bye}; the file to {file_bye}"
        )
    return lines


def _team_pab(teams: TeamRound) -> str:
    """``team 50`` (the round's pairing-allocated bye), ``no team``."""
    found = sorted(bye.team for bye in teams.byes if bye.kind == "pab")
    return ", ".join(f"team {team}" for team in found) or "no team"


def _team_places(rnd: TeamRound, *teams: int) -> str:
    """Where the file puts each team in the round (``19-8 (match 5)``, ``team 47 with a half bye``)."""
    texts = []
    for team in teams:
        for index, match in enumerate(rnd.matches, 1):
            if team in (match.white, match.black):
                text = f"{match.white}-{match.black} (match {index})"
                break
        else:
            kind = next((bye.kind for bye in rnd.byes if bye.team == team), None)
            bye = "the pairing-allocated bye" if kind == "pab" else f"a {kind} bye"
            text = f"team {team} with {bye}" if kind else f"team {team} not paired"
        if text not in texts:
            texts.append(text)
    return " and ".join(texts)


def _opponents(rnd: RoundState, *players: int) -> str:
    """Where the file puts each player in the round (``7-5 (board 3)``, ``a bye``)."""
    texts = []
    for player in players:
        for board, (white, black) in enumerate(zip(rnd.white, rnd.black, strict=True), 1):
            if player in (white, black):
                text = f"{white}-{black} (board {board})"
                break
        else:
            kind = rnd.byes.get(player)
            text = f"{player} with a {kind} bye" if kind else f"{player} not paired"
        if text not in texts:
            texts.append(text)
    return " and ".join(texts)
