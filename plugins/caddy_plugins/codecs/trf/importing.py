"""Importing a TRF file into an event file (see :mod:`caddy_plugins.codecs.trf` for what is read)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from caddy.contracts.codecs import Imported
from caddy.errors import CaddyError
from caddy.model.results import BYE_KIND_CODES
from caddy_plugins.codecs.trf.rounds import LONG, meets_too_often_read, read_rounds

if TYPE_CHECKING:
    from caddy.model.cells import Cell
    from caddy.model.timecontrol import TimeControl
    from caddy_plugins.codecs.trf.records import TrfDocument

__all__ = ["BYE_KINDS", "import_document"]

#: A bye code (no opponent) → the bye kind; ``Z`` is left implicit (a round robin's
#: rest round is written ``Z`` too).
BYE_KINDS = {code: kind for kind, code in BYE_KIND_CODES.items() if kind not in ("zero", "rest")}
_KNOWN_RECORD = re.compile(r"^(0[1-9]2|1[0-3]2|013|\d\d\d|XX.|BB.|###)")


def import_document(doc: TrfDocument, *, strict: bool = False, byes_801: bool = False) -> Imported:
    """An event file from a parsed TRF file (``byes_801``: a team bye only
    record 801 shows is read, :func:`.team_records.read_team_records`)."""
    from caddy.event import EventFile, FormatChoice, Tournament, replay
    from caddy.model.cells import check_rows
    from caddy_plugins.codecs.trf.checks import stated_problems
    from caddy_plugins.codecs.trf.document import parse_date
    from caddy_plugins.codecs.trf.records import players_of
    from caddy_plugins.codecs.trf.replay_check import checked_as_built
    from caddy_plugins.codecs.trf.row_points import row_codes
    from caddy_plugins.codecs.trf.scoring import (
        annulled_withdrawals,
        bye_scoring,
        points_without,
        scoring_with_points,
    )
    from caddy_plugins.codecs.trf.system import says_swiss

    src = doc.source
    read = read_rounds(doc)
    if read is None:  # some game's two sides disagree: say where, one line each
        rows, names = _rows_and_names(doc)
        problems = [f"{src}: {p}" for p in check_rows(rows, names=names, meetings=False)]
        problems = problems or [f"{src}: the two sides of some game disagree"]
        raise CaddyError(problems[0], problems=problems)
    rounds = read.rounds
    warnings = list(doc.warnings)
    errors_if_strict: list[str] = list(doc.warnings)

    def warn(message: str) -> None:
        warnings.append(f"{src}: {message}")
        errors_if_strict.append(f"{src}: {message}")

    # the rounds read: every game code has an opponent, every bye code none
    codes = row_codes(doc) if doc.rounds > LONG else None  # long rows: scored code by code
    # the scoring, and each row's points when the bye values' inference added them up
    scored, summed = scoring_with_points(doc, codes=codes, summed=read.summed)
    met = doc.results_cycles()  # every pair met this often (0: not every pair as often)
    cycles = doc.round_robin(results=met)
    # a withdrawal whose results the file's points annul (docs/trf.md): after its round
    withdrawals = annulled_withdrawals(doc, scored, cycles=cycles)
    # stated points that differ from the results (checks.check_document's stated points)
    totals = (
        summed
        if summed is not None and not withdrawals
        else points_without(
            doc, scored, {w.player for w in withdrawals}, consistent=True, codes=codes
        )
    )
    for problem in stated_problems(doc, totals):
        warn(problem)
    if strict:
        for line in (*doc.head, *doc.tail):
            if line.strip() and not _KNOWN_RECORD.match(line):
                errors_if_strict.append(f"{src}: not a TRF record: {line[:40]!r}")

    scoring = bye_scoring(*scored)
    from caddy_plugins.codecs.trf.team_import import team_import
    from caddy_plugins.codecs.trf.team_records import has_teams

    teams = team_import(doc, len(rounds), warn, byes_801=byes_801) if has_teams(doc) else None
    team_rounds = teams.rounds(rounds, warn) if teams is not None else None
    if team_rounds is None:  # no teams, or matches that cannot be rebuilt: individual games
        teams = None
    tiebreaks = _tiebreaks(doc, warn, teams=teams is not None)
    time_control = _time_control(doc.record("222"), warn)
    for text in doc.records("240"):
        if not re.fullmatch(r" ?[FHZfhz] +\d+( +\d+)*\s*", text):
            warn(f"record 240 '{text.strip()}' is not 'T RRR IIII ...' (kept as written)")
    for record in ("152", "XXC"):
        colour = doc.record(record)
        if colour and not re.fullmatch(r"(?i)(\d+\s+)?(w|b|white1|black1)", colour):
            warn(f"record {record} '{colour}' names no initial colour (kept as written)")

    n = len(doc.players)
    from caddy_plugins.formats.manual import ManualOptions
    from caddy_plugins.formats.round_robin import RoundRobinOptions, round_robin_rounds

    stated = doc.stated_round_robin()
    fits_table = (
        cycles in (1, 2)
        # a round robin stated (092) but paired elsewhere may repeat a pairing (when
        # every pair met `cycles` times, as the rounds read both sides, none did)
        and (met == cycles or max(_meetings(rounds, n).values(), default=0) <= cycles)
        and len(rounds) <= round_robin_rounds(n) * cycles
        and not any(r[3] for r in rounds)
        and n >= 2
        # caddy's export of the round-robin format writes record 192 in TRF26
        # and plans whole cycles of the table (XXR or 142): a TRF26 file without
        # 192, or one without 192 planning part of a cycle, is an event paired
        # elsewhere (manual) whose results may form a round robin
        and (
            doc.type_code is not None
            or (doc.record("142") is None and doc.rounds_declared % round_robin_rounds(n) == 0)
        )
    )
    options: Any
    if teams is not None:  # a team event (TRF-2026 records 310 ...): team_import
        format_choice = teams.format
    elif cycles and fits_table:
        given = tuple((tuple(w), tuple(b)) for w, b, *_ in rounds)
        options = RoundRobinOptions(
            # a file from before round 1: FIDE's table, else the file's own rounds
            table="given" if given else "fide",
            cycles=cycles,
            given=given,
        )
        format_choice = FormatChoice(name="round-robin", options=options)
    elif says_swiss(doc) and not stated:
        from caddy_plugins.codecs.trf.system import initial_colour, swiss_options

        format_choice = FormatChoice(
            name="swiss",
            options=swiss_options(
                doc,
                rounds=max(doc.rounds_declared, len(rounds)),
                colour=initial_colour(doc, len(rounds) + 1),
            ),
        )
    else:
        # a Swiss or other system; or a round robin the round-robin format cannot
        # hold (games without colours, empty rounds): manual, ranked as a round robin
        format_choice = FormatChoice(
            name="manual",
            # ranked as the file says (192, else 092); a file that says nothing
            # and whose results form a round robin: unset, the results decide (so
            # a manual event that was unset reads back unset); else Swiss rules
            options=ManualOptions(
                rounds=max(doc.rounds_declared, 0),
                round_robin=None if stated is None and cycles else cycles > 0,
            ),
        )
        if meets_too_often_read(read, n, cycles):  # else the check finds nothing
            rows, names = _rows_and_names(doc)
            for problem in check_rows(
                rows, cycles=cycles, names=names, pairings=False, complete=False
            ):
                warn(problem)
    if strict and errors_if_strict:
        raise CaddyError(errors_if_strict[0], problems=errors_if_strict)

    players = players_of(doc.players, doc.fields)
    tournament = Tournament(
        name=doc.title,
        start=parse_date(doc.record("042") or ""),
        end=parse_date(doc.record("052") or ""),
        place=doc.record("022") or "",
        arbiter=doc.record("102") or "",
        time_control=time_control,
        format=format_choice,
        tiebreaks=tiebreaks,
        players=players,
        numbering="given",
        scoring=None if scoring == type(scoring)() else scoring,
        kept={"trf": {"head": list(doc.head), "tail": list(doc.tail)}},
        teams=None if teams is None else teams.setup,
    )
    from caddy.event import Operation, OperationLog, PairRound, RecordBye, Withdraw

    fixed = format_choice.name == "round-robin"
    items: list[Operation | tuple[int, Sequence[str]]] = []
    items.extend(Withdraw(player=w.player, after_round=0) for w in withdrawals if not w.after_round)
    # a Swiss's trailing rounds with no game and no pairing-allocated bye are
    # not paired yet: their cells are announced byes (what a pairing program
    # hands over before pairing a round, FIDE Handbook C.04.2 3.3), not rounds
    # of no boards
    ahead = format_choice.name == "swiss"
    paired = len(rounds)
    while ahead and paired and not _paired(rounds[paired - 1]):
        paired -= 1
    for number, (whites, blacks, words, uncoloured, resting) in enumerate(rounds[:paired], 1):
        if teams is not None:  # the team matches; their implied forfeits are the replay's
            assert team_rounds is not None
            paired_round, words, resting = team_rounds[number - 1]
            items.append(paired_round)
        elif not fixed:
            items.append(
                PairRound(
                    round=number,
                    white=tuple(whites),
                    black=tuple(blacks),
                    byes=tuple(p for p, code in resting if code == "U"),
                    uncoloured=tuple(uncoloured),
                )
            )
        items.extend(
            RecordBye(round=number, player=p, kind=BYE_KINDS[code])
            for p, code in resting
            if code in BYE_KINDS and (fixed or code != "U")
        )
        items.append((number, words))
        items.extend(
            Withdraw(player=w.player, after_round=number)
            for w in withdrawals
            if w.after_round == number
        )
    announced = []
    if ahead:
        last = max(len(rounds), min(doc.rounds_declared, max(_zero_rounds(doc), default=0)))
        announced = _announced(doc, paired + 1, last)
        items.extend(announced)
    if doc.pending_round and not fixed and doc.pending_round == paired + 1:
        items.extend(_pending_round(doc))
    event = EventFile(tournament=tournament, operations=OperationLog.build(items))
    # only rounds as the file pairs them: the replay would find nothing (.replay_check)
    plain = teams is None and not withdrawals and not announced and not doc.pending_round
    if plain and checked_as_built(event):
        return Imported(event=event, warnings=tuple(warnings))
    try:
        replay(event)
    except CaddyError as exc:
        if format_choice.name == "swiss":  # a Swiss the swiss format cannot hold: as paired
            manual = FormatChoice(
                name="manual",
                options=ManualOptions(rounds=max(doc.rounds_declared, 0), round_robin=False),
            )
            # as paired: the rounds not paired yet are left out with their announced byes
            played = [i for i in items if not (isinstance(i, RecordBye) and i.round > paired)]
            event = EventFile(
                tournament=attrs.evolve(tournament, format=manual),
                operations=OperationLog.build(played),
            )
            warn(f"read as paired elsewhere (manual): the swiss format cannot hold it: {exc}")
            try:
                replay(event)
            except CaddyError as again:
                raise CaddyError(f"{src}: {again}") from None
            return Imported(event=event, warnings=tuple(warnings))
        raise CaddyError(f"{src}: {exc}") from None
    return Imported(event=event, warnings=tuple(warnings))


def _rows_and_names(doc: TrfDocument) -> tuple[list[tuple[Cell, ...]], list[str]]:
    """Each player's cells and name (what :func:`caddy.model.cells.check_rows` reads)."""
    return [p.cells for p in doc.players], [p.name for p in doc.players]


