"""Files, safely: reads that never open a pipe or a device, atomic writes,
the lock beside a file, the players CSV.

Lives here: :mod:`~caddy.files.storage` (``peek``, ``read_bytes``,
``write_atomic``, ``locked``), :mod:`~caddy.files.lock`,
:mod:`~caddy.files.players`.

Imports only :mod:`caddy.model` and the leaves. May not import contracts,
plugins or anything above: it knows bytes and paths, not events (event files
on disk are :mod:`caddy.event.store`). The plugin seam, the standings and the
views never import it (docs/architecture.md; checked by ``lint-imports``).
"""
