"""The format contract suite (re-exported from :mod:`caddy.testing`).

:class:`FormatContract` is a pytest base class. Subclass it in your own
test suite, name your format and a few field sizes, and pytest proves
that the format keeps caddy's promises::

    from caddy.testing import FormatContract

    class TestMyFormat(FormatContract):
        format_name = "my-format"
        sizes = (2, 3, 4, 7, 10)
        option_sets = ({}, {"cycles": 2})   # keyword arguments for Options

What it checks, for every size and option set:

* no player appears twice in a round;
* the schedule's round count and game count equal the format's own
  :meth:`~caddy.contracts.Format.arithmetic`, and no round uses more boards
  than it says;
* every pair meets as often as the format promises
  (:attr:`~caddy.contracts.Arithmetic.pair_meetings`, or your override of
  :meth:`FormatContract.expected_meetings` when that is ``None``);
* byes only where the arithmetic says (exactly ``byes_per_round`` players
  sit out each round, and everyone not sitting out plays);
* the schedule is deterministic for a given seed;
* colours as the format promises them (:class:`ColourPromise`, declared by
  the subclass through :attr:`FormatContract.colours` or
  :meth:`FormatContract.colour_promise`): by default every player's Whites
  and Blacks differ by at most one (so a player with an even number of
  games has as many of each), and a promise of "no three in a row" is
  checked game by game. A format that gives player 1 White every round
  fails;
* the options survive an unstructure → structure round trip through
  caddy's cattrs converter.

A format whose later rounds depend on results (a knockout,
:class:`~caddy.contracts.ResultDependentFormat`) is played through instead,
round by round, with seeded random results (a match's winner for knockout
boards, 1, ½ or 0 for games), checking: no player twice in a round; the
rounds and games its arithmetic gives (a format may declare
``extra_rounds(options)``, such as a play-off round); a knockout match is
never played by a player already knocked out; the event ends with exactly
one winner; and the same seed and results give the same rounds. Such a
format declares ``match_games(options)`` — the fewest and most games a
match can take. Schedule checks are skipped for it, and play-through checks
for formats with whole schedules; its colour promise is checked on the
rounds played through.

A team format gives the suite its teams through
:meth:`FormatContract.team_setup` (for each field and option set); it is then
played through an event file as ``caddy pair`` plays it
(:func:`caddy.testing.teams.play_team_event`), with the same per-round checks plus: no team
twice in a round, the boards are the matches' games, the same request gives
the same round; its winner may be ``None`` (the team standings decide) or a
team number, and :meth:`FormatContract.team_meetings` may promise how often
each pair of teams meets.

The format is looked up in caddy's plugin host; a plugin that is not
installed can be registered by overriding the :meth:`caddy_host` fixture.
This module imports pytest: import it from tests only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest

from caddy.contracts import Format, PlayedRound
from caddy.contracts.conformance import complete, conformance
from caddy.contracts.format_tools import depends_on_results, generates_schedule, schedule_format
from caddy.model.schedule import Schedule
from caddy.model.serialize import make_converter
from caddy.model.teams import TeamSetup
from caddy.plugins.host import PluginHost, resolve
from caddy.testing.teams import team_meetings, team_play_through

__all__ = [
    "ColourPromise",
    "FormatContract",
    "colour_problems",
]


@attrs.frozen(kw_only=True)
class ColourPromise:
    """What a format promises about colours, for every player of every field.

    ``None`` promises nothing on that count.
    """

    #: The most a player's Whites and Blacks may differ by (games only: a
    #: player with an even number of games and a promise of 1 has as many of
    #: each; a round robin of an odd field is balanced exactly).
    max_difference: int | None = 1
    #: The most games in a row a player may have with one colour (2: "never
    #: three Whites or three Blacks in a row"); rounds without a game are skipped.
    max_run: int | None = None


def colour_problems(rounds: Sequence[Any], players: int, promise: ColourPromise) -> list[str]:
    """Every broken colour promise in ``rounds`` (objects with ``white`` and
    ``black`` sequences of pairing numbers, board by board), one line each."""
    sequence: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    for rnd in rounds:
        for white, black in zip(rnd.white, rnd.black, strict=True):
            sequence.setdefault(white, []).append("W")
            sequence.setdefault(black, []).append("B")
    problems = []
    for player, colours in sequence.items():
        whites, blacks = colours.count("W"), colours.count("B")
        limit = promise.max_difference
        if limit is not None and abs(whites - blacks) > limit:
            problems.append(
                f"player {player} has {whites} Whites and {blacks} Blacks "
                f"(promised: a difference of at most {limit})"
            )
        run, longest = 0, 0
        for index, colour in enumerate(colours):
            run = run + 1 if index and colours[index - 1] == colour else 1
            longest = max(longest, run)
        if promise.max_run is not None and longest > promise.max_run:
            problems.append(
                f"player {player} has {longest} games in a row with one colour "
                f"({''.join(colours)}; promised: at most {promise.max_run})"
            )
    return problems


class FormatContract:
    """Base class of the format contract suite (see the module docstring)."""

    #: The registered name of the format under test.
    format_name: ClassVar[str]
    #: Field sizes to check.
    sizes: ClassVar[Sequence[int]] = (2, 3, 4, 5, 6, 7, 8, 11, 12)
    #: Option sets to check, as keyword arguments for the format's ``Options``.
    option_sets: ClassVar[Sequence[Mapping[str, Any]]] = ({},)
    #: The seed used for the determinism check.
    seed: ClassVar[int] = 20261129
    #: What the format promises about colours (``None``: nothing at all);
    #: override :meth:`colour_promise` when it depends on the options.
    colours: ClassVar[ColourPromise | None] = ColourPromise()

    @pytest.fixture
    def caddy_host(self) -> PluginHost:
        """The plugin host to look the format up in (override to register yours)."""
        return resolve(None)

    @pytest.fixture
    def fmt(self, caddy_host: PluginHost) -> Format:
        fmt: Format = caddy_host.format(self.format_name)
        return fmt

    # -- hooks for subclasses -----------------------------------------------

    def expected_meetings(self, fmt: Format, players: int, options: Any, a: int, b: int) -> int:
        """How often players ``a`` and ``b`` meet. By default the format's
        ``pair_meetings``; override when the format's arithmetic gives ``None``."""
        meetings = fmt.arithmetic(players, options).pair_meetings
        if meetings is None:
            raise NotImplementedError(
                f"format {fmt.name!r} promises no single pair_meetings; "
                "override FormatContract.expected_meetings"
            )
        return meetings

    def team_setup(self, fmt: Format, players: int, options: Any) -> TeamSetup | None:
        """A team format's teams for a field of ``players`` (default ``None``:
        the format pairs players). Given teams, the play-through runs as
        ``caddy pair`` does: an event file with these teams, each round
        paired from :func:`caddy.pairing.request.request_from_state` (line-ups,
        team history), checked, recorded and given seeded results."""
        return None

    def team_meetings(self, fmt: Format, setup: TeamSetup, options: Any) -> int | None:
        """How often every pair of teams meets in a team format's event
        (``None``, the default: not checked)."""
        return None

    def colour_promise(self, fmt: Format, players: int, options: Any) -> ColourPromise | None:
        """The colour promise for one field and option set (default: :attr:`colours`)."""
        return self.colours

    def cases(self, fmt: Format) -> Iterator[tuple[int, Any]]:
        """Every (players, options) combination to check."""
        for options in self.option_sets:
            for players in self.sizes:
                yield players, fmt.Options(**options)

    def _schedules(self, fmt: Format) -> Iterator[tuple[int, Any, Schedule]]:
        if not generates_schedule(fmt):
            pytest.skip(
                f"format {fmt.name!r} pairs from results: see test_plays_through_to_one_winner"
            )
        for players, options in self.cases(fmt):
            yield players, options, schedule_format(fmt).schedule(players, options, seed=self.seed)

    # -- the contract ---------------------------------------------------------

    def test_format_has_name_summary_and_options(self, fmt: Format) -> None:
        assert fmt.name == self.format_name
        assert conformance("formats", fmt) == []
        assert isinstance(fmt.summary, str) and fmt.summary
        assert attrs.has(fmt.Options), "Options must be an attrs class"
        fmt.Options()  # every option has a default

    def test_arithmetic_is_consistent(self, fmt: Format) -> None:
        for players, options in self.cases(fmt):
            a = fmt.arithmetic(players, options)
            label = f"{players} players, {options}"
            assert a.players == players, label
            assert a.rounds >= 1 and a.games >= 1 and a.boards >= 1, label
            if a.max_games is None:  # one game per board
                assert a.games <= a.rounds * a.boards, label
            else:
                assert a.games <= a.max_games, label
            if a.max_games is None:  # one game a round at most
                assert a.games_per_player <= a.rounds, label
            else:  # matches of several games: a finalist plays every round's games
                assert 1 <= a.games_per_player <= a.games, label
            assert 0 <= a.byes_per_round < players, label
            assert 0 <= a.stages <= a.rounds, label

    def test_options_round_trip_through_cattrs(self, fmt: Format) -> None:

        converter = make_converter()
        for options in self.option_sets:
            value = fmt.Options(**options)
            data = converter.unstructure(value)
            assert converter.structure(data, fmt.Options) == value

    def test_no_player_twice_in_a_round(self, fmt: Format) -> None:
        for players, options, schedule in self._schedules(fmt):
            for rnd in schedule.rounds:
                seen = list(rnd.white) + list(rnd.black) + list(rnd.byes)
                assert len(seen) == len(set(seen)), (players, options, rnd.number)
                assert all(1 <= p <= players for p in seen), (players, options, rnd.number)

    def test_counts_match_arithmetic(self, fmt: Format) -> None:
        for players, options, schedule in self._schedules(fmt):
            a = fmt.arithmetic(players, options)
            assert schedule.players == players
            assert len(schedule.rounds) == a.rounds, (players, options)
            assert schedule.game_count == a.games, (players, options)
            assert max(r.boards for r in schedule.rounds) <= a.boards, (players, options)
            assert [r.number for r in schedule.rounds] == list(range(1, a.rounds + 1))

    def test_pairs_meet_as_promised(self, fmt: Format) -> None:
        for players, options, schedule in self._schedules(fmt):
            met = Counter(
                (min(w, b), max(w, b))
                for rnd in schedule.rounds
                for w, b in zip(rnd.white, rnd.black, strict=True)
            )
            for a in range(1, players + 1):
                for b in range(a + 1, players + 1):
                    expected = self.expected_meetings(fmt, players, options, a, b)
                    assert met[(a, b)] == expected, (players, options, a, b, met[(a, b)])

    def test_byes_only_where_arithmetic_says(self, fmt: Format) -> None:
        """Every round: the byes the arithmetic gives, and everyone else plays. Formats
        whose pairs meet unevenly (sections of different lengths) may leave players
        idle in a round once their section is over: there the counts are upper bounds."""
        for players, options, schedule in self._schedules(fmt):
            a = fmt.arithmetic(players, options)
            for rnd in schedule.rounds:
                label = (players, options, rnd.number)
                if a.pair_meetings is not None:
                    assert len(rnd.byes) == a.byes_per_round, label
                    assert 2 * rnd.boards + len(rnd.byes) == players, label
                else:
                    assert len(rnd.byes) <= a.byes_per_round, label
                    assert 2 * rnd.boards + len(rnd.byes) <= players, label

    def play_through(self, fmt: Format, players: int, options: Any, seed: int) -> list[PlayedRound]:
        """Play the event with seeded random results; checks every round as it comes."""
        import random

        setup = self.team_setup(fmt, players, options)
        if setup is not None:
            return team_play_through(fmt, players, options, seed, setup)
        rng = random.Random(seed)
        played: list[PlayedRound] = []
        knocked_out: set[int] = set()
        while True:
            rnd = fmt.next_round(players, options, played, seed=self.seed)  # type: ignore[attr-defined]
            if rnd is None:
                return played
            label = (players, options, rnd.number)
            assert rnd.number == len(played) + 1, label
            seen = [*rnd.white, *rnd.black, *rnd.byes]
            assert len(seen) == len(set(seen)), label
            assert all(1 <= p <= players for p in seen), label
            if rnd.matches:
                assert not (set(rnd.white) | set(rnd.black)) & knocked_out, label
                results = tuple(float(rng.random() < 0.5) for _ in rnd.white)
            else:
                results = tuple(rng.choice((1.0, 0.5, 0.0)) for _ in rnd.white)
            record = PlayedRound(round=rnd, results=results)
            if rnd.matches:
                knocked_out.update(record.losers())
            played.append(record)
            assert len(played) <= 10 * players, "the event does not end"

    def test_plays_through_to_one_winner(self, fmt: Format) -> None:
        if not depends_on_results(fmt):
            pytest.skip(f"format {fmt.name!r} has its whole schedule in advance")
        extra = complete("formats", fmt).extra_rounds
        for players, options in self.cases(fmt):
            a = fmt.arithmetic(players, options)
            played = self.play_through(fmt, players, options, self.seed + players)
            label = (players, options)
            assert a.rounds <= len(played) <= a.rounds + extra(options), label
            fewest, most = fmt.match_games(options)  # type: ignore[attr-defined]
            games = sum(len(r.round.white) for r in played if not r.round.matches)
            matches = sum(len(r.round.white) for r in played if r.round.matches)
            if len(played) == a.rounds:
                assert games + matches * fewest == a.games, label
                assert games + matches * most == (a.max_games or a.games), label
            winner = fmt.winner(players, options, played)  # type: ignore[attr-defined]
            setup = self.team_setup(fmt, players, options)
            if setup is not None:  # a team event: its winner is a team (or the standings')
                assert winner is None or 1 <= winner <= len(setup.teams), label
                expected = self.team_meetings(fmt, setup, options)
                if expected is not None:
                    assert team_meetings(played, len(setup.teams)) == {
                        (a, b): expected
                        for a in range(1, len(setup.teams) + 1)
                        for b in range(a + 1, len(setup.teams) + 1)
                    }, label
                continue  # determinism: checked round by round in team_play_through
            assert winner is not None and 1 <= winner <= players, label
            lost = {p for r in played if r.round.matches for p in r.losers()}
            assert winner not in lost, label
            # deterministic: the same results replayed give the same rounds
            again: list[PlayedRound] = []
            for record in played:
                rnd = fmt.next_round(players, options, again, seed=self.seed)  # type: ignore[attr-defined]
                assert rnd == record.round, label
                again.append(record)

    def test_colours_as_promised(self, fmt: Format) -> None:
        """Every player's colours keep the format's promise (see :class:`ColourPromise`)."""
        for players, options in self.cases(fmt):
            promise = self.colour_promise(fmt, players, options)
            if promise is None:
                continue
            if generates_schedule(fmt):
                rounds: Sequence[Any] = (
                    schedule_format(fmt).schedule(players, options, seed=self.seed).rounds
                )
            elif depends_on_results(fmt):
                played = self.play_through(fmt, players, options, self.seed + players)
                rounds = [record.round for record in played]
            else:
                pytest.skip(f"format {fmt.name!r} neither schedules nor pairs rounds")
            problems = colour_problems(rounds, players, promise)
            assert not problems, f"{players} players, {options}: " + "; ".join(problems[:3])

    def test_deterministic_for_a_seed(self, fmt: Format) -> None:
        for players, options, schedule in self._schedules(fmt):
            again = schedule_format(fmt).schedule(players, options, seed=self.seed)
            assert again == schedule, (players, options)