def _meetings(rounds: Sequence[tuple[list[int], list[int], Any, Any, Any]], n: int) -> Counter[int]:
    """How often each pair met (a game or a forfeit) in the rounds of
    :func:`.rounds.rounds_of`, a pair ``a < b`` as ``a * (n + 1) + b``."""
    width = n + 1
    met: Counter[int] = Counter()
    for whites, blacks, *_ in rounds:
        met.update(
            [w * width + b if w < b else b * width + w for w, b in zip(whites, blacks, strict=True)]
        )
    return met


def _paired(round: tuple[list[int], list[int], Any, Any, list[tuple[int, str]]]) -> bool:
    """Whether a round of :func:`.rounds.rounds_of` was paired: a game or a
    pairing-allocated bye (``U``, or ``+`` with no opponent)."""
    return bool(round[0]) or any(code in "U+" for _, code in round[4])


def _pending_round(doc: TrfDocument) -> list[Any]:
    """The file's last round, paired and not played yet (``doc.pending``): the
    pairing, with its pairing-allocated bye, then its other byes; no results."""
    from caddy.event import PairRound, RecordBye

    number = doc.pending_round
    white, black, uncoloured, byes, others = [], [], [], [], []
    for player, cell in enumerate(doc.pending, 1):
        if cell is None:
            continue
        opponent, colour, code = cell
        if opponent is None:
            if code == "U":
                byes.append(player)
            elif code in BYE_KINDS:
                others.append(RecordBye(round=number, player=player, kind=BYE_KINDS[code]))
        elif colour == "w" or (colour == "-" and player < opponent):
            white.append(player)
            black.append(opponent)
            if colour == "-":
                uncoloured.append(len(white))
    return [
        PairRound(
            round=number,
            white=tuple(white),
            black=tuple(black),
            byes=tuple(byes),
            uncoloured=tuple(uncoloured),
        ),
        *others,
    ]


