"""Exporting an event file as TRF16 or TRF26 (see :mod:`caddy_plugins.codecs.trf` for what is written)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from caddy.contracts.codecs import Exported
from caddy.errors import CaddyError
from caddy.messages import one_line
from caddy_plugins.codecs.trf.fields import cut_fields
from caddy_plugins.codecs.trf.header import header_lines, trailer_lines

if TYPE_CHECKING:
    from caddy.event import EventFile, State
    from caddy.model.cells import Cell

__all__ = ["ResultTexts", "export_event"]

_SEX, _TITLE, _NAME, _FEDERATION, _FIDE_ID, _BIRTH = map(
    attrgetter, ("sex", "title", "name", "federation", "fide_id", "birth")
)


def export_event(event: EventFile, *, trf26: bool = False, dated: bool = False) -> Exported:
    """The event as TRF text (bytes, UTF-8, LF line ends); with ``dated``, a
    TRF26 file's record 192 names a Swiss by its dated ETT26 code
    (``FIDE_DUTCH_2026``) rather than the one the FIDE-endorsed engines read
    (``FIDE_DUTCH``: :func:`caddy_plugins.codecs.trf.header.header_lines`)."""
    from caddy.event import replay, results_event
    from caddy.event.check import state_rows
    from caddy_plugins.codecs.trf.line_batch import player_lines
    from caddy_plugins.codecs.trf.lines import CellTexts

    state = replay(event)
    if state.rounds and all(r.matches for r in state.rounds):
        raise CaddyError(
            f"format '{state.fmt.name}' has no TRF form: its rounds are knockout matches"
        )
    tournament = event.tournament
    warnings: list[str] = []
    results = None
    try:
        results = results_event(state)
    except CaddyError as exc:
        if state.rounds:
            warnings.append(f"ranks follow the points only: {exc}")
    rows: Sequence[Sequence[Any]]
    texts: dict[Any, str]
    if results is not None and _complete(state, results):
        # every round has every result (a withdrawn player's games as the forfeits
        # the standings score): the standings' rows are the file's rows, and their
        # scores the points (annulled games count for nobody: docs/trf.md)
        rows = results.results
        ranks, scores = _ranks(state, results, [])
        points = scores
        texts = ResultTexts()
    else:  # a round still being played, or a withdrawal: the rounds as they stand
        rows = state_rows(state)
        # results annulled by the 50% rule stay in the rows (they are rated) and
        # count for nobody in the points, as in the standings (docs/trf.md)
        points = _points(state, rows, results.annulled if results is not None else frozenset())
        ranks, _ = _ranks(state, results, points)
        texts = CellTexts()
    players = tournament.players
    too_big = [
        f"player {n} ({one_line(p.name)[:33]}): rating {p.rating} does not fit TRF columns "
        "49-52 (at most 9999)"
        for n, p in enumerate(players, 1)
        if p.rating is not None and not 0 <= p.rating <= 9999
    ]
    if len(players) > 9999:
        too_big.append(f"{len(players)} players: TRF columns 5-8 hold at most 9999")
    if too_big:
        raise CaddyError(too_big[0], problems=too_big)
    # text never starts a line of its own: control characters (newlines) as spaces
    lines = [one_line(line) for line in header_lines(state, trf26, dated)]
    if tournament.teams is None:
        from caddy_plugins.codecs.trf.scoring_records import scoring_warnings

        warnings.extend(scoring_warnings(tournament.scoring, trf26))
    warnings.extend(cut_fields(players))
    long_names = [n for n, p in enumerate(players, 1) if len(p.name) > 33]
    # TRF 001 carries the FIDE rating (the tournament rating may be national)
    rating = attrgetter("rating" if tournament.ratings is None else "fide_rating")
    fields = [
        list(map(get, players))
        for get in (_SEX, _TITLE, _NAME, rating, _FEDERATION, _FIDE_ID, _BIRTH)
    ]
    lines.extend(player_lines(fields, points, ranks, rows, texts))
    if long_names:
        warnings.append(
            f"names longer than 33 characters are cut (players {', '.join(map(str, long_names))})"
        )
    big = [n for n, p in enumerate(points, 1) if p >= 100 and p != int(p)]
    if big:
        warnings.append(
            "points of 100 or more with a half do not fit columns 81-84; written without "
            f"the half (players {', '.join(map(str, big[:10]))}{', ...' if len(big) > 10 else ''})"
        )
    lines.extend(one_line(line) for line in trailer_lines(state, trf26))
    if tournament.teams is not None:  # TRF-2026 team records from the event
        from caddy_plugins.codecs.trf.team_export import team_lines

        lines = team_lines(state, lines, trf26)
    return Exported(data=("\n".join(lines) + "\n").encode("utf-8"), warnings=tuple(warnings))


def _complete(state: State, results: Any) -> bool:
    """Whether every round is played out, so that the standings' event has them
    all (after a withdrawal: every round the standings count as complete)."""
    if not all(not r.matches and (r.white or r.byes or r.rest) for r in state.rounds):
        return False
    if state.withdrawals:
        return bool(results.rounds == len(state.rounds))
    return all(all(r.results) for r in state.rounds)


class ResultTexts(dict[Any, str]):
    """A round's ten columns for each :class:`~caddy.model.results.RoundResult`, made on first use
    (a rest round, ``R``, is written ``Z``; a game without colours ``-``)."""

    def __missing__(self, rr: Any) -> str:
        opponent, colour, code, _ = rr
        if opponent is None:
            text = f"0000 - {'Z' if code == 'R' else code}  "
        else:
            text = f"{opponent:4d} {colour or '-'} {code}  "
        self[rr] = text
        return text


def _points(
    state: State, rows: Sequence[Sequence[Cell]], annulled: frozenset[int] = frozenset()
) -> list[float]:
    """Points of the results written (rest rounds at the format's rest value);
    the games of a player in ``annulled`` (FIDE's 50% rule) count for nobody,
    and such a player scores 0, as in :func:`caddy.standings.ranking.standings`."""
    from caddy.model.results import Scoring
    from caddy_plugins.codecs.trf.scoring import point_tables

    tournament = state.event.tournament
    scoring = tournament.scoring or Scoring()
    rest = getattr(tournament.format.options, "bye_points", scoring.rest)
    game, bye = point_tables(scoring)
    points = [
        sum(
            [
                (0.0 if opponent in annulled else game[code]) if opponent is not None else bye[code]
                for opponent, _, code in row
            ]
        )
        for row in rows
    ]
    for rnd in state.rounds:  # rest rounds of an odd round robin score the rest value
        for player in rnd.rest:
            if player not in rnd.byes and rnd.number <= len(rows[player - 1]):
                points[player - 1] += rest - bye["Z"]
    for player in annulled:
        points[player - 1] = 0.0
    return points


def _ranks(state: State, results: Any, points: list[float]) -> tuple[list[int], list[float]]:
    """Ranks and points from caddy's standings (ranks by ``points`` alone when
    there are no standings yet). The ranks are the standings' own, by the
    format's score where it has one (a Keizer total); the points stay the
    game points."""
    from caddy.event.progress import format_scoring
    from caddy.standings.ranking import build_table, standings

    tournament = state.event.tournament
    n = state.players
    ranks = list(range(1, n + 1))
    if results is None:
        order = sorted(range(1, n + 1), key=lambda p: (-points[p - 1], p))
        for place, player in enumerate(order, 1):
            ranks[player - 1] = place
        return ranks, points
    scores = [0.0] * n
    # a team event's list ranks the teams (C.07 Arts. 12-13): its players by the default list
    tiebreaks = None if tournament.teams is not None else tournament.tiebreaks
    own = format_scoring(state).scores(results)
    table = standings(results, tiebreaks, tournament.edition, scores=own)
    for line in table.rows:
        ranks[line.pairing_number - 1] = line.rank if line.rank is not None else n
        scores[line.pairing_number - 1] = line.score
    if own is not None:  # the rows score the format's way: the points are the games'
        scores = list(build_table(results, edition=tournament.edition).score)
    return ranks, scores
