"""Print caddy's HTML in a real browser and check nothing is clipped.

Renders a 12-player and a 30-player round-robin crosstable and a pairing
sheet with ``caddy ... --output html``, prints each to PDF with headless
Chromium on A4 and on Letter paper, checks with ``pdftotext`` that every
player's name and score is in the PDF (a clipped column would lose them),
and makes PNGs of the first pages with ``pdftoppm`` for the docs
(``docs/images/``). Chromium and poppler-utils come from Debian's packages
and are installed when missing (as root, or through sudo).

Usage: python3 docs/print_check.py [--keep DIR]

CI does not run this (it needs a browser); docs/printing.md says when it
was last run and shows the pictures.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
IMAGES = HERE / "images"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--no-pdf-header-footer",
]
FIRST = ["Anna", "Ben", "Chiara", "Dmitri", "Eszter", "Farid", "Grace", "Hiroshi", "Ingrid",
         "Jonas", "Kamala", "Lars", "Mei", "Nikolai", "Olga", "Pedro", "Quentin", "Rosa",
         "Sven", "Tamar", "Ulrich", "Vera", "Wen", "Ximena", "Yusuf", "Zofia", "Ádám",
         "Björn", "Çağla", "Đorđe"]  # fmt: skip
LAST = ["Kovács", "Smith", "Rossi", "Ivanov", "Nagy", "Haddad", "O'Neil", "Tanaka",
        "Lindqvist", "Weber", "Harris", "Nilsen", "Zhang", "Petrov", "Sokolova", "Alves",
        "Dupont", "García", "Berg", "Levi", "Schneider-Hohenberg", "Novak", "Li", "Ortega",
        "Demir", "Wiśniewska", "Szabó", "Ekström", "Yılmaz", "Đoković"]  # fmt: skip


def ensure_tools() -> None:
    """Install Debian's chromium and poppler-utils when missing."""
    missing = [p for p, tool in (("chromium", "chromium"), ("poppler-utils", "pdftotext"))
               if shutil.which(tool) is None]  # fmt: skip
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", *missing], check=True, env=env)


def caddy(*args: str, out: Path | None = None) -> str:
    run = subprocess.run(
        [sys.executable, "-m", "caddy", *args], capture_output=True, text=True, check=False
    )
    if run.returncode:
        raise SystemExit(f"caddy {' '.join(args)} failed: {run.stderr.strip()}")
    if out is not None:
        out.write_text(run.stdout, encoding="utf-8")
    return run.stdout


def make_event(folder: Path, players: int, seed: int) -> tuple[Path, list[str]]:
    """A finished round robin with seeded random results."""
    rng = random.Random(seed)
    names = [f"{FIRST[i % len(FIRST)]} {LAST[(i * 7) % len(LAST)]}" for i in range(players)]
    csv_file = folder / f"players{players}.csv"
    csv_file.write_text(
        "name,rating\n" + "".join(f'"{n}",{2400 - 17 * i}\n' for i, n in enumerate(names)),
        encoding="utf-8",
    )
    event = folder / f"rr{players}.json"
    caddy("new", str(event), "--players", str(csv_file), "--by", "rating",
          "--name", f"Club round robin, {players} players", "--start", "2026-09-01")  # fmt: skip
    # every result at once through the API (the CLI would take one call per game)
    from caddy.event import RecordResult, replay
    from caddy.event.store import load, save

    data = load(event)
    for rnd in replay(data).rounds:
        for board in range(1, len(rnd.white) + 1):
            result = rng.choice(["1-0", "0-1", "1/2", "1-0", "0-1"])
            data = data.with_operation(RecordResult(round=rnd.number, board=board, result=result))
    save(event, data)
    return event, names


def print_pdf(html: Path, paper: str) -> Path:
    """The page printed to PDF on ``paper`` (A4 or Letter), as a printer would."""
    page = html.read_text(encoding="utf-8")
    landscape = re.search(r"size:[^;}]*landscape", page) is not None
    size = f"{paper} landscape" if landscape else paper
    copy = html.with_name(f"{html.stem}-{paper}.html")
    copy.write_text(
        page.replace("</head>", f"<style>@page {{ size: {size}; }}</style>\n</head>"),
        encoding="utf-8",
    )
    pdf = copy.with_suffix(".pdf")
    chromium = shutil.which("chromium") or "chromium"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                chromium,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                f"--print-to-pdf={pdf}",
                copy.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    return pdf


def pdf_text(pdf: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


def check(pdf: Path, expected: dict[str, str]) -> list[str]:
    """Problems: a name missing, or its score not on the name's line."""
    lines = pdf_text(pdf).splitlines()
    problems = []
    for name, score in expected.items():
        found = [line for line in lines if name in line]
        if not found:
            problems.append(f"{pdf.name}: '{name}' is not in the PDF")
        elif score and not any(re.search(rf"(?<![\d.]){re.escape(score)}(?![\d.])", line)
                               for line in found):  # fmt: skip
            problems.append(f"{pdf.name}: {name}'s score {score} is not on their line")
    return problems


def scores(event: Path) -> dict[str, str]:
    """Each player's name and score, from caddy's own standings (CSV)."""
    import csv
    import io

    rows = list(csv.reader(io.StringIO(caddy("standings", str(event), "--output", "csv"))))
    return {row[2]: row[3] for row in rows[1:]}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--keep", type=Path, help="keep the HTML and PDF files in DIR")
    args = parser.parse_args()
    ensure_tools()
    version = subprocess.run(
        [shutil.which("chromium") or "chromium", "--version"], capture_output=True, text=True
    ).stdout.strip()
    folder = Path(tempfile.mkdtemp(prefix="caddy-print-"))
    IMAGES.mkdir(exist_ok=True)
    problems: list[str] = []
    report = [f"{datetime.date.today()}: {version}"]
    jobs = []
    for players, seed in ((12, 1), (30, 2)):
        event, _ = make_event(folder, players, seed)
        expected = scores(event)
        cross = folder / f"crosstable{players}.html"
        caddy("crosstable", str(event), "--output", "html", out=cross)
        jobs.append((cross, expected))
        if players == 30:
            sheet = folder / "pairings30.html"
            caddy("pairings", str(event), "--round", "1", "--output", "html", out=sheet)
            jobs.append((sheet, {name: "" for name in expected}))
    for html, expected in jobs:
        for paper in ("A4", "Letter"):
            pdf = print_pdf(html, paper)
            found = check(pdf, expected)
            problems += found
            pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
            report.append(
                f"{pdf.name}: {len(expected)} players, {pages} page(s), "
                + ("every name and score found" if not found else f"{len(found)} problem(s)")
            )
            if paper == "A4":
                target = IMAGES / html.stem
                subprocess.run(
                    [
                        "pdftoppm",
                        "-png",
                        "-r",
                        "80",
                        "-f",
                        "1",
                        "-l",
                        "1",
                        "-singlefile",
                        str(pdf),
                        str(target),
                    ],
                    check=True,
                )
    (IMAGES / "print-check.txt").write_text("\n".join(report) + "\n", encoding="utf-8")
    print("\n".join(report))
    for problem in problems:
        print(problem, file=sys.stderr)
    if args.keep:
        shutil.copytree(folder, args.keep, dirs_exist_ok=True)
    shutil.rmtree(folder, ignore_errors=True)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
