"""Sphinx configuration: the Markdown pages (MyST) as they read on a code forge, furo.

The pages use plain Markdown only (index.md's toctrees aside): the API and hook
references are written from the code by ``python -m tests.api_reference --write``.
Build with ``nox -s docs`` (warnings are errors).
"""

from __future__ import annotations

project = "chess-caddy"
author = "the chess-caddy authors"
copyright = "2026, the chess-caddy authors"  # Sphinx's name for it

extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "examples", "images/*.txt"]
myst_heading_anchors = 3
html_theme = "furo"
html_title = "chess-caddy"
# relative links from the Markdown pages into the repository (README, examples, tests/data)
suppress_warnings = ["myst.xref_missing"]
