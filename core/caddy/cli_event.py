"""The arbiter's commands on event files: new, pair, pairings, result,
withdraw, undo, history. The file comes first; players are named by pairing
number or exact name. Every change is a read–modify–write under the file's
lock (:mod:`caddy.storage`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from caddy.formats import PairingFormat, PlayedRound

from caddy.errors import CaddyError


def add_commands(commands: Any) -> None:
    from caddy.cli_common import ascii_int, format_arguments, output_argument

    new = commands.add_parser(
        "new", help="start an event file", description="Create EVENT.json for a field."
    )
    new.add_argument("event", metavar="EVENT.json")
    new.add_argument(
        "--players", dest="players_file", required=True, metavar="FILE", help="players CSV"
    )
    format_arguments(new)
    new.add_argument("--tc", metavar="TC", help="time control")
    new.add_argument("--tiebreaks", metavar="LIST", help="tie-break list (default: the format's)")
    new.add_argument(
        "--edition", choices=("2024", "2026"), help="C.07 edition (default: by the start date)"
    )
    new.add_argument(
        "--by", choices=("lot", "rating", "given"), help="pairing numbers (default lot)"
    )
    new.add_argument("--seed", type=int, help="seed for the lot and any colour toss")
    new.add_argument("--name", default="", help="event name")
    new.add_argument("--start", help="start date YYYY-MM-DD")
    new.add_argument("--end", help="end date YYYY-MM-DD")
    new.add_argument("--place", default="", help="place")
    new.add_argument("--arbiter", default="", help="chief arbiter")
    new.set_defaults(handler=cmd_new)

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

    result = commands.add_parser("result", help="record a result or a bye")
    result.add_argument("event", metavar="EVENT.json")
    result.add_argument("round", type=ascii_int, metavar="ROUND")
    result.add_argument("board", nargs="?", type=ascii_int, metavar="BOARD")
    result.add_argument("result", nargs="?", metavar="RESULT", help="1-0 0-1 1/2 ½-½ +- -+ --")
    result.add_argument(
        "--bye", nargs=2, metavar=("PLAYER", "KIND"), help="a bye: full, half or zero"
    )
    result.add_argument(
        "--force",
        action="store_true",
        help="replace the result already on the board, or the player's bye",
    )
    result.set_defaults(handler=cmd_result)

    withdraw = commands.add_parser("withdraw", help="a player leaves the event")
    withdraw.add_argument("event", metavar="EVENT.json")
    withdraw.add_argument("player", metavar="PLAYER")
    withdraw.add_argument(
        "--after-round", type=ascii_int, help="last round played (default: the last with a result)"
    )
    withdraw.set_defaults(handler=cmd_withdraw)

    undo = commands.add_parser("undo", help="drop the last operations")
    undo.add_argument("event", metavar="EVENT.json")
    undo.add_argument("--steps", type=ascii_int, default=1, help="how many (default 1)")
    undo.set_defaults(handler=cmd_undo)

    history = commands.add_parser("history", help="every operation applied, in order")
    history.add_argument("event", metavar="EVENT.json")
    history.add_argument("--json", action="store_true", help="print the operations as JSON")
    history.set_defaults(handler=cmd_history)


def other_codec(path: str) -> str | None:
    """The name of the codec (file format) ``path`` is written in, when that
    is not caddy's event file (codec ``json``): the first codec whose
    ``sniff`` recognises the file's first bytes, else the first that claims
    its suffix. ``None`` for a file that looks like JSON, one that cannot be
    read (loading it says why) or one no codec claims."""
    from pathlib import Path

    from caddy.storage import peek

    head = peek(path, 4096)  # never opens a pipe or reads a device
    if not head:
        return None  # not a regular file, or empty: loading it says what is wrong
    if head.removeprefix(b"\xef\xbb\xbf").lstrip()[:1] in (b"{", b"["):
        return None  # JSON: the event file's own checks speak
    from caddy.plugins import get_host

    codecs = [c for c in get_host().codecs() if c.name != "json"]
    suffix = Path(path).suffix.lower()
    for codec in [c for c in codecs if c.sniff(head)] or [
        c for c in codecs if suffix in c.suffixes
    ]:
        return str(codec.name)
    return None


def refuse_other_formats(path: str) -> None:
    """One line for an event command given, say, a TRF file: name its format
    and the command that makes an event file from it."""
    name = other_codec(path)
    if name is not None:
        label = name.upper() if len(name) <= 4 else name
        raise CaddyError(
            f"{path} is a {label} file, not an event file; "
            f"make one with `caddy import {path} -o event.json`"
        )


def _player(state: Any, text: str) -> int:
    players = state.event.tournament.players
    from caddy.cli_common import is_ascii_number

    if is_ascii_number(text.strip()):
        number = int(text)
        if not 1 <= number <= len(players):
            raise CaddyError(f"no player {number} (pairing numbers run 1..{len(players)})")
        return number
    matches = [i for i, p in enumerate(players, 1) if p.name == text]
    if not matches:
        raise CaddyError(
            f"no player named '{text}' (give a pairing number in digits 0-9 or the exact name)"
        )
    return matches[0]


def _date(text: str | None, option: str) -> Any:
    import datetime

    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise CaddyError(f"{option} '{text}' is not a date (expected YYYY-MM-DD)") from None


def cmd_new(ns: argparse.Namespace) -> int:
    from pathlib import Path

    from caddy.cli_common import format_and_options
    from caddy.event_documents import new_event
    from caddy.models import draw_seed
    from caddy.players import read_players_csv
    from caddy.storage import dumps, write_file

    path = Path(ns.event)
    if path.exists():
        raise CaddyError(f"{path} exists already; an event file is created once")
    fmt, options = format_and_options(ns)
    entrants = read_players_csv(ns.players_file)
    from caddy.calculator import check_field

    check_field(len(entrants), fmt, options)
    numbering = fmt.number_players(entrants, ns.by or fmt.default_numbering, ns.seed)
    # every random choice of the format (colour tosses, lots) comes from this
    # seed, drawn once here and recorded in the file: a replay never draws again
    seed = ns.seed if ns.seed is not None else numbering.seed
    if seed is None:
        seed = draw_seed()
    time_control = None
    if ns.tc:
        from caddy.timecontrol import parse_time_control

        time_control = parse_time_control(ns.tc)
    tiebreaks = None
    if ns.tiebreaks:
        from caddy.standings import resolve_tiebreaks, tiebreak_texts

        texts = tiebreak_texts(ns.tiebreaks, True)
        resolve_tiebreaks(texts, True)  # every name must be known now
        tiebreaks = tuple(texts)
    event = new_event(
        numbering.players,
        fmt.name,
        options,
        name=ns.name,
        start=_date(ns.start, "--start"),
        end=_date(ns.end, "--end"),
        place=ns.place,
        arbiter=ns.arbiter,
        time_control=time_control,
        tiebreaks=tiebreaks,
        edition=ns.edition,
        numbering=numbering.method,
        numbering_seed=numbering.seed,
        seed=seed,
    )
    # created under the lock, never over an existing file (another `new` may have won)
    write_file(
        path,
        dumps(event),
        force=False,
        exists=f"{path} exists already; an event file is created once",
    )
    print(f"{path}: {fmt.name}, {len(numbering.players)} players")
    if numbering.seed is not None:
        print(f"pairing numbers drawn by lot, seed {numbering.seed} (recorded in the file)")
    if seed != numbering.seed:
        print(f"colour tosses and lots: seed {seed} (recorded in the file)")
    from caddy.render import visible

    for number, player in enumerate(numbering.players, 1):
        rating = "unrated" if player.rating is None else str(player.rating)
        print(f"  {number:>3}  {visible(player.name)} ({rating})")
    return 0


def played_rounds(state: Any) -> list[Any]:
    """The rounds played so far as :class:`caddy.formats.PlayedRound` (complete rounds only)."""
    from caddy.formats import PlayedRound
    from caddy.models import Round
    from caddy.results import GAME_POINTS, RESULT_WORDS

    played: list[PlayedRound] = []
    for rnd in state.rounds:
        if not rnd.boards or not all(b.results for b in rnd.boards):
            break
        results = []
        games = []
        for board in rnd.boards:
            if rnd.matches:
                from caddy.event_replay import board_match

                match = board_match(state, board)
                winner = match.winner()
                if winner is None:
                    return played
                results.append(1.0 if winner == board.white else 0.0)
                games.append(len(board.results))
            else:
                code = RESULT_WORDS[board.results[-1]][0]
                results.append(GAME_POINTS[code])
                games.append(1)
        round_ = Round(
            number=rnd.number,
            white=tuple(b.white for b in rnd.boards),
            black=tuple(b.black for b in rnd.boards),
            byes=tuple(rnd.byes) or rnd.rest,
            matches=rnd.matches,
        )
        played.append(PlayedRound(round=round_, results=tuple(results), games=tuple(games)))
    return played


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
            byes = tuple(_player(state, p) for p in ns.byes.replace(",", " ").split())
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


def cmd_result(ns: argparse.Namespace) -> int:
    from caddy.event_model import RecordBye, RecordResult
    from caddy.event_replay import apply, replay
    from caddy.storage import updating

    with updating(ns.event) as box:
        state = replay(box[0])
        if ns.bye:
            if ns.board is not None or ns.result is not None:
                raise CaddyError("give either BOARD RESULT or --bye PLAYER KIND, not both")
            player_text, kind = ns.bye
            if kind not in ("full", "half", "zero", "pab"):
                raise CaddyError(f"unknown bye '{kind}' (expected full, half or zero)")
            player = _player(state, player_text)
            earlier = state.round(ns.round).byes.get(player)
            if earlier is not None and not ns.force:
                name = state.event.tournament.players[player - 1].name
                raise CaddyError(
                    f"round {ns.round}: {name} ({player}) already has a {earlier} bye; "
                    "use --force to replace it"
                )
            operation: Any = RecordBye(round=ns.round, player=player, kind=kind)
        else:
            if ns.board is None or ns.result is None:
                raise CaddyError(
                    "give ROUND BOARD RESULT (e.g. 1 2 1-0) or ROUND --bye PLAYER KIND"
                )
            result = ns.result.strip().replace("½", "1/2").replace("1/2-1/2", "1/2")
            operation = RecordResult(round=ns.round, board=ns.board, result=result, force=ns.force)
        apply(
            state, operation
        )  # refuses a board that does not exist or a second result without --force
        box[0] = box[0].with_operation(operation, check=False)  # applied to `state` above
    game = match_games(box[0]).get(len(box[0].operations) - 1)
    print(f"recorded: {describe(operation, box[0], game)}")
    return 0


def cmd_withdraw(ns: argparse.Namespace) -> int:
    from caddy.event_model import Withdraw
    from caddy.event_replay import apply, replay
    from caddy.storage import updating

    with updating(ns.event) as box:
        state = replay(box[0])
        player = _player(state, ns.player)
        after = ns.after_round
        if after is None:
            after = 0
            for rnd in state.rounds:
                for b in rnd.boards:
                    if player in (b.white, b.black) and b.results:
                        after = rnd.number
                if player in rnd.byes:
                    after = rnd.number
        operation = Withdraw(player=player, after_round=after)
        apply(state, operation)
        box[0] = box[0].with_operation(operation, check=False)  # applied to `state` above
    name = box[0].tournament.players[player - 1].name
    print(
        f"recorded: {name} ({player}) withdraws after round {after}: {_withdrawal_effect(state, player, after)}"
    )
    return 0


def _withdrawal_effect(state: Any, player: int, after: int) -> str:
    """What the withdrawal does to the results, in words: in a fixed schedule
    (round robins, quads) FIDE's 50% rule (General Regulations for Competitions
    6.6, as :meth:`caddy.results.EventBuilder.withdraw` applies it: games played
    over the board up to ``after`` against the player's games in the schedule)."""
    from caddy.results import GAME_CODES, RESULT_WORDS

    if not state.fixed:
        return f"results stand; absent (no points) from every round after round {after}"
    scheduled = played = 0
    for rnd in state.rounds:
        for board in rnd.boards:
            if player not in (board.white, board.black):
                continue
            scheduled += 1
            if rnd.number <= after and board.results:
                codes = RESULT_WORDS[board.results[-1]]
                if codes[0 if board.white == player else 1] in GAME_CODES:
                    played += 1
    counted = f"{played} of {scheduled} game{'s' if scheduled != 1 else ''} played"
    rule = "(FIDE General Regulations for Competitions 6.6)"
    if 2 * played < scheduled:
        return (
            f"{counted}, under half, so their results are annulled {rule}; "
            "their later games need no result"
        )
    return (
        f"{counted}, at least half, so their results stand; "
        f"later opponents score a win by forfeit {rule}"
    )


