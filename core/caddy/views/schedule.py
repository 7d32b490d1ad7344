"""A format's schedule (``caddy table``) as a report: the grid of rounds
(pairing numbers), or with the players' names one table per round after the
table of pairing numbers; as a ``caddy.schedule`` JSON document, streamed;
as CSV, one line per board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from caddy.model.report import Report, Table

if TYPE_CHECKING:
    from caddy.model.schedule import Numbering, Round, Schedule


def player_label(number: int, numbering: Numbering | None) -> str:
    """``7``, or with names ``Anna Alpha (7)``."""
    if numbering is None:
        return str(number)
    return f"{numbering.name_of(number)} ({number})"


def schedule_report(
    schedule: Schedule, numbering: Numbering | None, later: Sequence[str] = ()
) -> Report:
    """A schedule as a report: the grid of rounds, or with names one table per round."""
    intro = []
    for section in schedule.sections:
        members = " ".join(
            player_label(p, numbering) if numbering else str(p) for p in section.players
        )
        intro.append(f"{section.name}: {members}")
    if schedule.seed is not None:
        intro.append(f"colour toss seed {schedule.seed} (repeat with --seed {schedule.seed})")
    tables: tuple[Table, ...]
    if numbering is None:
        tables = (_grid(schedule),)
    else:
        tables = (
            _numbers_table(numbering),
            *(_round_table(schedule, rnd, numbering) for rnd in schedule.rounds),
        )
    return Report(
        kind="table",
        title=f"{schedule.title}; the left player has White",
        intro=tuple(intro),
        tables=tables,
        notes=tuple(later),
    )


def _grid(schedule: Schedule) -> Table:
    """Every round on one line: its boards ``white–black`` and its byes."""
    boards = max((r.boards for r in schedule.rounds), default=0)
    has_byes = any(r.byes for r in schedule.rounds)
    head = ["round", *(f"board {b}" for b in range(1, boards + 1))]
    head += ["bye"] if has_byes else []
    rows = []
    for rnd in schedule.rounds:
        cells = [
            str(rnd.number),
            *(f"{w}–{b}" for w, b in zip(rnd.white, rnd.black, strict=True)),
        ]
        cells += [""] * (boards + 1 - len(cells))
        if has_byes:
            cells.append(" ".join(str(p) for p in rnd.byes))
        rows.append(tuple(cells))
    return Table(caption="Schedule", columns=tuple(head), rows=tuple(rows), row_header=0)


def _numbers_table(numbering: Numbering) -> Table:
    """The players by pairing number, and how the numbers were given."""
    how = {"lot": "drawn by lot", "rating": "by rating", "given": "as given"}[numbering.method]
    caption = f"Pairing numbers ({how}"
    if numbering.seed is not None:
        caption += f", seed {numbering.seed}; repeat the draw with --seed {numbering.seed}"
    caption += ")"
    return Table(
        caption=caption,
        columns=("no", "name", "rating"),
        rows=tuple(
            (str(k), p.name, "unrated" if p.rating is None else str(p.rating))
            for k, p in enumerate(numbering.players, 1)
        ),
        right=frozenset({0, 2}),
        row_header=1,
        caption_in_text=True,
    )


def _round_table(schedule: Schedule, rnd: Round, numbering: Numbering) -> Table:
    """One round's boards with the players' names (and sections, when there are any)."""
    sections = bool(schedule.sections)
    games: list[tuple[str, ...]] = []
    for game in rnd.games():
        home = schedule.section_of(game.white)
        if home is not None and game.black not in home.players:
            home = None  # a board across sections (Scheveningen)
        board = (
            str(game.board),
            player_label(game.white, numbering),
            player_label(game.black, numbering),
        )
        lead: tuple[str, ...] = (home.name if home else "",) if sections else ()
        games.append(lead + board)
    for number in rnd.byes:
        lead = ("",) if sections else ()
        games.append((*lead, "bye", player_label(number, numbering), ""))
    columns: tuple[str, ...] = ("section",) if sections else ()
    columns += ("board", "white", "black")
    return Table(
        caption=f"Round {rnd.number}",
        columns=columns,
        rows=tuple(games),
        right=frozenset({1 if sections else 0}),
        caption_in_text=True,
    )


def write_schedule_json(
    schedule: Schedule,
    out: TextIO,
    *,
    options: dict[str, Any] | None = None,
    numbering: Numbering | None = None,
) -> None:
    """Stream a ``caddy.schedule`` document, round by round.

    The text is exactly what ``json.dumps`` gives for the same document, but
    it is never held whole in memory (half a million games for 1,000 players).
    """
    import json

    # lazy: the document classes (caddy.model.documents) load for --json only, not for a text table
    from caddy.model.documents import NumberingData, ScheduleHead, SectionPlayers, data

    numbered = None
    if numbering is not None:
        from caddy.model.serialize import unstructure  # lazy: cattrs loads for --json only

        numbered = NumberingData(
            method=numbering.method,
            seed=numbering.seed,
            players=tuple(
                {"number": i, **unstructure(p)} for i, p in enumerate(numbering.players, 1)
            ),
        )
    head = data(
        ScheduleHead(
            format=schedule.format,
            title=schedule.title,
            players=schedule.players,
            seed=schedule.seed,
            options=options or {},
            numbering=numbered,
            sections=tuple(
                SectionPlayers(name=s.name, players=s.players) for s in schedule.sections
            )
            or None,
        )
    )
    text = json.dumps(head, allow_nan=False)
    out.write(text[:-1] + ', "rounds": [')
    write = out.write
    for index, rnd in enumerate(schedule.rounds):
        boards = ", ".join(
            f'{{"board": {b}, "white": {w}, "black": {k}}}'
            for b, w, k in zip(range(1, len(rnd.white) + 1), rnd.white, rnd.black, strict=True)
        )
        write(f"[{boards}]" if index == 0 else f", [{boards}]")
    write('], "byes": ')
    write(json.dumps([list(rnd.byes) for rnd in schedule.rounds], allow_nan=False))
    write("}\n")


def write_schedule_csv(schedule: Schedule, numbering: Numbering | None, out: TextIO) -> None:
    import csv

    writer = csv.writer(out, lineterminator="\n")
    named = numbering is not None
    writer.writerow(
        ["round", "board", "white", "black"] + (["white_name", "black_name"] if named else [])
    )
    for rnd in schedule.rounds:
        for game in rnd.games():
            row: list[Any] = [rnd.number, game.board, game.white, game.black]
            if numbering is not None:
                row += [numbering.name_of(game.white), numbering.name_of(game.black)]
            writer.writerow(row)
        for player in rnd.byes:
            row = [rnd.number, "bye", player, ""]
            if numbering is not None:
                row += [numbering.name_of(player), ""]
            writer.writerow(row)
