"""Exporting an event file as TRF16 or TRF26 (see :mod:`caddy_plugins.codecs.trf` for what is written)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from caddy.contracts.codecs import Exported
from caddy.errors import CaddyError
from caddy.messages import one_line
from caddy_plugins.codecs.trf.fields import cut_fields

if TYPE_CHECKING:
    from caddy.event import EventFile, State, Tournament
    from caddy.model.cells import Cell
    from caddy.model.timecontrol import TimeControl

__all__ = ["OWNED", "ResultTexts", "export_event", "kept_records"]

#: Records caddy reads into the event, and the Tournament field each sets.
OWNED = {"012": "name", "022": "place", "042": "start", "052": "end", "102": "arbiter"}


def export_event(event: EventFile, *, trf26: bool = False, dated: bool = False) -> Exported:
    """The event as TRF text (bytes, UTF-8, LF line ends); with ``dated``, a
    TRF26 file's record 192 names a Swiss by its dated ETT26 code
    (``FIDE_DUTCH_2026``) rather than the one the FIDE-endorsed engines read
    (``FIDE_DUTCH``: :func:`_type_code`)."""
    from caddy.event import replay, results_event
    from caddy.event.check import state_rows
    from caddy_plugins.codecs.trf.lines import CellTexts, player_line

    state = replay(event)
    if state.rounds and all(r.matches for r in state.rounds):
        raise CaddyError(
            f"format '{state.fmt.name}' has no TRF form: its rounds are knockout matches"
        )
    tournament = event.tournament
    warnings: list[str] = []
    results = None
    try:
        results = results_event(state)
    except CaddyError as exc:
        if state.rounds:
            warnings.append(f"ranks follow the points only: {exc}")
    rows: Sequence[Sequence[Any]]
    texts: dict[Any, str]
    if results is not None and _complete(state, results):
        # every round has every result (a withdrawn player's games as the forfeits
        # the standings score): the standings' rows are the file's rows, and their
        # scores the points (annulled games count for nobody: docs/trf.md)
        rows = results.results
        ranks, scores = _ranks(state, results, [])
        points = scores
        texts = ResultTexts()
    else:  # a round still being played, or a withdrawal: the rounds as they stand
        rows = state_rows(state)
        # results annulled by the 50% rule stay in the rows (they are rated) and
        # count for nobody in the points, as in the standings (docs/trf.md)
        points = _points(state, rows, results.annulled if results is not None else frozenset())
        ranks, _ = _ranks(state, results, points)
        texts = CellTexts()
    players = tournament.players
    too_big = [
        f"player {n} ({one_line(p.name)[:33]}): rating {p.rating} does not fit TRF columns "
        "49-52 (at most 9999)"
        for n, p in enumerate(players, 1)
        if p.rating is not None and not 0 <= p.rating <= 9999
    ]
    if len(players) > 9999:
        too_big.append(f"{len(players)} players: TRF columns 5-8 hold at most 9999")
    if too_big:
        raise CaddyError(too_big[0], problems=too_big)
    # text never starts a line of its own: control characters (newlines) as spaces
    lines = [one_line(line) for line in _head(state, trf26, dated)]
    if tournament.teams is None:
        from caddy_plugins.codecs.trf.scoring_records import scoring_warnings

        warnings.extend(scoring_warnings(tournament.scoring, trf26))
    warnings.extend(cut_fields(players))
    long_names = [n for n, p in enumerate(players, 1) if len(p.name) > 33]
    lines.extend(
        player_line(
            number,
            sex=player.sex,
            title=player.title,
            name=player.name,
            rating=player.rating,
            federation=player.federation,
            fide_id=player.fide_id,
            birth=player.birth,
            points=points[number - 1],
            rank=ranks[number - 1],
            cells=row,
            texts=texts,
        )
        for number, (player, row) in enumerate(zip(tournament.players, rows, strict=True), 1)
    )
    if long_names:
        warnings.append(
            f"names longer than 33 characters are cut (players {', '.join(map(str, long_names))})"
        )
    big = [n for n, p in enumerate(points, 1) if p >= 100 and p != int(p)]
    if big:
        warnings.append(
            "points of 100 or more with a half do not fit columns 81-84; written without "
            f"the half (players {', '.join(map(str, big[:10]))}{', ...' if len(big) > 10 else ''})"
        )
    kept = kept_records(tournament)
    if kept is not None:
        owned = _owned_records(state)
        lines.extend(
            one_line(line) for line in kept[1] if _keep(line, trf26) and line[:3] not in owned
        )
    if tournament.teams is not None:  # TRF-2026 team records from the event
        from caddy_plugins.codecs.trf.team_export import team_lines

        lines = team_lines(state, lines, trf26)
    return Exported(data=("\n".join(lines) + "\n").encode("utf-8"), warnings=tuple(warnings))


def _complete(state: State, results: Any) -> bool:
    """Whether every round is played out, so that the standings' event has them
    all (after a withdrawal: every round the standings count as complete)."""
    if not all(not r.matches and (r.white or r.byes or r.rest) for r in state.rounds):
        return False
    if state.withdrawals:
        return bool(results.rounds == len(state.rounds))
    return all(all(r.results) for r in state.rounds)


class ResultTexts(dict[Any, str]):
    """A round's ten columns for each :class:`~caddy.model.results.RoundResult`, made on first use
    (a rest round, ``R``, is written ``Z``; a game without colours ``-``)."""

    def __missing__(self, rr: Any) -> str:
        opponent, colour, code, _ = rr
        if opponent is None:
            text = f"0000 - {'Z' if code == 'R' else code}  "
        else:
            text = f"{opponent:4d} {colour or '-'} {code}  "
        self[rr] = text
        return text


def _points(
    state: State, rows: Sequence[Sequence[Cell]], annulled: frozenset[int] = frozenset()
) -> list[float]:
    """Points of the results written (rest rounds at the format's rest value);
    the games of a player in ``annulled`` (FIDE's 50% rule) count for nobody,
    and such a player scores 0, as in :func:`caddy.standings.ranking.standings`."""
    from caddy.model.results import Scoring
    from caddy_plugins.codecs.trf.scoring import point_tables

    tournament = state.event.tournament
    scoring = tournament.scoring or Scoring()
    rest = getattr(tournament.format.options, "bye_points", scoring.rest)
    game, bye = point_tables(scoring)
    points = [
        sum(
            [
                (0.0 if opponent in annulled else game[code]) if opponent is not None else bye[code]
                for opponent, _, code in row
            ]
        )
        for row in rows
    ]
    for rnd in state.rounds:  # rest rounds of an odd round robin score the rest value
        for player in rnd.rest:
            if player not in rnd.byes and rnd.number <= len(rows[player - 1]):
                points[player - 1] += rest - bye["Z"]
    for player in annulled:
        points[player - 1] = 0.0
    return points


def _ranks(state: State, results: Any, points: list[float]) -> tuple[list[int], list[float]]:
    """Ranks and scores from caddy's standings (ranks by ``points`` alone when
    there are no standings yet)."""
    from caddy.standings.ranking import standings

    tournament = state.event.tournament
    n = state.players
    ranks = list(range(1, n + 1))
    if results is None:
        order = sorted(range(1, n + 1), key=lambda p: (-points[p - 1], p))
        for place, player in enumerate(order, 1):
            ranks[player - 1] = place
        return ranks, points
    scores = [0.0] * n
    # a team event's list ranks the teams (C.07 Arts. 12-13): its players by the default list
    tiebreaks = None if tournament.teams is not None else tournament.tiebreaks
    table = standings(results, tiebreaks, tournament.edition)
    for line in table.rows:
        ranks[line.pairing_number - 1] = line.rank if line.rank is not None else n
        scores[line.pairing_number - 1] = line.score
    return ranks, scores


def _owned_records(state: State) -> frozenset[str]:
    """Kept records written from the event instead: the scoring's (162,
    ``BBW``...``BBU``) for an individual event, a Swiss's options (250, 260,
    ``XXA``, ``XXP``)."""
    from caddy_plugins.codecs.trf.scoring_records import SCORING_RECORDS

    owned = frozenset() if state.event.tournament.teams is not None else SCORING_RECORDS
    if state.fmt.name != "swiss":
        return owned
    from caddy_plugins.codecs.trf.swiss_records import OPTION_RECORDS

    return owned | OPTION_RECORDS


def _keep(line: str, trf26: bool) -> bool:
    """Whether a kept line is written: TRF16 leaves out TRF26 records and ``###`` comments."""
    from caddy_plugins.codecs.trf.records import TRF26_RECORDS

    if trf26:
        return True
    return line[:3] not in TRF26_RECORDS and not line.startswith("###")


