"""Sphinx configuration: Markdown pages (MyST), the API from docstrings (autodoc), furo.

Build with ``nox -s docs`` (warnings are errors).
"""

from __future__ import annotations

project = "chess-caddy"
author = "the chess-caddy authors"
copyright = "2026, the chess-caddy authors"  # Sphinx's name for it

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "examples", "images/*.txt"]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
html_theme = "furo"
html_title = "chess-caddy"
# relative links from the Markdown pages into the repository (README, examples, tests/data)
suppress_warnings = ["myst.xref_missing"]
