"""The codec contract suite (re-exported from :mod:`caddy.testing`).

:class:`CodecContract` is a pytest base class. Subclass it and name the
codec::

    from caddy.testing import CodecContract

    class TestMyCodec(CodecContract):
        codec_name = "my-codec"
        flavours = (None, "v2")          # the flavours write() accepts

On event files drawn by hypothesis (:func:`event_files`: events of the
``manual`` format — players with and without ratings, titles and
federations, rounds paired at random with results, forfeits and byes), it
checks for every flavour:

* write → read → write gives the same bytes (what a codec writes, it reads
  back whole, and writing is deterministic);
* what it reads back replays as an event (:func:`caddy.event.replay`);
* :meth:`~caddy.contracts.Codec.sniff` recognises what it wrote (set
  :attr:`CodecContract.sniffs_own_output` to ``False`` for a codec that
  never sniffs).

An event the codec refuses to write (:class:`~caddy.errors.CaddyError`) is
left out; a codec that refuses every event fails. Each check is also a
method taking the codec and an event (``check_round_trip``), which raises
:class:`AssertionError`. hypothesis is imported when a test runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import pytest

from caddy.contracts import Codec
from caddy.contracts.conformance import conformance
from caddy.errors import CaddyError
from caddy.event.documents import new_event
from caddy.event.replay import replay
from caddy.model.schedule import Player
from caddy.model.tournament import PairRound, RecordBye, RecordResult
from caddy.plugins.host import PluginHost, resolve
from caddy.testing.drawing import suite_settings

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from caddy.event.file import EventFile

__all__ = ["CodecContract", "event_files"]

#: Letters names are drawn from: Latin with accents, an apostrophe, a hyphen.
NAME_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéöüçñ' -"
GAME_RESULTS = ("1-0", "0-1", "1/2", "+-", "-+", "--")


def event_files(
    max_players: int = 8,
    max_rounds: int = 4,
    host: PluginHost | None = None,
    ranked_as: Sequence[bool | None] = (None, True, False),
) -> SearchStrategy[EventFile]:
    """A hypothesis strategy of ``manual`` event files with some rounds played.

    :param ranked_as: the ``round_robin`` option drawn for the events (how they
        are ranked: ``False`` Swiss rules, ``True`` round-robin rules, ``None``
        decided by the results); all three by default.
    """
    from hypothesis import strategies as st

    name = st.text(NAME_LETTERS, min_size=1, max_size=24).map(str.strip).filter(bool)

    @st.composite
    def build(draw: st.DrawFn) -> EventFile:
        fmt = resolve(host).format("manual")
        n = draw(st.integers(2, max_players))
        players = [
            Player(
                name=draw(name),
                rating=draw(st.none() | st.integers(1000, 2800)),
                title=draw(st.sampled_from((None, "GM", "IM", "WFM"))),
                federation=draw(st.sampled_from((None, "ENG", "FRA", "IND"))),
            )
            for _ in range(n)
        ]
        played = draw(st.integers(0, max_rounds))
        event = new_event(
            players,
            "manual",
            fmt.Options(
                rounds=max(played, draw(st.integers(1, max_rounds))),
                round_robin=draw(st.sampled_from(ranked_as)),
            ),
            name=draw(name),
            host=host,
        )
        for number in range(1, played + 1):
            order = draw(st.permutations(list(range(1, n + 1))))
            pairs = len(order) // 2
            event = event.with_operation(
                PairRound(
                    round=number, white=tuple(order[:pairs]), black=tuple(order[pairs : 2 * pairs])
                )
            )
            for board in range(1, pairs + 1):
                result = draw(st.sampled_from(GAME_RESULTS))
                event = event.with_operation(RecordResult(round=number, board=board, result=result))
            if n % 2:
                kind = draw(st.sampled_from(("pab", "full", "half", "zero")))
                event = event.with_operation(RecordBye(round=number, player=order[-1], kind=kind))
        return event

    return build()


class CodecContract:
    """Base class of the codec contract suite (see the module docstring)."""

    #: The registered name of the codec under test.
    codec_name: ClassVar[str]
    #: The flavours to write (``None``: the codec's default).
    flavours: ClassVar[Sequence[str | None]] = (None,)
    #: Whether :meth:`~caddy.contracts.Codec.sniff` must recognise the codec's own output.
    sniffs_own_output: ClassVar[bool] = True
    #: Events hypothesis draws per check.
    max_examples: ClassVar[int] = 20
    #: Shrink a failing event to a smallest one (off: fail at once).
    shrink: ClassVar[bool] = True

    @pytest.fixture
    def caddy_host(self) -> PluginHost:
        """The plugin host to look the codec up in (override to register yours)."""
        return resolve(None)

    @pytest.fixture
    def codec(self, caddy_host: PluginHost) -> Codec:
        found: Codec = caddy_host.codecs().get(self.codec_name)
        return found

    def flavours_of(self, codec: Codec) -> Sequence[str | None]:
        """The flavours to write (default: :attr:`flavours`)."""
        return self.flavours

    def events(self, host: PluginHost) -> SearchStrategy[EventFile]:
        """The events to write (default: :func:`event_files`)."""
        return event_files(host=host)

    # -- the checks, on one event ------------------------------------------------

    def check_round_trip(
        self,
        codec: Codec,
        event: EventFile,
        flavour: str | None = None,
        host: PluginHost | None = None,
    ) -> bool:
        """write → read → write gives the same bytes; what is read replays.
        Returns ``False`` when the codec refuses to write the event."""

        try:
            first = codec.write(event, flavour=flavour).data
        except CaddyError:
            return False
        assert isinstance(first, bytes), f"{codec.name}: write() must give bytes"
        if self.sniffs_own_output:
            assert codec.sniff(first[:4096]), f"{codec.name}: sniff() does not recognise its output"
        source = f"written{codec.suffixes[0] if codec.suffixes else ''}"
        imported = codec.read(first, source=source)
        replay(imported.event, host)
        second = codec.write(imported.event, flavour=flavour).data
        assert second == first, (
            f"{codec.name}: write → read → write changes the file:\n"
            + _first_difference(first, second)
        )
        return True

    def _round_trips(
        self, host: PluginHost, codec: Codec, flavour: str | None, written: list[int]
    ) -> None:
        from hypothesis import given

        @suite_settings(self.max_examples, self.shrink)
        @given(self.events(host))
        def check(event: EventFile) -> None:
            written[0] += self.check_round_trip(codec, event, flavour, host)

        check()

    # -- the contract -------------------------------------------------------------

    def check_metadata(self, codec: Codec) -> None:
        """The plugin conforms to :class:`caddy.contracts.Codec`, and its
        descriptive members have the types the contract gives them."""
        assert conformance("codecs", codec) == []
        assert isinstance(codec.summary, str) and codec.summary
        assert isinstance(codec.suffixes, tuple)
        for suffix in codec.suffixes:
            assert suffix.startswith(".") and suffix == suffix.lower(), suffix

    def test_has_metadata(self, codec: Codec) -> None:
        assert codec.name == self.codec_name
        self.check_metadata(codec)

    def test_write_read_write_is_identity(self, caddy_host: PluginHost, codec: Codec) -> None:

        written = [0]
        for flavour in self.flavours_of(codec):
            self._round_trips(caddy_host, codec, flavour, written)
        assert written[0], f"{codec.name} refused to write every event it was given"


def _first_difference(first: bytes, second: bytes) -> str:
    """The first line that differs, from both files."""
    a, b = first.splitlines(), second.splitlines()
    for index, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"line {index + 1}: {x!r}\n    then: {y!r}"
    return f"{len(a)} lines, then {len(b)} lines"
