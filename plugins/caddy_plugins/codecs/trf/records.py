"""The pieces of a TRF file as read: player lines and every other record (FIDE Handbook C.04 Annex 2).

:class:`TrfDocument` is what :func:`caddy_plugins.codecs.trf.document.parse_document`
makes of a file; the constants name the codes, titles and records TRF16 and TRF26 use.
"""

from __future__ import annotations

import operator
import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import repeat
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple

import attrs

from caddy.model.cells import Cell
from caddy.model.results import round_robin_cycles
from caddy.model.titles import OLD_TITLES

if TYPE_CHECKING:
    from caddy.model.schedule import Player

__all__ = [
    "CODES",
    "OLD_TITLES",
    "ROUND_ROBIN_192",
    "TRF26_RECORDS",
    "PlayerFields",
    "TrfDocument",
    "TrfPlayer",
    "players_of",
]

#: Words of record 192 (ETT26) that name a round robin.
ROUND_ROBIN_192 = ("ROUNDROBIN", "SCHEVENINGEN")
#: Result codes a round may hold (upper case; blank reads as ``Z``).
CODES = frozenset("1=0+-WDLHFUZ")
#: Record types TRF26 added (written only by ``--trf26``).
TRF26_RECORDS = frozenset(
    {"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250"}
    | {"260", "299", "300", "310", "320", "330", "352", "362", "801", "802"}
)


class TrfPlayer(NamedTuple):
    """A player line ``001``, its fields as read (a named tuple: a file may
    hold thousands, read at tuple speed)."""

    number: int
    #: Line number in the file (for messages).
    line: int
    sex: str | None = None
    title: str | None = None
    name: str = ""
    rating: int | None = None
    federation: str | None = None
    fide_id: str | None = None
    birth: str | None = None
    points: float | None = None
    rank: int | None = None
    #: One cell per round.
    cells: tuple[Cell, ...] = ()
    #: Rounds past ``cells`` written out as ``0000 - Z`` (the reader drops a
    #: line's trailing ``Z`` cells, blank or not): announced zero-point byes.
    zero_rounds: tuple[int, ...] = ()

    def as_player(self) -> Player:
        """The player as an event file holds them (:class:`caddy.model.schedule.Player`)."""
        from caddy.model.schedule import Player

        return Player(
            name=self.name,
            rating=self.rating,
            federation=self.federation,
            fide_id=self.fide_id,
            title=self.title,
            sex=self.sex,
            birth=self.birth,
        )


class PlayerFields(NamedTuple):
    """Some fields of ``players``, each a column: a field's value for each player, in order."""

    players: tuple[TrfPlayer, ...]
    columns: Mapping[str, Sequence[object]]


def players_of(
    players: Sequence[TrfPlayer], fields: PlayerFields | None = None
) -> tuple[Player, ...]:
    """``player.as_player()`` of each (the import's players, built at the speed
    of a tuple when :class:`~caddy.model.schedule.Player` is as this module knows
    it: slotted, these fields, no validator or converter; else one by one).
    ``fields``: columns of these players' fields (each column taken from there
    when ``fields.players`` is ``players``; the others from the players)."""
    build = _player_builder()
    if build is None:
        return tuple(p.as_player() for p in players)
    given: Mapping[str, Sequence[object]] = (
        fields.columns if fields is not None and fields.players is players else {}
    )
    # (the players of given fields are the reader's: named tuples all)
    if not players or (not given and set(map(type, players)) != {TrfPlayer}):
        return tuple([build(p) for p in players])
    # field by field over all the players (each slot set at C speed), as build does
    # lazy: as _player_builder's (caddy.model.schedule imports this module's layer)
    from caddy.model.schedule import Player

    n = len(players)
    made = list(map(Player.__new__, repeat(Player, n)))
    if all(field in given for field, index in _SOURCES if index is not None):
        columns: list[Sequence[object]] = []
    else:
        columns = list(zip(*players, strict=True))
    for field, index in _SOURCES:
        setter = Player.__dict__[field].__set__
        column: Iterable[object]
        if index is None:
            column = repeat(None, n)
        else:
            column = given[field] if field in given else columns[index]
        deque(map(setter, made, column), maxlen=0)
    return tuple(made)


_PLAYER_FIELDS = (
    *("name", "rating", "federation", "fide_id", "title", "team", "sex", "birth"),
    *("fide_rating", "national_rating", "k", "listed"),
)
#: Each slot of :class:`~caddy.model.schedule.Player` and the
#: :class:`TrfPlayer` field it is set from (``None``: left ``None``), in
#: :func:`_player_builder`'s order.
_SOURCES = tuple(
    (field, TrfPlayer._fields.index(field) if field in TrfPlayer._fields else None)
    for field in _PLAYER_FIELDS
)


_BUILDER: list[Callable[[TrfPlayer], Player] | None] = []


