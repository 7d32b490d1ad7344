"""``caddy serve`` (issue 29) in a real browser: Debian's chromium driven by
Selenium through its chromedriver (nothing is downloaded: the driver's path is
always given, so Selenium Manager never runs).

The run is issue 29's acceptance list, in order: the arbiter signs in, pairs
round 1 and enters every result from the arbiter's page, pairs round 2 and
opens the pairing sheet; a "player" opens a board's link (a session of its
own: the browser's cookies are deleted first), says which side they played
and the result; the opponent (another session) confirms it; the round's other
results come from ``caddy result`` beside the server; the public pages
follow: the round's page shows the result (reloaded by the page's own script,
not by the test), and the standings after each complete round are the ones
``caddy standings`` prints for the same file. The points are FIDE's (Laws of Chess, FIDE Handbook E.01,
Article 10.1, in force from 1 January 2023: 1 for a win, ½ for a draw, 0 for
a loss); round 1 pairs the top half of the rating order with the bottom half
(FIDE Dutch system, Handbook C.04.3, in force from 1 February 2026).

Without chromium, chromedriver or Selenium the test skips with a one-line
reason, except when ``CADDY_REQUIRE_BROWSER=1`` (``.ci/run`` sets it): then it
fails. The server is uvicorn in a thread of this process on 127.0.0.1 and a
port the system picks. Every wait is an explicit ``WebDriverWait`` on what the
page shows; nothing sleeps and nothing is timed.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import re
import shutil
import threading
import urllib.request
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from caddy.cli.main import main

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SECRET = "browser-test-secret"
#: Chromium's switches for a run with no window, no network of its own and no profile.
SWITCHES = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
)
#: Ten players, pairing numbers by rating (1 = the highest).
PLAYERS = [
    ("Anna Alpha", 2210),
    ("Ben Beta", 2150),
    ("Cara Gamma", 2100),
    ("Dan Delta", 2050),
    ("Eve Epsilon", 2000),
    ("Fay Zeta", 1950),
    ("Gus Eta", 1900),
    ("Hal Theta", 1850),
    ("Ida Iota", 1800),
    ("Jon Kappa", 1750),
]
WAIT = 20.0  # seconds a wait may take on a loaded machine before it fails
#: How often a wait reads the page again (selenium's default, half a second, left the
#: test idle about 4 s in all while the page had long changed).
POLL = 0.05
NUMBER = re.compile(r"\((\d+)\)\s*$")
HALF = Fraction(1, 2)
POINTS = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1)), "1/2": (HALF, HALF)}


def _missing() -> list[str]:
    """What the browser test needs and this machine lacks."""
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not os.access(path, os.X_OK)]
    for module in ("selenium", "uvicorn", "starlette"):
        if importlib.util.find_spec(module) is None:
            missing.append(f"the Python package {module}")
    return missing


def _need_browser() -> None:
    missing = _missing()
    if not missing:
        return
    reason = f"browser test: {', '.join(missing)} missing"
    if os.environ.get("CADDY_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (CADDY_REQUIRE_BROWSER=1 requires it)")
    pytest.skip(reason)


def caddy(*args: str) -> str:
    """``caddy ARGS`` in this process; its standard output (exit 0 required)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    assert code == 0, err.getvalue()
    return out.getvalue()


def cli_points(event: Path, after: int) -> dict[int, Fraction]:
    """Each player's points after round ``after``, as ``caddy standings --json`` prints them."""
    report = json.loads(caddy("standings", str(event), "--round", str(after), "--json"))
    return {row["pairing_number"]: Fraction(str(row["score"])) for row in report["rows"]}


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """A 10-player, 3-round Swiss with a fixed seed (its colour toss)."""
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating\n" + "".join(f"{n},{r}\n" for n, r in PLAYERS), encoding="utf-8")
    path = tmp_path / "EV.json"
    caddy("new", str(path), "--format", "swiss", "--rounds", "3", "--players", str(csv),
          "--seed", "29")  # fmt: skip
    return path


