"""Random Swiss tournaments played through caddy's own pairing (``caddy simulate``).

:func:`simulate` builds a ``swiss`` event (FIDE Dutch system, FIDE Handbook
C.04.3) of random players and plays it round by round: each round is paired
by the format, exactly as ``caddy pair`` pairs an event file
(:func:`caddy.pairing.request.request_from_state` and the format's ``next_round``),
and its results are drawn from the players' ratings. Half-point byes
announced before a round (C.04.2 3.2), forfeits and players who retire
(withdrawals) are drawn too. :func:`trf_bytes` writes the event as a TRF26
file (FIDE Handbook C.04 Annex 2) with its planned rounds (record 142) and
the initial colour (152).

The result model (:func:`game_result`): White's expected score is the logistic
Elo expectation ``E = 1 / (1 + 10 ** ((Rb - Ra) / 400))`` (the table of FIDE
Handbook B.02 8.1 is a close normal-curve version of it); a game is drawn
with probability ``d = draws * (1 - |2E - 1|)`` (the draw share is ``draws``
between equal ratings and shrinks to 0 as the gap grows); White wins with
``E - d/2`` and loses with ``1 - E - d/2``, so White's expected score stays
``E`` whatever ``draws`` is.

Every random number comes from one ``random.Random(seed)`` in a fixed order:
the ratings (player by player), the names, then for each round the announced
byes (player by player), the results (board by board) and the retirements
(player by player). The same settings and seed give the same event and the
same file, byte for byte.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import attrs

from caddy.errors import CaddyError, InputError, PluginError
from caddy.event.documents import new_event
from caddy.event.file import EventFile
from caddy.event.replay import apply, replay
from caddy.files.players import MAX_RATING
from caddy.model.schedule import Player
from caddy.model.tournament import OperationLog, PairRound, RecordBye, RecordResult, Withdraw
from caddy.pairing.request import request_from_state
from caddy.pairing.simulate_defaults import (
    DEFAULT_DRAWS,
    DEFAULT_FORFEITS,
    DEFAULT_HALF_BYES,
    DEFAULT_RATINGS,
    DEFAULT_RETIRE,
)
from caddy.plugins.host import resolve
from caddy.plugins.lookup import get_codec

if TYPE_CHECKING:
    from caddy.event.file import EventFile
    from caddy.event.replay import State
    from caddy.model.schedule import Player
    from caddy.model.tournament import Operation
    from caddy.plugins.host import PluginHost

#: The most players a simulated event has (TRF pairing numbers have four digits).
MAX_SIMULATED = 9999
#: Of the forfeits, the share where neither player came (``--``); the rest
#: split evenly between ``+-`` and ``-+``.
DOUBLE_FORFEIT_SHARE = 0.1


@attrs.frozen(kw_only=True)
class Settings:
    """What :func:`simulate` plays: the field, the rounds, the probabilities, the seed."""

    #: Players (at least 2).
    players: int
    #: Planned rounds (the Dutch system needs at most N - 1 for an even field, N for an odd one).
    rounds: int
    #: The seed of every random draw.
    seed: int
    #: The draw share between equal ratings (see the module docstring).
    draws: float = DEFAULT_DRAWS
    #: Per game: the game is not played (``+-``, ``-+``, or ``--``).
    forfeits: float = DEFAULT_FORFEITS
    #: Per player and round: a half-point bye announced before the round (C.04.2 3.2).
    half_byes: float = DEFAULT_HALF_BYES
    #: Per player and round but the last: the player retires after the round.
    retire: float = DEFAULT_RETIRE
    #: Ratings are drawn uniformly from ``low..high`` (whole numbers).
    ratings: tuple[int, int] = DEFAULT_RATINGS
    #: Record 192 names the system ``FIDE_DUTCH_2026`` (ETT26's dated code), not ``FIDE_DUTCH``.
    dated_system: bool = False
    #: The ``swiss`` format's pairing system: ``dutch`` (C.04.3) or ``burstein`` (C.04.4.2).
    system: str = "dutch"

    def command(self) -> str:
        """The ``caddy simulate`` command that plays these settings (without ``-o``)."""
        return (
            f"caddy simulate --players {self.players} --rounds {self.rounds} --seed {self.seed}"
            f" --draws {self.draws:g} --forfeits {self.forfeits:g}"
            f" --half-byes {self.half_byes:g} --retire {self.retire:g}"
            f" --ratings {self.ratings[0]}-{self.ratings[1]}"
            + (" --dated-system" if self.dated_system else "")
            + (f" --system {self.system}" if self.system != "dutch" else "")
        )


def expected_score(white: int, black: int) -> float:
    """White's Elo expected score against Black, ``1 / (1 + 10 ** ((Rb - Ra) / 400))``."""
    return 1.0 / (1.0 + math.pow(10.0, (black - white) / 400.0))


