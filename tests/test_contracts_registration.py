"""The explicit plugin contract (issue 14, items 1 and 5): every registered
object is checked against its Protocol in ``caddy.contracts``; a missing
capability is exit 3 and one line naming the plugin's module; core never
probes a plugin with ``getattr``; errors form a hierarchy under CaddyError."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import caddy
import caddy.contracts.conformance as contract_checks
from caddy.contracts import FormatBase, Preset
from caddy.contracts.base import base_class
from caddy.contracts.conformance import complete, conformance, plugin_of
from caddy.errors import (
    CaddyError,
    FileError,
    InputError,
    PluginError,
    RulesError,
    TimeControlError,
    exit_code,
)
from caddy.event import RecordResult
from caddy.plugins.host import PluginHost, reset_host
from caddy.plugins.lookup import parse_time_control
from caddy.plugins.registry import KINDS, Registry
from tests import sources
from tests.conftest import FAKES, Run

CORE = Path(__file__).resolve().parents[1] / "core" / "caddy"


@pytest.fixture
def builtin_host() -> PluginHost:
    """A host with only caddy's own plugins."""
    return PluginHost(env={"CADDY_DISABLE_PLUGIN_AUTOLOAD": "1"})


@pytest.fixture
def lacking(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.syspath_prepend(str(FAKES))
    monkeypatch.setenv("CADDY_PLUGINS", "lacking_caddy_plugin")
    reset_host()
    yield
    import sys

    sys.modules.pop("lacking_caddy_plugin", None)


# -- acceptance: a plugin missing one capability ----------------------------------------


def test_a_format_missing_arithmetic_is_exit_3_with_one_line_naming_it(
    cli: Callable[..., Run], lacking: None
) -> None:
    run = cli("calc", "8", "--tc", "G/25d5")
    assert run.code == 3
    assert run.err == (
        "caddy: error: plugin lacking_caddy_plugin: format 'lacking' lacks "
        "arithmetic(players, options)\n"
    )
    assert run.out == ""


def test_the_same_plugin_does_not_stop_commands_that_use_no_format(
    cli: Callable[..., Run], lacking: None
) -> None:
    run = cli("tiebreaks")
    assert run.code == 0, run.err


# -- every built-in is checked at registration -------------------------------------------


def test_every_builtin_plugin_is_checked_against_its_contract(
    builtin_host: PluginHost, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[tuple[str, str]] = []
    real = contract_checks.conformance

    def spy(kind: str, obj: object) -> list[str]:
        checked.append((kind, obj.name))  # type: ignore[attr-defined]
        return real(kind, obj)

    monkeypatch.setattr(contract_checks, "conformance", spy)
    registered: list[tuple[str, str]] = []
    for kind in KINDS:
        registry = builtin_host.registry(kind)
        registered.extend((kind, name) for name in registry.names())
    assert sorted(checked) == sorted(registered)
    kinds = {kind for kind, _ in registered}
    assert {"formats", "tiebreaks", "codecs", "renderers", "time_controls"} <= kinds
    assert len(registered) > 30


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "tiebreak_presets"])
def test_every_builtin_conforms(builtin_host: PluginHost, kind: str) -> None:
    for item in builtin_host.registry(kind):
        assert conformance(kind, plugin_of(item)) == []


def test_builtin_formats_subclass_the_base_and_declare_their_kind(
    builtin_host: PluginHost,
) -> None:
    kinds = {}
    for fmt in builtin_host.formats():
        assert isinstance(fmt, FormatBase)
        assert complete("formats", fmt) is fmt  # nothing to fill in
        kinds[fmt.name] = fmt.kind
    assert kinds["knockout"] == kinds["groups-knockout"] == "results"
    assert kinds["manual"] == "external"
    assert kinds["quads"] == "results"  # its Swiss section is paired from results
    assert kinds["round-robin"] == "schedule"


def test_each_base_class_has_every_optional_member() -> None:
    """``complete`` returns an instance of a base class as it is, unchecked: that holds
    only while the base class gives every optional member a default."""
    for kind in contract_checks.OPTIONAL:  # a kind with optional members has a base class
        base = base_class(kind)
        assert base is not None, kind
        for member in contract_checks.OPTIONAL[kind]:
            assert hasattr(base, member), (kind, member)


# -- conformance names what is missing --------------------------------------------------


class _Tb:
    name: ClassVar[str] = "XX"

    def compute(self, table: Any, spec: Any) -> list[float | None]:
        return []

    def explain(self, table: Any, spec: Any, player: int) -> Any:
        return None


class _GroupTb(_Tb):
    name: ClassVar[str] = "GG"
    group_dependent: ClassVar[bool] = True


