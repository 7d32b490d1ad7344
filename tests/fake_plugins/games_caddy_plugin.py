"""A third-party codec plugin with results: ``name;rating`` player lines, then
one line per game, ``ROUND WHITE BLACK RESULT`` (``1 1 4 1-0``). Read into a
``manual`` event; written from any event (tests/test_rules_out_of_core.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import caddy
from caddy.contracts.codecs import Exported, Imported
from caddy.errors import CaddyError


class GameList:
    name: ClassVar[str] = "gamelist"
    summary: ClassVar[str] = "players 'name;rating', then games 'round white black result'"
    suffixes: ClassVar[tuple[str, ...]] = (".games",)

    def sniff(self, data: bytes) -> bool:
        return data.startswith(b"#gamelist")

    def read(self, data: bytes, *, source: str, strict: bool = False) -> Imported:
        from caddy.event import PairRound, RecordResult, new_event
        from caddy.model.schedule import Player
        from caddy_plugins.formats.manual import ManualOptions

        players: list[Player] = []
        games: dict[int, list[tuple[int, int, str]]] = {}
        for lineno, line in enumerate(data.decode("utf-8").splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            if ";" in line:
                name, _, rating = line.partition(";")
                players.append(Player(name=name.strip(), rating=int(rating) if rating else None))
                continue
            fields = line.split()
            if len(fields) != 4:
                raise CaddyError(f"{source}:{lineno}: expected 'round white black result'")
            rnd, white, black, result = fields
            games.setdefault(int(rnd), []).append((int(white), int(black), result))
        event = new_event(players, "manual", ManualOptions())
        for number in sorted(games):
            boards = games[number]
            event = event.with_operation(
                PairRound(
                    round=number,
                    white=tuple(w for w, _, _ in boards),
                    black=tuple(b for _, b, _ in boards),
                )
            )
            for board, (_, _, result) in enumerate(boards, 1):
                event = event.with_operation(RecordResult(round=number, board=board, result=result))
        return Imported(event=event)

    def write(self, event: Any, *, flavour: str | None = None) -> Exported:
        text = "".join(f"{p.name};{p.rating or ''}\n" for p in event.tournament.players)
        return Exported(data=("#gamelist\n" + text).encode("utf-8"))


@caddy.hookimpl
def caddy_register_codecs(register: Callable[[GameList], None]) -> None:
    register(GameList())
