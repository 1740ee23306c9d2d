"""The search for the reading of a Go table that reproduces most of its own numbers.

A reading (:class:`GoConventions`) is a system, the column the start scores come from
and what each kind of bye adds where. Each system and plausible start-score column is
a frame; within a frame, one convention at a time is changed and kept when more of the
file's cells come out right, until nothing helps (a few passes). The work is readings
tried x rows x rounds, with the readings bounded by the kinds of bye the table holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from operator import eq

from trfsite.scoring.go_byes import (
    FULL_BYE,
    HALF_BYE,
    SOSOS_OF,
    ByeInSos,
    ByeInSosos,
    ByeRule,
)
from trfsite.standings.go_fit import FitTable, GoConventions, evaluate, starts_from

_STEPS = 8  # changes kept at most: one per convention a table can show
# The readings one search may try: 400 for a small table, down to 40 for a big one
# (players x rounds x readings stays within about 300,000 cells evaluated).
_MOST_READINGS, _FEWEST_READINGS, _CELL_READINGS = 400, 40, 300_000
_CLEAR = 0.8  # the share of the cells a reading must explain to adopt a convention
_MOST_SOURCES = 3  # start-score columns tried per table
SCALED = ("SOS", "SOS-1", "SOS-2", "SOSOS", "SODOS")  # also seen in half points (x 2)
_POINTS = {FULL_BYE: (1.0, 0.0), HALF_BYE: (0.5, 0.0, 1.0)}


@dataclass(frozen=True, slots=True)
class Match:
    """The best meaning of one column under a reading."""

    code: str
    scale: int  # 2: the column holds twice the value (half points)
    matched: int


@dataclass(frozen=True, slots=True)
class Fit:
    conventions: GoConventions
    matched: int  # cells reproduced (and what the start scores' bands tell)
    matches: dict[int, Match]  # position -> its best meaning
    values: dict[str, list[float]]
    most: int  # what ``matched`` is when every checked cell is reproduced


@dataclass(frozen=True, slots=True)
class Problem:
    """What the search works on: the table, its columns and what is fixed."""

    table: FitTable
    columns: list[list[float | None]]  # [position][player]
    checked: list[int]  # positions whose meaning the numbers decide
    fixed: dict[int, str]  # position -> meaning set (by the settings or a known name)
    grade_starts: list[float]
    codes: tuple[str, ...]  # meanings tried
    free_kinds: set[str]  # kinds of bye whose conventions the settings leave open
    settle_points: bool  # what '0=' adds is open
    settle_round_down: bool
    settle_sos: bool  # the SOS convention for byes is open
    settle_handicap: bool  # whether SOS adds the handicap is open
    settle_cut: bool  # whether SOS-1/SOS-2 drop the lowest or the highest values is open
    budget: Budget  # readings the search may still try


class Budget:
    """How many readings one table's search may try: fewer, the bigger the table, so
    that a table no reading explains costs a few seconds at most, not minutes."""

    def __init__(self, cells: int) -> None:
        self.left = max(_FEWEST_READINGS, min(_MOST_READINGS, _CELL_READINGS // max(1, cells)))

    def take(self) -> bool:
        self.left -= 1
        return self.left >= 0


def count_matches(values: Sequence[float | None], computed: Sequence[float], scale: int) -> int:
    """Rows whose value is ``scale`` times the computed one (halves and quarters are exact)."""
    if scale != 1:
        values = [v / scale if v is not None else None for v in values]
    return sum(map(eq, values, computed))


def fit(problem: Problem, c: GoConventions) -> Fit:
    """How many of the file's cells reading ``c`` reproduces, and each column's meaning."""
    source = (
        problem.columns[c.mms_at] if c.mms_at is not None else [None] * len(problem.grade_starts)
    )
    start = starts_from(problem.table, c, source, problem.grade_starts)
    values = evaluate(problem.table, c, start)
    matched = bands = 0
    matches: dict[int, Match] = {}
    for position in problem.checked:
        column = problem.columns[position]
        if position == c.mms_at:
            sane = sum(
                v is not None and float(s).is_integer() and s >= 0
                for v, s in zip(column, start, strict=True)
            )
            matches[position] = Match("Start" if c.start_column else "MMS", 1, sane)
            bands = _regularity(column, start) if not c.start_column else 0
            continue
        elif position in problem.fixed:
            code = problem.fixed[position]
            match = Match(code, 1, count_matches(column, values[code], 1) if code in values else 0)
        else:
            match = _best_match(column, values, problem.codes, c)
        matches[position] = match
        matched += match.matched
    return Fit(c, matched + bands, matches, values, possible(problem, c) + bands)


def _regularity(column: Sequence[float | None], start: Sequence[float]) -> int:
    """What an MMS column's start scores tell: its rows less the start values they take.

    The cells it holds cannot be checked (the start scores are read from them), but
    start scores in a few bands are a pattern no other column shows by chance.
    """
    starts = [s for v, s in zip(column, start, strict=True) if v is not None]
    return max(0, len(starts) - len(set(starts)))


def _best_match(
    column: list[float | None],
    values: dict[str, list[float]],
    codes: tuple[str, ...],
    c: GoConventions,
) -> Match:
    best = Match("", 1, 0)
    for code in codes:
        if code in ("Start",) and not c.mcmahon:
            continue
        for scale in (1, 2) if code in SCALED else (1,):
            got = count_matches(column, values[code], scale)
            if got > best.matched:
                best = Match(code, scale, got)
    return best


def possible(problem: Problem, c: GoConventions | None = None) -> int:
    """The cells a reading can check (not those of the column it reads starts from)."""
    return sum(
        sum(v is not None for v in problem.columns[i])
        for i in problem.checked
        if c is None or i != c.mms_at
    )


def descend(problem: Problem, start: GoConventions) -> Fit:
    """Change one convention at a time, the change that reproduces the most cells first,
    until none helps; then undo each change that the final reading does not need.

    A reading that still leaves a fifth of the cells unexplained adopts no convention
    at all: the table is inconsistent, not differently counted, and a few cells that a
    change happens to fit are no evidence.
    """
    first = best = fit(problem, start)
    for _ in range(_STEPS):
        if best.matched == best.most:
            break
        step: Fit | None = None
        for alternatives in _dimensions(problem, best.conventions):
            for candidate in alternatives(best.conventions):
                if not problem.budget.take():
                    break
                tried = fit(problem, candidate)
                if tried.matched > best.matched and (step is None or tried.matched > step.matched):
                    step = tried
        if step is None:
            break
        best = step
    if best is first:
        return best
    if best.matched < _CLEAR * best.most:
        return first
    return _prune(problem, start, best)


def _prune(problem: Problem, start: GoConventions, best: Fit) -> Fit:
    """Each convention changed back to the start's, where that costs no cell."""
    for undo in _undos(start, best.conventions):
        # Undoing costs no budget: it only ever makes the reading plainer.
        tried = fit(problem, undo(best.conventions))
        if tried.matched >= best.matched:
            best = tried
    return best


