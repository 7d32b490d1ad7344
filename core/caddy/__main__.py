"""``python -m caddy`` (as the console script: :func:`caddy.entry.run`)."""

from caddy.entry import run

raise SystemExit(run())
