"""The Dutch system under other point systems (issue 24, item 23).

Sources:
- FIDE Handbook C.04.1 rule 4 (and C.04.3 C2): a player who has already
  received a pairing-allocated bye, or has already scored a (forfeit) win
  without playing, shall not receive the PAB: a PAB bars another whatever it
  scored (3-1-0 with a 1-point bye: not a win, still a PAB).
- C.04.3 1.4.3: a player who without playing scores more than a loss has a
  downfloat (the points of a played loss: with 3-2-1 scoring a 1-point bye is
  no downfloat).
- bbpPairings v6.0.0's README ("Tournament files"): records ``BBW``, ``BBD``,
  ``BBL``, ``BBZ``, ``BBF``, ``BBU`` (``pp.p``) give the points of a win, a
  draw, a played loss, a zero-point bye, a forfeit loss and the PAB; the PAB
  is worth a win unless ``BBU`` says otherwise. Its record 162 symbol for a
  zero-point bye and a forfeit loss is ``Z`` (TRF26's ``A``; its
  src/fileformats/trf.cpp reads ``W D L Z P`` in 162).
- tests/data/swiss/points (its SOURCES.md): tournaments under nine point
  systems, every round paired by bbpPairings v6.0.0; ``caddy pair FILE
  --round r --json`` must give each round as written (all 325 rounds:
  ``nox -s swiss_points``; a few files here).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from caddy.model.results import Scoring
from caddy_plugins.codecs.trf.document import parse_document
from caddy_plugins.codecs.trf.scoring import scoring_of
from caddy_plugins.engines.dutch.dutch import pair_round
from caddy_plugins.engines.dutch.model import Entry, Kind, PairingRequest, PlayerInput, PointSystem
from tests.conftest import Run
from tests.test_pair_trf import recorded

CORPUS = Path(__file__).parent / "data" / "swiss" / "points"

#: One file per point system that caddy paired differently before (its name:
#: the system, the generator's seed, players and rounds).
FILES = [
    "w3d1p1-0005-11p4r.trf",  # 3-1-0, a 1-point bye (BB* records)
    "w1p0-0005-13p9r.trf",  # the bye worth nothing
    "w3d2l1p1-0005-7p4r.trf",  # 3-2-1, the bye worth a loss
    "w2d1f1-0003-21p5r.trf",  # a forfeit loss and a zero-point bye worth 1 (BBF, BBZ)
    "w4d15p1-0005-7p4r.trf",  # a draw worth 1.5 of 4
]


@pytest.mark.parametrize("name", FILES)
def test_every_round_as_the_endorsed_engine_paired_it(cli: Callable[..., Run], name: str) -> None:
    path = CORPUS / name
    for r, (pairs, byes) in enumerate(recorded(path), 1):
        run = cli("pair", str(path), "--round", str(r), "--json")
        assert run.code == 0, run.err
        document = json.loads(run.out)
        got = {(p["white"], p["black"]) for p in document["pairs"]}
        assert (r, got, [b["player"] for b in document["byes"]]) == (r, pairs, byes)


def _doc(*records: str) -> Scoring:
    player = (
        "001    1      A                                 2000                             0.0    1"
    )
    text = "\n".join(["012 T", player, *records]) + "\n"
    return scoring_of(parse_document(text.encode("ascii"), "t.trf"))[0]


def test_bbp_point_records_are_the_scoring() -> None:
    got = _doc("BBW  3.0", "BBD  1.0", "BBL  0.0", "BBZ  0.5", "BBF  0.0", "BBU  1.0")
    assert got == Scoring(win=3.0, draw=1.0, loss=0.0, forfeit_loss=0.0, zero_bye=0.5, pab=1.0)
    assert (got.points("U"), got.points("+"), got.points("Z"), got.points("-")) == (
        1.0,
        3.0,
        0.5,
        0.0,
    )


def test_the_pab_is_a_win_unless_bbu_or_p_says() -> None:
    assert _doc("BBW  3.0", "BBD  1.0").points("U") == 3.0
    assert _doc("162  W 3.0    D 1.0").points("U") == 3.0
    assert _doc("162  W 3.0    D 1.0    P 1.0").points("U") == 1.0


def test_162_z_is_the_zero_point_bye_and_forfeit_loss() -> None:
    got = _doc("162  W 2.0    D 1.0    Z 1.0")
    assert (got.points("Z"), got.points("-")) == (1.0, 1.0)


def test_a_pab_worth_less_than_a_win_bars_another() -> None:
    """C.04.1 rule 4: 3 had the PAB in round 1, worth 0 here (PAB 0 points),
    and 2 lost by forfeit to 1: in round 2 the lowest bracket {2, 3} (0 points,
    one unplayed round each: C9 ties) gives the PAB to the lowest-ranked
    eligible player, 2, not to 3; 1 meets 3 (1 and 2 have no game yet)."""
    zero, one = Fraction(0), Fraction(1)
    histories = {
        1: (Entry(Kind.FORFEIT_WIN, one, 2, "w"),),
        2: (Entry(Kind.FORFEIT_LOSS, zero, 1, "b"),),
        3: (Entry(Kind.PAB, zero),),
    }
    request = PairingRequest(
        round_number=2,
        total_rounds=3,
        players=tuple(
            PlayerInput(tpn=t, points=sum((e.points for e in h), zero), history=h)
            for t, h in histories.items()
        ),
        points=PointSystem(pab=zero),
    )
    got = pair_round(request)
    assert (got.pairs, got.bye) == (((1, 3),), 2)
