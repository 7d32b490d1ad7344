"""A round's pairing sheet as a :class:`caddy.model.report.Report` (``caddy pairings``,
and each round page of ``caddy publish``): board, White, Black with ratings and
the results so far (a Swiss: each player's points before the round); a
knockout round game by game with who won each match; the round's byes,
withdrawn players, a team match's score; the round's date and time (where
the event has dated rounds), the event's dates (from first to last day: a
start date alone is not every round's date) and its venue above the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from caddy.contracts.format_tools import depends_on_results
from caddy.event.matches import board_match, flip_result
from caddy.event.results import scores_before
from caddy.event.rounds import withdrawal_result
from caddy.model.numbers import points
from caddy.model.report import Report, Table
from caddy.views.formats import request_of
from caddy.views.team_match import team_match

if TYPE_CHECKING:
    from caddy.event.replay import Board, RoundState, State
    from caddy.model import documents as doc
    from caddy.model.dates import RoundSlot
    from caddy.model.report import Report

__all__ = ["event_where", "match_games", "round_slot", "sheet"]


def event_where(tournament: Any) -> str:
    """An event's dates and place as one line (``2026-09-01 to 2026-10-27, Budapest``)."""
    dates = ""
    if tournament.start is not None:
        dates = tournament.start.isoformat()
        if tournament.end is not None and tournament.end != tournament.start:
            dates += f" to {tournament.end.isoformat()}"
    return ", ".join(part for part in (dates, tournament.place) if part)


def round_slot(tournament: Any, number: int) -> RoundSlot | None:
    """When round ``number`` starts, if the event file has dated rounds."""
    if tournament.schedule is None:
        return None
    return next((s for s in tournament.schedule.rounds if s.round == number), None)


def match_games(state: State, board: Board) -> list[tuple[int, str, int, int, str]]:
    """A knockout match game by game: (game, stage, White, Black, result from
    that White's side) for every game played, then the next one (result ``""``).
    The event file keeps a match's results from the board's White (the higher
    seed); here each result reads from its own game's White."""

    match = board_match(state, board)
    games = []
    for number, result in enumerate(board.results, 1):
        stage, white, black = match.game_at(number)
        games.append(
            (number, stage, white, black, result if white == board.white else flip_result(result))
        )
    upcoming = match.next_game()
    if upcoming is not None:
        stage, white, black = upcoming
        games.append((len(board.results) + 1, stage, white, black, ""))
    return games


def sheet(state: State, number: int, *, link: Callable[[int], str] | None = None) -> Report:
    """Round ``number``'s pairing sheet; ``link`` (a player's number → a page)
    links each player's name (``caddy publish``)."""

    tournament = state.event.tournament
    players = tournament.players
    rnd = state.round(number)
    withdrawn = state.withdrawn

    def named(p: int) -> str:
        gone = p in withdrawn and number > withdrawn[p]
        return f"{players[p - 1].name} ({p})" + (" (withdrawn)" if gone else "")

    def rating(p: int) -> str:
        value = players[p - 1].rating
        return "" if value is None else str(value)

    def page(p: int) -> str:
        return link(p) if link else ""

    rows: list[tuple[str, ...]] = []
    links: list[tuple[str, ...]] = []
    notes: list[str] = []
    if rnd.matches:
        columns: tuple[str, ...] = ("board", "game", "white", "rating", "black", "rating", "result")
        right = frozenset({0, 1, 3, 5})
        for i, b in enumerate(rnd.boards, 1):
            for g, stage, w, k, result in match_games(state, b):
                label = str(g) if stage == "standard" else f"{g} {stage}"
                rows.append((str(i), label, named(w), rating(w), named(k), rating(k), result))
                links.append(("", "", page(w), "", page(k), "", ""))
            match = board_match(state, b)
            winner = match.winner()
            if winner is not None:
                by_lot = " by drawing of lots" if match.by_lot() else ""
                notes.append(f"board {i}: {named(winner)} wins the match{by_lot}")
        notes.append("each line is one game: White first; results are entered White first")
    else:
        score = _scores_shown(state, number)
        columns = ("board", "white", "rating", *score.column, "black", "rating", *score.column)
        columns += ("result",)
        right = frozenset({0, 2, 3, 5, 6} if score.column else {0, 2, 4})
        for i, b in enumerate(rnd.boards, 1):
            forfeit = withdrawal_result(withdrawn, number, b.white, b.black)
            result = " ".join(b.results) or ("no result needed" if forfeit else "")
            white = (named(b.white), rating(b.white), *score.of(b.white))
            black = (named(b.black), rating(b.black), *score.of(b.black))
            rows.append((str(i), *white, *black, result))
            links.append(("", page(b.white), "", *score.blank, page(b.black), "", *score.blank, ""))
    notes += _team_notes(state, number)
    match_so_far = team_match(state)  # a team match: the round's team score and the match's
    for team_round in match_so_far.rounds if match_so_far else ():
        if match_so_far and team_round.round == number:
            (first, second), (ta, tb) = team_round.score, team_round.total
            names = match_so_far.names
            notes.append(
                f"{names[0]} {points(first)}–{points(second)} {names[1]} "
                f"in round {number} (match: {points(ta)}–{points(tb)})"
            )
    notes += [f"bye ({kind}): {named(p)}" for p, kind in rnd.byes.items()]
    notes += [f"rest round: {named(p)}" for p in rnd.rest]
    in_round = {p for b in rnd.boards for p in (b.white, b.black)}
    for p, after in withdrawn.items():
        if number > after and p in in_round:  # paired before leaving: the game is not played
            notes.append(
                f"{players[p - 1].name} ({p}) withdrew after round {after}: "
                "their games need no result"
            )
    # a sheet to pin up: the round's date and time where the event has dated
    # rounds; the event's dates where they are known from first to last day
    # (a start date alone would read as every round's date); the venue
    slot = round_slot(tournament, number)
    dated = slot is not None or tournament.end is not None
    where = event_where(tournament) if dated else tournament.place
    intro = [where] if where else []
    if slot is not None:
        intro.insert(0, f"round {number}: {slot.date.isoformat()} at {slot.time}")
    # a bracket's rounds have names (Semi-finals): asked only for a round of matches,
    # as the views do (the request replays every round's history)
    round_name = state.fmt.round_name(request_of(state), number) if rnd.matches else None
    return Report(
        kind="pairings",
        title=tournament.name or "event",
        subtitle=f"round {number}"
        + (f": {round_name}" if round_name else "")
        + (" (each board is a match)" if rnd.matches else ""),
        intro=tuple(intro),
        tables=(
            Table(
                caption=f"Round {number}",
                columns=columns,
                rows=tuple(rows),
                right=right,
                links=tuple(links) if link else (),
            ),
        ),
        notes=tuple(notes),
    )


