"""Rated events, the event side (issue 26): the players file's rating columns,
tournament ratings by method, the rating request an event gives a rating
system, ``caddy ratings EVENT`` and a rated event's published cards.

Sources: FIDE's software-endorsement checklist (Q116-Q156: tournament rating
methods FIDE, NRO, FIDON, NIDOF, HBFN); FIDE Handbook B.02 (Rating
Regulations, in force 1 March 2024) table 8.1 and 8.3.1 for the worked
example of the issue (1922, K 40, against 1798, 1801, 1897: +13.2, -26.4,
+18.8, total +5.6); FIDE C.04 Annex 2 (TRF 001 carries the FIDE rating).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from pathlib import Path

import pytest

import caddy.ratings
from caddy.errors import CaddyError
from caddy.event.replay import replay
from caddy.event.store import load
from caddy.files.players import read_players_csv
from caddy.model.ratings import ListedPlayer, ListedRating, RatingSetup, tournament_rating
from caddy.model.schedule import Player
from caddy.ratings.players import from_list, rate
from caddy.ratings.request import rating_request
from tests.conftest import Run


@pytest.fixture
def ok(cli: Callable[..., Run]) -> Callable[..., Run]:
    def run(*args: str) -> Run:
        result = cli(*args)
        assert (result.code, result.err) == (0, ""), (args, result)
        return result

    return run


def error(cli: Callable[..., Run], *args: str) -> str:
    run = cli(*args)
    assert run.code != 0 and run.out == "", run
    return run.err


# -- tournament ratings (FIDE endorsement checklist) -----------------------------------


@pytest.mark.parametrize(
    ("method", "fide", "national", "expected"),
    [
        ("fide", 2000, 2100, 2000),
        ("fide", None, 2100, None),
        ("nro", 2000, 2100, 2100),
        ("nro", 2000, None, None),
        ("fidon", 2000, 2100, 2000),
        ("fidon", None, 2100, 2100),
        ("nidof", 2000, 2100, 2100),
        ("nidof", 2000, None, 2000),
        ("hbfn", 2000, 2100, 2100),
        ("hbfn", 2200, 2100, 2200),
        ("hbfn", None, 2100, 2100),
        ("hbfn", None, None, None),
    ],
)
def test_tournament_rating_methods(
    method: str, fide: int | None, national: int | None, expected: int | None
) -> None:
    assert tournament_rating(method, fide, national) == expected  # type: ignore[arg-type]


LISTED = ListedPlayer(
    fide_id=1503014,
    name="Carlsen, Magnus",
    federation="NOR",
    sex="M",
    title="GM",
    birth_year=1990,
    standard=ListedRating(rating=2833, games=0, k=10),
    rapid=ListedRating(rating=2819, games=0, k=10),
    blitz=None,
)


def test_a_player_from_the_list_keeps_what_the_file_gives_and_takes_the_rest() -> None:
    given = Player(name="", fide_id="1503014", team="Club")
    (player,) = from_list([given], {1503014: LISTED}.get, "players.db")
    assert (player.name, player.federation, player.title, player.sex, player.birth) == (
        "Carlsen, Magnus", "NOR", "GM", "m", "1990/00/00",
    )  # fmt: skip
    assert player.team == "Club" and player.listed == LISTED
    with pytest.raises(CaddyError, match=r"^FIDE ID 99 is not in players.db$"):
        from_list([Player(name="", fide_id="99")], lambda _: None, "players.db")


def test_rapid_and_blitz_take_their_own_rating_else_the_standard_one() -> None:
    """B.02 (rapid and blitz) 7.2.1: a player without a blitz rating plays on the standard one."""
    player = Player(name="M", fide_id="1503014", listed=LISTED)
    setup = RatingSetup()
    assert rate([player], setup, "rapid")[0].rating == 2819
    assert rate([player], setup, "blitz")[0].rating == 2833
    assert rate([player], setup, "standard")[0].fide_rating == 2833


# -- the players file ---------------------------------------------------------------------


def test_the_players_file_reads_national_ratings_and_k(tmp_path: Path) -> None:
    path = tmp_path / "p.csv"
    path.write_text("name,rating,national_rating,k,sex,birth\nA,2000,2100,20,w,2008\nB,,1900,,,\n")
    a, b = read_players_csv(path)
    assert (a.rating, a.national_rating, a.k, a.sex, a.birth) == (2000, 2100, 20, "w", "2008")
    assert (b.rating, b.national_rating, b.k) == (None, 1900, None)
    path.write_text("name,rating,national_rating\nA,2000,x\nB,1900,12345\n")
    with pytest.raises(CaddyError) as caught:
        read_players_csv(path)
    assert list(caught.value.problems) == [
        f"{path}:2: national_rating 'x' is not a whole number",
        f"{path}:3: national_rating 12345 has more than 4 digits (at most 9999: FIDE ratings fit TRF columns 49-52)",
    ]


def test_a_file_of_fide_ids_alone(tmp_path: Path) -> None:
    path = tmp_path / "ids.txt"
    path.write_text("1503014\n\n4100018\n")
    assert [p.fide_id for p in read_players_csv(path, from_list=True)] == ["1503014", "4100018"]
    path.write_text("1503014\nabc\n1503014\n")
    with pytest.raises(CaddyError) as caught:
        read_players_csv(path, from_list=True)
    assert list(caught.value.problems) == [
        f"{path}:2: 'abc' is not a FIDE ID (digits)",
        f"{path}:3: duplicate FIDE ID 1503014 (also on line 1)",
    ]


# -- caddy new with a rating method ---------------------------------------------------------

FIELD = "name,rating,fide_id,national_rating,k\nA,2000,123,2100,20\nB,,,1950,40\nC,1922,,,40\nD,1800,,,\n"


def test_new_numbers_by_the_tournament_rating_and_trf_carries_the_fide_one(
    tmp_path: Path, ok: Callable[..., Run], cli: Callable[..., Run]
) -> None:
    (tmp_path / "p.csv").write_text(FIELD)
    event = str(tmp_path / "e.json")
    ok("new", event, "--players", str(tmp_path / "p.csv"), "--format", "swiss",
       "--rounds", "3", "--rating-method", "nidof", "--seed", "1")  # fmt: skip
    loaded = load(event)
    players = loaded.tournament.players
    assert [(p.name, p.rating, p.fide_rating) for p in players] == [
        ("A", 2100, 2000), ("B", 1950, None), ("C", 1922, 1922), ("D", 1800, 1800),
    ]  # fmt: skip
    assert loaded.tournament.ratings == RatingSetup(method="nidof")
    ok("pair", event)
    run = cli("export", event, "--to", "trf")  # (a warning: no round is complete yet)
    assert run.code == 0
    trf = run.out
    ratings = {
        line[14:47].strip(): line[48:52].strip()
        for line in trf.splitlines()
        if line.startswith("001")
    }
    assert ratings == {"A": "2000", "B": "", "C": "1922", "D": "1800"}


def test_an_event_without_rating_options_is_written_as_before(
    tmp_path: Path, ok: Callable[..., Run]
) -> None:
    (tmp_path / "p.csv").write_text("name,rating\nA,2000\nB,1900\n")
    ok("new", str(tmp_path / "e.json"), "--players", str(tmp_path / "p.csv"), "--seed", "1")
    text = (tmp_path / "e.json").read_text()
    for key in ("ratings", "fide_rating", "national_rating", '"k"', "listed"):
        assert key not in text


def test_rating_options_refuse_a_team_event(tmp_path: Path, cli: Callable[..., Run]) -> None:
    (tmp_path / "t.csv").write_text("team,name,rating\nX,A,2000\nX,B,1900\nY,C,1800\nY,D,1700\n")
    err = error(cli, "new", str(tmp_path / "e.json"), "--teams", str(tmp_path / "t.csv"),
                "--rating-method", "nro")  # fmt: skip
    assert "the rating options take a players CSV (--players), not --teams" in err


# -- the worked example of the issue, through the command ---------------------------------


@pytest.fixture
def four(tmp_path: Path, ok: Callable[..., Run]) -> str:
    """A round robin of four: the 1922 player (K 40) meets 1798, 1801, 1897."""
    (tmp_path / "p.csv").write_text(
        "name,rating,k\nAnna,1922,40\nBoris,1798,40\nCyril,1801,40\nDora,1897,40\n"
    )
    event = str(tmp_path / "rr.json")
    ok("new", event, "--players", str(tmp_path / "p.csv"), "--by", "given", "--seed", "1",
       "--start", "2026-03-01")  # fmt: skip
    state = replay(load(event))
    for rnd in state.rounds:
        for board in rnd.boards:
            pair = {board.white, board.black}
            if 1 in pair:
                other = (pair - {1}).pop()
                anna_wins = other != 3  # win, loss, win against 1798, 1801, 1897
                white_wins = (board.white == 1) == anna_wins
                result = "1-0" if white_wins else "0-1"
            else:
                result = "1/2"
            ok("result", event, str(rnd.number), str(board.number), result)
    return event


def test_the_worked_example_of_the_issue(four: str, ok: Callable[..., Run]) -> None:
    document = json.loads(ok("ratings", four, "--json").out)
    assert (document["schema"], document["version"], document["system"]) == (
        "caddy.ratings",
        1,
        "fide",
    )
    anna = document["players"][0]
    by_opponent = {g["opponent_rating"]: g for g in anna["games"]}
    assert {r: (g["score"], g["expected"]) for r, g in by_opponent.items()} == {
        1798: (1.0, 0.67), 1801: (0.0, 0.66), 1897: (1.0, 0.53),
    }  # fmt: skip
    assert by_opponent[1798]["change"] == pytest.approx(13.2, abs=1e-9)
    assert by_opponent[1801]["change"] == pytest.approx(-26.4, abs=1e-9)
    assert by_opponent[1897]["change"] == pytest.approx(18.8, abs=1e-9)
    assert anna["change"] == pytest.approx(5.6, abs=1e-9)
    for player in document["players"]:  # every total is the sum of its games
        assert player["change"] == pytest.approx(
            sum(g["change"] for g in player["games"]), abs=1e-9
        )
    table = ok("ratings", four).out
    (anna_row,) = [line for line in table.splitlines() if "Anna" in line]
    assert anna_row.endswith(" +5.6")
    card = ok("ratings", four, "--player", "Anna").out
    assert "Rating 1922, K 40" in card and "+13.2" in card and "-26.4" in card


def test_the_library_call_and_the_command_agree(four: str) -> None:
    report = caddy.ratings.change(load(four))
    assert report.system == "fide"
    assert report.players[0].change == pytest.approx(5.6, abs=1e-9)


def test_bad_requests_say_what_was_wrong(four: str, cli: Callable[..., Run]) -> None:
    assert error(cli, "ratings", four, "--system", "elo") == (
        "caddy: error: unknown rating system 'elo' (known: fide)\n"
    )
    assert error(cli, "ratings", four, "--option", "k") == (
        "caddy: error: --option expects KEY=VALUE, got 'k'\n"
    )
    assert "no player" in error(cli, "ratings", four, "--player", "Zed").lower()
    assert error(cli, "ratings", str(Path(four).with_name("x.json"))).endswith(
        "x.json: no such file\n"
    )


def test_the_request_leaves_games_without_a_result_unscored(
    tmp_path: Path, ok: Callable[..., Run]
) -> None:
    (tmp_path / "p.csv").write_text("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\n")
    event = str(tmp_path / "s.json")
    ok("new", event, "--players", str(tmp_path / "p.csv"), "--format", "swiss", "--rounds", "3", "--seed", "2")  # fmt: skip
    ok("pair", event)
    ok("result", event, "1", "1", "+-")
    request = rating_request(replay(load(event)))
    board = replay(load(event)).rounds[0].boards[0]
    forfeit = {
        g.player: (g.score, g.played)
        for g in request.games
        if g.player in (board.white, board.black)
    }
    # a forfeit is not rated (B.02): White scores it, Black does not
    assert forfeit == {board.white: (1.0, False), board.black: (0.0, False)}
    pending = [(g.score, g.played) for g in request.games if g.player not in forfeit]
    assert len(pending) == 2 and all(s == (None, False) for s in pending)


def test_a_rated_event_publishes_each_players_card(
    four: str, tmp_path: Path, ok: Callable[..., Run]
) -> None:
    data = json.loads(Path(four).read_text())
    data["tournament"]["ratings"] = {"method": "fide"}
    for player in data["tournament"]["players"]:
        player["fide_rating"] = player["rating"]
    Path(four).write_text(json.dumps(data))
    ok("publish", four, "-o", str(tmp_path / "site"))
    page = (tmp_path / "site" / "player-1.html").read_text()
    assert "Rating change" in page and "+13.2" in page and "-26.4" in page


@pytest.mark.parametrize("form", ["text", "markdown", "csv", "html"])
def test_the_card_through_every_renderer(four: str, ok: Callable[..., Run], form: str) -> None:
    out = ok("ratings", four, "--player", "1", "--output", form).out
    assert "Dora (4)" in out and "+18.8" in out and "-26.4" in out and "+5.6" in out


# -- which list a player comes from (tests/data/ratinglists: real lines, SOURCES.md) ---------

LISTS = Path(__file__).parent / "data" / "ratinglists"


def _store(tmp_path: Path, combined_date: str | None) -> str:
    from caddy.ratings.store import RatingStore

    db = str(tmp_path / "players.db")
    with RatingStore.open(db, create=True) as store:
        date = None if combined_date is None else datetime.date.fromisoformat(combined_date)
        store.import_list(LISTS / "players_list_foa.txt", date=date)
        store.import_list(LISTS / "blitz_aug26frl.txt")  # dated by its name: 2026-08-01
    return db


def test_a_player_comes_from_the_newest_list_carrying_the_events_rating(tmp_path: Path) -> None:
    """Leko (703303): 2676 standard, 2738 blitz in the combined list; the August
    2026 blitz list has his blitz rating only."""
    from caddy.ratings.store import RatingStore

    with RatingStore.open(_store(tmp_path, "2026-07-01")) as store:
        standard = store.player(703303, kind="standard")
        blitz = store.player(703303, kind="blitz")
        newest = store.player(703303)
    assert standard is not None and standard.list_name == "players_list_foa.txt"
    assert standard.standard is not None and standard.standard.rating == 2676
    assert blitz is not None and blitz.list_name == "blitz_aug26frl.txt"
    assert newest == blitz  # any rating: the August list is the newest


def test_an_undated_list_counts_as_of_the_day_it_was_imported(tmp_path: Path) -> None:
    from caddy.ratings.store import RatingStore

    with RatingStore.open(_store(tmp_path, None)) as store:
        found = store.player(703303, kind="blitz")
    # FIDE's combined download names no month: imported today, it is newer than August 2026
    assert found is not None and found.list_name == "players_list_foa.txt"
    assert datetime.date.today() > datetime.date(2026, 8, 1)


def test_a_standard_event_never_takes_a_blitz_only_list(
    tmp_path: Path, ok: Callable[..., Run]
) -> None:
    db = _store(tmp_path, "2026-07-01")
    (tmp_path / "ids.txt").write_text("703303\n1503014\n")
    event = str(tmp_path / "e.json")
    ok("new", event, "--players", str(tmp_path / "ids.txt"), "--rating-list", db, "--seed", "1")
    ratings = {p.name: (p.rating, p.fide_rating) for p in load(event).tournament.players}
    assert ratings == {"Leko, Peter": (2676, 2676), "Carlsen, Magnus": (2823, 2823)}


def test_a_late_entry_from_the_list_into_an_event_without_a_rating_method(
    tmp_path: Path, ok: Callable[..., Run], cli: Callable[..., Run]
) -> None:
    db = _store(tmp_path, "2026-07-01")
    (tmp_path / "p.csv").write_text("name,rating\nA,2000\nB,1900\n")
    event = str(tmp_path / "e.json")
    ok("new", event, "--players", str(tmp_path / "p.csv"), "--format", "swiss", "--rounds", "1", "--seed", "1")  # fmt: skip
    out = ok("add", event, "--fide-id", "703303", "--rating-list", db).out
    assert out.startswith("added: Leko, Peter (1), rating 2676")  # numbered by rating, first
    err = cli("add", event, "--fide-id", "12345678901", "--rating-list", db).err
    assert err == "caddy: error: '12345678901' is not a FIDE ID (at most 10 digits)\n"


def test_a_k_below_1_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.csv"
    path.write_text("name,rating,k\nA,2000,0\nB,1900,20\n")
    with pytest.raises(CaddyError) as caught:
        read_players_csv(path)
    assert list(caught.value.problems) == [
        f"{path}:2: k 0: a development coefficient is at least 1"
    ]


def test_the_library_call_takes_a_path(four: str) -> None:
    assert caddy.ratings.change(four).players[0].change == pytest.approx(5.6, abs=1e-9)


def test_a_trf_file_is_pointed_to_caddy_import(
    four: str, ok: Callable[..., Run], cli: Callable[..., Run], tmp_path: Path
) -> None:
    trf = str(tmp_path / "rr.trf")
    assert cli("export", four, "--to", "trf", "-o", trf).code == 0
    assert error(cli, "ratings", trf) == (
        f"caddy: error: {trf} is a TRF file, not an event file; make one with "
        f"`caddy import {trf} -o event.json`\n"
    )


def test_a_knockouts_games_are_rated_one_by_one(tmp_path: Path, ok: Callable[..., Run]) -> None:
    """Each game of a knockout match is rated (B.02 5.1: games played over the board)."""
    (tmp_path / "p.csv").write_text("name,rating,k\nA,2200,20\nB,2100,20\nC,2000,20\nD,1900,20\n")
    event = str(tmp_path / "ko.json")
    ok("new", event, "--players", str(tmp_path / "p.csv"), "--format", "knockout", "--seed", "1")
    ok("pair", event)
    ok("result", event, "1", "1", "1-0")
    ok("result", event, "1", "2", "0-1")
    document = json.loads(ok("ratings", event, "--json").out)
    games = {
        p["name"]: [(g["opponent_name"], g["score"]) for g in p["games"]]
        for p in document["players"]
    }
    assert games == {"A": [("D", 1.0)], "B": [("C", 0.0)], "C": [("B", 1.0)], "D": [("A", 0.0)]}
    a = document["players"][0]
    assert a["change"] == pytest.approx(
        20 * (1 - 0.85), abs=1e-9
    )  # 300 points: PD 0.85 (table 8.1.2)


def test_an_unrated_players_row_shows_the_provisional_first_rating(
    tmp_path: Path, ok: Callable[..., Run]
) -> None:
    """B.02 8.2 (2024): an unrated player's first rating from the games against
    rated opponents, provisional (FIDE computes it over the rating period)."""
    (tmp_path / "p.csv").write_text(
        "name,rating,k\nNew,,\nA,1900,20\nB,1850,20\nC,1800,20\nD,1750,20\nE,1700,20\n"
    )
    event = str(tmp_path / "rr.json")
    ok("new", event, "--players", str(tmp_path / "p.csv"), "--by", "given", "--seed", "1",
       "--start", "2026-05-01")  # fmt: skip
    for rnd in replay(load(event)).rounds:
        for board in rnd.boards:
            ok("result", event, str(rnd.number), str(board.number), "1/2")
    document = json.loads(ok("ratings", event, "--json").out)
    new = document["players"][0]
    assert new["change"] is None and new["games"] == []
    first = new["first_rating"]
    assert (first["games"], first["score"]) == (5, 2.5)
    assert "provisional" in first["note"]
    (row,) = [
        line for line in ok("ratings", event).out.splitlines() if line.lstrip().startswith("1 ")
    ]
    assert "unrated" in row and row.split()[-1] == f"({first['rating']:.0f})"
    assert row.split()[-4:-1] == ["5", "2½", "-"]
