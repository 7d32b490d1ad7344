"""Load on ``caddy serve`` (issue 29): a round's results from phones while the
public pages are polled.

``python benchmarks/serve_load.py`` builds a 600-player Swiss in a temporary
folder (``caddy new``; round 1 paired and all its results entered with
``caddy pair`` and ``caddy result``, round 2 paired), starts ``caddy serve
EVENT --player-entry --secret-file F`` in a process of its own on 127.0.0.1,
signs in as the arbiter and reads the 300 board links of round 2 from the
pairing sheet (``/arbiter/sheet``). Then, all at once (or, with ``--spread S``,
each board's games ending at a random moment within S seconds):

- 300 phones, one per board: White's phone (an ``httpx.AsyncClient`` with its
  own cookie jar) opens the board's page, posts its report and follows the
  redirect; Black's phone (another client) opens the page, posts the same
  result (the confirmation that writes it) and follows the redirect;
- 100 pollers, public pages open in browsers (half ``/standings-1.html``,
  half ``/round-2.html``) as their script (static/live.js) runs them: every
  ``--poll-interval`` seconds (live.js: 3) ``GET /live/version?page=NAME``,
  and the page loaded again when its tag changed.

Afterwards the event file is checked: every board of round 2 has exactly one
result, the one its phones reported; ``caddy history`` lists exactly 300
result operations for round 2, no board twice. The script prints the
requests of each kind (count, statuses, median and 99th-percentile latency),
the CPU time of the server and of the clients in the load phase (when their
sum nears the wall time, the machine's cores are what the phones wait for),
the total time, and exits non-zero on any 5xx, transport error or failed check.

Bounded: ``--timeout`` for the whole load phase (the phones are cancelled
then), ``--request-timeout`` per request. Run it under ``nice`` on a shared
machine; the server is a separate process, so the clients' own CPU shows in
the latencies only as far as the machine's cores are shared.

Usage: python benchmarks/serve_load.py [--players 600] [--pollers 100]
[--spread 0] [--poll-interval 3] [--timeout 300] [--request-timeout 60]
[--keep DIR] [--py-spy FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import random
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import attrs
import httpx2 as httpx  # httpx2: what Starlette's test client wants too (the test extra)

SECRET = "load-test-secret-0123456789"
CSRF = re.compile(r'name="csrf" value="([^"]+)"')
LINK = re.compile(r'Board (\d+):.*?<a class="board-link" href="([^"]+)"', re.S)
TAG = re.compile(r'<meta name="caddy-version" content="([^"]*)" data-page="([^"]*)">')
#: The public pages the pollers keep open (half each): the standings of the
#: round played, the round being played.
VIEWED = ("standings-1.html", "round-2.html")
STATUS = re.compile(r'id="status">(.*?)</p>', re.S)
WORDS = ("1-0", "0-1", "1/2")


@attrs.define
class Stats:
    """Every request's kind, status and latency (seconds); transport errors by kind."""

    latencies: dict[str, list[float]] = attrs.Factory(lambda: collections.defaultdict(list))
    statuses: dict[str, collections.Counter[int]] = attrs.Factory(
        lambda: collections.defaultdict(collections.Counter)
    )
    errors: dict[str, list[str]] = attrs.Factory(lambda: collections.defaultdict(list))

    async def request(
        self, client: httpx.AsyncClient, kind: str, method: str, url: str, **kw: object
    ) -> httpx.Response | None:
        start = time.perf_counter()
        try:
            response = await client.request(method, url, **kw)  # type: ignore[arg-type]
        except httpx.HTTPError as exc:
            self.errors[kind].append(f"{type(exc).__name__}: {exc}")
            return None
        self.latencies[kind].append(time.perf_counter() - start)
        self.statuses[kind][response.status_code] += 1
        return response


#: One TLS context for every client (the server is plain HTTP on 127.0.0.1): httpx
#: builds a new one per client otherwise, 0.1 s of the clients' CPU each.
TLS = ssl.create_default_context()


def client(base: str = "", timeout: float = 60.0) -> httpx.AsyncClient:
    """A browser of its own: its own cookie jar and connection."""
    return httpx.AsyncClient(base_url=base, timeout=timeout, verify=TLS)


