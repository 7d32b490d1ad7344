"""caddy's source files as the tests that read the code see them: each file read,
parsed and walked once per test process, however many tests look at it
(tests/test_architecture.py, test_rules_out_of_core.py, test_json_documents.py,
test_contracts_registration.py, test_one_trf_reader.py, test_keizer_seam.py,
test_hookimpl_signatures.py, test_views_standings.py; issue 31 item 6: the
suite's time). The trees are shared: a test reads them and never changes them."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def text(path: Path) -> str:
    """The file's text."""
    return path.read_text(encoding="utf-8")


@functools.cache
def tree(path: Path) -> ast.Module:
    """The file's syntax tree."""
    return ast.parse(text(path), filename=str(path))


@functools.cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of :func:`tree`, in ``ast.walk``'s order."""
    return tuple(ast.walk(tree(path)))
