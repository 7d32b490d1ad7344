"""Exceptions with the CLI exit code each one maps to.

Every error a user can cause is a :class:`CaddyError`; its message is one
line that names what was wrong. The CLI prints ``caddy: error: <message>``
and exits with :attr:`CaddyError.exit_code`; it never shows a traceback.
"""

from __future__ import annotations


class CaddyError(Exception):
    """Bad input or data: a value of the right shape that is wrong (exit 1)."""

    exit_code = 1

    def __init__(self, message: str, *, problems: list[str] | None = None) -> None:
        super().__init__(message)
        #: One line per problem, when there is more than one.
        self.problems: list[str] = problems if problems else [message]


class TimeControlError(CaddyError):
    """A time-control text that no registered notation can read."""

    def __init__(self, text: str, detail: str) -> None:
        self.text = text
        self.detail = detail
        super().__init__(f"cannot read time control '{text}': {detail}")


class PluginError(CaddyError):
    """A plugin is broken or two plugins clash (exit 3)."""

    exit_code = 3
