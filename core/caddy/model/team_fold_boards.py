"""The fold of a team event's boards into team results read from the rounds'
result words in board order (:func:`caddy.event.results.board_words`), the
path :func:`caddy.event.teams.state_team_event` takes: no player-by-player
cells, each match scored once per pattern of its boards' words.

A round's boards are its team matches' games in order
(:meth:`caddy.model.teams.TeamRound.games`: a forfeited match has none, an
empty board none, the other boards of a match follow one another, White's
team on board ``b`` White when the match's colours, else the event's, say
``W`` there; the replay checks a round's boards against it). The rules are
:func:`caddy.model.team_fold.fold_team_rounds`'s, and so are the results,
to the last field: a match is scored by
:meth:`caddy.model.team_fold.TeamFold.score` from its sides' points and codes
once per pattern of its colours and words; in a round the replay found
seated (``seated``), an empty board's mark stands in its word, and in a
round checked here a match with an empty board is scored by
:meth:`~caddy.model.team_fold.TeamFold.match`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from operator import itemgetter
from typing import cast

from caddy.model.results import MIRROR, RESULT_WORDS, RoundResult, Scoring, make_round_result
from caddy.model.team_fold import BOARD_OF, TeamFold, TeamRoundResult
from caddy.model.teams import TeamMatchPairing, TeamRound, TeamSetup

#: A team round result from its 9 fields in order, without a Python frame.
_make = partial(tuple.__new__, TeamRoundResult)
#: A match by its colours and boards' words: White's team's fields but its
#: opponent and line-up (colour, kind, code, MP, GP, board points), its
#: board codes, then Black's team's two; or for a match forfeited as a
#: whole, ``None``, the forfeit (``+-`` ...), ``None``, ``None``.
_Scored = tuple[
    tuple[object, ...] | None,
    tuple[str, ...] | str,
    tuple[object, ...] | None,
    tuple[str, ...] | None,
]


class BoardsNotGamesError(Exception):
    """A round's boards are not its matches' games (the caller reads the
    players' cells instead). Its own class, so that a ``KeyError`` of a bug
    in the fold is not taken for it and the slower path silently."""


def fold_team_boards(
    setup: TeamSetup,
    rounds: Sequence[TeamRound | None],
    boards: Sequence[tuple[Sequence[int], Sequence[int], Sequence[str]]],
    game_scoring: Scoring,
    seated: Sequence[bool] = (),
) -> tuple[int, tuple[tuple[TeamRoundResult, ...], ...]]:
    """Fold rounds ``1..len(boards)`` into each team's round results (the
    rounds folded, the rows), as
    :func:`caddy.model.team_fold.fold_team_rounds` does; ``rounds[r]`` is
    round ``r + 1``'s team matches, ``boards[r]`` its boards (Whites, Blacks,
    result words, in board order). Raises :class:`BoardsNotGamesError` when a round's
    boards are not its matches' games (a board changed after the round was
    paired): read the players' cells then. ``seated[r]`` true: round ``r +
    1``'s Whites and Blacks are known to be its matches' games, each line-up
    of the setup's size (the replay checked them when it applied the round:
    :func:`caddy.event.teams.seated_rounds`), so they are not checked again."""
    n = len(setup.teams)
    count = min(len(boards), len(rounds))
    if not any(rounds[:count]) and count:
        count = 0
    fold = TeamFold(setup, game_scoring, True)
    pairs, board_of = _scale(game_scoring)
    default = setup.board_colours()
    scored: dict[tuple[str, ...], _Scored] = {}
    seats: dict[str, tuple[_Seats, _Seats]] = {}
    # each team's row by its number (row 0: nobody's), handed on from 1
    rows: list[list[TeamRoundResult]] = [[] for _ in range(n + 1)]
    everyone = set(range(1, n + 1))
    known = len(seated)
    for r in range(count):
        team_round = rounds[r]
        if team_round is not None:
            round_words = boards[r][2]
            check = r >= known or not seated[r]
            at = 0
            for match in team_round.matches:
                white_lineup, black_lineup = match.white_lineup, match.black_lineup
                colours = match.colours or default
                if match.forfeit or 0 in white_lineup or 0 in black_lineup:
                    if check or match.forfeit:
                        at = _other(fold, pairs, match, colours, boards[r], at, rows)
                        continue
                    # an empty board: its side's mark instead of a word (_EMPTY)
                    words: list[str] = []
                    for p, q in zip(white_lineup, black_lineup, strict=True):
                        if p and q:
                            words.append(round_words[at])
                            at += 1
                        else:
                            words.append(_EMPTY[bool(p), bool(q)])
                    key = (colours, *words)
                elif check:
                    size = len(colours)
                    if size != len(white_lineup) or size != len(black_lineup):
                        at = _uneven(fold, pairs, match, colours, boards[r], at, rows)
                        continue
                    end = at + size
                    if not _seated(match, colours, boards[r], at, end, seats):
                        raise BoardsNotGamesError(r + 1)
                    key = (colours, *round_words[at:end])
                    at = end
                else:
                    end = at + len(colours)
                    key = (colours, *round_words[at:end])
                    at = end
                white_fields, white_codes, black_fields, black_codes = scored.get(key) or _score(
                    fold, board_of, key, scored
                )
                if white_fields is None or black_fields is None:  # no board played: forfeited
                    a, b = fold.forfeited(match, cast(str, white_codes))
                    rows[match.white].append(a)
                    rows[match.black].append(b)
                    continue
                rows[match.white].append(
                    _make((match.black, *white_fields, white_lineup, white_codes))
                )
                rows[match.black].append(
                    _make((match.white, *black_fields, black_lineup, black_codes))
                )
            if at != len(round_words):
                raise BoardsNotGamesError(r + 1)
        fold.close_round(rows[1:], team_round, everyone)
    return count, tuple(map(tuple, rows[1:]))


def _other(
    fold: TeamFold,
    pairs: dict[str, tuple[RoundResult, RoundResult]],
    match: TeamMatchPairing,
    colours: str,
    boards: tuple[Sequence[int], Sequence[int], Sequence[str]],
    at: int,
    rows: list[list[TeamRoundResult]],
) -> int:
    """A match forfeited as a whole (no boards) or with an empty board
    (:func:`_uneven`); returns where the next match's boards start."""
    if match.forfeit:
        a, b = fold.forfeited(match, match.forfeit)
        rows[match.white].append(a)
        rows[match.black].append(b)
        return at
    return _uneven(fold, pairs, match, colours, boards, at, rows)


