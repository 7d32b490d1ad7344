"""Re-pair every round of a TRF-2026 team Swiss through ``caddy pair FILE --round R --json``.

Usage::

    python benchmarks/team_swiss_trf_check.py [FILE] [--sample-readings] [--option KEY=VALUE ...]

For each round r of the file, the command an arbiter runs (in this process,
through :func:`caddy.cli.main.main`) pairs round r from rounds 1..r-1 and round
r's absences; its matches (the team with White on board 1 first) and its
pairing-allocated bye are compared with the round as ``caddy import`` reads
it from the file. ``--sample-readings`` adds the readings that reproduce the
FIDE TEC sample (docs/team-swiss.md): initial colour Black counted over the
teams present (C.04.6 4.3.1), no 260 pairs, the upfloater look-ahead (3.5.5),
[C8] exempt in the last three rounds, 4.3.8 read with C.04.1 Art. 8 and the
first-team of 4.2 compared without the points of a PAB, and the byes only
record 801 shows (``--trf-801-byes``).
Prints each round, then ``N/R rounds identical`` and ``N/R rounds with the
same matches (colours aside)``.

``--prefixes`` pairs round r with ``caddy pair PREFIX --json`` (no ``--round``)
from a copy of the file cut before round r, the file a pairing program hands
over: rounds 1..r-1 of every record (001 cells, 300, 320 cells, 330, 240, the
801/802 blocks), and round r's requested byes and absences as 240 records
(the sample records some absences only as its members' ``0000 - -`` cells of
that round, and team 47's round-3 bye only in 801).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' sample reader

from caddy.cli.main import main as caddy
from tests.team_swiss_sample import command_line_readings

SAMPLE = Path("tests/data/trf/teamswiss_trf26_tec_sample_grandmommys_cup.trf")

#: The readings that reproduce the FIDE TEC sample's pairings (with team 47's
#: round-3 half-point bye, which only its 801 record shows: docs/trf.md).
SAMPLE_READINGS = (*command_line_readings(), "--trf-801-byes")


def recorded(path: Path) -> list[tuple[set[tuple[int, int]], int | None]]:
    """Each round's matches (White team first) and PAB team, as the import reads them."""
    from caddy.event import PairRound
    from caddy.plugins.lookup import get_codec

    event = get_codec("trf").read(path.read_bytes(), source=str(path)).event
    rounds = []
    for op in event.operations:
        if isinstance(op, PairRound) and op.teams is not None:
            pab = [b.team for b in op.teams.byes if b.kind == "pab"]
            rounds.append(({(m.white, m.black) for m in op.teams.matches}, pab[0] if pab else None))
    return rounds


def paired(path: Path, number: int, extra: list[str]) -> tuple[set[tuple[int, int]], int | None]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = caddy(["pair", str(path), "--round", str(number), "--json", *extra])
    if code:
        raise SystemExit(f"caddy pair {path} --round {number} exited {code}")
    document = json.loads(out.getvalue())
    pab = [b["team"] for b in document["team_byes"] if b["kind"] == "pab"]
    return {(m["white"], m["black"]) for m in document["matches"]}, pab[0] if pab else None


def prefix(path: Path, number: int, folder: Path) -> Path:
    """The file cut before round ``number`` (see the module docstring)."""
    from caddy.event import PairRound
    from caddy.plugins.lookup import get_codec

    event = get_codec("trf").read(path.read_bytes(), source=str(path)).event
    teams = [op.teams for op in event.operations if isinstance(op, PairRound) and op.teams]
    boards = len(event.tournament.teams.board_colours()) if event.tournament.teams else 4
    this = teams[number - 1]
    named = set(this.teams())
    byes = {"full": [], "half": [], "zero": []}  # type: dict[str, list[int]]
    for bye in this.byes:
        if bye.kind in byes:
            byes[bye.kind].append(bye.team)
    count = len(event.tournament.teams.teams) if event.tournament.teams else 0
    byes["zero"] += [t for t in range(1, count + 1) if t not in named]
    width = 8 + 2 * boards
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        tag = line[:3]
        if tag == "001":
            line = line[: 91 + 10 * (number - 1)].rstrip()
        elif tag in ("300", "330"):
            if int(line.split()[1 if tag == "300" else 2]) >= number:
                continue
        elif tag == "320":
            line = line[: 14 + 4 * (number - 1)].rstrip()
        elif tag == "240":
            if int(line.split()[2]) >= number:
                continue
        elif tag == "801":
            line = line[: 20 + width * (number - 1)].rstrip()
        elif tag == "802":
            line = line[: 27 + 13 * (number - 1)].rstrip()
        lines.append(line)
    for kind, letter in (("full", "F"), ("half", "H"), ("zero", "Z")):
        if byes[kind]:
            lines.append(
                f"240 {letter} {number:3d}" + "".join(f" {t:4d}" for t in sorted(byes[kind]))
            )
    out = folder / f"{path.stem}-before-{number}.trf"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def paired_prefix(path: Path, extra: list[str]) -> tuple[set[tuple[int, int]], int | None]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = caddy(["pair", str(path), "--json", *extra])
    if code:
        raise SystemExit(f"caddy pair {path} exited {code}")
    document = json.loads(out.getvalue())
    pab = [b["team"] for b in document["team_byes"] if b["kind"] == "pab"]
    return {(m["white"], m["black"]) for m in document["matches"]}, pab[0] if pab else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(SAMPLE))
    parser.add_argument("--sample-readings", action="store_true")
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--prefixes", action="store_true")
    ns = parser.parse_args()
    path = Path(ns.file)
    extra = list(SAMPLE_READINGS) if ns.sample_readings else []
    for item in ns.option:
        extra += ["--option", item]
    truth = recorded(path)
    identical = same_matches = 0
    import tempfile

    folder = Path(tempfile.mkdtemp())
    for number, (pairs, pab) in enumerate(truth, 1):
        if ns.prefixes:
            got, got_pab = paired_prefix(prefix(path, number, folder), extra)
        else:
            got, got_pab = paired(path, number, extra)
        unordered = {frozenset(p) for p in pairs} == {frozenset(p) for p in got}
        if got == pairs and got_pab == pab:
            identical += 1
            print(f"round {number}: identical")
        else:
            colours = sorted(p for p in got - pairs if (p[1], p[0]) in pairs)
            missing = sorted(p for p in pairs - got if (p[1], p[0]) not in got)
            print(
                f"round {number}: differs: colours reversed {colours}, file's matches not paired "
                f"{missing}, PAB {got_pab} (file {pab})"
            )
        same_matches += unordered and got_pab == pab
    print(f"{identical}/{len(truth)} rounds identical")
    print(f"{same_matches}/{len(truth)} rounds with the same matches and PAB (colours aside)")
    return 0 if identical == len(truth) else 1


if __name__ == "__main__":
    sys.exit(main())
