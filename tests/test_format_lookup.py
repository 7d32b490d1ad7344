"""``PluginHost.format(name)``: one event's format without importing the others
(issue 25: ``caddy result`` imports no format module it does not use), with the
same answers as the whole registry: a clash of names, an unknown name, a
format whose entry point has another name."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from caddy.errors import InputError, PluginError
from caddy.plugins.host import PluginHost
from tests.conftest import FAKES


def _formats_imported(name: str) -> list[str]:
    """The built-in format modules a fresh process imports to get ``name``."""
    script = (
        "import sys, json\n"
        "from caddy.plugins.host import PluginHost\n"
        f"fmt = PluginHost(env={{}}).format({name!r})\n"
        "print(json.dumps([fmt.name, sorted(m for m in sys.modules"
        " if m.startswith('caddy_plugins.formats.'))]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    found, modules = json.loads(done.stdout.splitlines()[-1])
    assert found == name
    return list(modules)


#: The built-in format entry points (pyproject.toml, group ``caddy.formats``).
ENTRY_MODULES = {
    "caddy_plugins.formats.round_robin",
    "caddy_plugins.formats.quads",
    "caddy_plugins.formats.scheveningen",
    "caddy_plugins.formats.knockout",
    "caddy_plugins.formats.groups_knockout",
    "caddy_plugins.formats.swiss",
    "caddy_plugins.formats.manual",
    "caddy_plugins.formats.team_round_robin",
    "caddy_plugins.formats.team_scheveningen",
    "caddy_plugins.formats.team_swiss",
}


#: A format whose module imports another format's package for shared code
#: (the team Swiss takes the Swiss options); that plugin is not registered.
SHARED = {"team-swiss": {"caddy_plugins.formats.swiss"}}


@pytest.mark.parametrize("name", ["round-robin", "knockout", "swiss", "manual", "team-swiss"])
def test_one_format_imports_no_other_format_plugin(name: str) -> None:
    """The format's own module (and the helpers it imports), no other format
    plugin's entry point."""
    modules = set(_formats_imported(name))
    own = {f"caddy_plugins.formats.{name.replace('-', '_')}"}
    shared = SHARED.get(name, set())  # code the format imports, not a plugin it registers
    assert modules & ENTRY_MODULES == own | shared


def test_only_the_format_asked_for_is_registered() -> None:
    host = PluginHost(env={})
    host.format("quads")
    assert [r.module for r in host.records.values()] == ["caddy_plugins.formats.quads"]


def test_a_format_registered_by_another_module_loads_the_group() -> None:
    """``double-round-robin`` is registered by ``round_robin``: no entry point
    has its name, so every format module is imported (as ``formats()`` does)."""
    modules = _formats_imported("double-round-robin")
    assert "caddy_plugins.formats.round_robin" in modules
    assert "caddy_plugins.formats.knockout" in modules


def test_the_same_format_as_the_whole_registry() -> None:
    host = PluginHost(env={})
    one = host.format("round-robin")
    assert one.name == "round-robin"
    assert type(one) is type(PluginHost(env={}).formats().get("round-robin"))


def test_an_unknown_name_lists_every_format() -> None:
    with pytest.raises(InputError) as caught:
        PluginHost(env={}).format("gauntlet-x")
    assert "unknown format 'gauntlet-x'" in str(caught.value)
    assert "knockout" in str(caught.value) and "swiss" in str(caught.value)


def test_a_clash_with_another_plugin_is_still_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin of ``CADDY_PLUGINS`` registering ``round-robin`` again: the
    name is an error naming both modules, as with the whole registry."""
    monkeypatch.syspath_prepend(str(FAKES))
    host = PluginHost(env={"CADDY_PLUGINS": "clashing_caddy_plugin"})
    with pytest.raises(PluginError) as caught:
        host.format("round-robin")
    assert "caddy_plugins.formats.round_robin and clashing_caddy_plugin" in str(caught.value)
