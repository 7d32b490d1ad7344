"""The team Swiss format's round: caddy's pairing request (with its team
context) turned into the team-Swiss engine's request, and the engine's
answer into a round of team matches.

Scores (FIDE Handbook C.04.6 1.2): the primary score (MP unless the event
says GP) and the secondary one. A team's history (C.04.6 1.6) has an
opponent and a colour only for a match actually played; a PAB, a forfeit
win and a full-point bye are flagged for [C2]. Baku acceleration (C.04.7)
enters as virtual match points per team and round, from the format's
``acceleration`` records (TRF-2026 record 250).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, cast

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.contracts import PairingRequest, TeamPairingContext
    from caddy.model.schedule import Round
    from caddy_plugins.engines.team_swiss import TeamPairingRequest
    from caddy_plugins.formats.team_swiss import TeamSwissOptions


def _fraction(value: float) -> Fraction:
    return Fraction(value).limit_denominator(1000)


def engine_request(request: PairingRequest) -> TeamPairingRequest:
    """The engine's request for ``request.round`` (raises without a team context)."""
    from caddy_plugins.engines.team_swiss import TeamInput, TeamPairingRequest, TeamRound

    context = _context(request)
    setup = context.setup
    history = context.history
    primary = setup.scoring.primary
    secondary = "GP" if primary == "MP" else "MP"
    teams = []
    for t, row in enumerate(history.results, 1):
        rounds = []
        for res in row[: request.round - 1]:
            score = res.mp if primary == "MP" else res.gp
            other = res.gp if primary == "MP" else res.mp
            rounds.append(
                TeamRound(
                    primary=_fraction(score),
                    secondary=_fraction(other),
                    opponent=res.opponent if res.played else None,
                    colour=res.colour if res.played else None,
                    pab=res.kind == "pab",
                    forfeit_win=res.kind == "forfeit-win",
                    full_bye=res.kind == "full",
                )
            )
        teams.append(
            TeamInput(
                tpn=t,
                primary=sum((r.primary for r in rounds), Fraction(0)),
                secondary=sum((r.secondary for r in rounds), Fraction(0)),
                history=tuple(rounds),
            )
        )
    options = cast("TeamSwissOptions", request.options)
    forbidden = {frozenset(pair) for pair in context.forbidden}
    for group in options.forbidden:
        members = list(group)
        forbidden.update(frozenset((a, b)) for i, a in enumerate(members) for b in members[i + 1 :])
    if options.ignore_forbidden:
        forbidden = set()
    acceleration: dict[tuple[int, int], Fraction] = {}
    for record in options.acceleration:
        for rnd in range(record.first_round, record.last_round + 1):
            for tpn in range(record.first_team, record.last_team + 1):
                virtual = record.mp if primary == "MP" else (record.gp or 0.0)
                acceleration[(tpn, rnd)] = _fraction(virtual)
    initial = options.initial_colour or request.initial_colour or "w"
    return TeamPairingRequest(
        round_number=request.round,
        total_rounds=request.planned_rounds,
        teams=tuple(teams),
        to_pair=frozenset(t for t in range(1, len(setup.teams) + 1) if t not in context.absent),
        forbidden_pairs=frozenset(forbidden),
        acceleration=acceleration,
        initial_colour=initial,
        colour_preference=options.colour_preference,
        primary=primary,
        use_secondary=setup.scoring.secondary == secondary,
        initial_colour_parity=options.initial_colour_parity,
        colour_history=options.colour_history,
        balance_colours=options.balance_colours,
        first_team_without_pab=options.first_team_without_pab,
        float_exempt_rounds=options.float_exempt_rounds,
        colour_exempt_rounds=options.colour_exempt_rounds,
        upfloater_lookahead=options.upfloater_lookahead,
    )


def _context(request: PairingRequest) -> TeamPairingContext:
    if request.teams is None:
        raise CaddyError("a team Swiss pairs teams: the event has none (caddy new --teams)")
    return request.teams


def pair_team_round(request: PairingRequest) -> tuple[Round, tuple[str, ...]]:
    """Pair the round by C.04.6: the round of team matches and the engine's explanation."""
    from caddy.model.schedule import Round
    from caddy.model.teams import TeamBye, TeamMatchPairing, TeamRound
    from caddy_plugins.engines.team_swiss import NoTeamPairingError, pair_teams

    context = _context(request)
    try:
        answer = pair_teams(engine_request(request))
    except NoTeamPairingError as exc:
        raise CaddyError(
            f"round {request.round}: no pairing satisfies C.04.6 [C1]-[C3] ({exc}); "
            "the Chief Arbiter decides (C.04.6 3.3.3)"
        ) from None
    matches = tuple(
        TeamMatchPairing(
            white=white,
            black=black,
            white_lineup=context.lineup(white),
            black_lineup=context.lineup(black),
        )
        for white, black in answer.pairs
    )
    byes = [TeamBye(team=answer.bye, kind="pab")] if answer.bye is not None else []
    byes += [
        TeamBye(team=team, kind=kind)
        for team, kind in sorted(context.absent.items())
        if kind in ("full", "half")
    ]
    teams = TeamRound(matches=matches, byes=tuple(byes))
    white, black, _ = teams.games(context.setup.board_colours())
    return (
        Round(number=request.round, white=white, black=black, teams=teams),
        answer.explain,
    )