def _seated(
    match: TeamMatchPairing,
    colours: str,
    boards: tuple[Sequence[int], Sequence[int], Sequence[str]],
    at: int,
    end: int,
    seats: dict[str, tuple[_Seats, _Seats]],
) -> bool:
    """Whether the round's boards ``at..end`` seat ``match``'s line-ups (no
    empty board, each as long as its colours) as its colours say."""
    white_lineup, black_lineup = match.white_lineup, match.black_lineup
    found_seats = seats.get(colours) or _seats(colours, seats)
    both = white_lineup + black_lineup
    whites, blacks, _ = boards
    return whites[at:end] == found_seats[0](both) and blacks[at:end] == found_seats[1](both)


#: A board from White's team's side: its point and code, Black's team's point and code.
_Board = tuple[float, str, float, str]
#: The mark of an empty board in a match's key, by whether White's team's
#: seat and Black's team's are taken (as :meth:`TeamFold.side` reads it: an
#: empty seat of one's own a forfeit loss, else of the other team a forfeit win).
_EMPTY = {(False, True): "empty -+", (True, False): "empty +-", (False, False): "empty --"}
#: Per game scale, by its ``repr`` (``Scoring(win=3)`` and ``Scoring(win=3.0)``
#: are equal, but their points are not written alike): :func:`_scale`'s tables.
_SCALES: dict[
    str, tuple[dict[str, tuple[RoundResult, RoundResult]], dict[tuple[str, str], _Board]]
] = {}


def _scale(
    game_scoring: Scoring,
) -> tuple[dict[str, tuple[RoundResult, RoundResult]], dict[tuple[str, str], _Board]]:
    """A result word to the board White's and Black's cells, and a board's
    colour (White's team's) and word, or an empty board's mark (:data:`_EMPTY`),
    to both teams' board points and codes; made once per scale."""
    key = repr(game_scoring)
    found = _SCALES.get(key)
    if found is not None:
        return found
    cells = {
        code: make_round_result((None, None, code, game_scoring.points(code))) for code in MIRROR
    }
    pairs = {word: (cells[w], cells[b]) for word, (w, b) in RESULT_WORDS.items()}
    board_of = {
        (colour, word): _board(pair if colour == "W" else pair[::-1])
        for word, pair in pairs.items()
        for colour in "WB"
    }
    won = game_scoring.win if game_scoring.forfeit_win is None else game_scoring.forfeit_win
    lost = game_scoring.forfeit_loss
    for mark in _EMPTY.values():  # "empty -+": White's team's seat empty ...
        white, black = mark[-2], mark[-1]
        board = (lost if white == "-" else won, white, lost if black == "-" else won, black)
        board_of["W", mark] = board_of["B", mark] = board
    if len(_SCALES) > 64:  # a long-lived process with many scales
        _SCALES.clear()
    made = _SCALES[key] = (pairs, board_of)
    return made


