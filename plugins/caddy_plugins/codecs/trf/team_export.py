"""Writing a team event's TRF-2026 team records (the columns of
:mod:`.team_records`), from the event rather than from the lines an import kept.

- ``310``: each team's number, name, code, strength, members in board
  order, and its match points, game points and rank from caddy's team
  standings (the event's tie-break list; when a listed team tie-break has no
  plugin registered, the rank follows MP, then GP, ties sharing a rank);
- ``300``: a line-up that is not its members in 310 order, or that leaves a
  board empty (a forfeited match's empty line-up is not written);
- ``320`` (one line per MP/GP value), ``330``, ``240`` (every requested bye
  of the event, one read from an 801 record with ``--trf-801-byes`` too, so
  that any reader finds it; plus a requested bye the kept file lists for a
  team that got the pairing-allocated bye instead);
- ``250``/``260`` from the ``team-swiss`` options (260 over rounds 1..planned);
- ``352`` (always: its length is the number of boards), ``362``, and
  ``192`` and ``152`` (the initial colour) when the file has none;
- ``013`` (TRF16's team record) when the kept file had it, and always in TRF16.

A kept record of one of these types is replaced in place by the made ones;
``801``/``802`` (informative per-team summaries) and ``299`` are written
back as read (``801``/``802`` are not updated: FIDE's engine ignores them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.event import State, Tournament
    from caddy.model.team_results import TeamResultsTable
    from caddy.model.teams import TeamSetup

__all__ = ["team_lines"]

#: Records that go before the player lines when the file has none to replace.
_HEAD = ("152", "192", "352", "362")

#: ETT26 codes (record 192) of caddy's team formats, single and double cycle.
_ETT26 = {
    "team-round-robin": ("FIDE_TEAM_ROUNDROBIN", "FIDE_TEAM_DOUBLEROUNDROBIN"),
    "team-scheveningen": ("FIDE_SCHEVENINGEN", "FIDE_DOUBLESCHEVENINGEN"),
}


def team_lines(state: State, lines: list[str], trf26: bool) -> list[str]:
    """``lines`` (a whole exported file) with the team records of the event."""
    from caddy.event.teams import state_team_event

    setup = state.event.tournament.teams
    assert setup is not None
    tevent = state_team_event(state)
    made: dict[str, list[str]] = {}
    had_013 = any(line[:3] == "013" for line in lines)
    if had_013 or not trf26:
        made["013"] = [
            f"013 {team.name:<32.32}" + " ".join(f"{p:4d}" for p in team.members)
            for team in setup.teams
        ]
    if trf26:
        made.update(_trf26_records(state, setup, tevent, lines))
    out: list[str] = []
    done: set[str] = set()
    first_player = next((i for i, line in enumerate(lines) if line[:3] == "001"), len(lines))
    for index, line in enumerate(lines):
        if index == first_player:
            for code in _HEAD:
                if code in made and code not in done and not any(x[:3] == code for x in lines):
                    out.extend(made[code])
                    done.add(code)
        code = line[:3]
        if code in made:
            if code not in done:
                out.extend(made[code])
                done.add(code)
            continue
        out.append(line)
    for code, records in made.items():
        if code not in done and records:
            out.extend(records)
    return out


def _trf26_records(
    state: State, setup: TeamSetup, tevent: TeamResultsTable, lines: Sequence[str]
) -> dict[str, list[str]]:
    tournament = state.event.tournament
    scoring = setup.scoring
    made: dict[str, list[str]] = {}
    fmt = tournament.format
    made["352"] = [f"352 {setup.board_colours()}"]  # its length: the boards
    made["362"] = [
        "362 "
        + "   ".join(
            f"T{s}{v:4.1f}"
            for s, v in (("W", scoring.win), ("D", scoring.draw), ("L", scoring.loss))
        )
    ]
    if not any(line[:3] == "192" for line in lines) and fmt.name == "team-swiss":
        suffix = scoring.primary + (f"_{scoring.secondary}" if scoring.secondary else "")
        baku = "_BAKU" if fmt.options.acceleration else ""
        made["192"] = [f"192 FIDE_TEAM{baku}_{suffix}"]
    elif not any(line[:3] == "192" for line in lines) and fmt.name in _ETT26:
        # TRF-2026's table ETT26: the team round robins and the Scheveningen
        cycles = getattr(fmt.options, "cycles", 1)
        made["192"] = [f"192 {_ETT26[fmt.name][cycles > 1]}"]
    colour = getattr(fmt.options, "initial_colour", None)
    if not any(line[:3] == "152" for line in lines) and colour in ("w", "b"):
        made["152"] = [f"152 {colour.upper()}"]
    ranks = _ranks(tevent, tournament)
    mp, gp = tevent.mp, tevent.gp
    made["310"] = []
    for t, team in enumerate(setup.teams, 1):
        strength = team.rating if team.rating is not None else tevent.rating(t - 1)
        made["310"].append(
            f"310 {t:3d} {team.name:<32.32} {team.code:<5.5} "
            f"{'' if strength is None else strength:>6} {mp[t - 1]:6.1f} {gp[t - 1]:6.1f} "
            f"{ranks[t - 1]:3d}  " + " ".join(f"{p:4d}" for p in team.members)
        )
    made.update(_round_records(state, setup, lines))
    if fmt.name == "team-swiss":
        options = fmt.options
        made["250"] = [
            f"250 {a.mp:4.1f} {'' if a.gp is None else f'{a.gp:4.1f}':>4} "
            f"{a.first_round:3d} {a.last_round:3d} {a.first_team:4d} {a.last_team:4d}"
            for a in options.acceleration
        ]
        planned = options.rounds or len(state.rounds)
        made["260"] = [
            f"260 {1:3d} {planned:3d}" + "".join(f" {t:4d}" for t in group)
            for group in options.forbidden
        ]
    return made


def _round_records(state: State, setup: TeamSetup, lines: Sequence[str]) -> dict[str, list[str]]:
    """300, 320, 330 and 240 from the rounds' team matches and byes."""
    from caddy_plugins.codecs.trf.team_records import BYE_240

    order = {p: k for team in setup.teams for k, p in enumerate(team.members)}
    boards = setup.boards
    lineups: list[str] = []
    forfeits: list[str] = []
    pabs: dict[tuple[float, float], dict[int, int]] = {}
    byes: dict[tuple[int, str], list[int]] = {}
    letter = {kind: code for code, kind in BYE_240.items()}
    pab_rounds: set[tuple[int, int]] = set()
    for rnd in state.rounds:
        teams = rnd.teams
        if teams is None:
            continue
        r = rnd.number
        for match in teams.matches:
            if match.forfeit:
                forfeits.append(f"330 {match.forfeit} {r:3d} {match.white:3d} {match.black:3d}")
            for team, opponent, lineup in (
                (match.white, match.black, match.white_lineup),
                (match.black, match.white, match.black_lineup),
            ):
                present = sorted((p for p in lineup if p), key=order.__getitem__)
                if not present:
                    continue
                default = tuple(present) + (0,) * (boards - len(present))
                if lineup != default or 0 in lineup:
                    lineups.append(
                        f"300 {r:3d} {team:3d} {opponent:3d} " + " ".join(f"{p:4d}" for p in lineup)
                    )
        for bye in teams.byes:
            if bye.kind == "pab":
                mp = bye.mp if bye.mp is not None else _pab(setup, "mp")
                gp = bye.gp if bye.gp is not None else _pab(setup, "gp")
                pabs.setdefault((mp, gp), {})[r] = bye.team
                pab_rounds.add((r, bye.team))
            else:
                byes.setdefault((r, letter[bye.kind]), []).append(bye.team)
    # a requested bye the kept file lists for a team given the PAB instead
    for line in lines:
        parts = line[4:].split() if line[:3] == "240" else []
        if len(parts) >= 3 and parts[0].upper() in BYE_240 and parts[1].isdigit():
            r = int(parts[1])
            for team in (int(x) for x in parts[2:] if x.isdigit()):
                if (r, team) in pab_rounds:
                    byes.setdefault((r, parts[0].upper()), []).append(team)
    last = max((r for given in pabs.values() for r in given), default=0)
    pab_lines = [
        f"320 {mp:4.1f} {gp:4.1f}"
        + "".join(f" {given[r]:3d}" if r in given else "    " for r in range(1, last + 1))
        for (mp, gp), given in pabs.items()
    ]
    bye_lines = [
        f"240 {kind} {r:3d}" + "".join(f" {t:4d}" for t in sorted(teams))
        for (r, kind), teams in sorted(
            byes.items(), key=lambda item: (item[0][0], "FHZ".index(item[0][1]))
        )
    ]
    return {
        "300": lineups,
        "320": [line.rstrip() for line in pab_lines],
        "330": forfeits,
        "240": bye_lines,
    }


