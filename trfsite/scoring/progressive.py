"""Progressive scores (C.07 7.5): the sum of the running score after each round.

Cuts drop the earliest rounds first (14.1.1 c: PS-C1 leaves out the score
after round 1), medians also the latest rounds. Bonus points of a 299 record
with a blank type change the standings score, not the running score.
"""

from __future__ import annotations

from trfsite.results import Contribution, Explanation, Note
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import EventContext, TiebreakValues


def progressive_scores(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    low, high = spec.low_cuts, spec.high_cuts
    if not (low or high or ctx.explain):
        # Values only, no cut: each player's running scores summed in C, no loop.
        return TiebreakValues(list(map(sum, ctx.progressive)))
    values: list[float | None] = []
    explanations = ctx.unexplained()
    explaining = ctx.explaining
    for i in range(ctx.size):
        running = ctx.progressive[i]
        kept = range(min(low, len(running)), max(min(low, len(running)), len(running) - high))
        total = sum(running[kept.start : kept.stop])  # in round order, as one by one
        values.append(total)
        if explanations is not None and explaining[i]:
            contributions = tuple(
                Contribution(
                    r + 1,
                    v,
                    Note("score after round {n}", n=r + 1),
                    r not in kept,
                    ""
                    if r in kept
                    else Note("C.07 14.1.1: PS cuts the earliest (medians also the latest) rounds"),
                )
                for r, v in enumerate(running)
            )
            explanations[i] = Explanation(spec.code, total, contributions)
    return TiebreakValues(values, explanations)
