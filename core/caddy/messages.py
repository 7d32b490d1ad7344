"""Telling the user something on stderr: ``caddy: error: …`` / ``caddy: warning: …``.

This is the one place where echoed text is made safe: a message is one line
(a problem per call), every control character in it (a newline or an escape
sequence in a player's name, a file name or a plugin's exception, say) prints
as a visible escape, and a character stderr cannot encode (a lone surrogate)
is escaped: printing a problem never fails, never splits one message over two
lines and never forges a line of its own.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    #: Characters that must never reach a terminal, a file's line structure or a
    #: spreadsheet as themselves: C0 and C1 controls (newlines, escape sequences),
    #: Unicode line and paragraph separators, and the bidirectional overrides and
    #: isolates that reorder what a reader sees (Unicode UAX #9; "Trojan Source").
    #: Compiled when first used (:func:`__getattr__`): a command that echoes no
    #: text (``caddy calc``) never compiles it.
    CONTROL: re.Pattern[str]

__all__ = ["CONTROL", "one_line", "tell", "visible", "warn"]

#: The characters of :data:`CONTROL`, as a character class.
_CONTROL_CLASS = "[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"


def __getattr__(name: str) -> Any:
    """:data:`CONTROL`, compiled when first asked for (and kept from then on)."""
    if name != "CONTROL":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    pattern = globals()["CONTROL"] = re.compile(_CONTROL_CLASS)
    return pattern


def __dir__() -> list[str]:
    """The module's names, :data:`CONTROL` among them before it is compiled."""
    return sorted({*globals(), "CONTROL"})


def _control() -> re.Pattern[str]:
    """:data:`CONTROL` (compiled on the first call)."""
    pattern: re.Pattern[str] | None = globals().get("CONTROL")
    return pattern if pattern is not None else __getattr__("CONTROL")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or (
        f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"
    )


def visible(text: str) -> str:
    """``text`` with every :data:`CONTROL` character written as a visible escape
    (``\\n``, ``\\x1b``, ``\\u202e``): what a terminal prints is what the text holds."""
    control = _control()
    return control.sub(_escape, text) if control.search(text) else text


def one_line(text: str) -> str:
    """``text`` with every :data:`CONTROL` character replaced by a space (for
    formats with no escape: TRF, CSV, Markdown)."""
    control = _control()
    return control.sub(" ", text) if control.search(text) else text


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