def cmd_undo(ns: argparse.Namespace) -> int:
    from caddy.storage import updating

    with updating(ns.event, check_history=False) as box:  # undo drops a history that fails
        before = box[0]
        first = len(before.operations) - ns.steps
        dropped = before.operations[first:] if ns.steps > 0 else ()
        box[0] = box[0].undo(ns.steps)
    try:
        games = match_games(before)
    except CaddyError:  # the history undone did not replay: its results get no game label
        games = {}
    for index, operation in reversed(list(enumerate(dropped, first))):
        print(f"undone: {describe(operation, box[0], games.get(index))}")
    return 0


def match_games(event: Any) -> dict[int, str]:
    """For each result operation on a knockout match (by index in the log): which
    game of the match it is and who had White, as the pairing sheet lists them
    (the result refers to that White)."""
    from caddy.event_model import RecordResult
    from caddy.event_replay import replay
    from caddy.plugins import get_host
    from caddy.render import visible

    fmt = get_host().formats().get(event.tournament.format.name)
    if not fmt.has_matches:  # no matches: nothing to replay
        return {}
    state = replay(event)
    players = event.tournament.players
    options = event.tournament.format.options
    counts: dict[tuple[int, int], int] = {}
    games: dict[int, str] = {}
    for index, operation in enumerate(event.operations):
        if not isinstance(operation, RecordResult):
            continue
        rnd = state.rounds[operation.round - 1]
        if not rnd.matches:
            continue
        key = (operation.round, operation.board)
        if not operation.force:  # a correction replaces the match's last game
            counts[key] = counts.get(key, 0) + 1
        board = rnd.boards[operation.board - 1]
        stage, white, _ = fmt.new_match(board.white, board.black, options).game_at(counts[key])
        label = "" if stage == "standard" else f" {stage}"
        name = visible(players[white - 1].name)
        games[index] = f"game {counts[key]}{label}, White {name} ({white})"
    return games


