"""OperationLog's public faces: the columns writers read, and the builder readers fill.

Readers and writers of event files go through every operation at list speed;
they do so through :attr:`OperationLog.columns` and :class:`OperationLogBuilder`,
never the log's private lists.
"""

from __future__ import annotations

import pytest

from caddy.model.tournament import (
    OperationLog,
    OperationLogBuilder,
    PairRound,
    RecordResult,
    RecordResults,
    Withdraw,
)

PAIRED = PairRound(round=1, white=(1, 3), black=(2, 4))
OPERATIONS = (
    PAIRED,
    RecordResult(round=1, board=1, result="1-0"),
    RecordResult(round=1, board=2, result="1/2", force=True),
    Withdraw(player=4, after_round=1),
)


def test_columns_hold_plain_results_as_values_and_other_operations_as_objects() -> None:
    items, rounds, boards, results = OperationLog(OPERATIONS).columns
    assert items == [PAIRED, None, OPERATIONS[2], OPERATIONS[3]]
    assert rounds == [0, 1, 0, 0]
    assert boards == [0, 1, 0, 0]
    assert results == ["", "1-0", "", ""]


def test_builder_gives_the_log_the_operations_give() -> None:
    builder = OperationLogBuilder()
    builder.add(PAIRED)
    builder.items.append(None)  # a plain result, straight into the columns
    builder.rounds.append(1)
    builder.boards.append(1)
    builder.results.append("1-0")
    builder.add(OPERATIONS[2])
    builder.add(OPERATIONS[3])
    log = builder.build()
    assert log == OperationLog(OPERATIONS)
    assert tuple(log) == OPERATIONS


def test_builder_takes_a_run_of_results() -> None:
    builder = OperationLogBuilder()
    builder.add(RecordResults(round=2, boards=(1, 2), results=("0-1", "1-0")))
    assert tuple(builder.build()) == (
        RecordResult(round=2, board=1, result="0-1"),
        RecordResult(round=2, board=2, result="1-0"),
    )


def test_builder_refuses_columns_of_different_lengths() -> None:
    builder = OperationLogBuilder()
    builder.items.append(None)
    with pytest.raises(ValueError, match="differ in length"):
        builder.build()