def _date(value: datetime.date | None) -> str:
    return value.strftime("%Y/%m/%d") if value else ""


def _owned_text(tournament: Tournament, code: str) -> str:
    value = getattr(tournament, OWNED[code])
    return _date(value) if code in ("042", "052") else str(value)


def _owned_same(tournament: Tournament, code: str, text: str) -> bool:
    from caddy_plugins.codecs.trf.document import parse_date

    value = getattr(tournament, OWNED[code])
    if code in ("042", "052"):
        return parse_date(text) == value if text.strip() else value is None
    return bool(text.strip() == (value or ""))


def kept_records(tournament: Tournament) -> tuple[list[str], list[str]] | None:
    """The TRF lines an import kept (``Tournament.kept["trf"]``: ``head`` before
    the player lines, ``tail`` after them), or ``None``."""
    data = tournament.kept.get("trf")
    if data is None:
        return None
    head, tail = (data.get(key, []) if isinstance(data, dict) else None for key in ("head", "tail"))
    if not (isinstance(head, list) and isinstance(tail, list)) or not all(
        isinstance(line, str) for line in (*head, *tail)
    ):
        raise CaddyError('$.tournament.kept.trf: expected {"head": [lines], "tail": [lines]}')
    return head, tail


def _head(state: State, trf26: bool, dated: bool = False) -> list[str]:
    """The lines before the players: kept ones (changed values rewritten), or made."""
    tournament = state.event.tournament
    made = _made_records(state, trf26, dated)
    kept = kept_records(tournament)
    if kept is None:
        return [f"{code} {text}".rstrip() for code, text in made]
    lines = []
    written = set()
    kept_codes = {line[:3] for line in (*kept[0], *kept[1])}
    owned = _owned_records(state)
    if round_dates_text(tournament):  # the event's dated rounds replace a kept 132
        owned |= {"132"}
    for line in kept[0]:
        code = line[:3]
        if code in owned:  # made from the options (below)
            continue
        if code in OWNED:
            written.add(code)
            if not _owned_same(tournament, code, line[4:]):
                line = f"{code} {_owned_text(tournament, code)}".rstrip()
        elif trf26 and code in ("192", "202", "222"):
            written.add(code)
            replacement = _trf26_replacement(state, code, line[4:], made)
            if replacement is not None:
                line = replacement
        if _keep(line, trf26):
            lines.append(line)
    for code, text in made:
        if (code in kept_codes or code in written) and code not in owned:
            continue
        if (
            code in owned
            or code in OWNED
            or (trf26 and code in ("142", "152", "192", "202", "222"))
            or (code == "XXR" and "142" in kept_codes)  # TRF16 from TRF26: rounds as XXR
            or (code == "XXC" and "152" not in kept_codes)
        ):
            lines.append(f"{code} {text}".rstrip())
    return lines


