"""What a tie-break's ``explain`` gives: the working behind one value
(``caddy standings --explain``). Imported when a value is explained, not by
the contracts' facade (``caddy calc`` never explains)."""

from __future__ import annotations

import attrs


@attrs.frozen(kw_only=True)
class ExplainRow:
    """One line of a tie-break's working."""

    round: int | None
    opponent: int | None = None
    #: The opponent's (adjusted) score, or the dummy opponent's score.
    opponent_score: float | None = None
    result: str = ""
    contribution: float | None = None
    #: Why: ``cut``, ``dummy opponent``, ``rest round``, ``not counted`` ...
    note: str = ""
    #: The opponent's rating (rating-based tie-breaks).
    opponent_rating: int | None = None


@attrs.frozen(kw_only=True)
class Explanation:
    """How one tie-break value was computed for one player."""

    tiebreak: str
    player: int
    value: float | None
    rows: tuple[ExplainRow, ...] = ()
    #: The arithmetic in one or two lines.
    summary: str = ""
