"""``caddy serve EVENT``: the event as a web application on the arbiter's
laptop (:mod:`caddy.serve`): public pages, the arbiter's pages behind a
secret, results from players' phones with ``--player-entry``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from caddy.errors import CaddyError

if TYPE_CHECKING:
    import argparse

    from caddy.cli.common import Commands
    from caddy.plugins.host import PluginHost

#: What the ``serve`` extra brings (imported only by this command).
NEEDS = ("starlette", "uvicorn", "jinja2", "segno", "multipart")


def add_commands(commands: Commands) -> None:
    # lazy: start-up: building this command's parser imports no library; the handler imports what it runs
    from caddy.cli.common import ascii_int

    parser = commands.add_parser(
        "serve",
        help="run the event as a web app: live pages, results from the arbiter's page and phones",
        description=(
            "Serve EVENT.json on this machine: the public pages caddy publish writes "
            "(reloaded when the event changes), the arbiter's pages behind a secret "
            "(results, pairing, byes, withdrawals, late entries, undo, publish) and, "
            "with --player-entry, result reports from players' phones (a QR code per "
            "board on the pairing sheet). Every change is written to the event file "
            "as the caddy commands write it, so caddy result in a terminal works "
            "beside it. Needs the serve extra: pip install 'chess-caddy[serve]'."
        ),
    )
    parser.add_argument("event", metavar="EVENT.json")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=ascii_int, default=8080, help="port (default 8080)")
    parser.add_argument(
        "--lan",
        action="store_true",
        help="bind to this machine's LAN address and print its URL and a QR code of it",
    )
    parser.add_argument(
        "--secret-file",
        metavar="FILE",
        help="the arbiter's secret from FILE (default: a new one, printed at start)",
    )
    parser.add_argument(
        "--player-entry",
        action="store_true",
        help="players report results from their phones (a QR code per board)",
    )
    parser.add_argument(
        "--publish",
        dest="publish_to",
        metavar="FOLDER",
        help="the arbiter's Publish button writes here",
    )
    parser.set_defaults(run=cmd_serve)


def cmd_serve(ns: argparse.Namespace, host: PluginHost) -> int:
    missing = [name for name in NEEDS if not _importable(name)]
    if missing:
        raise CaddyError(
            f"caddy serve needs the serve extra ({', '.join(missing)} missing): "
            "pip install 'chess-caddy[serve]'"
        )
    # lazy: the serve extra loads only for this command
    import uvicorn

    # lazy: the serve extra loads only for this command
    from caddy.serve.app import create_app
    from caddy.serve.network import lan_address, listen, read_secret, terminal_qr

    if ns.lan and ns.host != "127.0.0.1":
        raise CaddyError(
            "--lan binds to this machine's LAN address: give --lan or --host, not both"
        )
    if not 1 <= ns.port <= 65535:
        raise CaddyError(f"--port {ns.port}: a port is 1..65535")
    secret = read_secret(ns.secret_file)
    address = lan_address() if ns.lan else ns.host
    sock = listen(address, ns.port)  # refused in one line before anything is printed
    shown = f"[{address}]" if ":" in address else address
    url = f"http://{shown}:{ns.port}/"
    allowed = [address, "localhost", "127.0.0.1", "::1"]
    base: str | None = url.rstrip("/")
    if address in ("0.0.0.0", "::"):  # every interface: any name this machine has
        allowed, base = ["*"], None
    app = create_app(
        ns.event,
        secret=secret,
        player_entry=ns.player_entry,
        publish_to=ns.publish_to,
        host=host,
        allowed_hosts=allowed,
        base_url=base,
    )
    given = f"(from {ns.secret_file})" if ns.secret_file else secret
    print(f"serving {ns.event} at {url}")
    print(f"arbiter: {url}arbiter  secret: {given}")
    if ns.lan:
        print(terminal_qr(url))
    print("Ctrl-C stops", flush=True)
    config = uvicorn.Config(
        app,
        access_log=False,  # the links carry the board tokens: never logged
        log_level="warning",
        server_header=False,
        proxy_headers=False,  # no X-Forwarded-For: the rate limits count real addresses
        timeout_keep_alive=30,  # a page polls every 3 s: its connection stays open
    )
    uvicorn.Server(config).run(sockets=[sock])
    return 0


def _importable(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None
