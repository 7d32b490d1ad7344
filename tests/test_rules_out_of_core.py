"""Issue 14, item 4: chess rules out of core.

Core (``core/caddy``) knows contracts and folds; the plugins (``plugins/``)
know FIDE: the tie-break arithmetic, the rating tables, TRF and the tie-break
presets live under ``plugins/``, and ``caddy standings``/``crosstable``/``check``
read any file through the codec registry, so a third party's file format is
ranked like TRF.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from tests import sources
from tests.conftest import Run

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "core" / "caddy"
PLUGINS = ROOT / "plugins" / "caddy_plugins"

#: The built-in formats' names: core asks the format, never matches its name.
FORMAT_NAMES = {
    "round-robin",
    "double-round-robin",
    "knockout",
    "groups-knockout",
    "quads",
    "scheveningen",
    "manual",
}
#: Names that are chess rules: tie-break machinery, rating tables, TRF reading, presets.
RULE_MARKERS = (
    "OpponentScoreSum",
    "RoundCount",
    "RatingTieBreak",
    "def contributions",
    "def apply_cuts",
    "def rated_games",
    "fide_rating_tables",
    "score_percent_to_dp",
    "def perfect_performance",
    "TrfDocument",
    "parse_document",
    "read_trf",
    "TRF26_RECORDS",
)


def core_modules() -> list[Path]:
    return sorted(CORE.rglob("*.py"))


def strings(walked: Iterable[ast.AST]) -> list[tuple[int, str]]:
    """String constants that are not docstrings, with their line (``walked``: every
    node of a tree, as ``ast.walk`` gives them)."""
    walked = tuple(walked)
    docstrings = set()
    for node in walked:
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        (node.lineno, node.value)
        for node in walked
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_the_scan_sees_core() -> None:
    names = {p.relative_to(CORE).as_posix() for p in core_modules()}
    assert {
        "standings/ranking.py",
        "contracts/tiebreak_table.py",
        "event/check.py",
        "schedule/calculator.py",
        "cli/main.py",
    } <= names


def test_rules_live_under_plugins() -> None:
    """The moved modules are gone from core and present in the plugins."""
    assert not (CORE / "trf.py").exists()
    assert not (CORE / "ratings.py").exists()
    assert not list((CORE / "data").glob("*.json")) if (CORE / "data").exists() else True
    assert (PLUGINS / "codecs" / "trf_document.py").is_file()
    assert (PLUGINS / "tiebreaks" / "common.py").is_file()
    assert (PLUGINS / "tiebreaks" / "ratings.py").is_file()
    assert (PLUGINS / "tiebreaks" / "presets.py").is_file()
    assert (PLUGINS / "tiebreaks" / "data" / "fide_rating_tables.json").is_file()


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: p.relative_to(CORE).as_posix())
def test_no_chess_rule_in_core(path: Path) -> None:
    """No tie-break machinery, rating table, TRF reading or preset list in core,
    and no import of the plugins package (core asks through contracts)."""
    text = sources.text(path)
    found = [marker for marker in RULE_MARKERS if marker in text]
    assert not found, f"{path.name}: chess rules in core: {found}"
    presets = [(line, s) for line, s in strings(sources.nodes(path)) if s == "BH/C1"]
    assert not presets, f"{path.name}: a tie-break preset list in core: {presets}"
    for node in sources.nodes(path):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module]
        for module in modules:
            assert not module.startswith("caddy_plugins"), f"{path.name}: core imports {module}"
            # caddy.ratings is the rated-events layer now (lists, requests); FIDE's
            # rules (B.02, table 8.1) stay in the plugin: RULE_MARKERS above
            assert module != "caddy.trf", f"{path.name}: imports {module}"


@pytest.mark.parametrize(
    "name",
    ["schedule/calculator.py", "event/check.py", "standings/ranking.py", "standings/crosstable.py"],
)
def test_no_format_names(name: str) -> None:
    """The calculator, the checks and the standings ask the format (its
    arithmetic: ``pair_meetings``, ``advice``), never match its name. The
    calculator's default format (``DEFAULT_FORMAT``) is the one name left."""
    default = {
        id(node.value)
        for node in sources.nodes(CORE / name)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "DEFAULT_FORMAT" for t in node.targets)
    }
    named = [
        (node.lineno, node.value)
        for node in sources.nodes(CORE / name)
        if isinstance(node, ast.Constant) and node.value in FORMAT_NAMES and id(node) not in default
    ]
    assert not named, f"{name}: format names {named}"


def test_the_guard_catches_a_planted_rule() -> None:
    """The scans above would fail on a rule put back into core."""
    planted = ast.parse('ROUND_ROBIN = frozenset({"round-robin"})\n')
    assert [s for _, s in strings(ast.walk(planted)) if s in FORMAT_NAMES] == ["round-robin"]
    assert any(m in "class OpponentScoreSum:" for m in RULE_MARKERS)


# -- a third-party codec's file, ranked --------------------------------------------

GAMES = """#gamelist
Anna;2100
Ben;2050
Cara;1990
Dan;1900
1 1 4 1-0
1 2 3 1/2
2 3 1 0-1
2 4 2 1/2
3 1 2 1/2
3 3 4 1-0
"""


