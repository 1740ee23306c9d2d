"""Direct encounter (C.07 Art. 6), a rank within each tied group (lower is better).

DE depends on which participants are tied when the list reaches it, so it is
computed per group by the ranker (:mod:`trfsite.standings.individual`), not per player.
The value reported is 1 + the number of group members DE puts ahead; a
participant who is not tied at that point gets 0, as FIDE's reference checker
and Vega print it: DE does not apply to them (pages may show a dash).

* 6.1: the score of each member in the games among the group; 6.1.1 forfeits
  are left out in Swiss events unless ``/P`` (in pre-determined events 15.2
  makes them games); 6.1.2 two members who met more than once add the
  average of their games.
* 6.2: if every pair met, the separate standings decide; members still tied
  among themselves are separated by reapplying Art. 6 to their subset.
* 6.3 (Swiss only): otherwise, a member who stays alone on top whatever the
  outcome of the missing games (each worth up to a win) is ranked first, then
  the same for the next place, and so on; Art. 6 is then reapplied to the
  members left. Without such certainty (or in a pre-determined event whose
  pairs have not all met) the group stays tied.
"""

from __future__ import annotations

from trfsite.results import Contribution, Explanation, Note, join_notes
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import UNEXPLAINED, Article, EventContext

_EPS = 1e-9


class _Encounters:
    """Scores of one group's members against each other."""

    def __init__(self, ctx: EventContext, spec: TiebreakSpec, group: list[int]) -> None:
        self.ctx = ctx
        games = ctx.game_mask(Article.DIRECT_ENCOUNTER, spec.forfeits_played)
        members = set(group)
        # i -> opponent j -> points i scored in each game against j (only i's own
        # games are visited, so a group costs O(members x rounds), not members²)
        self.games: dict[int, dict[int, list[float]]] = {i: {} for i in group}
        self.rounds: dict[int, list[int]] = {i: [] for i in group}
        for i in group:
            pts, mask = ctx.pts[i], games[i]
            mine, met = self.games[i], self.rounds[i]
            # Membership first: in a large group most opponents are outside it.
            for r, j in enumerate(ctx.opp[i]):
                if j in members and j != i and mask[r]:
                    mine.setdefault(j, []).append(pts[r])
                    met.append(r)

    def score(self, i: int, among: set[int]) -> float:
        """6.1 with 6.1.2: the average of repeated games against each member."""
        return sum(sum(p) / len(p) for j, p in self.games[i].items() if j in among)

    @staticmethod
    def total(games: dict[int, list[float]]) -> float:
        """``score`` among every member: ``games``, one player's, are all against them."""
        return sum(sum(p) / len(p) for p in games.values())

    def missing(self, i: int, among: set[int]) -> int:
        """Members of ``among`` that ``i`` has not met."""
        return len(among) - 1 - sum(1 for j in self.games[i] if j in among)


def _order(enc: _Encounters, group: list[int], notes: list[str]) -> list[list[int]]:
    """Blocks of the group, best first; members of one block stay tied."""
    if len(group) < 2:
        return [group]
    ctx = enc.ctx
    if len(group) == len(enc.games):
        # The whole group: every game kept is among its members, none to leave out (most
        # members of a large group met none of the others).
        games = enc.games
        others = len(group) - 1
        score = {i: enc.total(games[i]) if games[i] else 0 for i in group}
        missing = {i: others - len(games[i]) for i in group}
    else:
        among = set(group)
        score = {i: enc.score(i, among) for i in group}
        missing = {i: enc.missing(i, among) for i in group}
    ids = _some_ids([ctx.ids[i] for i in sorted(group)])
    if not any(missing.values()):
        levels = sorted({round(v, 9) for v in score.values()}, reverse=True)
        if len(levels) == 1:
            notes.append(Note("players {ids} all met and scored the same (C.07 6.2)", ids=ids))
            return [group]
        separate = [Note("{id}: {score:g}", id=ctx.ids[i], score=score[i]) for i in sorted(group)]
        notes.append(
            Note(
                "players {ids} all met; separate standings: {scores} (C.07 6.2)",
                ids=ids,
                scores=join_notes(separate),
            )
        )
        blocks = []
        for level in levels:
            block = [i for i in group if round(score[i], 9) == level]
            blocks.extend(_order(enc, block, notes) if len(block) > 1 else [block])
        return blocks
    if not ctx.swiss:
        notes.append(
            Note("players {ids} have not all met; tie not broken (C.07 6.2, not Swiss)", ids=ids)
        )
        return [group]
    ranked: list[int] = []
    remaining = sorted(group, key=lambda i: -score[i])
    while len(remaining) > 1:
        top = remaining[0]
        worst_top = score[top] + ctx.loss * missing[top]
        best_other = max(score[q] + ctx.win * missing[q] for q in remaining[1:])
        if worst_top > best_other + _EPS:
            notes.append(
                Note(
                    "player {id} stays alone on top of {ids} whatever the missing games: "
                    "{worst:g} > {best:g} (C.07 6.3)",
                    id=ctx.ids[top],
                    ids=ids,
                    worst=worst_top,
                    best=best_other,
                )
            )
            ranked.append(top)
            remaining = remaining[1:]
        else:
            break
    if not ranked:
        notes.append(
            Note(
                "players {ids} have not all met and no one is certain to be first (C.07 6.3); "
                "tie not broken",
                ids=ids,
            )
        )
        return [group]
    blocks = [[i] for i in ranked]
    if remaining:
        blocks.extend(_order(enc, remaining, notes))
    return blocks


