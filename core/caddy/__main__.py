"""``python -m caddy``."""

from caddy.cli import main

raise SystemExit(main())
