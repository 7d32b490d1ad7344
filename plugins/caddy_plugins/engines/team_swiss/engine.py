"""The Swiss Team Pairing System (FIDE Handbook C.04.6, rules applied from 1 February 2026).

The pairing process of C.04.6 3.3.2:

1. the pairing-allocated bye is assigned first (3.4): among the teams that may get it
   ([C2]) and leave the others pairable ([C1], [C3]), the lowest score, then the most
   matches played, then the largest TPN;
2. the top scoregroup of the teams not yet paired, with the set of upfloaters chosen by
   3.5 ([C4] fewest upfloaters, [C5] highest upfloater scores, sets in lexicographic TPN
   order, the first that also complies with [C6] and [C7]), forms a bracket, paired by
   the first pairing in identifier order that complies with [C1], [C8], [C9], [C10] (3.6);
3. step 2 repeats until every team is paired;
4. colours are allocated pair by pair (Art. 4).

The request's reading options (``initial_colour_parity``, ``colour_history``,
``balance_colours``, ``first_team_without_pab``, ``float_exempt_rounds``,
``colour_exempt_rounds``, ``upfloater_lookahead``) switch the articles they name to readings other than the 2026
text.

Scores are pairing scores: the primary score plus this round's virtual points of the
Baku acceleration (C.04.7), which is usable with MP primary only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from fractions import Fraction

from caddy_plugins.engines.team_swiss.bracket import Cost, can_pair_all, pair_bracket
from caddy_plugins.engines.team_swiss.colours import allocate
from caddy_plugins.engines.team_swiss.model import (
    NoTeamPairingError,
    TeamPairing,
    TeamPairingRequest,
)
from caddy_plugins.engines.team_swiss.state import Team, build_teams

__all__ = ["pair_teams"]


class _Round:
    """One round's pairing run."""

    def __init__(self, request: TeamPairingRequest) -> None:
        self.request = request
        self.teams = build_teams(request)
        self.forbidden = request.forbidden_pairs
        left = request.total_rounds - request.round_number  # rounds after this one
        self.float_rules = left >= request.float_exempt_rounds  # [C7], [C10]
        self.colour_rules = left >= request.colour_exempt_rounds  # [C8], [C9]
        self.levels = sorted({team.score for team in self.teams.values()}, reverse=True)
        self.explain: list[str] = []

    # -- criteria --------------------------------------------------------------------

    def allowed(self, a: int, b: int) -> bool:
        """[C1] no rematch (and the competition's forbidden pairs)."""
        return b not in self.teams[a].met and frozenset((a, b)) not in self.forbidden

    def cost(self, level: Fraction) -> Cost:
        """``cost(a, b) -> (c8, c9, c10)`` for a bracket whose residents score ``level``."""
        type_b = self.request.colour_preference == "B"

        def cost(a: int, b: int) -> tuple[int, int, int]:
            ta, tb = self.teams[a], self.teams[b]
            same = bool(ta.preference) and ta.preference == tb.preference
            same = same and self.colour_rules
            c8 = 1 if same else 0  # [C8] one of the two will not get its colour
            c9 = 1 if same and type_b and ta.strong and tb.strong else 0  # [C9]
            c10 = 0
            if self.float_rules:  # [C10] upfloaters' opponents that floated last round
                for team, other in ((ta, tb), (tb, ta)):
                    if team.score < level and other.floated:
                        c10 += 1
            return c8, c9, c10

        return cost

    def pairable(self, tpns: Sequence[int]) -> bool:
        return can_pair_all(list(tpns), self.allowed)

    # -- 3.4 the pairing-allocated bye ----------------------------------------------

    def choose_bye(self, tpns: list[int]) -> int | None:
        if len(tpns) % 2 == 0:
            return None
        candidates = sorted(
            (t for t in self.teams.values() if t.can_pab and t.tpn in tpns),
            key=lambda t: (t.score, -t.played, -t.tpn),
        )
        for team in candidates:
            if self.pairable([t for t in tpns if t != team.tpn]):
                self.explain.append(f"PAB: team {team.tpn} (score {team.score})")
                return team.tpn
        raise NoTeamPairingError("no team can get the pairing-allocated bye (C.04.6 3.4, 3.3.3)")

    # -- 3.5 upfloaters --------------------------------------------------------------

    def profiles(self, lower: list[Team], count: int) -> list[tuple[Fraction, ...]]:
        """[C4]/[C5]: the score profiles of ``count`` upfloaters, best first."""
        sizes: dict[Fraction, int] = {}
        for team in lower:
            sizes[team.score] = sizes.get(team.score, 0) + 1
        found = [
            profile
            for profile in itertools.combinations_with_replacement(
                sorted(sizes, reverse=True), count
            )
            if all(profile.count(s) <= sizes[s] for s in set(profile))
        ]
        return sorted(found, key=sorted, reverse=True)

    def upfloater_sets(
        self, lower: list[Team], profile: tuple[Fraction, ...]
    ) -> Iterator[list[Team]]:
        """3.5.3-3.5.4: the sets of a profile, in lexicographic order of their TPNs."""
        parts = []
        for score in sorted(set(profile), reverse=True):
            group = [t for t in lower if t.score == score]  # ascending TPN
            parts.append(list(itertools.combinations(group, profile.count(score))))
        for chosen in itertools.product(*parts):
            yield [team for part in chosen for team in part]

    def c6(self, level: Fraction, rest: list[int]) -> bool:
        """[C6]: the next scoregroup (unless emptied) can still meet [C1], [C3], [C4]."""
        index = self.levels.index(level)
        if index + 1 >= len(self.levels):
            return True
        following_score = self.levels[index + 1]
        following = [t for t in rest if self.teams[t].score == following_score]
        if not following:
            return True
        lower = [t for t in rest if self.teams[t].score < following_score]
        options: list[list[int]] = [[]] if len(following) % 2 == 0 else [[t] for t in lower]
        for ups in options:
            bracket = following + ups
            if self.pairable(bracket) and self.pairable([t for t in rest if t not in bracket]):
                return True
        return False

    def lookahead(self, level: Fraction, rest: list[int]) -> int:
        """``upfloater_lookahead``: [C8] failures left to the following scoregroup.

        What is left of that scoregroup, when it is an even number of teams, paired
        among themselves by 3.6 (first identifier with the fewest [C8] failures); 0 when
        the option is off, nothing follows, the rest is odd or cannot pair itself."""
        index = self.levels.index(level)
        if not self.request.upfloater_lookahead or index + 1 >= len(self.levels):
            return 0
        following = self.levels[index + 1]
        group = [t for t in rest if self.teams[t].score == following]
        if len(group) % 2 or not self.pairable([t for t in rest if t not in group]):
            return 0
        cost = self.cost(following)
        pairs = pair_bracket(group, self.allowed, cost)
        return 0 if pairs is None else sum(cost(a, b)[0] for a, b in pairs)

    def select(
        self, level: Fraction, nodes: list[int]
    ) -> tuple[list[Team], list[tuple[int, int]]] | None:
        """3.5-3.6: the upfloaters of the bracket of ``level`` and its pairs, or ``None``."""
        residents = [t for t in nodes if self.teams[t].score == level]
        lower = sorted(
            (self.teams[t] for t in nodes if self.teams[t].score < level),
            key=lambda t: (-t.score, t.tpn),
        )
        cost = self.cost(level)
        for count in range(len(residents) % 2, len(lower) + 1, 2):
            for profile in self.profiles(lower, count):
                best: tuple[tuple[int, ...], list[Team], list[tuple[int, int]]] | None = None
                for index, ups in enumerate(self.upfloater_sets(lower, profile)):
                    members = residents + [t.tpn for t in ups]
                    pairs = pair_bracket(members, self.allowed, cost)
                    if pairs is None:
                        continue  # [C1] in the bracket (the cheaper test first)
                    rest = [t for t in nodes if t not in members]
                    if not self.pairable(rest):
                        continue  # [C3]
                    c6 = self.c6(level, rest)
                    c8_next = self.lookahead(level, rest)
                    c7 = sum(1 for t in ups if t.floated) if self.float_rules else 0
                    key = (0 if c6 else 1, c8_next, c7, index)
                    if best is None or key < best[0]:
                        best = (key, ups, pairs)
                    if key[:3] == (0, 0, 0):
                        break
                if best is not None:
                    return best[1], best[2]
        return None

    def bracket(self, level: Fraction, nodes: list[int]) -> list[tuple[int, int]]:
        chosen = self.select(level, nodes)
        if chosen is None:
            raise NoTeamPairingError(f"the scoregroup {level} cannot be paired (C.04.6 3.3.3)")
        ups, pairs = chosen
        residents = [t for t in nodes if self.teams[t].score == level]
        self.explain.append(
            f"bracket {level}: residents {residents}, upfloaters {[t.tpn for t in ups]}"
        )
        return pairs

    # -- the round -------------------------------------------------------------------

    def run(self) -> TeamPairing:
        nodes = sorted(self.teams)
        bye = self.choose_bye(nodes)
        nodes = [t for t in nodes if t != bye]
        if not self.pairable(nodes):
            raise NoTeamPairingError("the teams cannot all be paired (C.04.6 2.2.1, 3.3.3)")
        matches: list[tuple[int, int]] = []
        for level in self.levels:
            if not any(self.teams[t].score == level for t in nodes):
                continue
            pairs = self.bracket(level, nodes)
            paired = {t for pair in pairs for t in pair}
            nodes = [t for t in nodes if t not in paired]
            matches.extend(pairs)
        coloured = []
        type_b = self.request.colour_preference == "B"
        for a, b in matches:
            white, black, rule = allocate(
                self.teams[a],
                self.teams[b],
                self.request.initial_colour,
                self.request.use_secondary,
                type_b,
                parity=self.request.initial_colour_parity,
                history=self.request.colour_history,
                balance=self.request.balance_colours,
                without_pab=self.request.first_team_without_pab,
            )
            self.explain.append(f"{white}-{black}: colours by {rule}")
            coloured.append((white, black))

        def board(pair: tuple[int, int]) -> tuple[Fraction, Fraction, int]:
            sa, sb = self.teams[pair[0]].score, self.teams[pair[1]].score
            return (-max(sa, sb), -(sa + sb), min(pair))

        return TeamPairing(tuple(sorted(coloured, key=board)), bye, tuple(self.explain))


def pair_teams(request: TeamPairingRequest) -> TeamPairing:
    """Pair one round (C.04.6 3.3.2); raises :class:`NoTeamPairingError` if impossible."""
    tpns = [team.tpn for team in request.teams]
    if len(set(tpns)) != len(tpns):
        raise ValueError("two teams share a TPN (C.04.6 1.1.1)")
    unknown = request.to_pair - set(tpns)
    if unknown:
        raise ValueError(f"teams to pair not in the event: {sorted(unknown)}")
    short = [t.tpn for t in request.teams if len(t.history) < request.round_number - 1]
    if short:
        raise ValueError(f"teams without a history of every past round: {short}")
    if request.float_exempt_rounds < 0 or request.colour_exempt_rounds < 0:
        raise ValueError("the numbers of exempt final rounds cannot be negative")
    if request.primary == "GP" and any(request.acceleration.values()):
        raise ValueError("the Baku acceleration needs match points as primary score (C.04.7)")
    return _Round(request).run()
