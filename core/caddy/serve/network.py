"""The address, secret and terminal QR code of ``caddy serve``."""

from __future__ import annotations

import contextlib
import ipaddress
import secrets
import socket

from caddy.errors import CaddyError
from caddy.files.storage import read_bytes

#: The shortest secret accepted from ``--secret-file``.
MIN_SECRET = 12


def read_secret(path: str | None) -> str:
    """The arbiter's secret: from ``path`` (its first line), or a new random one."""
    if path is None:
        return secrets.token_urlsafe(12)
    try:
        text = read_bytes(path).decode("utf-8")
    except UnicodeDecodeError:
        raise CaddyError(f"{path}: the secret file is not UTF-8 text") from None
    lines = text.strip().splitlines()
    secret = lines[0].strip() if lines else ""
    if len(secret) < MIN_SECRET:
        raise CaddyError(f"{path}: the secret must be at least {MIN_SECRET} characters")
    return secret


def lan_address() -> str:
    """This machine's address on the local network (the one a route out uses;
    no packet is sent). Refused when it has none but the loopback."""
    candidates: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            candidates.append(probe.getsockname()[0])
        except OSError:
            pass
    with contextlib.suppress(OSError):
        candidates.append(socket.gethostbyname(socket.gethostname()))
    for found in candidates:
        if not ipaddress.ip_address(found).is_loopback:
            return found
    raise CaddyError("--lan: this machine has no LAN address (is it on the venue's network?)")


def terminal_qr(url: str) -> str:
    """``url`` as a QR code drawn in the terminal (segno)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue().rstrip("\n")


def listen(address: str, port: int) -> socket.socket:
    """A socket listening on ``address``:``port`` (what the server then
    serves on); refused in one line when the address is not this machine's
    or the port is taken."""
    try:
        return socket.create_server(
            (address, port),
            family=socket.AF_INET6 if ":" in address else socket.AF_INET,
            reuse_port=False,
        )
    except OSError as exc:
        raise CaddyError(f"cannot listen on {address} port {port}: {exc.strerror or exc}") from None
