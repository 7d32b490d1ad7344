"""``caddy norms``'s outputs: the ``caddy.norms`` JSON document (docs/norms.md)
and the report every renderer prints (a summary table, then per norm the
figures a FIDE IT1 certificate asks for)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from caddy.contracts.norms import NormGame, NormResult
from caddy.model.report import Report, Table
from caddy.norms.check import NormsCheck, PlayerNorms


@attrs.frozen(kw_only=True)
class OpponentData:
    """One counted game of a norm, as the certificate lists it."""

    round: int
    pairing_number: int
    name: str
    title: str | None
    federation: str | None
    fide_id: str | None
    rating: int | None
    #: The rating the average uses (after the rating floor; 1400 for an unrated one).
    rating_used: int
    result: str


@attrs.frozen(kw_only=True)
class CertificatePlayer:
    """The player a norm certificate is for."""

    name: str
    fide_id: str | None
    federation: str | None
    title: str | None
    rating: int | None


@attrs.frozen(kw_only=True)
class CertificateData:
    """A norm's certificate figures (FIDE IT1)."""

    player: CertificatePlayer
    event: str
    start_date: str | None
    end_date: str | None
    rounds: int
    opponents: tuple[OpponentData, ...]
    average_rating: int | None
    performance: int | None
    score: float
    games: int
    counts_as: int
    notes: tuple[str, ...]


@attrs.frozen(kw_only=True)
class NormData:
    """One title's check for one player."""

    omit_defaults: ClassVar[tuple[str, ...]] = (
        "still_needed",
        "remaining_rounds",
        "certificate",
    )

    title: str
    norm: bool
    missing: tuple[str, ...]
    games: int
    average_rating: int | None
    performance: int | None
    score: float
    needed: float | None
    #: The counts behind the opponent-mix rules (the rules' own names).
    figures: dict[str, int] = attrs.field(factory=dict)
    still_needed: float | None = None
    remaining_rounds: int = 0
    certificate: CertificateData | None = None


@attrs.frozen(kw_only=True)
class PlayerNormsData:
    """One player's entry of the ``caddy.norms`` document."""

    pairing_number: int
    name: str
    norms: tuple[NormData, ...]


@attrs.frozen(kw_only=True)
class NormsDocument:
    """``caddy norms --json``."""

    schema: str = "caddy.norms"
    version: int = 1
    event: str
    rules: str
    rounds: int
    scheduled_rounds: int
    players: tuple[PlayerNormsData, ...]


def _opponent(game: NormGame) -> OpponentData:
    o = game.opponent
    return OpponentData(
        round=game.round,
        pairing_number=o.number,
        name=o.name,
        title=o.title,
        federation=o.federation,
        fide_id=o.fide_id,
        rating=o.rating,
        rating_used=game.rating_used,
        result=game.result,
    )


def certificate(player: PlayerNorms, result: NormResult) -> CertificateData:
    """The IT1 certificate's figures of ``player``'s norm ``result``: event,
    dates, rounds, each counted opponent (title, federation, FIDE ID, rating,
    rating used after the floor, result), average rating and performance."""
    request = player.request
    who = request.player
    return CertificateData(
        player=CertificatePlayer(
            name=who.name,
            fide_id=who.fide_id,
            federation=who.federation,
            title=who.title,
            rating=who.rating,
        ),
        event=request.event,
        start_date=request.start_date.isoformat() if request.start_date else None,
        end_date=request.end_date.isoformat() if request.end_date else None,
        rounds=request.scheduled_rounds,
        opponents=tuple(map(_opponent, result.counted)),
        average_rating=result.average_rating,
        performance=result.performance,
        score=result.score,
        games=result.games,
        counts_as=result.counts_as,
        notes=result.notes,
    )


def _norm_data(player: PlayerNorms, result: NormResult, forecast: bool) -> NormData:
    return NormData(
        title=result.title,
        norm=result.norm,
        missing=result.missing,
        games=result.games,
        average_rating=result.average_rating,
        performance=result.performance,
        score=result.score,
        needed=result.needed,
        figures=dict(result.figures),
        still_needed=result.still_needed if forecast else None,
        remaining_rounds=result.remaining_rounds if forecast else 0,
        certificate=certificate(player, result) if result.norm else None,
    )


