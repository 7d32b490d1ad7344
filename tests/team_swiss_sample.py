"""A small reader of a TRF26 team-Swiss file, rebuilding each round's team matches.

Used by ``tests/test_team_swiss_engine.py`` and ``benchmarks/team_swiss_check.py`` to
replay the FIDE TEC sample "Grandmommy's Cup" round by round. Records read: 142 (rounds),
152 (initial colour), 352 (board colours), 310 (teams and members), 001 (players: from
column 92, per round the opponent's start rank, colour and result, 10 columns a round),
300 (a round's line-up), 240 (requested byes), 250 (acceleration), 260 (forbidden pairs),
320 (pairing-allocated byes), 330 (forfeited matches), and of the informative 801 records
only the bye letters (``HHHH``, ``FFFF``) of a team that has no game and no bye record in a
round. Anything else is skipped; where the file contradicts itself, ``Sample.notes`` says so.

Scoring (C.07 11.1 and the TRF26 conventions): GP = the sum of a team's board results
(a forfeited board counts); the match goes to the higher GP total, equal totals draw,
except that two zero totals both lose; MP 2/1/0. A forfeited match (330) gives the winner
one GP a board and 2 MP and is no played match; a 320 PAB and 240 F/H byes give the MP and
GP of their records. A team with no game and no such record in a round is absent then.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations
from typing import Any

import attrs

from caddy_plugins.engines.team_swiss import Colour, TeamInput, TeamPairingRequest, TeamRound

__all__ = ["SAMPLE_READINGS", "Sample", "command_line_readings", "read_sample"]

#: The engine options under which the sample's pairings (matches and PABs) come out in
#: every round: the readings of the program that paired it in 2024, before C.04.6 (2026).
#: With them, ``Sample.request(rnd, forbidden=False, initial_colour="b")`` (its 152 and
#: 260 records were added when the file was converted to TRF26, so that program never
#: saw them). See docs/team-swiss.md for the article behind each one.
SAMPLE_READINGS: dict[str, Any] = {
    "initial_colour_parity": "present",
    "upfloater_lookahead": True,
    "colour_exempt_rounds": 3,
    "balance_colours": True,
    "first_team_without_pab": True,
}


def command_line_readings() -> tuple[str, ...]:
    """:data:`SAMPLE_READINGS` as ``caddy pair FILE.trf`` takes them, with the
    file's 152 and 260 records set aside (initial colour Black, no forbidden pairs)."""
    options = {"ignore_forbidden": True, **SAMPLE_READINGS}
    flags: list[str] = ["--initial-colour", "black"]
    for key, value in options.items():
        text = str(value).lower() if isinstance(value, bool) else str(value)
        flags += ["--option", f"{key}={text}"]
    return tuple(flags)


_RESULTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1)}
_RESULTS.update({"W": Fraction(1), "D": Fraction(1, 2), "-": Fraction(0), "L": Fraction(0)})


def _int(text: str) -> int:
    text = text.strip()
    return int(text) if text else 0