#: Record 132: round 1's date at columns 92-99, each next round 10 columns on.
ROUND_DATE_COLUMN = 92


def round_dates_text(tournament: Tournament) -> str:
    """Record 132's text (from column 5) for the event's dated rounds, or ``""``:
    each round's date ``YY/MM/DD`` at columns 92-99, 102-109, … (a round
    without a date left blank)."""
    schedule = tournament.schedule
    if schedule is None or not schedule.rounds:
        return ""
    by_round = {slot.round: slot.date for slot in schedule.rounds}
    cells = [
        by_round[r].strftime("%y/%m/%d") if r in by_round else " " * 8
        for r in range(1, max(by_round) + 1)
    ]
    return " " * (ROUND_DATE_COLUMN - 5) + "  ".join(cells)


def _trf26_replacement(
    state: State, code: str, text: str, made: list[tuple[str, str]]
) -> str | None:
    """A new line for a kept 192/202/222 whose value the event no longer has (else ``None``)."""
    tournament = state.event.tournament
    new = dict(made).get(code)
    if code == "192":
        from caddy_plugins.codecs.trf.records import ROUND_ROBIN_192

        round_robin = any(w in text.upper() for w in ROUND_ROBIN_192)
        same = round_robin == (tournament.format.name in ("round-robin", "double-round-robin"))
    elif code == "202":
        codes = tuple(c.strip() for c in text.split(",") if c.strip())
        same = tournament.tiebreaks is None or codes == tournament.tiebreaks
    else:
        from caddy.plugins.lookup import parse_time_control

        try:
            same = parse_time_control(text.strip()) == tournament.time_control
        except CaddyError:
            same = tournament.time_control is None
    if same:
        return None
    return f"{code} {new}" if new else f"{code}"


