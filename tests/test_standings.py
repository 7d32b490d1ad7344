"""Standings: properties, the round-robin withdrawal rule, TRF files, the CLI."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddy.contracts.tiebreak_table import StandingsOptions
from caddy.model.results import EventPlayer, ResultsTable, RoundResult
from caddy.model.results_table import ResultsTableBuilder
from caddy.standings.ranking import build_table, standings
from caddy_plugins.codecs.trf_document import parse_date, read_trf
from caddy_plugins.formats.round_robin import RoundRobin, RoundRobinOptions
from tests.conftest import DATA, Run

TRF_FILES = sorted((DATA / "trf").glob("*.trf"))
ALL = ["SB", "BH", "BH/C1", "FB", "AOB", "KS", "PS", "WIN", "WON", "BPG", "BWG", "REP", "DE"]


PLAYED = ("1-0", "0-1", "1/2")
FORFEITS = ("+-", "-+")
#: Swiss results, weighted as a club Swiss has them: mostly decisive, some forfeits.
SWISS_RESULTS = ("1-0", "0-1", "1/2", "1-0", "0-1", "+-", "-+", "--")
#: About one player in thirteen sits a Swiss round out (a bye of some kind).
SITS_OUT = (False,) * 12 + (True,)
ONE_CYCLE = st.just(1)


def round_robin_event(n: int, results: Sequence[str], cycles: int = 1) -> ResultsTable:
    """A complete round robin of P1..Pn on the FIDE tables, ``results`` game by game."""
    schedule = RoundRobin().schedule(n, RoundRobinOptions(cycles=cycles))
    b = ResultsTableBuilder(
        [f"P{i}" for i in range(1, n + 1)], rounds=len(schedule.rounds), pre_determined=True
    )
    words = iter(results)
    for rnd in schedule.rounds:
        for w, k in zip(rnd.white, rnd.black, strict=True):
            b.game(rnd.number, w, k, next(words))
        for p in rnd.byes:
            b.bye(rnd.number, p, "rest")
    return b.build()


def games_in_round_robin(n: int, cycles: int = 1) -> int:
    return cycles * (n * (n - 1) // 2)


@st.composite
def round_robins(
    draw: st.DrawFn,
    sizes: st.SearchStrategy[int],
    results: Sequence[str] = PLAYED,
    cycles: st.SearchStrategy[int] = ONE_CYCLE,
    even: bool = False,
) -> ResultsTable:
    """Complete round robins with every result drawn (so a failure shrinks to fewer players
    and simpler results). ``even``: an even number of players, so nobody rests."""
    n = draw(sizes)
    n += n % 2 if even else 0
    c = draw(cycles)
    games = games_in_round_robin(n, c)
    drawn = draw(st.lists(st.sampled_from(results), min_size=games, max_size=games))
    return round_robin_event(n, drawn, c)


@st.composite
def swisses(
    draw: st.DrawFn, sizes: st.SearchStrategy[int], rounds: st.SearchStrategy[int]
) -> ResultsTable:
    """Swiss-like events: drawn pairings without repeats, drawn results, byes of every kind."""
    n, number_of_rounds = draw(sizes), draw(rounds)
    b = ResultsTableBuilder(
        [f"P{i}" for i in range(1, n + 1)], rounds=number_of_rounds, pre_determined=False
    )
    met: set[frozenset[int]] = set()
    for rnd in range(1, number_of_rounds + 1):
        players = list(draw(st.permutations(range(1, n + 1))))
        unpaired = []
        while players:
            p = players.pop()
            partner = next((q for q in players if frozenset({p, q}) not in met), None)
            if partner is None or draw(st.sampled_from(SITS_OUT)):
                unpaired.append(p)
                continue
            players.remove(partner)
            met.add(frozenset({p, partner}))
            b.game(rnd, p, partner, draw(st.sampled_from(SWISS_RESULTS)))
        for p in unpaired:
            b.bye(rnd, p, draw(st.sampled_from(["pab", "full", "half", "zero"])))
    return b.build()


@st.composite
def relabellings(
    draw: st.DrawFn, events: st.SearchStrategy[ResultsTable]
) -> tuple[ResultsTable, list[int]]:
    """An event and a renumbering of its players (player p becomes permutation[p - 1])."""
    event = draw(events)
    return event, list(draw(st.permutations(range(1, len(event.players) + 1))))


def relabel(event: ResultsTable, permutation: list[int]) -> ResultsTable:
    """The same event with player p renumbered permutation[p - 1]."""
    new = {old: permutation[old - 1] for old in range(1, len(event.players) + 1)}
    players = [None] * len(event.players)
    rows: list[tuple[RoundResult, ...]] = [()] * len(event.players)
    for old, player in enumerate(event.players, 1):
        players[new[old] - 1] = EventPlayer(number=new[old], name=player.name)  # type: ignore[call-overload]
        rows[new[old] - 1] = tuple(
            RoundResult(
                opponent=None if rr.opponent is None else new[rr.opponent],
                colour=rr.colour,
                code=rr.code,
                points=rr.points,
            )
            for rr in event.results[old - 1]
        )
    return ResultsTable(
        players=tuple(players),  # type: ignore[arg-type]
        results=tuple(rows),
        rounds=event.rounds,
        scoring=event.scoring,
        pre_determined=event.pre_determined,
    )


def by_name(
    event: ResultsTable, tiebreaks: list[str], edition: str = "2024"
) -> dict[str, tuple[float, dict[str, float | None]]]:
    result = standings(event, tiebreaks, edition)
    return {row.name: (row.score, row.tiebreaks) for row in result.rows}


@settings(max_examples=40, deadline=None)
@given(round_robins(st.integers(2, 12), PLAYED + FORFEITS))
def test_scores_sum_to_points_played_for(event: ResultsTable) -> None:
    """Every game distributes one point (1/½/0), forfeits included; rest rounds none."""
    n = len(event.players)
    assert sum(build_table(event).score) == n * (n - 1) // 2


@settings(max_examples=40, deadline=None)
@given(relabellings(round_robins(st.integers(3, 10), PLAYED + FORFEITS)))
def test_relabelling_changes_no_value_round_robin(case: tuple[ResultsTable, list[int]]) -> None:
    event, permutation = case
    assert by_name(event, ALL) == by_name(relabel(event, permutation), ALL)


@settings(max_examples=30, deadline=None)
@given(relabellings(swisses(st.integers(6, 14), st.integers(3, 6))))
def test_relabelling_changes_no_value_swiss(case: tuple[ResultsTable, list[int]]) -> None:
    event, permutation = case
    for edition in ("2024", "2026"):
        assert by_name(event, ALL, edition) == by_name(relabel(event, permutation), ALL, edition)


@settings(max_examples=40, deadline=None)
@given(round_robins(st.integers(3, 12)))
def test_sb_and_bh_in_a_complete_round_robin(event: ResultsTable) -> None:
    """SB = sum of beaten opponents' scores + half the drawn ones' (FIDE Handbook C.07 Art. 9.1);
    BH (Art. 8.1) = total - own (in a complete round robin everyone met everyone)."""
    table = build_table(event)
    total = sum(table.score)
    result = standings(event, ["SB", "BH"])
    for row in result.rows:
        i = row.pairing_number - 1
        expected = 0.0
        for rr in event.results[i]:
            if rr.opponent is not None:
                expected += table.score[rr.opponent - 1] * rr.points
        assert row.tiebreaks["SB"] == expected
        assert row.tiebreaks["BH"] == total - table.score[i]


@settings(max_examples=40, deadline=None)
@given(round_robins(st.integers(2, 12), PLAYED + FORFEITS))
def test_ks_never_exceeds_score(event: ResultsTable) -> None:
    for row in standings(event, ["KS"]).rows:
        assert row.tiebreaks["KS"] is not None and row.tiebreaks["KS"] <= row.score


@settings(max_examples=40, deadline=None)
@given(round_robins(st.integers(3, 12), cycles=st.sampled_from([1, 2])))
def test_de_gives_a_valid_ranking_of_each_tied_group(event: ResultsTable) -> None:
    """Within a score group, DE places form a ranking with ties: a place p is held by
    players after exactly p - 1 players placed ahead."""
    result = standings(event, ["DE"])
    groups: dict[float, list[float]] = {}
    for row in result.rows:
        groups.setdefault(row.score, []).append(row.tiebreaks["DE"] or 0.0)
    for places in groups.values():
        for place in places:
            assert sum(1 for q in places if q < place) == place - 1
    ranks = [row.rank for row in result.rows]
    assert ranks == sorted(ranks)  # type: ignore[type-var]


@settings(max_examples=30, deadline=None)
@given(round_robins(st.integers(2, 12), even=True))
def test_editions_agree_without_unplayed_rounds(event: ResultsTable) -> None:
    """Even fields: no rest rounds, so nothing the 2026 edition treats differently."""
    assert by_name(event, ALL, "2024") == by_name(event, ALL, "2026")


@settings(max_examples=25, deadline=None)
@given(round_robins(st.integers(2, 10), even=True))
def test_fast_path_equals_general_path(event: ResultsTable) -> None:
    """The all-games fast path of BH/SB/PS gives exactly what the general path gives."""
    from caddy.contracts.tiebreak_spec import parse_spec
    from caddy.plugins.host import get_host

    table = build_table(event)
    assert table.all_games
    registry = get_host().tiebreaks()
    fast = {
        code: registry.get(code).compute(table, parse_spec(code)) for code in ("BH", "SB", "PS")
    }
    table.all_games = False
    slow = {code: registry.get(code).compute(table, parse_spec(code)) for code in ("BH", "SB")}
    slow["PS"] = registry.get("PS").compute(table, parse_spec("PS"))
    assert fast == slow


def test_shared_places_rank_1_1_3() -> None:
    b = ResultsTableBuilder(list("ABCD"), rounds=3, pre_determined=True)
    b.game(1, 1, 4, "1/2").game(1, 2, 3, "1/2")
    b.game(2, 4, 3, "1/2").game(2, 1, 2, "1/2")
    b.game(3, 2, 4, "1-0").game(3, 3, 1, "0-1")
    result = standings(b.build(), ["DE"])
    assert [r.rank for r in result.rows] == [1, 1, 3, 3]  # A-B drew, C-D drew


def test_drawing_of_lots_is_seeded_and_repeatable() -> None:
    """C.07 4.2: ties left after the list are broken by lot when the event says so."""
    results = {(a, b): "1/2" for a in range(1, 5) for b in range(a + 1, 5)}
    from tests.test_tiebreaks import round_robin

    event = round_robin(results, 4)
    plain = standings(event, ["SB"])
    assert [r.rank for r in plain.rows] == [1, 1, 1, 1]
    drawn = standings(event, ["SB"], options=StandingsOptions(draw_lots=True, lots_seed=7))
    assert [r.rank for r in drawn.rows] == [1, 2, 3, 4]
    assert drawn.lots_seed == 7
    again = standings(event, ["SB"], options=StandingsOptions(draw_lots=True, lots_seed=7))
    assert [r.pairing_number for r in again.rows] == [r.pairing_number for r in drawn.rows]


def test_bh_in_round_robin_warns() -> None:
    event = round_robin_event(6, PLAYED * 5)
    result = standings(event, ["BH", "SB"])
    assert len(result.warnings) == 1 and "BH separates nobody" in result.warnings[0]


# -- the round-robin withdrawal rule (FIDE General Regulations for Competitions 6.6) --------------------


def withdrawal_event(
    after: int, forfeit_round: int | None = None, forfeits_complete: bool = False
) -> ResultsTable:
    """8 players, 7 rounds, all games drawn; player 8 withdraws after ``after`` rounds
    (8 plays every round of the FIDE table, so after ``after`` rounds they have ``after`` games).
    ``forfeit_round``: 8 lost that round's game by forfeit instead."""
    schedule = RoundRobin().schedule(8, RoundRobinOptions())
    b = ResultsTableBuilder(
        [f"P{i}" for i in range(1, 9)],
        rounds=7,
        pre_determined=True,
        forfeits_complete_games=forfeits_complete,
    )
    for rnd in schedule.rounds[:after]:
        for w, k in zip(rnd.white, rnd.black, strict=True):
            if rnd.number == forfeit_round and 8 in (w, k):
                b.game(rnd.number, w, k, "-+" if w == 8 else "+-")
            else:
                b.game(rnd.number, w, k, "1/2")
    for rnd in schedule.rounds[after:]:
        for w, k in zip(rnd.white, rnd.black, strict=True):
            if 8 not in (w, k):
                b.game(rnd.number, w, k, "1/2")
    later = [
        (r.number, w, k) for r in schedule.rounds for w, k in zip(r.white, r.black, strict=True)
    ]
    b.withdraw(8, after, schedule=later)
    return b.build()


