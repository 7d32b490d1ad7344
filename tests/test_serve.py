"""``caddy serve`` (issue 29) through Starlette's test client: the arbiter's
pages, results from phones, the security rules (docs/serve.md's threat
model) and the reliability rules (the file is the truth; a failed write
changes nothing; a restart loses nothing).

The real-browser run is tests/test_serve_browser.py.
"""

from __future__ import annotations

import contextlib
import errno
import html
import io
import json
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed")
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from caddy.cli.main import main
from caddy.event.session import read
from caddy.serve.app import create_app

SECRET = "a-secret-for-tests"
HOSTILE = '<script>alert("x")</script>&'
CSRF = re.compile(r'name="csrf" value="([^"]+)"')
FLASH = re.compile(r'class="flash[^"]*"[^>]*>(.*?)</p>', re.S)
LINK = re.compile(r'class="board-link" href="http://testserver(/board/[^"]+)"')


def quiet(*args: str) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(list(args))


def new_event(folder: Path, names: list[str] | None = None) -> Path:
    """An 8-player, 3-round Swiss (players' ratings 2000, 1950, ...)."""
    names = names or [f"Player {i}" for i in range(1, 9)]
    csv = folder / "players.csv"
    csv.write_text(
        "name,rating\n" + "".join(f'"{n}",{2000 - 50 * i}\n' for i, n in enumerate(names)),
        encoding="utf-8",
    )
    event = folder / "ev.json"
    assert (
        quiet("new", str(event), "--format", "swiss", "--rounds", "3", "--players", str(csv)) == 0
    )
    return event


def csrf(response: object) -> str:
    found = CSRF.search(response.text)  # type: ignore[attr-defined]
    assert found, response.text  # type: ignore[attr-defined]
    return found.group(1)


def flashes(response: object) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", f)).strip() for f in FLASH.findall(response.text)]  # type: ignore[attr-defined]


def arbiter(app: ASGIApp) -> tuple[TestClient, str]:
    client = TestClient(app)
    token = csrf(client.get("/arbiter/login"))
    page = client.post("/arbiter/login", data={"csrf": token, "secret": SECRET})
    assert page.url.path == "/arbiter"
    return client, csrf(page)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    return new_event(tmp_path)


@pytest.fixture
def app(event: Path) -> Iterator[ASGIApp]:
    yield create_app(str(event), secret=SECRET, player_entry=True)


def results_of(event: Path, number: int) -> list[str]:
    return [" ".join(b.results) for b in read(event).state.rounds[number - 1].boards]


def test_arbiter_pairs_enters_results_and_the_public_pages_follow(
    app: ASGIApp, event: Path
) -> None:
    client, token = arbiter(app)
    assert flashes(client.post("/arbiter/pair", data={"csrf": token})) == [
        "recorded: pair round 1: 4 boards"
    ]
    for board, word in enumerate(("1-0", "1/2", "0-1", "1-0"), 1):
        page = client.post(
            "/arbiter/result",
            data={"csrf": token, "round": "1", "board": str(board), "result": word},
        )
        assert flashes(page) == [f"recorded: round 1 board {board}: {word}"]
    assert results_of(event, 1) == ["1-0", "1/2", "0-1", "1-0"]
    public = TestClient(app)
    standings = public.get("/standings-1.html")
    assert standings.status_code == 200
    assert '<script src="/static/live.js" defer></script>' in standings.text
    # the same page caddy publish writes, with the live script added
    from caddy.publish.site import build_site

    built = build_site(read(event).event)["standings-1.html"].decode()
    live = re.search(r'<meta name="caddy-version"[^>]+><script[^>]+></script>', standings.text)
    assert live is not None
    assert standings.text.replace(live.group(0), "") == built
    assert flashes(client.post("/arbiter/pair", data={"csrf": token})) == [
        "recorded: pair round 2: 4 boards"
    ]
    # the round's last operation is shown, then undone
    page = client.get("/arbiter")
    assert "pair round 2: 4 boards" in page.text
    operations = re.search(r'name="operations" value="(\d+)"', page.text).group(1)  # type: ignore[union-attr]
    stale = client.post("/arbiter/undo", data={"csrf": token, "operations": operations})
    assert flashes(stale) == ["the event changed since the page was shown: look again, then undo"]
    last = "pair round 2: 4 boards"  # the operation the page showed
    page = client.post(
        "/arbiter/undo", data={"csrf": token, "operations": operations, "last": last}
    )
    assert flashes(page) == ["undone: pair round 2: 4 boards"]
    assert len(read(event).state.rounds) == 1