def _pab(setup: TeamSetup, which: str) -> float:
    """A pairing-allocated bye's MP or GP by the event's scoring (a draw's, C.04.6 1.4)."""
    s = setup.scoring
    if which == "mp":
        return s.pab_mp if s.pab_mp is not None else s.draw
    return s.pab_gp if s.pab_gp is not None else setup.boards * 0.5


def _ranks(tevent: TeamResultsTable, tournament: Tournament) -> list[int]:
    """Each team's rank in caddy's team standings (the event's tie-breaks,
    edition and readings of EDE); by MP then GP (ties sharing a rank) while a
    listed team tie-break has no plugin registered (team tie-breaks such as
    EDET or EMGSB come from their own plugins)."""
    from caddy.contracts.tiebreak_table import StandingsOptions
    from caddy.standings.teams import ede_options, team_standings

    options = ede_options(StandingsOptions(), tournament.ede)
    try:
        table = team_standings(tevent, tournament.tiebreaks, tournament.edition, options=options)
    except CaddyError:
        keys = [(-m, -g) for m, g in zip(tevent.mp, tevent.gp, strict=True)]
        return [1 + sum(1 for other in keys if other < key) for key in keys]
    ranks = [0] * tevent.count
    for row in table.rows:
        ranks[row.pairing_number - 1] = row.rank
    return ranks
