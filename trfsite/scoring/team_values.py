"""Team tie-breaks that give each team a value (C.07 7-9, 12, 13; team forms).

Each function takes the :class:`TeamContext` and the parsed spec and returns
``{team id: TeamValue}``. Cuts and medians, with the 16.5 exception for
forfeit losses and requested byes, come from :mod:`trfsite.scoring.modifiers`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from trfsite.model import Color
from trfsite.results import Contribution, Note
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.koya import KOYA_FORFEITS_NOTE
from trfsite.scoring.modifiers import cut_total, mark_cuts
from trfsite.scoring.team_context import GP, MP, Encounter, TeamContext
from trfsite.scoring.team_encounter import board_totals, knockout_key
from trfsite.teams.data import RoundKind

_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class TeamValue:
    """A team's value; ``key`` orders lexicographic tie-breaks (TBR, BBE)."""

    value: float | None
    key: tuple[float, ...] | None = None
    contributions: tuple[Contribution, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def sort_key(self) -> tuple[float, ...] | None:
        if self.key is not None:
            return self.key
        return None if self.value is None else (self.value,)


TeamValues = dict[int, TeamValue]


def _each(ctx: TeamContext, fn: Callable[[int], TeamValue]) -> TeamValues:
    return {team: fn(team) for team in ctx.team_ids}


# --------------------------------------------------------------------------- scores
def primary_points(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    return _each(ctx, lambda team: TeamValue(ctx.scores[team].get(ctx.primary)))


def match_points(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    return _each(ctx, lambda team: TeamValue(ctx.scores[team].mp))


def game_points(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    return _each(ctx, lambda team: TeamValue(ctx.scores[team].gp))


def mp_v_gp(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """13.1: the secondary score (GP in an event decided by MP, and vice versa)."""
    return _each(ctx, lambda team: TeamValue(ctx.scores[team].get(ctx.secondary)))


# --------------------------------------------------------------------------- opponents
def _summed(
    ctx: TeamContext,
    spec: TiebreakSpec,
    team: int,
    value: Callable[[Encounter], float],
    key: Callable[[Encounter], tuple[float, float]],
) -> TeamValue:
    encounters = ctx.encounters(team, spec.forfeits_played)
    values = [value(e) for e in encounters]
    keys = [key(e) for e in encounters]
    total, cuts = cut_total(
        values, spec.low_cuts, spec.high_cuts, keys, [e.cut_first for e in encounters]
    )
    if not ctx.explain:
        return TeamValue(total)
    contributions = [
        Contribution(e.round, v, e.label) for e, v in zip(encounters, values, strict=True)
    ]
    return TeamValue(total, None, tuple(mark_cuts(contributions, cuts)))


def buchholz(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """8.1 (and 8.3 in a Fore context): the opponents' reference scores."""
    which = ctx.reference(spec.score)

    def one(team: int) -> TeamValue:
        return _summed(
            ctx,
            spec,
            team,
            lambda e: e.opponent_score.get(which),
            lambda e: (e.opponent_score.get(which), e.opponent_score.get(which)),
        )

    return _each(ctx, one)


def aob(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """8.2: the average Buchholz of the opponents met in matches played."""
    plain = TiebreakSpec(
        spec.code,
        "BH",
        score=spec.score,
        cut=spec.cut,
        median=spec.median,
        forfeits_played=spec.forfeits_played,
        fore=spec.fore,
    )
    bh = buchholz(ctx, plain)

    def one(team: int) -> TeamValue:
        as_matches = ctx.forfeits_are_matches(spec.forfeits_played)
        opponents = [
            tr.opponent
            for tr in ctx.team_rounds[team]
            if tr.opponent is not None
            and (tr.kind.is_played or (tr.kind.is_forfeit and as_matches))
        ]
        if not opponents:
            return TeamValue(None, notes=(Note("no match played"),))
        values = [bh[o].value or 0.0 for o in opponents]
        return TeamValue(
            sum(values) / len(values),
            contributions=tuple(
                Contribution(0, v, Note("team {team}: Buchholz {value:g}", team=o, value=v))
                for o, v in zip(opponents, values, strict=True)
            ),
        )

    return _each(ctx, one)


def extended_sonneborn(
    opp_score: str, scored: str
) -> Callable[[TeamContext, TiebreakSpec], TeamValues]:
    """13.2: opponent's total (MP or GP) × what the team scored against it (MP or GP).

    The cut (14.1.2) drops one of the opponents with the lowest score of the
    first kind, the one against whom the worst result was achieved.
    """

    def compute(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
        return _each(
            ctx,
            lambda team: _summed(
                ctx,
                spec,
                team,
                lambda e: e.opponent_score.get(opp_score) * e.scored.get(scored),
                lambda e: (e.opponent_score.get(opp_score), e.scored.get(scored)),
            ),
        )

    return compute


def sonneborn(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """9.1 with the reference score on both sides (SB:MP is EMMSB, SB:GP is EGGSB)."""
    which = ctx.reference(spec.score)
    return extended_sonneborn(which, which)(ctx, spec)


def normalising_factor(ctx: TeamContext, spec: TiebreakSpec) -> tuple[float, str]:
    """13.4.2 b: highest achievable primary score / highest secondary score of one match.

    Rounded towards zero; ``/Kn`` overrides. The event's number of rounds
    sets the highest achievable score (it is a constant of the competition).
    """
    if spec.k is not None:
        return spec.k, Note("normalising factor {k:g} (/K)", k=spec.k)
    rounds = ctx.data.rounds
    most = ctx.most_per_match
    top = rounds * most.get(ctx.primary)
    per_match = most.get(ctx.secondary)
    factor = math.floor(top / per_match + _EPS) if per_match else 0
    values: dict[str, float | int] = {"top": top, "per_match": per_match, "factor": factor}
    if factor <= 0:
        return 1.0, Note(
            "normalising factor {top:g} / {per_match:g} rounded towards zero = {factor} "
            "(C.07 13.4.2); 1 used instead",
            **values,
        )
    return float(factor), Note(
        "normalising factor {top:g} / {per_match:g} rounded towards zero = {factor} (C.07 13.4.2)",
        **values,
    )


def sssc(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """13.4: secondary score + primary-score Buchholz / normalising factor."""
    factor, text = normalising_factor(ctx, spec)
    bh_spec = TiebreakSpec(
        spec.code,
        "BH",
        score=ctx.primary,
        cut=spec.cut,
        median=spec.median,
        forfeits_played=spec.forfeits_played,
        fore=spec.fore,
    )
    bh = buchholz(ctx, bh_spec)

    def one(team: int) -> TeamValue:
        secondary = ctx.scores[team].get(ctx.secondary)
        schedule = (bh[team].value or 0.0) / factor
        return TeamValue(
            secondary + schedule,
            contributions=bh[team].contributions,
            notes=(
                Note(
                    "{secondary} {points:g} + Buchholz {buchholz:g} / {factor:g} = {value:g}",
                    secondary=Note(ctx.secondary),
                    points=secondary,
                    buchholz=bh[team].value or 0,
                    factor=factor,
                    value=secondary + schedule,
                ),
                text,
            ),
        )

    return _each(ctx, one)


def koya(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """9.2: points scored against teams with at least half the highest possible score."""
    which = ctx.reference(spec.score)
    most = ctx.rounds * ctx.most_per_match.get(which)
    limit = most / 2 + 0.5 * (spec.limit or 0)

    def one(team: int) -> TeamValue:
        parts = [
            Contribution(
                tr.round,
                tr.match_points if which == MP else tr.game_points,
                Note("team {team}", team=tr.opponent or 0),
            )
            for tr in ctx.team_rounds[team]
            if tr.opponent is not None
            and (tr.kind.is_played or tr.kind.is_forfeit)  # 9.2: forfeits too, see koya.py
            and ctx.scores[tr.opponent].get(which) >= limit - _EPS
        ]
        return TeamValue(
            sum(c.value or 0.0 for c in parts),
            None,
            tuple(parts),
            (
                Note("limit {limit:g} {which}", limit=limit, which=Note(which)),
                KOYA_FORFEITS_NOTE,
            ),
        )

    return _each(ctx, one)


# --------------------------------------------------------------------------- own record
def progressive(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """7.5: sum of the running scores; Cut-n drops the first n of them (14.1.1 c)."""
    which = ctx.reference(spec.score)

    def one(team: int) -> TeamValue:
        running = 0.0
        parts = []
        for tr in ctx.team_rounds[team]:
            running += tr.match_points if which == MP else tr.game_points
            running += sum(
                (a.match_points if which == MP else a.game_points)
                for a in ctx.data.adjustments
                if a.team == team and max(a.round, 1) == tr.round
            )
            parts.append(Contribution(tr.round, running, Note("after round {n}", n=tr.round)))
        for i in range(min(spec.cut, len(parts))):
            c = parts[i]
            parts[i] = Contribution(c.round, c.value, c.label, True, Note("C.07 14.1.1 c"))
        return TeamValue(sum(c.value or 0.0 for c in parts if not c.cut), None, tuple(parts))

    return _each(ctx, one)


def _count(ctx: TeamContext, test: Callable[[int, int], bool]) -> TeamValues:
    """Number of rounds (by index) passing ``test(team, index)``."""
    return _each(
        ctx,
        lambda team: TeamValue(
            float(sum(1 for i in range(len(ctx.team_rounds[team])) if test(team, i)))
        ),
    )


def wins(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """7.1: rounds with a win's points, played or not: TW match points (MP), or
    boards with W game points (GP)."""
    which = ctx.reference(spec.score)
    if which == MP:
        tw = ctx.t.team_scoring.win
        return _count(ctx, lambda team, i: ctx.team_rounds[team][i].match_points >= tw - _EPS)
    w = ctx.t.scoring.win
    return _each(
        ctx,
        lambda team: TeamValue(
            float(sum(1 for tr in ctx.team_rounds[team] for p in tr.board_points if p >= w - _EPS))
        ),
    )


def _counted(ctx: TeamContext, spec: TiebreakSpec, team: int, i: int) -> bool:
    tr = ctx.team_rounds[team][i]
    return tr.kind.is_played or (spec.forfeits_played and tr.kind.is_forfeit)


def _won(ctx: TeamContext, team: int, i: int) -> bool:
    tr = ctx.team_rounds[team][i]
    return tr.game_points > (tr.opponent_game_points or 0.0) + _EPS or (
        tr.kind is RoundKind.FORFEIT_WIN
    )


def matches_won(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """7.2: matches won over the board (with /P also by forfeit); :GP counts boards won."""
    if ctx.reference(spec.score) == GP:
        w = ctx.t.scoring.win
        return _each(
            ctx,
            lambda team: TeamValue(
                float(
                    sum(
                        1
                        for i, tr in enumerate(ctx.team_rounds[team])
                        if _counted(ctx, spec, team, i)
                        for p in tr.board_points
                        if p >= w - _EPS
                    )
                )
            ),
        )
    return _count(ctx, lambda team, i: _counted(ctx, spec, team, i) and _won(ctx, team, i))


def matches_played_black(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """7.3: matches played as the black team (record 330's second team)."""
    return _count(
        ctx,
        lambda team, i: (
            _counted(ctx, spec, team, i) and ctx.team_rounds[team][i].color is Color.BLACK
        ),
    )


def matches_won_black(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """7.4: matches won as the black team."""
    return _count(
        ctx,
        lambda team, i: (
            _counted(ctx, spec, team, i)
            and ctx.team_rounds[team][i].color is Color.BLACK
            and _won(ctx, team, i)
        ),
    )


def games_elected(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """7.6 (GE, REP in 2026): rounds minus half-point byes, zero-point byes and forfeit losses."""
    skipped = (RoundKind.HALF_BYE, RoundKind.ZERO_BYE, RoundKind.FORFEIT_LOSS)
    return _each(
        ctx,
        lambda team: TeamValue(
            float(ctx.rounds - sum(1 for tr in ctx.team_rounds[team] if tr.kind in skipped))
        ),
    )


def standard_points(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """2026 STD: 1 per round scoring more than the scheduled opponent (or than a draw
    without one), ½ for as much, 0 otherwise; on the reference score."""
    which = ctx.reference(spec.score)
    draw = ctx.draw.get(which)

    def one(team: int) -> TeamValue:
        total = 0.0
        for tr in ctx.team_rounds[team]:
            own = tr.match_points if which == MP else tr.game_points
            other = tr.opponent_match_points if which == MP else tr.opponent_game_points
            versus = draw if other is None else other
            total += 1.0 if own > versus + _EPS else 0.5 if abs(own - versus) <= _EPS else 0.0
        return TeamValue(total)

    return _each(ctx, one)


def pairing_number(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    return _each(ctx, lambda team: TeamValue(float(team)))


def strength(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    factors = {team.id: team.strength for team in ctx.t.teams}
    return _each(ctx, lambda team: TeamValue(factors.get(team)))


# --------------------------------------------------------------------------- Art. 12
def _boards_value(
    ctx: TeamContext, name: str, shown: Callable[[tuple[float, ...]], float]
) -> TeamValues:
    def one(team: int) -> TeamValue:
        key = knockout_key(ctx, team, name)
        totals = board_totals(ctx, team)
        parts = tuple(Contribution(0, v, Note("board {n}", n=i + 1)) for i, v in enumerate(totals))
        return TeamValue(shown(key), key, parts)

    return _each(ctx, one)


def board_count(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """12.1: Σ board number × game points on that board (lower is better)."""
    return _boards_value(ctx, "BC", lambda key: key[0])


def top_board_results(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """12.2: game points on board 1, then board 2, ... (compared in that order)."""
    return _boards_value(ctx, "TBR", lambda key: key[0] if key else 0.0)


def bottom_board_elimination(ctx: TeamContext, spec: TiebreakSpec) -> TeamValues:
    """12.3: game points on all boards but the bottom one, then but the two bottom ones..."""
    return _boards_value(ctx, "BBE", lambda key: key[0] if key else 0.0)
