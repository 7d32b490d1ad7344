"""Re-pairing a finished tournament round by round (``caddy check FILE --pairings``).

FIDE's endorsement of pairing programs asks for a checker beside the engine:
given a tournament file, pair every round again from the rounds before it
(with that round's announced absences) and list every round whose pairing
differs from what the rules give. :func:`check_pairings` does that for a
file in another program's format (a TRF file, through the codec's hook
``caddy_pairing_input``, the same path as ``caddy pair FILE``) and
:func:`check_event_pairings` for a caddy event file.

A round differs when a pair (with its colours: the file's White first) or
the pairing-allocated bye is not the one caddy pairs. Boards whose colours
the file does not know (a forfeit written with ``-``) are compared without
colours. A team event's round (C.04.6 pairs matches, not boards) differs
when a match (the team with White on board 1 first) or the team's
pairing-allocated bye is not caddy's; the line-ups are the captains', not
the pairing's. Each difference is one line naming the round, caddy's board
(or match) and why caddy chose it: the score bracket it paired the pair in
and the colour rule (C.04.3 Article 5, C.04.6 4.3) from the explanation, or
where to read it (``caddy pair FILE --round R --explain``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import attrs

from caddy.plugins.host import resolve

if TYPE_CHECKING:
    from caddy.contracts import Codec, PairingRequest
    from caddy.event.replay import RoundState, State
    from caddy.model.schedule import Round
    from caddy.model.teams import TeamRound
    from caddy.plugins.host import PluginHost

__all__ = [
    "PairingCheck",
    "check_event_pairings",
    "check_pairings",
    "match_differences",
    "round_differences",
]


@attrs.frozen(kw_only=True)
class PairingCheck:
    """What re-pairing a tournament found."""

    #: One line per differing board (and per differing bye), in round order.
    differences: tuple[str, ...]
    #: The rounds re-paired, and those that differ.
    rounds: tuple[int, ...]
    differing: tuple[int, ...]
    #: The differing rounds whose pairs (team matches) and pairing-allocated
    #: bye are the file's: only colours differ.
    colours_only: tuple[int, ...] = ()
    #: What paired the rounds: the system (``dutch``) or the event's format.
    system: str


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


#: The pairing systems ``caddy check FILE --pairings SYSTEM`` re-pairs a file
#: (not an event file) by, and how messages name them.
SYSTEMS: dict[str, str] = {
    "dutch": "the Dutch system",
    "team-swiss": "the Swiss Team Pairing System (FIDE C.04.6)",
}


def system_title(system: str) -> str:
    """How messages name what re-paired the rounds (a system, else the event's format)."""
    return SYSTEMS.get(system) or f"format {system!r}"


def check_pairings(
    path: str,
    data: bytes,
    codec: Codec,
    *,
    system: str | None = None,
    rounds: int | None = None,
    initial_colour: Literal["w", "b"] | None = None,
    readings: Collection[str] = (),
    options: Mapping[str, str] | None = None,
    host: PluginHost | None = None,
) -> PairingCheck:
    """Re-pair every round of a file in another program's format (a TRF file)
    from the rounds before it, as ``caddy pair FILE --round R`` does: an
    individual file by the Dutch system, a team file (TRF-2026 310 records) by
    the Swiss Team Pairing System; ``system`` (``dutch``, ``team-swiss``), when
    given, must be the file's (``rounds`` and ``initial_colour`` as ``caddy
    pair --rounds --initial-colour`` give them, for a file that lacks them;
    ``readings`` and ``options`` as its ``--trf-801-byes`` and ``--option
    KEY=VALUE``: the file is read, and every round paired, under them).

    :raises CaddyError: the file cannot be read or paired (one line each).
    """
    from caddy.errors import CaddyError
    from caddy.event.replay import replay
    from caddy.pairing.request import file_pairing, with_options

    host = resolve(host)
    if system is not None and system not in SYSTEMS:
        raise CaddyError(
            f"caddy checks pairings of the Dutch system ('dutch') and of the Swiss Team "
            f"Pairing System ('team-swiss'), not '{system}'"
        )
    if readings:  # the file read as it is paired
        read = codec.read(data, source=path, readings=tuple(readings))
    else:
        read = codec.read(data, source=path)
    state = replay(read.event, host)
    own = "team-swiss" if state.event.tournament.teams is not None else "dutch"
    if system is not None and system != own:
        raise CaddyError(
            f"{path} is {'a team' if own == 'team-swiss' else 'an individual'} event: "
            f"caddy re-pairs it by {SYSTEMS[own]} (--pairings {own}), not {SYSTEMS[system]}"
        )
    system = own

    def repair(rnd: RoundState) -> tuple[Any, PairingRequest] | None:
        if not rnd.white and not any(kind == "pab" for kind in rnd.byes.values()):
            return None  # nobody paired: announced absences only
        found = file_pairing(
            path,
            data,
            codec,
            round=rnd.number,
            rounds=rounds,
            initial_colour=initial_colour,
            readings=readings,
            host=host,
        )
        fmt = host.formats().get(found.format)
        return fmt, with_options(found, fmt, options or {}).request

    given = readings or options or rounds is not None or initial_colour is not None
    same = " with the same options" if given else ""
    return _check(
        path,
        state,
        repair,
        system,
        lambda number: f"caddy pair {path} --round {number} --explain{same} says why",
    )


def check_event_pairings(
    label: str, state: State, *, host: PluginHost | None = None
) -> PairingCheck:
    """Re-pair every round of a caddy event whose format pairs from results
    (a Swiss) from the rounds before it and compare."""
    from caddy.contracts.format_tools import depends_on_results
    from caddy.errors import CaddyError
    from caddy.pairing.request import request_from_state

    fmt = state.fmt
    if not depends_on_results(fmt) or fmt.has_matches:
        raise CaddyError(
            f"{label}: format '{fmt.name}' does not pair rounds from the results; "
            "`caddy check` checks its rounds without --pairings"
        )
    return _check(
        label, state, lambda rnd: (fmt, request_from_state(state, round=rnd.number)), fmt.name
    )


def _check(
    label: str,
    state: State,
    repair: Callable[[RoundState], tuple[Any, PairingRequest] | None],
    system: str,
    hint: Callable[[int], str] | None = None,
) -> PairingCheck:
    """Each round of ``state`` against the format's pairing of ``repair``'s
    request for it (``None``: a round with nobody paired, left out); ``hint``:
    where to read why caddy pairs round R so, for a line the explanation
    does not give a reason (none: no such line ends in a hint)."""
    differences: list[str] = []
    rounds = []
    differing = []
    colours_only = []
    for rnd in state.rounds:
        found = repair(rnd)
        if found is None:
            continue
        lines, same_pairs = _compare(label, rnd, *found, hint(rnd.number) if hint else "")
        rounds.append(rnd.number)
        if lines:
            differing.append(rnd.number)
            if same_pairs:
                colours_only.append(rnd.number)
            differences.extend(lines)
    return PairingCheck(
        differences=tuple(differences),
        rounds=tuple(rounds),
        differing=tuple(differing),
        colours_only=tuple(colours_only),
        system=system,
    )


def _compare(
    label: str, rnd: RoundState, fmt: Any, request: PairingRequest, hint: str
) -> tuple[list[str], bool]:
    """The round's difference lines, and whether its pairs and bye are the file's."""
    from caddy.errors import CaddyError, PluginError

    try:
        paired = fmt.next_round(request)
    except PluginError:  # the plugin's fault, not the file's
        raise
    except CaddyError as exc:
        return [f"{label}: round {rnd.number}: caddy cannot pair it: {exc}"], False
    if paired is None:
        return [f"{label}: round {rnd.number} is after the planned rounds"], False
    lines = round_differences(label, rnd, paired)
    if lines:  # explain only what differs (pairing once more)
        explanation = list(fmt.explain_round(request))
        lines = round_differences(label, rnd, paired, explanation, hint)
    return lines, _pairs(rnd.teams or rnd) == _pairs(paired.teams or paired)


def _pairs(rnd: RoundState | Round | TeamRound) -> tuple[set[frozenset[int]], list[int]]:
    """A round's pairs (team matches) without colours, and its pairing-allocated byes."""
    from caddy.model.teams import TeamRound

    if isinstance(rnd, TeamRound):
        matches = {frozenset((m.white, m.black)) for m in rnd.matches}
        return matches, sorted(bye.team for bye in rnd.byes if bye.kind == "pab")
    pairs = {frozenset(pair) for pair in zip(rnd.white, rnd.black, strict=True)}
    if isinstance(rnd.byes, dict):  # the file's round: byes of every kind
        return pairs, sorted(p for p, kind in rnd.byes.items() if kind == "pab")
    return pairs, sorted(rnd.byes)
