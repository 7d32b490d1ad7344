"""Who wins which prize (issue 27): :func:`award_prizes` gives a prize
schedule's prizes to an event's ranked players.

The players come ranked (best first: score, then tie-breaks), each with
what categories ask of them (:class:`Standing`). Players equal on points
form a group; from the top, each group's share of the prizes still open is
decided by the schedule's sharing method (a plugin:
:class:`caddy.contracts.prizes.SharingMethod`), and the prizes it takes are
gone for the groups below, so a freed prize passes to the next player who
qualifies. Cash is shared exactly, then rounded to the schedule's unit; the
difference from the fund (prizes nobody qualified for, rounding, an unrated
player's cap) is stated, never hidden.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection, Sequence
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction

import attrs

from caddy.contracts.prizes import OpenPrize, Share, SharingMethod, TiedGroup
from caddy.errors import PluginError
from caddy.model.prizes import Prize, PrizeSchedule
from caddy.prizes.categories import category_key, qualifies


@attrs.frozen(kw_only=True)
class Standing:
    """A ranked player, with what prize categories ask of them."""

    player: int
    name: str
    score: float
    rating: int | None = None
    #: Birth date as written (``YYYY/MM/DD``; ``1990/00/00`` or ``1990``: the year only).
    birth: str | None = None
    sex: str | None = None
    federation: str | None = None
    club: str | None = None
    #: The section ranked in (a quad, a group); ``None``: the whole event.
    section: str | None = None
    #: A team event's board this player is ranked on (board prizes); ``None``: not a board's.
    board: int | None = None


@attrs.frozen(kw_only=True)
class Award:
    """One player's share of one prize."""

    prize: str
    #: The prize's place in the schedule (0-based).
    index: int
    player: int
    name: str
    #: The cash paid, rounded (``None``: an item).
    amount: Decimal | None
    #: The cash before rounding (``None``: an item).
    exact: Fraction | None
    item: str | None
    #: The rule that decided it, in words.
    rule: str


@attrs.frozen(kw_only=True)
class PrizeList:
    """The prizes given out, and what of the fund was not paid (or paid beyond it)."""

    currency: str
    sharing: str
    awards: tuple[Award, ...]
    #: The cash of every prize in the schedule.
    fund: Decimal
    #: The cash paid (after rounding and caps).
    paid: Decimal
    #: ``fund - paid``: positive is left over, negative is paid beyond the fund.
    difference: Decimal
    #: Prizes not won: nobody left (without a better prize) qualifies.
    unawarded: tuple[str, ...]
    #: Where the difference comes from, one line each.
    notes: tuple[str, ...]
    #: The schedule's smallest amount (amounts are shown to it).
    unit: Decimal = Decimal("0.01")


def preference(schedule: PrizeSchedule) -> list[int]:
    """The schedule's prizes, most wanted first: by worth; when two are worth
    the same, a place prize before a category prize (``prefer = "place"``) or
    the one listed first (``"schedule"``); a category's places in order."""

    first: dict[str, int] = {}
    for index, prize in enumerate(schedule.prizes):
        first.setdefault(category_key(prize.category), index)

    def key(index: int) -> tuple[object, ...]:
        prize = schedule.prizes[index]
        category_last = schedule.prefer == "place" and prize.category is not None
        listed = first[category_key(prize.category)]  # a category as listed first
        return (-prize.worth, category_last, listed, prize.place, index)

    return sorted(range(len(schedule.prizes)), key=key)