def game_result(rng: random.Random, white: int, black: int, settings: Settings) -> str:
    """One game's result from White's side (``1-0``, ``1/2``, ``0-1``, ``+-``, ``-+``, ``--``).

    Two draws from ``rng``: whether the game is forfeited, then the result
    (which side forfeited, or the game's outcome by the model of the module
    docstring)."""
    if rng.random() < settings.forfeits:
        side = rng.random()
        if side < DOUBLE_FORFEIT_SHARE:
            return "--"
        return "+-" if side < (1 + DOUBLE_FORFEIT_SHARE) / 2 else "-+"
    score = expected_score(white, black)
    drawn = settings.draws * (1.0 - abs(2.0 * score - 1.0))
    outcome = rng.random()
    if outcome < score - drawn / 2:
        return "1-0"
    if outcome < score + drawn / 2:
        return "1/2"
    return "0-1"


_GIVEN = (
    "Ada", "Boris", "Carla", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Irina", "Jonas",
    "Karin", "Luis", "Maya", "Nikolai", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tamar",
    "Umar", "Vera", "Wei", "Ximena", "Yusuf", "Zofia", "Anand", "Bianca", "Chen", "Dana",
    "Emil", "Fatima", "Gustav", "Hana", "Ivan", "Judit", "Kofi", "Lena", "Marek", "Nadia",
)  # fmt: skip
_FAMILY = (
    "Adler", "Berg", "Costa", "Dvorak", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanova",
    "Jensen", "Kovacs", "Larsen", "Meyer", "Novak", "Oliveira", "Petrov", "Quist", "Rossi",
    "Silva", "Tanaka", "Urban", "Varga", "Weber", "Xu", "Yilmaz", "Zielinski", "Andersson",
    "Baker", "Castro", "Dubois", "Engel", "Ferrari", "Gomez", "Hansen", "Iyer", "Jovanovic",
    "Kim", "Lopez", "Moreau", "Nagy", "Olsen", "Popescu", "Reyes", "Schmidt", "Torres",
    "Uhlig", "Vogel", "Wagner",
)  # fmt: skip


