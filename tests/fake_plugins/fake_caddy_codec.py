"""A third-party codec plugin: a plain list of players, one per line
(``name;rating``), read into a ``manual`` event and written from any event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import caddy
from caddy.contracts.codecs import Exported, Imported
from caddy.errors import CaddyError


class PlayerList:
    name: ClassVar[str] = "playerlist"
    summary: ClassVar[str] = "a list of players, one 'name;rating' per line"
    suffixes: ClassVar[tuple[str, ...]] = (".players",)

    def sniff(self, data: bytes) -> bool:
        return False

    def read(self, data: bytes, *, source: str, strict: bool = False) -> Imported:
        from caddy.event import new_event
        from caddy.model.schedule import Player
        from caddy_plugins.formats.manual import ManualOptions

        players = []
        for lineno, line in enumerate(data.decode("utf-8").splitlines(), 1):
            name, _, rating = line.partition(";")
            if not name.strip():
                raise CaddyError(f"{source}:{lineno}: no name")
            players.append(Player(name=name.strip(), rating=int(rating) if rating else None))
        return Imported(event=new_event(players, "manual", ManualOptions()))

    def write(self, event: Any, *, flavour: str | None = None) -> Exported:
        text = "".join(f"{p.name};{p.rating or ''}\n" for p in event.tournament.players)
        return Exported(data=text.encode("utf-8"))


@caddy.hookimpl
def caddy_register_codecs(register: Callable[[PlayerList], None]) -> None:
    register(PlayerList())
