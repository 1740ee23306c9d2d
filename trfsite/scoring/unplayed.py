"""Unplayed rounds (C.07 Art. 15-16) under the 2023 and 2026 rule sets, and before 2023.

* 16.2 categories: 1 pairing-allocated or full-point bye, 2 forfeit win,
  3 requested bye followed by an available-to-play round, 4 forfeit loss,
  5 requested bye with no available-to-play round after it.
* 16.3 (opponents' view): every unplayed round counts with the points awarded,
  except category 5, which counts as a draw.
* 16.4 (own tie-break): an unplayed round is a game against a dummy opponent
  with the participant's own score (``2023``). ``2026`` caps the dummy: for a
  forfeit (16.4.1) at the scheduled opponent's 16.3-adjusted score, for any
  bye (16.4.2) at draw points x number of rounds, where "number of rounds"
  is the number of rounds the standings cover (N for standings after round N).
* 16.5: see :mod:`trfsite.scoring.modifiers`; rounds of categories 3, 4 and 5
  (forfeit losses and requested byes) are the ones cut first.
* 15.2 (round robins and other pre-determined events): forfeits are regular
  games (see ``EventContext.forfeits_are_games``), so no dummy is used; a round
  with no opponent at all (the rest round of an odd round robin) contributes
  nothing to opponent-based tie-breaks.
* ``pre2023`` (the rules before C.07 2023, see :mod:`trfsite.scoring.rule_sets`):
  no categories. Opponents see every unplayed game of a participant as a draw,
  and a participant's own unplayed round R is a game against a virtual opponent
  with ``SPR + (1 - SfPR) + 0.5 (n - R)`` points after n rounds, in the event's
  own scoring: the score before round R, the opposite of the points awarded in
  round R (a loss's points for a win's, a win's for a loss's, a draw's for a
  draw's) and a draw in each later round. A forfeit is unplayed in round robins
  too (the text had no 15.2); their rest rounds still contribute nothing.
"""

from __future__ import annotations

from typing import Protocol

from trfsite.results import N_, Note
from trfsite.scoring.cells import CELL_LABELS, Cell
from trfsite.scoring.rule_sets import PRE2023, RULES_2023


class Rounds(Protocol):
    """What Art. 16 reads of :class:`trfsite.scoring.context.EventContext`.

    A protocol, not the class: the context derives its categories and adjusted
    scores here, so this module must not import it.
    """

    rounds: int
    rules: str
    swiss: bool
    win: float
    draw: float
    loss: float
    fore_mode: bool
    cell: list[list[Cell]]
    opp: list[list[int]]
    pts: list[list[float]]
    score: list[float]
    progressive: list[list[float]]
    category: list[list[int]]
    adjusted: list[float]

    def label(self, i: int) -> str: ...

    def cached(self, key: str) -> object | None: ...

    def remember(self, key: str, value: object) -> None: ...


# Indexed by Cell (an IntEnum): lists avoid hashing enum members in hot loops.
_AVAILABLE = [c in (Cell.PLAYED, Cell.FORFEIT_WIN, Cell.PAIRING_BYE, Cell.FULL_BYE) for c in Cell]
_REQUESTED = [c in (Cell.HALF_BYE, Cell.ZERO_BYE) for c in Cell]
_CATEGORY = [
    {Cell.PLAYED: 0, Cell.PAIRING_BYE: 1, Cell.FULL_BYE: 1, Cell.FORFEIT_WIN: 2}.get(c, 4)
    for c in Cell
]
CATEGORY_TEXT = {
    1: Note("16.2.1 pairing-allocated or full-point bye"),
    2: Note("16.2.2 forfeit win"),
    3: Note("16.2.3 requested bye followed by an available-to-play round"),
    4: Note("16.2.4 forfeit loss"),
    5: Note("16.2.5 requested bye not followed by an available-to-play round"),
}
# Categories whose contribution 16.5 cuts first.
CUT_FIRST = frozenset({3, 4, 5})


def categories(ctx: Rounds) -> list[list[int]]:
    """C.07 16.2 category of every round (0 for a game played over the board)."""
    found: list[list[int]] = []
    played = Cell.PLAYED
    for row in ctx.cell:
        cats = [0] * len(row)
        if row.count(played) == len(row):  # most rows of a Swiss: games only, all category 0
            found.append(cats)
            continue
        available_later = False
        for r in range(len(row) - 1, -1, -1):
            cell = row[r]
            if _REQUESTED[cell]:
                cats[r] = 3 if available_later else 5
            else:
                cats[r] = _CATEGORY[cell]
                available_later = available_later or _AVAILABLE[cell]
        found.append(cats)
    return found


def adjusted_scores(ctx: Rounds) -> list[float]:
    """C.07 16.3: each participant's score as their opponents see it (Swiss only).

    Under ``pre2023``: with every unplayed game counted as a draw, in any event.
    """
    if ctx.rules == PRE2023:
        return _unplayed_as_draws(ctx)
    if not ctx.swiss:
        return list(ctx.score)
    adjusted = []
    for i, cats in enumerate(ctx.category):
        score = ctx.score[i]
        if 5 in cats:
            pts = ctx.pts[i]
            for r, cat in enumerate(cats):
                if cat == 5:
                    score += ctx.draw - pts[r]
        adjusted.append(score)
    return adjusted


