"""caddy's own event file (JSON) as a codec: ``caddy export EVENT.json --to json``
rewrites it canonically, and a third-party tool can read and write events
through the same interface as any other format."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, ClassVar

from caddy import hookimpl
from caddy.errors import CaddyError

if TYPE_CHECKING:
    from caddy.contracts.codecs import Exported, Imported
    from caddy.event import EventFile


class JsonCodec:
    """The event file: ``{"schema": "caddy.tournament", "version": 2, ...}`` (version 1 read too)."""

    name: ClassVar[str] = "json"
    summary: ClassVar[str] = "caddy's event file (JSON: starting data and operations)"
    suffixes: ClassVar[tuple[str, ...]] = (".json",)

    def sniff(self, data: bytes) -> bool:
        return data.lstrip()[:1] == b"{"

    def read(
        self, data: bytes, *, source: str, strict: bool = False, readings: Collection[str] = ()
    ) -> Imported:
        from caddy.contracts.codecs import Imported  # lazy: loads when a file is read
        from caddy.event.store import loads

        if readings:
            raise CaddyError(f"{source}: an event file has no reading '{sorted(readings)[0]}'")
        return Imported(event=loads(data, source))

    def write(self, event: EventFile, *, flavour: str | None = None) -> Exported:
        from caddy.contracts.codecs import Exported  # lazy: loads when a file is written
        from caddy.event.store import dumps

        if flavour is not None:
            raise CaddyError(f"the json format has no flavour '{flavour}'")
        return Exported(data=dumps(event))


@hookimpl
def caddy_register_codecs(register: Callable[[JsonCodec], None]) -> None:
    register(JsonCodec())
