"""Exceptions, with the CLI exit code each one maps to.

Every error a user or a plugin can cause is a :class:`CaddyError`; its
message is one line naming what was wrong, and :attr:`CaddyError.problems`
holds one line per problem. An embedder matches the class, not the text:

* :class:`InputError` — bad input: a value of the right shape that is wrong
  (exit 1). Its subclasses :class:`FileError` (a file that cannot be read or
  written, or holds bad data: :attr:`FileError.path`, and the record when
  the file is made of records) and :class:`RulesError` (a rule forbids it: a
  result for a game that does not exist, a round paired twice ...).
* :class:`PluginError` — a plugin is broken or two plugins clash (exit 3):
  :attr:`PluginError.plugin` names its module when known.

The CLI prints ``caddy: error: <problem>`` per problem and exits with
:attr:`CaddyError.exit_code`; it never shows a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable


class CaddyError(Exception):
    """Every error caddy raises on purpose (exit 1 unless a subclass says otherwise)."""

    exit_code = 1

    def __init__(self, message: str, *, problems: Iterable[str] | None = None) -> None:
        super().__init__(message)
        found = tuple(problems) if problems is not None else ()
        #: One line per problem (the message alone when there is one).
        self.problems: tuple[str, ...] = found if found else (message,)


class InputError(CaddyError):
    """Bad input: a value of the right shape that is wrong (exit 1)."""


class FileError(InputError):
    """A file that cannot be read or written, or that holds bad data (exit 1)."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        record: str | None = None,
        problems: Iterable[str] | None = None,
    ) -> None:
        super().__init__(message, problems=problems)
        #: The file concerned, as the user named it.
        self.path = path
        #: The record (TRF line, JSON path) concerned, when the file has records.
        self.record = record


class RulesError(InputError):
    """A rule forbids what was asked: a result for a game that does not exist,
    a round paired before the previous one ended, a player paired twice (exit 1)."""


class TimeControlError(InputError):
    """A time-control text that no registered notation can read."""

    def __init__(self, text: str, detail: str) -> None:
        self.text = text
        self.detail = detail
        super().__init__(f"cannot read time control '{text}': {detail}")


class PluginError(CaddyError):
    """A plugin is broken or two plugins clash (exit 3)."""

    exit_code = 3

    def __init__(
        self, message: str, *, plugin: str | None = None, problems: Iterable[str] | None = None
    ) -> None:
        super().__init__(message, problems=problems)
        #: The module of the plugin at fault, when known.
        self.plugin = plugin


class PluginClash(PluginError):
    """Two plugins register one name (an error only where the name is used; exit 3)."""


#: What ``caddy`` says when memory runs out (a limit such as ``ulimit -v``, or the
#: machine's), exit 3; :mod:`caddy.entry` holds the same line as bytes.
OUT_OF_MEMORY = "out of memory: the work asked for needs more memory than caddy may use"


def exit_code(exc: BaseException) -> int:
    """The CLI exit code for an exception: 3 for :class:`PluginError`, 1 for
    any other :class:`CaddyError`, 3 (internal error) otherwise."""
    if isinstance(exc, PluginError):
        return 3
    if isinstance(exc, CaddyError):
        return 1
    return 3
