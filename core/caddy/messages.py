"""Telling the user something on stderr: ``caddy: error: …`` / ``caddy: warning: …``.

Every line of a message carries the prefix, control characters in it (a
newline or an escape sequence in a player's name, say) print as visible
escapes, and a character stderr cannot encode (a lone surrogate) is escaped:
printing a problem never fails and never forges a line of its own.
"""

from __future__ import annotations

import sys

from caddy.render import visible


def tell(message: str, kind: str = "error") -> None:
    """Print ``message`` on stderr as ``caddy: <kind>: <line>`` lines (``kind=""``: ``caddy: <line>``)."""
    stream = sys.stderr
    encoding = getattr(stream, "encoding", None) or "utf-8"
    prefix = f"caddy: {kind}: " if kind else "caddy: "
    lines = message.split("\n")
    text = "".join(f"{prefix}{visible(line)}\n" for line in lines)
    try:
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
        stream.flush()
    except (OSError, ValueError):  # stderr closed: nothing more to say
        pass


def warn(message: str) -> None:
    """``caddy: warning: …`` lines on stderr."""
    tell(message, "warning")
