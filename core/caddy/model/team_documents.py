"""The JSON documents of a team event, as attrs classes (:mod:`caddy.model.documents`
tells how they are written): ``caddy.team-standings`` and ``caddy.board-prizes``,
and the team parts of ``caddy.standings`` (a team match's score) and of
``caddy.pairing`` (the matches and team byes)."""

from __future__ import annotations

import attrs

# -- caddy.team-standings and caddy.board-prizes (caddy standings --json of a team event) -------


@attrs.frozen(kw_only=True)
class TeamStandingsRowData:
    rank: int
    #: The team number.
    pairing_number: int
    name: str
    code: str
    match_points: float
    game_points: float
    tiebreaks: dict[str, float | None]


@attrs.frozen(kw_only=True)
class TeamStandingsDocument:
    schema: str = "caddy.team-standings"
    version: int = 1
    after_round: int | None = None
    edition: str
    pre_determined: bool
    primary: str
    tiebreaks: tuple[str, ...]
    rows: tuple[TeamStandingsRowData, ...]
    warnings: tuple[str, ...]


@attrs.frozen(kw_only=True)
class BoardPrizeRow:
    """One player's games on one board (:mod:`caddy.standings.board_prizes`)."""

    rank: int
    pairing_number: int
    name: str
    rating: int | None
    #: The team number and name.
    team: int
    team_name: str
    games: int
    points: float
    #: points ÷ games × 100, rounded half up to one decimal.
    percentage: float
    #: C.07 Art. 10.2 over the rated games on this board (``None``: no rated opponent).
    performance: int | None


@attrs.frozen(kw_only=True)
class BoardPrizesData:
    board: int
    rows: tuple[BoardPrizeRow, ...]


@attrs.frozen(kw_only=True)
class BoardPrizesDocument:
    schema: str = "caddy.board-prizes"
    version: int = 1
    after_round: int | None = None
    rounds: int
    min_games: int
    boards: tuple[BoardPrizesData, ...]


@attrs.frozen(kw_only=True)
class TeamRoundData:
    round: int
    score: tuple[float, float]
    total: tuple[float, float]
    complete: bool


@attrs.frozen(kw_only=True)
class TeamMatchData:
    """A team match's score (a Scheveningen's ``teams``)."""

    names: tuple[str, str]
    rounds: tuple[TeamRoundData, ...]
    total: tuple[float, float]
    planned_rounds: int
    over: bool
    result: str


@attrs.frozen(kw_only=True)
class TeamPairData:
    match: int
    white: int
    black: int
    white_lineup: tuple[int, ...]
    black_lineup: tuple[int, ...]


@attrs.frozen(kw_only=True)
class TeamByeData:
    team: int
    kind: str