def _made_records(state: State, trf26: bool, dated: bool = False) -> list[tuple[str, str]]:
    """Records made from the event, in file order."""
    tournament = state.event.tournament
    fmt = state.fmt
    players = tournament.players
    records = [
        ("012", tournament.name),
        ("022", tournament.place),
        ("042", _date(tournament.start)),
        ("052", _date(tournament.end)),
        ("062", str(len(players))),
        ("072", str(sum(1 for p in players if p.rating))),
    ]
    type_text = {
        "round-robin": "Individual: Round-Robin",
        "double-round-robin": "Individual: Double Round-Robin",
        "swiss": "Individual: Swiss-System (FIDE Dutch)",
        "team-swiss": "Team: Swiss-System (FIDE C.04.6)",
        "team-round-robin": "Team: Round-Robin",
        "team-scheveningen": "Team: Scheveningen",
    }.get(fmt.name, f"{'Team' if tournament.teams else 'Individual'}: {fmt.name}")
    if fmt.name == "manual":  # paired elsewhere: say how it is ranked, if known
        ranked = getattr(tournament.format.options, "round_robin", None)
        type_text = (
            "" if ranked is None else "Individual: " + ("Round-Robin" if ranked else "Swiss-System")
        )
    if type_text:
        records.append(("092", type_text))
    records.append(("102", tournament.arbiter))
    if tournament.time_control is not None:
        records.append(("122", str(tournament.time_control)))
    dates = round_dates_text(tournament)
    if dates:
        records.append(("132", dates))
    rounds = _planned_rounds(state)
    colour = _initial_colour(state)
    if trf26:
        if rounds:
            records.append(("142", str(rounds)))
        if colour:
            records.append(("152", colour.upper()))
            # a Swiss: also the pairing engines' own records (JaVaFo's XXR and XXC),
            # which engines that read no TRF26 record ask for
            records.append(("XXR", str(rounds)))
            records.append(("XXC", "white1" if colour == "w" else "black1"))
        records.extend(_scoring_records(state, trf26))
        code = _type_code(tournament, dated)
        if code:
            records.append(("192", code))
        if tournament.tiebreaks:
            records.append(("202", ",".join(tournament.tiebreaks)))
        encoded = _encoded_time_control(tournament.time_control)
        if encoded:
            records.append(("222", encoded))
    else:
        if rounds:
            records.append(("XXR", str(rounds)))
        if colour:
            records.append(("XXC", "white1" if colour == "w" else "black1"))
        records.extend(_scoring_records(state, trf26))
    records.extend(_option_records(state, rounds, trf26))
    return [(code, text) for code, text in records if text or code in ("012",)]