def _board(cells: tuple[RoundResult, RoundResult] | tuple[RoundResult, ...]) -> _Board:
    """A board from both teams' cells (White's team's first), as
    :meth:`TeamFold.side_cells` reads each cell."""
    mine, theirs = cells
    return mine[3], BOARD_OF[mine[2]], theirs[3], BOARD_OF[theirs[2]]


def _score(
    fold: TeamFold,
    board_of: dict[tuple[str, str], _Board],
    key: tuple[str, ...],
    scored: dict[tuple[str, ...], _Scored],
) -> _Scored:
    """A match by its colours and boards' words (``key``; an empty board's
    mark, :data:`_EMPTY`, in place of its word): each side's board points and
    codes, then :meth:`TeamFold.score` (kept in ``scored``: once per pattern)."""
    colours = key[0]
    if len(key) - 1 != len(colours) or not colours:
        raise BoardsNotGamesError(key)  # the round has fewer boards than its matches' games
    # each board from both teams' sides, cut into the sides' points and codes at C speed
    white_points, white_codes, black_points, black_codes = zip(
        *map(board_of.__getitem__, zip(colours, key[1:], strict=True)), strict=True
    )
    outcome = fold.score(white_points, white_codes, black_points, black_codes)
    if isinstance(outcome, str):
        forfeited: _Scored = (None, outcome, None, None)
        scored[key] = forfeited
        return forfeited
    (w_code, w_mp, w_gp, w_points, w_codes), (b_code, b_mp, b_gp, b_points, b_codes) = outcome
    made = scored[key] = (
        ("w", "played", w_code, w_mp, w_gp, w_points),
        w_codes,
        ("b", "played", b_code, b_mp, b_gp, b_points),
        b_codes,
    )
    return made


def _uneven(
    fold: TeamFold,
    pairs: dict[str, tuple[RoundResult, RoundResult]],
    match: TeamMatchPairing,
    colours: str,
    boards: tuple[Sequence[int], Sequence[int], Sequence[str]],
    at: int,
    rows: list[list[TeamRoundResult]],
) -> int:
    """A match with an empty board: its seated players' cells from the
    round's boards from ``at`` on, the match scored by :meth:`TeamFold.match`;
    returns where the next match's boards start."""
    whites, blacks, words = boards
    cell: dict[int, RoundResult] = {}
    if len(match.white_lineup) != len(match.black_lineup):
        raise BoardsNotGamesError(at)
    for board, (p, q) in enumerate(zip(match.white_lineup, match.black_lineup, strict=True)):
        if not p or not q:
            continue
        if at >= len(words) or board >= len(colours):
            raise BoardsNotGamesError(at)
        on_white, on_black = pairs[words[at]]
        if colours[board] == "W":
            seated = (p, q)
            cell[p], cell[q] = on_white, on_black
        else:
            seated = (q, p)
            cell[p], cell[q] = on_black, on_white
        if (whites[at], blacks[at]) != seated:
            raise BoardsNotGamesError(at)
        at += 1
    a, b = fold.match(match, cell.__getitem__)
    rows[match.white].append(a)
    rows[match.black].append(b)
    return at


#: A match's board Whites (or Blacks) from its two line-ups, concatenated.
_Seats = Callable[[tuple[int, ...]], tuple[int, ...]]


def _seats(colours: str, seats: dict[str, tuple[_Seats, _Seats]]) -> tuple[_Seats, _Seats]:
    """For a match's colours (White's team's per board), its boards' Whites
    and Blacks from its line-ups concatenated (White's team's first), kept in
    ``seats``."""
    size = len(colours)
    whites = [b if colour == "W" else size + b for b, colour in enumerate(colours)]
    blacks = [size + b if colour == "W" else b for b, colour in enumerate(colours)]
    made = seats[colours] = (_picker(whites), _picker(blacks))
    return made


def _picker(indexes: list[int]) -> _Seats:
    """The items at ``indexes``, as a tuple (one index too)."""
    if len(indexes) == 1:
        only = indexes[0]
        return lambda items: (items[only],)
    return itemgetter(*indexes)