def _undos(
    start: GoConventions, c: GoConventions
) -> list[Callable[[GoConventions], GoConventions]]:
    """One function per convention in which ``c`` differs from ``start``, putting it back."""
    out: list[Callable[[GoConventions], GoConventions]] = []
    if c.round_down != start.round_down:
        out.append(lambda c: replace(c, round_down=start.round_down))
    if c.handicap_adjusted != start.handicap_adjusted:
        out.append(lambda c: replace(c, handicap_adjusted=start.handicap_adjusted))
    if c.cut_highest != start.cut_highest:
        out.append(lambda c: replace(c, cut_highest=start.cut_highest))
    original = start.rules()
    for kind, rule in c.byes:
        was = original[kind]
        if rule.points != was.points or rule.wins != was.wins:
            out.append(_undo_points(kind, was))
        if rule.sos != was.sos or rule.sosos != was.sosos:
            out.append(_undo_sos(kind, was))
    return out


def _undo_points(kind: str, was: ByeRule) -> Callable[[GoConventions], GoConventions]:
    def undo(c: GoConventions) -> GoConventions:
        return c.with_rule(kind, replace(c.rules()[kind], points=was.points, wins=was.wins))

    return undo


def _undo_sos(kind: str, was: ByeRule) -> Callable[[GoConventions], GoConventions]:
    def undo(c: GoConventions) -> GoConventions:
        return c.with_rule(kind, replace(c.rules()[kind], sos=was.sos, sosos=was.sosos))

    return undo


Alternatives = Callable[[GoConventions], Iterator[GoConventions]]


