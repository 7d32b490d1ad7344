"""A plugin that calls ``sys.exit(0)`` at import (caddy must warn, skip it and go on)."""

import sys

sys.exit(0)
