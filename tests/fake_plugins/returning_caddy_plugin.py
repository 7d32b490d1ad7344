"""Plugins whose methods return what their contract does not allow (issue 24 item 22):
no plugin code is in the traceback of what goes wrong next, so caddy must check the
value where it takes it and name the plugin, in one line, exit 3.

- format ``no-schedule``: ``schedule()`` gives ``None``;
- format ``junk-round``: ``next_round()`` gives a string;
- format ``junk-arithmetic``: ``arithmetic()`` gives a dict;
- output form ``bytes``: ``render()`` gives bytes; ``nothing``: ``None``;
- file format ``junk`` (``.junk``): ``read()`` gives a dict, ``write()`` a string;
- time-control notation ``junk``: ``parse()`` gives a string for ``junk ...``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import attrs

import caddy
from caddy.contracts import Arithmetic, FormatBase


@attrs.frozen(kw_only=True)
class NoOptions:
    pass


class NoSchedule(FormatBase):
    name: ClassVar[str] = "no-schedule"
    summary: ClassVar[str] = "schedule() gives None"
    Options: ClassVar[type[Any]] = NoOptions

    def arithmetic(self, players: int, options: Any) -> Arithmetic:
        return Arithmetic(
            players=players,
            rounds=players - 1,
            games=players * (players - 1) // 2,
            boards=players // 2,
            games_per_player=players - 1,
            byes_per_round=players % 2,
            pair_meetings=1,
        )

    def schedule(self, players: int, options: Any, *, seed: int | None = None) -> Any:
        return None


class JunkRound(NoSchedule):
    name: ClassVar[str] = "junk-round"
    summary: ClassVar[str] = "next_round() gives a string"
    kind: ClassVar[str] = "results"

    def next_round(self, request: Any) -> Any:
        return "1-2, 3-4"

    def winner(self, players: int, options: Any, played: Any) -> int | None:
        return None


class JunkArithmetic:
    """No :class:`FormatBase`: completed at registration, its own members checked too."""

    name: ClassVar[str] = "junk-arithmetic"
    summary: ClassVar[str] = "arithmetic() gives a dict"
    Options: ClassVar[type[Any]] = NoOptions

    def arithmetic(self, players: int, options: Any) -> Any:
        return {"rounds": players - 1}

    def schedule(self, players: int, options: Any, *, seed: int | None = None) -> Any:
        return None


class Bytes:
    name: ClassVar[str] = "bytes"
    summary: ClassVar[str] = "render() gives bytes"
    suffix: ClassVar[str] = ".bin"

    def render(self, report: Any) -> Any:
        return b"caddy"


class Nothing(Bytes):
    name: ClassVar[str] = "nothing"
    summary: ClassVar[str] = "render() gives None"

    def render(self, report: Any) -> Any:
        return None


class Junk:
    name: ClassVar[str] = "junk"
    summary: ClassVar[str] = "read() gives a dict, write() a string"
    suffixes: ClassVar[tuple[str, ...]] = (".junk",)

    def sniff(self, data: bytes) -> bool:
        return False

    def read(self, data: bytes, *, source: str, strict: bool = False) -> Any:
        return {"event": None}

    def write(self, event: Any, *, flavour: str | None = None) -> Any:
        return "not bytes"


class JunkNotation:
    name: ClassVar[str] = "junk"
    priority: ClassVar[int] = 1

    def parse(self, text: str) -> Any:
        return "ninety minutes" if text.startswith("junk") else None


@caddy.hookimpl
def caddy_register_formats(register: Callable[[Any], None]) -> None:
    for fmt in (NoSchedule(), JunkRound(), JunkArithmetic()):
        register(fmt)


@caddy.hookimpl
def caddy_register_renderers(register: Callable[[Any], None]) -> None:
    register(Bytes())
    register(Nothing())


@caddy.hookimpl
def caddy_register_codecs(register: Callable[[Any], None]) -> None:
    register(Junk())


@caddy.hookimpl
def caddy_register_time_controls(register: Callable[[Any], None]) -> None:
    register(JunkNotation())