@pytest.fixture
def server(event: Path) -> Iterator[str]:
    """``caddy serve EVENT --player-entry`` on 127.0.0.1: its base URL."""
    _need_browser()
    import uvicorn

    # lazy: the serve extra is imported only once the test knows it is installed
    from caddy.serve.app import create_app

    app = create_app(str(event), secret=SECRET, player_entry=True, poll_seconds=0.2)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, log_level="warning", access_log=False, lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="caddy-serve-test", daemon=True)
    thread.start()
    for _ in range(400):  # uvicorn starts within a few seconds, or the test fails
        if server.started or not thread.is_alive():
            break
        thread.join(0.05)
    assert server.started, "uvicorn did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    with urllib.request.urlopen(f"{base}/live/version", timeout=WAIT) as answer:
        assert answer.status == 200
    yield base
    server.should_exit = True
    thread.join(WAIT)
    app.app.state.parts.store.close()  # type: ignore[attr-defined]


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[WebDriver]:
    """One headless chromium with a profile of its own."""
    _need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for switch in SWITCHES:
        options.add_argument(switch)
    options.add_argument(f"--user-data-dir={tmp_path / 'chromium-profile'}")
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(tmp_path / "chromium-profile", ignore_errors=True)


def wait(driver: WebDriver, what: str, until: Callable[[WebDriver], Any]) -> Any:
    """Wait for ``until`` to be true; a page that reloads meanwhile is read again."""
    from selenium.common.exceptions import JavascriptException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    ignored = (StaleElementReferenceException, JavascriptException)
    waiting = WebDriverWait(driver, WAIT, poll_frequency=POLL, ignored_exceptions=ignored)
    return waiting.until(until, message=f"waiting for {what}")


def text_of(driver: WebDriver, css: str) -> str:
    """The text of the first element at ``css`` (empty: none), read in one step."""
    script = "const e = document.querySelector(arguments[0]); return e ? e.innerText : '';"
    return str(driver.execute_script(script, css)).strip()


#: The first table of the page: its column heads and its body's rows of cell texts.
TABLE = """
const t = document.querySelector('table');
if (!t) { return null; }
const text = (c) => c.innerText.trim();
return {
  head: Array.from(t.querySelectorAll('thead th'), text),
  rows: Array.from(t.querySelectorAll('tbody tr'), (r) => Array.from(r.cells, text)),
};
"""


def table(driver: WebDriver, *columns: str) -> list[list[str]]:
    """The first table's ``columns`` (by their heads), row by row, read in one step."""
    found = driver.execute_script(TABLE)
    assert found is not None, f"no table on {driver.current_url}"
    where = [found["head"].index(name) for name in columns]
    return [[row[i] for i in where] for row in found["rows"]]


def left(page: WebElement) -> Callable[[WebDriver], bool]:
    """True once ``page`` (the old page's ``html``) is gone: selenium's
    ``staleness_of``, and chromedriver's other answer for an element of a
    replaced document, an "unknown error" saying the node "does not belong to
    the document" (a few runs in a hundred: SeleniumHQ/selenium issue 15401)."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    def gone(_: WebDriver) -> bool:
        try:
            page.is_enabled()
        except StaleElementReferenceException:
            return True
        except WebDriverException as exc:
            if "does not belong to the document" in str(exc.msg):
                return True
            raise
        return False

    return gone


def submit(driver: WebDriver, css: str) -> None:
    """Press the button at ``css`` and wait for the page its form leads to."""
    from selenium.webdriver.common.by import By

    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, css).click()
    wait(driver, f"the page after {css}", left(page))
    wait(
        driver,
        "the page to load",
        lambda d: d.execute_script("return document.readyState") == "complete",
    )


def sign_in(driver: WebDriver, base: str) -> None:
    from selenium.webdriver.common.by import By

    driver.delete_all_cookies()
    driver.get(f"{base}/arbiter/login")
    driver.find_element(By.ID, "secret").send_keys(SECRET)
    submit(driver, "button[type=submit]")
    assert driver.current_url == f"{base}/arbiter"


def number_in(text: str) -> int:
    """The pairing number in ``Name (7)``."""
    found = NUMBER.search(text)
    assert found is not None, text
    return int(found.group(1))


def boards(driver: WebDriver) -> dict[int, tuple[int, int]]:
    """The arbiter's page: each board's white and black pairing numbers."""
    rows = table(driver, "Board", "White", "Black")
    return {int(board): (number_in(white), number_in(black)) for board, white, black in rows}


def enter_result(driver: WebDriver, board: int, word: str) -> None:
    """The arbiter's result control of ``board``: choose ``word``, press Save."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, f"result-{board}")).select_by_visible_text(word)
    submit(driver, f"#save-{board}")
    assert text_of(driver, f"#board-{board} td.result") == word


