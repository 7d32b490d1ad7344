"""Re-pair every round of a folder of TRF files through ``caddy pair FILE --round R --json``.

Usage::

    python benchmarks/swiss_check.py tests/data/swiss/dutch-2026 [--prefixes] [--explain] [--limit N] [NAME ...]
    python benchmarks/swiss_check.py tests/data/swiss/points --by-system

For a file with R rounds and each r = 1..R, the command the arbiter runs,
``caddy pair FILE --round r --json`` (in this process, through
:func:`caddy.cli.main.main`), pairs round r from rounds 1..r-1 and round r's
announced absences (``H``, ``F``, ``Z`` with no opponent); its pairs with
colours and its pairing-allocated bye are compared with those the file
records for round r (tests/data/swiss/dutch-2026/SOURCES.md). With
``--prefixes`` each round is paired by ``caddy pair PREFIX --json`` from a copy
of the file cut before it (rounds 1..r-1 and round r's absences), the file a
pairing program would hand over. Prints each
round that differs and ``N/M rounds identical``; exit 1 if any differs.
With ``--by-system``, also one such line per point system (the file name up
to its first ``-``: tests/data/swiss/points/SOURCES.md).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path

from caddy.cli.main import main as caddy


def recorded(path: Path) -> list[tuple[set[tuple[int, int]], int | None]]:
    """Each round's ``(White, Black)`` pairs and pairing-allocated bye as the file writes them."""
    from caddy_plugins.codecs.trf.document import read_document

    doc = read_document(path)
    rounds: list[tuple[set[tuple[int, int]], int | None]] = [
        (set(), None) for _ in range(doc.rounds)
    ]
    for player in doc.players:
        for k, (opponent, colour, code) in enumerate(player.cells):
            if opponent is not None and colour == "w":
                rounds[k][0].add((player.number, opponent))
            elif opponent is None and code == "U":
                rounds[k] = (rounds[k][0], player.number)
    return rounds


def prefix(path: Path, round_number: int, folder: Path) -> Path:
    """The file as a pairing program hands it over before ``round_number``:
    rounds 1..r-1, and in round r only the announced absences (no opponent;
    ``H``, ``F``, ``Z``)."""
    column = 91 + 10 * (round_number - 1)
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            cell = line[column : column + 10]
            keep = cell[:4] == "0000" and cell[7:8] in ("H", "F", "Z")
            line = (line[:column] + (cell if keep else "")).rstrip()
        lines.append(line)
    out = folder / f"{path.stem}-r{round_number}.trf"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def pair(
    path: Path, round_number: int, explain: bool, folder: Path | None = None
) -> tuple[int, dict[str, object] | str]:
    """``caddy pair PATH --round R --json`` (with ``folder``: ``caddy pair
    PREFIX --json`` on the file cut before round R): exit code and document (or stderr)."""
    out, err = io.StringIO(), io.StringIO()
    args = ["pair", str(path), "--round", str(round_number), "--json"]
    if folder is not None:
        args = ["pair", str(prefix(path, round_number, folder)), "--json"]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = caddy([*args, "--explain"] if explain else args)
    return code, json.loads(out.getvalue()) if code == 0 else err.getvalue().strip()


def check_file(
    path: Path, explain: bool = False, out: list[str] | None = None, folder: Path | None = None
) -> tuple[int, int]:
    """Return ``(identical, rounds)`` for one file; append lines for each differing round."""
    same = 0
    expected = recorded(path)
    for r, (want_pairs, want_bye) in enumerate(expected, 1):
        code, document = pair(path, r, explain, folder)
        if code != 0 or not isinstance(document, dict):
            if out is not None:
                out.append(f"{path.name} round {r}: exit {code}: {document}")
            continue
        got_pairs = {(p["white"], p["black"]) for p in document["pairs"]}  # type: ignore[attr-defined]
        byes = [b["player"] for b in document["byes"]]  # type: ignore[attr-defined]
        got_bye = byes[0] if byes else None
        if got_pairs == want_pairs and got_bye == want_bye:
            same += 1
            continue
        if out is not None:
            out.append(f"{path.name} round {r}:")
            missing = sorted(want_pairs - got_pairs)
            extra = sorted(got_pairs - want_pairs)
            out.append(f"  expected {' '.join(f'{w}-{b}' for w, b in missing)} bye {want_bye}")
            out.append(f"  got      {' '.join(f'{w}-{b}' for w, b in extra)} bye {got_bye}")
            out.extend("  " + line for line in document.get("explanation", []))  # type: ignore[attr-defined]
    return same, len(expected)


def run_checker(paths: list[Path]) -> int:
    """``caddy check FILE --pairings`` on each file: print what it prints for
    files that differ, then the totals."""
    start = time.perf_counter()
    failed = rounds = 0
    for path in paths:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = caddy(["check", str(path), "--pairings"])
        if code != 0:
            failed += 1
            print(out.getvalue() + err.getvalue(), end="")
        else:
            rounds += int(out.getvalue().split("(")[1].split()[0])
    elapsed = time.perf_counter() - start
    print(
        f"caddy check --pairings: {len(paths) - failed}/{len(paths)} files with no differing "
        f"round ({rounds} rounds re-paired, {elapsed:.1f} s)"
    )
    return 1 if failed or not paths else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--explain", action="store_true", help="show caddy's reasoning")
    parser.add_argument("--limit", type=int, default=0, help="only the first N files")
    parser.add_argument(
        "--checker",
        action="store_true",
        help="run `caddy check FILE --pairings` on each file instead (differing rounds counted)",
    )
    parser.add_argument(
        "--prefixes",
        action="store_true",
        help="pair each round from a copy of the file cut before it, without --round",
    )
    parser.add_argument(
        "--by-system",
        action="store_true",
        help="also the totals per point system (the file name up to its first '-')",
    )
    parser.add_argument("files", nargs="*", help="only these file names")
    args = parser.parse_args(argv)
    paths = sorted(args.folder.glob("*.trf"))
    if args.files:
        paths = [p for p in paths if p.name in set(args.files)]
    if args.limit:
        paths = paths[: args.limit]
    if args.checker:
        return run_checker(paths)
    same = total = 0
    start = time.perf_counter()
    scratch = tempfile.TemporaryDirectory() if args.prefixes else None
    systems: dict[str, list[int]] = {}
    for path in paths:
        lines: list[str] = []
        folder = Path(scratch.name) if scratch else None
        s, t = check_file(path, args.explain, lines, folder)
        same += s
        total += t
        counts = systems.setdefault(path.name.split("-")[0], [0, 0, 0])
        counts[0] += s
        counts[1] += t
        counts[2] += 1
        for line in lines:
            print(line)
        sys.stdout.flush()
    elapsed = time.perf_counter() - start
    if args.by_system:
        for name, (s, t, files) in systems.items():
            print(f"{name}: {s}/{t} rounds identical ({files} files)")
    print(f"{same}/{total} rounds identical ({len(paths)} files, {elapsed:.1f} s)")
    return 0 if same == total and total else 1


if __name__ == "__main__":
    raise SystemExit(main())