def caddy(*args: str) -> str:
    """``caddy ARGS`` (this interpreter's caddy); its output, exit 0 required."""
    done = subprocess.run(
        [sys.executable, "-m", "caddy", *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"caddy {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def build(folder: Path, players: int, seed: int) -> Path:
    """The event: ``players`` players, round 1 played, round 2 paired."""
    rng = random.Random(seed)
    csv = folder / "players.csv"
    ratings = sorted((rng.randint(1200, 2600) for _ in range(players)), reverse=True)
    csv.write_text(
        "name,rating\n" + "".join(f"Player {i:04d},{r}\n" for i, r in enumerate(ratings, 1)),
        encoding="utf-8",
    )
    event = folder / "load.json"
    caddy("new", str(event), "--format", "swiss", "--rounds", "5", "--players", str(csv),
          "--seed", str(seed))  # fmt: skip
    caddy("pair", str(event))
    boards = players // 2
    caddy("result", str(event), "1", " ".join(rng.choice(WORDS) for _ in range(boards)))
    caddy("pair", str(event))
    return event


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(event: Path, port: int, secret_file: Path, log: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "caddy", "serve", str(event), "--port", str(port),
               "--secret-file", str(secret_file), "--player-entry"]  # fmt: skip
    with log.open("wb") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) of process ``pid`` so far; -1 where /proc is missing."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return -1.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def profiler(pid: int, out: str) -> subprocess.Popen[bytes]:
    """py-spy sampling the server: the thread holding the GIL, as collapsed stacks in
    ``out`` (``pip install py-spy``)."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    command = [spy, "record", "--pid", str(pid), "--output", out, "--format", "raw",
               "--rate", "200", "--nonblocking", "--threads", "--gil"]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.DEVNULL)


#: A frame of py-spy's collapsed stacks: ``function (path/to/module.py:line)``.
FRAME = re.compile(r"^(.*) \((.*?)(?::\d+)?\)$")


def profile_summary(path: str, top: int = 12) -> list[str]:
    """Where the server's time went: the share of samples under each of the app's
    request handlers (the outermost ``caddy/serve`` frame but the middleware's,
    or the event loop without one), then the functions most samples ended in."""
    handlers: collections.Counter[str] = collections.Counter()
    leaves: collections.Counter[str] = collections.Counter()
    total = 0
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        n, frames = int(count), stack.split(";")[1:]
        total += n
        names = [(m.group(1), m.group(2)) for f in frames if (m := FRAME.match(f))]
        app = [
            f"{fn} ({where})"
            for fn, where in names
            if "caddy/serve/" in where and not where.endswith("security.py")  # Guard wraps all
        ]
        handlers[app[0] if app else "event loop and server (uvicorn, h11, starlette)"] += n
        if names:
            fn, where = names[-1]
            leaves[f"{fn} ({where})"] += n
    if not total:
        return ["py-spy: no samples"]
    lines = [f"py-spy: {total} samples of the thread holding the GIL, by handler:"]
    lines += [f"  {100 * n / total:5.1f} %  {name}" for name, n in handlers.most_common(top)]
    lines.append("and by the function a sample ended in:")
    lines += [f"  {100 * n / total:5.1f} %  {name}" for name, n in leaves.most_common(top)]
    return lines


async def wait_for_server(base: str, server: subprocess.Popen[bytes], limit: float) -> None:
    deadline = time.monotonic() + limit
    async with client(timeout=5.0) as probe:
        while time.monotonic() < deadline:
            if server.poll() is not None:
                raise SystemExit(f"caddy serve exited with {server.returncode}")
            try:
                if (await probe.get(f"{base}/live/version")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit(f"caddy serve did not answer within {limit:.0f} s")


def csrf_of(response: httpx.Response) -> str:
    found = CSRF.search(response.text)
    if found is None:
        raise SystemExit(f"no form on {response.url} ({response.status_code})")
    return found.group(1)


async def board_links(base: str, stats: Stats, timeout: float) -> dict[int, str]:
    """Sign in as the arbiter and read round 2's board links from the pairing sheet."""
    async with client(base, timeout) as arbiter:
        login = await arbiter.get("/arbiter/login")
        signed = await arbiter.post(
            "/arbiter/login", data={"csrf": csrf_of(login), "secret": SECRET}
        )
        if signed.status_code != 303 or signed.headers.get("location") != "/arbiter":
            raise SystemExit(f"sign-in refused: {signed.status_code}")
        sheet = await stats.request(arbiter, "GET /arbiter/sheet", "GET", "/arbiter/sheet")
    if sheet is None or sheet.status_code != 200:
        raise SystemExit("the pairing sheet did not load")
    return {int(board): link for board, link in LINK.findall(sheet.text)}


async def phone(
    base: str, link: str, side: str, word: str, stats: Stats, timeout: float, kind: str
) -> str:
    """One phone: open the board's page, post ``word`` as ``side``, read the page after."""
    path = link.removeprefix(base)
    async with client(base, timeout) as browser:
        page = await stats.request(browser, "board page", "GET", path)
        if page is None or page.status_code != 200:
            return f"board page: {page.status_code if page else 'no answer'}"
        data = {"csrf": csrf_of(page), "side": side, "result": word}
        posted = await stats.request(browser, kind, "POST", path, data=data)
        if posted is None or posted.status_code != 303:
            return f"{kind}: {posted.status_code if posted else 'no answer'}"
        after = await stats.request(browser, "board page after a post", "GET", path)
        if after is None or after.status_code != 200:
            return f"page after {kind}: {after.status_code if after else 'no answer'}"
        status = STATUS.search(after.text)
        return status.group(1).strip() if status else "(no status line)"


async def board(
    base: str, link: str, word: str, stats: Stats, timeout: float, delay: float = 0.0
) -> str:
    """White's phone reports, Black's confirms; what Black's page says at the end."""
    await asyncio.sleep(delay)  # the game ends
    first = await phone(base, link, "white", word, stats, timeout, "report POST")
    if not first.startswith("You reported"):
        return f"white: {first}"
    return await phone(base, link, "black", word, stats, timeout, "confirm POST")


async def open_page(browser: httpx.AsyncClient, stats: Stats, name: str) -> tuple[str, str]:
    """A public page as a browser loads it: its tag and name for the script."""
    page = await stats.request(browser, f"GET /{name}", "GET", f"/{name}")
    found = TAG.search(page.text) if page is not None and page.status_code == 200 else None
    return (found.group(1), found.group(2)) if found else ("", name)


async def poller(
    base: str,
    stats: Stats,
    interval: float,
    stop: asyncio.Event,
    timeout: float,
    seed: int,
    name: str,
) -> None:
    """A public page open in a browser, as static/live.js runs it: every
    ``interval`` seconds ``GET /live/version?page=NAME`` (that page's tag), and
    the page loaded again when its tag changed."""
    rng = random.Random(seed)
    async with client(base, timeout) as browser:
        await asyncio.sleep(rng.uniform(0, interval))
        seen, page = await open_page(browser, stats, name)
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), interval)
            if stop.is_set():
                break
            answer = await stats.request(
                browser, "GET /live/version?page=", "GET", "/live/version", params={"page": page}
            )
            version = answer.json().get("version") if answer and answer.status_code == 200 else None
            if version and version != seen:
                seen, page = await open_page(browser, stats, name)