def test_withdrawal_after_three_games_annuls_them() -> None:
    """Fewer than 50% (3 of 7): all three results are removed from the standings."""
    event = withdrawal_event(3)
    (w,) = event.withdrawals
    assert (w.completed, w.scheduled, w.annulled) == (3, 7, True)
    result = standings(event, ["SB"])
    rows = {row.pairing_number: row for row in result.rows}
    assert rows[8].annulled and rows[8].rank is None
    # every other player: 6 draws among themselves = 3.0; the draw against 8 no longer counts
    assert all(rows[p].score == 3.0 for p in range(1, 8))
    assert result.rows[-1].pairing_number == 8
    # still in the crosstable, marked
    from caddy.standings.crosstable import crosstable

    table = crosstable(event)
    assert "[½]" in table.rows[0]
    assert any("annulled" in note for note in table.notes)


def test_withdrawal_after_four_games_stands_with_forfeits() -> None:
    """At least 50% (4 of 7): the results stand, the last three opponents each get a (+)."""
    event = withdrawal_event(4)
    (w,) = event.withdrawals
    assert (w.completed, w.scheduled, w.annulled) == (4, 7, False)
    schedule = RoundRobin().schedule(8, RoundRobinOptions())
    last_three = [
        w if k == 8 else k
        for r in schedule.rounds[4:]
        for w, k in zip(r.white, r.black, strict=True)
        if 8 in (w, k)
    ]
    assert len(last_three) == 3
    for number in last_three:
        codes = [rr.code for rr in event.results[number - 1] if rr.opponent == 8]
        assert codes == ["+"]
    assert [rr.code for rr in event.results[7]] == ["=", "=", "=", "=", "-", "-", "-"]
    rows = {row.pairing_number: row for row in standings(event, ["SB"]).rows}
    assert rows[8].score == 2.0 and rows[8].rank == 8
    assert all(rows[p].score == (3.5 + 0.5 if p in last_three else 3.5) for p in range(1, 8))


