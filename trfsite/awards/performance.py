"""Per player: rating change, performance and average opponent rating together.

Performance and ARO are the tie-break engine's TPR and ARO (C.07 10.2, 10.1),
computed once more without any cut, so the numbers and their explanations are
the ones an arbiter checks with FIDE's tie-break checker.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from trfsite.awards.rating_change import RatingChange, rating_changes
from trfsite.model import EventKind, Game
from trfsite.results import Explanation, Standings
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import build_context
from trfsite.scoring.ratings import average_rating_of_opponents, tournament_performance
from trfsite.scoring.rule_sets import RULE_SETS


@dataclass(frozen=True, slots=True)
class PlayerRatings:
    change: RatingChange
    performance: Explanation  # TPR; value None when undefined
    average_opponent_rating: Explanation  # ARO


def has_ratings(standings: Standings) -> bool:
    """Chess events whose rows are players (Go ratings follow other rules)."""
    return (
        standings.tournament.game is Game.CHESS
        and standings.kind is EventKind.INDIVIDUAL
        and standings.rules in RULE_SETS
    )


def event_ratings(
    standings: Standings,
    k_overrides: Mapping[int, int] | None = None,
    explain: bool = True,
    unrated_rating: int | None = None,
    explained: frozenset[int] | None = None,
    changes: Mapping[int, RatingChange] | None = None,
) -> dict[int, PlayerRatings]:
    """Rating change, TPR and ARO of every player, after ``standings.after_round``.

    Without ``explain`` TPR and ARO carry their values only (building the per-game
    notes of a 2000-player open takes longer than its standings). ``unrated_rating``
    is the rating C.07 10 lets the organiser publish for unrated opponents (TPR, ARO
    only: the rating change counts rated opponents alone). ``explained``: the ids of
    the only players wanted, explained (the cards one page worker builds);
    ``changes``: the rating changes already made with the same settings.
    """
    t = standings.tournament
    if not has_ratings(standings):
        return {}
    if changes is None:
        changes = rating_changes(t, k_overrides, standings.after_round)
    ctx = build_context(
        t,
        standings.after_round,
        standings.rules,
        not standings.round_robin,
        unrated_rating,
        explain=explain or explained is not None,
        explained=explained,
    )
    tpr = tournament_performance(ctx, TiebreakSpec(code="TPR", name="TPR"))
    aro = average_rating_of_opponents(ctx, TiebreakSpec(code="ARO", name="ARO"))
    tprs = tpr.explanations or [Explanation("TPR", v) for v in tpr.values]
    aros = aro.explanations or [Explanation("ARO", v) for v in aro.values]
    found: dict[int, PlayerRatings] = {}
    for i, pid in enumerate(ctx.ids):
        if explained is None or pid in explained:
            found[pid] = PlayerRatings(changes[pid], tprs[i], aros[i])
    return found
