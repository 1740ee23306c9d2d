"""Buchholz (C.07 8.1), Fore Buchholz (8.3) and Average of Opponents' Buchholz (8.2).

Each round contributes the opponent's score as adjusted by 16.3 (Swiss), or a
dummy opponent's score for an unplayed round (16.4, capped in ``2026``). In
pre-determined events (15.2) forfeits are games and a rest round contributes
nothing. Under the rules before 2023 the opponent's unplayed games count as
draws and an unplayed round (a forfeit in a round robin too) meets a virtual
opponent (:mod:`trfsite.scoring.unplayed`); cuts know no 16.5 exception.
``/F`` (and FB itself) uses the Fore view: every paired game of the last round
covered counts as a draw, for everyone, before anything else is computed; the
dummy then uses the Fore-adjusted own score.

AOB averages, over the opponents met in games (and forfeits with ``/P`` or in
pre-determined events), their Buchholz (their Fore Buchholz with ``/F``); the
average is not rounded, and is undefined (None) for a participant with no games.
"""

from __future__ import annotations

from operator import itemgetter

from trfsite.results import N_, Contribution, Note, new_contribution, new_explanation
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import Article, EventContext, TiebreakValues
from trfsite.scoring.modifiers import Cut, cut_sum, cut_total, mark_cuts
from trfsite.scoring.rule_sets import PRE2023
from trfsite.scoring.unplayed import CUT_FIRST, dummy_score, dummy_text, has_dummy


def opponent_scores(
    ctx: EventContext, i: int, games: list[bool]
) -> tuple[list[float], list[bool], list[int]]:
    """Per counted round: the opponent's (or dummy's) score, 16.5 flag, round index."""
    adjusted = ctx.adjusted
    opp = ctx.opp[i]
    cats = ctx.category[i]
    # 16.5 did not exist before 2023: a cut takes the least significant value, always.
    cut_exception = ctx.rules != PRE2023
    values: list[float] = []
    cut_first: list[bool] = []
    rounds: list[int] = []
    for r in range(ctx.rounds):
        if games[r]:
            values.append(adjusted[opp[r]])
            cut_first.append(False)
            rounds.append(r)
        elif has_dummy(ctx, i, r):
            values.append(dummy_score(ctx, i, r))
            cut_first.append(cut_exception and cats[r] in CUT_FIRST)
            rounds.append(r)
    return values, cut_first, rounds


OpponentTable = list[tuple[list[float], list[bool], list[int]]]


def opponent_table(ctx: EventContext, forfeits_played: bool) -> OpponentTable:
    """:func:`opponent_scores` for every player, computed once per context and /P."""
    key = f"opponents:{forfeits_played}"
    hit = ctx.cached(key)
    if isinstance(hit, list):
        return hit
    games = ctx.game_mask(Article.OPPONENTS, forfeits_played)
    # The common row, a game every round (most of a Swiss), is read in C without a call
    # per player; its rounds are one list, which every reader only reads.
    every_round = list(range(ctx.rounds))
    adjusted = ctx.adjusted.__getitem__
    table = [
        (list(map(adjusted, opp)), [], every_round) if all(row) else opponent_scores(ctx, i, row)
        for i, (opp, row) in enumerate(zip(ctx.opp, games, strict=True))
    ]
    ctx.remember(key, table)
    return table


def opponent_labels(ctx: EventContext) -> dict[int, str]:
    """Opponent index -> the account of its score, filled by :func:`opponent_label`.

    Every opponent of j reads the same account of j's score (once per tie-break and
    player otherwise: a hundred thousand notes in a large open): made once per context.
    """
    made = ctx.cached("opponent-labels")
    if not isinstance(made, dict):
        made = {}
        ctx.remember("opponent-labels", made)
    return made


def opponent_label(
    ctx: EventContext, i: int, r: int, games: list[bool], labels: dict[int, str]
) -> str:
    """Pen-and-paper account of one round's opponent score; ``labels``: opponent_labels(ctx)."""
    if not games[r]:
        return dummy_text(ctx, i, r)
    j = ctx.opp[i][r]
    text = labels.get(j)
    if text is None:
        text = labels[j] = _opponent_account(ctx, j)
    return text


def opponent_lines(ctx: EventContext, forfeits_played: bool) -> dict[int, list[Contribution]]:
    """Player index -> a Buchholz explanation's lines (one per opponent's score, none cut),
    filled by :func:`buchholz`.

    BH, BH-C1, BH-M1... of one player read the same scores: their lines differ only by
    the ones cut (``mark_cuts`` copies those), so they are made once per context and /P.
    """
    key = f"opponent-lines:{forfeits_played}"
    made = ctx.cached(key)
    if not isinstance(made, dict):
        made = {}
        ctx.remember(key, made)
    return made


