"""``caddy norms`` (issue 30): on the 10-player round robin with invented FIDE
data (tests/data/norms/SOURCES.md), read as TRF and as the event file its
import makes; every renderer; ``--player``, ``--forecast``; bad input."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import DATA, Run

TRF = DATA / "norms" / "rr10_invented.trf"


@pytest.fixture
def event(cli: Callable[..., Run], tmp_path: Path) -> Path:
    path = tmp_path / "rr10.json"
    assert cli("import", str(TRF), "-o", str(path)).code == 0
    return path


def norms_json(cli: Callable[..., Run], *args: str) -> dict[str, object]:
    run = cli("norms", *args, "--json")
    assert run.code == 0, run.err
    found: dict[str, object] = json.loads(run.out)
    return found


def summary(document: dict[str, object]) -> list[tuple[object, ...]]:
    return [
        (
            p["pairing_number"],
            n["title"],
            n["norm"],
            n["games"],
            n["average_rating"],
            n["performance"],
            n["score"],
            n["needed"],
        )
        for p in document["players"]  # type: ignore[attr-defined]
        for n in p["norms"]
    ]


def test_the_trf_file_and_its_event_give_the_same_answers(
    cli: Callable[..., Run], event: Path
) -> None:
    """The TRF export of the round robin and the event it imports to: the
    same document, byte for byte (dates from 042/052, rounds from XXR)."""
    from_trf = cli("norms", str(TRF), "--json")
    from_event = cli("norms", str(event), "--json")
    assert from_trf.code == from_event.code == 0
    assert from_trf.out == from_event.out


def test_the_norms_of_the_round_robin(cli: Callable[..., Run]) -> None:
    """Player 1 (IM, FIN): a GM norm, 7/9 against an average of 2421 (21790 / 9,
    no one under the 2200 floor), 78% → dp 220, performance 2641; player 7
    (FM, ESP): an IM norm, 5.5/9 against 2431 (21875 / 9), 61% → dp 80, 2511."""
    document = norms_json(cli, str(TRF))
    assert document["schema"] == "caddy.norms" and document["version"] == 1
    rows = summary(document)
    assert (1, "GM", True, 9, 2421, 2641, 7.0, 7.0) in rows
    assert (7, "IM", True, 9, 2431, 2511, 5.5, 5.0) in rows
    assert (7, "GM", False, 9, 2431, 2511, 5.5, 7.0) in rows
    norms = {(r[0], r[1]) for r in rows if r[2]}
    assert norms == {(1, "GM"), (1, "WGM"), (4, "WGM"), (7, "IM"), (7, "WGM"), (7, "WIM")}
    gm = next(
        n
        for p in document["players"]  # type: ignore[attr-defined]
        if p["pairing_number"] == 1
        for n in p["norms"]
        if n["title"] == "GM"
    )
    assert gm["figures"] == {
        "titled": 9,
        "holders": 3,
        "federations": 4,
        "own_federation": 1,
        "most_from_one": 3,
    }
    certificate = gm["certificate"]
    assert certificate["player"] == {
        "name": "Aalto Aino",
        "fide_id": "90000010",
        "federation": "FIN",
        "title": "IM",
        "rating": 2395,
    }
    assert (certificate["start_date"], certificate["end_date"], certificate["rounds"]) == (
        "2026-05-01",
        "2026-05-09",
        9,
    )
    assert [o["name"] for o in certificate["opponents"]][:2] == ["Jensen Jonas", "Berg Bjorn"]
    assert certificate["opponents"][1] | {} == {
        "round": 2,
        "pairing_number": 2,
        "name": "Berg Bjorn",
        "title": "GM",
        "federation": "NOR",
        "fide_id": "90000029",
        "rating": 2530,
        "rating_used": 2530,
        "result": "0",
    }
    used = [o["rating_used"] for o in certificate["opponents"]]
    assert sum(used) == 21790 and certificate["average_rating"] == 2421


@pytest.mark.parametrize("form", ["text", "markdown", "csv", "html"])
def test_every_renderer(cli: Callable[..., Run], form: str) -> None:
    run = cli("norms", str(TRF), "--output", form)
    assert run.code == 0, run.err
    assert "Aalto Aino" in run.out and "Garcia Gloria" in run.out
    assert "GM norm: Aalto Aino (IM, FIN, FIDE ID 90000010)" in run.out or form == "csv"


def test_one_player(cli: Callable[..., Run]) -> None:
    document = norms_json(cli, str(TRF), "--player", "Garcia")
    players = document["players"]
    assert [p["pairing_number"] for p in players] == [7]  # type: ignore[attr-defined]
    assert [n["title"] for n in players[0]["norms"]] == ["GM", "IM", "WGM", "WIM"]  # type: ignore[index]


def test_forecast_before_the_last_two_rounds(cli: Callable[..., Run], event: Path) -> None:
    """After round 7 of 9 (the last ten results undone): Aalto has 5 points
    from 7 and the opponents to come are known (Hansen 2440, Ivanova 2290):
    the average of 9 is 2421, a GM norm needs 7 (78%), 2 still to make."""
    assert cli("undo", str(event), "--steps", "10").code == 0
    document = norms_json(cli, str(event), "--forecast", "--player", "1")
    assert (document["rounds"], document["scheduled_rounds"]) == (7, 9)
    gm = document["players"][0]["norms"][0]  # type: ignore[index]
    assert (gm["title"], gm["norm"], gm["score"], gm["needed"], gm["still_needed"]) == (
        "GM",
        False,
        5.0,
        7.0,
        2.0,
    )
    assert gm["remaining_rounds"] == 2
    garcia = norms_json(cli, str(event), "--forecast", "--player", "7")
    gm7 = garcia["players"][0]["norms"][0]  # type: ignore[index]
    assert gm7["missing"] == [
        "2 rounds still to play",
        "2.5 points needed from 2 games: out of reach",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "exemption"], "caddy: error: --option exemption: expected NAME=VALUE"),
        (["--rules", "nope"], "caddy: error: unknown norm rules 'nope' (known: fide)"),
        (
            ["--option", "exemption=none"],
            "caddy: error: exemption=none: expected one of national-championship, "
            "national-team, zonal, swiss-foreigners",
        ),
        (["--option", "least-games=5"], "caddy: error: least-games=5: 1.4.1b allows 7 or 8"),
        (
            ["--option", "exemptoin=zonal"],
            "caddy: error: --option exemptoin: the fide norm rules take exemption, host, "
            "least-games",
        ),
        (["--rounds", "3"], "caddy: error: --rounds 3: the file has 9 rounds played already"),
    ],
)
def test_bad_input_is_one_line(cli: Callable[..., Run], args: list[str], message: str) -> None:
    run = cli("norms", str(TRF), *args)
    assert run.code == 1
    assert run.err.strip() == message


def test_publish_has_a_norm_page(cli: Callable[..., Run], event: Path, tmp_path: Path) -> None:
    """``caddy publish``: norms.html, linked from every page, the same figures as caddy norms."""
    site = tmp_path / "site"
    assert cli("publish", str(event), "-o", str(site)).code == 0
    page = (site / "norms.html").read_text(encoding="utf-8")
    assert "GM norm: Aalto Aino (IM, FIN, FIDE ID 90000010)" in page
    assert "2641" in page and "2511" in page
    assert 'href="norms.html"' in (site / "index.html").read_text(encoding="utf-8")


def test_titles_and_federations_come_from_the_players_csv(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """The players CSV's ``title``, ``federation``, ``fide_id`` and ``sex``
    columns reach the check: a GM is checked for nothing, an IM woman for GM
    and WGM, an IM man for GM, an FM woman for all four (after round 1)."""
    path = tmp_path / "ev.json"
    players = DATA / "norms" / "rr10_invented_players.csv"
    assert cli("new", str(path), "--players", str(players), "--by", "given").code == 0
    assert cli("result", str(path), "1", "1-0 1-0 1-0 1-0 1-0").code == 0
    document = norms_json(cli, str(path))
    titles = {
        p["pairing_number"]: [n["title"] for n in p["norms"]]
        for p in document["players"]  # type: ignore[attr-defined]
    }
    assert (titles[2], titles[1], titles[6], titles[7]) == (
        [],
        ["GM", "WGM"],
        ["GM"],
        ["GM", "IM", "WGM", "WIM"],
    )
    first = document["players"][0]["norms"][0]  # type: ignore[index]
    assert (
        first["games"] == 1
        and "the player's federation is not known (1.4.3)" not in first["missing"]
    )


def test_a_trf_written_before_the_last_round_gives_the_same_answers(
    cli: Callable[..., Run], event: Path, tmp_path: Path
) -> None:
    """A TRF export after round 8 of 9 lists round 9 blank up to its XXR: it
    is a round to come, not a round nobody played (no "8 games counted").
    Without --forecast the answers are the event's, byte for byte; a TRF
    holds no pairings of rounds to come, so its forecast takes their
    opponents as not known."""
    assert cli("undo", str(event), "--steps", "5").code == 0
    trf = tmp_path / "after8.trf"
    assert cli("export", str(event), "-o", str(trf)).code == 0
    from_trf = norms_json(cli, str(trf))
    assert (from_trf["rounds"], from_trf["scheduled_rounds"]) == (8, 9)
    assert from_trf == norms_json(cli, str(event))
    ahead = norms_json(cli, str(trf), "--forecast", "--player", "1")
    gm = ahead["players"][0]["norms"][0]  # type: ignore[index]
    assert gm["remaining_rounds"] == 1
    assert (
        "the opponents of the rounds to come are not known: their mix is not checked"
        in gm["missing"]
    )