def test_an_unfinished_round_is_not_paired_and_says_why(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    page = client.post("/arbiter/pair", data={"csrf": token})
    assert flashes(page) == ["round 1 is not finished: board(s) 1, 2, 3, 4 have no result yet"]


def test_byes_withdrawals_and_late_entries(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    page = client.post(
        "/arbiter/add",
        data={"csrf": token, "name": "Late Comer", "rating": "1500", "missed": "zero"},
    )
    assert flashes(page) == [
        "added: Late Comer (9), rating 1500: 9 players, pairing numbers by rating"
    ]
    page = client.post(
        "/arbiter/bye", data={"csrf": token, "player": "2", "round": "1", "kind": "half"}
    )
    assert flashes(page) == [
        "recorded: round 1: half bye for Player 2 (2) (announced: not paired in round 1)"
    ]
    client.post("/arbiter/pair", data={"csrf": token})
    page = client.post(
        "/arbiter/withdraw", data={"csrf": token, "player": "Player 8", "after": "1"}
    )
    assert flashes(page) == [
        "recorded: Player 8 (8) withdraws after round 1: results stand; "
        "absent (no points) from every round after round 1"
    ]
    page = client.post(
        "/arbiter/bye", data={"csrf": token, "player": "Nobody", "round": "2", "kind": "half"}
    )
    # the words of every command that takes a player (caddy.model.names.find_player)
    assert flashes(page) == [
        "no player named 'Nobody' (give a pairing number in digits 0-9, the name or the start of it)"
    ]


def token_of(client: TestClient) -> str:
    """A browser's CSRF token (every page with a form carries it)."""
    return csrf(client.get("/arbiter/login"))


def report(app: ASGIApp, link: str, side: str, word: str) -> tuple[TestClient, list[str]]:
    phone = TestClient(app)
    token = token_of(phone)
    page = phone.post(link, data={"csrf": token, "side": side, "result": word})
    return phone, flashes(page)


def board_links(client: TestClient) -> list[str]:
    return LINK.findall(client.get("/arbiter/sheet").text)


def test_a_report_waits_for_the_opponent_then_is_written_once(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    links = board_links(client)
    assert len(links) == 4
    assert "<svg" in client.get("/arbiter/sheet").text  # a QR code per board
    phone = TestClient(app)
    token = csrf(phone.get(links[0]))
    said = flashes(phone.post(links[0], data={"csrf": token, "side": "white", "result": "1-0"}))
    assert said[0] == "reported 1-0: waiting for your opponent to confirm it"
    assert results_of(event, 1)[0] == ""
    # the same phone cannot confirm its own report
    again = phone.post(links[0], data={"csrf": token, "side": "black", "result": "1-0"})
    assert flashes(again)[0] == "white reported 1-0 already: your opponent confirms it"
    assert "white reported 1-0" in client.get("/arbiter").text
    _, said = report(app, links[0], "black", "1-0")
    assert said[0] == "confirmed: 1-0 is recorded"
    assert results_of(event, 1) == ["1-0", "", "", ""]
    # a later report on the board changes nothing
    _, said = report(app, links[0], "black", "0-1")
    assert results_of(event, 1) == ["1-0", "", "", ""]
    history = read(event).event.operations
    assert sum(1 for op in history if getattr(op, "board", None) == 1) == 1


def test_a_disagreement_is_flagged_and_the_arbiter_decides(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    link = board_links(client)[1]
    report(app, link, "white", "1-0")
    _, said = report(app, link, "black", "0-1")
    assert said[0] == "white reported 1-0, you 0-1: the arbiter decides"
    page = client.get("/arbiter")
    assert 'class="disputed"' in page.text
    client.post(
        "/arbiter/result", data={"csrf": token, "round": "1", "board": "2", "result": "1/2"}
    )
    assert results_of(event, 1)[1] == "1/2"
    assert 'class="disputed"' not in client.get("/arbiter").text
    # the arbiter's result wins: the link no longer takes a report
    assert "Result recorded: 1/2" in TestClient(app).get(link).text


# --- security (docs/serve.md, threat model) ---------------------------------


def test_wrong_secret_is_refused_and_guessing_is_rate_limited(app: ASGIApp) -> None:
    client = TestClient(app)
    token = csrf(client.get("/arbiter/login"))
    statuses = [
        client.post("/arbiter/login", data={"csrf": token, "secret": f"guess-{i}"}).status_code
        for i in range(12)
    ]
    assert statuses == [403] * 10 + [429] * 2
    assert client.get("/arbiter").url.path == "/arbiter/login"


def test_forms_without_the_csrf_token_change_nothing(app: ASGIApp, event: Path) -> None:
    client, _token = arbiter(app)
    before = event.read_bytes()
    assert client.post("/arbiter/pair", data={}).status_code == 403
    assert client.post("/arbiter/pair", data={"csrf": "0" * 64}).status_code == 403
    other = TestClient(app)
    foreign = token_of(other)  # another browser's token
    assert client.post("/arbiter/pair", data={"csrf": foreign}).status_code == 403
    assert event.read_bytes() == before


def test_no_state_change_on_get_and_no_arbiter_action_without_sign_in(
    app: ASGIApp, event: Path
) -> None:
    before = event.read_bytes()
    client, _token = arbiter(app)
    assert client.get("/arbiter/pair").status_code == 405
    stranger = TestClient(app)
    page = stranger.post("/arbiter/pair", data={"csrf": token_of(stranger)})
    assert page.status_code == 403
    assert event.read_bytes() == before


def test_oversized_bodies_are_refused(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    big = {"csrf": token, "name": "x" * 70_000, "missed": "zero"}
    assert client.post("/arbiter/add", data=big).status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        for _ in range(80):
            yield b"x" * 1024

    form = {"content-type": "application/x-www-form-urlencoded"}
    assert client.post("/arbiter/add", content=chunks(), headers=form).status_code == 413
    assert len(read(event).event.tournament.players) == 8


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2fapp.py",
        "/static/..%2fapp.py",
        "/static/%2e%2e%2fapp.py",
        "/static/../templates/base.html",
        "/round-1.html/../../ev.json",
        "/ev.json",
        "/ev.json.serve.sqlite",
        "/.caddy-publish.json",
    ],
)
def test_nothing_outside_the_routes_is_served(app: ASGIApp, path: str) -> None:
    response = TestClient(app).get(path)
    assert response.status_code == 404
    assert "ev.json" not in response.text or "no page" in response.text


def test_hostile_names_are_escaped_everywhere(tmp_path: Path) -> None:
    names = [HOSTILE, *[f"Player {i}" for i in range(2, 9)]]
    event = new_event(tmp_path, names)
    app = create_app(str(event), secret=SECRET, player_entry=True)
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    pages = [
        client.get("/arbiter"),
        client.get("/arbiter/sheet"),
        client.get("/round-1.html"),
        client.get("/"),
    ]
    pages += [TestClient(app).get(link) for link in board_links(client)]
    for page in pages:
        assert "<script>alert" not in page.text
    assert any("&lt;script&gt;alert(" in page.text for page in pages[:1])
    headers = pages[0].headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"


def test_the_session_cookie_is_httponly_and_samesite_strict(app: ASGIApp) -> None:
    cookie = TestClient(app).get("/arbiter/login").headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie


def test_wrong_tokens_are_refused_and_guessing_is_rate_limited(app: ASGIApp) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    phone = TestClient(app)
    statuses = [phone.get(f"/board/guess{i:04d}").status_code for i in range(32)]
    assert statuses == [404] * 30 + [429] * 2


def test_a_token_expires_with_its_round(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    links = board_links(client)
    for board in range(1, 5):
        client.post(
            "/arbiter/result",
            data={"csrf": token, "round": "1", "board": str(board), "result": "1-0"},
        )
    client.post("/arbiter/pair", data={"csrf": token})
    page = TestClient(app).get(links[0])
    assert page.status_code == 410
    assert flashes(page) == ["this link was for round 1, board 1: it has expired"]
    assert len(results_of(event, 2)) == 4 and results_of(event, 2) == ["", "", "", ""]


def test_a_boards_token_enters_that_board_only(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    link = board_links(client)[0]
    for side in ("white", "black"):
        phone = TestClient(app)
        phone.post(
            link,
            data={
                "csrf": token_of(phone),
                "side": side,
                "result": "0-1",
                "round": "1",
                "board": "3",
            },
        )
    assert results_of(event, 1) == ["0-1", "", "", ""]


def test_player_entry_is_off_by_default(event: Path) -> None:
    app = create_app(str(event), secret=SECRET)
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    assert "Result entry from phones is off" in client.get("/arbiter/sheet").text
    assert TestClient(app).get("/board/anything").status_code == 404


# --- reliability ----------------------------------------------------------


def test_the_file_is_the_truth_when_the_cli_changes_it(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    version = client.get("/live/version").json()["version"]
    assert quiet("result", str(event), "1", "2", "0-1") == 0  # a terminal beside the browser
    assert client.get("/live/version").json()["version"] != version
    assert re.search(
        r'id="board-2">.*?class="result" data-label="Result">0-1<',
        client.get("/arbiter").text,
        re.S,
    )
    page = client.post(
        "/arbiter/result", data={"csrf": token, "round": "1", "board": "1", "result": "1-0"}
    )
    assert flashes(page) == ["recorded: round 1 board 1: 1-0"]
    assert results_of(event, 1)[:2] == ["1-0", "0-1"]


def test_a_full_disk_gives_one_line_and_the_old_file(
    app: ASGIApp, event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    before = event.read_bytes()

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    import os

    monkeypatch.setattr(os, "write", full)  # what caddy.files.storage writes with
    page = client.post(
        "/arbiter/result", data={"csrf": token, "round": "1", "board": "1", "result": "1-0"}
    )
    monkeypatch.undo()
    said = flashes(page)
    assert len(said) == 1 and "cannot write" in said[0] and "the file is unchanged" in said[0]
    assert event.read_bytes() == before
    assert sorted(p.name for p in event.parent.iterdir()) == sorted(
        [
            "ev.json",
            "players.csv",
            "ev.json.serve.sqlite",
            "ev.json.serve.sqlite-wal",
            "ev.json.serve.sqlite-shm",
            "ev.json.lock",
        ]
    ) or not any(p.name.startswith(".ev.json") for p in event.parent.iterdir())


def test_a_file_that_stops_reading_is_said_and_writes_are_refused(
    app: ASGIApp, event: Path
) -> None:
    client, token = arbiter(app)
    good = event.read_bytes()
    event.write_text("{ half typed", encoding="utf-8")
    page = client.get("/")  # the public: no file name, no detail
    assert page.status_code == 503
    assert flashes(page) == [
        "the event cannot be read just now (the arbiter is changing it): try again shortly"
    ]
    assert client.get("/live/version").status_code == 503
    page = client.get("/arbiter")  # the arbiter: what is wrong, where
    assert page.status_code == 503 and "not valid JSON" in page.text
    page = client.post("/arbiter/pair", data={"csrf": token})
    assert len(flashes(page)) == 2 and "not valid JSON" in flashes(page)[0]
    assert event.read_text(encoding="utf-8") == "{ half typed"
    event.write_bytes(good)
    assert client.get("/").status_code == 200


def test_a_restart_keeps_the_reports_waiting(event: Path) -> None:
    first = create_app(str(event), secret=SECRET, player_entry=True)
    client, token = arbiter(first)
    client.post("/arbiter/pair", data={"csrf": token})
    link = board_links(client)[2]
    report(first, link, "white", "1/2")
    second = create_app(str(event), secret=SECRET, player_entry=True)  # the server restarted
    _, said = report(second, link, "black", "1/2")
    assert said[0] == "confirmed: 1/2 is recorded"
    assert results_of(event, 1)[2] == "1/2"


def test_serve_refuses_bad_options_in_one_line(
    tmp_path: Path, event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    short = tmp_path / "secret.txt"
    short.write_text("short\n", encoding="utf-8")
    assert main(["serve", str(event), "--secret-file", str(short)]) != 0
    assert (
        capsys.readouterr().err.strip()
        == f"caddy: error: {short}: the secret must be at least 12 characters"
    )
    assert main(["serve", str(tmp_path / "none.json")]) != 0
    assert capsys.readouterr().err.strip().startswith("caddy: error: ")


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(event: Path, secret_file: Path, port: int) -> subprocess.Popen[str]:
    """``caddy serve`` in its own process, answering (up to 20 s for the start)."""
    command = [sys.executable, "-m", "caddy", "serve", str(event), "--port", str(port)]
    command += ["--secret-file", str(secret_file), "--player-entry"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/live/version", timeout=2):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError(f"caddy serve did not answer: {server.communicate()}")


def test_caddy_serve_runs_and_logs_no_token(event: Path, tmp_path: Path) -> None:
    """The command itself: it prints where it listens, serves the pages, and
    what it prints never holds a board's token (no access log)."""
    port = free_port()
    secret_file = tmp_path / "secret.txt"
    secret_file.write_text(SECRET + "\n", encoding="utf-8")
    server = start_server(event, secret_file, port)
    try:
        url = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(f"{url}/", timeout=5) as answer:
            assert b"<h1>" in answer.read()
        app = create_app(str(event), secret=SECRET, player_entry=True)  # the same files
        client, token = arbiter(app)
        client.post("/arbiter/pair", data={"csrf": token})
        link = board_links(client)[0]
        with urllib.request.urlopen(f"{url}{link}", timeout=5) as answer:
            assert b"I played" in answer.read()
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    assert out.splitlines()[:2] == [
        f"serving {event} at http://127.0.0.1:{port}/",
        f"arbiter: http://127.0.0.1:{port}/arbiter  secret: (from {secret_file})",
    ]
    token_part = link.rsplit("/", 1)[1]
    assert token_part not in out + err
    assert SECRET not in out + err


def test_a_kill_at_any_moment_loses_no_result_it_acknowledged(tmp_path: Path) -> None:
    """``kill -9`` while a phone's confirmation is being written: the event
    file reads (the old or the new one, never half), holds every result the
    server said it recorded, and a restart on the same files goes on from
    there. (The atomic write itself: tests/test_storage_safety.py.)"""
    import http.cookiejar
    import threading
    import urllib.parse

    event = new_event(tmp_path, [f"P{i}" for i in range(1, 21)])
    assert quiet("pair", str(event)) == 0
    secret_file = tmp_path / "secret.txt"
    secret_file.write_text(SECRET + "\n", encoding="utf-8")
    links = board_links(arbiter(create_app(str(event), secret=SECRET, player_entry=True))[0])
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(event, secret_file, port)
    acknowledged: set[str] = set()

    def send(link: str, side: str) -> None:
        phone = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        try:
            with phone.open(f"{url}/arbiter/login", timeout=10) as page:
                token = CSRF.search(page.read().decode())
            assert token is not None
            form = {"csrf": token.group(1), "side": side, "result": "1/2"}
            body = urllib.parse.urlencode(form).encode()
            with phone.open(f"{url}{link}", data=body, timeout=10) as page:
                if "confirmed: 1/2 is recorded" in page.read().decode():
                    acknowledged.add(link)
        except OSError:  # the server is gone
            pass

    try:
        for link in links[:5]:
            send(link, "white")
            send(link, "black")
        send(links[5], "white")
        last = threading.Thread(target=send, args=(links[5], "black"))
        last.start()  # the confirmation is on its way, or being written...
        time.sleep(0.02)
        server.kill()  # ...when SIGKILL comes: no clean-up of any kind
        last.join()
    finally:
        server.kill()
        server.communicate(timeout=20)
    results = results_of(event, 1)  # the file reads: it is whole
    recorded = {link for link, result in zip(links, results, strict=True) if result}
    assert acknowledged <= recorded <= set(links[:6])
    assert len(acknowledged) >= 5
    assert all(result in ("1/2", "") for result in results)
    restarted = create_app(str(event), secret=SECRET, player_entry=True)
    if not results[5]:  # White's report on board 6 waits still: nothing was lost
        assert "white reported 1/2" in arbiter(restarted)[0].get("/arbiter").text
    for link, result in zip(links, results, strict=True):
        if not result:
            report(restarted, link, "white", "1/2")
            report(restarted, link, "black", "1/2")
    assert results_of(event, 1) == ["1/2"] * 10


def test_a_withdrawn_players_board_takes_no_result_and_no_link(app: ASGIApp, event: Path) -> None:
    """FIDE C.04.2 (withdrawals): the game is not played; the one who stays
    wins by forfeit, so the board needs no result and gets no QR link."""
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    white = read(event).state.rounds[0].boards[0].white
    page = client.post(
        "/arbiter/withdraw", data={"csrf": token, "player": str(white), "after": "0"}
    )
    assert flashes(page)[0].startswith(
        f"recorded: Player {white} ({white}) withdraws after round 0"
    )
    assert "withdrawal: counts as -+" in client.get("/arbiter").text
    page = client.post(
        "/arbiter/result", data={"csrf": token, "round": "1", "board": "1", "result": "1-0"}
    )
    assert flashes(page) == [
        "round 1 board 1: a player withdrew; the game needs no result (it counts as -+)"
    ]
    assert len(board_links(client)) == 3


def test_a_knockout_match_takes_its_games_one_by_one(tmp_path: Path) -> None:
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\n", encoding="utf-8")
    event = tmp_path / "k.json"
    assert quiet("new", str(event), "--format", "knockout", "--players", str(csv)) == 0
    app = create_app(str(event), secret=SECRET)
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    assert "Add a game" in client.get("/arbiter").text
    page = client.post(
        "/arbiter/result", data={"csrf": token, "round": "1", "board": "1", "result": "1-0"}
    )
    assert flashes(page) == ["recorded: round 1 board 1: 1-0"]
    page = client.post(
        "/arbiter/result",
        data={"csrf": token, "round": "1", "board": "1", "result": "0-1", "shown": "1-0"},
    )
    assert flashes(page) == [
        "round 1 board 1: the match is decided (use --force to correct its last game)"
    ]


def test_the_serve_extra_is_imported_by_caddy_serve_only() -> None:
    """``caddy --help`` and every other command's parser load no Starlette,
    Jinja2, uvicorn or segno (the extra is for one command)."""
    import subprocess
    import sys

    code = (
        "import contextlib, io, sys\n"
        "from caddy.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    with contextlib.suppress(SystemExit):\n"
        "        main(['--help'])\n"
        "    with contextlib.suppress(SystemExit):\n"
        "        main(['serve', '--help'])\n"
        "print(sorted(m for m in ('starlette', 'jinja2', 'uvicorn', 'segno') if m in sys.modules))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


LIVE = re.compile(r'<meta name="caddy-version"[^>]+><script src="/static/live.js" defer></script>')


def test_every_public_page_is_the_page_caddy_publish_writes(tmp_path: Path) -> None:
    """One view code, two outputs: each page served is byte for byte the
    page ``caddy publish`` writes, with the live script added in its head."""
    from caddy.publish.site import build_site

    trf, event = tmp_path / "s.trf", tmp_path / "s.json"
    assert quiet("simulate", "--players", "11", "--rounds", "4", "--seed", "3", "-o", str(trf)) == 0
    assert quiet("import", str(trf), "-o", str(event)) == 0
    site = build_site(read(event).event)
    client = TestClient(create_app(str(event), secret=SECRET))
    for name, page in site.items():
        served = client.get(f"/{name}")
        assert served.status_code == 200, name
        assert len(LIVE.findall(served.text)) == 1, name
        assert LIVE.sub("", served.text).encode() == page, name
    assert client.get("/").text == client.get("/index.html").text


def test_the_arbiter_links_the_standings_of_the_last_complete_round(app: ASGIApp) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    assert "/standings-" not in client.get("/arbiter").text
    for board in range(1, 5):
        data = {"csrf": token, "round": "1", "board": str(board), "result": "0-1"}
        client.post("/arbiter/result", data=data)
    assert '<a href="/standings-1.html">Standings after round 1</a>' in client.get("/arbiter").text


def test_the_secret_file_and_the_lan_qr_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from caddy.errors import CaddyError
    from caddy.serve import network

    secret = tmp_path / "secret"
    secret.write_text("  correct horse battery \nsecond line\n", encoding="utf-8")
    assert network.read_secret(str(secret)) == "correct horse battery"
    assert len(network.read_secret(None)) == 16  # 12 random bytes, URL-safe
    qr = network.terminal_qr("http://192.168.1.20:8080/")
    assert (len(qr.splitlines()) > 10 and "▀" in qr) or "█" in qr
    import socket

    monkeypatch.setattr(socket, "gethostbyname", lambda name: "127.0.1.1")

    class NoRoute:
        def __init__(self, *args: object) -> None:
            pass

        def __enter__(self) -> NoRoute:
            return self

        def __exit__(self, *args: object) -> None:
            pass

        def connect(self, address: object) -> None:
            raise OSError("Network is unreachable")

    monkeypatch.setattr(socket, "socket", NoRoute)
    with pytest.raises(CaddyError, match="no LAN address"):
        network.lan_address()


def test_a_team_events_games_are_entered_board_by_board(tmp_path: Path) -> None:
    """A team event's boards are numbered across the round's matches, as
    ``caddy pairings`` numbers them; each row names its match."""
    teams = tmp_path / "league.csv"
    teams.write_text(
        "team,board,name,rating\nRooks,1,Ada,2010\nRooks,2,Ben,1950\nKnights,1,Dee,1990\n"
        "Knights,2,Eli,1900\nBishops,1,Fay,1980\nBishops,2,Gil,1870\nPawns,1,Hoa,1940\n"
        "Pawns,2,Ivo,1860\n",
        encoding="utf-8",
    )
    event = tmp_path / "league.json"
    assert (
        quiet("new", str(event), "--format", "team-swiss", "--rounds", "3", "--teams", str(teams))
        == 0
    )
    app = create_app(str(event), secret=SECRET)
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    page = client.get("/arbiter").text
    assert re.findall(r"<small>(.*?)</small>", page) == [
        "Rooks – Bishops, board 1",
        "Rooks – Bishops, board 2",
        "Pawns – Knights, board 1",
        "Pawns – Knights, board 2",
    ]
    for board, word in enumerate(("1-0", "0-1", "1/2", "1-0"), 1):
        data = {"csrf": token, "round": "1", "board": str(board), "result": word}
        assert flashes(client.post("/arbiter/result", data=data)) == [
            f"recorded: round 1 board {board}: {word}"
        ]
    assert client.get("/team-standings-1.html").status_code == 200


# --- what the review of the first version found ------------------------------


def test_a_round_robin_is_played_from_its_first_round(tmp_path: Path) -> None:
    """A round robin pairs every round at the start (FIDE Berger tables): the
    round being played is the first one with a board waiting."""
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating\nA,2000\nB,1900\nC,1800\nD,1700\n", encoding="utf-8")
    event = tmp_path / "rr.json"
    assert quiet("new", str(event), "--players", str(csv)) == 0
    app = create_app(str(event), secret=SECRET, player_entry=True)
    client, _ = arbiter(app)
    assert '<h2 id="round">Round 1</h2>' in client.get("/arbiter").text
    links = board_links(client)
    assert len(links) == 2
    for link in links:
        report(app, link, "white", "1-0")
        report(app, link, "black", "1-0")
    assert results_of(event, 1) == ["1-0", "1-0"]
    assert '<h2 id="round">Round 2</h2>' in client.get("/arbiter").text
    assert TestClient(app).get(links[0]).status_code == 410
    assert '<h2 id="round">Round 3</h2>' in client.get("/arbiter?round=3").text


def test_a_recorded_result_takes_no_report_and_a_stale_page_overwrites_nothing(
    app: ASGIApp, event: Path
) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    link = board_links(client)[0]
    data = {"csrf": token, "round": "1", "board": "1", "result": "1-0"}
    client.post("/arbiter/result", data=data)
    _, said = report(app, link, "black", "0-1")
    assert said[0] == "the result 1-0 is recorded on this board: ask the arbiter"
    assert "Accept" not in client.get("/arbiter").text
    stale = client.post("/arbiter/result", data={**data, "result": "0-1"})  # shown: none
    assert flashes(stale) == [
        "round 1 board 1: 1-0 is recorded now, not no result as the page showed: look again"
    ]
    corrected = client.post("/arbiter/result", data={**data, "result": "0-1", "shown": "1-0"})
    assert flashes(corrected) == ["recorded: round 1 board 1: 0-1 (correction)"]
    assert results_of(event, 1)[0] == "0-1"


def test_results_are_recorded_in_the_words_caddy_result_records(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    data = {"csrf": token, "round": "1", "board": "2", "result": "½-½"}
    assert flashes(client.post("/arbiter/result", data=data)) == ["recorded: round 1 board 2: 1/2"]
    page = client.post(
        "/arbiter/add", data={"csrf": token, "name": "X", "rating": "99999", "missed": "zero"}
    )
    assert flashes(page) == ["rating 99999 is out of range (0..9999)"]
    # title, federation and FIDE ID are checked as caddy add and a players CSV check them
    entry = {"csrf": token, "name": "X", "rating": "1500", "missed": "zero"}
    page = client.post(
        "/arbiter/add", data={**entry, "title": "Master", "federation": "HUNG", "fide_id": "x1"}
    )
    assert flashes(page) == [
        "'x1' is not a FIDE ID (digits)",
        "'Master' is not a FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, or an old code: g, m, f, c, wg, wm, wf, wc)",
        "'HUNG' is not a federation (three letters, as FIDE's codes: HUN, GER)",
    ]
    page = client.post("/arbiter/add", data={**entry, "title": "wgm", "federation": "hun"})
    assert flashes(page) == [
        "added: X (9), rating 1500: late entry: round 1 missed (a zero-point bye); paired from round 2"
    ]
    added = json.loads(event.read_text(encoding="utf-8"))["tournament"]["players"][-1]
    assert (added["title"], added["federation"]) == ("WGM", "HUN")


def test_phone_entries_are_listed_for_the_arbiter(app: ASGIApp) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    link = board_links(client)[3]
    report(app, link, "white", "0-1")
    report(app, link, "black", "0-1")
    page = client.get("/arbiter").text
    assert "Results entered from phones in round 1 (1)" in page
    assert re.search(r"<li>board 4: 0-1 at \d\d:\d\d:\d\d</li>", page)


def test_an_unknown_page_name_builds_nothing(event: Path) -> None:
    from caddy.serve.live import LiveEvent

    live = LiveEvent(str(event))
    snap, page = live.page("no-such-page.html")
    assert page is None and snap.site is None and snap.pages == {}
    assert live.page("round-1.html")[1] is None  # a name a site can have, not paired yet
    assert TestClient(create_app(str(event), secret=SECRET)).get("/x.html").status_code == 404


def test_a_public_pages_tag_changes_only_with_the_page(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    for board in range(1, 5):
        data = {"csrf": token, "round": "1", "board": str(board), "result": "1-0"}
        client.post("/arbiter/result", data=data)
    client.post("/arbiter/pair", data={"csrf": token})

    def tag(name: str) -> str:
        return str(client.get(f"/live/version?page={name}").json()["version"])

    standings, round_2, event_tag = tag("standings-1.html"), tag("round-2.html"), tag("")
    data = {"csrf": token, "round": "2", "board": "1", "result": "0-1"}
    client.post("/arbiter/result", data=data)
    assert tag("standings-1.html") == standings  # not reloaded by a result of round 2
    assert tag("round-2.html") != round_2
    assert tag("") == "" and event_tag == ""  # no such page
    page = client.get("/standings-1.html").text
    assert f'content="{standings}" data-page="standings-1.html"' in page


def test_other_host_names_are_refused(event: Path) -> None:
    """A DNS-rebinding page names its own host: refused (400) before any route."""
    app = create_app(str(event), secret=SECRET, allowed_hosts=["127.0.0.1", "localhost"])
    client = TestClient(app, base_url="http://127.0.0.1")
    assert client.get("/").status_code == 200
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400


def test_an_unforeseen_failure_fails_its_change_only(event: Path) -> None:
    from caddy.model.tournament import RecordResult
    from caddy.serve.writer import INTERNAL, Writer

    assert quiet("pair", str(event)) == 0
    writer = Writer(str(event))

    def broken(session: object) -> str:
        raise IndexError("list index out of range")

    def good(session: object) -> str:
        session.apply(RecordResult(round=1, board=1, result="1-0"))  # type: ignore[attr-defined]
        return "ok"

    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        outcomes = list(pool.map(writer.apply, [good, broken, good]))
    assert [o.lines[0] for o in outcomes].count(INTERNAL) == 1
    assert sorted(o.ok for o in outcomes) == [
        False,
        False,
        True,
    ]  # the second good one: a second result
    assert results_of(event, 1)[0] == "1-0"


def test_save_without_a_chosen_result_records_nothing(app: ASGIApp, event: Path) -> None:
    client, token = arbiter(app)
    client.post("/arbiter/pair", data={"csrf": token})
    assert '<option value="" selected>choose</option>' in client.get("/arbiter").text
    data = {"csrf": token, "round": "1", "board": "1", "result": ""}
    assert flashes(client.post("/arbiter/result", data=data)) == ["choose the result first"]
    assert results_of(event, 1)[0] == ""


def test_a_port_that_cannot_be_listened_on_is_one_line(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["serve", str(event), "--port", str(port)]) != 0
    said = capsys.readouterr()
    assert said.out == ""  # nothing printed as if it served
    assert said.err.startswith(f"caddy: error: cannot listen on 127.0.0.1 port {port}: ")
    assert main(["serve", str(event), "--port", "0"]) != 0
    assert capsys.readouterr().err == "caddy: error: --port 0: a port is 1..65535\n"
    assert main(["serve", str(event), "--lan", "--host", "0.0.0.0"]) != 0
    assert "give --lan or --host, not both" in capsys.readouterr().err
