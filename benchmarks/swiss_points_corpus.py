"""Random Swiss tournaments under other point systems, from bbpPairings' generator.

Usage::

    python benchmarks/swiss_points_corpus.py OUT_FOLDER [--engine PATH] [--seeds 1-40]
        [--systems w3d1p1,w2d1] [--max-players 60]

For each point system and seed, the random tournament generator of an
installed bbpPairings (``bbpPairings.exe --dutch -g CONFIG -o FILE -s SEED``;
``--engine``, else ``$CADDY_BBPPAIRINGS``, else ``bbpPairings.exe`` on the
PATH) plays a tournament whose every round the engine pairs; the file is then
made what ``caddy pair`` and ``benchmarks/swiss_check.py`` read: LF line
ends, ``XXR`` (planned rounds), ``XXC`` (pairing number 1's colour in round
1), the point system as the generator wrote it (record 162) or, for the
systems marked ``bb``, as bbpPairings' own records (``BBW``, ``BBD``,
``BBL``, ``BBZ``, ``BBF``, ``BBU``). Each file is kept only when the engine's checker
(``--dutch FILE -c``) still finds every round as written. A ``manifest.json``
lists each file's system, seed and generator settings
(tests/data/swiss/points/SOURCES.md).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

#: name -> the generator's point settings and how the file states them:
#: "162" keeps the generator's record 162, "bb" writes bbpPairings' BB* records.
SYSTEMS: dict[str, tuple[dict[str, str], str]] = {
    # 3-1-0 with a 1-point bye (issue 24), and with the bye a win
    "w3d1p1": ({"PointsForWin": "3.0", "PointsForDraw": "1.0", "PointsForPAB": "1.0"}, "bb"),
    "w3d1": ({"PointsForWin": "3.0", "PointsForDraw": "1.0"}, "162"),
    "w2d1": ({"PointsForWin": "2.0", "PointsForDraw": "1.0"}, "bb"),
    # the bye worth a draw, and nothing
    "w1p05": ({"PointsForPAB": "0.5"}, "162"),
    "w1p0": ({"PointsForPAB": "0.0"}, "bb"),
    # a played loss scores: 3-2-1, the bye worth 2, or a loss
    "w3d2l1": ({"PointsForWin": "3.0", "PointsForDraw": "2.0", "PointsForLoss": "1.0",
                "PointsForPAB": "2.0"}, "162"),
    "w3d2l1p1": ({"PointsForWin": "3.0", "PointsForDraw": "2.0", "PointsForLoss": "1.0",
                  "PointsForPAB": "1.0"}, "bb"),
    # an unusual draw
    "w4d15p1": ({"PointsForWin": "4.0", "PointsForDraw": "1.5", "PointsForPAB": "1.0"}, "bb"),
    # a forfeit loss (and a zero-point bye) scores 1 (bbpPairings reads them from BB* only)
    "w2d1f1": ({"PointsForWin": "2.0", "PointsForDraw": "1.0", "PointsForForfeitLoss": "1.0"},
               "bb"),
}  # fmt: skip

#: The generator's defaults (its README): a PAB worth a win.
DEFAULTS = {"PointsForWin": "1.0", "PointsForDraw": "0.5", "PointsForLoss": "0.0",
            "PointsForForfeitLoss": "0.0"}  # fmt: skip


def engine_path(given: str | None) -> str:
    found = given or os.environ.get("CADDY_BBPPAIRINGS") or shutil.which("bbpPairings.exe")
    if not found:
        raise SystemExit("bbpPairings not found: give --engine or set CADDY_BBPPAIRINGS")
    return found


def config(system: str, seed: int, max_players: int) -> dict[str, str]:
    """The generator's settings for one tournament (drawn from the seed)."""
    rng = random.Random(f"{system}-{seed}")
    players = rng.randint(7, max_players)
    rounds = rng.randint(4, min(11, players - 1))
    points = DEFAULTS | SYSTEMS[system][0]
    points.setdefault("PointsForPAB", points["PointsForWin"])
    return {
        "PlayersNumber": str(players),
        "RoundsNumber": str(rounds),
        "DrawPercentage": str(rng.randint(10, 50)),
        "ForfeitRate": str(rng.choice([8, 20, 100])),
        "RetiredRate": str(rng.choice([20, 50, 200])),
        "HalfPointByeRate": str(rng.choice([10, 30, 200])),
        "HighestRating": "2600",
        "LowestRating": "1200",
        **{key: points[key] for key in (*DEFAULTS, "PointsForPAB")},  # PAB last: see README
    }


