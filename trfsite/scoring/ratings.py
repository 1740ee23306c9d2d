"""Rating-based tie-breaks (C.07 Art. 10): ARO, TPR, PTP, APRO, APPO.

Only games played over the board count (forfeits too with ``/P``): 10.1 takes
"the opponents played over the board", and 15.2's regular games of
pre-determined events do not change that, in any rule set (FIDE's reference
checker and Vega read the 2023 text so; the 2026 text says it). Results are
taken in 1-½-0 whatever the scoring system, because the rating tables are.

Unrated players: a value is undefined (None) whenever a rating it needs is
missing, unless ``--unrated-rating`` gave one (then already in ``ctx.ratings``).
Averages are rounded to the nearest whole number, 0.5 up (10.1, 10.4, 10.5).
TPR = ARO (rounded) + dp(p), p rounded to two decimals (table 8.1(a)).
PTP is the lowest whole rating whose expected score (table 8.1(b), full
scale) reaches the score; at 0% the table has no lowest rating, and at 100%
it first reaches the score at the strongest opponent + 736, so trfsite takes
the weakest opponent's rating - 800 and the strongest opponent's + 800.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import cast

from trfsite.results import Contribution, Explanation, Note
from trfsite.scoring.cells import Cell
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import Article, EventContext, TiebreakValues
from trfsite.scoring.modifiers import Cut, cut_total, mark_cuts
from trfsite.scoring.rating_tables import expected_hundredths, percent, rating_difference

NO_GAMES = Note("no games over the board")
NO_RATING = Note("undefined: an opponent has no rating (C.07 10)")
FORFEITS_LEFT_OUT = Note(
    "forfeits left out: C.07 10.1 takes only the opponents played over the board, in "
    "round robins too (every rule set)"
)


def _notes(ctx: EventContext, spec: TiebreakSpec, i: int, note: str) -> tuple[str, ...]:
    """``note``, and why a forfeit of player ``i`` is not among the games (10.1)."""
    if spec.forfeits_played:
        return (note,)
    cells = ctx.cell[i]
    if Cell.FORFEIT_WIN in cells or Cell.FORFEIT_LOSS in cells:
        return (note, FORFEITS_LEFT_OUT)
    return (note,)


def _round_half_up(total: int, count: int) -> int:
    return (2 * total + count) // (2 * count)


def _games(ctx: EventContext, spec: TiebreakSpec, i: int) -> list[int]:
    mask = ctx.game_mask(Article.RATINGS, spec.forfeits_played)[i]
    return [r for r in range(ctx.rounds) if mask[r]]


def _opponent_ratings(ctx: EventContext, i: int, rounds: list[int]) -> list[int | None]:
    opp = ctx.opp[i]
    return [ctx.ratings[opp[r]] for r in rounds]


def _averaged(
    ctx: EventContext,
    spec: TiebreakSpec,
    per_opponent: Sequence[int | None],
    what: Note,
) -> TiebreakValues:
    """Average of a per-player number (``per_opponent``, by index) over each player's
    opponents in games, with cuts, rounded half up."""
    values: list[float | None] = []
    explanations = ctx.unexplained()
    explaining = ctx.explaining
    # Every player who met j reads the same line about j: made once per opponent.
    lines: dict[int, Note] = {}
    # The games of every player, asked of the context once, not once per player.
    mask = ctx.game_mask(Article.RATINGS, spec.forfeits_played)
    low, high = spec.low_cuts, spec.high_cuts
    by_opponent = per_opponent.__getitem__
    if not (low or high or ctx.explain):
        # Values only, no cut (ARO as the search tries it): the loop below without its
        # cuts and notes; undefined without games or with an opponent's number unknown.
        for opp, games in zip(ctx.opp, mask, strict=True):
            found = list(map(by_opponent, compress(opp, games)))
            values.append(
                float(_round_half_up(round(float(sum(found))), len(found)))  # type: ignore[arg-type]
                if found and None not in found
                else None
            )
        return TiebreakValues(values)
    for i in range(ctx.size):
        opp = ctx.opp[i]
        found = list(map(by_opponent, compress(opp, mask[i])))
        known = (
            cast("list[int]", found) if None not in found else [v for v in found if v is not None]
        )
        value: float | None = None
        cuts: list[Cut] = []
        total, kept = 0.0, 0
        if known and len(known) == len(found):
            if low or high:
                total, cuts = cut_total([float(v) for v in known], low, high)
            else:  # cut_total's sum less nothing: whole ratings add up exactly either way
                total = float(sum(known))
            kept = len(known) - len(cuts)
            if kept:
                value = float(_round_half_up(round(total), kept))
        values.append(value)
        if explanations is not None and explaining[i]:
            note = NO_GAMES
            if len(known) < len(found):
                note = Note("undefined: an opponent has no {what} (no rating, C.07 10)", what=what)
            elif value is not None:
                note = Note(
                    "{total:g} / {n} = {average:.2f}, rounded half up to {value:g}",
                    total=total,
                    n=kept,
                    average=total / kept,
                    value=value,
                )
            contributions = []
            rounds = [r for r in range(ctx.rounds) if mask[i][r]]
            for v, r in zip(found, rounds, strict=True):
                j = ctx.opp[i][r]
                line = lines.get(j)
                if line is None:
                    line = lines[j] = Note(
                        "opponent {opponent}: {what} {value}",
                        opponent=ctx.label(j),
                        what=what,
                        value=v if v is not None else "-",
                    )
                contributions.append(Contribution(r + 1, None if v is None else float(v), line))
            explanations[i] = Explanation(
                spec.code, value, tuple(mark_cuts(contributions, cuts)), _notes(ctx, spec, i, note)
            )
    return TiebreakValues(values, explanations)


def average_rating_of_opponents(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    return _averaged(ctx, spec, ctx.ratings, Note("rating"))


# A player's value and its note ("" when ``noted`` is False: the value alone is wanted).
_Compute = Callable[[EventContext, TiebreakSpec, int, bool], tuple[int | None, str]]


def _performance(
    ctx: EventContext, spec: TiebreakSpec, i: int, noted: bool = True
) -> tuple[int | None, str]:
    rounds = _games(ctx, spec, i)
    ratings = _opponent_ratings(ctx, i, rounds)
    if not rounds:
        return None, NO_GAMES
    if any(v is None for v in ratings):
        return None, NO_RATING
    known = [v for v in ratings if v is not None]
    aro = _round_half_up(sum(known), len(known))
    score = sum(ctx.result[i][r] for r in rounds)
    p = percent(score, len(rounds))
    dp = rating_difference(p)
    if not noted:
        return aro + dp, ""
    return aro + dp, Note(
        "ARO {sum} / {n} -> {aro}; p = {score:g} / {games} = {p:.2f}; dp = {dp:+d}; "
        "TPR = {aro} {dp:+d} = {tpr}",
        sum=sum(known),
        n=len(known),
        aro=aro,
        score=score,
        games=len(rounds),
        p=p / 100,
        dp=dp,
        tpr=aro + dp,
    )


def _perfect(
    ctx: EventContext, spec: TiebreakSpec, i: int, noted: bool = True
) -> tuple[int | None, str]:
    rounds = _games(ctx, spec, i)
    ratings = _opponent_ratings(ctx, i, rounds)
    if not rounds:
        return None, NO_GAMES
    if any(v is None for v in ratings):
        return None, NO_RATING
    known = [v for v in ratings if v is not None]
    score = sum(ctx.result[i][r] for r in rounds)
    target = round(score * 100)
    if target <= 0:
        return min(known) - 800, Note("score 0: weakest opponent {rating} - 800", rating=min(known))
    if target >= 100 * len(known):
        return max(known) + 800, Note(
            "score 100%: strongest opponent {rating} + 800", rating=max(known)
        )
    low, high = min(known) - 800, max(known) + 800
    while low < high:  # lowest rating whose expected score reaches the score
        mid = (low + high) // 2
        if sum(expected_hundredths(mid - v) for v in known) >= target:
            high = mid
        else:
            low = mid + 1
    if not noted:
        return low, ""
    expected = sum(expected_hundredths(low - v) for v in known) / 100
    below = sum(expected_hundredths(low - 1 - v) for v in known) / 100
    return low, Note(
        "score {score:g}: at rating {rating} the expected score is {expected:g} >= {score:g}, "
        "at {below_rating} it is {below:g} (table 8.1(b), full scale)",
        score=score,
        rating=low,
        expected=expected,
        below_rating=low - 1,
        below=below,
    )


def _single(
    ctx: EventContext,
    spec: TiebreakSpec,
    compute: _Compute,
) -> TiebreakValues:
    values: list[float | None] = []
    explanations = ctx.unexplained()
    explaining = ctx.explaining
    # The line about a game depends only on the opponent and the result: made once each.
    lines: dict[tuple[int, float], Note] = {}
    for i in range(ctx.size):
        value, note = compute(ctx, spec, i, explaining[i])
        values.append(None if value is None else float(value))
        if explanations is not None and explaining[i]:
            contributions = []
            for r in _games(ctx, spec, i):
                j, result = ctx.opp[i][r], ctx.result[i][r]
                line = lines.get((j, result))
                if line is None:
                    line = lines[j, result] = Note(
                        "opponent {opponent} rated {rating}: result {result:g}",
                        opponent=ctx.label(j),
                        rating=ctx.ratings[j] or "-",
                        result=result,
                    )
                contributions.append(Contribution(r + 1, result, line))
            explanations[i] = Explanation(
                spec.code, values[-1], tuple(contributions), _notes(ctx, spec, i, note)
            )
    return TiebreakValues(values, explanations)


def tournament_performance(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    return _single(ctx, spec, _performance)


def perfect_performance(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    return _single(ctx, spec, _perfect)


def _per_player(
    ctx: EventContext,
    spec: TiebreakSpec,
    compute: _Compute,
    key: str,
) -> list[int | None]:
    hit = ctx.cached(key)
    if isinstance(hit, list):
        return hit
    plain = TiebreakSpec(code=spec.name, name=spec.name, forfeits_played=spec.forfeits_played)
    found = [compute(ctx, plain, j, False)[0] for j in range(ctx.size)]
    ctx.remember(key, found)
    return found


def average_performance_of_opponents(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    tprs = _per_player(ctx, spec, _performance, f"TPR:{spec.forfeits_played}")
    return _averaged(ctx, spec, tprs, Note("TPR"))


def average_perfect_performance_of_opponents(
    ctx: EventContext, spec: TiebreakSpec
) -> TiebreakValues:
    ptps = _per_player(ctx, spec, _perfect, f"PTP:{spec.forfeits_played}")
    return _averaged(ctx, spec, ptps, Note("PTP"))