def _scoring_records(state: State, trf26: bool) -> list[tuple[str, str]]:
    """An individual event's point system, when not the default (162, ``BBW``...``BBU``)."""
    tournament = state.event.tournament
    if tournament.teams is not None:
        return []
    from caddy_plugins.codecs.trf.scoring_records import scoring_records

    return scoring_records(tournament.scoring, trf26)


def _option_records(state: State, rounds: int, trf26: bool) -> list[tuple[str, str]]:
    """A Swiss's virtual points and forbidden pairs (250/260, ``XXA``/``XXP``)."""
    if state.fmt.name != "swiss":
        return []
    from caddy_plugins.codecs.trf.swiss_records import option_records
    from caddy_plugins.formats.swiss import virtual_records
    from caddy_plugins.swiss.acceleration import parse_forbidden

    options = state.event.tournament.format.options
    field = state.field if state.field is not None else state.players
    return option_records(
        virtual_records(options, rounds, field),
        parse_forbidden(options.forbidden),
        rounds=rounds,
        trf26=trf26,
    )


def _initial_colour(state: State) -> str | None:
    """A Swiss event's colour for the top-ranked player in round 1 (``w``/``b``,
    FIDE Handbook C.04.3 5.1: the one its pairings used), for ``XXC`` and 152."""
    if state.fmt.name != "swiss":
        return None
    from caddy_plugins.formats.swiss import initial_colour

    tournament = state.event.tournament
    return initial_colour(tournament.format.options, tournament.seed)


def _planned_rounds(state: State) -> int:
    options = state.event.tournament.format.options
    planned = getattr(options, "rounds", 0)
    if state.fmt.name == "swiss":  # the planned rounds, however many are played
        from caddy.event import planned_rounds

        return planned_rounds(state)
    if planned or getattr(state.fmt, "pairs_from_outside", False):
        return int(planned)  # paired from outside: 0 when the plan is not known
    if state.fixed:
        if getattr(options, "table", None) == "given":
            from caddy_plugins.formats.round_robin import round_robin_rounds

            return round_robin_rounds(state.players) * int(options.cycles)
        return len(state.rounds)
    return len(state.rounds)


def _type_code(tournament: Tournament, dated: bool = False) -> str | None:
    """ETT26 code for record 192 (TRF26's table of tournament types), when the format has one.

    A Swiss is ``FIDE_DUTCH``: ETT26's undated code, the rules in force at the
    event's date (record 042), the one the FIDE-endorsed engines read
    (bbpPairings v6.0.0 refuses ``FIDE_DUTCH_2026`` as an unsupported
    tournament type); ``dated`` writes the dated ``FIDE_DUTCH_2026``."""
    name, options = tournament.format.name, tournament.format.options
    if name in ("round-robin", "double-round-robin"):
        table = getattr(options, "table", "fide")
        if table == "fide" and not options.reverse_colours:
            if options.cycles == 1:
                return "FIDE_ROUNDROBIN"
            return "FIDE_DOUBLEROUNDROBIN" if options.swap_last_two else "BERGER_DOUBLEROUNDROBIN"
        return "CUSTOM_ROUNDROBIN"
    if name == "scheveningen":
        return "CUSTOM_SCHEVENINGEN"
    if name == "swiss":
        return "FIDE_DUTCH_2026" if dated else "FIDE_DUTCH"
    return None


def _encoded_time_control(tc: TimeControl | None) -> str | None:
    """Record 222 (``40/6000+30:900+30``: seconds), or ``None`` (none, or a delay)."""
    if tc is None:
        return None
    from caddy.model.timecontrol import BonusKind

    parts = []
    for period in tc.periods:
        if period.bonus_kind is BonusKind.DELAY:
            return None
        text = str(period.seconds) if period.moves is None else f"{period.moves}/{period.seconds}"
        if period.bonus_seconds:
            text += f"+{period.bonus_seconds}"
        parts.append(text)
    return ":".join(parts)
