"""The player pages of a published event (``caddy publish``): each player's
games, colours, opponents, results and running points, with their rank and
tournament performance rating (TPR, FIDE Handbook C.07) where the standings
give one. Part of :mod:`caddy.publish.pages`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caddy.errors import CaddyError
from caddy.event.results import results_event
from caddy.event.rounds import withdrawal_result
from caddy.model.numbers import points, value_text
from caddy.model.report import Report, Table
from caddy.model.results import RESULT_WORDS
from caddy.publish.pages import Context, player_page, ranked
from caddy.standings.crosstable import SYMBOL
from caddy.standings.ranking import standings
from caddy.views.pairing_sheet import match_games
from caddy.views.source import knockout_only

if TYPE_CHECKING:
    from caddy.event.replay import State


def player_report(ctx: Context, number: int, extra: dict[int, tuple[str, ...]]) -> Report:
    """Player ``number``'s games: round, colour, opponent, result, running points;
    ``extra``: lines said under the name (rank, performance rating)."""
    state = ctx.state
    rows: list[tuple[str, ...]] = []
    links: list[tuple[str, ...]] = []
    scored = _round_points(state, number)
    total = 0.0
    for rnd in state.rounds:
        got = scored.get(rnd.number)
        if got is not None:
            total += got
        running = points(total) if got is not None else ""
        for i, b in enumerate(rnd.boards, 1):
            if number not in (b.white, b.black):
                continue
            games = (
                match_games(state, b)
                if rnd.matches
                else [(1, "standard", b.white, b.black, b.results[-1] if b.results else "")]
            )
            for g, stage, w, k, result in games:
                white = w == number
                other = k if white else w
                code = RESULT_WORDS[result][0 if white else 1] if result else ""
                label = (
                    f"{rnd.number}"
                    if not rnd.matches
                    else f"{rnd.number}.{g}" + ("" if stage == "standard" else f" {stage}")
                )
                rows.append(
                    (
                        label,
                        str(i),
                        "white" if white else "black",
                        f"{ctx.name(other)} ({other})",
                        ctx.rating(other),
                        SYMBOL.get(code, code),
                        "" if rnd.matches else running,
                    )
                )
                links.append(("", "", "", player_page(other), "", "", ""))
        kind = rnd.byes.get(number) or ("rest" if number in rnd.rest else None)
        if kind is not None:
            rows.append((str(rnd.number), "", "", f"bye ({kind})", "", "", running))
            links.append(("",) * 7)
    rating = ctx.rating(number)
    return Report(
        kind="player",
        title=ctx.name(number),
        subtitle=f"{ctx.title}, pairing number {number}" + (f", rating {rating}" if rating else ""),
        intro=extra.get(number, ()),
        tables=(
            Table(
                caption=f"Games of {ctx.name(number)}",
                columns=("round", "board", "colour", "opponent", "rating", "result", "points"),
                rows=tuple(rows),
                right=frozenset({0, 1, 4, 6}),
                links=tuple(links),
            ),
        ),
        nav=ctx.nav,
    )


def _round_points(state: State, number: int) -> dict[int, float]:
    """The player's points by round, for rounds whose result is in (FIDE
    scoring, byes and forfeits as the standings count them)."""
    ranked_rounds = [r for r in state.rounds if not r.matches and (r.white or r.byes or r.rest)]
    if not ranked_rounds:
        return {}
    try:
        event = results_event(state, completed_only=False)
    except CaddyError:
        return {}
    withdrawn = state.withdrawn
    points = {}
    for rnd, result in zip(ranked_rounds, event.results[number - 1], strict=False):
        board = next((b for b in rnd.boards if number in (b.white, b.black)), None)
        if (
            board is None
            or board.results
            or withdrawal_result(withdrawn, rnd.number, board.white, board.black)
        ):
            points[rnd.number] = result.points
    return points


def player_lines(ctx: Context) -> dict[int, tuple[str, ...]]:
    """Each player's rank and points after the last complete round, and their
    tournament performance rating (TPR, C.07) where the standings give one."""
    if not ctx.done or knockout_only(ctx.state):
        return {}
    view = ranked(ctx, ctx.done)
    event = view.results
    lines: dict[int, list[str]] = {}
    for name, part in view.named:
        where = f" in {name}" if name != "Standings" else ""
        for row in part.rows:
            rank = "" if row.rank is None else f", rank {row.rank}{where}"
            lines[row.pairing_number] = [
                f"{value_text(row.score)} points after round {ctx.done}{rank}"
            ]
    try:
        tpr = standings(event, ["TPR"], ctx.tournament.edition, host=ctx.host)
    except CaddyError:
        tpr = None
    for row in tpr.rows if tpr is not None else ():
        value = row.tiebreaks.get("TPR")
        if value is not None and row.pairing_number in lines:
            lines[row.pairing_number].append(f"performance rating {value_text(value)} (TPR, C.07)")
    return {k: tuple(v) for k, v in lines.items()}
