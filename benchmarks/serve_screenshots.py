"""Screenshots of ``caddy serve`` for docs/serve.md (issue 29), made again with
``python benchmarks/serve_screenshots.py [--out docs/images/serve]``.

Builds a 16-player Swiss in a temporary folder (round 1 played, round 2
paired, one board's result entered by the arbiter, one report waiting for the
opponent, one disputed), serves it with ``caddy serve --player-entry`` (uvicorn
in a thread, 127.0.0.1) and photographs, in Debian's chromium driven by
Selenium (the driver's path given: nothing is downloaded), each page at a
phone's viewport (390 x 844, a touch device) and a desktop's (1280 x 900):

- ``arbiter-*.png``: the arbiter's page of round 2;
- ``sheet-*.png``: the pairing sheet with a QR code per board;
- ``board-*.png``: a player's result entry, opened from a board's code;
- ``standings-*.png``: the public standings after round 1.

Each image is the viewport only, at device scale 1, so a file stays small.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shutil
import sys
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from caddy.cli.main import main as caddy_main

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SECRET = "screenshot-secret-29"
SWITCHES = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--window-size=1280,900",
)
#: Viewports: name, width, height, a touch device.
VIEWPORTS = (("phone", 390, 844, True), ("desktop", 1280, 900, False))
PLAYERS = [
    ("Magdalena Kowalska", 2231),
    ("Jean-Pierre Dubois", 2198),
    ("Søren Østergaard", 2154),
    ("Ana María López García", 2120),
    ("Thomas Becker", 2087),
    ("Olga Ivanova", 2043),
    ("Kwame Mensah", 2011),
    ("Li Wei", 1986),
    ("Eszter Nagy", 1950),
    ("Pedro Alves", 1918),
    ("Hannah Schmidt", 1875),
    ("Tomás Ó Briain", 1842),
    ("Yuki Tanaka", 1803),
    ("Fatima Haddad", 1766),
    ("Lukas Novák", 1720),
    ("Ingrid Johansson", 1684),
]


#: The pairing sheet: each board's caption and its link.
SHEET = """
return Array.from(document.querySelectorAll('figure.board'),
                  (f) => [f.querySelector('figcaption').innerText,
                          f.querySelector('a.board-link').href]);
"""


def caddy(*args: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = caddy_main(list(args))
    if code != 0:
        raise SystemExit(f"caddy {' '.join(args)}: {err.getvalue().strip()}")


def build(folder: Path) -> Path:
    """Round 1 played, round 2 paired, board 2 of round 2 entered by the arbiter."""
    csv = folder / "players.csv"
    csv.write_text("name,rating\n" + "".join(f"{n},{r}\n" for n, r in PLAYERS), encoding="utf-8")
    event = folder / "open.json"
    caddy("new", str(event), "--format", "swiss", "--rounds", "5", "--players", str(csv),
          "--seed", "29", "--name", "Spring Open 2026", "--place", "Town Hall",
          "--start", "2026-04-18")  # fmt: skip
    caddy("pair", str(event))
    caddy("result", str(event), "1", "1-0 0-1 1/2 1-0 1-0 1/2 0-1 1-0")
    caddy("pair", str(event))
    caddy("result", str(event), "2", "2", "1/2")
    return event


def browser(profile: Path) -> WebDriver:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for switch in SWITCHES:
        options.add_argument(switch)
    options.add_argument(f"--user-data-dir={profile}")
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


def viewport(driver: WebDriver, width: int, height: int, touch: bool) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch},
    )
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch})


def submit(driver: WebDriver, css: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, css).click()
    WebDriverWait(driver, 20).until(ec.staleness_of(page))


def sign_in(driver: WebDriver, base: str) -> None:
    from selenium.webdriver.common.by import By

    driver.delete_all_cookies()
    driver.get(f"{base}/arbiter/login")
    driver.find_element(By.ID, "secret").send_keys(SECRET)
    submit(driver, "button[type=submit]")


def report(driver: WebDriver, link: str, side: str, word: str) -> None:
    """A player's phone (cookies of its own) reports ``word`` as ``side``."""
    from selenium.webdriver.common.by import By

    driver.delete_all_cookies()
    driver.get(link)
    driver.find_element(By.CSS_SELECTOR, f'input[name="side"][value="{side}"]').click()
    driver.find_element(By.CSS_SELECTOR, f'input[name="result"][value="{word}"]').click()
    submit(driver, "#report")


def shoot(driver: WebDriver, url: str, out: Path, name: str) -> list[Path]:
    """``url`` at each viewport, as ``out/name-phone.png`` and ``out/name-desktop.png``."""
    written = []
    for label, width, height, touch in VIEWPORTS:
        viewport(driver, width, height, touch)
        driver.get(url)
        driver.execute_script("window.scrollTo(0, 0)")
        path = out / f"{name}-{label}.png"
        path.write_bytes(driver.get_screenshot_as_png())
        written.append(path)
    return written


def serve(event: Path) -> tuple[str, object, threading.Thread]:
    import uvicorn

    # lazy: the serve extra is imported by this script only
    from caddy.serve.app import create_app

    app = create_app(str(event), secret=SECRET, player_entry=True)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, log_level="warning", access_log=False, lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="caddy-serve", daemon=True)
    thread.start()
    for _ in range(400):
        if server.started or not thread.is_alive():
            break
        thread.join(0.05)
    if not server.started:
        raise SystemExit("uvicorn did not start")
    port = server.servers[0].sockets[0].getsockname()[1]
    return f"http://127.0.0.1:{port}", server, thread


def run(out: Path, folder: Path) -> list[Path]:
    event = build(folder)
    base, server, thread = serve(event)
    driver = browser(folder / "profile")
    try:
        sign_in(driver, base)
        driver.get(f"{base}/arbiter/sheet")
        links = {}
        for caption, link in driver.execute_script(SHEET):
            number = re.match(r"Board (\d+):", caption)
            if number:
                links[int(number.group(1))] = str(link)
        report(driver, links[3], "white", "1-0")  # waits for Black
        report(driver, links[5], "white", "1-0")  # Black says otherwise: disputed
        report(driver, links[5], "black", "0-1")
        driver.delete_all_cookies()
        written = shoot(driver, links[1], out, "board")
        sign_in(driver, base)
        written += shoot(driver, f"{base}/arbiter", out, "arbiter")
        written += shoot(driver, f"{base}/arbiter/sheet", out, "sheet")
        written += shoot(driver, f"{base}/standings-1.html", out, "standings")
    finally:
        driver.quit()
        server.should_exit = True  # type: ignore[attr-defined]
        thread.join(20)
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "images" / "serve"))
    ns = parser.parse_args()
    out = Path(ns.out)
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="caddy-serve-shots-"))
    try:
        written = run(out, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for path in written:
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
              f"  {path.stat().st_size // 1024} KB")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