def stronger_wins(white: int, black: int) -> str:
    """The result this test enters: the higher-rated player (lower number) wins."""
    return "1-0" if white < black else "0-1"


def public_points(driver: WebDriver, base: str, after: int) -> dict[int, Fraction]:
    """The public standings page after round ``after``: points by pairing number."""
    driver.get(f"{base}/standings-{after}.html")
    assert text_of(driver, "caption") == f"Standings after round {after}"
    return {int(number): points_of(points) for number, points in table(driver, "no", "points")}


def public_results(driver: WebDriver) -> dict[int, str]:
    """A public round page: each board's result cell (empty: no result yet)."""
    return {int(board): result for board, result in table(driver, "board", "result")}


def points_of(text: str) -> Fraction:
    """``1``, ``1.5``, ``1½`` or ``½`` as a number."""
    whole, half, _ = text.partition("½")
    return Fraction(whole or "0") + (HALF if half else 0)


def add(points: dict[int, Fraction], white: int, black: int, word: str) -> None:
    w, b = POINTS[word]
    points[white] = points.get(white, Fraction(0)) + w
    points[black] = points.get(black, Fraction(0)) + b


#: The pairing sheet: each board's caption and its link.
SHEET = """
return Array.from(document.querySelectorAll('figure.board'),
                  (f) => [f.querySelector('figcaption').innerText,
                          f.querySelector('a.board-link').href]);
"""


def sheet_links(driver: WebDriver) -> dict[int, str]:
    """The pairing sheet's result-entry link of each board."""
    found = {}
    for caption, link in driver.execute_script(SHEET):
        board = re.match(r"Board (\d+):", caption)
        assert board is not None, caption
        found[int(board.group(1))] = str(link)
    return found


def report_from_phone(driver: WebDriver, link: str, side: str, word: str) -> str:
    """A player's session (cookies of its own) reports ``word`` as ``side``; the status line."""
    from selenium.webdriver.common.by import By

    driver.delete_all_cookies()
    driver.get(link)
    driver.find_element(By.CSS_SELECTOR, f'input[name="side"][value="{side}"]').click()
    driver.find_element(By.CSS_SELECTOR, f'input[name="result"][value="{word}"]').click()
    submit(driver, "#report")
    return text_of(driver, "#status")