def test_withdrawal_forfeits_complete_games_option() -> None:
    """Open point, an option: is a forfeit a "completed" game for the 50% threshold?
    Player 8 leaves after 4 rounds, one of them lost by forfeit. Default: no, 3 of 7
    completed → annulled. With the option: 4 of 7 → the results stand."""
    default = withdrawal_event(4, forfeit_round=2)
    assert (default.withdrawals[0].completed, default.withdrawals[0].annulled) == (3, True)
    counted = withdrawal_event(4, forfeit_round=2, forfeits_complete=True)
    assert (counted.withdrawals[0].completed, counted.withdrawals[0].annulled) == (4, False)


def test_koya_line_after_annulment_option() -> None:
    """After an annulment the Koya line is taken on the games that remain (6 of 7 → 3.0),
    or (option) on the scheduled games (7 → 3.5)."""
    from caddy.contracts.tiebreak_spec import parse_spec
    from caddy.plugins.host import get_host

    event = withdrawal_event(3)
    ks = get_host().tiebreaks().get("KS")
    moved = build_table(event)
    assert ks.line(moved, parse_spec("KS")) == 3.0  # type: ignore[attr-defined]
    kept = build_table(event, options=StandingsOptions(koya_line_moves_after_annulment=False))
    assert ks.line(kept, parse_spec("KS")) == 3.5  # type: ignore[attr-defined]


