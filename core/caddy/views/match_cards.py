"""Match cards of a team event (``caddy cards``, ``caddy publish``): the sheet
both captains and the arbiter sign, one per match of a round: the teams with
the team having White on board 1 first, per board the players, their ratings
and colours and, once known, the result from the first team's side; the match
score; signature lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError
from caddy.event.teams import team_setup
from caddy.model.numbers import points
from caddy.model.report import Report, Table
from caddy.model.results import RESULT_WORDS, Scoring

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from caddy.event.replay import RoundState, State
    from caddy.model.schedule import Player

#: An individual result code as a card writes it.
_CARD = {"1": "1", "W": "1", "=": "½", "D": "½", "0": "0", "L": "0", "+": "+", "-": "-"}


#: A match card's columns: the first team's player, the second team's, the result.
CARD_COLUMNS = ("board", "player", "rating", "colour", "player", "rating", "colour", "result")


#: A signature line.
SIGN = "_" * 24


def last_paired_round(state: State) -> int:
    """The last round with team matches (raises when none is paired)."""
    numbers = [r.number for r in state.rounds if r.teams is not None and r.teams.matches]
    if not numbers:
        raise CaddyError("no round of team matches is paired yet (caddy pair EVENT)")
    return numbers[-1]


def match_cards(
    state: State,
    number: int,
    title: str = "",
    *,
    signatures: bool = True,
    link: Callable[[int], str] | None = None,
) -> Report:
    """The match cards of round ``number`` (see the module docstring);
    ``title`` names the event when it has no name (its file). Published
    (``caddy publish``): ``signatures=False`` leaves out the lines to sign,
    a table of the round's match scores comes first and ``link`` (a player's
    number → a page) links each player's name."""

    setup = team_setup(state)
    if not 1 <= number <= len(state.rounds):
        paired = f"1..{len(state.rounds)}" if state.rounds else "none yet"
        raise CaddyError(f"round {number} is not paired (rounds paired: {paired})")
    teams = state.rounds[number - 1].teams
    if teams is None or not teams.matches:
        raise CaddyError(f"round {number} has no team matches")
    event_name = state.event.tournament.name or title or "event"
    cards = [_card(state, number, m) for m in range(1, len(teams.matches) + 1)]
    tables = [
        Table(
            caption=f"{event_name}: round {number}, match {m}: {card.teams}"
            if signatures
            else f"Match {m}: {card.teams}",
            columns=CARD_COLUMNS,
            rows=(*card.rows, *(_SIGNATURES if signatures else ())),
            right=frozenset({0, 2, 5}),
            caption_in_text=True,
            links=card.links(link, signatures) if link else (),
        )
        for m, card in enumerate(cards, 1)
    ]
    if not signatures:
        tables.insert(0, _scores_table(number, cards))
    byes = [f"team {bye.team} {setup.team(bye.team).name}: {bye.kind} bye" for bye in teams.byes]
    return Report(
        kind="cards" if signatures else "matches",
        title=event_name,
        subtitle=f"match cards, round {number}" if signatures else f"round {number}, matches",
        tables=tuple(tables),
        notes=(
            "result: the first team's points - the second team's (+/- a forfeit); "
            "the first team has White on board 1",
            *byes,
        ),
    )


#: The lines a match card is signed on.
_SIGNATURES = (
    ("", f"captain {SIGN}", "", "", f"captain {SIGN}", "", "", ""),
    ("", f"arbiter {SIGN}", "", "", "", "", "", ""),
)


@attrs.frozen
class _Card:
    """One match's card: the teams, a line per board, the score."""

    teams: str
    rows: tuple[tuple[str, ...], ...]
    #: Per board line (from the second row), the two players' numbers (0: none).
    players: tuple[tuple[int, int], ...]
    #: The match score, once every board has its result ("" until then).
    score: str

    def links(self, link: Callable[[int], str], signatures: bool) -> tuple[tuple[str, ...], ...]:
        """Each player's name linked to their page."""
        none = ("",) * len(CARD_COLUMNS)
        boards = tuple(
            ("", link(a) if a else "", "", "", link(z) if z else "", "", "", "")
            for a, z in self.players
        )
        return (none, *boards, none, *((none,) * len(_SIGNATURES) if signatures else ()))


def _card(state: State, number: int, m: int) -> _Card:
    """The card of match ``m`` of round ``number``: per board the players,
    ratings, colours and the result from the first team's side."""

    setup = team_setup(state)
    rnd = state.rounds[number - 1]
    teams = rnd.teams
    assert teams is not None
    match = teams.matches[m - 1]
    tournament = state.event.tournament
    players = tournament.players
    scoring = tournament.scoring or Scoring()
    colours = setup.board_colours()
    first, second = setup.team(match.white), setup.team(match.black)
    rows: list[tuple[str, ...]] = [
        ("team", f"{match.white} {first.name}", "", "", f"{match.black} {second.name}", "", "", "")
    ]
    totals = [0.0, 0.0]
    known = True
    for b, (a, z) in enumerate(zip(match.white_lineup, match.black_lineup, strict=True), 1):
        codes, white_first = _board_codes(rnd, m, b, a, z, colours[b - 1] == "W")
        if codes is None:
            known = False
            text = ""
        else:
            totals[0] += scoring.points(codes[0])
            totals[1] += scoring.points(codes[1])
            forfeit = codes[0] in "+-" and codes[1] in "+-"
            text = f"{_CARD[codes[0]]}{'/' if forfeit else '-'}{_CARD[codes[1]]}"
        own, other = ("W", "B") if white_first else ("B", "W")
        rows.append(
            (
                str(b),
                _name(players, a),
                _rating(players, a),
                own,
                _name(players, z),
                _rating(players, z),
                other,
                text,
            )
        )
    score = f"{points(totals[0])}-{points(totals[1])}" if known else ""
    rows.append(("", "total", "", "", "total", "", "", score))
    return _Card(
        teams=f"{match.white} {first.name} – {match.black} {second.name}",
        rows=tuple(rows),
        players=tuple(zip(match.white_lineup, match.black_lineup, strict=True)),
        score=score,
    )


def _board_codes(
    rnd: RoundState, m: int, b: int, a: int, z: int, white_first: bool
) -> tuple[tuple[str, str] | None, bool]:
    """Board ``b`` of match ``m``: the result codes from the first team's side
    (``None``: not known yet) and whether the first team's player has White."""

    teams = rnd.teams
    assert teams is not None
    match = teams.matches[m - 1]
    if match.forfeit:
        return (match.forfeit[0], match.forfeit[1]), white_first
    if not a or not z:
        return ("-" if not a else "+", "-" if not z else "+"), white_first
    index = teams.board_index(m, b) - 1
    white_first = rnd.white[index] == a  # the board as paired
    words = rnd.results[index]
    if not words:
        return None, white_first
    white, black = RESULT_WORDS[words[-1]]
    return ((white, black) if white_first else (black, white)), white_first


def _scores_table(number: int, cards: Sequence[_Card]) -> Table:
    """The round's matches and their scores, one line each."""
    return Table(
        caption=f"Matches of round {number}",
        columns=("match", "first team", "second team", "score"),
        rows=tuple(
            (str(m), card.rows[0][1], card.rows[0][4], card.score)
            for m, card in enumerate(cards, 1)
        ),
        right=frozenset({0, 3}),
        caption_in_text=True,
    )


def _name(players: Sequence[Player], number: int) -> str:
    return players[number - 1].name if number else "(empty board)"


def _rating(players: Sequence[Player], number: int) -> str:
    rating = players[number - 1].rating if number else None
    return "" if rating is None else str(rating)
