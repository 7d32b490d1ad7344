"""``caddy pair`` and ``caddy pairings``: pair the next round of an event file,
print a round's pairings."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from caddy.contracts import PairingFormat
from caddy.cli.common import TRF_801_BYES, check_readings, event_player
from caddy.errors import CaddyError


def add_commands(commands: Any) -> None:
    from caddy.cli.common import (
        ascii_int,
        output_argument,
        output_file_arguments,
        readings_argument,
    )

    pair = commands.add_parser(
        "pair",
        help="pair the next round of an event file, or of a TRF file",
        description=(
            "Pair the next round. EVENT.json: the round is recorded in the file "
            "(typed-in pairings for the manual format). FILE.trf: the file's next "
            "round (the first with no game) is paired by the Dutch system (a team "
            "file: the Swiss Team Pairing System, C.04.6) and printed; the file is "
            "not changed (-o writes a copy with the round)."
        ),
    )
    pair.add_argument("event", metavar="FILE", help="an event file, or a TRF16/TRF26 file")
    pair.add_argument(
        "--pairings", metavar="PAIRS", help='manual format: "white-black ..." e.g. "1-4 2-3"'
    )
    pair.add_argument(
        "--byes",
        metavar="PLAYERS",
        default="",
        help="manual format: players with a pairing-allocated bye",
    )
    pair.add_argument(
        "--explain",
        action="store_true",
        help="say how each score bracket was paired (Swiss)",
    )
    shown = pair.add_mutually_exclusive_group()
    shown.add_argument(
        "--json", action="store_true", help="print a caddy.pairing.request JSON document"
    )
    shown.add_argument(
        "--output",
        default="text",
        metavar="FORM",
        help="text (default), javafo (the engines' exchange form), markdown, csv, html",
    )
    trf = pair.add_argument_group("TRF files")
    trf.add_argument("--round", type=ascii_int, help="the round to pair (default: the next)")
    trf.add_argument("--rounds", type=ascii_int, help="the planned rounds (default: XXR or 142)")
    trf.add_argument(
        "--initial-colour",
        choices=("white", "black"),
        help="the top-ranked player's colour in round 1 (default: XXC or 152)",
    )
    output_file_arguments(trf, metavar="OUT.trf", help="write the file with the new round added")
    trf.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a pairing format option over the file's, e.g. win=3 (a TRF file only); repeatable",
    )
    readings_argument(trf)
    pair.set_defaults(handler=cmd_pair)

    pairings = commands.add_parser("pairings", help="the pairing sheet for a round")
    pairings.add_argument("event", metavar="EVENT.json")
    pairings.add_argument("--round", type=ascii_int, help="round (default: the current one)")
    forms = pairings.add_mutually_exclusive_group()
    forms.add_argument("--json", action="store_true", help="print a caddy.pairings JSON document")
    output_argument(forms)
    pairings.set_defaults(handler=cmd_pairings)


def cmd_pair(ns: argparse.Namespace) -> int:
    from caddy.cli.event import other_codec

    if ns.explain and ns.output == "javafo":
        raise CaddyError("--explain prints with the text or --json output, not javafo")
    codec = other_codec(ns.event)
    if codec is not None:
        return _pair_file(ns, codec)
    misplaced = [
        option
        for option, value in (
            ("--round", ns.round),
            ("--rounds", ns.rounds),
            ("--initial-colour", ns.initial_colour),
            ("-o", ns.out),
            ("--force", ns.force or None),
            (TRF_801_BYES[0], ns.readings or None),
            ("--option", ns.option or None),
        )
        if value is not None
    ]
    if misplaced:
        raise CaddyError(
            f"{misplaced[0]} is for TRF files; an event file pairs its next round "
            "with its own rounds, colours and options (set at caddy new)"
        )
    from caddy.contracts.format_tools import depends_on_results
    from caddy.event.progress import over_message, unfinished
    from caddy.event.replay import apply, replay
    from caddy.event.store import updating
    from caddy.model.tournament import PairRound

    explanation: list[str] | None = None
    with updating(ns.event) as box:
        state = replay(box[0])
        fmt = state.fmt
        if state.fixed:
            print(
                f"{ns.event}: format '{fmt.name}' fixes its schedule in advance; no round needs pairing"
            )
            return 0
        if state.rounds:
            problems = unfinished(state, state.rounds[-1])
            if problems:
                raise CaddyError(problems[0], problems=problems)
        if fmt.kind != "external" and (ns.pairings or ns.byes):
            raise CaddyError(
                f"--pairings and --byes type a manual event's round; format '{fmt.name}' "
                "pairs its rounds itself (announce a bye with caddy bye)"
            )
        if fmt.kind == "external":
            from caddy.cli.common import is_ascii_number

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
            from caddy.pairing.request import request_from_state

            pairing = cast("PairingFormat", fmt)
            request = request_from_state(state)
            rnd = pairing.next_round(request)
            if rnd is not None and ns.explain:
                explanation = explain(fmt, request)
            if rnd is None:
                print(f"{ns.event}: the event is over; {over_message(state, pairing, request)}")
                return 0
            operation = PairRound(
                round=rnd.number,
                white=rnd.white,
                black=rnd.black,
                byes=rnd.byes,
                matches=rnd.matches,
                teams=rnd.teams,
            )
        else:  # pragma: no cover - every format either fixes, derives or takes its pairings
            raise CaddyError(f"format '{fmt.name}' cannot pair rounds")
        apply(state, operation)
        box[0] = box[0].with_operation(operation, check=False)  # applied to `state` above
        event = box[0]
    if ns.json or ns.output == "javafo":
        from caddy.model.schedule import Round

        paired = Round(
            number=operation.round,
            white=operation.white,
            black=operation.black,
            byes=operation.byes,
            matches=operation.matches,
            teams=operation.teams,
        )
        _print_round(ns, paired, explanation)
        return 0
    print(f"round {operation.round} paired: {len(operation.white)} boards")
    code = _print_pairings(event, operation.round, json_out=False, output=ns.output)
    if explanation is not None:
        print("\n".join(explanation))
    return code


def explain(fmt: Any, request: Any) -> list[str]:
    """The format's account of its pairing of ``request`` (``--explain``)."""
    return list(fmt.explain_round(request))


