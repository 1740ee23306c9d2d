"""Counting tie-breaks on the participant's own record (C.07 Art. 7) and the 2026 additions.

* WIN (7.1): rounds with as many points as a win, with or without playing.
* WON (7.2), BPG (7.3), BWG (7.4): games over the board; forfeits count with
  ``/P`` and in pre-determined events (15.2), except that in ``2026`` a forfeit
  loss stays unplayed there (so it is not a BPG game).
* GE / REP (7.6): rounds covered minus half-point byes, zero-point byes (every
  round after a withdrawal is one) and forfeit losses (unless forfeits count
  as games, see above).
* STD (2026): per round 1 if the participant scored more than the scheduled
  opponent, ½ if equal, 0 if less; without a game (byes and forfeits alike) the
  comparison is with a draw's points. So a double forfeit gives 0 to both (a
  choice the texts leave open: neither player played, and both got a loss's
  points, less than a draw). Always 1-½-0, whatever the scoring system.
* TPN (2026): the pairing (start) number, lower is better.
* RTNG (2026): the rating (``--unrated-rating`` for unrated players, else
  undefined), higher is better.
"""

from __future__ import annotations

from collections.abc import Callable

from trfsite.results import N_, Note, new_contribution, new_explanation
from trfsite.scoring.cells import CELL_LABELS, Cell
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import UNEXPLAINED, Article, EventContext, TiebreakValues


def _count(
    ctx: EventContext,
    spec: TiebreakSpec,
    counts: Callable[[int, int], bool],
    label: Callable[[int, int], str],
) -> TiebreakValues:
    values: list[float | None] = []
    explanations = ctx.unexplained()
    explaining = ctx.explaining
    for i in range(ctx.size):
        hits = [r for r in range(ctx.rounds) if counts(i, r)]
        values.append(float(len(hits)))
        if explanations is not None and explaining[i]:
            contributions = tuple(new_contribution(r + 1, 1.0, label(i, r)) for r in hits)
            explanations[i] = new_explanation(spec.code, float(len(hits)), contributions)
    return TiebreakValues(values, explanations)


def _describe(ctx: EventContext, i: int, r: int) -> str:
    """A round of the player's own record ("win with white against 17 Ann, 1 point(s)").

    The line depends on the cell, colour, opponent and points alone: players who beat
    the same opponent with the same colour read it alike, and WIN, WON, BPG... of one
    player share it. Made once per context (half the wins of a large open repeat one).
    """
    cell, black, opponent, points = ctx.cell[i][r], ctx.black[i][r], ctx.opp[i][r], ctx.pts[i][r]
    made = _described(ctx)
    key = (cell, black, opponent, points)
    line = made.get(key)
    if line is not None:
        return line
    text: str = CELL_LABELS[cell]
    if opponent >= 0:
        template = (
            N_("{what} with black against {opponent}")
            if black
            else N_("{what} with white against {opponent}")
        )
        text = Note(template, what=text, opponent=ctx.label(opponent))
    line = made[key] = Note("{what}, {points:g} point(s)", what=text, points=points)
    return line


def _described(ctx: EventContext) -> dict[tuple[object, ...], Note]:
    made = ctx.cached("described-rounds")
    if not isinstance(made, dict):
        made = {}
        ctx.remember("described-rounds", made)
    return made


