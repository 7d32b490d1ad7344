"""Views of a team event for the renderers (:mod:`caddy.model.report`): the team
standings, the team crosstable and board prizes (match cards:
:mod:`caddy.views.match_cards`).

* Team crosstable: the teams in rank order; per round the opposing team's
  number, the team's colour (its board-1 player's, FIDE Handbook C.04.6
  1.6.1) and the game points it scored (``5w 2½``); a forfeited match shows
  ``f`` after the game points (``5 4f``), a bye its kind and game points
  (``PAB 2``, ``FPB 4``, ``HPB 2``, ``ZPB 0``; a round robin's rest round
  ``-``); then the match points and game points (C.07 Art. 11.1) and the
  tie-breaks. A round robin gets the square team × team grid instead: each
  cell the game points the row's team scored against the column's team
  (both meetings of a double round robin, in round order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from caddy.model.numbers import points, value_text
from caddy.model.report import Report, Table
from caddy.standings.table import after_round_prefix

if TYPE_CHECKING:
    from caddy.model.team_results import TeamResultsTable, TeamRoundResult
    from caddy.standings.board_prizes import BoardPrizes
    from caddy.standings.teams import TeamStandings

#: A team bye's label in a crosstable cell (as TRF-2026 record 802 writes them).
BYE_LABEL = {"pab": "PAB", "full": "FPB", "half": "HPB", "zero": "ZPB"}


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


def team_crosstable(tevent: TeamResultsTable, result: TeamStandings) -> Table:
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


def team_grid(tevent: TeamResultsTable, result: TeamStandings) -> Table:
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


def team_crosstable_report(tevent: TeamResultsTable, result: TeamStandings, title: str) -> Report:
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