def _player_builder() -> Callable[[TrfPlayer], Player] | None:
    """A function making ``p.as_player()`` by setting the slots of a new
    :class:`~caddy.model.schedule.Player` (what its ``__init__`` does, in one
    call per field, without looking the setter up each time); ``None`` when
    ``Player`` has changed from what this function knows (a validator, a
    converter, a hook run at init, another field, no slots)."""
    if _BUILDER:
        return _BUILDER[0]
    from caddy.model.schedule import Player

    fields = attrs.fields(Player)
    known = (
        tuple(f.name for f in fields) == _PLAYER_FIELDS
        and all(f.validator is None and f.converter is None and f.init for f in fields)
        and "__slots__" in Player.__dict__
        and not any(
            hasattr(Player, hook)
            for hook in ("__attrs_pre_init__", "__attrs_post_init__", "__attrs_init__")
        )
        and all(f.default is None for f in fields[1:])
    )
    builder: Callable[[TrfPlayer], Player] | None = None
    if known:
        new = Player.__new__
        name, rating, federation, fide_id, title, team, sex, birth, fide, national, k, listed = (
            Player.__dict__[field].__set__ for field in _PLAYER_FIELDS
        )

        def build(p: TrfPlayer) -> Player:
            player = new(Player)
            name(player, p.name)
            rating(player, p.rating)
            federation(player, p.federation)
            fide_id(player, p.fide_id)
            title(player, p.title)
            team(player, None)
            sex(player, p.sex)
            birth(player, p.birth)
            fide(player, None)
            national(player, None)
            k(player, None)
            listed(player, None)
            return player

        if _builds_as_init(build, Player):
            builder = build
    _BUILDER.append(builder)
    return builder


def _builds_as_init(build: Callable[[TrfPlayer], Player], player: type[Player]) -> bool:
    """Whether ``build`` makes what ``Player(...)``, attrs's own ``__init__``, makes:
    equal, with the same hash and repr (a hand-written ``__init__``, a cached
    hash or any other slot ``__init__`` fills makes the answer no)."""
    import types

    if "attrs generated" not in player.__init__.__code__.co_filename:
        return False
    values = {
        "name": "Probe, A.",
        "rating": 2100,
        "federation": "HUN",
        "fide_id": "700001",
        "title": "IM",
        "sex": "w",
        "birth": "2001/02/03",
    }
    try:
        made = build(types.SimpleNamespace(**values))  # type: ignore[arg-type]
        expected = player(**values)  # type: ignore[arg-type]
        return made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    except Exception:  # a slot left unset: attrs's __init__ does more than this one
        return False


_OPPONENT = operator.itemgetter(0)
_CELLS = operator.attrgetter("cells")


def _once_each(row: list[int | None], number: int, others: int) -> bool:
    """Whether ``row`` (player ``number``'s opponents, ``None`` for none) names
    each of ``others`` other players exactly once."""
    met = set(row)
    met.discard(None)
    return len(met) == others and number not in met and len(row) - row.count(None) == others


def _once_each_cells(player: TrfPlayer, number: int, others: int) -> bool:
    """:func:`_once_each` of the player's opponents, told from their set alone
    when every round has an opponent."""
    met = set(map(_OPPONENT, player.cells))
    if None in met:
        return _once_each(list(map(_OPPONENT, player.cells)), number, others)
    return len(met) == others and number not in met and len(player.cells) == others


