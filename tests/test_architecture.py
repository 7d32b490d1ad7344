"""The layers and the module rules of ``docs/architecture.md``, checked on the source.

Every ``.py`` under ``core/caddy`` and ``plugins/caddy_plugins`` is parsed with
:mod:`ast`; every import counts, including those inside functions. Rules:

1. core (``caddy``) never imports ``caddy_plugins``;
2. plugins import only caddy's public API: no module or name with a leading
   underscore;
3. no import cycle among core modules, nor among plugin modules (imports
   under ``if TYPE_CHECKING:`` are left out of this rule only: they never run);
4. no module over :data:`MAX_LINES` lines;
5. no private name imported from another module.

The last test plants a forbidden import in a temporary tree and checks the
same checker reports it, so this file is shown to fail on one.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 500


@attrs.frozen
class Import:
    """One imported thing: ``module`` (absolute), ``name`` (``from`` imports) and where."""

    module: str
    name: str | None
    type_checking: bool
    line: int


@attrs.frozen
class Module:
    """A parsed source file."""

    name: str
    path: Path
    lines: int
    imports: tuple[Import, ...]


def _is_type_checking(test: ast.expr) -> bool:
    return "TYPE_CHECKING" in ast.unparse(test)


def _imports(tree: ast.Module, module: str, is_package: bool) -> Iterator[Import]:
    package = module.split(".") if is_package else module.split(".")[:-1]

    def walk(node: ast.AST, type_checking: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for statement in child.body:
                    yield from one(statement, True)
                for statement in child.orelse:
                    yield from one(statement, type_checking)
            else:
                yield from one(child, type_checking)

    def one(node: ast.AST, type_checking: bool) -> Iterator[Import]:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(alias.name, None, type_checking, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package[: len(package) - (node.level - 1)]
                base = ".".join([*parent, *([base] if base else [])])
            for alias in node.names:
                yield Import(base, alias.name, type_checking, node.lineno)
        yield from walk(node, type_checking)

    yield from walk(tree, False)


def load(trees: dict[str, Path]) -> dict[str, Module]:
    """Parse every module of the packages ``{package name: directory}``."""
    modules: dict[str, Module] = {}
    for package, directory in trees.items():
        for path in sorted(directory.rglob("*.py")):
            parts = [package, *path.relative_to(directory).with_suffix("").parts]
            is_package = parts[-1] == "__init__"
            if is_package:
                parts = parts[:-1]
            name = ".".join(parts)
            text = path.read_text(encoding="utf-8")
            tree = ast.parse(text, filename=str(path))
            modules[name] = Module(
                name, path, len(text.splitlines()), tuple(_imports(tree, name, is_package))
            )
    return modules


def _target(modules: dict[str, Module], imp: Import) -> str | None:
    """The project module an import loads (a submodule if ``name`` is one)."""
    if imp.name is not None and f"{imp.module}.{imp.name}" in modules:
        return f"{imp.module}.{imp.name}"
    base = imp.module
    while base and base not in modules:
        base = base.rpartition(".")[0]
    return base or None


def _private(dotted: str) -> bool:
    return any(part.startswith("_") and not part.startswith("__") for part in dotted.split("."))


def _cycles(modules: dict[str, Module], edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(modules):
        if v not in index:
            visit(v)
    return found


def check(modules: dict[str, Module]) -> list[str]:
    """Every broken rule, one line each."""
    problems: list[str] = []
    edges: dict[str, set[str]] = {}
    for module in modules.values():
        top = module.name.split(".")[0]
        if module.lines > MAX_LINES:
            problems.append(f"{module.name}: {module.lines} lines (limit {MAX_LINES})")
        for imp in module.imports:
            where = f"{module.name}:{imp.line}"
            imported_top = imp.module.split(".")[0]
            if top == "caddy" and imported_top == "caddy_plugins":
                problems.append(f"{where}: core imports plugin module {imp.module}")
            if top == "caddy_plugins" and imported_top == "caddy":
                dotted = imp.module if imp.name is None else f"{imp.module}.{imp.name}"
                if _private(dotted):
                    problems.append(f"{where}: plugin imports caddy's private {dotted}")
            target = _target(modules, imp)
            if (
                imp.name is not None
                and imp.name.startswith("_")
                and not imp.name.startswith("__")
                and target is not None
                and target != module.name
                and f"{imp.module}.{imp.name}" not in modules
            ):
                problems.append(f"{where}: imports private name {imp.name} from {imp.module}")
            if (
                target is not None
                and target != module.name
                and not imp.type_checking
                and target.split(".")[0] == top
            ):
                edges.setdefault(module.name, set()).add(target)
    for cycle in _cycles(modules, edges):
        problems.append("import cycle: " + " -> ".join(cycle))
    return problems


def project() -> dict[str, Module]:
    return load(
        {"caddy": ROOT / "core" / "caddy", "caddy_plugins": ROOT / "plugins" / "caddy_plugins"}
    )


def test_the_layers_hold() -> None:
    assert check(project()) == []


def _plant(tmp_path: Path, files: dict[str, str]) -> dict[str, Module]:
    for relative, text in files.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return load(
        {
            "caddy": tmp_path / "core" / "caddy",
            "caddy_plugins": tmp_path / "plugins" / "caddy_plugins",
        }
    )


CLEAN = {
    "core/caddy/__init__.py": "",
    "core/caddy/contracts.py": "X = 1\n",
    "core/caddy/cli.py": "from caddy.contracts import X\n",
    "plugins/caddy_plugins/__init__.py": "",
    "plugins/caddy_plugins/fmt.py": "from caddy.contracts import X\n",
}


def test_a_clean_tree_passes(tmp_path: Path) -> None:
    assert check(_plant(tmp_path, CLEAN)) == []


def test_a_planted_forbidden_import_fails(tmp_path: Path) -> None:
    planted = {
        **CLEAN,
        "core/caddy/cli.py": "def f():\n    from caddy_plugins.fmt import X\n    return X\n",
    }
    assert check(_plant(tmp_path, planted)) == [
        "caddy.cli:2: core imports plugin module caddy_plugins.fmt"
    ]


def test_each_rule_is_reported(tmp_path: Path) -> None:
    planted = {
        **CLEAN,
        "core/caddy/_hidden.py": "Y = 2\n",
        "core/caddy/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from caddy import b\n",
        "core/caddy/b.py": "def f():\n    from caddy.c import _z\n",
        "core/caddy/c.py": "import caddy.b\n_z = 1\n" + "\n" * MAX_LINES,
        "plugins/caddy_plugins/fmt.py": "from caddy import _hidden\n",
    }
    assert sorted(check(_plant(tmp_path, planted))) == [
        "caddy.b:2: imports private name _z from caddy.c",
        f"caddy.c: {MAX_LINES + 2} lines (limit {MAX_LINES})",
        "caddy_plugins.fmt:1: plugin imports caddy's private caddy._hidden",
        "import cycle: caddy.b -> caddy.c",
    ]