class _NoWrite:
    name: ClassVar[str] = "nowrite"
    summary: ClassVar[str] = ""
    suffixes: ClassVar[tuple[str, ...]] = (".nw",)

    def sniff(self, data: bytes) -> bool:
        return False

    def read(self, data: bytes, *, source: str, strict: bool = False) -> Any:
        return None


class _ShortRender:
    name: ClassVar[str] = "short"
    summary: ClassVar[str] = ""
    suffix: ClassVar[str] = ".s"

    def render(self) -> str:
        return ""


@attrs.frozen
class _Opts:
    rounds: int = 1


class _Pairs(FormatBase):
    name: ClassVar[str] = "pairs"
    summary: ClassVar[str] = ""
    Options: ClassVar[type[Any]] = _Opts
    kind: ClassVar[str] = "results"

    def arithmetic(self, players: int, options: Any) -> Any:
        return None


def test_conformance_names_each_missing_member() -> None:
    assert conformance("tiebreaks", _Tb()) == []
    assert conformance("tiebreaks", _GroupTb()) == [
        "tie-break 'GG' lacks rank_group(table, spec, group)"
    ]
    assert conformance("codecs", _NoWrite()) == ["file format 'nowrite' lacks write(event)"]
    assert conformance("renderers", _ShortRender()) == [
        "output form 'short' has render without the parameters render(report)"
    ]
    assert conformance("formats", _Pairs()) == [
        "format 'pairs' lacks next_round(request)",
        "format 'pairs' lacks winner(players, options, played)",
    ]
    assert conformance("tiebreak_presets", Preset(name="mine", tiebreaks=("SB",))) == []

    class Plain(_Pairs):
        kind: ClassVar[str] = "external"
        Options: ClassVar[type[Any]] = dict

    assert conformance("formats", Plain()) == [
        "format 'pairs' has Options that is not an attrs class"
    ]


def test_registry_add_refuses_with_one_line_naming_the_module() -> None:
    registry: Registry[Any] = Registry("codecs")
    with pytest.raises(PluginError) as caught:
        registry.add(_NoWrite(), "some_mod")
    assert str(caught.value) == "plugin some_mod: file format 'nowrite' lacks write(event)"
    assert caught.value.plugin == "some_mod"
    assert caught.value.problems == (str(caught.value),)
    assert "\n" not in str(caught.value)


def test_a_plugin_without_the_optional_members_is_completed() -> None:
    registry: Registry[Any] = Registry("tiebreaks")
    registry.add(_Tb(), "tb_mod")
    tb = registry.get("XX")
    assert tb.lower_is_better(None) is False
    assert tb.separates_round_robin is True
    assert tb.group_dependent is False
    assert tb.explain_group(None, None, (), 0) is None
    assert type(tb).__module__ == _Tb.__module__  # messages still name the plugin's module
    assert plugin_of(tb).__class__ is _Tb


def test_a_format_written_before_kinds_gets_its_kind_from_its_members() -> None:
    class Bracket:
        name: ClassVar[str] = "bracket"
        summary: ClassVar[str] = ""
        Options: ClassVar[type[Any]] = dict

        def arithmetic(self, players: int, options: Any) -> Any:
            return players

        def next_round(self, request: Any) -> Any:
            return request

        def winner(self, players: int, options: Any, played: Sequence[Any]) -> int | None:
            return None

        def helper(self) -> str:
            return "forwarded"

    fmt = complete("formats", Bracket())
    assert fmt.kind == "results"
    assert fmt.arithmetic(5, {}) == 5  # the plugin's own member, not the default
    assert fmt.variants({}) == {}  # the default
    assert fmt.helper() == "forwarded"
    assert fmt.stages(5, {}) == () and fmt.sections(5, {}) == ()
    assert fmt.has_matches is False


# -- tie-break presets --------------------------------------------------------------------


class _PresetPlugin:
    @caddy.hookimpl
    def caddy_register_tiebreak_presets(self, register: Callable[[Any], None]) -> None:
        register(
            Preset(name="sb-first", tiebreaks=("SB", "DE"), summary="SB, then direct encounter")
        )


def test_a_plugin_registers_a_preset_that_standings_accept(builtin_host: PluginHost) -> None:
    from caddy.standings.ranking import resolve_tiebreaks

    builtin_host.register(_PresetPlugin())
    assert "sb-first" in builtin_host.tiebreak_presets().names()
    resolved = resolve_tiebreaks("sb-first", True, builtin_host)
    assert [spec.text for spec, _ in resolved] == ["SB", "DE"]


# -- no getattr probing in core -----------------------------------------------------------

#: Objects core may read with a getattr default: argparse namespaces, streams,
#: os, importlib.metadata's distributions and finders (discovery), and the attrs
#: classes the converter configures (`cls`: documents' omit_defaults) - never a plugin.
ALLOWED = {"ns", "namespace", "stream", "os", "errno", "dist", "finder", "cls"}


