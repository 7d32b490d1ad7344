"""The reference part of docs/api.md and docs/hooks.md, written from the code.

Both pages are plain Markdown, readable on a code forge as in the Sphinx
site: every public name is a ``text`` block holding its signature (a class's
public methods under it), then the first paragraph of its docstring. The
blocks are what tests/test_api_reference.py keeps in sync with the code.

Usage: python -m tests.api_reference [--write]

Without ``--write`` it prints the two generated parts; with it, it rewrites
them in place, between the markers ``<!-- reference: start -->`` and
``<!-- reference: end -->`` of each page.
"""

from __future__ import annotations

import argparse
import enum
import importlib
import inspect
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
API = ROOT / "docs/api.md"
HOOKS = ROOT / "docs/hooks.md"
START = "<!-- reference: start -->"
END = "<!-- reference: end -->"
WIDTH = 88

#: The reference of docs/api.md: (heading, modules), in the page's order.
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Calculator and time controls", ("caddy.schedule.calculator", "caddy.model.timecontrol")),
    ("Players, formats and schedules", ("caddy.model.schedule", "caddy.contracts.format_tools")),
    (
        "Results, standings and tie-breaks",
        (
            "caddy.model.results_table",
            "caddy.model.results",
            "caddy.standings.ranking",
            "caddy.standings.explain",
            "caddy.standings.table",
            "caddy.contracts.tiebreak_spec",
            "caddy.contracts.tiebreak_table",
            "caddy.contracts.explanation",
            "caddy.standings.crosstable",
            "caddy.standings.scoring",
        ),
    ),
    (
        "Event files",
        (
            "caddy.event",
            "caddy.model.tournament",
            "caddy.event.file",
            "caddy.event.replay",
            "caddy.event.results",
            "caddy.event.rounds",
            "caddy.event.effects",
            "caddy.event.documents",
            "caddy.event.convert",
            "caddy.event.store",
            "caddy.event.session",
            "caddy.files.storage",
        ),
    ),
    (
        "Pairing",
        (
            "caddy.pairing.request",
            "caddy.pairing.file_input",
            "caddy.pairing.documents",
            "caddy.pairing.recheck",
            "caddy.pairing.differences",
        ),
    ),
    (
        "Codecs, checks and output forms",
        (
            "caddy.contracts.codecs",
            "caddy.contracts.file_results",
            "caddy.model.cells",
            "caddy.event.check",
            "caddy.model.report",
            "caddy.model.numbers",
        ),
    ),
    ("Random tournaments", ("caddy.pairing.simulate", "caddy.pairing.simulate_defaults")),
    (
        "Rated events",
        (
            "caddy.ratings",
            "caddy.ratings.lists",
            "caddy.ratings.store",
            "caddy.ratings.changes",
            "caddy.ratings.request",
            "caddy.ratings.players",
            "caddy.model.ratings",
            "caddy.contracts.rating",
        ),
    ),
    (
        "Prizes",
        (
            "caddy.prizes.awards",
            "caddy.prizes.categories",
            "caddy.model.prizes",
            "caddy.contracts.prizes",
            "caddy.files.prizes",
        ),
    ),
    (
        "Plugins and testing",
        (
            "caddy.contracts",
            "caddy.contracts.conformance",
            "caddy.contracts.file_pairing",
            "caddy.plugins.host",
            "caddy.plugins.faults",
            "caddy.plugins.lookup",
            "caddy.plugins.registry",
            "caddy.plugins.discovery",
            "caddy.testing",
            "caddy.errors",
        ),
    ),
)

#: Modules whose names are gathered from elsewhere: listed as re-exports only.
FACADES = ("caddy.event",)
#: Modules that document what they re-export (the plugin author's API).
GATHERING = {"caddy.contracts": "caddy.contracts", "caddy.testing": "caddy.testing"}


# -- signatures ---------------------------------------------------------------------


def _annotation(value: object) -> str:
    if value is inspect.Parameter.empty:
        return ""
    return value if isinstance(value, str) else inspect.formatannotation(value)


def _default(value: object) -> str:
    if isinstance(value, (set, frozenset)):
        inner = ", ".join(sorted(repr(v) for v in value))
        return f"{type(value).__name__}({{{inner}}})" if value else f"{type(value).__name__}()"
    text = repr(value)
    if text == "NOTHING":  # attrs: a default made by a factory
        return "<factory>"
    if " at 0x" in text or text.startswith("<"):
        return "..."
    return text