async def load(
    base: str, links: dict[int, str], words: dict[int, str], ns: argparse.Namespace, stats: Stats
) -> tuple[dict[int, str], float]:
    stop = asyncio.Event()
    pollers = [
        asyncio.create_task(
            poller(base, stats, ns.poll_interval, stop, ns.request_timeout, i, VIEWED[i % 2])
        )
        for i in range(ns.pollers)
    ]
    start = time.perf_counter()
    rng = random.Random(ns.seed + 2)
    tasks = {
        n: asyncio.create_task(
            board(base, links[n], words[n], stats, ns.request_timeout, rng.uniform(0, ns.spread))
        )
        for n in sorted(links)
    }
    done, pending = await asyncio.wait(tasks.values(), timeout=ns.timeout)
    elapsed = time.perf_counter() - start
    for task in pending:
        task.cancel()
    stop.set()
    for outcome in await asyncio.gather(*pollers, return_exceptions=True):
        if isinstance(outcome, BaseException):
            stats.errors["poller"].append(f"{type(outcome).__name__}: {outcome}")
    await asyncio.gather(*pending, return_exceptions=True)
    said = {
        n: (t.result() if t in done and t.exception() is None else f"unfinished: {t!r}"[:80])
        for n, t in tasks.items()
    }
    return said, elapsed


def check_file(event: Path, words: dict[int, str]) -> list[str]:
    """Every board of round 2 holds exactly its one result; the history has each once."""
    # lazy: a benchmark script; caddy is imported once the server's work is done
    from caddy.event.session import read

    problems = []
    state = read(str(event)).state
    for b in state.rounds[1].boards:
        if list(b.results) != [words[b.number]]:
            problems.append(f"board {b.number}: {b.results!r}, reported {words[b.number]}")
    history = json.loads(caddy("history", str(event), "--json"))
    ops = [
        (op["board"], op["result"]) for op in history if op["op"] == "result" and op["round"] == 2
    ]
    boards = [n for n, _ in ops]
    if len(ops) != len(words) or len(set(boards)) != len(boards):
        problems.append(f"history: {len(ops)} results for round 2 ({len(set(boards))} boards)")
    if dict(ops) != words:
        problems.append("history: the results differ from the reports")
    return problems


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def report(stats: Stats) -> int:
    """Print the table; the number of 5xx answers and transport errors."""
    bad = 0
    print(f"{'request':<30} {'count':>6} {'median ms':>10} {'p99 ms':>9} {'max ms':>9}  statuses")
    for kind, times in stats.latencies.items():
        statuses = ", ".join(f"{s}: {c}" for s, c in sorted(stats.statuses[kind].items()))
        print(
            f"{kind:<30} {len(times):>6} {quantile(times, 0.5) * 1000:>10.1f}"
            f" {quantile(times, 0.99) * 1000:>9.1f} {max(times) * 1000:>9.1f}  {statuses}"
        )
        bad += sum(c for s, c in stats.statuses[kind].items() if s >= 500)
    for kind, errors in stats.errors.items():
        print(f"{kind}: {len(errors)} transport errors, first: {errors[0]}")
        bad += len(errors)
    return bad


