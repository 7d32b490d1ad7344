"""Event file schema version 2 (issue 14 §7): one cattrs converter for the
whole document, runs of a round's results as one operation, codecs' kept data.

Sources a reader can open: ``docs/json.md`` (the versions and the promise),
``core/caddy/event/`` (``configure``, ``to_document``, ``from_document``) and
the version 1 fixture ``tests/data/event-v1.json``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from caddy.errors import CaddyError
from caddy.event import (
    RUN_MIN,
    EventFile,
    FileOperation,
    PairRound,
    RecordResult,
    RecordResults,
    Withdraw,
    from_document,
    make_event_converter,
    new_event,
    operations_to_data,
    to_document,
)
from caddy.event.store import dumps, load, loads, save
from caddy.model.schedule import Player
from caddy_plugins.formats.manual import ManualOptions
from caddy_plugins.formats.round_robin import RoundRobinOptions
from tests.conftest import Run

DATA = Path(__file__).parent / "data"
WORDS = ("1-0", "0-1", "1/2")


def big_round_robin(n: int = 20) -> EventFile:
    """A round robin of ``n`` players with round 1 complete and round 2 half done."""
    players = [Player(name=f"P{i}", rating=2000 + i) for i in range(1, n + 1)]
    event = new_event(players, "round-robin", RoundRobinOptions(), name="Big")
    for board in range(1, n // 2 + 1):
        event = event.with_operation(RecordResult(round=1, board=board, result=WORDS[board % 3]))
    for board in range(1, n // 4 + 1):
        event = event.with_operation(RecordResult(round=2, board=board, result="1/2"))
    return event


def document(event: EventFile) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(event))
    return data


def test_writes_version_2_with_a_round_as_one_operation() -> None:
    event = big_round_robin()
    data = document(event)
    assert data["version"] == 2
    assert data["tournament"]["kept"] == {}
    assert data["operations"] == [
        {
            "op": "results",
            "round": 1,
            "boards": list(range(1, 11)),
            "results": [WORDS[b % 3] for b in range(1, 11)],
        },
        # fewer than RUN_MIN results stay one operation each, as a person types them
        *({"op": "result", "round": 2, "board": b, "result": "1/2"} for b in range(1, 6)),
    ]
    assert RUN_MIN == 8
    assert loads(dumps(event)) == event
    assert len(event.operations) == 15  # undo and history count results, not runs


def test_a_run_is_a_rounds_results_in_the_order_recorded() -> None:
    """Boards in any order; another operation or another round ends the run."""
    event = big_round_robin()
    order = (3, 1, 10, 2, 9, 4, 8, 5)
    for board in order:
        event = event.with_operation(RecordResult(round=3, board=board, result="1-0"))
    event = event.with_operation(Withdraw(player=20, after_round=3))
    event = event.with_operation(RecordResult(round=3, board=6, result="0-1"))
    ops = document(event)["operations"]
    assert ops[-3:] == [
        {"op": "results", "round": 3, "boards": list(order), "results": ["1-0"] * 8},
        {"op": "withdraw", "player": 20, "after_round": 3},
        {"op": "result", "round": 3, "board": 6, "result": "0-1"},
    ]
    assert list(loads(dumps(event)).operations) == list(event.operations)


def test_history_json_still_lists_one_item_per_operation(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    save(path, big_round_robin())
    run: Run = cli("history", str(path), "--json")
    assert run.code == 0, run.err
    items = json.loads(run.out)
    assert len(items) == 15
    assert items[0] == {"op": "result", "round": 1, "board": 1, "result": "0-1"}
    run = cli("undo", str(path), "--steps", "6")
    assert run.code == 0, run.err
    assert len(load(path).operations) == 9
    assert document(load(path))["operations"][0]["op"] == "results"  # 9 of round 1: a run


def test_the_v1_fixture_loads_and_saves_as_version_2(tmp_path: Path) -> None:
    event = load(DATA / "event-v1.json")
    path = tmp_path / "v2.json"
    save(path, event)
    assert json.loads(path.read_bytes())["version"] == 2
    assert load(path) == event


def v1_of(data: dict[str, Any]) -> dict[str, Any]:
    """A version 2 document as version 1 wrote it: ``trf`` for kept, no runs."""
    old: dict[str, Any] = json.loads(json.dumps(data))
    old["version"] = 1
    kept = old["tournament"].pop("kept")
    old["tournament"]["trf"] = kept.get("trf")
    ops: list[dict[str, Any]] = []
    for op in old["operations"]:
        if op["op"] == "results":
            ops.extend(
                {"op": "result", "round": op["round"], "board": b, "result": r}
                for b, r in zip(op["boards"], op["results"], strict=True)
            )
        else:
            ops.append(op)
    old["operations"] = ops
    return old


TRF = (
    "012 Club Open\n"
    "022 Town\n"
    "092 Individual: Swiss-System\n"
    "XXR 3\n"
    "001    1      Anna                              2100                             1.0    1     2 w 1  \n"
    "001    2      Ben                               2050                             0.0    2     1 b 0  \n"
    "132 Something caddy does not model\n"
)


def test_a_v1_files_trf_records_become_the_trf_codecs_kept_data() -> None:
    from caddy.plugins.lookup import get_codec

    codec = get_codec("trf")
    event = codec.read(TRF.encode(), source="club.trf").event
    assert event.tournament.kept["trf"]["head"][0].startswith("012 Club Open")
    v2 = to_document(event)
    old = from_document(v1_of(v2))
    assert old == event
    assert codec.write(old).data == codec.write(event).data
    assert b"132 Something caddy does not model" in codec.write(old).data


def test_a_v1_trf_of_the_wrong_shape_names_its_path() -> None:
    data = v1_of(to_document(big_round_robin()))
    data["tournament"]["trf"] = {"head": ["012 x", 5]}
    with pytest.raises(CaddyError) as caught:
        from_document(data)
    assert list(caught.value.problems) == ["$.tournament.trf.head[1]: expected a string, got 5"]
    data["tournament"]["trf"] = None
    data["tournament"]["kept"] = {}
    with pytest.raises(CaddyError, match=r"unknown keys \['kept'\]"):
        from_document(data)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda r: r.update(round=1.0), "$.operations[0].round: expected a whole number, got 1.0"),
        (
            lambda r: r.update(round="1"),
            '$.operations[0].round: expected a whole number, got a string "1"',
        ),
        (
            lambda r: r["boards"].__setitem__(0, True),
            "$.operations[0].boards[0]: expected a whole number, got true",
        ),
        (
            lambda r: r["boards"].__setitem__(5, 6.0),
            "$.operations[0].boards[5]: expected a whole number, got 6.0",
        ),
        (
            lambda r: r["results"].__setitem__(3, 1),
            "$.operations[0].results[3]: expected a string, got 1",
        ),
        (
            lambda r: r["results"].__setitem__(9, True),
            "$.operations[0].results[9]: expected a string, got true",
        ),
        (
            lambda r: r["results"].__setitem__(2, "\ud800"),
            "$.operations[0].results[2]: not Unicode text (a lone surrogate \\ud800)",
        ),
        (
            lambda r: r.update(results="1-0"),
            '$.operations[0].results: expected a list, got a string "1-0"',
        ),
        (lambda r: r["results"].pop(), "$.operations[0]: 9 results for 10 boards"),
        (lambda r: r.update(colour="w"), "$.operations[0]: extra fields found (colour)"),
        (lambda r: r.pop("results"), "$.operations[0].results: required field missing"),
        (lambda r: r.pop("boards"), "$.operations[0].boards: required field missing"),
    ],
)
def test_a_run_is_read_strictly_naming_the_path(change: Any, problem: str) -> None:
    data = to_document(big_round_robin())
    change(data["operations"][0])
    with pytest.raises(CaddyError) as caught:
        from_document(json.loads(json.dumps(data)))
    assert list(caught.value.problems) == [problem]


def test_a_result_in_a_run_that_does_not_replay_is_named_where_the_file_holds_it() -> None:
    data = to_document(big_round_robin())
    data["operations"][0]["results"][4] = "2-0"
    with pytest.raises(CaddyError) as caught:
        from_document(data)
    assert str(caught.value).startswith("$.operations[0].results[4]: ")
    data = to_document(big_round_robin())
    data["operations"][3]["board"] = 99  # the third single result after the run
    with pytest.raises(CaddyError) as caught:
        from_document(data)
    assert str(caught.value).startswith("$.operations[3]: ")


@pytest.mark.parametrize(
    ("rating", "shown"),
    [(2100.9, "2100.9"), (2100.0, "2100.0"), ("2050", 'a string "2050"'), (True, "true")],
)
def test_numbers_are_strict(rating: Any, shown: str) -> None:
    data = to_document(big_round_robin())
    data["tournament"]["players"][3]["rating"] = rating
    with pytest.raises(CaddyError) as caught:
        from_document(data)
    assert list(caught.value.problems) == [
        f"$.tournament.players[3].rating: expected a whole number, got {shown}"
    ]


@pytest.mark.parametrize(
    ("kept", "problem"),
    [
        ([], "$.tournament.kept: expected an object, got a list"),
        ({"x": {"y": [1, math.nan]}}, "$.tournament.kept.x.y[1]: expected a number, got NaN"),
        ({"x": ["\ud800"]}, "$.tournament.kept.x[0]: not Unicode text (a lone surrogate \\ud800)"),
        ({"x": {"\udcff": 1}}, "$.tournament.kept.x: a key is not Unicode text"),
    ],
)
def test_kept_data_is_strict_json(kept: Any, problem: str) -> None:
    data = to_document(big_round_robin())
    data["tournament"]["kept"] = kept
    with pytest.raises(CaddyError) as caught:
        from_document(data)
    assert caught.value.problems[0].startswith(problem)


def test_kept_data_round_trips_opaque() -> None:
    import attrs

    event = big_round_robin()
    kept = {"mycodec": {"lines": ["a", "b"], "n": 3, "ok": True, "none": None, "x": 1.5}}
    event = attrs.evolve(event, tournament=attrs.evolve(event.tournament, kept=kept))
    assert loads(dumps(event)).tournament.kept == kept


def test_one_converter_reads_and_writes_every_operation() -> None:
    converter = make_event_converter()
    operations = [
        PairRound(round=1, white=(1, 3), black=(2, 4), byes=(5,)),
        RecordResult(round=1, board=2, result="1-0", force=True),
        RecordResults(round=1, boards=(2, 1), results=("1-0", "0-1")),
        Withdraw(player=3, after_round=1),
    ]
    for operation in operations:
        data = converter.unstructure(operation)
        assert next(iter(data)) == "op"  # the tag first, defaults left out
        union: Any = FileOperation
        assert converter.structure(json.loads(json.dumps(data)), union) == operation
    assert converter.unstructure(operations[0]) == {
        "op": "pair",
        "round": 1,
        "white": [1, 3],
        "black": [2, 4],
        "byes": [5],
    }


def test_operations_to_data_keeps_the_v1_shape() -> None:
    manual = new_event([Player(name=f"P{i}") for i in range(4)], "manual", ManualOptions(rounds=1))
    manual = manual.with_operation(PairRound(round=1, white=(1, 3), black=(2, 4)))
    manual = manual.with_operation(RecordResult(round=1, board=1, result="1-0"))
    assert json.dumps(operations_to_data(manual.operations)) == (
        '[{"op": "pair", "round": 1, "white": [1, 3], "black": [2, 4]}, '
        '{"op": "result", "round": 1, "board": 1, "result": "1-0"}]'
    )


def test_every_printed_document_is_an_attrs_class_through_the_converter() -> None:
    """``caddy.model.documents``: the envelope first, keys in field order; a field
    named in ``omit_defaults`` is left out at its default, the others never."""
    import attrs

    from caddy.model import documents, team_documents
    from caddy.model.documents import PublishMarker, ScheduleHead, SectionPlayers, data

    classes = [
        value
        for module in (documents, team_documents)
        for value in vars(module).values()
        if isinstance(value, type) and attrs.has(value) and value.__name__.endswith("Document")
    ]
    # calc, explain, plan, standings, bracket, pairing, pairings, tiebreaks, plugins;
    # team-standings, board-prizes (issue 25 item 4: one way to build a JSON document)
    assert len(classes) == 11
    for cls in [*classes, ScheduleHead, PublishMarker]:
        names = [field.name for field in attrs.fields(cls)]
        assert names[:2] == ["schema", "version"], cls
    head = ScheduleHead(format="quads", title="t", players=4, seed=None, options={})
    assert data(head) == {
        "schema": "caddy.schedule",
        "version": 1,
        "format": "quads",
        "title": "t",
        "players": 4,
        "seed": None,
        "options": {},
    }
    sectioned = attrs.evolve(head, sections=(SectionPlayers(name="A", players=(1, 2)),))
    assert list(data(sectioned))[-1] == "sections"


def test_every_mutant_of_a_v2_file_loads_or_is_refused_with_its_path() -> None:
    """The strict test's mutation corpus (tests/test_event_strict.py) over a
    version 2 file holding a run and kept data: each mutant is an event or
    ``path: message`` lines; a wrong type, NaN or a lone surrogate is refused."""
    import attrs

    from tests.test_event_strict import corpus, must_refuse, mutated, value_at

    event = big_round_robin(16)
    kept = {"trf": {"head": ["012 Club"], "tail": []}, "other": {"n": 1, "x": [1.5, None]}}
    event = attrs.evolve(event, tournament=attrs.evolve(event.tournament, kept=kept))
    data = document(event)
    assert data["operations"][0]["op"] == "results"
    cases = corpus(data)
    assert len(cases) > 700
    accepted_wrong = []
    # what v2 adds (a run of results, kept data) in full: the first operations and
    # the kept data; the rest, which the strict test covers over its own file,
    # every fourth mutant
    cases = [
        case
        for index, case in enumerate(cases)
        if case[0][:2] in (("operations", 0), ("operations", 1), ("tournament", "kept"))
        or index % 4 == 0
    ]
    for where, value in cases:
        raw = json.dumps(mutated(data, where, value)).encode("ascii")
        try:
            loads(raw, "v2.json")
        except CaddyError as exc:
            for problem in exc.problems:
                assert problem.startswith("v2.json: $"), (where, value, problem)
                assert "\n" not in problem
            continue
        opaque = where[:2] == ("tournament", "kept") and len(where) > 2
        if must_refuse(value_at(data, where), value) and not (
            # a codec's kept data is any JSON to core: only NaN and lone surrogates are wrong
            opaque and value is not math.nan and value != "\ud800" and value != math.inf
        ):
            accepted_wrong.append((where, value))
    assert accepted_wrong == []


@pytest.mark.parametrize("trf", [[], {"head": "012 x"}, {"head": [5]}, "x"])
def test_trf_kept_data_of_another_shape_is_one_line_on_export(
    cli: Any, tmp_path: Path, trf: Any
) -> None:
    """Core carries kept data unread; the TRF codec refuses a shape it did not write."""
    data = document(big_round_robin())
    data["tournament"]["kept"] = {"trf": trf}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run: Run = cli("export", str(path), "--to", "trf")
    assert run.code == 1, run.err
    assert run.err.startswith("caddy: error: ")
    assert '$.tournament.kept.trf: expected {"head": [lines], "tail": [lines]}' in run.err
