"""Importing a TRF-2026 team event: the teams, the format, and each round's
team matches rebuilt from the games (FIDE Handbook C.04.6 Art. 1; C.07 Art. 11).

How a round's matches are rebuilt (as FIDE's reference engine does):

- a game between players of teams X and Y in round r belongs to the match
  X-Y of round r;
- a team's line-up is its record 300 for the round, else the members who
  played (and those who won by forfeit facing an empty board, ``0000 - +``)
  in their 310 order, the boards left over empty (0);
- the team with White is the one whose board-1 player had the first colour
  of record 352 (on the first board where both teams have a player);
- a forfeited match (330): the winning team's line-up is its members showing
  ``0000 - +`` (or its 300), the losing team's is empty (or its 300);
- team byes: pairing-allocated from 320 with its MP and GP, requested from
  240 (``F`` full, ``H`` half, ``Z`` zero); a team in neither and in no match
  is not named (it scores a zero bye).

The individual forfeits the matches imply (a player facing an empty board,
a forfeited match's line-ups) are the replay's to add; every other bye cell
is recorded as the individual import records it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from caddy.errors import CaddyError
from caddy.model.teams import TeamBye, TeamMatchPairing, TeamRound, TeamSetup

if TYPE_CHECKING:
    from caddy.event import FormatChoice, PairRound
    from caddy_plugins.codecs.trf.records import TrfDocument
    from caddy_plugins.codecs.trf.team_records import TeamRecords

__all__ = ["TeamImport", "team_import"]


@attrs.frozen(kw_only=True)
class TeamImport:
    """A team file's team layer: its records, the event's teams and format."""

    records: TeamRecords
    setup: TeamSetup
    format: FormatChoice

    def round(
        self,
        number: int,
        games: Sequence[tuple[int, int, str]],
        resting: Sequence[tuple[int, str]],
    ) -> tuple[PairRound, list[str], list[tuple[int, str]]]:
        """Round ``number`` from its games (White, Black, result word) and bye
        cells: the paired round with its team matches, the result words in
        board order, and the bye cells left for individual byes."""
        return _team_round(self.records, self.setup, number, games, resting)

    def rounds(
        self, rounds: Sequence[Sequence[Any]], warn: Callable[[str], None]
    ) -> list[tuple[PairRound, list[str], list[tuple[int, str]]]] | None:
        """Every round of :func:`.rounds.rounds_of` as :meth:`round` makes it;
        ``None`` (and a warning) when some round's matches cannot be rebuilt."""
        out = []
        for number, (whites, blacks, words, _, resting) in enumerate(rounds, 1):
            games = list(zip(whites, blacks, words, strict=True))
            try:
                out.append(self.round(number, games, resting))
            except CaddyError as exc:
                warn(f"teams not read ({exc}): imported as individual games")
                return None
        return out