# -- TRF files from other software -----------------------------------------------------------------


@pytest.mark.parametrize("path", TRF_FILES, ids=lambda p: p.name)
def test_trf_files_read_and_rank(path: Path) -> None:
    trf = read_trf(path)
    event = trf.event
    for player in event.players:
        if player.stated_points is not None:
            assert event.score(player.number) == player.stated_points, player.name
    result = standings(event)
    assert len(result.rows) == len(event.players)
    assert result.rows[0].rank == 1


def test_trf_round_robin_detection() -> None:
    """092 naming a Swiss wins over the results: the lichess all-play-all Swiss stays a Swiss."""
    assert (
        read_trf(DATA / "trf/swiss_lichess_2020-06-26_9p9r_allplayall.trf").event.pre_determined
        is False
    )
    rr = read_trf(DATA / "trf/rr_fide_tec_exercise_held_6p.trf").event
    assert rr.pre_determined is True and standings(rr).pre_determined is True  # by the results


def test_trf_bye_points_from_the_file() -> None:
    """The lichess file's U byes are worth a point (the stated points say so)."""
    event = read_trf(DATA / "trf/swiss_lichess_2020-06-26_9p9r_allplayall.trf").event
    byes = [rr for row in event.results for rr in row if rr.code == "U"]
    assert len(byes) == 9 and all(rr.points == 1.0 for rr in byes)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024-08-01", (2024, 8, 1)),
        ("2026/02/28", (2026, 2, 28)),
        ("28. 07. 2005", (2005, 7, 28)),
        ("Jun 26, 2020", (2020, 6, 26)),
        ("28.07.2005", (2005, 7, 28)),
        ("26 June 2020", (2020, 6, 26)),
    ],
)
def test_dates(text: str, expected: tuple[int, int, int]) -> None:
    date = parse_date(text)
    assert date is not None and (date.year, date.month, date.day) == expected


