"""The names some modules load on first use (PEP 562 ``__getattr__``, for
``caddy``'s start-up: docs/performance.md) are the very objects of the modules
they come from, listed where ``dir()`` and ``import *`` look, and a tie-break
plugin loads the explanation machinery only when asked to explain."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

#: The packages with a map of lazily loaded names (name -> module).
LAZY_PACKAGES = ["caddy.contracts", "caddy_plugins.codecs.trf"]


def _fresh(code: str) -> None:
    """Run ``code`` in a fresh interpreter (where nothing is loaded yet); it asserts."""
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_each_lazy_name_is_its_modules_object(package: str) -> None:
    module = importlib.import_module(package)
    lazy = vars(module)["_LAZY"]
    assert lazy
    for name, source in lazy.items():
        where = source if "." in source else f"{package}.{source}"
        assert getattr(module, name) is getattr(importlib.import_module(where), name), name
        assert name in module.__all__, name


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_import_star_gives_every_lazy_name_in_a_fresh_interpreter(package: str) -> None:
    _fresh(
        f"import {package} as m\n"
        "ns = {}\n"
        f"exec('from {package} import *', ns)\n"
        "missing = [n for n in m.__all__ if n not in ns]\n"
        "assert not missing, missing\n"
    )


def test_control_is_listed_and_exported_before_it_is_compiled() -> None:
    _fresh(
        "import caddy.messages as m\n"
        "assert 'CONTROL' not in vars(m)\n"  # not compiled yet
        "assert 'CONTROL' in dir(m)\n"
        "ns = {}\n"
        "exec('from caddy.messages import *', ns)\n"
        "assert ns['CONTROL'] is m.CONTROL\n"
        "assert ns['CONTROL'].search('a\\x1bb') and not ns['CONTROL'].search('Mikhaletz,L')\n"
    )


def test_no_tiebreak_plugin_loads_the_explanations_until_asked() -> None:
    """Every module of the ``caddy.tiebreaks`` entry points imported: none of them
    loads ``caddy.contracts.explanation`` (only ``explain()`` does)."""
    _fresh(
        "import importlib, sys\n"
        "from importlib.metadata import entry_points\n"
        "found = list(entry_points(group='caddy.tiebreaks'))\n"
        "assert len(found) >= 10, found\n"
        "for ep in found:\n"
        "    importlib.import_module(ep.value.partition(':')[0])\n"
        "assert 'caddy.contracts.explanation' not in sys.modules\n"
    )
