"""``caddy calc``'s figures as text: one field's summary (rounds, games,
boards, hours, club nights) or, for several fields and time controls, one
table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from caddy.model.numbers import format_hours, format_minutes

if TYPE_CHECKING:
    from caddy.model.timecontrol import TimeControl
    from caddy.schedule.calculator import CalcResult


def print_table(
    results: list[CalcResult],
    players: list[int],
    controls: Sequence[TimeControl | None],
    out: TextIO,
) -> None:
    first = results[0]
    extra = "; ".join(f"{label}" for label in first.variants)
    heading = f"{first.format}"
    if controls and controls[0] is not None:
        heading += f"; {first.turnover_minutes} min turnover; club nights of {format_minutes(first.night_minutes)}"
    print(heading, file=out)
    head = ["players", "rounds", "games", "boards"]
    if extra:
        head += ["double rounds", "double games"]
    per_tc = [c for c in controls if c is not None]
    top = [""] * len(head)
    for tc in per_tc:
        top += [str(tc), ""]
        head += ["hours", "nights"]
    rows: list[list[str]] = []
    index = 0
    for n in players:
        row_results = results[index : index + max(1, len(per_tc))]
        index += max(1, len(per_tc))
        r = row_results[0]
        row = [str(n), str(r.rounds), str(r.games), str(r.boards)]
        if extra:
            double = next(iter(r.variants.values()))
            row += [str(double.rounds), str(double.games)]
        for rr in row_results if per_tc else []:
            assert rr.total_hours is not None
            nights = str(rr.club_nights) + ("" if rr.round_fits_night else "*")
            row += [format_hours(rr.total_hours), nights]
        rows.append(row)
    widths = [max(len(x) for x in col) for col in zip(top, head, *rows, strict=True)]
    lines = [top, head, *rows] if per_tc else [head, *rows]
    for line in lines:
        print(
            "  ".join(cell.rjust(w) for cell, w in zip(line, widths, strict=True)).rstrip(),
            file=out,
        )
    if any(r.round_fits_night is False for r in results):
        print("* a round does not fit in one night: one round a night, over time", file=out)
    seen = set()
    for r in results:
        if r.players not in seen and r.advice:
            seen.add(r.players)
            print(f"Advice: {r.advice}", file=out)


def print_summary(r: CalcResult, out: TextIO, *, nights: bool = True) -> None:
    """One field's figures; ``nights=False`` leaves out the club nights (a
    weekend event's days say how the rounds fit instead)."""
    games = "games" if r.games != 1 else "game"
    print(f"{r.format}, {r.players} players", file=out)
    print(
        f"  {r.rounds} rounds, {r.games} {games}, {r.boards} boards, "
        f"{r.games_per_player} games per player",
        file=out,
    )
    if r.max_games is not None and r.max_games != r.games:
        print(f"  {r.games} to {r.max_games} games with knockout tie-breaks", file=out)
    if r.byes_per_round and not r.details:
        sits = "player sits" if r.byes_per_round == 1 else "players sit"
        print(f"  {r.byes_per_round} {sits} out each round", file=out)
    for line in r.details:
        print(f"  {line}", file=out)
    for label, arithmetic in r.variants.items():
        print(f"  {label}: {arithmetic.rounds} rounds, {arithmetic.games} games", file=out)
    if r.time_control is not None:
        print(
            f"Time control {r.time_control} (US Chess: {r.us_chess_category}; FIDE: {r.fide_category})",
            file=out,
        )
        print(
            f"  {r.minutes_per_player} min per player, {r.worst_case_game_minutes} min worst-case game, "
            f"{r.round_minutes} min per round with {r.turnover_minutes} min turnover",
            file=out,
        )
        assert r.total_hours is not None
        print(f"  {format_hours(r.total_hours)} in all ({r.total_minutes} min)", file=out)
        night = format_minutes(r.night_minutes)
        if nights and r.round_fits_night:
            per = "round" if r.rounds_per_night == 1 else "rounds"
            ko = ""
            if r.knockout_rounds:
                ko = f" (the knockout rounds on {r.knockout_rounds} nights of their own)"
            print(
                f"  {r.club_nights} club nights of {night} at {r.rounds_per_night} {per} a night{ko}",
                file=out,
            )
        elif nights:
            print(
                f"  a round ({r.round_minutes} min) does not fit in one {night} night: "
                f"{r.club_nights} club nights, one round each and over time",
                file=out,
            )
    if r.advice:
        print(f"Advice: {r.advice}", file=out)