def test_unreadable_date_warns_and_defaults(tmp_path: Path) -> None:
    source = (DATA / "trf/rr_fide_tec_exercise_held_6p.trf").read_text()
    path = tmp_path / "x.trf"
    path.write_text(source.replace("042 2024-08-01", "042 sometime in August"))
    trf = read_trf(path)
    assert any("cannot read the start date" in w for w in trf.warnings)
    assert standings(trf.event).edition == "2026"


def test_bad_trf(tmp_path: Path, cli: Callable[..., Run]) -> None:
    path = tmp_path / "bad.trf"
    path.write_text("012 nothing here\n")
    run = cli("standings", str(path))
    assert run.code == 1 and "no player lines" in run.err
    lines = (DATA / "trf/rr_fide_tec_exercise_held_6p.trf").read_text().splitlines()
    player = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[player] = lines[player][:98] + "Q" + lines[player][99:]  # round 1 result, column 99
    path.write_text("\n".join(lines))
    run = cli("standings", str(path))
    assert run.code == 1 and "unknown result code 'Q'" in run.err and "Traceback" not in run.err


# -- CLI -------------------------------------------------------------------------------------------

RR_FILE = str(DATA / "trf/rr_fide_tec_exercise_held_6p.trf")
SWISS_FILE = str(DATA / "trf/swiss_gacrux_many_unplayed_rounds.trf")