def _dimensions(problem: Problem, c: GoConventions) -> list[Alternatives]:
    """The conventions this table can show, each as the other values it may take."""
    table = problem.table
    tb_kinds = table.present_kinds(c.tiebreak_rounds)
    dims: list[Alternatives] = []
    if problem.settle_round_down and table.present_kinds() & {FULL_BYE, HALF_BYE}:
        dims.append(lambda c: iter([replace(c, round_down=not c.round_down)]))
    if problem.settle_handicap and c.mcmahon and any(s for row in table.shifts for s in row):
        dims.append(lambda c: iter([replace(c, handicap_adjusted=not c.handicap_adjusted)]))
    if problem.settle_cut and table.rounds > 1:
        dims.append(lambda c: iter([replace(c, cut_highest=not c.cut_highest)]))
    for kind in sorted(table.present_kinds()):
        if kind in _POINTS and kind in problem.free_kinds:
            if kind != HALF_BYE or problem.settle_points:
                dims.append(_points(kind, "points"))
            if c.mcmahon:
                dims.append(_points(kind, "wins"))
    if problem.settle_sos:
        for kind in sorted(tb_kinds):
            dims.append(_sos(kind))
            dims.append(_sosos(kind))
    return dims


def _points(kind: str, what: str) -> Alternatives:
    def alternatives(c: GoConventions) -> Iterator[GoConventions]:
        rule = c.rules()[kind]
        for value in _POINTS[kind]:
            if what == "points" and value != rule.points:
                yield c.with_rule(kind, replace(rule, points=value))
            elif what == "wins" and value != rule.wins:
                yield c.with_rule(kind, replace(rule, wins=value))

    return alternatives


def _sos(kind: str) -> Alternatives:
    def alternatives(c: GoConventions) -> Iterator[GoConventions]:
        rule = c.rules()[kind]
        for value in ByeInSos:
            if value is not rule.sos:
                # SOSOS follows unless its own numbers say otherwise (the _sosos dimension).
                yield c.with_rule(kind, replace(rule, sos=value, sosos=SOSOS_OF[value]))

    return alternatives


def _sosos(kind: str) -> Alternatives:
    def alternatives(c: GoConventions) -> Iterator[GoConventions]:
        rule = c.rules()[kind]
        for value in ByeInSosos:
            if value is not rule.sosos:
                yield c.with_rule(kind, replace(rule, sosos=value))

    return alternatives


# --------------------------------------------------------------------------- start scores
def sane_starts(starts: Sequence[float | None], ranks: Sequence[int | None]) -> bool:
    """Start scores a McMahon table can have: whole, not negative, not all equal, and
    following the grades, in bands or with a hand-picked top group (few exceptions).

    Players at the top start are left out of the comparison with the grades: a top
    group may be picked by hand, a few weaker players included (a third of it at most).
    """
    known = [(s, r) for s, r in zip(starts, ranks, strict=True) if s is not None]
    if len(known) < 2 or len({s for s, _ in known}) < 2:
        return False
    if any(not float(s).is_integer() or s < 0 for s, _ in known):
        return False
    top = max(s for s, _ in known)
    graded = [(r, s) for s, r in known if r is not None and s < top]
    strongest_below = max((r for r, _ in graded), default=None)
    picked = sum(
        1
        for s, r in known
        if s == top and r is not None and strongest_below is not None and r < strongest_below
    )
    if picked > max(1, sum(1 for s, _ in known if s == top) // 3):
        return False
    by_grade: dict[int, Counter[float]] = {}
    for rank, start in graded:
        by_grade.setdefault(rank, Counter())[start] += 1
    usual = {rank: counts.most_common(1)[0][0] for rank, counts in by_grade.items()}
    off = sum(start != usual[rank] for rank, start in graded)
    if off > 0.2 * len(graded):
        return False
    ordered = [usual[rank] for rank in sorted(usual)]
    drops = sum(b < a for a, b in zip(ordered, ordered[1:], strict=False))
    return drops <= len(ordered) // 10


def start_sources(
    problem: Problem, ranks: Sequence[int | None], base: GoConventions, named_mms: int | None
) -> list[GoConventions]:
    """The readings whose start scores come from a column: MMS columns, start columns."""
    found: list[GoConventions] = []
    positions = [named_mms] if named_mms is not None else []
    positions += [p for p in problem.checked if p not in positions and p not in problem.fixed]
    variants = [base]
    if problem.settle_round_down:
        variants.append(replace(base, round_down=not base.round_down))
    if problem.settle_points and HALF_BYE in problem.table.present_kinds():
        half = base.rules()[HALF_BYE]
        variants += [
            replace(v, byes=v.with_rule(HALF_BYE, replace(half, points=0.0)).byes) for v in variants
        ]
    for position in positions:
        column = problem.columns[position]
        for start_column, variant in ((s, v) for s in (False, True) for v in variants):
            c = replace(variant, mms_at=position, start_column=start_column)
            starts = starts_from(problem.table, c, column, problem.grade_starts)
            shown = [s if v is not None else None for s, v in zip(starts, column, strict=True)]
            if sane_starts(shown, ranks):
                found.append(c)
                break
        if len(found) >= _MOST_SOURCES:
            break
    return found
