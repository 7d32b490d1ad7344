"""The point-system records an export writes (docs/trf.md, "What export writes").

An event whose points are not the default 1 / ½ / 0 (a pairing-allocated bye
worth a win) says so, for the programs that read the file:

- TRF26 record 162 (FIDE TRF-2026): each symbol at column 6, 15, 24, ...,
  its points (``pp.p``) in the next four columns, only the symbols whose
  value differs from the default: ``W`` win (also a forfeit win and a
  full-point bye), ``D`` draw (also a half-point bye), ``L`` played loss,
  ``A`` zero-point bye and forfeit loss, ``P`` pairing-allocated bye (the
  default: as ``W``). ``162  W 3.0    D 1.0    P 1.0`` is 3-1-0 with a
  1-point bye.
- bbpPairings' ``BBW``, ``BBD``, ``BBL``, ``BBZ``, ``BBF``, ``BBU`` (``pp.p``
  from column 5; its README, "Tournament files"), all six, in TRF16 and TRF26
  files alike: bbpPairings v6.0.0 reads them in any file, and no TRF16
  record holds the points. caddy reads them back (they win over 162).
"""

from __future__ import annotations

from caddy.model.results import Scoring

__all__ = ["SCORING_RECORDS", "scoring_records", "scoring_warnings"]

#: The records made from the event's scoring (an imported file's own are not kept).
SCORING_RECORDS = frozenset({"162", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"})

#: bbpPairings' records, in the order its own files write them, and the code each scores.
_BBP = (("BBW", "1"), ("BBD", "="), ("BBL", "0"), ("BBZ", "Z"), ("BBF", "-"), ("BBU", "U"))


def _values(scoring: Scoring) -> tuple[float, ...]:
    return tuple(scoring.points(code) for _, code in _BBP)


def _fits(value: float) -> bool:
    """Whether a value is written exactly as ``pp.p`` (0 to 99.9, tenths)."""
    return 0 <= value <= 99.9 and round(value * 10) == value * 10


def _text(value: float) -> str:
    return f"{value:4.1f}"


def _symbols_162(scoring: Scoring) -> list[tuple[str, float]]:
    """162's symbols whose value differs from TRF-2026's default, in the spec's order."""
    default = Scoring()
    win = scoring.points("1")
    pairs = [
        (symbol, scoring.points(code))
        for symbol, code in (("W", "1"), ("D", "="), ("L", "0"))
        if scoring.points(code) != default.points(code)
    ]
    if scoring.points("-") != 0 or scoring.points("Z") != 0:
        pairs.append(("A", scoring.points("-")))
    if scoring.points("U") != win:
        pairs.append(("P", scoring.points("U")))
    return pairs


def scoring_records(scoring: Scoring | None, trf26: bool) -> list[tuple[str, str]]:
    """The point-system records for ``scoring`` (code, text from column 5):
    none for the default points or points that do not fit ``pp.p``."""
    if scoring is None or _values(scoring) == _values(Scoring()):
        return []
    if not all(_fits(value) for value in _values(scoring)):
        return []
    records = []
    if trf26:
        cells = "    ".join(f"{symbol}{_text(value)}" for symbol, value in _symbols_162(scoring))
        records.append(("162", f" {cells}"))
    records.extend(
        (code, _text(value)) for (code, _), value in zip(_BBP, _values(scoring), strict=True)
    )
    return records


def scoring_warnings(scoring: Scoring | None, trf26: bool) -> list[str]:
    """What the written records cannot say of ``scoring`` (a reader scores it otherwise)."""
    if scoring is None or _values(scoring) == _values(Scoring()):
        return []
    unfit = [value for value in _values(scoring) if not _fits(value)]
    if unfit:
        return [f"scoring not written: points {unfit[0]:g} do not fit a TRF point record (pp.p)"]
    warnings = [
        f"scoring: a {what} worth {scoring.points(code):g} has no TRF record; a reader "
        f"scores it as a {like} ({scoring.points(same):g})"
        for what, code, like, same in (
            ("forfeit win", "+", "win", "1"),
            ("full-point bye", "F", "win", "1"),
            ("half-point bye", "H", "draw", "="),
        )
        if scoring.points(code) != scoring.points(same)
    ]
    if trf26 and scoring.points("-") != scoring.points("Z"):
        warnings.append(
            f"scoring: record 162's A is both a forfeit loss and a zero-point bye: written "
            f"as the forfeit loss ({scoring.points('-'):g}); BBZ holds the bye's "
            f"({scoring.points('Z'):g})"
        )
    if trf26 and any(symbol == "A" for symbol, _ in _symbols_162(scoring)):
        warnings.append(
            "scoring: bbpPairings v6.0.0 refuses record 162's A (TRF-2026's symbol for a "
            "forfeit loss and a zero-point bye; it reads Z): export as TRF16 for it"
        )
    return warnings
