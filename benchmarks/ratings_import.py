"""``caddy ratings import`` of a FIDE-sized combined list (issue 26 item 1).

1. Writes a synthetic list in FIDE's combined layout (``players_list_foa.txt``:
   the real header, 162-character fixed-width lines, CRLF) of 1.7 M players
   into a temporary folder: names from pools of surnames and given names,
   federations, titles (GM ... WCM, a few other titles and FOA titles), and
   about 40 % of players rated (standard, rapid, blitz, each with games and
   K), the others unrated (0), as in the real list.
2. Runs ``caddy ratings import LIST -o STORE`` in a child process (the code
   path of the command itself) under ``/usr/bin/time -v``, which reports the
   child's own peak resident set (``Maximum resident set size``; a process
   exec'd by ``time``, so none of this script's memory counts); wall time is
   taken around it.
3. The floor, measured the same way in the same run: the plainest honest
   Python doing the same job - read the file line by line, slice the 19
   fields, convert the numbers, ``executemany`` into one SQLite table in one
   transaction, then the same two indexes (FIDE ID, lower-cased name).

Acceptance (issue 26): peak memory under 200 MiB and the import under 30 s.

Usage: python benchmarks/ratings_import.py [--players 1700000] [--keep DIR]
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit "
    "OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
SURNAMES = [
    "Smith",
    "Muller",
    "Garcia",
    "Kumar",
    "Ivanov",
    "Nowak",
    "Rossi",
    "Kovacs",
    "Novak",
    "Horvat",
    "Jensen",
    "Hansen",
    "Silva",
    "Santos",
    "Petrov",
    "Popescu",
    "Nagy",
    "Wang",
    "Li",
    "Zhang",
    "Chen",
    "Nguyen",
    "Kim",
    "Park",
    "Sato",
    "Suzuki",
    "Singh",
    "Sharma",
    "Patel",
    "Khan",
    "Ahmed",
    "Hassan",
    "Ali",
    "Rahman",
    "Cohen",
    "Levi",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Martin",
    "Bernard",
    "Dubois",
    "Moreau",
    "Lefebvre",
    "Fernandez",
    "Lopez",
    "Martinez",
    "Gonzalez",
    "Rodriguez",
    "Perez",
    "Sanchez",
    "Romero",
    "Costa",
    "Pereira",
    "Oliveira",
    "Andersson",
    "Johansson",
    "Karlsson",
    "Nilsson",
    "Virtanen",
    "Korhonen",
    "Jovanovic",
    "Petrovic",
    "Nikolic",
    "Kowalski",
    "Wisniewski",
    "Dvorak",
    "Svoboda",
    "Popov",
    "Sokolov",
    "Kuznetsov",
    "Morozov",
    "Volkov",
    "Lebedev",
    "Novikov",
    "Fedorov",
    "Mikhailov",
    "Aliyev",
    "Mammadov",
    "Abdullayev",
]
GIVEN = [
    "Anna",
    "Maria",
    "Elena",
    "Olga",
    "Irina",
    "Sofia",
    "Laura",
    "Sara",
    "Eva",
    "Lena",
    "Ana",
    "Mei",
    "Yuki",
    "Aisha",
    "Fatima",
    "Priya",
    "Magnus",
    "Peter",
    "Ivan",
    "Dmitry",
    "Alexander",
    "Sergey",
    "Andrei",
    "Mikhail",
    "Jan",
    "Lukas",
    "David",
    "Daniel",
    "Michael",
    "Thomas",
    "Pavel",
    "Jakub",
    "Marco",
    "Luca",
    "Carlos",
    "Jose",
    "Juan",
    "Pedro",
    "Rahul",
    "Arjun",
    "Wei",
    "Hao",
    "Jun",
    "Ahmed",
    "Omar",
    "Ali",
    "Hassan",
    "Nikola",
    "Stefan",
    "Erik",
    "Lars",
    "Johan",
    "Mateo",
    "Leon",
    "Noah",
    "Elias",
    "Felix",
    "Max",
    "Hugo",
    "Oscar",
    "Liam",
]
FEDERATIONS = [
    "IND",
    "RUS",
    "GER",
    "FRA",
    "ESP",
    "USA",
    "ITA",
    "POL",
    "IRI",
    "TUR",
    "NED",
    "ENG",
    "CZE",
    "HUN",
    "SRB",
    "UKR",
    "BRA",
    "ARG",
    "CHN",
    "AZE",
    "ARM",
    "GEO",
    "KAZ",
    "UZB",
    "BAN",
    "SRI",
    "MAS",
    "PHI",
    "INA",
    "VIE",
    "EGY",
    "ALG",
    "RSA",
    "NGR",
    "KEN",
    "CAN",
    "MEX",
    "PER",
    "COL",
    "CHI",
    "AUS",
    "NZL",
    "NOR",
    "SWE",
    "DEN",
    "FIN",
    "ISL",
    "BEL",
    "SUI",
    "AUT",
    "SLO",
    "CRO",
    "BIH",
    "MNE",
    "ROU",
    "BUL",
    "GRE",
    "CYP",
    "ISR",
]
TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
OTHER = ("IA", "FA", "NA", "FI", "FT", "IA,FT", "FA,NI", "DI")


def player_line(rng: random.Random, fide_id: int) -> str:
    """One 162-character line of the combined layout."""
    woman = rng.random() < 0.17
    name = f"{rng.choice(SURNAMES)}, {rng.choice(GIVEN)}" + (
        f" {rng.choice(GIVEN)}" if rng.random() < 0.2 else ""
    )
    rated = rng.random() < 0.4
    title = w_title = o_title = foa = ""
    if rated and rng.random() < 0.04:
        title = rng.choice(TITLES[4:] if woman else TITLES[:4])
        w_title = title if title.startswith("W") else ""
    if rng.random() < 0.01:
        o_title = rng.choice(OTHER)
    if rng.random() < 0.005:
        foa = rng.choice(("AGM", "AIM", "AFM", "ACM"))
    cells = []
    for share in (1.0, 0.6, 0.5):
        if rated and rng.random() < share:
            rating = rng.randint(1400, 2850)
            k = 10 if rating >= 2400 else rng.choice((20, 40))
            cells.append(f"{rating:<6}{rng.randint(0, 30):<4}{k:<3}")
        else:
            cells.append(f"{0:<6}{0:<4}{0:<3}")
    flag = ("w" if woman else "") + ("i" if rng.random() < 0.3 else "")
    born = rng.randint(1935, 2018) if rng.random() < 0.98 else 0
    line = (
        f"{fide_id:<15}{name:<61}{rng.choice(FEDERATIONS):<4}{'F' if woman else 'M':<4}{title:<5}"
        f"{w_title:<5}{o_title:<15}{foa:<4}{''.join(cells)}{born:<6}{flag:<4}"
    )
    assert len(line) == 162, line
    return line


def write_list(path: Path, players: int, seed: int = 26) -> None:
    rng = random.Random(seed)
    ids = rng.sample(range(100_000, 999_999_999), players)
    with path.open("w", encoding="ascii", newline="\r\n") as out:
        out.write(HEADER + "\n")
        chunk = []
        for fide_id in ids:
            chunk.append(player_line(rng, fide_id))
            if len(chunk) == 10_000:
                out.write("\n".join(chunk) + "\n")
                chunk = []
        if chunk:
            out.write("\n".join(chunk) + "\n")


#: The floor: plain Python doing the same job (argv: LIST STORE).
FLOOR = """
import sqlite3, sys
COLUMNS = [(0, 15), (15, 76), (76, 80), (80, 84), (84, 89), (89, 94), (94, 109), (109, 113),
           (113, 119), (119, 123), (123, 126), (126, 132), (132, 136), (136, 139),
           (139, 145), (145, 149), (149, 152), (152, 158), (158, 162)]
