"""Cross-check ``swiss --option system=burstein --option burstein_rules=fide-2026``
against py4swiss (github Moritz72/py4swiss, its ``burstein`` engine: an
independent implementation of FIDE Handbook C.04.4.2 applied from 1 February 2026).

Usage::

    python benchmarks/burstein_fide2026_check.py --py4swiss /tmp/py4swiss-venv/bin/python
        [--events 100] [--seed 1] [--mode clean|irregular] [--max-players 24] [--show 10]

Random events are played with caddy's ``fide-2026`` engine
(:func:`caddy_plugins.engines.burstein.fide2026.pair_round`); before each
round the event so far is written as a TRF (``XXR`` the planned rounds,
``XXC`` the initial colour, ``XXZ`` the players absent from the round, whose
bye in it is entered after the pairing, so every score is the score before the round) and py4swiss pairs it
(``Engine.generate_pairings`` in a helper process run by the given Python,
py4swiss being installed in its own venv). Prints ``N/M rounds identical``
(the same pairs with the same colours and the same pairing-allocated bye),
and each round that differs.

Modes: ``clean`` has only games and pairing-allocated byes; ``irregular`` adds
requested half-point byes, announced absences (zero-point byes), forfeits and
withdrawals.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from fractions import Fraction

from caddy_plugins.engines.burstein.fide2026 import pair_round
from caddy_plugins.engines.burstein.fide2026_index import seeding_rounds
from caddy_plugins.engines.dutch.model import (
    Entry,
    Kind,
    NoValidPairingError,
    PairingRequest,
    PlayerInput,
)

HELPER = r"""
import json, sys, tempfile, os
from py4swiss.engines import BursteinEngine
from py4swiss.trf import TrfParser
from pathlib import Path
if "--fix" in sys.argv:
    # Six corrections (see --fix-py4swiss); py4swiss itself is not changed on disk.
    from py4swiss.engines.burstein.criteria.quality.c7 import C7
    from py4swiss.engines.burstein.player import PlayerRole
    from py4swiss.engines.burstein.state import State

    def score_bits(players):
        scores = [p.points_with_acceleration for p in players]
        shift, total = {}, 0
        for score in sorted(set(scores)):  # the highest score most significant
            shift[score] = total
            total += scores.count(score).bit_length()
        return total, shift

    def c7_weight(cls, a, b, zero, state):
        weight = zero & 0
        roles = {a.role, b.role}
        if PlayerRole.NONE in roles or roles == {PlayerRole.RESIDENT}:
            return weight
        weight |= 1
        weight <<= state.resident_score_total_bits
        for x, y in ((a, b), (b, a)):  # whichever of the two is the outgoing floater
            if x.role == PlayerRole.RESIDENT and y.role == PlayerRole.LOWER:
                weight += (zero | 1) << state.resident_score_bit_dict[x.points_with_acceleration]
        return weight

    from py4swiss.engines.burstein import pairer

    class FoldMatcher(pairer.Matcher):
        def add_to_weights(self, player, player_list, value, increment=False):
            # art. 4.2-4.3: floating (a virtual opponent of BSN 0) comes after every real
            # opponent, so the next BSN gets 1, not the 0 that floating has.
            super().add_to_weights(player, player_list, value + int(increment), increment)

    pairer.Matcher = FoldMatcher

    def determine_pairings(self):
        # As py4swiss, but a resident who floats is not tied to the lower player it
        # happens to meet in this bracket's matching: only its pairs inside the
        # bracket are removed (art. 4.2: its opponent is a virtual player of BSN 0).
        done = set()
        residents = self._resident_list
        for i, resident in enumerate(residents):
            if resident in done:
                continue
            self._matcher.add_to_weights(resident, residents[i + 1 :], 0, increment=True)
            self._matcher.update_matching()
            match = self._matcher.matching[resident]
            done.add(resident)
            if match.role == PlayerRole.RESIDENT:
                self._matcher.finalize_match(resident, match)
                done.add(match)
            else:
                self._matcher.remove_weights(resident, residents)
        self._matcher.update_matching()

    pairer.Pairer.determine_pairings = determine_pairings
    from py4swiss.engines.burstein.bye_matcher import ByeMatcher

    bye_weight = ByeMatcher._get_bye_weight

    def most_games_first(self, player):
        # art. 3.1.4: the most games played weighs most (py4swiss ranks the fewest first).
        games = sorted({len(p.opponents) for p in self._players})
        self._games_dict = {value: rank for rank, value in enumerate(games)}
        return bye_weight(self, player)

    ByeMatcher._get_bye_weight = most_games_first

    def get_bye(self):
        # art. 3.1.5 without ties: try the players from the best bye weight down,
        # the lowest ranked first among equal weights, and take the first one whose
        # bye leaves the others pairable (py4swiss adds 1 to a weight, which can tie
        # it with the next class up).
        order = sorted(
            (i for i in range(self._len) if self._bye_weights[i]),
            key=lambda i: (self._bye_weights[i], i),
            reverse=True,
        )
        for i in order:
            for j in range(self._len):
                self._computer.set_edge_weight(j, self._len, self._bye_weights[j] & 0)
            self._computer.set_edge_weight(i, self._len, self._bye_weights[i])
            self._computer.compute_matching()
            mate = self._computer.get_matching()
            if mate[i] == self._len and all(m != k for k, m in enumerate(mate)):
                return self._index_dict_reverse[i]
        raise RuntimeError("Round can not be paired.")

    ByeMatcher.get_bye = get_bye
    State._get_score_bits = staticmethod(score_bits)
    C7.get_weight = classmethod(c7_weight)
