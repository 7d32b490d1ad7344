"""Random Swiss tournaments paired round by round by bbpPairings' Burstein system.

Usage::

    python benchmarks/burstein_corpus.py OUT_FOLDER [--engine PATH] [--seeds 1-200]
        [--source generator|engine|both] [--max-players 60]

Two sources, each file kept only when the engine's own checker
(``bbpPairings.exe --burstein FILE -c``) finds every round as written:

- ``generator``: the engine's random tournament generator
  (``--burstein -g CONFIG -o FILE -s SEED``). It aborts whenever a round needs
  a pairing-allocated bye (an odd field, a half-point bye, a retirement), so
  its files are even fields with few irregular players.
- ``engine``: this script plays the tournament and the engine pairs every
  round (``--burstein FILE -p OUT``) from the file as it stands, with that
  round's announced absences: odd fields, pairing-allocated byes, half-point
  byes (``H``), late entries and retirements (``Z``), forfeits (``+``/``-``),
  results drawn from the ratings. Nothing of caddy pairs these files.

Files are written as ``caddy pair`` and ``benchmarks/swiss_check.py`` read them
(``092 FIDE_BURSTEIN``, ``XXR`` planned rounds, ``XXC`` the initial colour),
with a ``manifest.json`` of each file's source, seed and settings.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
#: The sibling script's engine lookup, seed ranges and initial-colour reading.
points_corpus = importlib.import_module("swiss_points_corpus")
engine_path, first_colour, seeds = (
    points_corpus.engine_path,
    points_corpus.first_colour,
    points_corpus.seeds,
)

#: A cell: opponent (or None), colour, result code.
Cell = tuple[int | None, str, str]


def settings_for(seed: int, max_players: int, source: str) -> dict[str, int]:
    rng = random.Random(f"burstein-{source}-{seed}")
    players = rng.randint(6, max_players)
    if source == "generator":
        players += players % 2
    return {
        "players": players,
        "rounds": rng.randint(4, min(11, players - 1)),
        "draws": rng.randint(10, 50),
        "forfeits": rng.choice([0, 2, 5, 10]),
        "half_byes": rng.choice([0, 2, 5, 10]),
        "retire": rng.choice([0, 1, 3]),
        "late": rng.choice([0, 0, 1, 3]),
        "white": rng.randint(0, 1),
    }


def line(tpn: int, rating: int, cells: list[Cell], points: float) -> str:
    head = f"001 {tpn:4d}      {f'Test{tpn:04d} Player{tpn:04d}':<34}{rating:4d}"
    head = f"{head:<80}{points:4.1f}"
    body = "".join(f"  {'0000' if o is None else f'{o:4d}'} {c} {r}" for o, c, r in cells)
    return f"{head:<89}{body}".rstrip()


POINTS = {"1": 1.0, "+": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "H": 0.5}


def write(
    path: Path, ratings: list[int], cells: list[list[Cell]], rounds: int, white: bool
) -> None:
    lines = ["012 Burstein corpus", "092 FIDE_BURSTEIN", f"XXR {rounds}",
             f"XXC {'white' if white else 'black'}1"]  # fmt: skip
    for i, row in enumerate(cells):
        lines.append(line(i + 1, ratings[i], row, sum(POINTS.get(r, 0.0) for _, _, r in row)))
    path.write_text("\n".join(lines) + "\n", encoding="ascii")


def play(engine: str, path: Path, seed: int, s: dict[str, int]) -> bool:
    """Play one tournament, every round paired by the engine; False if it gives up."""
    rng = random.Random(seed)
    n, rounds = s["players"], s["rounds"]
    ratings = sorted((rng.randint(1200, 2600) for _ in range(n)), reverse=True)
    cells: list[list[Cell]] = [[] for _ in range(n)]
    joins = [rng.randint(2, 3) if rng.random() < s["late"] / 100 * 3 else 1 for _ in range(n)]
    leaves = [rounds + 1] * n
    for r in range(1, rounds + 1):
        for i in range(n):
            if r < joins[i] or r >= leaves[i]:
                cells[i].append((None, "-", "Z"))
            elif r > 1 and rng.random() < s["retire"] / 100:
                leaves[i] = r
                cells[i].append((None, "-", "Z"))
            elif rng.random() < s["half_byes"] / 100:
                cells[i].append((None, "-", "H"))
        write(path, ratings, cells, rounds, bool(s["white"]))
        out = path.with_suffix(".pairs")
        done = subprocess.run(
            [engine, "--burstein", str(path), "-p", str(out)], capture_output=True, check=False
        )
        if done.returncode:
            return False
        for text in out.read_text().split("\n")[1:]:
            if not text.strip():
                continue
            w, b = (int(x) - 1 for x in text.split())
            if b < 0:
                cells[w].append((None, "-", "U"))
                continue
            if rng.random() < s["forfeits"] / 100:
                one = rng.random() < 0.5
                cells[w].append((b + 1, "w", "+" if one else "-"))
                cells[b].append((w + 1, "b", "-" if one else "+"))
                continue
            expect = 1 / (1 + 10 ** ((ratings[b] - ratings[w]) / 400))
            x = rng.random()
            draw = s["draws"] / 100
            code = "=" if x < draw else "1" if x < draw + (1 - draw) * expect else "0"
            other = {"1": "0", "0": "1", "=": "="}[code]
            cells[w].append((b + 1, "w", code))
            cells[b].append((w + 1, "b", other))
        out.unlink()
    write(path, ratings, cells, rounds, bool(s["white"]))
    return True


def generate(engine: str, path: Path, seed: int, s: dict[str, int], scratch: Path) -> bool:
    cfg = scratch / "config.txt"
    cfg.write_text(
        f"PlayersNumber={s['players']}\nRoundsNumber={s['rounds']}\n"
        f"DrawPercentage={s['draws']}\nForfeitRate={[1000, 100, 30, 10][s['forfeits'] % 4]}\n"
        f"RetiredRate={[1000, 100, 20][s['retire'] % 3]}\nHalfPointByeRate=1000\n"
        "HighestRating=2600\nLowestRating=1200\n"
    )
    raw = scratch / "raw.trf"
    command = [engine, "--burstein", "-g", str(cfg), "-o", str(raw), "-s", str(seed)]
    if subprocess.run(command, capture_output=True, check=False).returncode:
        return False
    lines = [x for x in raw.read_text().replace("\r", "\n").split("\n") if x.strip()]
    colour = first_colour(lines)
    lines = [x for x in lines if not x.startswith(("092", "XXR", "XXC"))]
    lines[1:1] = ["092 FIDE_BURSTEIN", f"XXR {s['rounds']}", f"XXC {colour}1"]
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    return True


def checked(engine: str, path: Path, rounds: int) -> bool:
    """Whether the engine's checker finds every round of ``path`` as written."""
    done = subprocess.run(
        [engine, "--burstein", str(path), "-c"], capture_output=True, text=True, check=False
    )
    lines = [x for x in done.stdout.splitlines() if x.strip()]
    return done.returncode == 0 and lines == [
        f"{path.stem}: Round #{r}" for r in range(1, rounds + 1)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--engine")
    parser.add_argument("--seeds", default="1-200", help="a range LOW-HIGH")
    parser.add_argument("--source", choices=("generator", "engine", "both"), default="both")
    parser.add_argument("--max-players", type=int, default=60)
    args = parser.parse_args(argv)
    engine = engine_path(args.engine)
    args.out.mkdir(parents=True, exist_ok=True)
    sources = ("generator", "engine") if args.source == "both" else (args.source,)
    manifest, dropped = [], 0
    with tempfile.TemporaryDirectory() as scratch:
        for source in sources:
            for seed in seeds(args.seeds):
                s = settings_for(seed, args.max_players, source)
                name = f"burstein-{source[:3]}-{seed:05d}-{s['players']}p{s['rounds']}r.trf"
                path = args.out / name
                made = (
                    generate(engine, path, seed, s, Path(scratch))
                    if source == "generator"
                    else play(engine, path, seed, s)
                )
                if not made or not checked(engine, path, s["rounds"]):
                    path.unlink(missing_ok=True)
                    dropped += 1
                    continue
                manifest.append({"file": name, "source": source, "seed": seed, "settings": s})
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"{len(manifest)} files written, {dropped} dropped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