NUMBERS = {0, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}
db = sqlite3.connect(sys.argv[2], isolation_level=None)
db.execute("CREATE TABLE players (fide_id INTEGER, name TEXT, name_key TEXT, fed TEXT, sex TEXT, "
           "tit TEXT, wtit TEXT, otit TEXT, foa TEXT, srtng INTEGER, sgm INTEGER, sk INTEGER, "
           "rrtng INTEGER, rgm INTEGER, rk INTEGER, brtng INTEGER, bgm INTEGER, bk INTEGER, "
           "bday INTEGER, flag TEXT)")
db.execute("BEGIN")
insert = "INSERT INTO players VALUES (" + ", ".join("?" * 20) + ")"
with open(sys.argv[1], encoding="utf-8") as lines:
    next(lines)
    batch = []
    for line in lines:
        values = [line[a:b].strip() for a, b in COLUMNS]
        row = [int(v) if i in NUMBERS and v else (v or None) for i, v in enumerate(values)]
        row.insert(2, row[1].lower())
        batch.append(row)
        if len(batch) == 20000:
            db.executemany(insert, batch)
            batch = []
    db.executemany(insert, batch)
db.execute("CREATE INDEX players_fide_id ON players (fide_id)")
db.execute("CREATE INDEX players_name_key ON players (name_key)")
db.execute("COMMIT")
"""


def measured(command: list[str]) -> tuple[float, float, str]:
    """Wall time (s), peak RSS (MiB) of ``command`` run under ``/usr/bin/time -v``, and its stdout."""
    start = time.perf_counter()
    proc = subprocess.run(
        ["/usr/bin/time", "-v", *command], capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{proc.stdout}\n{proc.stderr}")
    found = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    assert found, proc.stderr
    return wall, int(found.group(1)) / 1024, proc.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1_700_000)
    parser.add_argument("--keep", type=Path, help="write the list and stores here (kept)")
    args = parser.parse_args()
    if not Path("/usr/bin/time").exists():
        sys.exit("needs /usr/bin/time (GNU time) to measure a child's peak memory")
    caddy = shutil.which("caddy", path=str(Path(sys.executable).parent)) or "caddy"
    folder = args.keep or Path(tempfile.mkdtemp(prefix="caddy-ratings-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        listed = folder / "players_list_foa.txt"
        start = time.perf_counter()
        write_list(listed, args.players)
        size = listed.stat().st_size / 1024 / 1024
        print(
            f"list: {args.players:,} players, {size:.0f} MiB, written in {time.perf_counter() - start:.1f} s"
        )
        floor_script = folder / "floor.py"
        floor_script.write_text(FLOOR)
        for store in (folder / "caddy.db", folder / "floor.db"):
            store.unlink(missing_ok=True)
        wall, peak, out = measured(
            [caddy, "ratings", "import", str(listed), "-o", str(folder / "caddy.db")]
        )
        floor_wall, floor_peak, _ = measured(
            [sys.executable, str(floor_script), str(listed), str(folder / "floor.db")]
        )
        read = re.search(r"players read: (\d+)", out)
        print(
            f"caddy ratings import: {wall:.1f} s, peak {peak:.0f} MiB ({read.group(1) if read else '?'} players read)"
        )
        print(f"floor (plain Python, same job): {floor_wall:.1f} s, peak {floor_peak:.0f} MiB")
        print(f"ratio: time {wall / floor_wall:.2f}x, memory {peak / floor_peak:.2f}x")
        verdict = "PASS" if peak < 200 and wall < 30 else "FAIL"
        print(f"acceptance (peak < 200 MiB, import < 30 s): {verdict}")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
