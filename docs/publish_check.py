"""Look at ``caddy publish``'s pages in a real browser: the print check and
the screenshots of docs/publishing.md.

1. The print check: publishes a played 10-player round robin, prints its
   crosstable and its round 1 pairing sheet to PDF on A4 with headless
   Chromium, and measures the type size the PDF sets for the table text
   (each text-showing operator's font size times its text and page
   matrices' vertical scale), the page count, and with ``pdftotext`` that
   every player's name is in the PDF (a clipped column would lose it).
2. The screenshots: publishes a 30-player, 7-round Swiss (``caddy simulate
   --players 30 --rounds 7 --seed 1``, imported), an 8-player knockout and a
   6-team, 4-board team round robin (its team pages), and takes headless screenshots at phone (390 x 844) and desktop
   (1280 x 900) sizes into ``docs/images/``.

Chromium and poppler-utils come from Debian's packages (``apt-get install
chromium poppler-utils``); they are not dependencies of caddy and CI does
not run this script. Usage: python3 docs/publish_check.py [--keep DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zlib
from collections import Counter
from pathlib import Path

from caddy.cli.main import main

HERE = Path(__file__).resolve().parent
IMAGES = HERE / "images"
CHROMIUM = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
]
TOKEN = re.compile(
    rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|\[|\]|/[^\s/\[\]()<>]+|[-+]?\d*\.?\d+|[A-Za-z'\"*]+"
)
NUMBER = re.compile(rb"[-+]?\d*\.?\d+")


def caddy(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(args))
    if code:
        raise SystemExit(f"caddy {' '.join(args)} failed ({code})")
    return out.getvalue()


def chromium(*args: str) -> None:
    binary = shutil.which("chromium") or "chromium"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [binary, *CHROMIUM, f"--user-data-dir={profile}", *args],
            check=True,
            capture_output=True,
            timeout=120,
        )


def _multiply(a: list[float], b: list[float]) -> list[float]:
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def text_sizes(pdf: Path) -> Counter[float]:
    """How many text-showing operators the PDF has at each type size (pt)."""
    data = pdf.read_bytes()
    sizes: Counter[float] = Counter()
    for found in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            content = zlib.decompress(found.group(1))
        except zlib.error:
            continue
        if b" Tf" not in content:
            continue
        ctm, stack, tm, size = [1.0, 0, 0, 1, 0, 0], [], [1.0, 0, 0, 1, 0, 0], 0.0
        args: list[float] = []
        for token in TOKEN.findall(content):
            if NUMBER.fullmatch(token):
                args.append(float(token))
                continue
            if token == b"q":
                stack.append(ctm)
            elif token == b"Q":
                ctm = stack.pop()
            elif token == b"cm":
                ctm = _multiply(args[-6:], ctm)
            elif token == b"BT":
                tm = [1.0, 0, 0, 1, 0, 0]
            elif token == b"Tm":
                tm = args[-6:]
            elif token == b"Tf":
                size = args[-1]
            elif token in (b"Tj", b"TJ", b"'", b'"'):
                m = _multiply(tm, ctm)
                sizes[round(size * (m[2] ** 2 + m[3] ** 2) ** 0.5, 1)] += 1
            if not token.startswith((b"/", b"(", b"<", b"[", b"]")):
                args = []
    return sizes


def players_csv(path: Path, names: list[str]) -> Path:
    rows = "".join(f'"{n}",{2400 - 15 * i}\n' for i, n in enumerate(names))
    path.write_text("name,rating\n" + rows, encoding="utf-8")
    return path


def print_check(folder: Path) -> list[str]:
    """Publish a 10-player round robin and measure its printed type."""
    from caddy.event import replay
    from caddy.event.store import load

    names = [f"Player {chr(64 + i)} Lastname{i:04d}" for i in range(1, 11)]
    csv = players_csv(folder / "rr.csv", names)
    event = folder / "rr.json"
    caddy("new", str(event), "--players", str(csv), "--by", "given", "--name",
          "Club Championship", "--place", "Leeds", "--start", "2026-05-01",
          "--end", "2026-05-09")  # fmt: skip
    codes = ("1-0", "1/2", "0-1")
    for rnd in replay(load(event)).rounds:
        for board in rnd.boards:
            result = codes[(rnd.number + board.number) % 3]
            caddy("result", str(event), str(rnd.number), str(board.number), result)
    site = folder / "rr-site"
    caddy("publish", str(event), "-o", str(site))
    lines = []
    for page in ("crosstable.html", "round-1.html"):
        pdf = folder / page.replace(".html", ".pdf")
        chromium("--no-pdf-header-footer", f"--print-to-pdf={pdf}", (site / page).as_uri())
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        pages = re.search(r"Pages:\s+(\d+)", info)
        paper = re.search(r"Page size:\s+(.*)", info)
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
        missing = [n for n in names if n not in text]
        size, count = text_sizes(pdf).most_common(1)[0]
        lines.append(
            f"10-player round robin, {page}: {pages and pages.group(1)} page(s), "
            f"{paper and paper.group(1).strip()}, table text {size:g} pt ({count} runs), "
            + ("every name found" if not missing else f"missing: {', '.join(missing)}")
        )
    return lines


#: A team round robin: 6 clubs of 4 boards.
CLUBS = ("Ashford", "Bexley", "Croydon", "Dartford", "Epsom", "Farnham")
FIRST = ("Anna", "Ben", "Chloé", "Dev", "Eszter", "Farid", "Grace", "Hiro", "Ivan", "Jana")


def team_league(folder: Path) -> Path:
    """A 6-team, 4-board round robin played to the end (board results cycle)."""
    rows = ["team,board,name,rating"]
    for t, club in enumerate(CLUBS):
        for board in range(1, 5):
            first = FIRST[(3 * t + board) % len(FIRST)]
            rows.append(f"{club},{board},{first} {club[:3]}son,{2200 - 40 * board - 15 * t}")
    teams = folder / "teams.csv"
    teams.write_text("\n".join(rows) + "\n", encoding="utf-8")
    event = folder / "league.json"
    caddy("new", str(event), "--format", "team-round-robin", "--teams", str(teams), "--seed",
          "2", "--name", "County League", "--place", "Guildford")  # fmt: skip
    words = ("1-0", "1/2", "0-1", "1/2", "1-0", "1-0", "0-1")
    for rnd in range(1, 6):
        document = json.loads(caddy("pair", str(event), "--json"))
        for match in document["matches"]:
            k = rnd + match["match"]
            result = " ".join(words[(k + b) % len(words)] for b in range(4))
            caddy("result", str(event), str(rnd), str(match["match"]), result)
    return event


def screenshots(folder: Path) -> list[str]:
    """Publish a 30-player Swiss, a knockout and a team round robin; screenshot some pages."""
    trf, swiss = folder / "s.trf", folder / "s.json"
    caddy("simulate", "--players", "30", "--rounds", "7", "--seed", "1", "-o", str(trf))
    caddy("import", str(trf), "-o", str(swiss))
    knockout = folder / "ko.json"
    names = ["Ana Silva", "Ben Okafor", "Chloé Martin", "Dmitri Volkov",
             "Eszter Nagy", "Farid Haddad", "Grace Liu", "Hiro Tanaka"]  # fmt: skip
    csv = players_csv(folder / "ko.csv", names)
    caddy("new", str(knockout), "--format", "knockout", "--players", str(csv), "--by",
          "given", "--seed", "3", "--name", "Spring Knockout", "--place", "Town Hall",
          "--start", "2026-04-04", "--every", "sat,sun", "--at", "10:00",
          "--rounds-per-night", "2", "--tc", "G/60;d5")  # fmt: skip
    results = iter(["1-0", "1/2", "0-1", "1/2", "1-0", "1-0", "0-1"] * 10)
    for rnd in (1, 2, 3):
        caddy("pair", str(knockout))
        while True:
            document = json.loads(caddy("pairings", str(knockout), "--round", str(rnd), "--json"))
            open_boards = [b["board"] for b in document["boards"] if b["winner"] is None]
            if not open_boards:
                break
            for board in open_boards:
                caddy("result", str(knockout), str(rnd), str(board), next(results))
    made = []
    for event, site, pages in (
        (swiss, "swiss", ("index.html", "round-7.html", "player-1.html")),
        (knockout, "knockout", ("index.html", "round-1.html", "crosstable.html", "player-1.html")),
        (team_league(folder), "teams", ("index.html", "round-5.html", "team-standings-5.html",
                                        "team-crosstable.html", "board-prizes.html")),
    ):  # fmt: skip
        caddy("publish", str(event), "-o", str(folder / site))
        for page in pages:
            for device, size in (("phone", "390,844"), ("desktop", "1280,900")):
                name = f"publish-{site}-{page.removesuffix('.html')}-{device}.png"
                chromium(f"--screenshot={IMAGES / name}", f"--window-size={size}",
                         (folder / site / page).as_uri())  # fmt: skip
                made.append(name)
    return made


def main_script() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="keep the events, sites and PDFs in DIR")
    ns = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = ns.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        version = subprocess.run(
            [shutil.which("chromium") or "chromium", "--version"], capture_output=True, text=True
        ).stdout.strip()
        lines = [version, *print_check(folder)]
        lines += [f"screenshot: docs/images/{name}" for name in screenshots(folder)]
    (IMAGES / "publish-check.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main_script())