def _parameters(signature: inspect.Signature, *, drop_first: bool) -> list[str]:
    items: list[str] = []
    params = list(signature.parameters.values())
    if drop_first and params:
        params = params[1:]
    star_done = False
    for i, p in enumerate(params):
        if p.kind is p.KEYWORD_ONLY and not star_done:
            items.append("*")
            star_done = True
        if p.kind is p.VAR_POSITIONAL:
            star_done = True
        prefix = "*" if p.kind is p.VAR_POSITIONAL else "**" if p.kind is p.VAR_KEYWORD else ""
        text = prefix + p.name
        annotation = _annotation(p.annotation)
        if annotation:
            text += f": {annotation}"
        if p.default is not p.empty:
            text += f" = {_default(p.default)}" if annotation else f"={_default(p.default)}"
        items.append(text)
        following = params[i + 1] if i + 1 < len(params) else None
        if p.kind is p.POSITIONAL_ONLY and (following is None or following.kind != p.kind):
            items.append("/")
    return items


def _call(head: str, items: list[str], returns: str) -> str:
    """``head(items) -> returns``, one parameter a line when it is long."""
    tail = f" -> {returns}" if returns else ""
    line = f"{head}({', '.join(items)}){tail}"
    if len(line) <= WIDTH or not items:
        return line
    body = "".join(f"    {item},\n" for item in items)
    return f"{head}(\n{body}){tail}"


def signature(head: str, obj: Callable[..., Any], *, method: bool = False) -> str:
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return f"{head}(...)"
    returns = _annotation(sig.return_annotation)
    return _call(head, _parameters(sig, drop_first=method), returns)


# -- what a module documents ----------------------------------------------------------


def _doc(obj: object) -> str:
    return inspect.getdoc(obj) or ""


def _documented(value: object) -> bool:
    return (inspect.isclass(value) or inspect.isfunction(value)) and bool(_doc(value))


def _defined_at(value: object) -> tuple[str, int]:
    """Where ``value`` is defined: its module and first line (0 when unknown)."""
    try:
        line = inspect.getsourcelines(value)[1]  # type: ignore[arg-type]
    except (OSError, TypeError):
        line = 0
    return getattr(value, "__module__", ""), line


def public_names(module: ModuleType) -> list[str]:
    """The names a module documents, in source order: those defined in it (or, for a
    gathering module, the public names it exports) with a docstring."""
    name = module.__name__
    if name in GATHERING:
        exported = getattr(module, "__all__", None)
        for lazy in exported or ():  # names a module loads when first asked for (PEP 562)
            getattr(module, lazy)
        prefix = GATHERING[name]
        candidates = [
            n
            for n, v in vars(module).items()
            if not n.startswith("_")
            and (exported is None or n in exported)
            and getattr(v, "__module__", "").startswith(prefix)
        ]
        # by defining module, then source order: the same whichever names were loaded first
        candidates.sort(key=lambda n: _defined_at(getattr(module, n)))
    else:
        candidates = [
            n
            for n, v in vars(module).items()
            if not n.startswith("_") and getattr(v, "__module__", None) == name
        ]
    return [n for n in candidates if _documented(getattr(module, n))]


def _class_head(name: str, cls: type) -> str:
    if issubclass(cls, enum.Enum):
        members = ", ".join(m.name for m in cls)
        return f"class {name}({cls.__bases__[0].__name__}): {members}"
    if getattr(cls, "_is_protocol", False):
        return f"class {name}(Protocol)"
    init = cls.__dict__.get("__init__") or cls.__dict__.get("__new__")
    if init is None and any("__init__" in vars(base) for base in cls.__mro__[1:-1]):
        init = cls  # an inherited constructor (an exception's)
    if init is None:
        return f"class {name}"
    return signature(f"class {name}", cls).removesuffix(" -> None")


def _documented_members(cls: type) -> Iterator[tuple[str, Callable[..., Any], str]]:
    """(name, function, ``property``/``static``/``method``) for the public methods and
    properties a class defines with a docstring."""
    for member, value in vars(cls).items():
        if member.startswith("_") or member.startswith("test_"):
            continue
        if isinstance(value, property):
            if value.fget is not None and _doc(value.fget):
                yield member, value.fget, "property"
            continue
        function = value.__func__ if isinstance(value, (classmethod, staticmethod)) else value
        if inspect.isfunction(function) and _doc(function):
            yield member, function, "static" if isinstance(value, staticmethod) else "method"


