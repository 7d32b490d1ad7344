"""Quads with a Swiss bottom section, and double quads (docs/formats.md, Quads; issue 18 item 1).

Sources: US Chess rule 30G (quads: groups of four in rating order, three-round round
robins, numbers by rating) and the US Chess rulebook's quads practice ("when the total
number of entries is not divisible by 4, the director may create a 3-round Swiss among
the lowest 5 to 7 players": 21 players are four quads and a Swiss of 5, 22 four quads and
a Swiss of 6, 23 four quads and a Swiss of 7); the US Chess quad table (1-4 2-3 / 3-1 4-2
/ 1-2 3-4, round 3's colours by toss); FIDE Handbook C.04.3 (Dutch system: round 1 pairs
the top half of the pairing numbers against the bottom half, the lowest-ranked player of
an odd field gets the pairing-allocated bye; no pair meets twice, nobody gets two PABs).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts import PlayedRound
from caddy.event import replay
from caddy.event.store import load
from caddy.model.schedule import Round
from caddy_plugins.formats.quads import Quads, QuadsOptions, section_sizes
from caddy_plugins.formats.swiss import Swiss, SwissOptions
from tests.conftest import Run

#: Default sections by field size (Swiss remainder): the quads from the top, then
#: the lowest 5 to 7 in one Swiss.
SECTIONS = {
    4: [4],
    5: [5],
    6: [6],
    7: [7],
    8: [4, 4],
    9: [4, 5],
    10: [4, 6],
    11: [4, 7],
    12: [4, 4, 4],
    13: [4, 4, 5],
    14: [4, 4, 6],
    15: [4, 4, 7],
    21: [4, 4, 4, 4, 5],
    22: [4, 4, 4, 4, 6],
    23: [4, 4, 4, 4, 7],
}


def players_csv(folder: Path, count: int) -> str:
    """``count`` players P1.. by falling rating (so P<n> gets pairing number n)."""
    path = folder / "players.csv"
    rows = "\n".join(f"P{i},{2400 - 10 * i}" for i in range(1, count + 1))
    path.write_text("name,rating\n" + rows + "\n")
    return str(path)


def ok(run: Run) -> Run:
    assert run.code == 0, run.err
    return run


def result_for(rnd: int, board: int) -> tuple[str, float]:
    """A fixed mix of results: White wins, draws and Black wins by board and round."""
    return [("1-0", 1.0), ("1/2", 0.5), ("0-1", 0.0)][(rnd + board) % 3]


def play(cli: Callable[..., Run], path: str, rounds: int) -> list[PlayedRound]:
    """Pair ``rounds`` rounds through the CLI, entering :func:`result_for` results."""
    played = []
    for number in range(1, rounds + 1):
        ok(cli("pair", path))
        state = replay(load(path))
        rnd = state.rounds[number - 1]
        results = []
        for board in range(1, len(rnd.white) + 1):
            word, points = result_for(number, board)
            ok(cli("result", path, str(number), str(board), word))
            results.append(points)
        byes = tuple(p for p, kind in rnd.byes.items() if kind == "pab")
        played.append(
            PlayedRound(
                round=Round(number=number, white=rnd.white, black=rnd.black, byes=byes),
                results=tuple(results),
            )
        )
    return played


@pytest.mark.parametrize(("players", "sizes"), sorted(SECTIONS.items()))
def test_default_sections(players: int, sizes: list[int]) -> None:
    assert section_sizes(players) == sizes
    sections = Quads().sections(players, QuadsOptions())
    assert [len(s.players) for s in sections] == sizes
    swiss = Quads().swiss_sections(players, QuadsOptions())
    assert [len(s.players) for s in swiss] == [s for s in sizes if s != 4]


def test_calc_21_is_three_rounds(cli: Callable[..., Run]) -> None:
    run = ok(cli("calc", "21", "--format", "quads"))
    assert "3 rounds, 30 games, 10 boards, 3 games per player" in run.out
    assert "4 quads: 3 rounds each" in run.out
    assert "1 Swiss of 5: 3 rounds (Dutch system, paired from results)" in run.out
    document = json.loads(ok(cli("calc", "21", "--format", "quads", "--json")).out)
    assert document["results"][0]["rounds"] == 3


def test_calc_round_robin_remainder_keeps_five_rounds(cli: Callable[..., Run]) -> None:
    run = ok(cli("calc", "21", "--format", "quads", "--option", "remainder=round-robin"))
    assert "5 rounds" in run.out.splitlines()[1]
    assert "1 section of 5: 5 rounds" in run.out


def test_fifteen_players_group_four_four_seven(cli: Callable[..., Run], tmp_path: Path) -> None:
    """15 = 4, 4, 7: two quads and a Swiss of the lowest seven."""
    path = str(tmp_path / "q15.json")
    ok(cli("new", path, "--format", "quads", "--players", players_csv(tmp_path, 15)))
    played = play(cli, path, 1)
    rnd = played[0].round
    pairs = {frozenset(p) for p in zip(rnd.white, rnd.black, strict=True)}
    # the quads by the US quad table, round 1: 1-4 2-3
    assert {frozenset({1, 4}), frozenset({2, 3}), frozenset({5, 8}), frozenset({6, 7})} <= pairs
    # the Swiss of 9..15, Dutch round 1: the bye to 15, then 9-12 10-13 11-14
    assert {frozenset({9, 12}), frozenset({10, 13}), frozenset({11, 14})} <= pairs
    assert rnd.byes == (15,) and len(pairs) == 7
    document = json.loads(ok(cli("standings", path, "--json")).out)
    assert [s["players"] for s in document["sections"]] == [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        list(range(9, 16)),
    ]


def test_twenty_one_players_through_the_cli(cli: Callable[..., Run], tmp_path: Path) -> None:
    """21 players: four quads by the US quad table and a 5-player Swiss by the Dutch
    system, three rounds, per-section standings, then the event is over."""
    path = str(tmp_path / "q21.json")
    ok(cli("new", path, "--format", "quads", "--players", players_csv(tmp_path, 21)))
    played = play(cli, path, 3)
    assert "the event is over" in ok(cli("pair", path)).out
    swiss = range(17, 22)
    quad_table = [((1, 4), (2, 3)), ((3, 1), (4, 2))]  # rounds 1-2; round 3 by toss
    for record in played:
        rnd = record.round
        boards = list(zip(rnd.white, rnd.black, strict=True))
        for start in (0, 4, 8, 12):
            quad = [(w, b) for w, b in boards if start < w <= start + 4]
            if rnd.number <= 2:
                expected = [(w + start, b + start) for w, b in quad_table[rnd.number - 1]]
                assert quad == expected, (rnd.number, start)
            else:
                assert {frozenset(p) for p in quad} == {
                    frozenset({start + 1, start + 2}),
                    frozenset({start + 3, start + 4}),
                }
        inside = [(w, b) for w, b in boards if w in swiss]
        assert all(b in swiss for _, b in inside) and len(inside) == 2
        assert len(rnd.byes) == 1 and rnd.byes[0] in swiss  # one PAB, in the Swiss
    # round 1 of the Swiss: the top half (17, 18) against the bottom half (19, 20),
    # the lowest (21) has the PAB; colours alternate from board to board
    opening = played[0].round
    first = [(w, b) for w, b in zip(opening.white, opening.black, strict=True) if w in swiss]
    assert [frozenset(p) for p in first] == [frozenset({17, 19}), frozenset({18, 20})]
    assert (first[0][0] == 17) != (first[1][0] == 18)
    assert played[0].round.byes == (21,)
    met = Counter(
        frozenset(p) for r in played for p in zip(r.round.white, r.round.black, strict=True)
    )
    assert max(met.values()) == 1  # nobody meets twice
    pabs = [r.round.byes[0] for r in played]
    assert len(set(pabs)) == 3  # nobody gets two PABs
    document = json.loads(ok(cli("standings", path, "--json")).out)
    assert [s["players"] for s in document["sections"]] == [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10, 11, 12],
        [13, 14, 15, 16],
        [17, 18, 19, 20, 21],
    ]
    assert [sum(r["score"] for r in s["rows"]) for s in document["sections"]] == [6, 6, 6, 6, 9]
    ok(cli("export", path, "-o", str(tmp_path / "q21.trf")))
    assert "ok (21 players, 3 rounds" in ok(cli("check", path)).out


def test_swiss_section_is_the_swiss_format_on_its_own_players(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """The section's rounds are what the ``swiss`` format pairs for those five players
    alone (numbered 1-5, the same results and seed): the Dutch engine, unchanged."""
    path = str(tmp_path / "q21.json")
    ok(cli("new", path, "--format", "quads", "--players", players_csv(tmp_path, 21)))
    played = play(cli, path, 3)
    seed = load(path).tournament.seed
    local: list[PlayedRound] = []
    for record in played:
        rnd = record.round
        boards = [
            (w - 16, b - 16, r)
            for w, b, r in zip(rnd.white, rnd.black, record.results, strict=True)
            if w > 16
        ]
        expected = Swiss().next_round(5, SwissOptions(rounds=3), local, seed=seed)
        assert expected == Round(
            number=rnd.number,
            white=tuple(w for w, _, _ in boards),
            black=tuple(b for _, b, _ in boards),
            byes=tuple(p - 16 for p in rnd.byes),
        )
        local.append(PlayedRound(round=expected, results=tuple(r for _, _, r in boards)))


@pytest.mark.parametrize("players", [8, 12])
def test_fields_of_quads_run_as_before(
    cli: Callable[..., Run], tmp_path: Path, players: int
) -> None:
    """Fields divisible by four: only quads, a schedule fixed in advance like a
    round robin's (nothing to pair); round-robin tie-breaks, standings per
    section, export and check."""
    path = str(tmp_path / "q.json")
    ok(cli("new", path, "--format", "quads", "--players", players_csv(tmp_path, players)))
    assert "fixes its schedule in advance" in ok(cli("pair", path)).out
    state = replay(load(path))
    assert state.fixed and len(state.rounds) == 3
    for rnd in state.rounds:
        assert not rnd.byes and not rnd.rest
        for board in range(1, len(rnd.white) + 1):
            ok(cli("result", path, str(rnd.number), str(board), result_for(rnd.number, board)[0]))
    run = ok(cli("standings", path))
    assert "pre-determined pairings (round robin)" in run.out
    assert [line for line in run.out.splitlines() if line.startswith("Section")] == [
        f"Section {i}" for i in range(1, players // 4 + 1)
    ]
    ok(cli("export", path, "-o", str(tmp_path / "q.trf")))
    assert "each a round robin" in ok(cli("check", path)).out


def test_table_shows_the_quads_and_names_the_swiss(cli: Callable[..., Run]) -> None:
    run = ok(cli("table", "--format", "quads", "21"))
    assert "Section 5: 17 18 19 20 21" in run.out
    assert run.out.splitlines()[6].split()[:3] == ["round", "board", "1"]
    assert "Section 5 (17-21) plays a 3-round Swiss among themselves" in run.out
    assert "paired from their results by the Dutch system (FIDE Handbook C.04.3)" in run.out


def test_double_quads(cli: Callable[..., Run]) -> None:
    """Double quads: two games against each, one with each colour: six rounds."""
    options = QuadsOptions(double=True)
    assert Quads().arithmetic(8, options).rounds == 6
    assert Quads().arithmetic(8, options).games == 24
    rounds = Quads().table_schedule(8, options, seed=3).rounds
    games = Counter((w, b) for r in rounds for w, b in zip(r.white, r.black, strict=True))
    for quad in ((1, 2, 3, 4), (5, 6, 7, 8)):
        for a in quad:
            for b in quad:
                if a != b:
                    assert games[(a, b)] == 1  # once with White, once with Black
    run = ok(cli("calc", "8", "--format", "quads", "--option", "double=true"))
    assert "6 rounds" in run.out and "2 double quads: 6 rounds each" in run.out
    refused = cli("calc", "21", "--format", "quads", "--option", "double=true")
    assert refused.code == 1
    assert "cannot be doubled" in refused.err and refused.err.count("\n") == 1


@settings(max_examples=25, deadline=None)
@given(players=st.integers(min_value=3, max_value=27), seed=st.integers(0, 10**6))
def test_every_field_plays_its_sections(players: int, seed: int) -> None:
    """Any field, any results: three rounds; nobody meets a player of another
    section, nobody meets twice, each quad a complete round robin, each odd Swiss
    section one PAB a round and nobody two (FIDE Handbook C.04.1 rules 2-3)."""
    fmt, options = Quads(), QuadsOptions()
    sections = fmt.sections(players, options)
    section_of = {p: s.name for s in sections for p in s.players}
    rng = random.Random(seed)
    played: list[PlayedRound] = []
    while (rnd := fmt.next_round(players, options, played, seed=seed)) is not None:
        results = tuple(rng.choice((1.0, 0.5, 0.0)) for _ in rnd.white)
        played.append(PlayedRound(round=rnd, results=results))
    assert len(played) == 3
    met = Counter(
        frozenset(p) for r in played for p in zip(r.round.white, r.round.black, strict=True)
    )
    assert max(met.values()) == 1
    assert all(len({section_of[p] for p in pair}) == 1 for pair in met)
    pabs = [p for r in played for p in r.round.byes]
    assert len(pabs) == len(set(pabs))
    for section in sections:
        members = set(section.players)
        if len(members) == 4 or players == 3:
            assert (
                sum(1 for pair in met if pair <= members) == len(members) * (len(members) - 1) // 2
            )
        else:
            for r in played:
                assert len(members & set(r.round.byes)) == len(members) % 2


def test_a_bye_in_a_quad_is_refused_when_paired(cli: Callable[..., Run], tmp_path: Path) -> None:
    """A quad's games are fixed by its table: an announced bye cannot take a player
    out of it (the game is recorded as a forfeit instead)."""
    fixed = str(tmp_path / "q8.json")  # quads only: the schedule is there before round 1
    ok(cli("new", fixed, "--format", "quads", "--players", players_csv(tmp_path, 8)))
    run = cli("bye", fixed, "3", "1", "--half")
    assert (run.code, run.err) == (1, "caddy: error: player 3 has a game in round 1\n")
    path = str(tmp_path / "q9.json")  # a Swiss section: rounds are paired, then refused
    ok(cli("new", path, "--format", "quads", "--players", players_csv(tmp_path, 9)))
    ok(cli("bye", path, "3", "1", "--half"))
    run = cli("pair", path)
    assert run.code == 1
    assert run.err == (
        "caddy: error: round 1: player 3 has a bye announced, but their section's games "
        "are fixed by its round-robin table; undo back to the bye (caddy history lists "
        "the steps) and record the game as a forfeit once the round is paired\n"
    )


def test_a_bye_in_the_swiss_section_is_honoured(cli: Callable[..., Run], tmp_path: Path) -> None:
    """In the Swiss section an announced bye leaves the player out of the pairing."""
    path = str(tmp_path / "q9.json")
    ok(cli("new", path, "--format", "quads", "--players", players_csv(tmp_path, 9)))
    ok(cli("bye", path, "9", "1", "--half"))
    ok(cli("pair", path))
    rnd = replay(load(path)).rounds[0]
    assert {frozenset(p) for p in zip(rnd.white, rnd.black, strict=True)} == {
        frozenset({1, 4}),
        frozenset({2, 3}),
        frozenset({5, 7}),
        frozenset({6, 8}),
    }
    assert rnd.byes == {9: "half"}


def test_round_robin_remainder_through_the_cli(cli: Callable[..., Run], tmp_path: Path) -> None:
    """remainder=round-robin: 9 players are a quad and a round robin of 5 (5 rounds,
    FIDE Berger table); the quad's players have no game in rounds 4 and 5."""
    path = str(tmp_path / "q9.json")
    ok(
        cli(
            "new",
            path,
            "--format",
            "quads",
            "--option",
            "remainder=round-robin",
            "--players",
            players_csv(tmp_path, 9),
        )
    )
    played = play(cli, path, 5)  # round robins only: fixed in advance, nothing to pair
    assert "fixes its schedule in advance" in ok(cli("pair", path)).out
    assert all(not r.round.byes for r in played)  # a rest round is no PAB
    assert [len(r.round.white) for r in played] == [4, 4, 4, 2, 2]
    met = Counter(
        frozenset(p) for r in played for p in zip(r.round.white, r.round.black, strict=True)
    )
    assert max(met.values()) == 1
    assert set(met) == {
        frozenset({a, b}) for s in ((1, 2, 3, 4), (5, 6, 7, 8, 9)) for a in s for b in s if a < b
    }
    assert "each a round robin" in ok(cli("check", path)).out


