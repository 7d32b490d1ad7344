"""Re-pairing a finished tournament round by round (``caddy check FILE --pairings``).

FIDE's endorsement of pairing programs asks for a checker beside the engine:
given a tournament file, pair every round again from the rounds before it
(with that round's announced absences) and list every round whose pairing
differs from what the rules give (:mod:`caddy.pairing.differences` writes
the lines). :func:`check_pairings` does that for a file in another
program's format (a TRF file, through the codec's hook
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

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, Literal

import attrs

from caddy.contracts.format_tools import depends_on_results, option_summary
from caddy.errors import CaddyError, PluginError
from caddy.event.replay import replay
from caddy.model.teams import TeamRound
from caddy.pairing.differences import round_differences
from caddy.pairing.file_input import file_pairing, with_options
from caddy.pairing.request import request_from_state
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


#: The pairing systems ``caddy check FILE --pairings SYSTEM`` re-pairs a file
#: (not an event file) by, and how messages name them.
SYSTEMS: dict[str, str] = {
    "dutch": "the Dutch system",
    "burstein": "the Burstein system (FIDE C.04.4.2)",
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
    individual file by the system its record 192 or 092 names (Dutch or
    Burstein), a team file (TRF-2026 310 records) by the Swiss Team Pairing
    System; ``system`` (``dutch``, ``burstein``, ``team-swiss``), when
    given, must be the file's (``rounds`` and ``initial_colour`` as ``caddy
    pair --rounds --initial-colour`` give them, for a file that lacks them;
    ``readings`` and ``options`` as its ``--trf-801-byes`` and ``--option
    KEY=VALUE``: the file is read, and every round paired, under them).

    :raises CaddyError: the file cannot be read or paired (one line each).
    """

    host = resolve(host)
    _known_system(system)
    if readings:  # the file read as it is paired
        read = codec.read(data, source=path, readings=tuple(readings))
    else:
        read = codec.read(data, source=path)
    state = replay(read.event, host)
    system = _refuse_other_system(path, state, system)

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
        fmt = host.format(found.format)
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


def _known_system(system: str | None) -> None:
    """:class:`CaddyError` unless ``system`` is ``None`` or one caddy re-pairs by."""
    if system is not None and system not in SYSTEMS:
        raise CaddyError(
            "caddy checks pairings of the Dutch system ('dutch'), the Burstein system "
            f"('burstein') and the Swiss Team Pairing System ('team-swiss'), not '{system}'"
        )


def _own_system(state: State) -> str:
    """What re-pairs ``state``'s rounds: ``team-swiss`` for a team event, a Swiss's
    ``system`` option (``dutch``, ``burstein``), else the format's name."""
    tournament = state.event.tournament
    if tournament.teams is not None and state.fmt.name == "team-swiss":
        return "team-swiss"
    if state.fmt.name == "swiss":
        return str(option_summary(tournament.format.options).get("system", "dutch"))
    return state.fmt.name


def _refuse_other_system(label: str, state: State, system: str | None) -> str:
    """The system re-pairing ``state``; :class:`CaddyError` when ``system`` names another."""
    own = _own_system(state)
    if system is not None and system != own:
        kind = "a team" if state.event.tournament.teams is not None else "an individual"
        raise CaddyError(
            f"{label} is {kind} event: caddy re-pairs it by {system_title(own)} "
            f"(--pairings {own}), not {SYSTEMS[system]}"
        )
    return own


def check_event_pairings(
    label: str, state: State, *, system: str | None = None, host: PluginHost | None = None
) -> PairingCheck:
    """Re-pair every round of a caddy event whose format pairs from results
    (a Swiss) from the rounds before it and compare; ``system``, when given,
    must be the event's (:func:`check_pairings`)."""

    _known_system(system)
    _refuse_other_system(label, state, system)
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

    if isinstance(rnd, TeamRound):
        matches = {frozenset((m.white, m.black)) for m in rnd.matches}
        return matches, sorted(bye.team for bye in rnd.byes if bye.kind == "pab")
    pairs = {frozenset(pair) for pair in zip(rnd.white, rnd.black, strict=True)}
    if isinstance(rnd.byes, dict):  # the file's round: byes of every kind
        return pairs, sorted(p for p, kind in rnd.byes.items() if kind == "pab")
    return pairs, sorted(rnd.byes)