def team_import(
    doc: TrfDocument, rounds: int, warn: Callable[[str], None], *, byes_801: bool = False
) -> TeamImport:
    """The team layer of ``doc`` (a file :func:`.team_records.has_teams` accepts);
    ``byes_801``: read a bye only record 801 shows (:func:`.team_records.read_team_records`)."""
    from caddy.event import FormatChoice
    from caddy.model.teams import check_setup
    from caddy_plugins.codecs.trf.team_records import (
        read_team_records,
        says_team_round_robin,
        says_team_swiss,
    )

    records = read_team_records(doc, warn, byes_801=byes_801)
    setup = TeamSetup(
        teams=records.teams,
        boards=records.boards,
        # the default alternation (WBWB...) left implicit, as caddy's own events have it
        colours=""
        if records.colours == "WB" * (records.boards // 2) + "W" * (records.boards % 2)
        else records.colours,
        scoring=records.scoring,
    )
    try:
        check_setup(setup, len(doc.players))
    except CaddyError as exc:
        problems = [f"{doc.source}: {p}" for p in exc.problems]
        raise CaddyError(problems[0], problems=problems) from None
    planned = max(doc.rounds_declared, rounds)
    choice: Any
    if says_team_swiss(doc):
        from caddy_plugins.formats.team_swiss import TeamSwissOptions

        colour = (doc.record("152") or "").strip().upper()
        options = TeamSwissOptions(
            rounds=planned,
            teams=len(setup.teams),
            boards=setup.boards,
            acceleration=records.acceleration,
            forbidden=tuple(teams for _, _, teams in records.forbidden),
            initial_colour="w" if colour == "W" else "b" if colour == "B" else None,
        )
        for first, last, teams in records.forbidden:
            if (first, last) != (1, planned):
                warn(
                    f"record 260 for teams {', '.join(map(str, teams))}: rounds {first}-{last} "
                    f"read as the whole event (1-{planned})"
                )
        choice = FormatChoice(name="team-swiss", options=options)
    else:
        from caddy_plugins.formats.manual import ManualOptions

        # a team round robin: paired elsewhere (manual), ranked as a round robin
        robin = True if says_team_round_robin(doc) else None
        choice = FormatChoice(
            name="manual", options=ManualOptions(rounds=planned, round_robin=robin)
        )
    return TeamImport(records=records, setup=setup, format=choice)


def _team_round(
    records: TeamRecords,
    setup: TeamSetup,
    number: int,
    games: Sequence[tuple[int, int, str]],
    resting: Sequence[tuple[int, str]],
) -> tuple[PairRound, list[str], list[tuple[int, str]]]:
    from caddy.event import PairRound

    team_of = setup.team_of()
    order = {p: k for team in setup.teams for k, p in enumerate(team.members)}
    boards = setup.boards
    colours = setup.board_colours()
    where = f"round {number}"
    forfeited = records.forfeits.get(number, [])
    in_forfeit = {t for _, a, b in forfeited for t in (a, b)}
    winners = {p for p, code in resting if code == "+"}

    def lineup(team: int, opponent: int, present: Sequence[int]) -> tuple[int, ...]:
        given = records.lineups.get((number, team))
        if given is not None:
            if given[0] != opponent:
                raise CaddyError(
                    f"{where}: record 300 names team {given[0]} as team {team}'s opponent, "
                    f"the games name team {opponent}"
                )
            players = given[1]
            strangers = [p for p in players if p and team_of.get(p) != team]
            if strangers:
                raise CaddyError(
                    f"{where}: record 300 puts player {strangers[0]} in team {team}'s line-up"
                )
        else:
            players = tuple(sorted(present, key=order.__getitem__))
        if len(players) > boards:
            raise CaddyError(
                f"{where}: team {team} fields {len(players)} players on {boards} boards"
            )
        return tuple(players) + (0,) * (boards - len(players))

    pairs: dict[frozenset[int], list[tuple[int, int, str]]] = {}
    for white, black, word in games:
        x, y = team_of.get(white), team_of.get(black)
        if x is None or y is None or x == y:
            raise CaddyError(
                f"{where}: players {white} and {black} are not members of two different teams"
            )
        pairs.setdefault(frozenset((x, y)), []).append((white, black, word))
    words_of = {(w, b): word for w, b, word in games}
    colour_of = {w: "W" for w, _, _ in games} | {b: "B" for _, b, _ in games}
    matches = []
    for key, boards_played in pairs.items():
        x, y = sorted(key)
        present = {
            t: [p for g in boards_played for p in g[:2] if team_of[p] == t]
            + [p for p in winners if team_of.get(p) == t and t not in in_forfeit]
            for t in (x, y)
        }
        lx, ly = lineup(x, y, present[x]), lineup(y, x, present[y])
        first = next((b for b in range(boards) if lx[b] and ly[b]), None)
        if first is None:
            raise CaddyError(f"{where}: the line-ups of teams {x} and {y} never face each other")
        x_white = colour_of.get(lx[first]) == colours[first]
        match = TeamMatchPairing(
            white=x if x_white else y,
            black=y if x_white else x,
            white_lineup=lx if x_white else ly,
            black_lineup=ly if x_white else lx,
        )
        matches.append(match)
    for kind, a, b in forfeited:
        wins = {"+-": (True, False), "-+": (False, True), "--": (False, False)}[kind]
        side = []
        for team, opponent, won in ((a, b, wins[0]), (b, a, wins[1])):
            shown = [p for p in winners if team_of.get(p) == team] if won else []
            side.append(lineup(team, opponent, shown))
        matches.append(
            TeamMatchPairing(
                white=a, black=b, white_lineup=side[0], black_lineup=side[1], forfeit=kind
            )
        )
    byes = [
        # a 320 record's blank GP: a win on every board, as FIDE's reference
        # engine reads it (C.04.6 1.4 says a draw); a blank MP: the event's (362 TP)
        TeamBye(team=team, kind="pab", mp=mp, gp=boards * 1.0 if gp is None else gp)
        for team, mp, gp in records.pabs.get(number, [])
    ] + [TeamBye(team=team, kind=kind) for team, kind in records.byes.get(number, [])]
    team_round = TeamRound(matches=tuple(matches), byes=tuple(byes))
    named = team_round.teams()
    twice = sorted({t for t in named if named.count(t) > 1})
    if twice:
        raise CaddyError(f"{where}: team {twice[0]} has a match and a bye (330/240/320)")
    whites, blacks, placed = team_round.games(colours)
    boards_of = list(zip(whites, blacks, strict=True))
    missing = [pair for pair in boards_of if pair not in words_of]
    if missing or len(whites) != len(games):
        w, b = missing[0] if missing else (0, 0)
        m, board = placed[boards_of.index((w, b))] if missing else (0, 0)
        raise CaddyError(
            f"{where}: the games do not fit the team matches"
            + (
                f" (match {m} board {board}: {w} - {b} is no game of the round, or the "
                "colours do not follow record 352)"
                if missing
                else " (a game outside the line-ups)"
            )
        )
    implied = team_round.implied_byes()
    left = [(p, code) for p, code in resting if p not in implied]
    pab = tuple(p for p, code in left if code == "U")  # an individual PAB, as written
    paired = PairRound(round=number, white=whites, black=blacks, byes=pab, teams=team_round)
    return paired, [words_of[pair] for pair in boards_of], left