for line in sys.stdin:
    text = json.loads(line)
    with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as f:
        f.write(text)
    try:
        pairs = [[p.white, p.black] for p in BursteinEngine.generate_pairings(TrfParser.parse(Path(f.name)))]
        out = {"pairs": pairs}
    except Exception as e:
        out = {"error": f"{type(e).__name__}: {e}"}
    os.unlink(f.name)
    print(json.dumps(out), flush=True)
"""

#: TRF result code and points of an entry kind (the played ones by points).
CODES = {
    Kind.PAB: "U",
    Kind.HALF_BYE: "H",
    Kind.FULL_BYE: "F",
    Kind.ZERO_BYE: "Z",
    Kind.FORFEIT_WIN: "+",
    Kind.FORFEIT_LOSS: "-",
}


def cell(e: Entry) -> str:
    if e.kind is Kind.PLAYED:
        code = {Fraction(1): "1", Fraction(1, 2): "=", Fraction(0): "0"}[e.points]
    else:
        code = CODES[e.kind]
    opponent = "0000" if e.opponent is None else f"{e.opponent:4d}"
    colour = e.colour or "-"
    return f"  {opponent} {colour} {code}"


def trf(history: dict[int, list[Entry]], rounds: int, white: bool, absent: dict[int, Entry]) -> str:
    lines = ["012 fide-2026 check", f"XXR {rounds}", f"XXC {'white1' if white else 'black1'}"]
    if absent:
        lines.append("XXZ " + " ".join(map(str, sorted(absent))))
    for tpn in sorted(history):
        points = sum((e.points for e in history[tpn]), Fraction(0))
        head = f"001 {tpn:4d}      {f'Player{tpn:04d}':<33} {2600 - 10 * tpn:4d}"
        head = f"{head:<80}{float(points):4.1f} {tpn:4d}"
        cells = [cell(e) for e in history[tpn]]
        lines.append((head + "".join(cells)).rstrip())
    return "\n".join(lines) + "\n"


def withdrawn_opponents(request: PairingRequest) -> str:
    """The absent players whose zero-point byes reach the round and who met
    someone over the board: their byes count as draws for those opponents
    (art. 1.7.2 item 3). py4swiss applies the exception only to a player with
    nothing but zero-point byes, who has no opponents, so it never changes an
    Index there."""
    names = []
    for p in request.players:
        if p.present or not p.history or p.history[-1].kind is not Kind.ZERO_BYE:
            continue
        if any(e.kind.played for e in p.history):
            names.append(str(p.tpn))
    return " ".join(names)


def result(rng: random.Random, draws: float) -> Fraction:
    x = rng.random()
    if x < draws:
        return Fraction(1, 2)
    return Fraction(1) if x < (1 + draws) / 2 else Fraction(0)


def play_event(
    seed: int, mode: str, max_players: int, ask: subprocess.Popen[str]
) -> list[tuple[str, bool, str]]:
    """One event: ``(label, identical, detail)`` per round paired by caddy."""
    rng = random.Random(f"fide2026-{mode}-{seed}")
    n = rng.randint(6, max_players)
    rounds = rng.randint(4, min(9, n - 1))
    white = rng.random() < 0.5
    draws = rng.uniform(0.1, 0.5)
    irregular = mode == "irregular"
    history: dict[int, list[Entry]] = {t: [] for t in range(1, n + 1)}
    withdrawn: set[int] = set()
    out: list[tuple[str, bool, str]] = []
    for rnd in range(1, rounds + 1):
        absent: dict[int, Entry] = {}
        if irregular:
            for t in range(1, n + 1):
                if t in withdrawn:
                    absent[t] = Entry(Kind.ZERO_BYE, Fraction(0))
                elif rng.random() < 0.04 and rnd < rounds:
                    withdrawn.add(t)
                    absent[t] = Entry(Kind.ZERO_BYE, Fraction(0))
                elif rng.random() < 0.05:
                    absent[t] = Entry(Kind.HALF_BYE, Fraction(1, 2))
                elif rng.random() < 0.03:
                    absent[t] = Entry(Kind.ZERO_BYE, Fraction(0))
        if n - len(absent) < 2:
            break
        players = tuple(
            PlayerInput(
                tpn=t,
                points=sum((e.points for e in h), Fraction(0)),
                history=tuple(h),
                present=t not in absent,
                rating=2600 - 10 * t,
            )
            for t, h in history.items()
        )
        request = PairingRequest(
            round_number=rnd,
            total_rounds=rounds,
            players=players,
            initial_colour="w" if white else "b",
        )
        label = f"seed {seed} ({n} players, {rounds} rounds) round {rnd}"
        if rnd <= seeding_rounds(rounds):
            label = "seeding (Dutch) " + label
        assert ask.stdin is not None and ask.stdout is not None
        ask.stdin.write(json.dumps(trf(history, rounds, white, absent)) + "\n")
        ask.stdin.flush()
        theirs = json.loads(ask.stdout.readline())
        try:
            mine = pair_round(request)
        except NoValidPairingError as error:
            # Both finding no pairing counts as agreeing; the event stops there.
            both = "error" in theirs
            out.append((label, both, "" if both else f"caddy: {error}; py4swiss {theirs}"))
            break
        ours = sorted([list(p) for p in mine.pairs] + ([[mine.bye, 0]] if mine.bye else []))
        if "error" in theirs:
            out.append((label, False, f"py4swiss: {theirs['error']}; caddy {ours}"))
        else:
            other = sorted(theirs["pairs"])
            same = other == ours
            detail = "" if same else f"caddy {ours}\n    py4swiss {other}"
            if not same and withdrawn_opponents(request):
                detail += "\n    (art. 1.7.2 item 3 applies: " + withdrawn_opponents(request) + ")"
            out.append((label, same, detail))
        for t, e in absent.items():
            history[t].append(e)
        if mine.bye is not None:
            history[mine.bye].append(Entry(Kind.PAB, Fraction(1)))
        for w, b in mine.pairs:
            if irregular and rng.random() < 0.04:
                w_wins = rng.random() < 0.5
                history[w].append(
                    Entry(
                        Kind.FORFEIT_WIN if w_wins else Kind.FORFEIT_LOSS,
                        Fraction(int(w_wins)),
                        b,
                        "w",
                    )
                )
                history[b].append(
                    Entry(
                        Kind.FORFEIT_LOSS if w_wins else Kind.FORFEIT_WIN,
                        Fraction(int(not w_wins)),
                        w,
                        "b",
                    )
                )
                continue
            r = result(rng, draws)
            history[w].append(Entry(Kind.PLAYED, r, b, "w"))
            history[b].append(Entry(Kind.PLAYED, 1 - r, w, "b"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--py4swiss", required=True, help="Python of a venv with py4swiss")
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=("clean", "irregular"), default="clean")
    parser.add_argument("--max-players", type=int, default=24)
    parser.add_argument("--show", type=int, default=10, help="differing rounds to print")
    parser.add_argument("--from-round", type=int, default=1, help="count rounds from this one")
    parser.add_argument(
        "--fix-py4swiss",
        action="store_true",
        help="correct six py4swiss defects in its process: C6 weighing the lowest score "
        "most (art. 2.3.2 wants the highest floater scores minimised first), and C7 "
        "counting a next-bracket pair only when the floater comes first in its list; and "
        "the art. 4.3 order, where pairing with the next BSN ties with floating; and a "
        "floater tied to the lower player it met in the bracket's matching; and the PAB "
        "going to the fewest games played (art. 3.1.4 says the most); and its last "
        "tie-break (3.1.5), a +1 that can tie with the next weight class",
    )
    args = parser.parse_args(argv)
    ask = subprocess.Popen(
        [args.py4swiss, "-c", HELPER, *(["--fix"] if args.fix_py4swiss else [])],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    total = same = 0
    index_total = index_same = 0
    shown = 0
    try:
        for seed in range(args.seed, args.seed + args.events):
            for label, identical, detail in play_event(seed, args.mode, args.max_players, ask):
                if int(label.rsplit(" ", 1)[1]) < args.from_round:
                    continue
                total += 1
                same += identical
                if not label.startswith("seeding"):
                    index_total += 1
                    index_same += identical
                if not identical and shown < args.show:
                    shown += 1
                    print(f"differs: {label}\n    {detail}")
    finally:
        assert ask.stdin is not None
        ask.stdin.close()
        ask.wait()
    print(
        f"{same}/{total} rounds identical ({args.mode}, {args.events} events from seed {args.seed})"
    )
    print(
        f"{index_same}/{index_total} of them paired by Index (after the seeding rounds) identical"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