# A tie of thousands (a one-round open) listed every member in every member's note:
# 9,000 players made 189 MB of ``--explain`` JSON. The first ones and the last say which.
_IDS_SHOWN = 12


def _some_ids(ids: list[int]) -> str:
    """``1, 2, 3, ..., 99``: the group's ids, the middle left out past ``_IDS_SHOWN``."""
    if len(ids) <= _IDS_SHOWN:
        return ", ".join(map(str, ids))
    return ", ".join(map(str, ids[: _IDS_SHOWN - 1])) + f", …, {ids[-1]}"


def fill_direct_encounter(
    ctx: EventContext,
    spec: TiebreakSpec,
    groups: list[list[int]],
    values: list[float | None],
    explanations: list[Explanation] | None,
) -> None:
    """DE of every member of ``groups`` (the ranker's tied blocks), written in place.

    Most blocks are one player whom an earlier column left alone: DE 1, without a
    call each (870 of the 1,090 blocks per round of a 2,000-player open).
    """
    explaining = ctx.explaining
    for group in groups:
        if len(group) == 1 and not explaining[group[0]]:
            values[group[0]] = NOT_TIED
            continue
        found, why = direct_encounter_ranks(ctx, spec, group)
        for pos, i in enumerate(group):
            values[i] = found[pos]
            if explanations is not None and why is not None:
                explanations[i] = why[pos]


def _none_can_be_certain(ctx: EventContext, members: int) -> bool:
    """A Swiss group too large for 6.3 to rank anyone, whatever its games: ``_order``
    would leave it tied, so its games need not be read.

    Each member met at most ``rounds`` others, so each misses at least ``others -
    rounds`` (and not all met: 6.2 is out). With no round worth less than 0 and at most
    ``most``, the top's worst case is at most ``rounds x most + max(loss, 0) x others``
    and any other member's best case at least ``win x (others - rounds)``: when the
    first is not above the second, no one stays alone on top (a large open's big points
    groups, for the declared-ranks search's lists that start with DE).
    """
    rounds, others = ctx.rounds, members - 1
    if not ctx.swiss or not rounds or others <= rounds or ctx.win < 0:
        return False
    found = ctx.cached("points-range")
    if not isinstance(found, tuple):
        found = (min(map(min, ctx.pts)), max(map(max, ctx.pts)))
        ctx.remember("points-range", found)
    least: float = found[0]
    most: float = found[1]
    if least < 0:
        return False
    return rounds * most + max(ctx.loss, 0.0) * others <= ctx.win * (others - rounds)


def _met_none(ctx: EventContext, spec: TiebreakSpec, group: list[int]) -> bool:
    """No two members met in a game DE counts, and no loss outweighs a win: ``_order``
    would leave the group one block (6.2 is out, and 6.3 puts no one alone on top: each
    member scored 0 among them, misses as many games, and a missing game may be a win).

    99 % of the tied groups of a 2,000-player open's standings after each round (2,039
    of 2,052, mostly pairs): told without making their encounters or notes no one reads.
    """
    if ctx.loss > ctx.win:
        return False
    games = ctx.game_mask(Article.DIRECT_ENCOUNTER, spec.forfeits_played)
    members = set(group)
    for i in group:
        mask = games[i]
        for r, j in enumerate(ctx.opp[i]):
            if j in members and j != i and mask[r]:
                return False
    return True


NOT_TIED = 0.0  # the DE of a participant not tied when the list reaches DE
NOT_TIED_NOTE = Note("not tied: direct encounter does not apply (0)")


def direct_encounter_ranks(
    ctx: EventContext, spec: TiebreakSpec, group: list[int]
) -> tuple[list[float], list[Explanation] | None]:
    """DE values (rank in the group, 1 best) for the members of ``group``, in order."""
    explaining = ctx.explaining
    if len(group) < 2:
        if not group or not explaining[group[0]]:  # most: one no earlier column left tied
            return [NOT_TIED] * len(group), None
        explanation = Explanation(spec.code, NOT_TIED, (), (NOT_TIED_NOTE,))
        return [NOT_TIED] * len(group), [explanation] * len(group)
    explained = any(explaining[i] for i in group)
    if not explained and (_none_can_be_certain(ctx, len(group)) or _met_none(ctx, spec, group)):
        return [1.0] * len(group), None  # one block: everyone 1 (no one ahead)
    enc = _Encounters(ctx, spec, group)
    notes: list[str] = []
    blocks = _order(enc, group, notes)
    rank: dict[int, float] = {}
    ahead = 0
    for block in blocks:
        for i in block:
            rank[i] = float(ahead + 1)
        ahead += len(block)
    values = [rank[i] for i in group]
    if not explained:
        return values, None
    explanations: list[Explanation] = []
    for i in group:
        if not explaining[i]:
            explanations.append(UNEXPLAINED)
            continue
        contributions = tuple(
            Contribution(
                r + 1,
                ctx.pts[i][r],
                Note(
                    "against {opponent} (also tied): scored {points:g}",
                    opponent=ctx.label(ctx.opp[i][r]),
                    points=ctx.pts[i][r],
                ),
            )
            for r in enc.rounds[i]
        )
        explanations.append(Explanation(spec.code, rank[i], contributions, tuple(notes)))
    return values, explanations
