"""Telling the user something on stderr: ``caddy: error: …`` / ``caddy: warning: …``.

This is the one place where echoed text is made safe: a message is one line
(a problem per call), every control character in it (a newline or an escape
sequence in a player's name, a file name or a plugin's exception, say) prints
as a visible escape, and a character stderr cannot encode (a lone surrogate)
is escaped: printing a problem never fails, never splits one message over two
lines and never forges a line of its own.
"""

from __future__ import annotations

import sys
from typing import Any

from caddy.render import visible


def tell(message: str, kind: str = "error", stream: Any = None) -> None:
    """Print ``message`` as one line ``caddy: <kind>: <message>`` (``kind=""``:
    ``caddy: <message>``) on ``stream`` (default: :data:`sys.stderr`)."""
    stream = sys.stderr if stream is None else stream
    encoding = getattr(stream, "encoding", None) or "utf-8"
    prefix = f"caddy: {kind}: " if kind else "caddy: "
    text = f"{prefix}{visible(message)}\n"
    try:
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
        stream.flush()
    except (OSError, ValueError):  # stderr closed: nothing more to say
        pass


def warn(message: str) -> None:
    """``caddy: warning: …`` lines on stderr."""
    tell(message, "warning")