def _members(cls: type) -> Iterator[str]:
    """``Class.method(...)`` lines for the public methods and properties it defines."""
    for member, function, kind in _documented_members(cls):
        head = f"{cls.__name__}.{member}"
        if kind == "property":
            returns = _annotation(inspect.signature(function).return_annotation)
            yield head + (f": {returns}" if returns else "")
        else:
            yield signature(head, function, method=kind == "method")


def block(name: str, value: object) -> str:
    """The signature block of one name."""
    alias = getattr(value, "__name__", name)
    if alias != name:
        return f"{name} = {alias}"
    if inspect.isclass(value):
        lines = [_class_head(name, value), *_members(value)]
        return "\n".join(lines)
    return signature(name, value)  # type: ignore[arg-type]


# -- docstrings as Markdown -------------------------------------------------------------

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|attr|data|exc|obj):`~?([^`]+)`")


def markdown(text: str) -> str:
    """reST inline markup as Markdown: ``x`` and :class:`x` become `x`."""
    text = _ROLE.sub(lambda m: f"`{m.group(1)}`", text)
    text = text.replace("``", "`")
    return text.replace("::\n", ":\n")


def summary(obj: object) -> str:
    """The first paragraph of a docstring, on one line, as Markdown."""
    first = _doc(obj).split("\n\n", 1)[0]
    return markdown(" ".join(first.split()))


# -- the pages --------------------------------------------------------------------------


def module_part(module_name: str) -> str:
    module = importlib.import_module(module_name)
    out = [f"#### `{module_name}`\n", f"{summary(module)}\n"]
    if module_name in FACADES:
        names = ", ".join(f"`{n}`" for n in module.__all__)
        out.append(f"Re-exports, documented where they are defined: {names}.\n")
        return "\n".join(out)
    for name in public_names(module):
        value = getattr(module, name)
        out.append(f"```text\n{block(name, value)}\n```\n")
        out.append(f"{summary(value)}\n")
        if inspect.isclass(value) and getattr(value, "__name__", name) == name:
            items = [f"- `{m}`: {summary(f)}" for m, f, _ in _documented_members(value)]
            if items:
                out.append("\n".join(items) + "\n")
    return "\n".join(out)


def top_level_part() -> str:
    import caddy

    rows = ["| name | from |", "|---|---|"]
    for name in caddy.__all__:
        if name == "__version__":
            rows.append(f"| `__version__` | `caddy` (`{caddy.__version__}`) |")
            continue
        rows.append(f"| `{name}` | `{caddy._LAZY[name]}` |")
    return (
        "### `caddy`\n\n"
        "What `import caddy` offers (each name loaded on first use) and the module "
        "it comes from; each is documented below where it is defined (`hookimpl` and "
        "`hookspec` in the [hook reference](hooks.md)).\n\n" + "\n".join(rows) + "\n"
    )


def api_reference() -> str:
    parts = [top_level_part()]
    for heading, modules in SECTIONS:
        parts.append(f"### {heading}\n")
        parts.extend(module_part(m) for m in modules)
    return "\n".join(parts)


def hooks_reference() -> str:
    from caddy.plugins import hookspecs

    parts = []
    for name, value in vars(hookspecs).items():
        if not (name.startswith("caddy_") and inspect.isfunction(value)):
            continue
        parts.append(f"### `{name}`\n")
        parts.append(f"```text\n{signature(name, value)}\n```\n")
        parts.append(f"```text\n{_doc(value)}\n```\n")
    return "\n".join(parts)


def between_markers(text: str) -> str:
    """The generated part of a page."""
    return text.split(START + "\n", 1)[1].split(END, 1)[0].strip("\n")


def replaced(text: str, generated: str) -> str:
    head, rest = text.split(START + "\n", 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n\n{generated.strip()}\n\n{END}{tail}"


def code_blocks(text: str) -> list[str]:
    """The ``text`` blocks of a generated part: what the test compares."""
    return re.findall(r"^```text\n(.*?)\n```$", text, flags=re.MULTILINE | re.DOTALL)


PAGES: tuple[tuple[Path, Callable[[], str]], ...] = ((API, api_reference), (HOOKS, hooks_reference))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite the pages in place")
    args = parser.parse_args(argv)
    for path, make in PAGES:
        generated = make()
        if args.write:
            path.write_text(replaced(path.read_text(encoding="utf-8"), generated), "utf-8")
        else:
            sys.stdout.write(generated + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
