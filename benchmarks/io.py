"""Event files: save, load and replay against floors measured in the same run (issue 6 §6).

1. Save and load a 1,000-player round robin with every result (499,500
   result operations) through the public API (``caddy.event.store.save`` and
   ``load``: validation, the atomic write and its fsync included), against
   ``json.dumps`` / ``json.loads`` of the same information as plain dicts and
   lists (a list of players, and per round a list of {"white", "black",
   "result"}). Targets (issue 14 §7): save and load each <= 1.5x the floor.
   Schema 2 writes a round's results recorded one after the other as one
   ``results`` operation, read and written in line by the event converter's hooks
   (``caddy.event.configure``); load includes the replay that checks the
   history.
2. Replaying 10,000 and 20,000 operations (``caddy.event.replay``): the
   growth factor must stay <= 2.3 (linear).
3. TRF (issue 7 §7): import (``caddy.codecs`` "trf" codec: parse, check
   both sides of every game, choose the format, build and replay the event)
   and export (replay, points, standings for the ranks, the lines) of the
   1,000-player round robin (a 9.6 MiB file) and of FIDE's 284-player
   sample, against reading and writing the same lines with plain string
   slicing (every field and every round's cell sliced out and converted;
   every line formatted from plain values). Targets: import <= 1.5x (issue
   31 item 4: faster than every Python TRF parser, the best of which was
   2.1x), export <= 3x. The import's first step, reading the lines into a
   ``TrfDocument`` (``caddy_plugins.codecs.trf_document.parse_document``,
   what other TRF parsers do), is printed too. The export writes the rank
   column as caddy's standings compute it (tie-breaks included), which the
   floor does not do: the script prints that part too.

Usage: python benchmarks/io.py [--repeat 3] [--trf-only | --sample-only]

``--sample-only`` times section 3 on FIDE's sample alone (seconds, not
minutes: the 1,000-player event is not built), for quick iteration.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

from caddy.contracts.format_tools import schedule_format
from caddy.event import EventFile, RecordResult, new_event, replay, results_event
from caddy.event.store import load, save
from caddy.model.schedule import Player
from caddy.plugins.host import get_host
from caddy.standings.ranking import standings
from caddy_plugins.formats.round_robin import RoundRobinOptions

if not __package__:  # run as a script: the repository root holds the benchmarks package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.timing import best, interleaved


def round_robin_event(n: int, seed: int) -> tuple[EventFile, dict[str, Any]]:
    """The event file with every result, and the same information as plain data."""
    rng = random.Random(seed)
    players = [
        Player(name=f"Player {i}", rating=1400 + rng.randrange(1400)) for i in range(1, n + 1)
    ]
    event = new_event(players, "round-robin", RoundRobinOptions(), name=f"{n} players")
    fmt = schedule_format(get_host().formats().get("round-robin"))
    schedule = fmt.schedule(n, RoundRobinOptions())
    operations = []
    plain_rounds = []
    for rnd in schedule.rounds:
        games = []
        for board, (white, black) in enumerate(zip(rnd.white, rnd.black, strict=True), 1):
            result = rng.choice(("1-0", "0-1", "1/2"))
            operations.append(RecordResult(round=rnd.number, board=board, result=result))
            games.append({"white": white, "black": black, "result": result})
        plain_rounds.append(games)
    plain = {
        "players": [{"name": p.name, "rating": p.rating} for p in players],
        "rounds": plain_rounds,
    }
    return EventFile(tournament=event.tournament, operations=tuple(operations)), plain


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--trf-only", action="store_true", help="section 3 alone")
    parser.add_argument(
        "--sample-only", action="store_true", help="section 3 on FIDE's sample alone"
    )
    args = parser.parse_args()

    if args.sample_only:
        trf_benchmarks(None, args.repeat)
        return 0

    event, plain = round_robin_event(1000, 1)
    if args.trf_only:
        trf_benchmarks(event, args.repeat)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.json"
        save(path, event)
        assert load(path) == event  # the round trip is exact
        size = path.stat().st_size
        text = json.dumps(plain)
        save_time = best(lambda: save(path, event), args.repeat)
        dumps_time = best(lambda: json.dumps(plain), args.repeat)
        load_time = best(lambda: load(path), args.repeat)
        loads_time = best(lambda: json.loads(text), args.repeat)
    print(
        f"1. 1,000-player round robin, {len(event.operations)} result operations, file {size / 2**20:.1f} MiB"
    )
    print(
        f"   save  {save_time * 1000:7.0f} ms   json.dumps floor {dumps_time * 1000:6.0f} ms   "
        f"ratio {save_time / dumps_time:.2f} (target <= 1.5)"
    )
    print(
        f"   load  {load_time * 1000:7.0f} ms   json.loads floor {loads_time * 1000:6.0f} ms   "
        f"ratio {load_time / loads_time:.2f} (target <= 1.5)"
    )

    big, _ = round_robin_event(201, 2)
    short = EventFile(tournament=big.tournament, operations=big.operations[:10_000])
    long = EventFile(tournament=big.tournament, operations=big.operations[:20_000])
    replay(short)
    t10 = best(lambda: replay(short), args.repeat * 3)
    t20 = best(lambda: replay(long), args.repeat * 3)
    print("2. replay (201-player round robin)")
    print(
        f"   10,000 operations {t10 * 1000:6.1f} ms   20,000 operations {t20 * 1000:6.1f} ms   "
        f"growth {t20 / t10:.2f}x (target <= 2.3)"
    )
    trf_benchmarks(event, args.repeat)
    return 0


def floor_read(data: bytes) -> list[tuple[Any, ...]]:
    """Plain slicing: every 001 line's fields and every round's cell."""
    players = []
    for line in data.decode("utf-8").split("\n"):
        if line[:3] != "001":
            continue
        cells = []
        for i in range(91, len(line), 10):
            opponent = line[i : i + 4]
            cells.append(
                (int(opponent) if opponent.strip() else 0, line[i + 5 : i + 6], line[i + 7 : i + 8])
            )
        rating = line[48:52].strip()
        players.append(
            (
                int(line[4:8]),
                line[9:10],
                line[10:13].strip(),
                line[14:47].strip(),
                int(rating) if rating else 0,
                line[53:56].strip(),
                line[57:68].strip(),
                line[69:79].strip(),
                float(line[80:84]),
                int(line[85:89]),
                cells,
            )
        )
    return players


def floor_write(players: list[tuple[Any, ...]]) -> bytes:
    """Plain formatting of the same lines from plain values."""
    lines = []
    for number, sex, title, name, rating, fed, fide_id, birth, points, rank, cells in players:
        parts = [
            f"001 {number:4d} {sex:1}{title:>3} {name:<33} {rating:4d} {fed:<3} {fide_id:>11} "
            f"{birth:<10} {points:4.1f} {rank:4d}  "
        ]
        parts.extend(
            f"{opponent:4d} {colour} {code}  " if opponent else f"0000 - {code}  "
            for opponent, colour, code in cells
        )
        lines.append("".join(parts).rstrip())
    return ("\n".join(lines) + "\n").encode("utf-8")


def trf_benchmarks(round_robin: EventFile | None, repeat: int) -> None:
    from caddy.plugins.lookup import get_codec
    from caddy_plugins.codecs.trf_document import parse_document

    codec = get_codec("trf")
    sample = Path(__file__).resolve().parents[1] / "tests/data/trf"
    inputs: list[tuple[str, bytes]] = []
    if round_robin is not None:
        inputs.append(("1,000-player round robin", codec.write(round_robin).data))
    karl_mala = sample / "swiss_fide_example1_karl_mala_2005.trf"
    if karl_mala.exists():
        inputs.append(("FIDE sample, 284 players", karl_mala.read_bytes()))
    print("3. TRF import and export against plain string slicing")
    for label, data in inputs:
        # a small file takes milliseconds: more runs for a steady best
        runs = repeat if len(data) > 2**20 else max(repeat, 30)
        imported = codec.read(data, source=label)
        assert not imported.warnings, imported.warnings[:3]
        event = imported.event
        plain = floor_read(data)
        rounds = sum(len(p[-1]) for p in plain)
        # touch every result: the import's event replays to the same rounds
        assert len(replay(event).rounds) == max(len(p[-1]) for p in plain)
        # each against its floor in turn: a change of the machine's load skews no ratio
        read, read_floor, parse = interleaved(
            [
                partial(codec.read, data, source="bench"),
                partial(floor_read, data),
                partial(parse_document, data, "bench"),
            ],
            runs,
        )
        write, write_floor = interleaved(
            [partial(codec.write, event), partial(floor_write, plain)], runs
        )
        # the part of the export the floor does not do: ranks need the standings
        results = results_event(replay(event))
        ranking = best(
            partial(standings, results, event.tournament.tiebreaks, event.tournament.edition),
            runs,
        )
        print(f"   {label}: {len(data) / 2**20:.1f} MiB, {rounds} cells")
        print(
            f"     import {_ms(read)}   slicing floor {_ms(read_floor)}   "
            f"ratio {read / read_floor:.2f} (target <= 1.5)"
        )
        print(
            f"       of which parse_document {_ms(parse)}   ratio {parse / read_floor:.2f}; "
            f"the rest of the import (the event built) {_ms(read - parse)}"
        )
        print(
            f"     export {_ms(write)}   slicing floor {_ms(write_floor)}   "
            f"ratio {write / write_floor:.2f} (target <= 3); of the export, the standings "
            f"for the rank column alone take {_ms(ranking).strip()} "
            f"({ranking / write_floor:.2f}x the floor)"
        )


def _ms(seconds: float) -> str:
    """Milliseconds, with two decimals below 100 (a small file's times are a few)."""
    ms = seconds * 1000
    return f"{ms:7.0f} ms" if ms >= 100 else f"{ms:7.2f} ms"


if __name__ == "__main__":
    raise SystemExit(main())
