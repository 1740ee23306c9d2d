"""The precomputed per-event arrays that every individual tie-break reads.

A tournament is turned once into per-player, per-round lists (what happened,
against whom, with which colour, for how many points) plus the derived totals
(scores, 16.3-adjusted scores, 16.2 categories). Tie-breaks are pure functions
of this structure, so each one costs O(players x rounds).

Normalisation of round cells (the texts leave these to the program):

* a missing cell, a blank cell and ``?`` count as a zero-point bye (TRF: blank
  result is ``Z``; any round after a withdrawal is a zero-point bye, 16.1.1);
* a win-like result without an opponent (``0000 - +``, ``1``, ``W``, ``F``)
  is a full-point bye, ``U`` a pairing-allocated bye (both 16.2.1), a
  draw-like one (``=``, ``D``, ``H``) a half-point bye, and a loss-like one
  (``-``, ``0``, ``L``, ``Z``) a zero-point bye; points still follow the
  letter actually written;
* games that lasted less than one move (``W``, ``D``, ``L``) are played games;
* an opponent id that is not in the file makes the cell unplayed.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import field
from itertools import accumulate
from operator import attrgetter
from typing import NamedTuple

from trfsite.memo import ByIdentity
from trfsite.model import AbnormalPoints, Color, EventKind, Outcome, Player, Tournament
from trfsite.model.frozen import mutable_record
from trfsite.results import Explanation
from trfsite.scoring.cells import Cell
from trfsite.scoring.rule_sets import PRE2023, RULES_2026
from trfsite.scoring.unplayed import adjusted_scores, categories


class TiebreakValues(NamedTuple):
    """One tie-break's value for every player (by index), and optionally why."""

    values: list[float | None]
    # With ``ctx.explain``: one per player, UNEXPLAINED for players outside ``ctx.explained``.
    explanations: list[Explanation] | None = None


# The explanation of a player that was not asked for (``EventContext.explained``):
# one shared object, no contributions made. Engines leave it out of their rows.
UNEXPLAINED = Explanation("", None)


class Article(enum.Enum):
    """Which article's idea of "a game" a tie-break uses (15.2 treats them differently)."""

    DIRECT_ENCOUNTER = "6"
    OWN_RECORD = "7"
    OPPONENTS = "8-9"
    RATINGS = "10"


_GAME_RESULT = {
    Outcome.WIN: 1.0,
    Outcome.WIN_UNRATED: 1.0,
    Outcome.FORFEIT_WIN: 1.0,
    Outcome.DRAW: 0.5,
    Outcome.DRAW_UNRATED: 0.5,
    Outcome.LOSS: 0.0,
    Outcome.LOSS_UNRATED: 0.0,
    Outcome.FORFEIT_LOSS: 0.0,
}
_NO_OPPONENT_CELL = {
    Outcome.WIN: Cell.FULL_BYE,
    Outcome.WIN_UNRATED: Cell.FULL_BYE,
    Outcome.FORFEIT_WIN: Cell.FULL_BYE,
    Outcome.FULL_BYE: Cell.FULL_BYE,
    Outcome.PAIRING_BYE: Cell.PAIRING_BYE,
    Outcome.DRAW: Cell.HALF_BYE,
    Outcome.DRAW_UNRATED: Cell.HALF_BYE,
    Outcome.HALF_BYE: Cell.HALF_BYE,
}
# 299 result letters (individuals) -> the outcomes they re-value.
_ABNORMAL_KINDS = {
    "W": (Outcome.WIN, Outcome.WIN_UNRATED),
    "D": (Outcome.DRAW, Outcome.DRAW_UNRATED),
    "L": (Outcome.LOSS, Outcome.LOSS_UNRATED),
    "F": (Outcome.FULL_BYE,),
    "H": (Outcome.HALF_BYE,),
    "Z": (Outcome.ZERO_BYE,),
    "+": (Outcome.FORFEIT_WIN,),
    "-": (Outcome.FORFEIT_LOSS,),
}