def norms_document(check: NormsCheck) -> NormsDocument:
    """``caddy norms --json``: the ``caddy.norms`` document, version 1 (docs/json.md)."""
    return NormsDocument(
        event=check.event,
        rules=check.rules,
        rounds=check.rounds,
        scheduled_rounds=check.scheduled_rounds,
        players=tuple(
            PlayerNormsData(
                pairing_number=p.request.player.number,
                name=p.request.player.name,
                norms=tuple(_norm_data(p, r, check.forecast) for r in p.results),
            )
            for p in check.players
        ),
    )


def points(value: float | None) -> str:
    """``6.5``, ``7``; ``-`` for none."""
    return "-" if value is None else f"{value:g}"


def number(value: int | None) -> str:
    """A figure as the report prints it (``-``: none)."""
    return "-" if value is None else str(value)


def _summary(check: NormsCheck) -> Table:
    columns = ["No", "Name", "Title", "Result", "Games", "Titled", "Holders", "Feds"]
    columns += ["Avg", "Perf", "Score", "Needed"]
    if check.forecast:
        columns += ["Still needed", "Left"]
    rows = []
    for p in check.players:
        for r in p.results:
            row = [
                str(p.request.player.number),
                p.request.player.name,
                r.title,
                "norm" if r.norm else "no norm",
                str(r.games),
                number(r.figures.get("titled")),
                number(r.figures.get("holders")),
                number(r.figures.get("federations")),
                number(r.average_rating),
                number(r.performance),
                points(r.score),
                points(r.needed),
            ]
            if check.forecast:
                row += [points(r.still_needed), str(r.remaining_rounds)]
            rows.append((*row, "; ".join(r.missing)))
    return Table(
        caption="Title norms",
        columns=(*columns, "Missing"),
        rows=tuple(rows),
        right=frozenset({0, *range(4, len(columns))}),
        row_header=1,
        max_width=None,
    )


def certificate_table(player: PlayerNorms, result: NormResult) -> Table:
    """The opponents of a norm as the certificate lists them."""
    rows = tuple(
        (
            str(g.round),
            g.opponent.name,
            g.opponent.title or "",
            g.opponent.federation or "",
            g.opponent.fide_id or "",
            number(g.opponent.rating),
            str(g.rating_used),
            g.result,
        )
        for g in result.counted
    )
    who = player.request.player
    ids = ", ".join(
        x for x in (who.title, who.federation, who.fide_id and f"FIDE ID {who.fide_id}") if x
    )
    return Table(
        caption=f"{result.title} norm: {who.name} ({ids or 'no title, federation or FIDE ID'})",
        columns=("Rd", "Opponent", "Title", "Fed", "FIDE ID", "Rating", "Used", "Result"),
        rows=rows,
        right=frozenset({0, 5, 6}),
        row_header=1,
        caption_in_text=True,
    )


def certificate_lines(player: PlayerNorms, result: NormResult) -> tuple[str, ...]:
    """The IT1 certificate of a norm as lines of text (the report's notes)."""
    c = certificate(player, result)
    dates = " to ".join(d for d in (c.start_date, c.end_date) if d) or "dates not given"
    return (
        f"{result.title} norm, {player.request.player.name}: {c.event or 'event'}, {dates}, "
        f"{c.rounds} rounds; {c.games} games, score {points(c.score)}, average rating "
        f"{number(c.average_rating)}, performance {number(c.performance)}, "
        f"counts as {c.counts_as} games",
        *c.notes,
    )


def norms_report(check: NormsCheck, title: str) -> Report:
    """The report of ``check``: the summary, then each norm's certificate."""
    tables = [_summary(check)]
    notes: list[str] = []
    for p in check.players:
        for r in p.results:
            if r.norm:
                tables.append(certificate_table(p, r))
                notes.extend(certificate_lines(p, r))
    done = f"after round {check.rounds} of {check.scheduled_rounds}"
    return Report(
        kind="norms",
        title=title,
        subtitle="title norms" + (" (forecast)" if check.forecast else ""),
        intro=(f"Rules: {check.rules}; {done}.",),
        tables=tuple(tables),
        notes=tuple(notes),
    )
