"""The records before a TRF file's player lines, as an export writes them.

An imported file's own records are kept (``Tournament.kept["trf"]``) and
rewritten where the event changed a value caddy owns (:data:`OWNED`: name,
place, dates, arbiter; the scoring, a Swiss's options, the dated rounds of
record 132); an event without kept records gets records made from it
(:func:`header_lines`). The kept records after the player lines are written
back the same way (:func:`trailer_lines`);
:mod:`caddy_plugins.codecs.trf.exporting` writes the player lines.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.event import State, Tournament
    from caddy.model.timecontrol import TimeControl

__all__ = [
    "OWNED",
    "ROUND_DATE_COLUMN",
    "header_lines",
    "kept_records",
    "round_dates_text",
    "trailer_lines",
]


#: Records caddy reads into the event, and the Tournament field each sets.
OWNED = {"012": "name", "022": "place", "042": "start", "052": "end", "102": "arbiter"}


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


def header_lines(state: State, trf26: bool, dated: bool = False) -> list[str]:
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


def trailer_lines(state: State, trf26: bool) -> list[str]:
    """The kept lines an import found after the player lines, but those made
    from the event (the scoring's, a Swiss's options) and, in TRF16, TRF26's."""
    kept = kept_records(state.event.tournament)
    if kept is None:
        return []
    owned = _owned_records(state)
    return [line for line in kept[1] if _keep(line, trf26) and line[:3] not in owned]


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
    if fmt.name == "tandem":  # bughouse pairs: read back as the team format it is paired as
        swiss = getattr(tournament.format.options, "pairing", "") == "swiss"
        type_text = f"Team: Tandem (bughouse), {'Swiss-System' if swiss else 'Round-Robin'}"
    if fmt.name == "swiss" and getattr(tournament.format.options, "system", "") == "burstein":
        from caddy_plugins.codecs.trf.system import TEXT_2026

        rules = getattr(tournament.format.options, "burstein_rules", "engine")
        reading = f", {TEXT_2026}" if rules == "fide-2026" else ""
        type_text = f"Individual: Swiss-System (FIDE Burstein{reading})"
    if fmt.name == "manual":  # paired elsewhere: say how it is ranked, if known
        ranked = getattr(tournament.format.options, "round_robin", None)
        type_text = (
            "" if ranked is None else "Individual: " + ("Round-Robin" if ranked else "Swiss-System")
        )
    if type_text and not fmt.rated:
        type_text += ", not rated"  # TRF has no record for it: 092 is free text (docs/tandem.md)
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
    from caddy_plugins.engines.dutch.acceleration import parse_forbidden
    from caddy_plugins.formats.swiss import virtual_records

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
    if state.fmt.name in ("swiss", "tandem"):  # the planned rounds, however many are played
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
        if getattr(options, "system", "dutch") == "burstein":
            return "FIDE_BURSTEIN"
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