def award_prizes(
    schedule: PrizeSchedule,
    standings: Sequence[Standing],
    method: SharingMethod,
    *,
    date: datetime.date | None = None,
    only: Collection[int] | None = None,
) -> PrizeList:
    """The prizes of ``schedule`` given to ``standings`` (best first) by the
    sharing ``method``; ``date``: the event's, for age categories; ``only``:
    the prizes (schedule indexes) in play, when ``standings`` rank for some
    of them (a team event's board prizes: :func:`combine` joins the lists)."""
    order = preference(schedule)
    open_prizes = [i for i in order if only is None or i in only]
    in_play = set(open_prizes)
    wanted = {index: at for at, index in enumerate(order)}
    shares: list[Share] = []
    winners: set[int] = set()  # one prize a player: a player ranked twice (two boards) wins once
    for group in _groups(standings):
        if schedule.one_per_player:
            group = [s for s in group if s.player not in winners]
            if not group:
                continue
        offered = tuple(
            _open(schedule, index, group, date)
            for index in open_prizes
            if any(qualifies(schedule.prizes[index].category, s, date) for s in group)
        )
        if not offered:
            continue
        tied = TiedGroup(
            score=group[0].score,
            members=tuple(s.player for s in group),
            prizes=offered,
            one_per_player=schedule.one_per_player,
            names={s.player: s.name for s in group},
        )
        given = method.share(tied)
        _check(method, tied, given)
        # the list reads in the order of the standings, each player's prizes most wanted first
        seat = {member: at for at, member in enumerate(tied.members)}
        shares.extend(sorted(given, key=lambda s: (seat[s.player], wanted[s.prize])))
        taken = {share.prize for share in given}
        winners.update(share.player for share in given)
        open_prizes = [i for i in open_prizes if i not in taken]
    return _paid(schedule, shares, standings, open_prizes, in_play)


def _groups(standings: Sequence[Standing]) -> list[list[Standing]]:
    """Runs of players in the same section on the same score."""
    groups: list[list[Standing]] = []
    for standing in standings:
        last = groups[-1][-1] if groups else None
        same = (standing.section, standing.board, standing.score)
        if last is not None and (last.section, last.board, last.score) == same:
            groups[-1].append(standing)
        else:
            groups.append([standing])
    return groups


def _open(
    schedule: PrizeSchedule, index: int, group: list[Standing], date: datetime.date | None
) -> OpenPrize:
    prize = schedule.prizes[index]
    return OpenPrize(
        index=index,
        name=prize.name,
        cash=None if prize.amount is None else Fraction(prize.amount),
        worth=Fraction(prize.worth),
        category=category_key(prize.category),
        eligible=frozenset(s.player for s in group if qualifies(prize.category, s, date)),
    )


def _check(method: SharingMethod, group: TiedGroup, shares: Sequence[Share]) -> None:
    """A method's shares keep the contract: open prizes only, to members who
    qualify, an item whole to one player, a prize's cash shared in full."""
    prizes = {p.index: p for p in group.prizes}
    problems = []
    given: dict[int, Fraction] = {}
    for share in shares:
        prize = prizes.get(share.prize)
        if prize is None:
            problems.append(f"a share of prize {share.prize}, which is not open to the group")
            continue
        if share.player not in prize.eligible:
            problems.append(f"'{prize.name}' to player {share.player}, who does not qualify")
        if prize.cash is None:
            if share.amount is not None or share.prize in given:
                problems.append(f"'{prize.name}' is an item: it goes whole to one player")
            given[share.prize] = Fraction(0)
        elif share.amount is None or share.amount < 0:
            problems.append(f"'{prize.name}': a share of cash needs an amount of at least 0")
        else:
            given[share.prize] = given.get(share.prize, Fraction(0)) + share.amount
    for index, total in given.items():
        cash = prizes[index].cash
        if cash is not None and total != cash:
            problems.append(f"'{prizes[index].name}': shares add up to {total}, not {cash}")
    if problems:
        raise PluginError(f"prize-sharing method '{method.name}': {problems[0]}")


def _round(amount: Fraction, unit: Decimal, rounding: str) -> Decimal:
    units = Decimal(amount.numerator) / Decimal(amount.denominator) / unit
    mode = ROUND_DOWN if rounding == "down" else ROUND_HALF_UP
    return units.quantize(Decimal(1), rounding=mode) * unit


def _rounded(schedule: PrizeSchedule, shares: Sequence[Share]) -> list[Decimal | None]:
    """Each share's cash rounded so that each player's cash is rounded as a
    whole (a player's part of a pool may come from several prizes): every
    piece down, then the units the player's rounded total adds go to the
    pieces with the largest remainders (the first listed on a tie)."""
    unit = schedule.unit
    out = [None if s.amount is None else _round(s.amount, unit, "down") for s in shares]
    pieces: dict[int, list[int]] = {}
    for i, share in enumerate(shares):
        if share.amount is not None:
            pieces.setdefault(share.player, []).append(i)
    for mine in pieces.values():
        exact = {i: shares[i].amount or Fraction(0) for i in mine}
        down = {i: out[i] or Decimal(0) for i in mine}
        whole = _round(sum(exact.values(), Fraction(0)), unit, schedule.rounding)
        extra = int((whole - sum(down.values(), Decimal(0))) / unit)
        for i in sorted(mine, key=lambda i: (-(exact[i] - Fraction(down[i])), i))[:extra]:
            out[i] = down[i] + unit
    return out


