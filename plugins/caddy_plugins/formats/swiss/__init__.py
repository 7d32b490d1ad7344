"""Swiss: each round paired from the results by the FIDE Dutch system, or the
Burstein system with ``system=burstein`` (docs/swiss.md, docs/burstein.md).

The pairing itself is the engine in :mod:`caddy_plugins.engines.dutch` (FIDE Handbook
C.04.3, rules applied from 1 February 2026, with the general handling rules of
C.04.2), or :mod:`caddy_plugins.engines.burstein` (C.04.4.2); this module adapts caddy's pairing contract
(:class:`caddy.contracts.PairingRequest`, built by
:func:`caddy.pairing.request.request_from_state`) to the engine's request and the
engine's answer to a :class:`caddy.model.schedule.Round`:

- the pairing-allocated bye (C.04.1 rule 3) is the round's bye, which the event
  records as kind ``pab``;
- absent players (announced byes, withdrawals) are not paired and get nothing
  in the round (the event file records what they get);
- after the planned rounds :meth:`Swiss.next_round` returns ``None``.

Options:

- ``rounds``: the planned rounds; 0 (the default) takes the recommended number
  for the field, ``ceil(log2 N) + 1``: ``ceil(log2 N)`` rounds are the fewest
  after which at most one player can have won every game (each round at best
  halves the perfect scores, the argument the Swiss-system literature gives for
  the minimum length), and one more round lets the leaders meet. For small
  fields it is at most ``N // 2`` rounds (at least 1), so the Dutch rules can
  pair every round without a rematch; a longer event is asked for with
  ``rounds`` (at most ``N - 1`` for an even field, ``N`` for an odd one:
  C.04.1 rules 2 and 3).
- ``system``: ``dutch`` (C.04.3, the default) or ``burstein`` (C.04.4.2, as the
  FIDE-endorsed engine bbpPairings reads it: docs/burstein.md). One format with
  two systems, because everything else (rounds, byes, absences, acceleration,
  forbidden pairs, TRF records, standings) is the same Swiss event.
- ``burstein_rules`` (``system=burstein`` only): ``engine`` (the default, bbpPairings'
  reading) or ``fide-2026`` (the text applied from 1 February 2026: docs/burstein.md).
- ``initial_colour``: the colour of the top-ranked player on board 1 in round
  1 (C.04.3 5.1): ``lot`` draws it once from the seed the event file records at
  ``caddy new``, so every replay gives the same colour; ``white``/``black``
  give it.
- ``win``, ``draw``, ``pab``, ``loss``: the points the engine pairs with
  (C.04.1 rule 4; defaults 1, ½, 1, 0): a round not played that scores more
  than a loss is a downfloat (C.04.3 1.4.3), a PAB (whatever it is worth)
  or an unplayed round worth a win bars the PAB (C.04.1 rule 4). The
  standings use the event's own scoring.
- ``acceleration``: ``none`` (the default), ``baku`` (accelerated pairings by
  the Baku method, C.04.7: virtual points for the top half of the field in
  the first rounds, computed for the field of the first pairing and the
  planned rounds), or explicit virtual points ``POINTS@R1-R2:P1-P2;...``
  (what TRF26 record 250 holds). The standings never see virtual points.
- ``forbidden``: groups of pairing numbers none of whom meet, an absolute
  criterion like C.04.1 rule 2 (the event's rules, e.g. players of one
  family or club): ``1 2 3;7 9``, a group optionally for a round range only
  (``7 9@1-4``; TRF26 record 260, ``XXP``).

:mod:`caddy_plugins.engines.dutch.acceleration` says how both are read.

Pairing numbers follow C.04.2 2.1-2.3 (rating, then FIDE title: GM, IM, WGM,
FM, WIM, CM, WFM, WCM, none; then name), the format's default numbering.
Modules are imported when a round is paired, not when the plugin loads, so
the CLI starts as fast as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from caddy import hookimpl
from caddy.contracts import (
    Arithmetic,
    FormatBase,
    PairingRequest,
    PlayedRound,
    as_request,
)
from caddy.contracts.format_tools import fewer_rounds, require_players
from caddy.errors import CaddyError, InputError
from caddy_plugins.formats.swiss.options import (
    SwissOptions,
    engine_for,
    initial_colour,
    recommended_rounds,
    system_name,
)
from caddy_plugins.formats.swiss.request import (
    engine_request,
    history_from_played,
    virtual_records,
)

__all__ = [
    "TITLE_ORDER",
    "Swiss",
    "SwissOptions",
    "caddy_format_shorthands",
    "caddy_register_formats",
    "engine_request",
    "initial_colour",
    "recommended_rounds",
    "virtual_records",
]

if TYPE_CHECKING:
    from caddy.contracts.format_tools import Shorthand
    from caddy.model.schedule import Numbering, Player, Round

#: FIDE titles, strongest first (C.04.2: titles order players of equal rating).
TITLE_ORDER: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


@attrs.frozen
class Swiss(FormatBase):
    """Swiss system: FIDE Dutch pairings (C.04.3, rules from 2026) or Burstein (C.04.4.2)."""

    name: ClassVar[str] = "swiss"
    summary: ClassVar[str] = (
        "Swiss system: each round paired from the results (FIDE Dutch system C.04.3, "
        "or Burstein C.04.4.2)"
    )
    Options: ClassVar[type[SwissOptions]] = SwissOptions
    kind: ClassVar[str] = "results"
    default_numbering: ClassVar[str] = "rating"

    def rounds(self, players: int, options: SwissOptions) -> int:
        """The planned rounds: ``options.rounds`` or :func:`recommended_rounds`."""
        return options.rounds or recommended_rounds(players)

    def arithmetic(self, players: int, options: SwissOptions) -> Arithmetic:
        require_players(self, players, 2)
        rounds = self.rounds(players, options)
        most = players - 1 if players % 2 == 0 else players
        if rounds > most:
            raise InputError(
                f"a Swiss of {players} players can have at most {most} rounds "
                f"without a rematch (FIDE Handbook C.04.1), not {rounds}"
            )
        boards = players // 2
        byes = players % 2
        return Arithmetic(
            players=players,
            rounds=rounds,
            games=rounds * boards,
            boards=boards,
            games_per_player=rounds if byes == 0 or rounds < players else rounds - 1,
            byes_per_round=byes,
            pair_meetings=None,
            details=self.rounds_reason(players, options),
        )

    def planned_rounds(self, players: int, options: SwissOptions) -> int:
        return self.rounds(players, options)

    def plan_options(self, players: int, options: SwissOptions) -> Mapping[str, Any]:
        """For ``caddy plan``: the planned rounds (by default the recommended
        ``ceil(log2 N) + 1``) and each count below it down to ``ceil(log2 N)``,
        the fewest that can leave a single perfect score (FIDE Handbook C.04.1
        sets no number; see the module docstring)."""
        return fewer_rounds(options, self.rounds(players, options), players, "rounds")

    def pre_determined(self, options: Any) -> bool | None:
        return False

    def match_games(self, options: SwissOptions) -> tuple[int, int]:
        """Each board is one game (for :class:`caddy.testing.FormatContract`)."""
        return 1, 1

    def number_players(self, players: Sequence[Player], method: str, seed: int | None) -> Numbering:
        """``rating`` numbers by C.04.2: rating (highest first, unrated last),
        then FIDE title, then name; other methods as every format."""
        from caddy.model.schedule import Numbering, assign_pairing_numbers

        if method != "rating":
            return assign_pairing_numbers(players, method, seed)  # type: ignore[arg-type]

        def title_rank(player: Player) -> int:
            title = (player.title or "").upper()
            return TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)

        ordered = sorted(
            players,
            key=lambda p: (
                p.rating is None,
                -(p.rating or 0),
                title_rank(p),
                p.name.casefold(),
                p.name,
            ),
        )
        return Numbering(players=tuple(ordered), method="rating")

    def next_round(
        self,
        request: PairingRequest | int,
        options: Any = None,
        played: Sequence[PlayedRound] | None = None,
        *,
        seed: int | None = None,
    ) -> Round | None:
        """The next round by the options' system, or ``None`` after the planned rounds."""
        from caddy.model.schedule import Round
        from caddy_plugins.engines.dutch.model import NoValidPairingError

        request = as_request(request, options, played, seed=seed)
        opts: SwissOptions = request.options
        total = request.planned_rounds or self.rounds(request.count, opts)
        if request.round > total:
            return None
        try:
            pairing = engine_for(opts)(engine_request(request, opts, total))
        except NoValidPairingError as exc:
            rule = "C.04.3 1.9.3" if opts.system == "dutch" else "C.04.4.2"
            raise CaddyError(
                f"round {request.round}: no pairing satisfies the absolute criteria "
                f"(FIDE Handbook {rule}; the arbiter decides): {exc}"
            ) from None
        return Round(
            number=request.round,
            white=tuple(w for w, _ in pairing.pairs),
            black=tuple(b for _, b in pairing.pairs),
            byes=() if pairing.bye is None else (pairing.bye,),
        )

    def schedule_notes(self, players: int, options: SwissOptions) -> tuple[str, ...]:
        """What ``caddy table`` says after round 1 (the only round known in advance)."""
        rounds = self.rounds(players, options)
        colour = (
            "the initial colour is drawn by lot when the event is created (shown: White for 1)"
            if options.initial_colour == "lot"
            else f"{options.initial_colour} for 1 (the initial colour)"
        )
        later = f" Rounds 2-{rounds} are paired from the results." if rounds > 1 else ""
        first = (
            "the top half of the pairing numbers meets the bottom half"
            if options.system == "dutch"
            else "the seeding rounds 1 and 2 pair each half of the field top against bottom"
        )
        return (f"Round 1 of {rounds} by the {system_name(options)}: {first}; {colour}.{later}",)

    def explain_round(self, request: PairingRequest) -> tuple[str, ...]:
        """How :meth:`next_round` pairs ``request``, bracket by bracket: who was
        in each score bracket, the pairs, who floated down and why, the
        criteria a pairing could not meet, and the rule that gave each
        board's colours (FIDE Handbook C.04.3 Articles 2-5)."""
        from caddy_plugins.engines.dutch.model import NoValidPairingError

        opts: SwissOptions = request.options
        total = request.planned_rounds or self.rounds(request.count, opts)
        if request.round > total:
            return (f"round {request.round} is after the {total} planned rounds",)
        engine = engine_request(request, opts, total)
        try:
            explanation = engine_for(opts)(engine).explanation
        except NoValidPairingError as exc:
            return (f"round {request.round}: no pairing satisfies the absolute criteria: {exc}",)
        lines = list(explanation.lines()) if hasattr(explanation, "lines") else []
        from caddy_plugins.engines.dutch.acceleration import forbidden_notes, virtual_notes

        return (*lines[:1], *virtual_notes(engine), *lines[1:], *forbidden_notes(engine))

    def winner(
        self, players: int, options: SwissOptions, played: Sequence[PlayedRound]
    ) -> int | None:
        """The leader on points once the planned rounds are played (ties:
        the lower pairing number; the standings' tie-breaks rank them for
        real); ``None`` before."""
        if len(played) < self.rounds(players, options):
            return None
        histories = history_from_played(players, options, played)
        totals = [sum(e.points for e in h) for h in histories]
        best = max(totals)
        return totals.index(best) + 1

    def rounds_reason(self, players: int, options: SwissOptions) -> tuple[str, ...]:
        """Why the field gets its rounds, and its bye, for ``caddy calc`` (the
        arithmetic's ``details``): the rule first, then the argument (see the
        module docstring)."""
        require_players(self, players, 2)

        def rounds(n: int) -> str:
            return f"{n} round" if n == 1 else f"{n} rounds"

        log = (players - 1).bit_length()  # ceil(log2 N), exact
        best = recommended_rounds(players)
        bye = (
            ("1 pairing-allocated bye each round (FIDE Handbook C.04.1 rule 3)",)
            if players % 2
            else ()
        )
        if options.rounds:
            most = players - 1 if players % 2 == 0 else players
            rules = "rule 2" if players % 2 == 0 else "rules 2 and 4: one PAB each"
            return (
                f"{rounds(options.rounds)}, as set by the rounds option (recommended: {best})",
                f"at most {rounds(most)} for {players} players: no two players meet twice "
                f"(FIDE Handbook C.04.1 {rules})",
                *bye,
            )
        chain, left = [players], players
        while left > 1:
            left = -(-left // 2)
            chain.append(left)
        verb = "separates" if log == 1 else "separate"
        why = (
            f"⌈log₂ {players}⌉ = {rounds(log)} {verb} a single winner: after k rounds at most "
            f"⌈{players}/2^k⌉ players can have a perfect score ({' → '.join(map(str, chain))})",
        )
        if best == log + 1:
            return (
                f"{rounds(best)} = ⌈log₂ {players}⌉ + 1 = {log} + 1",
                *why,
                "+ 1 round, the common practice, lets the leaders meet",
                *bye,
            )
        return (
            f"{rounds(best)} = {players} // 2, the small-field cap (⌈log₂ {players}⌉ + 1 = {log + 1})",
            *why,
            f"+ 1 round is the common practice, but a field of {players} plays at most "
            f"{players} // 2 = {rounds(best)}, so the Dutch rules can pair every round "
            "without a rematch (FIDE Handbook C.04.1 rule 2)",
            *bye,
        )


@hookimpl
def caddy_register_formats(register: Callable[[Swiss], None]) -> None:
    register(Swiss())


@hookimpl
def caddy_format_shorthands() -> list[Shorthand]:
    """``--rounds N`` for the planned rounds (``caddy new e.json --format swiss --rounds 9``)."""
    from caddy.contracts.format_tools import Shorthand

    return [
        Shorthand(
            flag="--rounds",
            option="rounds",
            metavar="N",
            help="swiss: the planned rounds (shorthand for --option rounds=N)",
        )
    ]