def _print_round(ns: argparse.Namespace, paired: Any, explanation: list[str] | None) -> None:
    """``--json`` (the caddy.pairing.request document) or ``--output javafo``."""
    from caddy.pairing.documents import javafo_text, pairing_document

    if ns.json:
        import json

        print(json.dumps(pairing_document(paired, explanation), indent=2))
    else:
        sys.stdout.write(javafo_text(paired))


def _pair_file(ns: argparse.Namespace, codec_name: str) -> int:
    """``caddy pair FILE.trf``: pair the file's next round, print it; the file
    is not changed (``-o`` writes a copy with the round added)."""
    from caddy.files.storage import read_bytes, refuse_existing, write_output
    from caddy.pairing.file_input import file_pairing
    from caddy.plugins.lookup import get_codec

    if ns.pairings or ns.byes:
        raise CaddyError("--pairings and --byes type a manual event's round; a TRF file is paired")
    refuse_existing(ns.out, ns.force)
    data = read_bytes(ns.event, f"a {codec_name.upper()} file")
    colour = {"white": "w", "black": "b"}.get(ns.initial_colour or "")
    found = file_pairing(
        ns.event,
        data,
        get_codec(codec_name),
        round=ns.round,
        rounds=ns.rounds,
        initial_colour=colour,  # type: ignore[arg-type]
        readings=check_readings(ns, ns.event, codec_name),
    )
    from caddy.plugins.host import get_host

    fmt = cast("PairingFormat", get_host().formats().get(found.format))
    if ns.option:
        from caddy.cli.common import option_values
        from caddy.pairing.file_input import with_options

        found = with_options(found, fmt, option_values(ns.option))
    paired = fmt.next_round(found.request)
    if paired is None:  # pragma: no cover - the codec refuses a round after the planned ones
        raise CaddyError(f"{ns.event}: round {found.request.round} is after the planned rounds")
    explanation = explain(fmt, found.request) if ns.explain else None
    if ns.out:
        write_output(ns.out, found.write(paired), force=ns.force)
    if ns.json or ns.output == "javafo":
        _print_round(ns, paired, explanation)
        return 0
    _print_file_round(ns, found.players, paired)
    if explanation is not None:
        print("\n".join(explanation))
    if ns.out:
        print(f"wrote {ns.out} (round {paired.number} added)")
    return 0


