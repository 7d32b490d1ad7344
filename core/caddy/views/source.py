"""What a standings view ranks (:class:`Source`) and what the command asks of
it (:class:`StandingsChoices`): an event's replayed state (an event file read
once, :func:`caddy.event.read`), or the results a codec reads from another
file (TRF). ``caddy standings``, ``caddy crosstable``
and ``caddy publish`` build their views from these (:mod:`caddy.views.standings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from caddy.errors import CaddyError
from caddy.views.formats import View

if TYPE_CHECKING:
    from caddy.event.replay import RoundState, State
    from caddy.model.results import ResultsTable
    from caddy.model.schedule import Section
    from caddy.standings.scoring import FormatScoring


@attrs.frozen(kw_only=True)
class StandingsChoices:
    """What a command asks of the standings (``caddy standings``'s options);
    ``None``: the event's own (its tie-breaks, its edition) or the default."""

    #: Tie-break texts, a comma-separated list or a preset (``--tiebreaks``).
    tiebreaks: str | tuple[str, ...] | None = None
    edition: str | None = None
    #: Round-robin (``True``) or Swiss (``False``) rules for unplayed rounds.
    pre_determined: bool | None = None
    #: ``--round R``: the standings after round R.
    after_round: int | None = None
    #: ``--individual``: a team event's players rather than its teams.
    individual: bool = False
    #: ``--lots``: split players equal on everything by drawing lots.
    draw_lots: bool = False
    #: ``--seed``: the drawing's seed (default: the one the event records).
    seed: int | None = None
    #: ``--unrated-rating N``.
    unrated_rating: int | None = None
    #: ``--explain``: a table of scores is needed even for a knockout.
    explain: str | None = None


@attrs.frozen(kw_only=True)
class Source:
    """The results a view ranks, with what the event file adds: its replayed
    state (the format's views), its sections, its seed, and the tie-breaks and
    edition that apply (the command line's, else the event's)."""

    #: The title when the event has no name (the file's name).
    name: str
    #: The results to rank; ``None``: a knockout, whose bracket is its table.
    results: ResultsTable | None
    state: State | None = None
    sections: tuple[Section, ...] = ()
    #: The seed the event file records (a drawing of lots uses it).
    seed: int | None = None
    tiebreaks: str | tuple[str, ...] | None = None
    edition: str | None = None
    #: The rounds a file that is no event file plans, when it says (TRF's XXR or
    #: 142); ``results`` holds only the rounds with results.
    planned_rounds: int | None = None

    @property
    def title(self) -> str:
        event_name = self.state.event.tournament.name if self.state is not None else None
        if event_name:
            return str(event_name)
        return (self.results.name if self.results is not None else "") or self.name

    @property
    def scoring(self) -> FormatScoring | None:
        """What the event's format ranks by (a Keizer total:
        :meth:`caddy.contracts.Format.standings_scores`); ``None`` for a file
        that is not an event file (its points)."""
        if self.state is None:
            return None
        # lazy: start-up: a TRF file's standings never load the event modules
        from caddy.event.progress import format_scoring

        return format_scoring(self.state)

    @property
    def team_event(self) -> bool:
        """An event file of teams."""
        return self.state is not None and self.state.event.tournament.teams is not None


def round_done(state: State, rnd: RoundState) -> bool:
    """Whether every board of the round has its result (a match its winner),
    or needs none (a player withdrew before the round)."""
    # lazy: start-up: a TRF file's standings never load the event modules
    from caddy.event.matches import board_match
    from caddy.event.rounds import withdrawal_result

    withdrawn = state.withdrawn
    if rnd.matches:
        return all(board_match(state, b).winner() is not None for b in rnd.boards)
    return all(
        b.results or withdrawal_result(withdrawn, rnd.number, b.white, b.black) for b in rnd.boards
    )


def complete_rounds(state: State) -> int:
    """How many rounds from round 1 on are complete."""
    done = 0
    for rnd in state.rounds:
        if not round_done(state, rnd):
            break
        done += 1
    return done


def knockout_only(state: State) -> bool:
    """A knockout with no stage that ranks (its standings table does not exist)."""
    return bool(state.rounds) and all(r.matches for r in state.rounds)


def after_round(state: State, number: int | None) -> State:
    """``--round R``: the event as it stood after round R, one of its
    complete rounds (the standings ``caddy publish`` shows after round R)."""
    if number is None:
        return state
    # lazy: start-up: a TRF file's standings never load the event modules
    from caddy.event.results import state_after

    done = complete_rounds(state)
    if not 1 <= number <= done:
        known = (
            f"rounds 1..{done} are complete"
            if done > 1
            else "only round 1 is complete (--round 1)"
            if done
            else "no round is complete yet"
        )
        raise CaddyError(f"no standings after round {number}: {known}")
    return state_after(state, number)


def state_source(state: State, choices: StandingsChoices, name: str) -> Source:
    """The source of an event's standings: its results (after ``--round R``),
    sections, seed, and tie-breaks and edition (the command line's win; a team
    event's list ranks its teams, so ``--individual`` ranks on the default)."""
    # lazy: start-up: a TRF file's standings never load the event modules
    from caddy.event.results import results_event
    from caddy.model.tournament import event_seed

    state = after_round(state, choices.after_round)
    tournament = state.event.tournament
    teams = tournament.teams is not None
    tiebreaks = choices.tiebreaks
    if (
        tiebreaks is None
        and tournament.tiebreaks is not None
        and not (teams and choices.individual)
    ):
        tiebreaks = ",".join(tournament.tiebreaks)
    edition = choices.edition if choices.edition is not None else tournament.edition
    if knockout_only(state) and not choices.explain:  # its bracket is its table
        return Source(
            name=name,
            results=None,
            state=state,
            tiebreaks=choices.tiebreaks,
            edition=choices.edition,
        )
    return Source(
        name=name,
        # a team event ranks (all on 0) before round 1 is complete (issue 24 item 19)
        results=results_event(state, empty=teams),
        state=state,
        # sectioned formats (quads, groups): one table per section
        sections=tuple(state.fmt.sections(state.players, tournament.format.options)),
        seed=event_seed(tournament),  # a drawing of lots uses the seed the event file records
        tiebreaks=tiebreaks,
        edition=edition,
    )


def results_source(
    results: ResultsTable, choices: StandingsChoices, name: str, planned_rounds: int | None = None
) -> Source:
    """The source of a file that is not an event file (its results only, and
    the rounds it plans when it says)."""
    if choices.after_round is not None:
        raise CaddyError(
            f"--round reads an event file; make one with `caddy import {name} -o event.json`"
        )
    return Source(
        name=name,
        results=results,
        tiebreaks=choices.tiebreaks,
        edition=choices.edition,
        planned_rounds=planned_rounds,
    )


def format_view(source: Source) -> View:
    """The format's views of the event: a knockout stage's bracket, a team match's score."""
    return View() if source.state is None else state_view(source.state)


def state_view(state: State) -> View:
    """The format's views of ``state``: a knockout stage's bracket, a team match's score."""
    # lazy: start-up: a TRF file's standings never load the event modules
    from caddy.views.bracket import bracket
    from caddy.views.team_match import team_score

    parts = [bracket(state), team_score(state)]
    return View(
        tables=tuple(t for part in parts for t in part.tables),
        notes=tuple(n for part in parts for n in part.notes),
    )