@attrs.frozen(kw_only=True)
class TrfDocument:
    """A TRF file: its players, and every other line as written."""

    #: The file's name, for messages.
    source: str
    #: Players in pairing-number order (``players[0]`` has number 1).
    players: tuple[TrfPlayer, ...]
    #: Lines before the first player line, and after it (records, comments, rulers).
    head: tuple[str, ...] = ()
    tail: tuple[str, ...] = ()
    #: Rounds in the player lines (trailing empty rounds dropped).
    rounds: int = 0
    #: Non-fatal findings, one line each (a Latin-1 fallback, an unreadable date...).
    warnings: tuple[str, ...] = ()
    #: A last round paired but not played yet (its games have no result, what
    #: ``caddy pair -o`` writes): its number (0: none) and each player's cell in
    #: it (``None``: no cell), by pairing number. Its cells are not in the
    #: players' ``cells``: the rounds there all have their results.
    pending_round: int = 0
    pending: tuple[tuple[int | None, str, str] | None, ...] = ()
    #: The players' fields as the lines were read at once (:func:`players_of`
    #: takes them from there), or ``None``. A cache of what ``players`` hold,
    #: made by :func:`~caddy_plugins.codecs.trf_document.parse_document`: read
    #: only while ``fields.players`` is ``players`` (an evolved document with
    #: other players ignores it), never changed, and not compared; a document
    #: made by hand leaves it ``None``.
    fields: PlayerFields | None = attrs.field(default=None, eq=False, repr=False)

    #: Every line other than a player's by its first three columns: the texts
    #: (from column 5), in file order (made once: a document is asked often).
    _by_code: dict[str, list[str]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        by_code: dict[str, list[str]] = {}
        for line in (*self.head, *self.tail):
            texts = by_code.get(line[:3])
            if texts is None:
                by_code[line[:3]] = [line[4:]]
            else:
                texts.append(line[4:])
        object.__setattr__(self, "_by_code", by_code)

    def column(self, field: str) -> list[object]:
        """Each player's ``field`` (a :class:`TrfPlayer` field), in order: from
        :attr:`fields` when it holds it for these players."""
        fields = self.fields
        if fields is not None and fields.players is self.players and field in fields.columns:
            return list(fields.columns[field])
        return list(map(attrgetter(field), self.players))

    def records(self, code: str) -> list[str]:
        """Texts (from column 5) of every record ``code``, in file order."""
        return list(self._by_code.get(code, ()))

    def record(self, code: str) -> str | None:
        """The text of the first record ``code``, stripped; ``None`` if absent or empty."""
        texts = self._by_code.get(code)
        return (texts[0].strip() or None) if texts else None

    @property
    def title(self) -> str:
        return self.record("012") or ""

    @property
    def type_text(self) -> str | None:
        return self.record("092")

    @property
    def type_code(self) -> str | None:
        return self.record("192")

    @property
    def rounds_declared(self) -> int:
        """Rounds from TRF26's 142 or JaVaFo's XXR (0 when neither)."""
        for code in ("142", "XXR"):
            text = self.record(code)
            digits = re.search(r"[0-9]+", text or "")
            if digits:
                return int(digits.group())
        return 0

    def scoring_162(self) -> dict[str, float]:
        """TRF26 record 162: symbol → points (``W 1.0 D 0.5 ...``); ``Z``, the
        symbol bbpPairings v6.0.0 reads and writes for TRF26's ``A`` (a
        zero-point bye or a forfeit loss), is read as ``A``."""
        values: dict[str, float] = {}
        for text in self.records("162"):
            for symbol, points in re.findall(r"([WDLAPXZ])\s*([0-9]+(?:\.[0-9]+)?)", text):
                values["A" if symbol == "Z" else symbol] = float(points)
        return values

    def scoring_bbp(self) -> dict[str, float]:
        """bbpPairings' point records (its README, "Tournament files"): ``BBW``
        win, ``BBD`` draw, ``BBL`` played loss, ``BBZ`` zero-point bye,
        ``BBF`` forfeit loss, ``BBU`` pairing-allocated bye (``pp.p`` from
        column 5), as code → points (``W D L Z F U``)."""
        values: dict[str, float] = {}
        for code in "WDLZFU":
            for text in self.records("BB" + code):
                number = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*", text)
                if number:
                    values[code] = float(number[1])
        return values

    def opponents(self) -> list[list[int | None]]:
        return [list(map(_OPPONENT, p.cells)) for p in self.players]

    def stated_round_robin(self) -> bool | None:
        """Whether the file says it is a round robin: record 192 when present (a
        code containing ``ROUNDROBIN`` or ``SCHEVENINGEN``), else 092 (``Swiss``
        there means not; ``Round-Robin`` or ``Round Robin`` means it is); ``None``
        when neither says."""
        code = self.type_code
        if code:
            return any(word in code.upper() for word in ROUND_ROBIN_192)
        text = re.sub(r"[\s_-]", "", (self.type_text or "").upper())
        if "SWISS" in text:
            return False
        if "ROUNDROBIN" in text:
            return True
        return None

    def results_cycles(self) -> int:
        """How many times every pair met when the players' lines say every pair
        met equally often, else 0 (:func:`caddy.model.results.round_robin_cycles`).

        A single round robin (everyone met every other player once: as many
        opponents named as different ones, all the others) is told with a set
        per player; anything else is counted by that function. A player with
        fewer rounds than others to meet (a Swiss) is told by the rows' lengths."""
        n = len(self.players)
        if n < 2 or len(self.players[0].cells) < n - 1:  # (so the fewest are fewer)
            return 0
        if min(map(len, map(_CELLS, self.players))) < n - 1:
            return 0  # someone met fewer than all the others (a Swiss): not every pair met
        if all(map(_once_each_cells, self.players, range(1, n + 1), repeat(n - 1))):
            return 1
        return round_robin_cycles(n, self.opponents())

    def round_robin(self, *, results: int | None = None) -> int:
        """Cycles when the file is a round robin, else 0: record 192 when present,
        else 092 (``Swiss`` there means not, ``Round-Robin`` means it is: a round
        robin still being played), else the results (every pair met equally
        often; ``results``: :meth:`results_cycles` when the caller has it). The
        one rule for standings and import."""
        cycles = self.results_cycles() if results is None else results
        stated = self.stated_round_robin()
        if stated is None:
            return cycles
        if not stated:
            return 0
        words = f"{self.type_code or ''} {self.type_text or ''}".upper()
        double = "DOUBLE" in words or (self.type_code or "").upper().endswith("_G2")
        return cycles or (2 if double else 1)
