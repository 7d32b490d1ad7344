"""Tie-break plugins load by the name asked for (issue 31 item 4): ``caddy
standings`` imports the built-in tie-breaks it ranks by, not all of them,
while every other distribution's plugin and every ``CADDY_PLUGINS`` module
still loads, so a name two plugins register is still refused where it is used
(issue 2 §2). Any other question of the registry (every name, an unknown one)
loads the whole kind. :class:`caddy.plugins.registry.PartialRegistry`."""

from __future__ import annotations

from pathlib import Path

import pytest

from caddy.errors import InputError, PluginError
from caddy.plugins.host import PluginHost

TIEBREAKS = "caddy_plugins.tiebreaks."


def tiebreak_modules(host: PluginHost) -> set[str]:
    """The built-in tie-break plugins ``host`` has loaded, by module (not the presets')."""
    return {
        r.module
        for r in host.records.values()
        if r.module.startswith(TIEBREAKS) and r.module != TIEBREAKS + "presets"
    }


def test_a_tiebreak_asked_for_by_name_loads_its_own_plugin_alone() -> None:
    host = PluginHost(env={})
    plugin = host.tiebreaks().get("BH")
    assert plugin.name == "BH"
    assert tiebreak_modules(host) == {TIEBREAKS + "bh"}
    assert host.tiebreaks().get("SB").name == "SB"
    assert tiebreak_modules(host) == {TIEBREAKS + "bh", TIEBREAKS + "sb"}


def test_the_presets_load_no_builtin_tiebreak() -> None:
    """The default list of a Swiss (FIDE C.07 Art. 14.3 as the built-in preset
    ``swiss`` gives it) is found without importing a built-in tie-break."""
    host = PluginHost(env={})
    swiss = [p for p in host.tiebreak_presets() if "other" in p.default_for]
    assert [list(p.tiebreaks) for p in swiss] == [["BH/C1", "BH", "SB", "DE", "WIN"]]
    assert tiebreak_modules(host) == set()


def test_builtin_tiebreak_plugins_register_no_preset() -> None:
    """What lets a preset registry leave the built-in tie-breaks unloaded:
    only the presets plugin registers presets."""
    host = PluginHost(env={})
    registering = {r.module for r in host.plugin_records() if r.registers.get("tiebreak_presets")}
    assert registering == {TIEBREAKS + "presets"}
    assert len(tiebreak_modules(host)) > 20  # every built-in tie-break loaded for the list


def test_an_unknown_name_lists_every_tiebreak() -> None:
    every = PluginHost(env={}).tiebreaks().names()
    assert {"BH", "KS", "TPN", "WIN"} <= set(every)
    host = PluginHost(env={})
    with pytest.raises(InputError) as raised:
        host.tiebreaks().get("NOPE")
    assert str(raised.value) == f"unknown tie-break 'NOPE' (known: {', '.join(every)})"


def test_a_name_another_plugin_registers_too_is_refused_when_asked_for_alone(
    fake_modules: Path,
) -> None:
    """tests/fake_plugins/twin_tiebreak_caddy_plugin.py registers ``RTNG``
    again: asked for by name alone, the clash is still found (the message of
    tests/test_cli_defects.py::test_duplicate_tiebreak_is_an_error_only_where_used)."""
    host = PluginHost(env={"CADDY_PLUGINS": "twin_tiebreak_caddy_plugin"})
    assert host.tiebreaks().get("BH").name == "BH"  # the clash is not BH's
    with pytest.raises(PluginError) as raised:
        host.tiebreaks().get("RTNG")
    assert str(raised.value) == (
        "two plugins register the tie-break 'RTNG': "
        "twin_tiebreak_caddy_plugin and caddy_plugins.tiebreaks.rtng"
    )
    assert tiebreak_modules(host) == {TIEBREAKS + "bh", TIEBREAKS + "rtng"}


def test_a_disabled_builtin_is_unknown_as_before() -> None:
    host = PluginHost(env={"CADDY_DISABLED_PLUGINS": "bh"})
    with pytest.raises(InputError) as raised:
        host.tiebreaks().get("BH")
    assert str(raised.value).startswith("unknown tie-break 'BH' (known: AOB, APPO, APRO, ARO")


@pytest.mark.parametrize(("name", "module"), [("text", "text"), ("csv", "csv_table")])
def test_a_renderer_asked_for_by_name_loads_its_own_plugin_alone(name: str, module: str) -> None:
    """``caddy standings`` prints with the text renderer: the HTML, CSV and
    Markdown plugins stay unloaded (the entry point ``csv`` is the module ``csv_table``)."""
    host = PluginHost(env={})
    assert host.renderers().get(name).name == name
    loaded = {r.module for r in host.records.values() if ".renderers." in r.module}
    assert loaded == {f"caddy_plugins.renderers.{module}"}
