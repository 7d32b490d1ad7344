"""``caddy pair``: pair the next round of an event file (recorded through one
session) or of a TRF file (printed; ``caddy pairings``: :mod:`caddy.cli.pairings`)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from collections.abc import Sequence

    from caddy.cli.common import Arguments, Commands
    from caddy.contracts import Format, PairingFormat, PairingRequest
    from caddy.event.replay import State
    from caddy.model.schedule import Player, Round
    from caddy.model.teams import TeamRound
    from caddy.model.tournament import PairRound
    from caddy.plugins.host import PluginHost
from caddy.cli.common import TRF_801_BYES, check_readings, event_player
from caddy.errors import CaddyError


def add_pair(commands: Commands) -> None:
    """``caddy pair``'s parser."""
    pair = commands.add_parser(
        "pair",
        help="pair the next round of an event file, or of a TRF file",
        description=(
            "Pair the next round. EVENT.json: the round is recorded in the file "
            "(typed-in pairings for the manual format). FILE.trf: the file's next "
            "round (the first with no game) is paired by the system its record 092 or "
            "192 names, Dutch or Burstein (a team "
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
    shown.add_argument("--json", action="store_true", help="print a caddy.pairing JSON document")
    shown.add_argument(
        "--output",
        default="text",
        metavar="FORM",
        help="text (default), javafo (the engines' exchange form), markdown, csv, html",
    )
    _trf_arguments(pair.add_argument_group("TRF files"))
    pair.set_defaults(run=cmd_pair)


def _trf_arguments(trf: Arguments) -> None:
    """``caddy pair``'s options for a TRF file."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import ascii_int, output_file_arguments, readings_argument

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


def cmd_pair(ns: argparse.Namespace, host: PluginHost) -> int:
    """``caddy pair``: a TRF file's next round printed (:func:`_pair_file`), or
    an event file's next round recorded through one session and printed."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.event import other_codec
    from caddy.cli.pairings import print_pairings

    if ns.explain and ns.output == "javafo":
        raise CaddyError("--explain prints with the text or --json output, not javafo")
    codec = other_codec(ns.event, host)
    if codec is not None:
        return _pair_file(ns, codec, host)
    _refuse_file_options(ns)
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.event.session import open as open_event

    with open_event(ns.event, host=host) as session:
        paired = _next_round(ns, session.state)
        if paired is None:
            return 0
        operation, explanation = paired
        session.apply(operation)
    if ns.json or ns.output == "javafo":
        _print_round(ns, _round_of(operation), explanation)
        return 0
    count = len(operation.white)
    print(f"round {operation.round} paired: {count} board{'' if count == 1 else 's'}")
    code = print_pairings(
        session.state, operation.round, json_out=False, output=ns.output, host=host
    )
    if explanation is not None:
        print("\n".join(explanation))
    return code


def _refuse_file_options(ns: argparse.Namespace) -> None:
    """The TRF files' options, refused for an event file (one line)."""
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


def _next_round(ns: argparse.Namespace, state: State) -> tuple[PairRound, list[str] | None] | None:
    """The event's next round as an operation (and ``--explain``'s lines);
    ``None`` (said on stdout) when no round needs pairing."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.pairing.next import next_round

    fmt = state.fmt
    if fmt.kind == "external" and not state.fixed:
        if state.rounds:
            # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
            from caddy.event.progress import unfinished

            problems = unfinished(state, state.rounds[-1])
            if problems:
                raise CaddyError(problems[0], problems=problems)
        return _typed_round(ns, state), None
    if ns.pairings or ns.byes:
        raise CaddyError(
            f"--pairings and --byes type a manual event's round; format '{fmt.name}' "
            "pairs its rounds itself (announce a bye with caddy bye)"
        )
    paired = next_round(state, explain=ns.explain)
    if paired.operation is None:
        print(f"{ns.event}: {paired.message}")
        return None
    explanation = None if paired.explanation is None else list(paired.explanation)
    return paired.operation, explanation


def _typed_round(ns: argparse.Namespace, state: State) -> PairRound:
    """The manual format's round, as ``--pairings "1-4 2-3"`` and ``--byes`` type it."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import is_ascii_number
    from caddy.model.tournament import PairRound

    if not ns.pairings:
        raise CaddyError(
            f"format '{state.fmt.name}': give the pairings with --pairings \"1-4 2-3\""
        )
    white, black = [], []
    for pair in ns.pairings.replace(",", " ").split():
        left, sep, right = pair.partition("-")
        if not sep or not is_ascii_number(left) or not is_ascii_number(right):
            raise CaddyError(f"cannot read pairing '{pair}' (expected WHITE-BLACK, e.g. 1-4)")
        white.append(int(left))
        black.append(int(right))
    byes = tuple(event_player(state, p) for p in ns.byes.replace(",", " ").split())
    return PairRound(round=len(state.rounds) + 1, white=tuple(white), black=tuple(black), byes=byes)


def _round_of(operation: PairRound) -> Round:
    """The round a :class:`PairRound` records."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.schedule import Round

    return Round(
        number=operation.round,
        white=operation.white,
        black=operation.black,
        byes=operation.byes,
        matches=operation.matches,
        teams=operation.teams,
    )


def explain(fmt: Format, request: PairingRequest) -> list[str]:
    """The format's account of its pairing of ``request`` (``--explain``)."""
    return list(fmt.explain_round(request))


def _print_round(ns: argparse.Namespace, paired: Round, explanation: list[str] | None) -> None:
    """``--json`` (the caddy.pairing document) or ``--output javafo``."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.documents import write
    from caddy.pairing.documents import javafo_text, pairing_document

    if ns.json:
        write(pairing_document(paired, explanation), sys.stdout, ensure_ascii=True)
    else:
        sys.stdout.write(javafo_text(paired))


def _pair_file(ns: argparse.Namespace, codec_name: str, host: PluginHost) -> int:
    """``caddy pair FILE.trf``: pair the file's next round, print it; the file
    is not changed (``-o`` writes a copy with the round added)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
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
        get_codec(codec_name, host),
        round=ns.round,
        rounds=ns.rounds,
        initial_colour=colour,  # type: ignore[arg-type]
        readings=check_readings(ns, ns.event, codec_name),
    )
    fmt = cast("PairingFormat", host.format(found.format))
    if ns.option:
        # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
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
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.contracts.format_tools import option_summary

    options = option_summary(found.request.options)
    system = f"FIDE {str(options.get('system', 'dutch')).capitalize()} system"
    if options.get("burstein_rules") == "fide-2026":
        system += ", 2026 text"
    _print_file_round(ns, found.players, paired, host, system)
    if explanation is not None:
        print("\n".join(explanation))
    if ns.out:
        print(f"wrote {ns.out} (round {paired.number} added)")
    return 0


def _print_file_round(
    ns: argparse.Namespace,
    players: Sequence[Player],
    paired: Round,
    host: PluginHost,
    system: str = "FIDE Dutch system",
) -> None:
    """The pairing sheet of a file's round: board, White, Black with ratings."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import emit
    from caddy.model.report import Report, Table

    def named(p: int) -> str:
        return f"{players[p - 1].name} ({p})"

    def rating(p: int) -> str:
        value = players[p - 1].rating
        return "" if value is None else str(value)

    if paired.teams is not None:
        _print_team_round(ns, paired, paired.teams, host)
        return
    rows = tuple(
        (str(board), named(white), rating(white), named(black), rating(black))
        for board, (white, black) in enumerate(zip(paired.white, paired.black, strict=True), 1)
    )
    report = Report(
        kind="pairings",
        title=ns.event,
        subtitle=f"round {paired.number} ({system})",
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
    emit(report, ns, host)


def _print_team_round(
    ns: argparse.Namespace, paired: Round, teams: TeamRound, host: PluginHost
) -> None:
    """A team file's round: the matches by team number (White on board 1 first)."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import emit
    from caddy.model.report import Report, Table

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
    emit(report, ns, host)