@attrs.define
class Sample:
    """The parsed file and the rounds rebuilt from it."""

    rounds: int = 0
    initial_colour: str = "w"
    sequence: str = "WBWB"
    members: dict[int, list[int]] = attrs.field(factory=dict)
    team_of: dict[int, int] = attrs.field(factory=dict)
    games: dict[int, list[tuple[int, str, str]]] = attrs.field(factory=dict)
    lineups: dict[tuple[int, int], list[int]] = attrs.field(factory=dict)
    byes: dict[int, dict[int, str]] = attrs.field(factory=dict)
    acceleration: dict[tuple[int, int], Fraction] = attrs.field(factory=dict)
    forbidden: list[tuple[int, int, list[int]]] = attrs.field(factory=list)
    pab: dict[int, int] = attrs.field(factory=dict)
    pab_points: tuple[Fraction, Fraction] = (Fraction(1), Fraction(2))
    forfeits: dict[int, list[tuple[str, int, int]]] = attrs.field(factory=dict)
    #: 801 records: team -> round -> the board-results field (``HHHH`` for a half-point bye).
    informative: dict[int, dict[int, str]] = attrs.field(factory=dict)
    #: Rebuilt: ``history[team][r - 1]``.
    history: dict[int, list[TeamRound]] = attrs.field(factory=dict)
    #: Rebuilt: round -> set of (white, black); round -> absent teams.
    matches: dict[int, set[tuple[int, int]]] = attrs.field(factory=dict)
    absent: dict[int, set[int]] = attrs.field(factory=dict)
    #: Where the file contradicts itself, one line each.
    notes: list[str] = attrs.field(factory=list)
    #: MP and GP totals of the 310 records.
    totals: dict[int, tuple[Fraction, Fraction]] = attrs.field(factory=dict)

    @property
    def boards(self) -> int:
        return len(self.sequence)

    def pairing(self, rnd: int) -> tuple[set[tuple[int, int]], int | None]:
        """Round ``rnd`` of the file: its matches (White team first) and its PAB."""
        return set(self.matches[rnd]), self.pab.get(rnd)

    def request(
        self,
        rnd: int,
        *,
        forbidden: bool = True,
        initial_colour: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> TeamPairingRequest:
        """The request pairing round ``rnd`` from rounds 1..rnd-1 and round rnd's absences.

        ``forbidden=False`` leaves the 260 records out; ``initial_colour`` overrides the
        152 record; ``options`` are further :class:`TeamPairingRequest` fields (the
        readings of C.04.6, e.g. :data:`SAMPLE_READINGS`).
        """
        teams = []
        for tpn in sorted(self.members):
            past = tuple(self.history[tpn][: rnd - 1])
            teams.append(
                TeamInput(
                    tpn=tpn,
                    primary=sum((e.primary for e in past), Fraction(0)),
                    secondary=sum((e.secondary for e in past), Fraction(0)),
                    history=past,
                )
            )
        out = set(self.byes.get(rnd, {})) | self.absent.get(rnd, set())
        pairs = frozenset(
            frozenset(pair)
            for first, last, group in self.forbidden
            if forbidden and first <= rnd <= last
            for pair in combinations(group, 2)
        )
        colour = initial_colour or self.initial_colour
        request = TeamPairingRequest(
            round_number=rnd,
            total_rounds=self.rounds,
            teams=tuple(teams),
            to_pair=frozenset(set(self.members) - out),
            forbidden_pairs=pairs,
            acceleration={k: v for k, v in self.acceleration.items() if k[1] <= rnd},
            initial_colour="b" if colour == "b" else "w",
        )
        return attrs.evolve(request, **dict(options or {}))


def _parse(text: str) -> Sample:
    sample = Sample()
    for line in text.splitlines():
        tag = line[:3]
        if tag == "142":
            sample.rounds = _int(line[4:])
        elif tag == "152":
            sample.initial_colour = line[4:].strip().lower()[:1] or "w"
        elif tag == "352":
            sample.sequence = line[4:].strip().upper()
        elif tag == "310":
            team = _int(line[4:7])
            members = [_int(line[c : c + 4]) for c in range(73, len(line), 5)]
            sample.members[team] = [m for m in members if m]
            sample.totals[team] = (Fraction(line[54:60].strip()), Fraction(line[61:67].strip()))
            for member in sample.members[team]:
                sample.team_of[member] = team
        elif tag == "001":
            start = _int(line[4:8])
            sample.games[start] = [
                (_int(line[c : c + 4]), line[c + 5 : c + 6], line[c + 7 : c + 8])
                for c in range(91, len(line), 10)
            ]
        elif tag == "300":
            rnd, team = _int(line[4:7]), _int(line[8:11])
            sample.lineups[rnd, team] = [_int(line[c : c + 4]) for c in range(16, len(line), 5)]
        elif tag == "240":
            kind, rnd = line[4], _int(line[6:9])
            for c in range(10, len(line), 5):
                if _int(line[c : c + 4]):
                    sample.byes.setdefault(rnd, {})[_int(line[c : c + 4])] = kind
        elif tag == "250":
            points = Fraction(line[4:8].strip() or "0")
            first, last = _int(line[14:17]), _int(line[18:21])
            for rnd in range(first, last + 1):
                for team in range(_int(line[22:26]), _int(line[27:31]) + 1):
                    sample.acceleration[team, rnd] = points
        elif tag == "260":
            group = [_int(line[c : c + 4]) for c in range(12, len(line), 5)]
            sample.forbidden.append((_int(line[4:7]), _int(line[8:11]), [t for t in group if t]))
        elif tag == "320":
            sample.pab_points = (Fraction(line[4:8].strip()), Fraction(line[9:13].strip()))
            for c in range(14, len(line), 4):
                if _int(line[c : c + 3]):
                    sample.pab[(c - 14) // 4 + 1] = _int(line[c : c + 3])
        elif tag == "801":
            team = _int(line[4:7])
            fields = {}
            for rnd in range(1, sample.rounds + 1):
                start = 22 + 17 * (rnd - 1)
                fields[rnd] = line[start + 6 : start + 6 + sample.boards]
            sample.informative[team] = fields
        elif tag == "330":
            rnd = _int(line[7:10])
            entry = (line[4:6], _int(line[11:14]), _int(line[15:18]))
            sample.forfeits.setdefault(rnd, []).append(entry)
    # A team given the PAB was paired: a 240 bye of the same round is a slip of the file.
    for rnd, team in sample.pab.items():
        if sample.byes.get(rnd, {}).pop(team, None):
            sample.notes.append(f"round {rnd}: team {team} has the PAB (320) and a bye (240)")
    return sample


def _board_colour(sample: Sample, rnd: int, team: int) -> Colour | None:
    """Board-1 colour of ``team`` in round ``rnd`` (C.04.6 1.6.1), from its line-up."""
    lineup = sample.lineups.get((rnd, team))
    if lineup is None:
        lineup = [
            m
            for m in sample.members[team]
            if len(sample.games[m]) >= rnd
            and (sample.games[m][rnd - 1][0] or sample.games[m][rnd - 1][2] == "+")
        ]
    for board, member in enumerate(lineup):
        if not member or len(sample.games[member]) < rnd:
            continue
        opponent, colour, _result = sample.games[member][rnd - 1]
        if opponent and colour in ("w", "b"):
            white_team_colour = sample.sequence[board % len(sample.sequence)].lower()
            return "w" if colour == white_team_colour else "b"
    return None


def _rebuild_round(sample: Sample, rnd: int) -> None:
    boards = Fraction(sample.boards)
    gp: dict[int, Fraction] = {}
    opponents: dict[int, int] = {}
    for team, members in sample.members.items():
        for member in members:
            games = sample.games.get(member, [])
            if len(games) < rnd:
                continue
            opponent, _colour, result = games[rnd - 1]
            if opponent:
                opponents[team] = sample.team_of[opponent]
            if opponent or result == "+":
                gp[team] = gp.get(team, Fraction(0)) + _RESULTS.get(result, Fraction(0))
    entries: dict[int, TeamRound] = {}
    matches: set[tuple[int, int]] = set()
    for team, other in opponents.items():
        colour = _board_colour(sample, rnd, team)
        if colour is None:
            theirs_colour = _board_colour(sample, rnd, other)
            colour = None if theirs_colour is None else "b" if theirs_colour == "w" else "w"
        mine, theirs = gp.get(team, Fraction(0)), gp.get(other, Fraction(0))
        mp = Fraction(2 if mine > theirs else 1 if mine == theirs and mine > 0 else 0)
        entries[team] = TeamRound(mp, mine, other, colour)
        if colour == "w":
            matches.add((team, other))
    for kind, white, black in sample.forfeits.get(rnd, []):
        matches.add((white, black))
        for team, won in ((white, kind[0] in "+1W"), (black, kind[1] in "+1W")):
            entries[team] = TeamRound(
                Fraction(2 if won else 0), boards if won else Fraction(0), forfeit_win=won
            )
    if rnd in sample.pab:
        mp, points = sample.pab_points
        entries[sample.pab[rnd]] = TeamRound(mp, points, pab=True)
    for team, kind in sample.byes.get(rnd, {}).items():
        if kind == "F":
            entries[team] = TeamRound(Fraction(2), boards, full_bye=True)
        elif kind == "H":
            entries[team] = TeamRound(Fraction(1), boards / 2)
        else:
            entries[team] = TeamRound()
    for team in sample.members:
        # a team with no game and no bye record: its 801 record may still show a bye
        kind = sample.informative.get(team, {}).get(rnd, "")[:1]
        if team not in entries and kind in ("F", "H"):
            sample.notes.append(f"round {rnd}: team {team} has no 240 record; its 801 shows {kind}")
            sample.byes.setdefault(rnd, {})[team] = kind
            entries[team] = (
                TeamRound(Fraction(2), boards, full_bye=True)
                if kind == "F"
                else TeamRound(Fraction(1), boards / 2)
            )
    sample.matches[rnd] = matches
    sample.absent[rnd] = {team for team in sample.members if team not in entries}
    for team in sample.members:
        sample.history.setdefault(team, []).append(entries.get(team, TeamRound()))


def read_sample(text: str) -> Sample:
    """Parse the file and rebuild every round."""
    sample = _parse(text)
    for rnd in range(1, sample.rounds + 1):
        _rebuild_round(sample, rnd)
    for first, last, group in sample.forbidden:
        for rnd in range(first, min(last, sample.rounds) + 1):
            for white, black in sorted(sample.matches[rnd]):
                if white in group and black in group:
                    sample.notes.append(f"round {rnd}: {white}-{black} is forbidden by 260")
    for team, (mp, gp) in sorted(sample.totals.items()):
        rebuilt = (
            sum(e.primary for e in sample.history[team]),
            sum(e.secondary for e in sample.history[team]),
        )
        if rebuilt != (mp, gp):
            sample.notes.append(
                f"team {team}: rebuilt MP/GP {rebuilt[0]}/{rebuilt[1]}, 310 says {mp}/{gp}"
            )
    return sample
