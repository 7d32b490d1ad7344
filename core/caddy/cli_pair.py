"""``caddy pair`` and ``caddy pairings``: pair the next round of an event file,
print a round's pairings."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from caddy.formats import PairingFormat
from caddy.cli_common import event_player
from caddy.errors import CaddyError


def add_commands(commands: Any) -> None:
    from caddy.cli_common import ascii_int, output_argument

    pair = commands.add_parser(
        "pair", help="pair the next round (knockouts; typed-in pairings for manual)"
    )
    pair.add_argument("event", metavar="EVENT.json")
    pair.add_argument(
        "--pairings", metavar="PAIRS", help='manual format: "white-black ..." e.g. "1-4 2-3"'
    )
    pair.add_argument(
        "--byes",
        metavar="PLAYERS",
        default="",
        help="manual format: players with a pairing-allocated bye",
    )
    pair.set_defaults(handler=cmd_pair)

    pairings = commands.add_parser("pairings", help="the pairing sheet for a round")
    pairings.add_argument("event", metavar="EVENT.json")
    pairings.add_argument("--round", type=ascii_int, help="round (default: the current one)")
    forms = pairings.add_mutually_exclusive_group()
    forms.add_argument("--json", action="store_true", help="print a caddy.pairings JSON document")
    output_argument(forms)
    pairings.set_defaults(handler=cmd_pairings)


def cmd_pair(ns: argparse.Namespace) -> int:
    from caddy.event_model import PairRound
    from caddy.event_replay import apply, replay
    from caddy.formats import depends_on_results
    from caddy.storage import updating

    with updating(ns.event) as box:
        state = replay(box[0])
        fmt = state.fmt
        if state.fixed:
            print(
                f"{ns.event}: format '{fmt.name}' fixes its schedule in advance; no round needs pairing"
            )
            return 0
        if state.rounds:
            last = state.rounds[-1]
            missing = [i for i, b in enumerate(last.boards, 1) if not b.results]
            undecided = []
            if last.matches:
                from caddy.event_replay import board_match

                undecided = [
                    i
                    for i, b in enumerate(last.boards, 1)
                    if board_match(state, b).winner() is None
                ]
            if missing or undecided:
                boards = ", ".join(str(i) for i in sorted(set(missing) | set(undecided)))
                raise CaddyError(
                    f"round {last.number} is not finished: board(s) {boards} have no result yet"
                )
        if fmt.kind == "external":
            from caddy.cli_common import is_ascii_number

            if not ns.pairings:
                raise CaddyError(
                    f"format '{fmt.name}': give the pairings with --pairings \"1-4 2-3\""
                )
            white, black = [], []
            for pair in ns.pairings.replace(",", " ").split():
                left, sep, right = pair.partition("-")
                if not sep or not is_ascii_number(left) or not is_ascii_number(right):
                    raise CaddyError(
                        f"cannot read pairing '{pair}' (expected WHITE-BLACK, e.g. 1-4)"
                    )
                white.append(int(left))
                black.append(int(right))
            byes = tuple(event_player(state, p) for p in ns.byes.replace(",", " ").split())
            operation = PairRound(
                round=len(state.rounds) + 1, white=tuple(white), black=tuple(black), byes=byes
            )
        elif depends_on_results(fmt):
            from caddy.pairing import request_from_state

            options = state.event.tournament.format.options
            pairing = cast("PairingFormat", fmt)
            request = request_from_state(state)
            rnd = pairing.next_round(request)
            if rnd is None:
                winner = pairing.winner(state.players, options, request.played)
                from caddy.render import visible

                name = state.event.tournament.players[winner - 1].name if winner else "-"
                print(f"{ns.event}: the event is over; winner {visible(name)} ({winner})")
                return 0
            operation = PairRound(
                round=rnd.number,
                white=rnd.white,
                black=rnd.black,
                byes=rnd.byes,
                matches=rnd.matches,
            )
        else:  # pragma: no cover - every format either fixes, derives or takes its pairings
            raise CaddyError(f"format '{fmt.name}' cannot pair rounds")
        apply(state, operation)
        box[0] = box[0].with_operation(operation, check=False)  # applied to `state` above
        event = box[0]
    print(f"round {operation.round} paired: {len(operation.white)} boards")
    return _print_pairings(event, operation.round, json_out=False)


def cmd_pairings(ns: argparse.Namespace) -> int:
    from caddy.storage import load

    event = load(ns.event)
    return _print_pairings(event, ns.round, json_out=ns.json, output=ns.output)


def _match_rows(state: Any, board: Any) -> tuple[list[tuple[int, str, int, int, str]], Any]:
    """A knockout match game by game: (game, stage, White, Black, result from
    that White's side) for every game played and the next one (result ``""``),
    and the match. Results are typed White first, White as listed here."""
    from caddy.event_replay import board_match, flip_result

    match = board_match(state, board)
    games = []
    for number, result in enumerate(board.results, 1):
        stage, white, black = match.game_at(number)
        # the file keeps match results from the board's White (the higher seed)
        games.append(
            (number, stage, white, black, result if white == board.white else flip_result(result))
        )
    upcoming = match.next_game()
    if upcoming is not None:
        stage, white, black = upcoming
        games.append((len(board.results) + 1, stage, white, black, ""))
    return games, match


def _gone(withdrawn: dict[int, int], number: int, board: Any) -> list[int]:
    """The board's players who withdrew before round ``number``."""
    return [p for p in (board.white, board.black) if p in withdrawn and number > withdrawn[p]]


def _print_pairings(event: Any, number: int | None, *, json_out: bool, output: str = "text") -> int:
    from caddy.event_replay import replay

    state = replay(event)
    if not state.rounds:
        raise CaddyError("no round is paired yet (use `caddy pair`)")
    withdrawn = {w.player: w.after_round for w in state.withdrawals}

    def open_board(rnd: Any, b: Any) -> bool:
        if rnd.matches:
            return _match_rows(state, b)[1].winner() is None
        return not b.results and not _gone(withdrawn, rnd.number, b)

    if number is None:
        number = next(
            (r.number for r in state.rounds if any(open_board(r, b) for b in r.boards)),
            len(state.rounds),
        )
    rnd = state.round(number)
    players = event.tournament.players

    if json_out:
        import json

        from caddy import documents as doc
        from caddy.documents import PlayerRef

        def who(p: int) -> PlayerRef:
            return PlayerRef(number=p, name=players[p - 1].name, rating=players[p - 1].rating)

        boards: list[doc.AnyBoard] = []
        for i, b in enumerate(rnd.boards, 1):
            fields: dict[str, Any] = {
                "board": i,
                "white": who(b.white),
                "black": who(b.black),
                "results": tuple(b.results),
            }
            gone = _gone(withdrawn, number, b)
            if gone:
                fields["withdrawn"] = tuple(gone)
            if rnd.matches:
                games, match = _match_rows(state, b)
                fields["games"] = tuple(
                    doc.GameData(
                        game=g, stage=stage, white=who(w), black=who(k), result=result or None
                    )
                    for g, stage, w, k, result in games
                )
                fields["winner"] = match.winner()
                kind: type[doc.BoardData] = (
                    doc.WithdrawnMatchBoardData if gone else doc.MatchBoardData
                )
            else:
                kind = doc.WithdrawnBoardData if gone else doc.BoardData
            boards.append(kind(**fields))
        byes = [
            doc.ByeData(number=p, name=players[p - 1].name, rating=players[p - 1].rating, kind=k)
            for p, k in [*rnd.byes.items(), *((p, "rest") for p in rnd.rest)]
        ]
        document = doc.data(
            doc.PairingsDocument(
                round=number, matches=rnd.matches, boards=tuple(boards), byes=tuple(byes)
            )
        )
        print(json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False))
        return 0
    from caddy.cli_common import emit
    from caddy.render import Report, Table

    title = event.tournament.name or "event"

    def named(p: int, gone: list[int]) -> str:
        return f"{players[p - 1].name} ({p})" + (" (withdrawn)" if p in gone else "")

    def rating(p: int) -> str:
        value = players[p - 1].rating
        return "" if value is None else str(value)

    rows: list[tuple[str, ...]] = []
    notes = []
    if rnd.matches:
        columns: tuple[str, ...] = ("board", "game", "white", "rating", "black", "rating", "result")
        right = frozenset({0, 1, 3, 5})
        for i, b in enumerate(rnd.boards, 1):
            games, match = _match_rows(state, b)
            for g, stage, w, k, result in games:
                label = str(g) if stage == "standard" else f"{g} {stage}"
                rows.append(
                    (str(i), label, named(w, []), rating(w), named(k, []), rating(k), result)
                )
            winner = match.winner()
            if winner is not None:
                by_lot = " by drawing of lots" if match.by_lot() else ""
                notes.append(f"board {i}: {named(winner, [])} wins the match{by_lot}")
        notes.append("each line is one game: White first; results are entered White first")
    else:
        columns = ("board", "white", "rating", "black", "rating", "result")
        right = frozenset({0, 2, 4})
        for i, b in enumerate(rnd.boards, 1):
            gone = _gone(withdrawn, number, b)
            result = " ".join(b.results) or ("no result needed" if gone else "")
            rows.append(
                (
                    str(i),
                    named(b.white, gone),
                    rating(b.white),
                    named(b.black, gone),
                    rating(b.black),
                    result,
                )
            )
    notes += [f"bye ({kind}): {players[p - 1].name} ({p})" for p, kind in rnd.byes.items()]
    notes += [f"rest round: {players[p - 1].name} ({p})" for p in rnd.rest]
    for p, after in withdrawn.items():
        if number > after:
            notes.append(
                f"{players[p - 1].name} ({p}) withdrew after round {after}: "
                "their games need no result"
            )
    report = Report(
        kind="pairings",
        title=title,
        subtitle=f"round {number}" + (" (each board is a match)" if rnd.matches else ""),
        tables=(
            Table(
                caption=f"Round {number}",
                columns=columns,
                rows=tuple(rows),
                right=right,
            ),
        ),
        notes=tuple(notes),
    )
    emit(report, argparse.Namespace(output=output))
    return 0