async def run(ns: argparse.Namespace, folder: Path) -> int:
    started = time.perf_counter()
    event = build(folder, ns.players, ns.seed)
    built = time.perf_counter() - started
    secret_file = folder / "secret.txt"
    secret_file.write_text(SECRET + "\n", encoding="utf-8")
    secret_file.chmod(0o600)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = folder / "serve.log"
    server = start_server(event, port, secret_file, log)
    stats = Stats()
    spy = None
    try:
        await wait_for_server(base, server, 60.0)
        if ns.py_spy:
            spy = profiler(server.pid, ns.py_spy)
        links = await board_links(base, stats, ns.request_timeout)
        if len(links) != ns.players // 2:
            raise SystemExit(f"the sheet has {len(links)} links, expected {ns.players // 2}")
        rng = random.Random(ns.seed + 1)
        words = {n: rng.choice(WORDS) for n in links}
        print(
            f"event: {ns.players} players, round 2 paired ({len(links)} boards), built in"
            f" {built:.1f} s; {len(links)} phones (2 clients each)"
            f" {'at once' if not ns.spread else f'over {ns.spread:g} s'}, {ns.pollers} pollers"
            f" every {ns.poll_interval:g} s; caddy serve on {base}"
        )
        cpu, mine = cpu_seconds(server.pid), time.process_time()
        said, elapsed = await load(base, links, words, ns, stats)
        cpu, mine = cpu_seconds(server.pid) - cpu, time.process_time() - mine
    finally:
        if spy is not None:
            spy.send_signal(signal.SIGINT)  # py-spy writes its file and ends
            spy.wait(60)
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    bad = report(stats)
    wrong = {n: s for n, s in said.items() if s != f"Result recorded: {words[n]}"}
    print(f"phones: {len(said) - len(wrong)} of {len(said)} boards confirmed in {elapsed:.1f} s")
    if cpu >= 0:
        print(
            f"CPU in the load phase: server {cpu:.1f} s, clients {mine:.1f} s, of {elapsed:.1f} s"
        )
    for n, s in list(wrong.items())[:5]:
        print(f"  board {n}: {s}")
    problems = check_file(event, words)
    print(
        "event file: every board of round 2 holds its one result; history: "
        f"{len(words)} results for round 2, none twice"
        if not problems
        else "event file: " + "; ".join(problems[:5])
    )
    text = log.read_text(encoding="utf-8", errors="replace").strip()
    if re.search(r"Traceback|ERROR", text):
        print(f"server log ({log}):\n{text[-2000:]}")
        bad += 1
    if ns.py_spy:
        print("\n".join(profile_summary(ns.py_spy)))
    print(f"total: {time.perf_counter() - started:.1f} s (load phase {elapsed:.1f} s)")
    return 1 if bad or wrong or problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=600)
    parser.add_argument("--pollers", type=int, default=100)
    parser.add_argument(
        "--spread",
        type=float,
        default=0.0,
        help="the games end over this many seconds (default 0: every phone at once)",
    )
    parser.add_argument("--poll-interval", type=float, default=3.0, help="seconds (live.js: 3)")
    parser.add_argument("--timeout", type=float, default=300.0, help="the load phase, seconds")
    parser.add_argument("--request-timeout", type=float, default=60.0, help="seconds")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--py-spy", metavar="FILE", help="profile the server into FILE")
    parser.add_argument("--keep", metavar="DIR", help="build the event in DIR and keep it")
    ns = parser.parse_args()
    if ns.keep:
        folder = Path(ns.keep)
        folder.mkdir(parents=True, exist_ok=True)
        return asyncio.run(run(ns, folder))
    folder = Path(tempfile.mkdtemp(prefix="caddy-serve-load-"))
    try:
        return asyncio.run(run(ns, folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
