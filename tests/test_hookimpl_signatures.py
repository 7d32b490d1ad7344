"""No hook implementation gives a parameter a default: pluggy (before 1.7)
leaves such a parameter out of the call, so the value the host passes is
silently lost (the TRF codec's ``readings`` in ``caddy_pairing_input`` was:
``caddy pair --trf-801-byes`` had no effect under pluggy 1.6). A plugin that
does not need a hook argument leaves it out of its signature instead."""

from __future__ import annotations

import ast
from pathlib import Path

from tests import sources

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("core", "plugins", "docs/examples")


def _is_hookimpl(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return name == "hookimpl"


def defaulted_hookimpls(root: Path) -> list[str]:
    found = []
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            if "hookimpl" not in sources.text(path):
                continue  # no hook implementation to read
            for node in sources.nodes(path):
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                if not any(_is_hookimpl(d) for d in node.decorator_list):
                    continue
                if node.args.defaults or any(d is not None for d in node.args.kw_defaults):
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.name}")
    return found


def test_no_hookimpl_parameter_has_a_default() -> None:
    assert defaulted_hookimpls(ROOT) == []


def test_a_defaulted_parameter_is_found(tmp_path: Path) -> None:
    plugin = tmp_path / "plugins" / "p.py"
    plugin.parent.mkdir(parents=True)
    plugin.write_text("@hookimpl\ndef caddy_x(a: int, b: int = 0) -> None: ...\n")
    for folder in ("core", "docs/examples"):
        (tmp_path / folder).mkdir(parents=True)
    assert defaulted_hookimpls(tmp_path) == ["plugins/p.py:2 caddy_x"]