def _capped(
    schedule: PrizeSchedule,
    share: Share,
    amount: Decimal,
    ratings: dict[int, int | None],
    capped: dict[int, Decimal],
    names: dict[int, str],
    notes: list[str],
) -> Decimal:
    """``amount`` within an unrated player's cap (the schedule's ``unrated_cap``)."""
    cap = schedule.unrated_cap
    if cap is None or ratings.get(share.player) is not None:
        return amount
    room = max(cap - capped.get(share.player, Decimal(0)), Decimal(0))
    if amount > room:
        name = schedule.prizes[share.prize].name
        notes.append(
            f"{names[share.player]} ({share.player}): unrated, capped at {cap}: "
            f"{amount - room} of '{name}' not paid"
        )
        amount = room
    capped[share.player] = capped.get(share.player, Decimal(0)) + amount
    return amount


def _paid(
    schedule: PrizeSchedule,
    shares: Sequence[Share],
    standings: Sequence[Standing],
    unawarded: Sequence[int],
    in_play: Collection[int],
) -> PrizeList:
    """The awards with their cash rounded and capped, and the fund's balance."""
    names = {s.player: s.name for s in standings}
    ratings = {s.player: s.rating for s in standings}
    notes: list[str] = []
    awards: list[Award] = []
    capped: dict[int, Decimal] = {}
    rounded_total = Decimal(0)
    for share, amount in zip(shares, _rounded(schedule, shares), strict=True):
        prize: Prize = schedule.prizes[share.prize]
        if amount is not None:
            rounded_total += amount
            amount = _capped(schedule, share, amount, ratings, capped, names, notes)
        awards.append(
            Award(
                prize=prize.name,
                index=share.prize,
                player=share.player,
                name=names[share.player],
                amount=amount,
                exact=share.amount,
                item=prize.item,
                rule=share.rule,
            )
        )
    fund = sum(
        (p.amount for i, p in enumerate(schedule.prizes) if i in in_play and p.amount is not None),
        Decimal(0),
    )
    paid = sum((a.amount for a in awards if a.amount is not None), Decimal(0))
    left = [schedule.prizes[i] for i in sorted(unawarded)]
    for prize in left:
        cash = f" ({prize.amount} not paid)" if prize.amount is not None else ""
        notes.append(f"'{prize.name}': not won, nobody left qualifies{cash}")
    awarded = sum(
        (schedule.prizes[i].amount or Decimal(0) for i in {s.prize for s in shares}), Decimal(0)
    )
    if rounded_total != awarded:
        way = "down" if schedule.rounding == "down" else "to the nearest"
        gap = rounded_total - awarded
        said = f"{gap} more than the fund" if gap > 0 else f"{-gap} left"
        notes.append(f"shares rounded {way} {schedule.unit}: {said}")
    return PrizeList(
        currency=schedule.currency,
        sharing=schedule.sharing,
        awards=tuple(awards),
        fund=fund,
        paid=paid,
        difference=fund - paid,
        unawarded=tuple(p.name for p in left),
        notes=tuple(notes),
        unit=schedule.unit,
    )


def combine(lists: Sequence[PrizeList]) -> PrizeList:
    """Prize lists of one schedule given to different rankings (a team
    event's teams and its boards: :func:`award_prizes` with ``only``) as one."""
    first = lists[0]
    fund = sum((p.fund for p in lists), Decimal(0))
    paid = sum((p.paid for p in lists), Decimal(0))
    return PrizeList(
        currency=first.currency,
        sharing=first.sharing,
        awards=tuple(a for p in lists for a in p.awards),
        fund=fund,
        paid=paid,
        difference=fund - paid,
        unawarded=tuple(name for p in lists for name in p.unawarded),
        notes=tuple(note for p in lists for note in p.notes),
        unit=first.unit,
    )
