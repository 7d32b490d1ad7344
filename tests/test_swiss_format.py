"""The ``swiss`` format plugin (plugins/caddy_plugins/formats/swiss/__init__.py) through the CLI.

Each round ``caddy pair`` makes is checked against the Dutch engine
(:func:`caddy_plugins.engines.dutch.pair_round`) fed a history this test keeps on its
own, from the results it types in; a replay in a fresh event gives the same
rounds; the format passes caddy's format contract suite with points other
than 1/½/1 here (the default options run in tests/test_contract.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import pytest

from caddy.event import replay
from caddy.event.store import load
from caddy.testing import ColourPromise, FormatContract
from caddy_plugins.engines.dutch import Entry, Kind, PairingRequest, PlayerInput, pair_round
from caddy_plugins.formats.swiss import (
    Swiss,
    SwissOptions,
    initial_colour,
    recommended_rounds,
)

PLAYERS = 15
ROUNDS = 5


def players_csv(players: int) -> str:
    """``players`` entrants; two share a rating: the GM comes first (C.04.2:
    rating, then title, then name)."""
    return (
        "name,rating,title\n"
        + "".join(f"Player {i:02d},{2600 - 10 * i},\n" for i in range(1, players - 1))
        + "Zed,2200,GM\nAda,2200,\n"
    )


CSV = players_csv(PLAYERS)


class TestSwissContractThreeRounds(FormatContract):
    format_name = "swiss"
    colours = ColourPromise(max_difference=2, max_run=2)  # C.04.3 C3
    sizes = (4, 5, 9, 10)
    option_sets: ClassVar[Any] = ({"rounds": 3, "win": 3.0, "draw": 1.0, "pab": 3.0},)


def test_recommended_rounds() -> None:
    assert [recommended_rounds(n) for n in (2, 3, 4, 8, 9, 16, 150, 500)] == [
        1,
        1,
        2,
        4,
        4,
        5,
        9,
        10,
    ]
    fmt = Swiss()
    assert fmt.arithmetic(150, SwissOptions()).rounds == 9
    assert fmt.arithmetic(40, SwissOptions(rounds=9)).games == 9 * 20


def test_rating_numbering_by_rating_title_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Callable[..., Any]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("p.csv").write_text(CSV)
    assert cli("new", "e.json", "--format", "swiss", "--players", "p.csv").code == 0
    names = [p.name for p in load("e.json").tournament.players]
    assert names.index("Zed") + 1 == names.index("Ada")  # same rating: the GM first


def test_initial_colour_is_drawn_from_the_seed_once() -> None:
    drawn = {initial_colour(SwissOptions(), seed) for seed in range(40)}
    assert drawn == {"w", "b"}
    assert initial_colour(SwissOptions(), 7) == initial_colour(SwissOptions(), 7)
    assert initial_colour(SwissOptions(initial_colour="black"), 7) == "b"


def _result_for(rng: random.Random, white: int, black: int) -> str:
    """Realistic-ish: the lower pairing number (higher rated) wins more often."""
    x = rng.random()
    favourite_white = white < black
    if x < 0.3:
        return "1/2"
    if x < 0.75:
        return "1-0" if favourite_white else "0-1"
    return "0-1" if favourite_white else "1-0"


def _entry_for(result: str, white: bool, opponent: int) -> Entry:
    points: dict[str, tuple[Fraction, Fraction]] = {
        "1-0": (Fraction(1), Fraction(0)),
        "0-1": (Fraction(0), Fraction(1)),
        "1/2": (Fraction(1, 2), Fraction(1, 2)),
    }
    if result in ("+-", "-+"):
        won = (result == "+-") == white
        return Entry(
            Kind.FORFEIT_WIN if won else Kind.FORFEIT_LOSS,
            Fraction(1 if won else 0),
            opponent,
            "w" if white else "b",
        )
    own = points[result][0 if white else 1]
    return Entry(Kind.PLAYED, own, opponent, "w" if white else "b")


def _run_event(
    cli: Callable[..., Any],
    event: str,
    results: dict[tuple[int, int], str],
    players: int = PLAYERS,
    rounds: int = ROUNDS,
) -> None:
    """``new``, then ``pair`` and ``result`` round by round (results by round
    and board from ``results``, else drawn), a forfeit in round 2 and a
    withdrawal after round 3; each pairing checked against the engine."""
    run = cli(
        "new",
        event,
        "--format",
        "swiss",
        "--option",
        f"rounds={rounds}",
        "--players",
        "p.csv",
        "--seed",
        "7",
    )
    assert run.code == 0, run.err
    seed = load(event).tournament.seed
    assert seed == 7
    colour = initial_colour(SwissOptions(), seed)
    rng = random.Random(2026)
    history: dict[int, list[Entry]] = {p: [] for p in range(1, players + 1)}
    withdrawn: int | None = None
    for rnd in range(1, rounds + 1):
        run = cli("pair", event)
        assert run.code == 0, run.err
        state = replay(load(event))
        paired = state.rounds[-1]
        assert paired.number == rnd
        # the engine on the test's own history gives the same round
        expected = pair_round(
            PairingRequest(
                round_number=rnd,
                total_rounds=rounds,
                players=tuple(
                    PlayerInput(
                        tpn=p,
                        points=sum((e.points for e in h), Fraction(0)),
                        history=tuple(h),
                        present=p != withdrawn,
                    )
                    for p, h in history.items()
                ),
                initial_colour=colour,
            )
        )
        assert list(zip(paired.white, paired.black, strict=True)) == list(expected.pairs)
        assert paired.byes == ({expected.bye: "pab"} if expected.bye else {})
        if withdrawn is not None:
            assert withdrawn not in (*paired.white, *paired.black, *paired.byes)
        seen = set()
        for board, (white, black) in enumerate(zip(paired.white, paired.black, strict=True), 1):
            result = results.get((rnd, board)) or _result_for(rng, white, black)
            if rnd == 2 and board == 3:
                result = "+-"  # Black did not come
            results[(rnd, board)] = result
            assert cli("result", event, str(rnd), str(board), result).code == 0
            history[white].append(_entry_for(result, True, black))
            history[black].append(_entry_for(result, False, white))
            seen |= {white, black}
        for player in history:
            if player == expected.bye:
                history[player].append(Entry(Kind.PAB, Fraction(1)))
            elif player not in seen:
                history[player].append(Entry(Kind.ZERO_BYE, Fraction(0)))
        if rnd == 3:
            withdrawn = paired.white[-1]
            run = cli("withdraw", event, str(withdrawn))
            assert run.code == 0, run.err
    run = cli("pair", event)
    assert run.code == 0 and "the event is over" in run.out


def test_a_swiss_from_new_to_standings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Callable[..., Any]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("p.csv").write_text(CSV)
    results: dict[tuple[int, int], str] = {}
    _run_event(cli, "e.json", results)
    standings = cli("standings", "e.json")
    assert standings.code == 0, standings.err
    assert "Player 01" in standings.out
    # a fresh event with the same seed and the same results pairs the same rounds
    _run_event(cli, "again.json", results)
    first = replay(load("e.json"))
    again = replay(load("again.json"))
    assert [(r.white, r.black, r.byes) for r in first.rounds] == [
        (r.white, r.black, r.byes) for r in again.rounds
    ]
    assert first.rounds[1].boards[2].results == ("+-",)


def test_forty_players_nine_rounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli: Callable[..., Any]
) -> None:
    """The issue's size: 40 players, 9 rounds, a forfeit and a withdrawal."""
    monkeypatch.chdir(tmp_path)
    Path("p.csv").write_text(players_csv(40))
    _run_event(cli, "forty.json", {}, players=40, rounds=9)
    standings = cli("standings", "forty.json")
    assert standings.code == 0, standings.err
    assert len(replay(load("forty.json")).rounds) == 9
