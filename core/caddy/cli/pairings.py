"""``caddy pairings``: a round's pairing sheet, as a report or a
``caddy.pairings`` JSON document (``caddy pair`` prints the round it pairs
the same way)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.cli.common import Commands
    from caddy.event.replay import Board, RoundState, State
    from caddy.model import documents as doc
    from caddy.plugins.host import PluginHost


def add_pairings(commands: Commands) -> None:
    """``caddy pairings``'s parser."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import ascii_int, output_argument

    pairings = commands.add_parser("pairings", help="the pairing sheet for a round")
    pairings.add_argument("event", metavar="EVENT.json")
    pairings.add_argument("--round", type=ascii_int, help="round (default: the current one)")
    forms = pairings.add_mutually_exclusive_group()
    forms.add_argument("--json", action="store_true", help="print a caddy.pairings JSON document")
    output_argument(forms)
    pairings.set_defaults(run=cmd_pairings)


def cmd_pairings(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.session import read

    state = read(ns.event, host=host).state
    return print_pairings(state, ns.round, json_out=ns.json, output=ns.output, host=host)


def print_pairings(
    state: State,
    number: int | None,
    *,
    json_out: bool,
    output: str = "text",
    host: PluginHost | None = None,
) -> int:
    """Print round ``number``'s pairings (``None``: the first round with a
    board still open, else the last) in the form ``output`` names, or as JSON."""
    if not state.rounds:
        raise CaddyError("no round is paired yet (use `caddy pair`)")
    if number is None:
        number = next(
            (r.number for r in state.rounds if any(state.board_open(b) for b in r.boards)),
            len(state.rounds),
        )
    rnd = state.round(number)
    if json_out:
        import sys

        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
        from caddy.model.documents import write

        write(_document(state, rnd), sys.stdout)
        return 0
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import emit
    from caddy.views.pairing_sheet import sheet

    emit(sheet(state, number), output, host)
    return 0


def _document(state: State, rnd: RoundState) -> doc.PairingsDocument:
    """The ``caddy.pairings`` document of round ``rnd``."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model import documents as doc

    players = state.event.tournament.players
    boards = tuple(_board(state, rnd, b) for b in rnd.boards)
    byes = [
        doc.ByeData(number=p, name=players[p - 1].name, rating=players[p - 1].rating, kind=k)
        for p, k in [*rnd.byes.items(), *((p, "rest") for p in rnd.rest)]
    ]
    return doc.PairingsDocument(
        round=rnd.number, matches=rnd.matches, boards=boards, byes=tuple(byes)
    )


def _board(state: State, rnd: RoundState, b: Board) -> doc.AnyBoard:
    """One board of the ``caddy.pairings`` document (a knockout's: its games)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.matches import board_match
    from caddy.model import documents as doc
    from caddy.views.pairing_sheet import match_games

    players = state.event.tournament.players
    withdrawn = state.withdrawn

    def who(p: int) -> doc.PlayerRef:
        return doc.PlayerRef(number=p, name=players[p - 1].name, rating=players[p - 1].rating)

    fields: dict[str, Any] = {
        "board": b.number,
        "white": who(b.white),
        "black": who(b.black),
        "results": tuple(b.results),
    }
    gone = [p for p in (b.white, b.black) if p in withdrawn and rnd.number > withdrawn[p]]
    if gone:
        fields["withdrawn"] = tuple(gone)
    if not rnd.matches:
        kind: type[doc.BoardData] = doc.WithdrawnBoardData if gone else doc.BoardData
        return kind(**fields)
    fields["games"] = tuple(
        doc.GameData(game=g, stage=stage, white=who(w), black=who(k), result=result or None)
        for g, stage, w, k, result in match_games(state, b)
    )
    fields["winner"] = board_match(state, b).winner()
    kind = doc.WithdrawnMatchBoardData if gone else doc.MatchBoardData
    return kind(**fields)