def _opponent_account(ctx: EventContext, j: int) -> str:
    template = (
        N_("opponent {opponent}: Fore-adjusted score {score:g}")
        if ctx.fore_mode
        else N_("opponent {opponent}: score {score:g}")
    )
    text = Note(template, opponent=ctx.label(j), score=ctx.score[j])
    if ctx.adjusted[j] != ctx.score[j] and ctx.rules == PRE2023:
        return Note(
            "{text}, counted as {adjusted:g} (rules before 2023: the opponent's unplayed "
            "games count as draws)",
            text=text,
            adjusted=ctx.adjusted[j],
        )
    if ctx.adjusted[j] != ctx.score[j]:
        return Note(
            "{text}, adjusted to {adjusted:g} (C.07 16.3.2: requested byes with no later "
            "available-to-play round count as draws)",
            text=text,
            adjusted=ctx.adjusted[j],
        )
    return text


def view(ctx: EventContext, spec: TiebreakSpec) -> EventContext:
    """The context a Buchholz-type tie-break reads (the Fore view for FB and /F)."""
    return ctx.fore() if spec.fore or spec.name == "FB" else ctx


def buchholz(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    """BH and FB with any cut or median modifier."""
    base = view(ctx, spec)
    key = f"BH:{base.fore_mode}:{spec.forfeits_played}:{spec.low_cuts}:{spec.high_cuts}"
    hit = ctx.cached(key)
    if isinstance(hit, TiebreakValues) and (hit.explanations is not None or not ctx.explain):
        return hit
    games = base.game_mask(Article.OPPONENTS, spec.forfeits_played)
    table = opponent_table(base, spec.forfeits_played)
    low, high = spec.low_cuts, spec.high_cuts
    values: list[float | None] = []
    if not ctx.explain:
        # Values only (the standings, the declared-ranks search): each row's total, without
        # the explanations' bookkeeping per player.
        if low or high:
            values = [cut_sum(scores, low, high, None, flags) for scores, flags, _ in table]
        else:
            values = list(map(sum, map(itemgetter(0), table)))
        found = TiebreakValues(values)
        ctx.remember(key, found)
        return found
    explanations = ctx.unexplained()
    explaining = ctx.explaining
    lines = opponent_lines(base, spec.forfeits_played) if explanations is not None else {}
    for i in range(base.size):
        scores, cut_first, rounds = table[i]
        cuts: list[Cut] = []
        if (low or high) and not explaining[i]:
            total = cut_sum(scores, low, high, None, cut_first)
        elif low or high:
            total, cuts = cut_total(scores, low, high, None, cut_first)
        else:
            total = sum(scores)
        values.append(total)
        if explanations is not None and explaining[i]:
            contributions = lines.get(i)
            if contributions is None:
                labels = opponent_labels(base)
                contributions = lines[i] = [
                    new_contribution(r + 1, v, opponent_label(base, i, r, games[i], labels))
                    for v, r in zip(scores, rounds, strict=True)
                ]
            explanations[i] = new_explanation(
                spec.code, total, tuple(mark_cuts(contributions, cuts))
            )
    found = TiebreakValues(values, explanations)
    ctx.remember(key, found)
    return found


def average_of_opponents_buchholz(ctx: EventContext, spec: TiebreakSpec) -> TiebreakValues:
    """AOB (C.07 8.2), over BH, or over FB with ``/F``."""
    inner = TiebreakSpec(code="BH", name="BH", fore=spec.fore, forfeits_played=spec.forfeits_played)
    opponents_bh = buchholz(ctx, inner).values
    games = ctx.game_mask(Article.OPPONENTS, spec.forfeits_played)
    low, high = spec.low_cuts, spec.high_cuts
    what = Note(N_("Fore Buchholz") if spec.fore else N_("Buchholz"))
    values: list[float | None] = []
    explanations = ctx.unexplained()
    explaining = ctx.explaining
    for i in range(ctx.size):
        opp = ctx.opp[i]
        rounds = [r for r in range(ctx.rounds) if games[i][r]]
        found = [opponents_bh[opp[r]] for r in rounds]
        scores = [v for v in found if v is not None]
        cuts: list[Cut] = []
        if low or high:
            total, cuts = cut_total(scores, low, high)
        else:
            total = sum(scores)
        kept = len(scores) - len(cuts)
        value = round(total / kept, 6) if kept > 0 and len(scores) == len(found) else None
        values.append(value)
        if explanations is not None and explaining[i]:
            contributions = [
                new_contribution(
                    r + 1,
                    v,
                    Note(
                        "opponent {opponent}: {what} {value:g}",
                        opponent=ctx.label(opp[r]),
                        what=what,
                        value=v,
                    ),
                )
                for v, r in zip(scores, rounds, strict=False)
            ]
            note = (
                Note("average of {n} value(s): {total:g} / {n}", n=kept, total=total)
                if kept
                else Note("no games")
            )
            explanations[i] = new_explanation(
                spec.code, value, tuple(mark_cuts(contributions, cuts)), (note,)
            )
    return TiebreakValues(values, explanations)