def test_a_round_from_the_arbiters_page_and_a_result_from_the_players_phones(
    server: str, browser: WebDriver, event: Path
) -> None:
    from selenium.webdriver.common.by import By

    base, driver = server, browser
    # The arbiter: sign in, pair round 1, enter every result.
    sign_in(driver, base)
    assert text_of(driver, "#round") == "No round paired yet"
    submit(driver, "#pair")
    assert text_of(driver, "#round") == "Round 1"
    round_1 = boards(driver)
    # The Dutch system's round 1 (C.04.3): the top half against the bottom half.
    assert sorted(tuple(sorted(b)) for b in round_1.values()) == [
        (1, 6), (2, 7), (3, 8), (4, 9), (5, 10)
    ]  # fmt: skip
    words_1 = {}
    for board, (white, black) in round_1.items():
        words_1[board] = "1/2" if {white, black} == {5, 10} else stronger_wins(white, black)
        enter_result(driver, board, words_1[board])
    assert text_of(driver, "caption") == "Round 1: results (5 of 5 entered)"

    # The standings after round 1, on the public page and from caddy standings.
    after_1 = {n: Fraction(1) for n in (1, 2, 3, 4)} | {5: HALF, 10: HALF}
    after_1 |= {n: Fraction(0) for n in (6, 7, 8, 9)}
    assert public_points(driver, base, 1) == after_1 == cli_points(event, 1)

    # Round 2, and the pairing sheet's link for board 1.
    driver.get(f"{base}/arbiter")
    submit(driver, "#pair")
    assert text_of(driver, "#round") == "Round 2"
    round_2 = boards(driver)
    driver.get(f"{base}/arbiter/sheet")
    links = sheet_links(driver)
    assert sorted(links) == sorted(round_2) == [1, 2, 3, 4, 5]
    assert all(re.fullmatch(f"{base}/board/[A-Za-z0-9_-]{{22}}", link) for link in links.values())
    assert len(set(links.values())) == 5
    assert len(driver.find_elements(By.CSS_SELECTOR, "figure.board svg")) == 5  # the QR codes

    # The round's public page, open in a tab of its own while the players report.
    sheet = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(f"{base}/round-2.html")
    public = driver.current_window_handle
    assert public_results(driver) == {1: "", 2: "", 3: "", 4: "", 5: ""}
    driver.switch_to.window(sheet)

    # White of board 1 reports a draw; Black confirms it from another session.
    link = links[1]
    status = report_from_phone(driver, link, "white", "1/2")
    assert status == "You reported 1/2 as white: waiting for your opponent to confirm it."
    assert [op["op"] for op in json.loads(caddy("history", str(event), "--json"))][-1] == "pair"
    status = report_from_phone(driver, link, "black", "1/2")
    assert status == "Result recorded: 1/2"
    history = json.loads(caddy("history", str(event), "--json"))
    assert history[-1] == {"op": "result", "round": 2, "board": 1, "result": "1/2"}

    # The public page reloads itself (its script polls /live/version) and shows the draw.
    driver.switch_to.window(public)
    wait(driver, "round 2's page to show board 1's result", lambda d: public_results(d)[1])
    assert public_results(driver) == {1: "1/2", 2: "", 3: "", 4: "", 5: ""}
    driver.close()
    driver.switch_to.window(sheet)

    # The arbiter sees it; the other boards come from caddy result in a terminal
    # (the file changes under the server, which reads it again); the standings follow.
    sign_in(driver, base)
    assert text_of(driver, "#board-1 td.result") == "1/2"
    words_2 = {1: "1/2"} | {b: stronger_wins(w, k) for b, (w, k) in round_2.items() if b != 1}
    caddy("result", str(event), "2", " ".join(["."] + [words_2[b] for b in (2, 3, 4, 5)]))
    driver.get(f"{base}/arbiter")
    assert text_of(driver, "caption") == "Round 2: results (5 of 5 entered)"
    assert [text_of(driver, f"#board-{b} td.result") for b in (1, 2, 3, 4, 5)] == [
        words_2[b] for b in (1, 2, 3, 4, 5)
    ]
    expected = dict(after_1)
    for board, (white, black) in round_2.items():
        add(expected, white, black, words_2[board])
    assert public_points(driver, base, 2) == expected == cli_points(event, 2)
    driver.get(f"{base}/round-2.html")
    assert public_results(driver) == words_2


class _Page:
    """An old page's ``html`` element answering ``is_enabled`` as told."""

    def __init__(self, error: Exception | None) -> None:
        self.error = error

    def is_enabled(self) -> bool:
        if self.error is not None:
            raise self.error
        return True


def test_a_page_is_left_when_chromedriver_says_its_node_left_the_document() -> None:
    """:func:`left` reads chromedriver's "does not belong to the document" as
    staleness, like a stale element; any other error is raised."""
    pytest.importorskip("selenium")
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    inspector = (
        "unknown error: unhandled inspector error: "
        '{"code":-32000,"message":"Node with given id does not belong to the document"}'
    )
    assert left(_Page(StaleElementReferenceException("stale")))(None)  # type: ignore[arg-type]
    assert left(_Page(WebDriverException(inspector)))(None)  # type: ignore[arg-type]
    assert not left(_Page(None))(None)  # type: ignore[arg-type]
    with pytest.raises(WebDriverException, match="session deleted"):
        left(_Page(WebDriverException("session deleted")))(None)  # type: ignore[arg-type]