def _probes() -> Iterator[str]:
    for path in sorted(CORE.rglob("*.py")):
        for node in sources.nodes(path):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ("getattr", "hasattr"):
                continue
            if node.func.id == "getattr" and len(node.args) < 3:
                continue  # no default: not a probe
            target = ast.unparse(node.args[0])
            if target not in ALLOWED:
                yield f"{path.relative_to(CORE)}:{node.lineno}: {ast.unparse(node)}"


def test_core_never_probes_a_plugin_with_getattr() -> None:
    assert list(_probes()) == []


# -- errors -------------------------------------------------------------------------------


def test_error_hierarchy_and_exit_codes() -> None:
    for cls in (InputError, FileError, RulesError, TimeControlError, PluginError):
        assert issubclass(cls, CaddyError)
    assert issubclass(FileError, InputError) and issubclass(RulesError, InputError)
    assert not issubclass(PluginError, InputError)
    error = FileError("bad", path="x.json", record="$.players[0]", problems=["a", "b"])
    assert (error.path, error.record, error.problems) == ("x.json", "$.players[0]", ("a", "b"))
    assert exit_code(PluginError("p")) == 3 == PluginError.exit_code
    assert exit_code(RulesError("r")) == 1 == RulesError.exit_code
    assert exit_code(ValueError()) == 3
    assert CaddyError("one").problems == ("one",)


def test_time_control_parse_uses_the_host_it_is_given() -> None:
    from caddy.contracts import TimeControlParser
    from caddy.model.timecontrol import TimeControl

    class Only:
        name: ClassVar[str] = "only"
        priority: ClassVar[int] = 1

        def parse(self, text: str) -> TimeControl | None:
            return None

    class Plugin:
        @caddy.hookimpl
        def caddy_register_time_controls(self, register: Callable[[Any], None]) -> None:
            register(Only())

    host = PluginHost(
        env={"CADDY_DISABLE_PLUGIN_AUTOLOAD": "1", "CADDY_DISABLED_PLUGINS": _all_time_controls()}
    )
    host.register(Plugin())
    parsers: list[TimeControlParser] = host.time_control_parsers()
    assert [p.name for p in parsers] == ["only"]
    with pytest.raises(TimeControlError):
        parse_time_control("G/25d5", host)
    assert str(parse_time_control("G/25d5")) == "G/25 d5"


def _all_time_controls() -> str:
    host = PluginHost(env={"CADDY_DISABLE_PLUGIN_AUTOLOAD": "1"})
    host.time_control_parsers()
    return (
        ",".join(r.name for r in host.records.values() if r.registers.get("time_controls"))
        + ","
        + ",".join(r.module for r in host.records.values() if r.registers.get("time_controls"))
    )


# -- item 5: the host an embedder passes is the one used ------------------------------------


class _Poisoned(PluginHost):
    """A global host that fails any use: an embedder's host must not reach it."""

    def registry(self, kind: str) -> Registry[Any]:
        raise AssertionError(f"the global host was asked for {kind}")


def test_a_host_passed_in_is_used_everywhere() -> None:
    from caddy.event import from_document, new_event, replay, results_event, to_document
    from caddy.model.schedule import Player
    from caddy.schedule.calculator import calculate
    from caddy.standings.crosstable import crosstable
    from caddy.standings.ranking import standings
    from caddy_plugins.formats.round_robin import RoundRobinOptions

    mine = PluginHost(env={"CADDY_DISABLE_PLUGIN_AUTOLOAD": "1"})
    previous = reset_host(_Poisoned(env={}))
    try:
        assert calculate(8, time_control="G/25d5", host=mine).club_nights
        assert str(parse_time_control("90+30", mine)) == "G/90+30"
        players = [Player(name=f"P{k}", rating=2000 + k) for k in range(1, 7)]
        event = new_event(
            players,
            "round-robin",
            RoundRobinOptions(),
            host=mine,
            time_control=parse_time_control("G/25d5", mine),
            tiebreaks=("APRO", "SB"),
        )
        for board in range(1, 4):
            event = event.with_operation(
                RecordResult(round=1, board=board, result="1-0"), host=mine
            )
        again = from_document(to_document(event, host=mine), host=mine)
        assert again == event
        results = results_event(replay(again, mine))
        ranked = standings(results, ["APRO", "SB"], host=mine)  # APRO asks for TPR
        assert len(ranked.rows) == 6 and list(ranked.tiebreaks) == ["APRO", "SB"]
        assert crosstable(results, ["SB"], host=mine).header
        assert event.undo(host=mine).operations == event.operations[:2]
    finally:
        reset_host(previous)
