"""``caddy simulate``: a random Swiss tournament played through caddy's own
pairing (FIDE Dutch system, FIDE Handbook C.04.3), written as a TRF26 file
(:mod:`caddy.pairing.simulate`)."""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING

from caddy.errors import InputError

if TYPE_CHECKING:
    from caddy.cli.common import Commands
    from caddy.event.file import EventFile
    from caddy.plugins.host import PluginHost

_DECIMAL = re.compile(r"\d+(\.\d*)?|\.\d+")
_RANGE = re.compile(r"(\d+)-(\d+)")


def add_commands(commands: Commands) -> None:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import DATED_SYSTEM_HELP, ascii_int, output_file_arguments
    from caddy.pairing.simulate_defaults import (
        DEFAULT_DRAWS,
        DEFAULT_FORFEITS,
        DEFAULT_HALF_BYES,
        DEFAULT_RATINGS,
        DEFAULT_RETIRE,
    )

    sim = commands.add_parser(
        "simulate",
        help="play a random Swiss through caddy's pairing and write it as a TRF file",
        description=(
            "Play a Swiss of random players (ratings drawn uniformly, distinct names) "
            "paired round by round by the FIDE Dutch system (or --system burstein), "
            "with results drawn from "
            "the ratings (Elo expected score, a share of draws), forfeits, half-point "
            "byes announced before a round and players who retire. Writes a TRF26 file "
            "(planned rounds, initial colour). The same options and seed give the same "
            "file, byte for byte."
        ),
    )
    sim.add_argument("--players", type=ascii_int, required=True, metavar="N", help="players")
    sim.add_argument("--rounds", type=ascii_int, required=True, metavar="R", help="rounds")
    sim.add_argument(
        "--seed", type=ascii_int, metavar="S", help="seed of every random draw (default: drawn)"
    )
    probability = (
        ("--draws", DEFAULT_DRAWS, "the draw share between equal ratings"),
        ("--forfeits", DEFAULT_FORFEITS, "per game: not played (+-, -+ or --)"),
        ("--half-byes", DEFAULT_HALF_BYES, "per player and round: a half-point bye asked for"),
        ("--retire", DEFAULT_RETIRE, "per player and round: retires after the round"),
    )
    for flag, default, text in probability:
        sim.add_argument(
            flag, default=str(default), metavar="P", help=f"{text} (default {default})"
        )
    low, high = DEFAULT_RATINGS
    sim.add_argument(
        "--ratings",
        default=f"{low}-{high}",
        metavar="LOW-HIGH",
        help=f"ratings drawn uniformly from this range (default {low}-{high})",
    )
    sim.add_argument("--dated-system", action="store_true", help=DATED_SYSTEM_HELP)
    sim.add_argument(
        "--system",
        default="dutch",
        metavar="SYSTEM",
        help="the pairing system: dutch (FIDE C.04.3, the default) or burstein (C.04.4.2)",
    )
    output_file_arguments(sim, metavar="FILE.trf", help="the TRF file", required=True)
    sim.set_defaults(run=cmd_simulate)


def _probabilities(ns: argparse.Namespace) -> tuple[dict[str, float], list[str]]:
    values: dict[str, float] = {}
    problems = []
    given = {
        "draws": ns.draws,
        "forfeits": ns.forfeits,
        "half_byes": ns.half_byes,
        "retire": ns.retire,
    }
    for name, raw in given.items():
        text = raw.strip()
        flag = "--" + name.replace("_", "-")
        if not text.isascii() or not _DECIMAL.fullmatch(text):
            problems.append(f"{flag} '{text}': not a probability (a number from 0 to 1)")
            continue
        values[name] = float(text)
    return values, problems


def cmd_simulate(ns: argparse.Namespace, host: PluginHost) -> int:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.files.storage import refuse_existing, write_output
    from caddy.model.schedule import draw_seed
    from caddy.pairing.simulate import Settings, settings_problems, simulate, trf_bytes
    from caddy.pairing.simulate_defaults import DEFAULT_RATINGS

    values, problems = _probabilities(ns)
    found = _RANGE.fullmatch(ns.ratings.strip()) if ns.ratings.isascii() else None
    ratings = (int(found[1]), int(found[2])) if found else DEFAULT_RATINGS
    if found is None:
        problems.append(f"--ratings '{ns.ratings}': not a range LOW-HIGH (e.g. 1400-2700)")
    settings = Settings(
        players=ns.players,
        rounds=ns.rounds,
        seed=draw_seed() if ns.seed is None else ns.seed,
        ratings=ratings,
        dated_system=ns.dated_system,
        system=ns.system,
        **values,
    )
    problems += settings_problems(settings)
    if problems:
        raise InputError(problems[0], problems=problems)
    refuse_existing(ns.out, ns.force)  # before the work; checked again under the lock
    event = simulate(settings)
    write_output(ns.out, trf_bytes(event, settings), force=ns.force)
    counted = _irregular(event)
    print(
        f"wrote {ns.out}: {settings.players} players, {settings.rounds} rounds, "
        f"seed {settings.seed} ({counted})"
    )
    return 0


def _irregular(event: EventFile) -> str:
    """``3 forfeits, 2 half-point byes, 1 retired``: what the simulation drew besides games."""
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.model.tournament import RecordBye, Withdraw

    forfeits = byes = retired = 0
    for operation, _, _, result in event.operations.compact():
        if operation is None:
            forfeits += result in ("+-", "-+", "--")
        elif isinstance(operation, RecordBye):
            byes += 1
        elif isinstance(operation, Withdraw):
            retired += 1
    return (
        f"{forfeits} forfeit{'s' * (forfeits != 1)}, "
        f"{byes} half-point bye{'s' * (byes != 1)}, {retired} retired"
    )