@attrs.frozen
class _Scores:
    """The sheet's score column (a Swiss's: each player's points before the
    round, FIDE C.04.2 pairing cards); none where pairings do not follow scores."""

    points: Sequence[float] = ()

    @property
    def column(self) -> tuple[str, ...]:
        return ("points",) if self.points else ()

    @property
    def blank(self) -> tuple[str, ...]:
        return ("",) if self.points else ()

    def of(self, player: int) -> tuple[str, ...]:
        return (points(self.points[player - 1]),) if self.points else ()


def _scores_shown(state: State, number: int) -> _Scores:
    """Points before round ``number`` where the format pairs each round from
    the scores (a Swiss, an individual event); nothing for a fixed schedule,
    a knockout or a team event."""

    if state.fixed or state.event.tournament.teams is not None:
        return _Scores()
    if not depends_on_results(state.fmt) or state.fmt.has_matches:
        return _Scores()
    return _Scores(scores_before(state, number))


def _team_notes(state: State, number: int) -> list[str]:
    """A team round's matches (the numbers ``caddy result EVENT ROUND MATCH``
    takes) with their boards, and the teams' byes."""
    setup = state.event.tournament.teams
    teams = state.round(number).teams
    if setup is None or teams is None:
        return []
    _, _, where = teams.games(setup.board_colours())
    notes = []
    for m, match in enumerate(teams.matches, 1):
        boards = [k for k, (mm, _) in enumerate(where, 1) if mm == m]
        shown = f"boards {boards[0]}-{boards[-1]}" if boards else "no game"
        first, other = setup.team(match.white).name, setup.team(match.black).name
        forfeit = f", forfeited {match.forfeit}" if match.forfeit else ""
        notes.append(f"match {m}: {first} – {other} ({shown}{forfeit})")
    notes += [f"team {setup.team(b.team).name}: bye ({b.kind})" for b in teams.byes]
    return notes


def pairings_document(state: State, rnd: RoundState) -> doc.PairingsDocument:
    """The ``caddy.pairings`` document of round ``rnd``."""
    # lazy: the document classes (caddy.model.documents) load for --json only, not for a sheet
    from caddy.model import documents as doc

    players = state.event.tournament.players
    boards = tuple(_board_data(state, rnd, b) for b in rnd.boards)
    byes = [
        doc.ByeData(number=p, name=players[p - 1].name, rating=players[p - 1].rating, kind=k)
        for p, k in [*rnd.byes.items(), *((p, "rest") for p in rnd.rest)]
    ]
    return doc.PairingsDocument(
        round=rnd.number, matches=rnd.matches, boards=boards, byes=tuple(byes)
    )


def _board_data(state: State, rnd: RoundState, b: Board) -> doc.AnyBoard:
    """One board of the ``caddy.pairings`` document (a knockout's: its games)."""
    # lazy: the document classes (caddy.model.documents) load for --json only, not for a sheet
    from caddy.model import documents as doc

    players = state.event.tournament.players
    withdrawn = state.withdrawn

    def who(p: int) -> doc.PlayerRef:
        return doc.PlayerRef(number=p, name=players[p - 1].name, rating=players[p - 1].rating)

    fields: dict[str, Any] = {
        "board": b.number,
        "white": who(b.white),
        "black": who(b.black),
        "results": tuple(b.results),
    }
    gone = [p for p in (b.white, b.black) if p in withdrawn and rnd.number > withdrawn[p]]
    if gone:
        fields["withdrawn"] = tuple(gone)
    if not rnd.matches:
        kind: type[doc.BoardData] = doc.WithdrawnBoardData if gone else doc.BoardData
        return kind(**fields)
    fields["games"] = tuple(
        doc.GameData(game=g, stage=stage, white=who(w), black=who(k), result=result or None)
        for g, stage, w, k, result in match_games(state, b)
    )
    fields["winner"] = board_match(state, b).winner()
    kind = doc.WithdrawnMatchBoardData if gone else doc.MatchBoardData
    return kind(**fields)