def random_players(rng: random.Random, settings: Settings) -> list[Player]:
    """``settings.players`` players with distinct names and ratings drawn
    uniformly from ``settings.ratings``, in the order drawn (the ratings
    first, player by player, then the names)."""

    low, high = settings.ratings
    ratings = [rng.randint(low, high) for _ in range(settings.players)]
    pairs = len(_GIVEN) * len(_FAMILY)
    copies = -(-settings.players // pairs)  # a suffix 2, 3 ... past every pair of names
    picks = rng.sample(range(pairs * copies), settings.players)
    names = []
    for pick in picks:
        copy, index = divmod(pick, pairs)
        family, given = divmod(index, len(_GIVEN))
        names.append(f"{_FAMILY[family]}, {_GIVEN[given]}" + (f" {copy + 1}" if copy else ""))
    return [Player(name=n, rating=r) for n, r in zip(names, ratings, strict=True)]


def check_settings(settings: Settings) -> None:
    """Refuse settings that cannot be simulated (:func:`settings_problems`).

    :raises InputError: one line per problem."""
    problems = settings_problems(settings)
    if problems:
        raise InputError(problems[0], problems=problems)


def settings_problems(settings: Settings) -> list[str]:
    """What is wrong with the settings, one line each: fewer than 2 players
    or more than :data:`MAX_SIMULATED`, fewer than 1 round, a probability
    outside 0..1, a ratings range that is empty or outside 1..9999. (The
    rounds the field allows are the format's to check, C.04.1.)"""

    problems = []
    if settings.players < 2:
        problems.append(f"--players {settings.players}: a tournament needs at least 2 players")
    elif settings.players > MAX_SIMULATED:
        problems.append(
            f"--players {settings.players}: at most {MAX_SIMULATED} "
            "(TRF pairing numbers have four digits)"
        )
    if settings.rounds < 1:
        problems.append(f"--rounds {settings.rounds}: a tournament needs at least 1 round")
    if settings.system not in ("dutch", "burstein"):
        problems.append(f"--system {settings.system}: not a Swiss system (dutch, burstein)")
    for name in ("draws", "forfeits", "half_byes", "retire"):
        value = getattr(settings, name)
        if not 0.0 <= value <= 1.0:
            problems.append(
                f"--{name.replace('_', '-')} {value:g}: not a probability (a number from 0 to 1)"
            )
    low, high = settings.ratings
    if not 1 <= low <= high <= MAX_RATING:
        problems.append(
            f"--ratings {low}-{high}: a range LOW-HIGH with 1 <= LOW <= HIGH <= {MAX_RATING}"
        )
    return problems


def simulate(settings: Settings, *, host: PluginHost | None = None) -> EventFile:
    """Play a random ``swiss`` event (see the module docstring).

    Each round: half-point byes are announced (a
    :class:`~caddy.model.tournament.RecordBye` for the round before it is
    paired, C.04.2 3.2), the round is paired by the format as ``caddy pair``
    pairs it, every board gets a result, and after every round but the last
    some players retire (a :class:`~caddy.model.tournament.Withdraw`; they are
    absent from later rounds). A player announces a bye or retires only
    while more than half the field, and two more players than the rounds,
    stay present, so the later rounds can still be paired; when a round
    cannot be paired with the byes drawn for it, nobody gets a bye in it
    (the players asking for one play).

    :raises InputError: settings that cannot be played (:func:`check_settings`,
        more rounds than the field allows).
    :raises CaddyError: a round the Dutch rules cannot pair (C.04.3 1.9.3).
    """

    check_settings(settings)
    host = resolve(host)
    fmt = host.format("swiss")
    rng = random.Random(settings.seed)
    entrants = random_players(rng, settings)
    numbered = fmt.number_players(entrants, fmt.default_numbering, None).players
    event = new_event(
        numbered,
        "swiss",
        fmt.Options(rounds=settings.rounds, system=settings.system),
        host=host,
        name=f"Simulated Swiss (seed {settings.seed})",
        numbering=fmt.default_numbering,
        seed=settings.seed,
    )
    state = replay(event, host)
    operations: list[Operation] = []

    def do(operation: Operation) -> None:
        apply(state, operation)
        operations.append(operation)

    count = settings.players
    ratings = [p.rating or 0 for p in numbered]
    retired: set[int] = set()
    least = _floor(count, settings.rounds)  # present players a round keeps
    for number in range(1, settings.rounds + 1):
        present = count - len(retired)
        asked = []
        for player in range(1, count + 1):
            if player in retired:
                continue
            if rng.random() < settings.half_byes and present > least:
                asked.append(player)
                present -= 1
        try:
            paired = _pair(state, fmt, asked, settings)
        except CaddyError:
            if not asked:
                raise
            asked = []  # the byes asked for would leave the round unpairable: they play
            paired = _pair(state, fmt, asked, settings)
        for player in asked:
            do(RecordBye(round=number, player=player, kind="half"))
        do(PairRound(round=paired.number, white=paired.white, black=paired.black, byes=paired.byes))
        for board, (white, black) in enumerate(zip(paired.white, paired.black, strict=True), 1):
            result = game_result(rng, ratings[white - 1], ratings[black - 1], settings)
            do(RecordResult(round=number, board=board, result=result))
        if number < settings.rounds:
            for player in range(1, count + 1):
                if player in retired:
                    continue
                if rng.random() < settings.retire and count - len(retired) > least:
                    do(Withdraw(player=player, after_round=number))
                    retired.add(player)
    return EventFile(tournament=event.tournament, operations=OperationLog(operations))


def _pair(state: State, fmt: Any, asked: list[int], settings: Settings) -> Any:
    """The next round as ``caddy pair`` pairs it once the players in ``asked``
    have their byes announced (they are absent from it)."""

    try:
        paired = fmt.next_round(request_from_state(state, absent=frozenset(asked)))
    except CaddyError as exc:
        if asked or isinstance(exc, PluginError):
            raise
        raise CaddyError(
            f"{exc} (seed {settings.seed}: {settings.rounds} rounds for {settings.players} "
            "players; fewer rounds or another seed may pair)"
        ) from None
    if paired is None:  # pragma: no cover - simulate plays the planned rounds only
        raise CaddyError(f"round {len(state.rounds) + 1} is after the planned rounds")
    return paired


def trf_bytes(event: EventFile, settings: Settings, *, host: PluginHost | None = None) -> bytes:
    """The event as a TRF26 file (the TRF codec's ``26`` flavour: planned
    rounds in 142, the initial colour in 152, 192 ``FIDE_DUTCH`` as the
    FIDE-endorsed engines read it, or ``FIDE_DUTCH_2026`` with
    ``dated_system``), after one ``###`` comment line giving the command
    that plays it again."""

    flavour = "26-dated" if settings.dated_system else "26"
    exported = get_codec("trf", host).write(event, flavour=flavour)
    return f"### {settings.command()}\n".encode("ascii") + exported.data


def _floor(count: int, rounds: int) -> int:
    """The present players a round keeps when byes are asked for and players
    retire: more than half the field, and at least two more than the rounds
    (a smaller field may run out of opponents and of players eligible for the
    pairing-allocated bye, C.04.1 rules 2-3)."""
    return max(count // 2 + 1, rounds + 2)
