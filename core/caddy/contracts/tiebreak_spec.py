"""A tie-break list entry as the user writes it: ``BH/C1``, ``KS/L+1``, ``BH:MP``.

:func:`parse_spec` reads one entry into a :class:`TieBreakSpec` (the acronym
and its modifiers, FIDE Handbook C.07); :func:`default_edition` and
:func:`standings_edition` choose the C.07 edition an event's standings use.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.model.results import ResultsTable


EDITIONS = ("2024", "2026")


#: The 2026 C.07 edition is in force from this date (approved 02/02/2026).
EDITION_2026_FROM = datetime.date(2026, 3, 1)


#: Old names that mean the same tie-break.
ALIASES = {"GE": "REP"}


def default_edition(start: datetime.date | None) -> str:
    """2026 rules from 2026-03-01 (and when the date is unknown), else 2024."""
    if start is None or start >= EDITION_2026_FROM:
        return "2026"
    return "2024"


@attrs.frozen(kw_only=True)
class TieBreakSpec:
    """One entry of a tie-break list, as parsed from ``BH/C1``, ``KS/L+1``, ``DE/P`` ..."""

    #: Exactly as the user wrote it (the key in standings output).
    text: str
    #: The acronym of the plugin (``GE`` becomes ``REP``).
    code: str
    #: Cut the n lowest values (``/Cn``, and the low half of ``/Mn``).
    cut_low: int = 0
    #: Cut the n highest values (the high half of ``/Mn``).
    cut_high: int = 0
    #: KS: the line at this percentage of the maximum (``/Lnn``; default 50).
    limit_percent: float = 50.0
    #: KS: the line moved by this many points (``/L+n`` half points, ``/L+1.0`` points).
    limit_shift: float = 0.0
    #: ``/P``: forfeits count as games against the scheduled opponent (DE).
    predetermined: bool = False
    #: ``/F``: computed from Fore Buchholz (AOB).
    fore: bool = False
    #: ``/R``: the order reversed (TPN, RTNG).
    reverse: bool = False
    #: A team tie-break's score, ``MP`` or ``GP`` (``BH:MP``); ``None``: the primary score.
    score: str | None = None
    #: ``/Kx``: SSSC's normalising factor (``None``: computed, C.07 13.4).
    factor: float | None = None


def parse_spec(text: str, allowed: str | None = None, code: str | None = None) -> TieBreakSpec:
    """Parse ``CODE[/modifier...]`` (``BH-C1`` is accepted for ``BH/C1``).

    :param allowed: the modifier letters the tie-break accepts (``C``, ``M``,
        ``L``, ``P``, ``F``); ``None`` skips that check.
    """
    raw = text.strip()
    if not raw:
        raise CaddyError("empty tie-break name")
    score: str | None = None
    body = raw.replace("#", "/").replace("!", "/")  # FIDE's reference engine's separators
    head_text, sep, tail = body.partition("/")
    if ":" in head_text:
        head_text, _, score = head_text.partition(":")
        score, dash, hyphenated = score.partition("-")  # BH:MP-C1, the handbook's hyphen
        score = score.strip().upper()
        if score not in ("MP", "GP"):
            raise CaddyError(f"tie-break '{text}': the score after ':' is MP or GP, not '{score}'")
        body = head_text + dash + hyphenated + sep + tail
    if "/" in body:
        head, *mods = body.split("/")
    else:
        head, _, rest = body.partition("-")
        mods = [rest] if rest else []
    name = head.strip().upper()
    name = ALIASES.get(name, name)
    if code is not None:
        name = code
    values: dict[str, object] = {}
    for mod in (m.strip().upper() for m in mods):
        if not mod:
            raise CaddyError(f"tie-break '{text}': empty modifier")
        letter, arg = mod[0], mod[1:]
        if allowed is not None and letter not in allowed:
            accepted = ", ".join("/" + a for a in allowed) or "none"
            raise CaddyError(
                f"tie-break '{text}': modifier /{mod} does not apply to {name} (accepted: {accepted})"
            )
        if letter in "CM":
            if not (arg.isascii() and arg.isdigit()) or int(arg) < 1:
                raise CaddyError(
                    f"tie-break '{text}': /{letter} needs a number of values to cut, e.g. /{letter}1"
                )
            values["cut_low"] = int(arg)
            if letter == "M":
                values["cut_high"] = int(arg)
        elif letter == "L":
            values.update(_parse_limit(text, arg))
        elif letter == "K" and arg.replace(".", "", 1).isdigit() and arg.isascii():
            values["factor"] = float(arg)
        elif letter in "PFR" and not arg:
            values[{"P": "predetermined", "F": "fore", "R": "reverse"}[letter]] = True
        else:
            raise CaddyError(f"tie-break '{text}': unknown modifier /{mod}")
    return TieBreakSpec(text=raw, code=name, score=score, **values)  # type: ignore[arg-type]


def _parse_limit(text: str, arg: str) -> dict[str, object]:
    """KS limits as FIDE's reference engine reads them: ``/L+n`` moves the line
    by n half points, ``/L+1.0`` (with a decimal point) by 1.0 points,
    ``/Lnn`` puts it at nn percent."""
    if arg.isascii() and arg.isdigit():  # not ``²``: isdigit() is true, float() refuses it
        return {"limit_percent": float(arg)}
    if arg.isascii() and arg[:1] in "+-" and arg[1:].replace(".", "", 1).isdigit():
        sign = -1.0 if arg[0] == "-" else 1.0
        number = float(arg[1:])
        shift = number if "." in arg else number * 0.5
        return {"limit_shift": sign * shift}
    raise CaddyError(
        f"tie-break '{text}': cannot read limit /L{arg} (expected /L+1, /L-1, /L+1.0 or /L60)"
    )


def standings_edition(event: ResultsTable, edition: str | None) -> str:
    """``edition`` checked against :data:`EDITIONS`, or the default for the event's start."""
    if edition is None:
        return default_edition(event.start_date)
    if edition not in EDITIONS:
        raise CaddyError(f"unknown edition '{edition}' (known: {', '.join(EDITIONS)})")
    return edition