def _unplayed_as_draws(ctx: Rounds) -> list[float]:
    """Rules before 2023: an opponent's unplayed games count as draws for tie-breaks."""
    played = Cell.PLAYED
    draw = ctx.draw
    adjusted = []
    for i, row in enumerate(ctx.cell):
        score = ctx.score[i]
        if row.count(played) != len(row):
            pts, opp = ctx.pts[i], ctx.opp[i]
            for r, cell in enumerate(row):
                # A round robin's rest round is no game at all, unplayed or not.
                if cell is not played and (ctx.swiss or opp[r] >= 0):
                    score += draw - pts[r]
        adjusted.append(score)
    return adjusted


def has_dummy(ctx: Rounds, i: int, r: int) -> bool:
    """Does an unplayed round count against a dummy (or virtual) opponent?

    Swiss: always (C.07 16.4). Round robins: never in 2023 and 2026 (15.2); under
    the rules before 2023 a forfeit does, and a rest round does not.
    """
    return ctx.swiss or (ctx.rules == PRE2023 and ctx.opp[i][r] >= 0)


def _opposite(ctx: Rounds, points: float) -> float:
    """The virtual opponent's points in the round itself: the other side of the result."""
    if points >= ctx.win - 1e-9:
        return ctx.loss
    if points <= ctx.loss + 1e-9:
        return ctx.win
    if abs(points - ctx.draw) < 1e-9:
        return ctx.draw
    return ctx.win + ctx.loss - points


def virtual_opponent(ctx: Rounds, i: int, r: int) -> tuple[float, float, int]:
    """Rules before 2023: (SPR, the virtual opponent's points in round r, later rounds)."""
    before = ctx.progressive[i][r - 1] if r else 0.0
    return before, _opposite(ctx, ctx.pts[i][r]), ctx.rounds - r - 1


def dummy_score(ctx: Rounds, i: int, r: int) -> float:
    """C.07 16.4: the score of the dummy opponent of player ``i`` in round ``r``.

    Under ``pre2023`` the virtual opponent's: ``SPR + (1 - SfPR) + 0.5 (n - R)``.
    """
    if ctx.rules == PRE2023:
        before, in_round, later = virtual_opponent(ctx, i, r)
        return before + in_round + ctx.draw * later
    own = ctx.score[i]
    if ctx.rules == RULES_2023:
        return own
    opp = ctx.opp[i][r]
    if opp >= 0:
        return min(own, ctx.adjusted[opp])
    return min(own, ctx.draw * ctx.rounds)


def dummy_text(ctx: Rounds, i: int, r: int) -> str:
    """Pen-and-paper account of :func:`dummy_score` for explanations."""
    # The account depends on the round only through its category and scheduled
    # opponent: made once per kind, since a file may declare hundreds of unplayed rounds.
    made = ctx.cached("dummy-texts")
    if not isinstance(made, dict):
        made = {}
        ctx.remember("dummy-texts", made)
    if ctx.rules == PRE2023:
        key: tuple[int, ...] = (i, r, -2)  # the virtual opponent depends on the round
    else:
        key = (i, ctx.category[i][r], ctx.opp[i][r] if ctx.rules != RULES_2023 else -1)
    text: str | None = made.get(key)
    if text is None:
        text = _dummy_account(ctx, i, r)
        made[key] = text
    return text


def _virtual_account(ctx: Rounds, i: int, r: int) -> str:
    before, in_round, later = virtual_opponent(ctx, i, r)
    return Note(
        "unplayed ({what}): virtual opponent with {before:g} before round {round}, {in_round:g} "
        "in it and a draw in each of the {later} later round(s): {before:g} + {in_round:g} + "
        "{draw:g} x {later} = {value:g} (rules before 2023: virtual opponent)",
        what=CELL_LABELS[ctx.cell[i][r]],
        before=before,
        round=r + 1,
        in_round=in_round,
        later=later,
        draw=ctx.draw,
        value=before + in_round + ctx.draw * later,
    )


def _dummy_account(ctx: Rounds, i: int, r: int) -> str:
    if ctx.rules == PRE2023:
        return _virtual_account(ctx, i, r)
    own = ctx.score[i]
    cat = ctx.category[i][r]
    head = Note("unplayed ({category})", category=CATEGORY_TEXT.get(cat, Note(N_("rest round"))))
    own_score = Note(N_("own score (Fore-adjusted)") if ctx.fore_mode else N_("own score"))
    if ctx.rules == RULES_2023:
        return Note(
            "{head}: dummy opponent with {own_score} {own:g} (C.07 16.4, 2023)",
            head=head,
            own_score=own_score,
            own=own,
        )
    opp = ctx.opp[i][r]
    if opp >= 0:
        cap = ctx.adjusted[opp]
        return Note(
            "{head}: dummy score = min({own_score} {own:g}, scheduled opponent {opponent} "
            "adjusted score {cap:g}) = {dummy:g} (C.07 16.4.1, 2026)",
            head=head,
            own_score=own_score,
            own=own,
            opponent=ctx.label(opp),
            cap=cap,
            dummy=min(own, cap),
        )
    cap = ctx.draw * ctx.rounds
    return Note(
        "{head}: dummy score = min({own_score} {own:g}, draw {draw:g} x {rounds} rounds = "
        "{cap:g}) = {dummy:g} (C.07 16.4.2, 2026)",
        head=head,
        own_score=own_score,
        own=own,
        draw=ctx.draw,
        rounds=ctx.rounds,
        cap=cap,
        dummy=min(own, cap),
    )