@pytest.fixture
def games_file(tmp_path: Path, fake_modules: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CADDY_PLUGINS", "games_caddy_plugin")
    path = tmp_path / "club.games"
    path.write_text(GAMES, encoding="utf-8")
    return path


def test_third_party_codec_file_is_ranked(games_file: Path, cli: Callable[..., Run]) -> None:
    """Acceptance: `caddy standings FILE` reads a third party's format through
    the codec registry (its `read`), and ranks the event it imports."""
    run = cli("standings", str(games_file), "--json")
    assert (run.code, run.err) == (0, "")
    document = json.loads(run.out)
    rows = [(r["rank"], r["name"], r["score"]) for r in document["rows"]]
    assert rows == [(1, "Anna", 2.5), (2, "Ben", 1.5), (3, "Cara", 1.5), (4, "Dan", 0.5)]
    assert document["tiebreaks"] == ["SB", "DE", "KS"]  # a complete round robin: the rr preset
    assert document["rows"][1]["tiebreaks"]["SB"] == 2.25
    text = cli("standings", str(games_file), "--tiebreaks", "swiss")
    assert text.code == 0 and "BH/C1" in text.out


def test_third_party_codec_file_found_by_sniffing(
    games_file: Path, cli: Callable[..., Run]
) -> None:
    """Without the codec's suffix, its `sniff` finds it; crosstable and check too."""
    odd = games_file.with_suffix(".dat")
    odd.write_bytes(games_file.read_bytes())
    run = cli("crosstable", str(odd))
    assert run.code == 0, run.err
    assert run.out.splitlines()[1].split()[:7] == ["1", "Anna", "×", "½", "1", "1", "2.5"]
    check = cli("check", str(odd))
    assert check == Run(0, f"{odd}: ok (4 players, 3 rounds, round robin)\n", "")


def test_trf_answers_through_its_hooks(cli: Callable[..., Run]) -> None:
    """TRF is the codec plugin's: the hooks give its results and its check."""
    from caddy.plugins.lookup import file_check, file_results, get_codec

    trf = ROOT / "tests" / "data"
    sample = next(iter(sorted(trf.glob("*.trf")) or sorted(trf.rglob("*.trf"))))
    data = sample.read_bytes()
    codec = get_codec("trf")
    results = file_results(str(sample), data, codec)
    assert results is not None and len(results.event.players) > 1
    checked = file_check(str(sample), data, codec)
    assert checked is not None and "players" in checked.summary
    json_codec = get_codec("json")
    assert file_results("x.json", b"{}", json_codec) is None
    assert file_check("x.json", b"{}", json_codec) is None


def test_presets_come_from_a_plugin() -> None:
    from caddy.plugins.host import get_host
    from caddy.standings.ranking import tiebreak_texts

    host = get_host()
    presets = host.registry("tiebreak_presets")
    assert set(presets.names()) >= {"rr", "swiss", "c02"}
    assert presets.module_of("rr") == "caddy_plugins.tiebreaks.presets"
    assert tiebreak_texts(None, True, host) == ["SB", "DE", "KS"]
    assert tiebreak_texts(None, False, host) == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert tiebreak_texts("C02", True, host) == ["DE", "WIN", "SB", "KS"]
    assert tiebreak_texts("SB, BH", True, host) == ["SB", "BH"]


def test_advice_comes_from_the_format() -> None:
    from caddy.schedule.calculator import calculate

    advice = calculate(8).advice
    assert advice is not None and "round robin" in advice
    assert calculate(16, format="knockout").advice is None


def test_shorthands_come_from_the_formats(cli: Callable[..., Run]) -> None:
    """`--double`, `--cycles`, `--groups`, `--advance`, `--rounds` are the format
    plugins' (hook caddy_format_shorthands); the CLI's source names none of them."""
    from caddy.plugins.lookup import shorthands

    flags = {item.flag: item.option for item in shorthands()}
    assert flags == {
        "--double": "cycles",
        "--cycles": "cycles",
        "--groups": "groups",
        "--advance": "advance",
        "--rounds": "rounds",
    }
    assert not [
        s
        for _, s in strings(sources.nodes(CORE / "cli" / "main.py"))
        if s in flags or s in ("groups", "advance")
    ]
    double = json.loads(cli("calc", "6", "--double", "--json").out)["results"][0]
    assert double["rounds"] == 10
    groups = json.loads(
        cli("calc", "16", "--format", "groups-knockout", "--groups", "4", "--json").out
    )["results"][0]
    assert groups["options"]["groups"] == 4


def test_standings_name_no_tie_break() -> None:
    """Which tie-breaks separate nobody in a round robin is the plugins' word
    (``separates_round_robin``): core's standings hold no acronym list."""
    acronyms = {"BH", "FB", "AOB", "SB", "DE", "KS", "WIN", "BH/C1"}
    walked = sources.nodes(CORE / "standings" / "ranking.py")
    assert not [(line, s) for line, s in strings(walked) if s in acronyms]
    from caddy.plugins.host import get_host

    registry = get_host().tiebreaks()
    assert {t.name for t in registry if not t.separates_round_robin} == {"BH", "FB", "AOB"}