@mutable_record
class EventContext:
    """Per-player (index ``i``, by start number) per-round (index ``r``) arrays.

    ``opp[i][r]`` is the opponent's index or -1; ``pts`` the points awarded
    (record 162 and 299); ``result`` the game result in 1-½-0 (for Art. 10);
    ``black`` the colour; ``category`` the C.07 16.2 category (0 for a game).
    """

    ids: list[int]
    names: list[str]
    ratings: list[int | None]  # effective: unrated players get options.unrated_rating
    rounds: int
    rules: str  # "pre2023", "2023" or "2026" (scoring.rule_sets)
    swiss: bool
    win: float
    draw: float
    loss: float
    cell: list[list[Cell]]
    opp: list[list[int]]
    black: list[list[bool]]
    pts: list[list[float]]
    result: list[list[float]]
    bonus: list[float]
    explain: bool = False
    # With ``explain``: the ids of the players to explain (the cards one page worker
    # builds); None: every player. Values are computed for all players either way.
    explained: frozenset[int] | None = None
    fore_mode: bool = False
    score: list[float] = field(default_factory=list)
    progressive: list[list[float]] = field(default_factory=list)
    category: list[list[int]] = field(default_factory=list)
    adjusted: list[float] = field(default_factory=list)  # 16.3: the score opponents see
    index: dict[int, int] = field(default_factory=dict)
    # explaining[i]: make player i's explanations (explain, and i among ``explained``).
    explaining: list[bool] = field(default_factory=list)
    _fore: EventContext | None = None
    _cache: dict[str, object] = field(default_factory=dict)
    # game_mask's: they read only the cells and opponents, so ``under`` shares the dict.
    _masks: dict[str, list[list[bool]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        chosen = self.explained
        if not self.explain:
            self.explaining = [False] * len(self.ids)
        elif chosen is None:
            self.explaining = [True] * len(self.ids)
        else:
            self.explaining = [pid in chosen for pid in self.ids]
        if self.score:  # given by ``under``: only the opponents' view reads the rules
            self.adjusted = adjusted_scores(self)
        else:
            self._derive()

    @property
    def size(self) -> int:
        return len(self.ids)

    def _derive(self) -> None:
        self.progressive = []
        self.score = []
        for i, row in enumerate(self.pts):
            # The running sums 0.0 + p1 + p2 ..., added in C; the leading 0.0 is dropped.
            prog = list(accumulate(row, initial=0.0))
            total = prog[-1]
            del prog[0]
            self.progressive.append(prog)
            self.score.append(total + self.bonus[i])
        self.category = categories(self)
        self.adjusted = adjusted_scores(self)

    def under(self, rules: str) -> EventContext:
        """This context under another rule set. The points, running scores, 16.2 categories
        and game masks read no rule: shared, not derived again (the declared-ranks search
        ranks an event under up to three rule sets); the opponents' view is derived."""
        return EventContext(
            ids=self.ids,
            names=self.names,
            ratings=self.ratings,
            rounds=self.rounds,
            rules=rules,
            swiss=self.swiss,
            win=self.win,
            draw=self.draw,
            loss=self.loss,
            cell=self.cell,
            opp=self.opp,
            black=self.black,
            pts=self.pts,
            result=self.result,
            bonus=self.bonus,
            explain=self.explain,
            explained=self.explained,
            fore_mode=self.fore_mode,
            score=self.score,
            progressive=self.progressive,
            category=self.category,
            _masks=self._masks,
        )

    def add_bonus(self, extra: dict[int, float]) -> None:
        """Add points by player id to the totals (points_source = "declared")."""
        self.bonus = [b + extra.get(pid, 0.0) for b, pid in zip(self.bonus, self.ids, strict=True)]
        self._cache.clear()
        self._fore = None
        self._derive()

    def unexplained(self) -> list[Explanation] | None:
        """A tie-break's explanations to fill in (``explaining``); None without ``explain``."""
        return [UNEXPLAINED] * len(self.ids) if self.explain else None

    def cached(self, key: str) -> object | None:
        return self._cache.get(key)

    def remember(self, key: str, value: object) -> None:
        self._cache[key] = value

    def label(self, i: int) -> str:
        return f"{self.ids[i]} {self.names[i]}".strip()

    def forfeits_are_games(self, article: Article, forfeits_played: bool) -> tuple[bool, bool]:
        """(forfeit wins, forfeit losses) count as games for this article?

        Swiss: only with ``/P`` (C.07 6.1.1, 16). Pre-determined events (15.2):
        forfeits are regular games, except for Art. 10, which takes "the
        opponents played over the board" (10.1) in every edition; in ``2026`` a
        forfeit loss also stays unplayed for Art. 7. The rules before 2023 had
        no 15.2: a forfeit is an unplayed game in every event.
        """
        if forfeits_played:
            return True, True
        if self.swiss or self.rules == PRE2023 or article is Article.RATINGS:
            return False, False
        if self.rules == RULES_2026 and article is Article.OWN_RECORD:
            return True, False
        return True, True

    def game_mask(self, article: Article, forfeits_played: bool) -> list[list[bool]]:
        """``mask[i][r]``: round r of player i counts as a game (with an opponent)."""
        fwin, floss = self.forfeits_are_games(article, forfeits_played)
        key = f"mask:{fwin}:{floss}"
        hit = self._masks.get(key)
        if hit is not None:
            return hit
        ok = [False] * len(Cell)  # indexed by cell: no enum hashing in the loop
        ok[Cell.PLAYED] = True
        ok[Cell.FORFEIT_WIN] = fwin
        ok[Cell.FORFEIT_LOSS] = floss
        played = Cell.PLAYED
        mask = [
            # A row of games only (most of a Swiss) is all True, checked in C.
            [True] * len(cells)
            if cells.count(played) == len(cells) and -1 not in opps
            else [ok[c] and o >= 0 for c, o in zip(cells, opps, strict=True)]
            for cells, opps in zip(self.cell, self.opp, strict=True)
        ]
        self._masks[key] = mask
        return mask

    def fore(self) -> EventContext:
        """The Fore view (C.07 8.3): every paired game of the last round is a draw."""
        if self.fore_mode:
            return self
        if self._fore is None:
            last = self.rounds - 1
            cell = [list(row) for row in self.cell]
            pts = [list(row) for row in self.pts]
            result = [list(row) for row in self.result]
            for i in range(self.size):
                if last >= 0 and self.opp[i][last] >= 0:
                    cell[i][last] = Cell.PLAYED
                    pts[i][last] = self.draw
                    result[i][last] = 0.5
            self._fore = EventContext(
                ids=self.ids,
                names=self.names,
                ratings=self.ratings,
                rounds=self.rounds,
                rules=self.rules,
                swiss=self.swiss,
                win=self.win,
                draw=self.draw,
                loss=self.loss,
                cell=cell,
                opp=self.opp,
                black=self.black,
                pts=pts,
                result=result,
                bonus=self.bonus,
                explain=self.explain,
                explained=self.explained,
                fore_mode=True,
            )
        return self._fore


def build_context(
    t: Tournament,
    rounds: int,
    rules: str,
    swiss: bool,
    unrated_rating: int | None = None,
    explain: bool = False,
    explained: frozenset[int] | None = None,
) -> EventContext:
    """Turn a tournament's first ``rounds`` rounds into an :class:`EventContext`.

    ``explained``: with ``explain``, the ids of the only players to explain."""
    players = sorted(t.players, key=_id_of)
    # In team events 299 records award match and game points to teams, not players.
    records = t.abnormal_points if t.kind is EventKind.INDIVIDUAL else ()
    total = t.rounds  # a property that reads every cell: asked once
    if records or rounds > total:
        rows = _rows(t, players, rounds, records)
    else:
        # The standings after every round read the same cells: the rows of all rounds
        # are made once per tournament and cut to the first ``rounds``.
        full = _all_rounds(t)
        if rounds == total:
            # A context only reads its rows (fore() changes copies): the standings after
            # the last round read the kept ones, not a copy (1.4 MB for a 2,000-player open).
            rows = full._replace(bonus=list(full.bonus))
        else:
            rows = _Rows(
                [row[:rounds] for row in full.cells],
                [row[:rounds] for row in full.opps],
                [row[:rounds] for row in full.blacks],
                [row[:rounds] for row in full.pts],
                [row[:rounds] for row in full.results],
                list(full.bonus),
            )
    cells, opps, blacks, pts, results, bonus = rows
    scoring = t.scoring
    ratings = [p.rating if p.rating else unrated_rating for p in players]
    return EventContext(
        ids=[p.id for p in players],
        names=[p.name for p in players],
        ratings=ratings,
        rounds=rounds,
        rules=rules,
        swiss=swiss,
        win=scoring.win,
        draw=scoring.draw,
        loss=scoring.loss,
        cell=cells,
        opp=opps,
        black=blacks,
        pts=pts,
        result=results,
        bonus=bonus,
        explain=explain,
        explained=explained,
    )


_id_of = attrgetter("id")  # sort key in C: players by start number


class _Rows(NamedTuple):
    cells: list[list[Cell]]
    opps: list[list[int]]
    blacks: list[list[bool]]
    pts: list[list[float]]
    results: list[list[float]]
    bonus: list[float]


def _rows_of_all_rounds(t: Tournament) -> _Rows:
    return _rows(t, sorted(t.players, key=_id_of), t.rounds, ())


# A tournament's rows of all its rounds, without 299 records (see build_context).
_all_rounds: ByIdentity[Tournament, _Rows] = ByIdentity(_rows_of_all_rounds, keep=4)


def _rows(
    t: Tournament, players: list[Player], rounds: int, records: tuple[AbnormalPoints, ...]
) -> _Rows:
    """Per player (in id order), per round: cell kind, opponent index, colour, points, result."""
    index = {p.id: i for i, p in enumerate(players)}
    scoring = t.scoring
    value = {o: scoring.points(o) for o in Outcome}
    abnormal = _abnormal_lookup(records, rounds)
    cells: list[list[Cell]] = []
    opps: list[list[int]] = []
    blacks: list[list[bool]] = []
    pts: list[list[float]] = []
    results: list[list[float]] = []
    bonus: list[float] = []
    zero = value[Outcome.ZERO_BYE]
    black = Color.BLACK
    # Per outcome: (cell with a known opponent, cell without one, points, 1-½-0 result).
    # Keyed by id(): enum members are singletons, and Enum.__hash__ runs in Python.
    # The last element: with a known opponent, the cell is a game or a forfeit.
    table = {
        id(o): (
            _cell(o, 0), _cell(o, -1), value[o], _GAME_RESULT.get(o, 0.0),
            _cell(o, 0) <= Cell.FORFEIT_LOSS,
        )
        for o in Outcome
    }  # fmt: skip
    no_game = Cell.ZERO_BYE
    for p in players:
        c_row = [no_game] * rounds
        o_row = [-1] * rounds
        b_row = [False] * rounds
        p_row = [zero] * rounds
        r_row = [0.0] * rounds
        for entry in p.rounds:
            r = entry.round - 1
            if r < 0 or r >= rounds:
                continue
            outcome = entry.outcome
            with_opp, without, points, result, paired = table[id(outcome)]
            opponent = entry.opponent
            opp = index.get(opponent, -1) if opponent and paired else -1
            if opp >= 0:
                c_row[r] = with_opp
                o_row[r] = opp
            else:
                c_row[r] = without
            b_row[r] = entry.color is black
            p_row[r] = points
            r_row[r] = result
            if abnormal:
                p_row[r] = _abnormal_points(abnormal, outcome, entry.round, p.id, points)
        cells.append(c_row)
        opps.append(o_row)
        blacks.append(b_row)
        pts.append(p_row)
        results.append(r_row)
        bonus.append(_bonus(records, rounds, p.id) if records else 0.0)
    return _Rows(cells, opps, blacks, pts, results, bonus)


def _cell(outcome: Outcome, opp: int) -> Cell:
    if opp >= 0:
        if outcome.is_game:
            return Cell.PLAYED
        if outcome is Outcome.FORFEIT_WIN:
            return Cell.FORFEIT_WIN
        if outcome is Outcome.FORFEIT_LOSS:
            return Cell.FORFEIT_LOSS
    return _NO_OPPONENT_CELL.get(outcome, Cell.ZERO_BYE)


def _abnormal_lookup(
    records: tuple[AbnormalPoints, ...], rounds: int
) -> list[tuple[tuple[Outcome, ...], int, frozenset[int], float]]:
    found = []
    for rec in records:
        outcomes = _ABNORMAL_KINDS.get(rec.kind.upper())
        points = rec.game_points if rec.game_points is not None else rec.match_points
        if outcomes is None or points is None or rec.round > rounds:
            continue
        found.append((outcomes, rec.round, frozenset(rec.ids), points))
    return found


def _abnormal_points(
    lookup: list[tuple[tuple[Outcome, ...], int, frozenset[int], float]],
    outcome: Outcome,
    round_no: int,
    pid: int,
    default: float,
) -> float:
    points = default
    for outcomes, rnd, ids, value in lookup:
        if outcome in outcomes and rnd in (0, round_no) and (not ids or pid in ids):
            points = value
    return points


def _bonus(records: tuple[AbnormalPoints, ...], rounds: int, pid: int) -> float:
    """299 with a blank type: points added to the standings once (round 0 = any time)."""
    total = 0.0
    for rec in records:
        if rec.kind.strip() or rec.round > rounds:
            continue
        if rec.ids and pid not in rec.ids:
            continue
        points = rec.game_points if rec.game_points is not None else rec.match_points
        total += points or 0.0
    return total


def points_after(t: Tournament, rounds: Sequence[int]) -> dict[int, list[float]]:
    """Each player's points after each of ``rounds`` (what ``build_context(t, n, ...)``
    gives as ``score``), from one pass over the cells: running sums, not a context per
    round (an event of 999 rounds made 999 contexts, each reading every earlier round)."""
    players = sorted(t.players, key=_id_of)
    records = t.abnormal_points if t.kind is EventKind.INDIVIDUAL else ()
    rows = _rows(t, players, t.rounds, records)
    found: dict[int, list[float]] = {}
    for player, pts in zip(players, rows.pts, strict=True):
        running = list(accumulate(pts, initial=0.0))
        found[player.id] = [
            running[min(n, len(running) - 1)] + (_bonus(records, n, player.id) if records else 0.0)
            for n in rounds
        ]
    return found


def game_result(outcome: Outcome) -> float:
    """An outcome's result in 1-½-0 terms (rating tables, STD)."""
    return _GAME_RESULT.get(outcome, 0.0)
