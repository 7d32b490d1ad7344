"""The event model: a tournament's starting data (:class:`Tournament`) and the
operations applied to it (:class:`PairRound`, :class:`RecordResult` ...).

How they are read and written: :mod:`caddy.event.convert` and
:mod:`caddy.event.documents`; how they fold into the current state:
:mod:`caddy.event.replay`; the public face: :mod:`caddy.event`.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal, Union

import attrs

from caddy.model.dates import RoundDates
from caddy.model.prizes import PrizeSchedule
from caddy.model.ratings import RatingSetup
from caddy.model.results import BYE_KIND_CODES, Scoring
from caddy.model.schedule import Player
from caddy.model.teams import LineUp, TeamRound, TeamSetup
from caddy.model.timecontrol import TimeControl

SCHEMA = "caddy.tournament"


#: The version written; every version in :data:`READS` is read (docs/json.md).
VERSION = 2


READS = (1, 2)


#: Bye kinds an operation may record (every kind but a round robin's rest round).
BYE_KINDS = tuple(kind for kind in BYE_KIND_CODES if kind != "rest")


@attrs.frozen(kw_only=True)
class FormatChoice:
    """The format and its options (serialised with the format's name as the tag)."""

    name: str
    options: Any


@attrs.frozen(kw_only=True)
class EdeReadings:
    """The event's readings of FIDE Handbook C.07 13.3 for the EDE family of
    team tie-breaks (docs/team-standings.md); the defaults are FIDE's
    reference engine's. Every report of the event (standings, crosstable,
    publish, export) ranks with them."""

    #: 13.3.1, when the direct encounter on the primary score separates
    #: nobody: the direct encounter on the secondary score, or the tied
    #: teams' secondary-score totals (``total``).
    secondary: Literal["direct", "total"] = "direct"
    #: 13.3.2: the board tie-breaks of Art. 12 read the direct encounter, or
    #: every match of the event (``event``).
    boards: Literal["direct", "event"] = "direct"
    #: 13.3.2 with Art. 12.1: the higher board count first, or the lower.
    board_count: Literal["higher", "lower"] = "higher"
    #: The value of a team EDE separates from nobody: 0, or its place (1).
    unseparated: Literal["zero", "place"] = "zero"


@attrs.frozen(kw_only=True)
class Tournament:
    """Starting data of an event."""

    #: Fields left out of the file when they have their default (old files stay byte for byte).
    omit_defaults: ClassVar[tuple[str, ...]] = ("schedule", "teams", "ede", "ratings", "prizes")

    name: str = ""
    start: datetime.date | None = None
    end: datetime.date | None = None
    place: str = ""
    arbiter: str = ""
    time_control: TimeControl | None = None
    #: The dated rounds (``caddy new --every``; docs/calculator.md), if any.
    schedule: RoundDates | None = None
    format: FormatChoice
    #: Tie-break list as written (``None``: the format's default).
    tiebreaks: tuple[str, ...] | None = None
    #: C.07 edition (``None``: by the start date).
    edition: str | None = None
    #: A team event's readings of C.07 13.3 for EDE (``None``: the defaults).
    ede: EdeReadings | None = None
    #: The rating type and tournament-rating method (``None``: each player's
    #: ``rating`` is their FIDE rating, the type is the time control's).
    ratings: RatingSetup | None = None
    #: The prize schedule (``caddy prizes set``; ``None``: none stored).
    prizes: PrizeSchedule | None = None
    #: Players in pairing-number order (``players[0]`` has number 1).
    players: tuple[Player, ...]
    #: How the pairing numbers were given, and the lot's seed.
    numbering: str = "given"
    numbering_seed: int | None = None
    #: Seed for the format's own random choices (a colour toss).
    seed: int | None = None
    #: Points per kind of result (``None``: 1 / ½ / 0, byes as FIDE scores them).
    scoring: Scoring | None = None
    #: The teams of a team event (:mod:`caddy.model.teams`); ``None``: players only.
    teams: TeamSetup | None = None
    #: What a codec keeps to write back, by codec name: that codec's own JSON
    #: data, opaque to core (the TRF codec keeps the records caddy does not
    #: model; a version 1 file's ``trf`` reads as ``kept["trf"]``).
    kept: Mapping[str, Any] = attrs.field(factory=dict, hash=False)


@attrs.frozen(kw_only=True)
class PairRound:
    """A round paired by the format from results, or typed in (manual format)."""

    op: ClassVar[str] = "pair"
    round: int
    white: tuple[int, ...]
    black: tuple[int, ...]
    byes: tuple[int, ...] = ()
    matches: bool = False
    #: Boards (numbered from 1) whose colours are not known (TRF colour ``-``);
    #: their player listed as White is the lower pairing number.
    uncoloured: tuple[int, ...] = ()
    #: A team event's matches this round (its boards are the games above).
    teams: TeamRound | None = None


@attrs.frozen(kw_only=True)
class RecordResult:
    """A result on a board (``1-0 0-1 1/2 +- -+ --``); in a knockout round, the next game of the match."""

    op: ClassVar[str] = "result"
    round: int
    board: int
    result: str
    #: Replaces an earlier result on the same board (a correction).
    force: bool = False


@attrs.frozen(kw_only=True)
class RecordBye:
    """A bye for a player in a round: ``pab``, ``full``, ``half`` or ``zero``.

    For a round not paired yet it is an announced bye (``full``, ``half`` or
    ``zero``, FIDE Handbook C.04.2 3.2-3.3): the player is not paired in that
    round and gets the bye when it is paired."""

    op: ClassVar[str] = "bye"
    round: int
    player: int
    kind: str


@attrs.frozen(kw_only=True)
class Withdraw:
    """A player leaves after ``after_round`` (the round-robin 50% rule applies)."""

    op: ClassVar[str] = "withdraw"
    player: int
    after_round: int


@attrs.frozen(kw_only=True)
class Enter:
    """A late entry (FIDE Handbook C.04.2 2.5): player ``player`` joins after
    the event started. The player is the roster's next pairing number (the
    last of ``tournament.players``: numbers that operations refer to never
    change); each round paired before this operation is one the player
    missed, scored as a bye of kind ``missed`` (``zero``, or ``half`` where
    the event gives points for it)."""

    op: ClassVar[str] = "enter"
    player: int
    missed: str = "zero"


#: What a late entrant may get for each round missed.
MISSED_KINDS = ("zero", "half")


@attrs.frozen(kw_only=True)
class RecordResults:
    """Plain results of one round recorded one after the other: ``results[k]``
    on board ``boards[k]``. The file's compact form of many
    :class:`RecordResult` (schema 2); the log holds them as single results, so
    ``undo`` and ``history`` count each result."""

    op: ClassVar[str] = "results"
    round: int
    boards: tuple[int, ...]
    results: tuple[str, ...] = attrs.field()

    @results.validator
    def _one_per_board(self, _: Any, value: tuple[str, ...]) -> None:
        if len(value) != len(self.boards):
            raise ValueError(f"{len(value)} results for {len(self.boards)} boards")


Operation = Union[PairRound, RecordResult, RecordBye, Withdraw, Enter, LineUp]  # noqa: UP007 - cattrs needs a Union object


OPERATIONS = (PairRound, RecordResult, RecordBye, Withdraw, Enter, LineUp)


#: What an element of the file's ``operations`` list may be: an operation, or a run of results.
FileOperation = Union[PairRound, RecordResult, RecordResults, RecordBye, Withdraw, Enter, LineUp]  # noqa: UP007


class OperationLog(Sequence["Operation"]):
    """The operations, in order: an immutable sequence.

    Plain results (the bulk of any event) are kept as three plain values and
    made into :class:`RecordResult` objects when read, as schedules keep
    pairing numbers as ints; every other operation is kept as its object.
    """

    __slots__ = ("_board", "_items", "_result", "_round")

    def __init__(self, operations: Sequence[Operation] = ()) -> None:
        self._items: list[Operation | None] = []
        self._round: list[int] = []
        self._board: list[int] = []
        self._result: list[str] = []
        for operation in operations:
            self._add(operation)

    def _add(self, operation: Operation | RecordResults) -> None:
        _append(self._items, self._round, self._board, self._result, operation)

    @classmethod
    def build(cls, items: Iterable[Operation | tuple[int, Sequence[str]]]) -> OperationLog:
        """A log from operations, where ``(round, results)`` stands for the
        plain results of boards 1, 2, ... of that round (the cheap form of
        many :class:`RecordResult`, for importers)."""
        log = cls()
        for item in items:
            if type(item) is tuple:
                rnd, results = item
                k = len(results)
                log._items.extend([None] * k)
                log._round.extend([rnd] * k)
                log._board.extend(range(1, k + 1))
                log._result.extend(results)
            else:
                log._add(item)  # type: ignore[arg-type]
        return log

    @classmethod
    def of(cls, operations: Sequence[Operation]) -> OperationLog:
        if isinstance(operations, OperationLog):
            log: OperationLog = operations
            return log
        return cls(operations)

    def __len__(self) -> int:
        return len(self._items)

    def _get(self, index: int) -> Operation:
        item = self._items[index]
        if item is None:
            return RecordResult(
                round=self._round[index], board=self._board[index], result=self._result[index]
            )
        return item

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            log = OperationLog()
            for attr in ("_items", "_round", "_board", "_result"):
                setattr(log, attr, getattr(self, attr)[index])
            return log
        if index < 0:
            index += len(self._items)
        if not 0 <= index < len(self._items):
            raise IndexError(index)
        return self._get(index)

    def __iter__(self) -> Iterator[Operation]:
        for index in range(len(self._items)):
            yield self._get(index)

    def appended(self, operation: Operation) -> OperationLog:
        log: OperationLog = self[:]
        log._add(operation)
        return log

    def count_type(self, cls: type) -> int:
        """How many operations of class ``cls`` the log holds (plain results are not objects)."""
        return sum(1 for item in filter(None, self._items) if type(item) is cls)

    @property
    def columns(self) -> tuple[list[Operation | None], list[int], list[int], list[str]]:
        """The log as four columns, one entry per operation: the object (``None``
        for a plain result), round, board and result (``0``, ``0``, ``""`` for an
        object). For writers that go through every operation at list speed
        (:mod:`caddy.event.convert`); read them, never change them."""
        return self._items, self._round, self._board, self._result

    def compact(self) -> Iterator[tuple[Operation | None, int, int, str]]:
        """(object, round, board, result) per operation; the object is ``None`` for a plain result."""
        return zip(self._items, self._round, self._board, self._result, strict=True)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, OperationLog):
            return (self._items, self._round, self._board, self._result) == (
                other._items,
                other._round,
                other._board,
                other._result,
            )
        if isinstance(other, tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(
            (tuple(self._items), tuple(self._round), tuple(self._board), tuple(self._result))
        )

    def __repr__(self) -> str:
        return f"OperationLog({len(self)} operations)"


class OperationLogBuilder:
    """An :class:`OperationLog` being built at list speed (reading an event file).

    A plain result goes straight into the columns: ``None`` into :attr:`items`,
    its round, board and result into :attr:`rounds`, :attr:`boards` and
    :attr:`results`; any other operation through :meth:`add`. :meth:`build`
    hands the columns to the log (the builder is not to be used after).
    """

    __slots__ = ("boards", "items", "results", "rounds")

    def __init__(self) -> None:
        self.items: list[Operation | None] = []
        self.rounds: list[int] = []
        self.boards: list[int] = []
        self.results: list[str] = []

    def add(self, operation: Operation | RecordResults) -> None:
        """Add ``operation`` (a plain :class:`RecordResult` is kept as columns)."""
        _append(self.items, self.rounds, self.boards, self.results, operation)

    def build(self) -> OperationLog:
        """The log of everything added, in order."""
        lengths = {len(self.items), len(self.rounds), len(self.boards), len(self.results)}
        if len(lengths) != 1:
            raise ValueError("the columns of an operation log differ in length")
        log = OperationLog()
        log._items, log._round, log._board, log._result = (
            self.items,
            self.rounds,
            self.boards,
            self.results,
        )
        return log


def _append(
    items: list[Operation | None],
    rounds: list[int],
    boards: list[int],
    results: list[str],
    operation: Operation | RecordResults,
) -> None:
    """Add ``operation`` to a log's columns: a plain result (or each of a run of
    them) as round, board and result; any other operation as its object."""
    if isinstance(operation, RecordResults):
        k = len(operation.results)
        items.extend([None] * k)
        rounds.extend([operation.round] * k)
        boards.extend(operation.boards)
        results.extend(operation.results)
        return
    if type(operation) is RecordResult and not operation.force:
        items.append(None)
        rounds.append(operation.round)
        boards.append(operation.board)
        results.append(operation.result)
    else:
        items.append(operation)
        rounds.append(0)
        boards.append(0)
        results.append("")


def event_seed(tournament: Tournament) -> int:
    """The seed of every random choice of the event (colour tosses, lots):
    the one the file records. A file without one (written before caddy
    recorded it) uses 0, so its replay never draws anything either."""
    return 0 if tournament.seed is None else tournament.seed
