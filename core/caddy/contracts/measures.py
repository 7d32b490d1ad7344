"""What a format says of a field's size: :class:`Arithmetic`, the calculator's input.

A module of its own, with nothing but attrs: ``caddy calc`` counts rounds and
games without the pairing contract's data classes (:mod:`caddy.contracts.pairing`,
which re-exports it). Importable from :mod:`caddy.contracts`.
"""

from __future__ import annotations

import attrs


@attrs.frozen(kw_only=True)
class Arithmetic:
    """What a format needs for a field of ``players``: the calculator's input."""

    #: Number of players.
    players: int
    #: Rounds to play (the longest section's, for sectioned formats).
    rounds: int
    #: Games in the whole event.
    games: int
    #: Boards needed in the busiest round.
    boards: int
    #: Games each player plays (the most any player plays).
    games_per_player: int
    #: Players without a game in each round (the most in any round).
    byes_per_round: int
    #: How often every pair of players meets, when the format promises one
    #: number for all pairs (1 for a round robin, 2 for a double); ``None``
    #: when pairs meet a varying number of times (sections, teams, knockout).
    pair_meetings: int | None = None
    #: The most games the event can take (knockout tie-breaks); ``None``: ``games``.
    max_games: int | None = None
    #: How many of the rounds are knockout stages; the calculator gives each
    #: its own night.
    stages: int = 0
    #: Format-specific lines for the calculator's summary (sections, groups ...).
    details: tuple[str, ...] = ()
    #: The format's advice for a field of this size (the calculator's
    #: ``Advice:`` line, docs/calculator.md); ``None``: none.
    advice: str | None = None