def test_cli_standings_json(cli: Callable[..., Run]) -> None:
    run = cli("standings", SWISS_FILE, "--tiebreaks", "SB,BH/C1,bh-c1", "--json")
    assert run.code == 0, run.err
    document = json.loads(run.out)
    assert document["schema"] == "caddy.standings" and document["version"] == 1
    assert document["edition"] == "2024"  # 042 2026/02/28: before 2026-03-01
    assert document["tiebreaks"] == ["SB", "BH/C1", "bh-c1"]
    first = document["rows"][0]
    assert set(first) >= {"rank", "pairing_number", "name", "score", "tiebreaks"}
    assert list(first["tiebreaks"]) == ["SB", "BH/C1", "bh-c1"]
    assert first["tiebreaks"]["BH/C1"] == first["tiebreaks"]["bh-c1"]
    assert [r["rank"] for r in document["rows"]] == sorted(r["rank"] for r in document["rows"])


def test_cli_standings_text_and_edition(cli: Callable[..., Run]) -> None:
    run = cli("standings", SWISS_FILE, "--edition", "2026", "--tiebreaks", "BH")
    assert run.code == 0 and "C.07 edition 2026" in run.out


def test_cli_standings_every_trf(cli: Callable[..., Run]) -> None:
    for path in TRF_FILES:
        run = cli("standings", str(path))
        assert run.code == 0, (path, run.err)
        assert "Traceback" not in run.err


def test_cli_explain(cli: Callable[..., Run]) -> None:
    run = cli("standings", SWISS_FILE, "--tiebreaks", "BH/C1,SB,DE", "--explain", "12")
    assert run.code == 0, run.err
    assert "BH/C1 = 23.5" in run.out
    assert "dummy opponent" in run.out and "Art. 16.5" in run.out
    run = cli("standings", RR_FILE, "--explain", "Helene")
    assert "forfeit, counted as a game" in run.out
    run = cli("standings", RR_FILE, "--explain", "Nobody")
    assert run.code == 1 and "no player named 'Nobody'" in run.err


def test_cli_crosstable(cli: Callable[..., Run]) -> None:
    run = cli("crosstable", RR_FILE)
    assert run.code == 0
    lines = run.out.splitlines()
    assert lines[0].split()[:8] == ["no", "name", "1", "2", "3", "4", "5", "6"]
    assert lines[1].split()[:8] == ["1", "Alyx", "×", "1", "1", "0", "½", "1"]
    assert "−" in lines[5] and "+" in lines[6]
    run = cli("crosstable", SWISS_FILE)
    assert run.code == 0 and "r7" in run.out.splitlines()[0]


def test_cli_tiebreaks(cli: Callable[..., Run]) -> None:
    run = cli("tiebreaks", "--json")
    document = json.loads(run.out)
    codes = {t["code"] for t in document["tiebreaks"]}
    assert codes >= {"DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "BH", "FB", "AOB", "SB", "KS"}
    sb = next(t for t in document["tiebreaks"] if t["code"] == "SB")
    assert sb["article"] == "9.1" and sb["modifiers"] == ["/C", "/M"]
    assert "Sonneborn" in cli("tiebreaks").out


def test_cli_tiebreak_errors(cli: Callable[..., Run]) -> None:
    run = cli("standings", RR_FILE, "--tiebreaks", "SB,NOPE,KS/X1")
    assert run.code == 1
    assert len(run.err.splitlines()) == 2
    assert "unknown tie-break 'NOPE'" in run.err and "modifier /X1" in run.err


def test_cli_bh_warning_in_round_robin(cli: Callable[..., Run]) -> None:
    run = cli("standings", RR_FILE, "--tiebreaks", "BH")
    assert run.code == 0 and "caddy: warning: BH separates nobody" in run.err


def test_cli_presets_and_overrides(cli: Callable[..., Run]) -> None:
    document = json.loads(cli("standings", RR_FILE, "--tiebreaks", "c02", "--json").out)
    assert document["tiebreaks"] == ["DE", "WIN", "SB", "KS"]
    document = json.loads(cli("standings", RR_FILE, "--swiss", "--json").out)
    assert document["pre_determined"] is False and document["tiebreaks"][0] == "BH/C1"