#: bbpPairings' point records and the generator setting each states.
BB_RECORDS = (
    ("BBW", "PointsForWin"),
    ("BBD", "PointsForDraw"),
    ("BBL", "PointsForLoss"),
    ("BBZ", "PointsForForfeitLoss"),  # the generator's forfeit loss is the zero-point bye's too
    ("BBF", "PointsForForfeitLoss"),
    ("BBU", "PointsForPAB"),
)


def prepare(text: str, system: str, settings: dict[str, str]) -> str:
    """The generator's file as caddy reads it (see the module docstring)."""
    lines = [line for line in re.split(r"\r\n|\r|\n", text) if line.strip()]
    extra = [f"XXR {settings['RoundsNumber']}", f"XXC {first_colour(lines)}1"]
    if SYSTEMS[system][1] == "bb":
        lines = [line for line in lines if not line.startswith("162")]
        for code, key in BB_RECORDS:
            extra.append(f"{code} {float(settings[key]):4.1f}")
    return "\n".join(lines + extra) + "\n"


def first_colour(lines: list[str]) -> str:
    """Pairing number 1's colour in round 1 as the engine infers it (its
    README): the round-1 colour of the first player paired in round 1 (a game
    or the bye ``U``), reversed for the 2nd, 4th, ... such player."""
    paired = 0
    for line in sorted((x for x in lines if x.startswith("001")), key=lambda x: int(x[4:8])):
        cell = line[91:101]
        if cell[:4].strip() in ("", "0000") and cell[7:8] != "U":
            continue
        paired += 1
        if cell[5:6] in ("w", "b"):
            white = (cell[5:6] == "w") == (paired % 2 == 1)
            return "white" if white else "black"
    return "white"


def checked(engine: str, path: Path, rounds: int) -> bool:
    """Whether the engine's checker finds every round of ``path`` as written."""
    done = subprocess.run(
        [engine, "--dutch", str(path), "-c"], capture_output=True, text=True, check=False
    )
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    wanted = [f"{path.stem}: Round #{r}" for r in range(1, rounds + 1)]
    return done.returncode == 0 and lines == wanted


def seeds(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--engine")
    parser.add_argument("--seeds", default="1-20", help="a range LOW-HIGH")
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    parser.add_argument("--max-players", type=int, default=60)
    args = parser.parse_args(argv)
    engine = engine_path(args.engine)
    args.out.mkdir(parents=True, exist_ok=True)
    manifest, dropped = [], 0
    with tempfile.TemporaryDirectory() as scratch:
        for system in args.systems.split(","):
            for seed in seeds(args.seeds):
                settings = config(system, seed, args.max_players)
                cfg = Path(scratch, "config.txt")
                cfg.write_text("".join(f"{k}={v}\n" for k, v in settings.items()))
                raw = Path(scratch, "raw.trf")
                command = [engine, "--dutch", "-g", str(cfg), "-o", str(raw), "-s", str(seed)]
                if subprocess.run(command, capture_output=True, check=False).returncode:
                    dropped += 1
                    continue
                rounds = int(settings["RoundsNumber"])
                name = f"{system}-{seed:04d}-{settings['PlayersNumber']}p{rounds}r.trf"
                path = args.out / name
                path.write_text(prepare(raw.read_text(), system, settings), encoding="ascii")
                if not checked(engine, path, rounds):
                    path.unlink()
                    dropped += 1
                    continue
                manifest.append({"file": name, "system": system, "seed": seed, "config": settings})
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"{len(manifest)} files written, {dropped} dropped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
