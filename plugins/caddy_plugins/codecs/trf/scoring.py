"""Points of a TRF file: its scoring, the bye values, annulled withdrawals (FIDE Handbook C.04 Annex 2).

Points for byes come from the file: record 162 when present, else the values that make
the stated points (columns 81-84) agree with the results for the most players.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from itertools import compress
from operator import itemgetter

import attrs

from caddy.model.results import GAME_CODES, Scoring, Withdrawal
from caddy_plugins.codecs.trf.bye_values import bye_values_and_rows, infer_bye_values
from caddy_plugins.codecs.trf.records import TrfDocument, TrfPlayer
from caddy_plugins.codecs.trf.row_points import codes_total, exact_sums, row_codes

__all__ = [
    "annulled_withdrawals",
    "bye_scoring",
    "infer_bye_values",
    "point_tables",
    "points_of",
    "points_without",
    "scoring_of",
    "scoring_with_points",
    "stated_fits",
]


_CODE = itemgetter(2)
_FIXED = itemgetter(0)
_BYES = itemgetter(1)


def scoring_of(
    doc: TrfDocument, *, consistent: bool = False, codes: Sequence[str] | None = None
) -> tuple[Scoring, dict[str, float]]:
    """The scoring (record 162 and bbpPairings' ``BBW``...``BBU`` records,
    which win where both say, else the defaults) and each bye code's points
    (from those records, else inferred from the stated points).

    As bbpPairings reads them, the pairing-allocated bye is worth a win unless
    ``P`` or ``BBU`` says otherwise (3-1-0 with a 1-point bye: ``BBW 3.0``,
    ``BBD 1.0``, ``BBU 1.0``). ``consistent``, ``codes``: see :func:`infer_bye_values`."""
    scoring, stated = _stated_scoring(doc)
    return scoring, infer_bye_values(doc, scoring, stated, consistent=consistent, codes=codes)


def _scoring(
    doc: TrfDocument,
    codes: Sequence[str] | None,
    summed: list[tuple[float, Sequence[str]]] | None = None,
) -> tuple[Scoring, dict[str, float], list[tuple[float, Sequence[str]]] | None]:
    """:func:`scoring_of` with ``consistent``, and each row's summed games and
    byes from the inference (:func:`.bye_values.bye_values_and_rows`; ``summed``:
    :attr:`.rounds.RoundsRead.summed`, when the caller has it)."""
    scoring, stated = _stated_scoring(doc)
    byes, rows = bye_values_and_rows(
        doc, scoring, stated, consistent=True, codes=codes, summed=summed
    )
    return scoring, byes, rows


def _stated_scoring(doc: TrfDocument) -> tuple[Scoring, dict[str, float]]:
    """The scoring the records state, and what they state (:func:`scoring_of`)."""
    stated = doc.scoring_162()
    bbp = doc.scoring_bbp()
    for symbol, code in (("W", "W"), ("D", "D"), ("L", "L"), ("P", "U")):
        if code in bbp:
            stated[symbol] = bbp[code]
    zero = bbp.get("Z", stated.get("A", 0.0))
    scoring = Scoring(
        win=stated.get("W", 1.0),
        draw=stated.get("D", 0.5),
        loss=stated.get("L", 0.0),
        forfeit_loss=bbp.get("F", stated.get("A", 0.0)),
        zero_bye=zero,
        pab=stated.get("P"),
    )
    if bbp:  # stated: the bye values are not inferred
        stated.setdefault("A", zero)
    return scoring, stated


def scoring_with_points(
    doc: TrfDocument,
    *,
    codes: Sequence[str] | None = None,
    summed: list[tuple[float, Sequence[str]]] | None = None,
) -> tuple[tuple[Scoring, dict[str, float]], list[float] | None]:
    """``scoring_of(doc, consistent=True, codes=codes)`` and, when the bye values
    were inferred from the rows, each player's points as ``points_without(doc,
    scored, set(), consistent=True, codes=codes)`` gives them, added up from what
    the inference summed on its way (the games' points and the byes of each
    row) when that is exact in any order; else ``None``. ``summed``: what
    :func:`.rounds.read_rounds` summed, when the caller has it."""
    scoring, byes, rows = _scoring(doc, codes, summed)
    scored = (scoring, byes)
    if rows is None:
        return scored, None
    game, bye = point_tables(scoring, byes)
    points = {**bye, **game}
    # the inference adds a win for '+' with no opponent and nothing for '-'
    if not exact_sums(points) or game["+"] != scoring.win or game["-"] != 0.0:
        return scored, None
    totals = list(map(_FIXED, rows))
    for k in compress(range(len(rows)), map(_BYES, rows)):  # the rows with a bye
        fixed, row = rows[k]
        totals[k] = fixed + sum([byes[c] for c in row])
    return scored, totals


def bye_scoring(scoring: Scoring, byes: dict[str, float]) -> Scoring:
    """``scoring`` with the bye values found for a file."""
    return attrs.evolve(
        scoring,
        pab=byes["U"] if byes["U"] != scoring.points("U") else scoring.pab,
        full_bye=byes["F"] if byes["F"] != scoring.points("F") else scoring.full_bye,
        half_bye=byes["H"] if byes["H"] != scoring.points("H") else scoring.half_bye,
        zero_bye=byes["Z"],
    )


def points_of(
    doc: TrfDocument, scored: tuple[Scoring, dict[str, float]] | None = None
) -> list[float]:
    """Each player's points from the results (the scoring and bye values of
    :func:`scoring_of`, or ``scored`` when the caller has them), to compare
    with the stated points: games of a player whose results the file records
    as annulled (:func:`annulled_withdrawals`) count for nobody."""
    scored = scored or scoring_of(doc)
    annulled = {w.player for w in annulled_withdrawals(doc, scored)}
    return points_without(doc, scored, annulled)


def points_without(
    doc: TrfDocument,
    scored: tuple[Scoring, dict[str, float]],
    annulled: set[int],
    *,
    consistent: bool = False,
    codes: Sequence[str] | None = None,
) -> list[float]:
    """Points of the results, games against a player in ``annulled`` left out
    (and every round of theirs, as the standings do: ``caddy.contracts.tiebreak_table.TieBreakTable``).

    ``consistent``: every game code has an opponent and every bye code has
    none (:func:`.rounds.rounds_of` read the rounds): a round's points then
    follow from its code alone, summed at list speed (``codes``:
    :func:`.row_points.row_codes`, when the caller has them)."""
    game, bye = point_tables(*scored)
    if consistent and not annulled and all(game[c] == bye[c] for c in "+-"):
        points = {**bye, **game}  # '+' and '-': the same with an opponent or without
        if doc.rounds > 12 and exact_sums(points):  # long rows: each code counted once
            return [codes_total(row, points) for row in codes or row_codes(doc)]
        return [sum(map(points.__getitem__, map(_CODE, p.cells))) for p in doc.players]
    return [
        0.0
        if p.number in annulled
        else sum(
            [
                (0.0 if opp in annulled else game.get(code, 0.0))
                if opp is not None
                else bye.get(code, 0.0)
                for opp, _, code in p.cells
            ]
        )
        for p in doc.players
    ]


def annulled_withdrawals(
    doc: TrfDocument,
    scored: tuple[Scoring, dict[str, float]] | None = None,
    *,
    cycles: int | None = None,
) -> tuple[Withdrawal, ...]:
    """Round-robin withdrawals whose results the file records as annulled.

    FIDE's rule (General Regulations for Competitions 6.6; Tournament Rules
    C.06 5.4 in older handbooks): a player who leaves a round robin having
    completed fewer than 50% of their games keeps their results in the
    tournament table "for rating and historical purposes", but "the points
    scored by him or against him are not counted in the final standings";
    the unplayed games are written ``-`` for the player and ``+`` for the
    opponent. TRF has no withdrawal marker and no code for "played, rated,
    not counted", so caddy writes the games as played (``1 = 0``: they are
    rated) and the later rounds as forfeits, and lets the points (columns
    81-84) carry the annulment: the standings' points, where the games of
    the withdrawn player count for nobody.

    Read back, a player of a round robin whose last scheduled rounds are all
    forfeit losses (``-``, the opponent ``+`` or ``-``; rest rounds between
    them allowed), with fewer than half of their (n - 1) x cycles games
    completed over the board before, may be a withdrawal; the results
    annulled are those of the largest set of such players (each stating 0
    points) whose annulment makes every player's stated points agree, whose
    stated ranks (where every player has one) put them after the others, the
    last at rank n, and whose opponents in those forfeits won them (``+``) or
    had left too (a double forfeit with one who stayed is no withdrawal); at
    least one player stays (a set annulling everyone ranks nobody). A file
    without stated points, or whose points count the games, is read at face
    value. (A player who merely lost the last games by forfeit stays counted:
    the points say so.) ``cycles``: ``doc.round_robin()``, when the caller has it.
    """
    if cycles is None:
        cycles = doc.round_robin()
    players = doc.players
    if not cycles or any(p.points is None for p in players):
        return ()
    scheduled = (len(players) - 1) * cycles
    found = []
    for p in players:
        cells = p.cells
        after = len(cells)
        forfeits = 0
        while after:
            opp, _, code = cells[after - 1]
            if opp is None and code == "Z":
                after -= 1
                continue
            if opp is None or code != "-" or opp == p.number:
                break
            other = players[opp - 1].cells
            if len(other) < after or other[after - 1][0] != p.number:
                break
            if other[after - 1][2] not in ("+", "-"):
                break
            forfeits += 1
            after -= 1
        if not forfeits:
            continue
        completed = sum(
            1 for opp, _, code in cells[:after] if opp is not None and code in GAME_CODES
        )
        if 2 * completed < scheduled:
            found.append(
                Withdrawal(
                    player=p.number,
                    after_round=after,
                    completed=completed,
                    scheduled=scheduled,
                    annulled=True,
                )
            )
    # an annulled player's stated points are 0; a candidate with more played on
    found = [w for w in found if stated_fits(players[w.player - 1].points, 0.0)]
    if not found:
        return ()
    scored = scored or scoring_of(doc)
    # which of them the stated points annul: the largest set that fits (a player
    # who lost the last games by forfeit without withdrawing is a candidate too)
    # and never everyone: a round robin whose every player left has nobody to rank
    most = min(len(found), len(players) - 1)
    sizes = range(most, 0, -1) if len(found) <= _MAX_CANDIDATES else (most,)
    for size in sizes:
        fits = [
            chosen
            for chosen in itertools.combinations(found, size)
            if _ranked_last(players, {w.player for w in chosen})
            and _forfeits_fit(players, chosen)
            and all(
                stated_fits(p.points, t)
                for p, t in zip(
                    players, points_without(doc, scored, {w.player for w in chosen}), strict=True
                )
            )
        ]
        if fits:
            # the points fit more than one set (a forfeit loss that scores as a
            # withdrawal would): the stated ranks put the annulled players last,
            # then the one who left earliest
            return max(
                fits,
                key=lambda chosen: (
                    sum(players[w.player - 1].rank or 0 for w in chosen),
                    -sum(w.after_round for w in chosen),
                ),
            )
    return ()


def _forfeits_fit(players: Sequence[TrfPlayer], chosen: Sequence[Withdrawal]) -> bool:
    """Whether each forfeit a player in ``chosen`` lost after leaving was won
    (``+``) by the opponent, as caddy writes a withdrawal (docs/trf.md), unless
    the opponent had left too (both ``-``, and the opponent's rounds from then
    on all forfeit losses or rest rounds): a double forfeit with a player who
    stayed is not a withdrawal."""
    for w in chosen:
        for index, (opp, _, _) in enumerate(players[w.player - 1].cells[w.after_round :]):
            if opp is None:
                continue
            later = players[opp - 1].cells[w.after_round + index :]
            if later and later[0][2] == "-" and not _all_lost(later):
                return False
    return True


def _all_lost(cells: Sequence[tuple[int | None, str, str]]) -> bool:
    """Whether every round of ``cells`` is a forfeit loss to an opponent or a rest round."""
    return all(
        (opp is None and code == "Z") or (opp is not None and code == "-") for opp, _, code in cells
    )


def _ranked_last(players: Sequence[TrfPlayer], chosen: set[int]) -> bool:
    """Whether the stated ranks (columns 86-89), where every player has one, put
    the players in ``chosen`` after all the others, the last of them at the last
    place, as the standings list annulled players (docs/trf.md; caddy writes
    rank n for each): a double forfeit in the last round played, ranked with
    the others or tied before the last place, is not a withdrawal."""
    ranks = [p.rank or 0 for p in players]
    if not all(ranks):
        return True
    last = max((ranks[p.number - 1] for p in players if p.number not in chosen), default=0)
    mine = [ranks[number - 1] for number in chosen]
    return min(mine) > last and max(mine) == len(players)


#: More candidate withdrawals than this: all of them annulled, or none (no search).
_MAX_CANDIDATES = 10


def stated_fits(stated: float | None, total: float) -> bool:
    """Whether stated points (columns 81-84) say ``total`` (100.5 and more are
    written without the half: they do not fit)."""
    if stated is None:
        return False
    return abs(total - stated) < 1e-9 or (total >= 99.5 and abs(total - stated) == 0.5)


def point_tables(
    scoring: Scoring, byes: dict[str, float] | None = None
) -> tuple[dict[str, float], dict[str, float]]:
    """Points per code: of a round with an opponent (games and forfeits), and of
    one without (byes at ``byes`` where given, else as ``scoring`` says; ``+``
    and ``-`` a forfeit scored with no opponent named)."""
    game = {code: scoring.points(code) for code in "1=0+-WDL"}
    bye = {code: scoring.points(code) for code in "UFHZ+-"} | (byes or {})
    return game, bye