def _print_file_round(ns: argparse.Namespace, players: Any, paired: Any) -> None:
    """The pairing sheet of a file's round: board, White, Black with ratings."""
    from caddy.cli.common import emit
    from caddy.model.report import Report, Table

    def named(p: int) -> str:
        return f"{players[p - 1].name} ({p})"

    def rating(p: int) -> str:
        value = players[p - 1].rating
        return "" if value is None else str(value)

    if paired.teams is not None:
        _print_team_round(ns, paired)
        return
    rows = tuple(
        (str(board), named(white), rating(white), named(black), rating(black))
        for board, (white, black) in enumerate(zip(paired.white, paired.black, strict=True), 1)
    )
    report = Report(
        kind="pairings",
        title=ns.event,
        subtitle=f"round {paired.number} (FIDE Dutch system)",
        tables=(
            Table(
                caption=f"Round {paired.number}",
                columns=("board", "white", "rating", "black", "rating"),
                rows=rows,
                right=frozenset({0, 2, 4}),
            ),
        ),
        notes=tuple(f"pairing-allocated bye: {named(p)}" for p in paired.byes),
    )
    emit(report, ns)


def cmd_pairings(ns: argparse.Namespace) -> int:
    from caddy.event.store import load

    event = load(ns.event)
    return _print_pairings(event, ns.round, json_out=ns.json, output=ns.output)


def _print_pairings(event: Any, number: int | None, *, json_out: bool, output: str = "text") -> int:
    from caddy.event.replay import board_match, replay
    from caddy.event.rounds import withdrawal_result
    from caddy.views.pairing_sheet import match_games

    state = replay(event)
    if not state.rounds:
        raise CaddyError("no round is paired yet (use `caddy pair`)")
    withdrawn = state.withdrawn

    def open_board(rnd: Any, b: Any) -> bool:
        if rnd.matches:
            return board_match(state, b).winner() is None
        return not b.results and not withdrawal_result(withdrawn, rnd.number, b.white, b.black)

    if number is None:
        number = next(
            (r.number for r in state.rounds if any(open_board(r, b) for b in r.boards)),
            len(state.rounds),
        )
    rnd = state.round(number)
    players = event.tournament.players

    if json_out:
        import json

        from caddy.model import documents as doc
        from caddy.model.documents import PlayerRef

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
            gone = [p for p in (b.white, b.black) if p in withdrawn and number > withdrawn[p]]
            if gone:
                fields["withdrawn"] = tuple(gone)
            if rnd.matches:
                games, match = match_games(state, b), board_match(state, b)
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
    from caddy.cli.common import emit
    from caddy.views.pairing_sheet import sheet

    emit(sheet(state, number), argparse.Namespace(output=output))
    return 0


def _print_team_round(ns: argparse.Namespace, paired: Any) -> None:
    """A team file's round: the matches by team number (White on board 1 first)."""
    from caddy.cli.common import emit
    from caddy.model.report import Report, Table

    teams = paired.teams
    report = Report(
        kind="pairings",
        title=ns.event,
        subtitle=f"round {paired.number} (FIDE Swiss Team Pairing System, C.04.6)",
        tables=(
            Table(
                caption=f"Round {paired.number}",
                columns=("match", "white (board 1)", "black (board 1)"),
                rows=tuple(
                    (str(m), str(match.white), str(match.black))
                    for m, match in enumerate(teams.matches, 1)
                ),
                right=frozenset({0, 1, 2}),
            ),
        ),
        notes=tuple(
            f"pairing-allocated bye: team {bye.team}" for bye in teams.byes if bye.kind == "pab"
        ),
    )
    emit(report, ns)
