"""A plugin that fails to import (caddy must warn and go on)."""

raise RuntimeError("this plugin is broken on purpose")
