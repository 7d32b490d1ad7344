"""Views of a team event for the renderers (:mod:`caddy.model.report`): the team
standings, the team crosstable, board prizes and match cards.

* Team crosstable: the teams in rank order; per round the opposing team's
  number, the team's colour (its board-1 player's, FIDE Handbook C.04.6
  1.6.1) and the game points it scored (``5w 2½``); a forfeited match shows
  ``f`` after the game points (``5 4f``), a bye its kind and game points
  (``PAB 2``, ``FPB 4``, ``HPB 2``, ``ZPB 0``; a round robin's rest round
  ``-``); then the match points and game points (C.07 Art. 11.1) and the
  tie-breaks. A round robin gets the square team × team grid instead: each
  cell the game points the row's team scored against the column's team
  (both meetings of a double round robin, in round order).
* Match cards: the sheet both captains and the arbiter sign, one per match
  of a round: the teams with the team having White on board 1 first, per
  board the players, their ratings and colours and, once known, the result
  from the first team's side; the match score; signature lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError
from caddy.model.report import Report, Table
from caddy.views.formats import points

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from caddy.event.replay import RoundState, State
    from caddy.model.schedule import Player
    from caddy.model.team_results import TeamEvent, TeamRoundResult
    from caddy.standings.board_prizes import BoardPrizes
    from caddy.standings.teams import TeamStandings

#: A team bye's label in a crosstable cell (as TRF-2026 record 802 writes them).
BYE_LABEL = {"pab": "PAB", "full": "FPB", "half": "HPB", "zero": "ZPB"}
#: An individual result code as a card writes it.
_CARD = {"1": "1", "W": "1", "=": "½", "D": "½", "0": "0", "L": "0", "+": "+", "-": "-"}
#: A match card's columns: the first team's player, the second team's, the result.
CARD_COLUMNS = ("board", "player", "rating", "colour", "player", "rating", "colour", "result")
#: A signature line.
SIGN = "_" * 24


def value_text(value: float | None) -> str:
    """A tie-break value or total as the standings print it (``-``: no value)."""
    return "-" if value is None else f"{value:g}"


def team_standings_table(result: TeamStandings) -> Table:
    """The team standings: rank, team number, name, MP, GP, the tie-breaks."""
    columns = ("rank", "no", "team", "MP", "GP", *result.tiebreaks)
    return Table(
        caption="Team standings",
        columns=columns,
        rows=tuple(
            (
                str(row.rank),
                str(row.pairing_number),
                row.name,
                value_text(row.match_points),
                value_text(row.game_points),
                *(value_text(row.tiebreaks[t]) for t in result.tiebreaks),
            )
            for row in result.rows
        ),
        right=frozenset({0, 1, *range(3, len(columns))}),
        row_header=2,
    )


def team_standings_report(
    result: TeamStandings, title: str, after_round: int | None = None
) -> Report:
    """The team standings as a report (``caddy standings`` of a team event,
    ``caddy publish``'s team standings pages); ``after_round``: ``--round R``."""
    from caddy.standings.table import after_round_prefix

    rules = (
        "pre-determined pairings (round robin)"
        if result.pre_determined
        else "Swiss rules for unplayed rounds"
    )
    return Report(
        kind="standings",
        title=title,
        subtitle=after_round_prefix(after_round)
        + f"teams ranked on {result.primary}; C.07 edition {result.edition}, {rules}",
        tables=(team_standings_table(result),),
        notes=("MP match points, GP game points (C.07 Art. 11.1)",),
    )


def round_cell(result: TeamRoundResult, pre_determined: bool) -> str:
    """A team's round in the crosstable (see the module docstring)."""
    if result.kind == "played":
        return f"{result.opponent}{result.colour} {points(result.gp)}"
    if result.kind in ("forfeit-win", "forfeit-loss"):
        return f"{result.opponent} {points(result.gp)}f"
    if result.kind == "zero" and pre_determined:
        return "-"
    return f"{BYE_LABEL.get(result.kind, result.kind)} {points(result.gp)}"


def _tail(result: TeamStandings, number: int) -> tuple[str, ...]:
    row = result.row_of(number)
    return (
        points(row.match_points),
        points(row.game_points),
        *(value_text(row.tiebreaks[t]) for t in result.tiebreaks),
    )


def team_crosstable(tevent: TeamEvent, result: TeamStandings) -> Table:
    """The team crosstable: a grid for a round robin, else a table by round."""
    if result.pre_determined:
        return team_grid(tevent, result)
    tail = ("MP", "GP", *result.tiebreaks)
    columns = ("rank", "no", "team", *(f"r{r}" for r in range(1, tevent.rounds + 1)), *tail)
    rows = tuple(
        (
            str(row.rank),
            str(row.pairing_number),
            row.name,
            *(round_cell(r, tevent.pre_determined) for r in tevent.results[row.pairing_number - 1]),
            *_tail(result, row.pairing_number),
        )
        for row in result.rows
    )
    return Table(
        caption="Team crosstable",
        columns=columns,
        rows=rows,
        right=frozenset({0, 1, *range(3, len(columns))}),
        row_header=2,
    )


def team_grid(tevent: TeamEvent, result: TeamStandings) -> Table:
    """The round robin's team × team grid of game points scored, in rank order."""
    order = [row.pairing_number for row in result.rows]
    tail = ("MP", "GP", *result.tiebreaks)
    columns = ("rank", "no", "team", *(str(t) for t in order), *tail)
    rows = []
    for row in result.rows:
        cells = {t: "" for t in order}
        cells[row.pairing_number] = "×"
        for r in tevent.results[row.pairing_number - 1]:
            if r.opponent is None or r.opponent not in cells:
                continue
            mark = "f" if r.kind in ("forfeit-win", "forfeit-loss") else ""
            text = f"{points(r.gp)}{mark}"
            cells[r.opponent] = f"{cells[r.opponent]} {text}".strip()
        rows.append(
            (
                str(row.rank),
                str(row.pairing_number),
                row.name,
                *(cells[t] for t in order),
                *_tail(result, row.pairing_number),
            )
        )
    return Table(
        caption="Team crosstable",
        columns=columns,
        rows=tuple(rows),
        right=frozenset({0, 1, *range(3, len(columns))}),
        row_header=2,
    )


CROSSTABLE_LEGEND = (
    "cells: opposing team, colour (board 1), game points; f: forfeited match; "
    "PAB pairing-allocated bye, FPB/HPB/ZPB full/half/zero-point bye"
)
GRID_LEGEND = "cells: game points the row's team scored against the column's team; f: forfeited"


def team_crosstable_report(tevent: TeamEvent, result: TeamStandings, title: str) -> Report:
    """The team crosstable as a report."""
    table = team_crosstable(tevent, result)
    return Report(
        kind="crosstable",
        title=title,
        subtitle="team crosstable",
        tables=(table,),
        notes=(GRID_LEGEND if result.pre_determined else CROSSTABLE_LEGEND,),
        title_in_text=False,
        wide=len(table.columns) > 12,
    )


def board_prizes_report(prizes: BoardPrizes, title: str) -> Report:
    """Board prizes: one table per board."""
    columns = ("rank", "no", "name", "team", "rating", "games", "points", "%", "performance")
    tables = tuple(
        Table(
            caption=f"Board {b}",
            columns=columns,
            rows=tuple(
                (
                    str(row.rank),
                    str(row.pairing_number),
                    row.name,
                    row.team_name,
                    "" if row.rating is None else str(row.rating),
                    str(row.games),
                    value_text(row.points),
                    f"{row.percentage:.1f}",
                    "" if row.performance is None else str(row.performance),
                )
                for row in rows
            ),
            right=frozenset({0, 1, 4, 5, 6, 7, 8}),
            row_header=2,
            caption_in_text=True,
        )
        for b, rows in enumerate(prizes.boards, 1)
    )
    return Report(
        kind="board-prizes",
        title=title,
        subtitle=(
            f"board prizes after round {prizes.rounds}"
            if prizes.rounds
            else "board prizes: no round complete"
        )
        + (f"; players with {prizes.min_games} or more games" if prizes.min_games else ""),
        tables=tables,
        notes=(
            "games over the board only (forfeits are not games); % = points ÷ games; "
            "performance: C.07 Art. 10.2 over the rated games on the board",
        ),
    )


def last_paired_round(state: State) -> int:
    """The last round with team matches (raises when none is paired)."""
    numbers = [r.number for r in state.rounds if r.teams is not None and r.teams.matches]
    if not numbers:
        raise CaddyError("no round of team matches is paired yet (caddy pair EVENT)")
    return numbers[-1]


def match_cards(
    state: State,
    number: int,
    title: str = "",
    *,
    signatures: bool = True,
    link: Callable[[int], str] | None = None,
) -> Report:
    """The match cards of round ``number`` (see the module docstring);
    ``title`` names the event when it has no name (its file). Published
    (``caddy publish``): ``signatures=False`` leaves out the lines to sign,
    a table of the round's match scores comes first and ``link`` (a player's
    number → a page) links each player's name."""
    from caddy.event.teams import team_setup

    setup = team_setup(state)
    if not 1 <= number <= len(state.rounds):
        paired = f"1..{len(state.rounds)}" if state.rounds else "none yet"
        raise CaddyError(f"round {number} is not paired (rounds paired: {paired})")
    teams = state.rounds[number - 1].teams
    if teams is None or not teams.matches:
        raise CaddyError(f"round {number} has no team matches")
    event_name = state.event.tournament.name or title or "event"
    cards = [_card(state, number, m) for m in range(1, len(teams.matches) + 1)]
    tables = [
        Table(
            caption=f"{event_name}: round {number}, match {m}: {card.teams}"
            if signatures
            else f"Match {m}: {card.teams}",
            columns=CARD_COLUMNS,
            rows=(*card.rows, *(_SIGNATURES if signatures else ())),
            right=frozenset({0, 2, 5}),
            caption_in_text=True,
            links=card.links(link, signatures) if link else (),
        )
        for m, card in enumerate(cards, 1)
    ]
    if not signatures:
        tables.insert(0, _scores_table(number, cards))
    byes = [f"team {bye.team} {setup.team(bye.team).name}: {bye.kind} bye" for bye in teams.byes]
    return Report(
        kind="cards" if signatures else "matches",
        title=event_name,
        subtitle=f"match cards, round {number}" if signatures else f"round {number}, matches",
        tables=tuple(tables),
        notes=(
            "result: the first team's points - the second team's (+/- a forfeit); "
            "the first team has White on board 1",
            *byes,
        ),
    )


#: The lines a match card is signed on.
_SIGNATURES = (
    ("", f"captain {SIGN}", "", "", f"captain {SIGN}", "", "", ""),
    ("", f"arbiter {SIGN}", "", "", "", "", "", ""),
)


@attrs.frozen
class _Card:
    """One match's card: the teams, a line per board, the score."""

    teams: str
    rows: tuple[tuple[str, ...], ...]
    #: Per board line (from the second row), the two players' numbers (0: none).
    players: tuple[tuple[int, int], ...]
    #: The match score, once every board has its result ("" until then).
    score: str

    def links(self, link: Callable[[int], str], signatures: bool) -> tuple[tuple[str, ...], ...]:
        """Each player's name linked to their page."""
        none = ("",) * len(CARD_COLUMNS)
        boards = tuple(
            ("", link(a) if a else "", "", "", link(z) if z else "", "", "", "")
            for a, z in self.players
        )
        return (none, *boards, none, *((none,) * len(_SIGNATURES) if signatures else ()))


def _card(state: State, number: int, m: int) -> _Card:
    """The card of match ``m`` of round ``number``: per board the players,
    ratings, colours and the result from the first team's side."""
    from caddy.event.teams import team_setup
    from caddy.model.results import Scoring

    setup = team_setup(state)
    rnd = state.rounds[number - 1]
    teams = rnd.teams
    assert teams is not None
    match = teams.matches[m - 1]
    tournament = state.event.tournament
    players = tournament.players
    scoring = tournament.scoring or Scoring()
    colours = setup.board_colours()
    first, second = setup.team(match.white), setup.team(match.black)
    rows: list[tuple[str, ...]] = [
        ("team", f"{match.white} {first.name}", "", "", f"{match.black} {second.name}", "", "", "")
    ]
    totals = [0.0, 0.0]
    known = True
    for b, (a, z) in enumerate(zip(match.white_lineup, match.black_lineup, strict=True), 1):
        codes, white_first = _board_codes(rnd, m, b, a, z, colours[b - 1] == "W")
        if codes is None:
            known = False
            text = ""
        else:
            totals[0] += scoring.points(codes[0])
            totals[1] += scoring.points(codes[1])
            forfeit = codes[0] in "+-" and codes[1] in "+-"
            text = f"{_CARD[codes[0]]}{'/' if forfeit else '-'}{_CARD[codes[1]]}"
        own, other = ("W", "B") if white_first else ("B", "W")
        rows.append(
            (
                str(b),
                _name(players, a),
                _rating(players, a),
                own,
                _name(players, z),
                _rating(players, z),
                other,
                text,
            )
        )
    score = f"{points(totals[0])}-{points(totals[1])}" if known else ""
    rows.append(("", "total", "", "", "total", "", "", score))
    return _Card(
        teams=f"{match.white} {first.name} – {match.black} {second.name}",
        rows=tuple(rows),
        players=tuple(zip(match.white_lineup, match.black_lineup, strict=True)),
        score=score,
    )


def _board_codes(
    rnd: RoundState, m: int, b: int, a: int, z: int, white_first: bool
) -> tuple[tuple[str, str] | None, bool]:
    """Board ``b`` of match ``m``: the result codes from the first team's side
    (``None``: not known yet) and whether the first team's player has White."""
    from caddy.model.results import RESULT_WORDS

    teams = rnd.teams
    assert teams is not None
    match = teams.matches[m - 1]
    if match.forfeit:
        return (match.forfeit[0], match.forfeit[1]), white_first
    if not a or not z:
        return ("-" if not a else "+", "-" if not z else "+"), white_first
    index = teams.board_index(m, b) - 1
    white_first = rnd.white[index] == a  # the board as paired
    words = rnd.results[index]
    if not words:
        return None, white_first
    white, black = RESULT_WORDS[words[-1]]
    return ((white, black) if white_first else (black, white)), white_first


def _scores_table(number: int, cards: Sequence[_Card]) -> Table:
    """The round's matches and their scores, one line each."""
    return Table(
        caption=f"Matches of round {number}",
        columns=("match", "first team", "second team", "score"),
        rows=tuple(
            (str(m), card.rows[0][1], card.rows[0][4], card.score)
            for m, card in enumerate(cards, 1)
        ),
        right=frozenset({0, 3}),
        caption_in_text=True,
    )


def _name(players: Sequence[Player], number: int) -> str:
    return players[number - 1].name if number else "(empty board)"


def _rating(players: Sequence[Player], number: int) -> str:
    rating = players[number - 1].rating if number else None
    return "" if rating is None else str(rating)