def describe(operation: Any, event: Any, game: str | None = None) -> str:
    """One line for an operation, with names (``game``: a knockout match's game
    and its White, from :func:`match_games`)."""
    from caddy.event_model import PairRound, RecordBye, RecordResult, Withdraw
    from caddy.render import visible

    players = event.tournament.players

    def name(p: int) -> str:
        return f"{visible(players[p - 1].name)} ({p})" if 1 <= p <= len(players) else str(p)

    if isinstance(operation, PairRound):
        kind = "matches" if operation.matches else "boards"
        return f"pair round {operation.round}: {len(operation.white)} {kind}"
    if isinstance(operation, RecordResult):
        forced = " (correction)" if operation.force else ""
        where = f" ({game})" if game else ""
        return f"round {operation.round} board {operation.board}{where}: {operation.result}{forced}"
    if isinstance(operation, RecordBye):
        return f"round {operation.round}: {operation.kind} bye for {name(operation.player)}"
    if isinstance(operation, Withdraw):
        return f"{name(operation.player)} withdraws after round {operation.after_round}"
    return repr(operation)  # pragma: no cover


def cmd_history(ns: argparse.Namespace) -> int:
    from caddy.storage import load

    event = load(ns.event)
    if ns.json:
        import json

        from caddy.event_documents import operations_to_data

        print(
            json.dumps(
                operations_to_data(event.operations), ensure_ascii=False, indent=2, allow_nan=False
            )
        )
        return 0
    if not event.operations:
        print(f"{ns.event}: no operations yet")
    games = match_games(event)
    for index, operation in enumerate(event.operations, 1):
        print(f"{index:>4}  {describe(operation, event, games.get(index - 1))}")
    return 0


def load_results(path: str) -> tuple[Any, tuple[str, ...] | None, str | None]:
    """An event file's results for standings, with its tie-break list and edition."""
    from caddy.event_replay import replay, results_event
    from caddy.storage import load

    event = load(path)
    state = replay(event)
    return results_event(state), event.tournament.tiebreaks, event.tournament.edition