def wins(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    win = ctx.win - 1e-9
    if not ctx.explain:
        # Values only: each row (one entry per round) counted in C, not a call per round.
        at_least = win.__le__
        return TiebreakValues([float(sum(map(at_least, row))) for row in ctx.pts])
    return _count(ctx, spec, lambda i, r: ctx.pts[i][r] >= win, lambda i, r: _describe(ctx, i, r))


def games_won(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    games = ctx.game_mask(Article.OWN_RECORD, spec.forfeits_played)
    return _count(
        ctx,
        spec,
        lambda i, r: games[i][r] and ctx.result[i][r] == 1.0,
        lambda i, r: _describe(ctx, i, r),
    )


def games_with_black(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    games = ctx.game_mask(Article.OWN_RECORD, spec.forfeits_played)
    return _count(
        ctx, spec, lambda i, r: games[i][r] and ctx.black[i][r], lambda i, r: _describe(ctx, i, r)
    )


def wins_with_black(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    games = ctx.game_mask(Article.OWN_RECORD, spec.forfeits_played)
    return _count(
        ctx,
        spec,
        lambda i, r: games[i][r] and ctx.black[i][r] and ctx.result[i][r] == 1.0,
        lambda i, r: _describe(ctx, i, r),
    )


def games_elected(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    """GE / REP: counted as rounds minus the rounds not elected."""
    games = ctx.game_mask(Article.OWN_RECORD, spec.forfeits_played)
    not_elected = (Cell.HALF_BYE, Cell.ZERO_BYE, Cell.FORFEIT_LOSS)
    values: list[float | None] = []
    explanations = ctx.unexplained()
    explaining = ctx.explaining
    for i in range(ctx.size):
        missed = [r for r in range(ctx.rounds) if ctx.cell[i][r] in not_elected and not games[i][r]]
        value = float(ctx.rounds - len(missed))
        values.append(value)
        if explanations is not None and explaining[i]:
            contributions = tuple(
                new_contribution(
                    r + 1, -1.0, Note("not elected: {what}", what=_describe(ctx, i, r))
                )
                for r in missed
            )
            note = Note(
                "{rounds} rounds - {missed} not elected = {value:g} (C.07 7.6)",
                rounds=ctx.rounds,
                missed=len(missed),
                value=value,
            )
            explanations[i] = new_explanation(spec.code, value, contributions, (note,))
    return TiebreakValues(values, explanations)


def standard_points(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    values: list[float | None] = []
    explanations = ctx.unexplained()
    explaining = ctx.explaining
    for i in range(ctx.size):
        total = 0.0
        contributions = []
        explain = explanations is not None and explaining[i]
        for r in range(ctx.rounds):
            own = ctx.pts[i][r]
            played = ctx.cell[i][r] is Cell.PLAYED
            other = ctx.pts[ctx.opp[i][r]][r] if played else ctx.draw
            value = 1.0 if own > other else 0.5 if own == other else 0.0
            total += value
            if explain:
                against = (
                    Note(
                        "opponent {opponent} scored {points:g}",
                        opponent=ctx.label(ctx.opp[i][r]),
                        points=other,
                    )
                    if played
                    else Note(
                        "no game ({what}): a draw is {points:g}",
                        what=CELL_LABELS[ctx.cell[i][r]],
                        points=other,
                    )
                )
                label = Note("scored {points:g}; {against}", points=own, against=against)
                contributions.append(new_contribution(r + 1, value, label))
        values.append(total)
        if explanations is not None and explain:
            explanations[i] = new_explanation(spec.code, total, tuple(contributions))
    return TiebreakValues(values, explanations)


def pairing_number(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    values: list[float | None] = [float(pid) for pid in ctx.ids]
    explanations = None
    if ctx.explain:
        explanations = [
            new_explanation(spec.code, v, (), (Note("pairing number, lower is better"),))
            if explain
            else UNEXPLAINED
            for v, explain in zip(values, ctx.explaining, strict=True)
        ]
    return TiebreakValues(values, explanations)


def rating(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    values: list[float | None] = [None if v is None else float(v) for v in ctx.ratings]
    explanations = None
    if ctx.explain:
        explanations = [
            new_explanation(
                spec.code, v, (), (Note(N_("rating") if v is not None else N_("unrated")),)
            )
            if explain
            else UNEXPLAINED
            for v, explain in zip(values, ctx.explaining, strict=True)
        ]
    return TiebreakValues(values, explanations)
