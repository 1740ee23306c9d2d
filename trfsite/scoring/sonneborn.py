"""Sonneborn-Berger (C.07 9.1).

Each round adds the opponent's score (16.3-adjusted, or the 16.4 dummy's for
an unplayed round) times the points scored in that round, in the event's own
scoring (so 3-1-0 multiplies by 3 for a win). For cuts the least significant
value is the opponent with the lowest score, and among equal scores the one
against whom the worst result was achieved (14.1.1 d).
"""

from __future__ import annotations

from operator import mul

from trfsite.results import Note, new_contribution, new_explanation
from trfsite.scoring.buchholz import opponent_label, opponent_labels, opponent_table, view
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import Article, EventContext, TiebreakValues
from trfsite.scoring.modifiers import Cut, cut_sum, cut_total, mark_cuts


def sonneborn_berger(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    base = view(ctx, spec)
    games = base.game_mask(Article.OPPONENTS, spec.forfeits_played)
    table = opponent_table(base, spec.forfeits_played)
    low, high = spec.low_cuts, spec.high_cuts
    values: list[float | None] = []
    explanations = ctx.unexplained()
    explaining = ctx.explaining
    labels = opponent_labels(base) if explanations is not None else {}
    # A game's account depends only on the opponent and the points scored: made once
    # per pair (a large open's SB explanations repeat each about ten times).
    game_notes: dict[tuple[int, float], Note] = {}
    for i in range(base.size):
        scores, cut_first, rounds = table[i]
        pts = base.pts[i]
        if len(rounds) == len(pts):  # every round counted, in order: multiplied in C
            products = list(map(mul, scores, pts))
        else:
            products = [s * pts[r] for s, r in zip(scores, rounds, strict=True)]
        cuts: list[Cut] = []
        if low or high:
            keys = list(zip(scores, products, strict=True))
            if not explaining[i]:
                total = cut_sum(products, low, high, keys, cut_first)
            else:
                total, cuts = cut_total(products, low, high, keys, cut_first)
        else:
            total = sum(products)
        values.append(total)
        if explanations is not None and explaining[i]:
            opp, played = base.opp[i], games[i]
            contributions = []
            for v, r in zip(products, rounds, strict=True):
                key = (opp[r], pts[r])
                note = game_notes.get(key) if played[r] else None
                if note is None:
                    note = Note(
                        "{opponent}; x points scored {points:g} = {value:g}",
                        opponent=opponent_label(base, i, r, played, labels),
                        points=pts[r],
                        value=v,
                    )
                    if played[r]:
                        game_notes[key] = note
                contributions.append(new_contribution(r + 1, v, note))
            explanations[i] = new_explanation(
                spec.code, total, tuple(mark_cuts(contributions, cuts))
            )
    return TiebreakValues(values, explanations)
