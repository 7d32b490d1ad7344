"""Prizes as reports (``caddy prizes``): the ranked players a prize schedule
is given to (from the one standings view, sections included), the prize
list, a player's "why not", and the ``caddy.prizes`` document."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from caddy.model.report import Report, Table
from caddy.prizes.awards import Award, PrizeList, Standing
from caddy.prizes.categories import why_not

if TYPE_CHECKING:
    import datetime

    from caddy.event.replay import State
    from caddy.model.prize_documents import PrizesDocument
    from caddy.model.prizes import PrizeSchedule
    from caddy.standings.board_prizes import BoardPrizes
    from caddy.standings.teams import TeamStandings
    from caddy.views.standings import StandingsView


def prize_standings(view: StandingsView) -> list[Standing]:
    """The players ranked (best first; a sectioned event's section by section),
    with what prize categories ask of them (an event file's club is the
    players file's ``team``)."""
    results = view.results
    state = view.source.state
    players = state.event.tournament.players if state is not None else None
    sectioned = bool(view.parts)
    ranked = []
    for name, table in view.named:
        for row in table.rows:
            if row.annulled:
                continue
            player = results.player(row.pairing_number)
            ranked.append(
                Standing(
                    player=row.pairing_number,
                    name=row.name,
                    score=row.score,
                    rating=player.rating,
                    birth=player.birth,
                    sex=player.sex,
                    federation=player.federation,
                    club=players[row.pairing_number - 1].team if players is not None else None,
                    section=name if sectioned else None,
                )
            )
    return ranked


def team_prize_standings(result: TeamStandings) -> list[Standing]:
    """A team event's teams ranked (best first) on their primary score (match
    or game points), for team prizes: a team's number is its ``player``."""
    return [
        Standing(
            player=row.pairing_number,
            name=row.name,
            score=row.match_points if result.primary == "MP" else row.game_points,
        )
        for row in result.rows
    ]


def board_prize_standings(boards: BoardPrizes, state: State) -> list[Standing]:
    """A team event's players ranked board by board (their percentage on the
    board, then points and performance: ``caddy standings --board-prizes``), for
    board prizes; players the list ranks equal are tied (their ``score`` is
    minus their rank on the board)."""
    players = state.event.tournament.players
    return [
        Standing(
            player=row.pairing_number,
            name=row.name,
            # tied are those the board's list ranks equal (percentage, points, performance)
            score=float(-row.rank),
            rating=row.rating,
            birth=players[row.pairing_number - 1].birth,
            sex=players[row.pairing_number - 1].sex,
            federation=players[row.pairing_number - 1].federation,
            club=row.team_name,
            board=board,
        )
        for board, rows in enumerate(boards.boards, 1)
        for row in rows
    ]


def money(amount: Decimal | None, currency: str, unit: Decimal | None = None) -> str:
    """``162.50 USD``, ``95`` (no currency), ``-`` for none; to ``unit``'s places."""
    if amount is None:
        return "-"
    exponent = unit.as_tuple().exponent if unit is not None else None
    if isinstance(exponent, int):  # a finite unit: its decimal places (none for 1 or 5)
        amount = amount.quantize(Decimal(1).scaleb(min(exponent, 0)))
    return f"{amount:f} {currency}".strip()


def _runs(prizes: PrizeList) -> list[list[Award]]:
    """The awards, one run per player and rule (in the order of the list): a
    player's part of a pool (pieces of several prizes) is one line of the table."""
    runs: dict[tuple[int, str], list[Award]] = {}
    for award in prizes.awards:
        runs.setdefault((award.player, award.rule), []).append(award)
    return list(runs.values())


def _amount(run: list[Award], currency: str, unit: Decimal) -> str:
    """A run's cash in all, or its item."""
    items = [a.item for a in run if a.item is not None]
    if items:
        return ", ".join(items)
    return money(sum((a.amount or Decimal(0) for a in run), Decimal(0)), currency, unit)


def prizes_report(title: str, prizes: PrizeList) -> Report:
    """The prize list: each prize, its winner(s) and amount, and the rule."""
    rows = tuple(
        (
            " + ".join(dict.fromkeys(a.prize for a in run)),
            f"{run[0].name} ({run[0].player})",
            _amount(run, prizes.currency, prizes.unit),
            run[0].rule,
        )
        for run in _runs(prizes)
    )
    balance = (
        f"Fund {money(prizes.fund, prizes.currency, prizes.unit)}, "
        f"paid {money(prizes.paid, prizes.currency, prizes.unit)}, "
        + (
            "nothing left"
            if not prizes.difference
            else f"{money(abs(prizes.difference), prizes.currency, prizes.unit)} "
            + ("left" if prizes.difference > 0 else "paid beyond the fund")
        )
    )
    return Report(
        kind="prizes",
        title=title,
        subtitle="Prizes",
        intro=(f"Sharing: {prizes.sharing}", balance),
        tables=(
            Table(
                caption="Prizes",
                columns=("Prize", "Winner", "Amount", "Rule"),
                rows=rows,
                right=frozenset({2}),
                max_width=None,  # the rules are sentences
            ),
        ),
        notes=prizes.notes,
    )


def explain_lines(
    schedule: PrizeSchedule,
    prizes: PrizeList,
    standings: list[Standing],
    player: int,
    date: datetime.date | None,
) -> list[str]:
    """``player``'s prizes, and for every other prize why not: a category they
    are not in, or who took it ranked above them."""
    me = next(s for s in standings if s.player == player)
    place = [s.player for s in standings].index(player) + 1
    lines = [f"{me.name} ({player}): {place}. with {me.score:g} points"]
    won = {a.index: a for a in prizes.awards if a.player == player}
    holders: dict[int, list[str]] = {}
    for award in prizes.awards:
        holders.setdefault(award.index, []).append(f"{award.name} ({award.player})")
    for index, prize in enumerate(schedule.prizes):
        if index in won:
            award = won[index]
            what = award.item or money(award.amount, prizes.currency, prizes.unit)
            lines.append(f"  {prize.name}: won, {what} ({award.rule})")
            continue
        reason = why_not(prize.category, me, date)
        if reason is None and index in holders:
            reason = "taken by " + ", ".join(holders[index])
        elif reason is None:
            reason = "nobody won it"
        lines.append(f"  {prize.name}: {reason}")
    return lines


def prizes_document(title: str, prizes: PrizeList) -> PrizesDocument:
    """The ``caddy.prizes`` document (docs/json.md)."""
    # lazy: the document classes load for --json only
    from caddy.model.prize_documents import AwardData, PrizesDocument

    return PrizesDocument(
        event=title,
        currency=prizes.currency,
        sharing=prizes.sharing,
        awards=tuple(
            AwardData(
                prize=a.prize,
                pairing_number=a.player,
                name=a.name,
                amount=None if a.amount is None else float(a.amount),
                item=a.item,
                rule=a.rule,
            )
            for a in prizes.awards
        ),
        fund=float(prizes.fund),
        paid=float(prizes.paid),
        difference=float(prizes.difference),
        unawarded=prizes.unawarded,
        notes=prizes.notes,
    )
