"""The title-norm contract (hook ``caddy_register_norms``): which players made a
title norm in an event, and the figures its certificate needs.

Core reads the event (an event file or any file a codec reads) into one
:class:`NormRequest` per player: the player, each of their rounds with the
opponent as the rating list and the players' file give them, the event's
shape (rounds scheduled, round robin or not) and the options the arbiter
stated. A norm plugin (:class:`NormRules`) answers with one
:class:`NormResult` per title it checks. FIDE's titles (GM, IM, WGM, WIM,
FIDE Handbook B.01) are a built-in plugin registered like a third party's;
a federation's national norms are another plugin (docs/norms.md, docs/plugins.md).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Protocol, runtime_checkable

import attrs


@attrs.frozen(kw_only=True)
class NormPlayer:
    """A player as a norm check sees them (from the event's players)."""

    number: int
    name: str
    #: The rating the event uses (the list in effect at its start); ``None``: unrated.
    rating: int | None = None
    #: The title as the players' file or the rating list spells it (``GM``, ``WIM`` ...).
    title: str | None = None
    #: Three-letter federation code (``FID``: a player under the FIDE flag).
    federation: str | None = None
    fide_id: str | None = None
    sex: str | None = None
    #: Points scored over the board against rated opponents (FIDE B.01 1.4.2b
    #: leaves out an unrated player who scored none against rated opponents).
    score_vs_rated: float = 0.0


@attrs.frozen(kw_only=True)
class NormRound:
    """One round of the player: the result code (TRF's: ``1 = 0`` a game,
    ``W D L`` a game of under one move, ``+ -`` forfeits, ``U F H Z R`` byes),
    the points, and the opponent if there was one."""

    round: int
    code: str
    points: float
    opponent: NormPlayer | None = None


@attrs.frozen(kw_only=True)
class NormRequest:
    """Everything a norm check needs about one player of one event."""

    event: str
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    player: NormPlayer
    #: The player's rounds so far, in order (complete rounds only).
    rounds: tuple[NormRound, ...]
    #: Rounds the event has in all (more than ``len(rounds)`` before its end).
    scheduled_rounds: int
    #: Pre-determined pairings (a round robin): every scheduled round counts.
    pre_determined: bool = False
    #: How many times every pair meets (2: a double round robin; 0: not a round robin).
    cycles: int = 0
    #: Players in the event.
    players: int = 0
    #: The opponents of the rounds still to come that are paired already (a
    #: round robin's); ``None``: the player rests in that round (no game).
    #: Rounds beyond the tuple are not paired yet: their opponents are not known.
    upcoming: tuple[NormPlayer | None, ...] = ()
    #: What the arbiter states about the event (``--option name=value``).
    options: Mapping[str, str] = attrs.field(factory=dict)


@attrs.frozen(kw_only=True)
class NormGame:
    """A game a norm counts, as the certificate (FIDE IT1) lists it."""

    round: int
    opponent: NormPlayer
    #: ``1``, ``½`` or ``0``.
    result: str
    points: float
    #: The rating the average uses: the opponent's, a rating floor's, or the
    #: rating an unrated opponent counts with.
    rating_used: int


@attrs.frozen(kw_only=True)
class NormResult:
    """One title's check for one player."""

    title: str
    norm: bool
    #: What the norm lacks, one line each, naming the rule (empty for a norm).
    missing: tuple[str, ...] = ()
    #: Games the check counted.
    games: int = 0
    average_rating: int | None = None
    performance: int | None = None
    score: float = 0.0
    #: The score the counted games need for the norm (``None``: none reaches it).
    needed: float | None = None
    #: The counted games, for the certificate.
    counted: tuple[NormGame, ...] = ()
    #: The counts behind the opponent-mix rules, by name (the ``fide`` rules:
    #: ``titled``, ``holders`` of the norm's title, ``federations`` other than
    #: the player's, ``own_federation``, ``most_from_one`` federation).
    figures: Mapping[str, int] = attrs.field(factory=dict)
    #: How the games were chosen (games left out and why).
    notes: tuple[str, ...] = ()
    #: Games the norm counts as in a title application (overscore, 1.4.1d).
    counts_as: int = 0
    #: Before the last round(s): the points still needed in the rounds to come
    #: (``None``: no forecast asked, or none can make it).
    still_needed: float | None = None
    #: The rounds left when the forecast was made.
    remaining_rounds: int = 0


@runtime_checkable
class NormRules(Protocol):
    """A plugin's norm rules (FIDE's titles, a federation's national norms)."""

    #: What ``caddy norms --rules`` names (``fide``).
    name: str
    summary: str
    #: The titles it checks, highest first (``("GM", "IM", "WGM", "WIM")``).
    titles: tuple[str, ...]

    def check(self, request: NormRequest, forecast: bool) -> tuple[NormResult, ...]:
        """One result per title the player can still gain (a title held is not
        checked); ``forecast``: also say what the rounds to come need."""
        ...