def _zero_rounds(doc: TrfDocument) -> list[int]:
    return [r for p in doc.players for r in p.zero_rounds]


#: An announced absence's code → the bye kind (C.04.2 3.3: zero unless the
#: rules say otherwise; a requested bye worth a draw or a win).
_ANNOUNCED = {"H": "half", "F": "full", "Z": "zero", "-": "zero"}


def _announced(doc: TrfDocument, first: int, last: int) -> list[Any]:
    """Announced byes of rounds ``first``..``last``, not paired yet: cells
    with no opponent coded ``H``, ``F``, ``Z`` (written out) or ``-``."""
    from caddy.event import RecordBye

    out = []
    for number in range(first, last + 1):
        for player in doc.players:
            if number <= len(player.cells):
                kind = _ANNOUNCED.get(player.cells[number - 1][2])
            else:
                kind = "zero" if number in player.zero_rounds else None
            if kind is not None:
                out.append(RecordBye(round=number, player=player.number, kind=kind))
    return out


def _tiebreaks(
    doc: TrfDocument, warn: Callable[[str], None], *, teams: bool = False
) -> tuple[str, ...] | None:
    """Record 202's list when caddy knows every code (else ``None`` and a
    warning per code). A team event's list is the team standings' (C.07 Arts.
    12-13, ``BH:MP``); in an event of players, a code that ranks teams is
    refused with a warning."""
    text = doc.record("202")
    if not text:
        return None
    from caddy.contracts.tiebreak_spec import parse_spec
    from caddy.plugins.host import get_host

    host = get_host()
    registry = host.tiebreaks()
    codes = tuple(c.strip() for c in text.split(",") if c.strip())
    unknown: list[str] = []
    team_codes: list[str] = []
    for code in codes:
        try:
            if teams:
                from caddy.standings.teams import resolve_team_tiebreaks

                resolve_team_tiebreaks([code], host)
                continue
            spec = parse_spec(code)
        except CaddyError:
            unknown.append(code)
            continue
        if spec.code not in registry:
            unknown.append(code)
        elif spec.score is not None or registry.get(spec.code).scope == "teams":
            team_codes.append(code)
    for code in unknown:
        warn(
            f"record 202: tie-break '{code}' is not known to caddy (kept in the file; "
            "the standings use the default list)"
        )
    for code in team_codes:
        warn(
            f"record 202: tie-break '{code}' ranks teams (C.07 Arts. 12-13), not players "
            "(kept in the file; the standings use the default list)"
        )
    return None if unknown or team_codes else codes


def _time_control(text: str | None, warn: Callable[[str], None]) -> TimeControl | None:
    if not text:
        return None
    from caddy.plugins.lookup import parse_time_control

    try:
        return parse_time_control(text)
    except CaddyError as exc:
        warn(f"record 222: {exc} (kept in the file)")
        return None
