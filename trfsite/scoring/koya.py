"""Koya system (C.07 9.2) with the limit modifier (14.5).

KS is the points scored against the participants whose score is at least
50% of the maximum possible score, the limit moved by ``/L±n`` in half points.
The maximum possible score is a win's points times the most rounds any
participant was scheduled to play within the rounds covered (so the rest
round of an odd round robin does not count). Forfeits count in every event:
9.2 speaks of "points achieved against" participants, not of games played
over the board (as 7.2, 10.1 or 10.2 do), and FIDE's reference
implementation counts forfeit wins too. Byes have no opponent, so never count.
"""

from __future__ import annotations

from trfsite.results import Contribution, Explanation, Note
from trfsite.scoring.cells import CELL_LABELS, Cell
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import Article, EventContext, TiebreakValues

KOYA_FORFEITS_NOTE = Note(
    "forfeit wins count: C.07 (2023) 9.2 counts the points achieved against these "
    "participants, not only games played over the board"
)


def koya_limit(ctx: EventContext, spec: TiebreakSpec) -> tuple[float, Note]:
    scheduled = max((sum(1 for c in row if c is not Cell.ZERO_BYE) for row in ctx.cell), default=0)
    maximum = ctx.win * scheduled
    shift = 0.5 * (spec.limit or 0)
    limit = maximum / 2 + shift
    if shift:
        return limit, Note(
            "limit = half of {maximum:g} (a win x {rounds} rounds) {shift:+g} "
            "(/L{modifier:+d} half points) = {limit:g}",
            maximum=maximum,
            rounds=scheduled,
            shift=shift,
            modifier=spec.limit or 0,
            limit=limit,
        )
    return limit, Note(
        "limit = half of {maximum:g} (a win x {rounds} rounds) = {limit:g}",
        maximum=maximum,
        rounds=scheduled,
        limit=limit,
    )


def koya(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    limit, note = koya_limit(ctx, spec)
    strong = [s >= limit - 1e-9 for s in ctx.score]
    games = ctx.game_mask(Article.OPPONENTS, True)
    values: list[float | None] = []
    explanations = ctx.unexplained()
    explaining = ctx.explaining
    for i in range(ctx.size):
        opp = ctx.opp[i]
        rounds = [r for r in range(ctx.rounds) if games[i][r] and strong[opp[r]]]
        total = sum(ctx.pts[i][r] for r in rounds)
        values.append(total)
        if explanations is not None and explaining[i]:
            contributions = tuple(
                Contribution(
                    r + 1,
                    ctx.pts[i][r],
                    Note(
                        "against {opponent} (score {score:g})",
                        opponent=ctx.label(opp[r]),
                        score=ctx.score[opp[r]],
                    )
                    if ctx.cell[i][r] is Cell.PLAYED
                    else Note(
                        "against {opponent} (score {score:g}), {kind}",
                        opponent=ctx.label(opp[r]),
                        score=ctx.score[opp[r]],
                        kind=CELL_LABELS[ctx.cell[i][r]],
                    ),
                )
                for r in rounds
            )
            explanations[i] = Explanation(
                spec.code, total, contributions, (note, KOYA_FORFEITS_NOTE)
            )
    return TiebreakValues(values, explanations)
