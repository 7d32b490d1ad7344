"""``caddy prizes --json``: the ``caddy.prizes`` document (docs/json.md,
docs/prizes.md). Amounts are numbers in the schedule's currency (an item's
``amount`` is ``null``)."""

from __future__ import annotations

import attrs


@attrs.frozen(kw_only=True)
class AwardData:
    """One player's share of one prize."""

    prize: str
    pairing_number: int
    name: str
    amount: float | None
    item: str | None
    rule: str


@attrs.frozen(kw_only=True)
class PrizesDocument:
    """Who gets which prize, and the fund's balance."""

    schema: str = "caddy.prizes"
    version: int = 1
    event: str
    currency: str
    sharing: str
    awards: tuple[AwardData, ...]
    fund: float
    paid: float
    #: ``fund - paid``: left over (positive) or paid beyond the fund (negative).
    difference: float
    unawarded: tuple[str, ...]
    notes: tuple[str, ...]