def test_pair_explain_names_the_swiss_section(cli: Callable[..., Run], tmp_path: Path) -> None:
    """``caddy pair --explain``: the Swiss section's Dutch pairing, bracket by bracket, in
    the section's own numbers; round 1's PAB to its lowest-ranked player (5 = 21)."""
    path = str(tmp_path / "q21.json")
    ok(cli("new", path, "--format", "quads", "--players", players_csv(tmp_path, 21)))
    out = ok(cli("pair", path, "--explain")).out
    assert (
        "Section 5 (17-21), a 3-round Swiss by the Dutch system; "
        "numbers within the section: 1 = 17 ... 5 = 21"
    ) in out
    assert "  Round 1 (FIDE Dutch system, C.04.3)" in out
    assert "    PAB: 5" in out


def test_nobody_enters_once_round_1_is_paired(cli: Callable[..., Run], tmp_path: Path) -> None:
    """The sections are cut from the field of round 1: a late entrant would move the
    players between sections mid-event, so ``caddy add`` is refused once round 1
    is paired (before it, the new player just joins the field)."""
    path = str(tmp_path / "q9.json")
    ok(cli("new", path, "--format", "quads", "--players", players_csv(tmp_path, 9)))
    ok(cli("pair", path))
    run = cli("add", path, "Late", "--rating", "1500")
    assert run.code == 1
    assert run.err == (
        "caddy: error: format 'quads' cuts its sections from the field of round 1: "
        "nobody enters once round 1 is paired\n"
    )
    fixed = str(tmp_path / "q8.json")  # quads only: a round robin's schedule, fixed
    ok(cli("new", fixed, "--format", "quads", "--players", players_csv(tmp_path, 8)))
    ok(cli("result", fixed, "1", "1", "1-0"))
    run = cli("add", fixed, "Late", "--rating", "1500")
    assert run.code == 1 and "nobody enters late" in run.err
