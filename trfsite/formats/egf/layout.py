"""Where a row's result cells stand among its score columns.

Cells are known by their shape (``12+/w2``, ``5-``, ``0=``, ``?``, ``7+!``) wherever
they stand: score columns may come before them (OpenGotha), after them (the EGD's
archive) or on both sides (a start score before, the totals after). Every row holds
one cell per round, so the number of rounds is the length of the run of cells the rows
share, and each row's run is placed where the table's other rows place theirs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from trfsite.formats.egf.lines import PlayerLine, Word
from trfsite.formats.egf.tokens import parse_score, parse_token

_ANY_ROW = 99999  # the most a result cell's opponent number can be
_MOST_CANDIDATES = 6  # round counts tried: the commonest runs (the cost is rows x words each)


@dataclass(frozen=True, slots=True)
class Layout:
    rounds: int
    before: int  # score words before the result cells, on the table's typical row


@dataclass(frozen=True, slots=True)
class RowSplit:
    """One row's words: scores before the result cells, the cells, scores after them."""

    before: tuple[Word, ...]
    cells: tuple[Word, ...]
    after: tuple[Word, ...]

    @property
    def scores(self) -> tuple[Word, ...]:
        return self.before + self.after


def find_layout(
    parsed: list[PlayerLine], rows: int, named: int | None, named_before: int | None = None
) -> Layout:
    """The number of rounds and where the cells stand.

    ``named``: the score columns a column header names; ``named_before``: how many of
    them it names before its round labels.
    """
    layout = _layout(parsed, rows, named, named_before)
    if not layout.rounds and parsed:
        # Opponents beyond the last row (a table cut short) still mark result cells;
        # the checks then report them.
        layout = _layout(parsed, _ANY_ROW, named, named_before)
    return layout


def _runs(p: PlayerLine, rows: int) -> list[tuple[int, int]]:
    """(start, length) of each run of result cells in a row."""
    out: list[tuple[int, int]] = []
    start = -1
    for index, opponent in enumerate(p.opponents):
        if 0 <= opponent <= rows:
            if start < 0:
                start = index
        elif start >= 0:
            out.append((start, index - start))
            start = -1
    if start >= 0:
        out.append((start, len(p.opponents) - start))
    return out


def _longest(runs: list[tuple[int, int]]) -> tuple[int, int]:
    return max(runs, key=lambda run: (run[1], run[0])) if runs else (0, 0)


def _layout(
    parsed: list[PlayerLine], rows: int, named: int | None, named_before: int | None
) -> Layout:
    if not parsed:
        return Layout(0, 0)
    runs = [_runs(p, rows) for p in parsed]
    longest = Counter(_longest(r)[1] for r in runs)
    # No more rounds than at least half of the rows reach: one stretched or run-together
    # row must not give every other player hundreds of unplayed rounds (issue 22).
    reached = sorted((_longest(r)[1] for r in runs), reverse=True)
    most = reached[(len(reached) - 1) // 2]
    candidates = {c for c, _ in longest.most_common(_MOST_CANDIDATES) if c <= most} or {most}
    if named:
        # What the column header leaves for rounds, in case every row has a '0=' score.
        room = Counter(len(p.rest) - named for p in parsed).most_common(1)[0][0]
        candidates.add(max(0, min(room, max(most, 0) or room)))
    layouts = [Layout(r, _typical_before(parsed, runs, r, named_before)) for r in candidates]
    if len(layouts) == 1:
        return layouts[0]
    misplaced = [_misplaced(p, rows) for p in parsed]
    return min(
        sorted(layouts, key=lambda lay: lay.rounds),
        key=lambda lay: _cost(parsed, runs, lay, rows, named, longest, misplaced),
    )


def _typical_before(
    parsed: list[PlayerLine], runs: list[list[tuple[int, int]]], rounds: int, hint: int | None
) -> int:
    """Score words before the cells on the rows whose cells can stand in one place only."""
    exact = Counter(
        start for row in runs for start, length in row if length == rounds and len(row) == 1
    )
    if exact:
        return exact.most_common(1)[0][0]
    if hint is not None:
        return hint
    # Runs longer than the rounds: the cells end the row when they end it most often.
    ends = Counter(
        len(p.rest) == start + length
        for p, row in zip(parsed, runs, strict=True)
        for start, length in [_longest(row)]
    )
    placements = Counter(
        (start + length - rounds if ends[True] >= ends[False] else start)
        for row in runs
        for start, length in [_longest(row)]
        if length >= rounds
    )
    return placements.most_common(1)[0][0] if placements else 0


def split_rows(parsed: list[PlayerLine], layout: Layout, rows: int) -> list[RowSplit]:
    """Each row's scores before the cells, its cells and its scores after them."""
    if not layout.rounds:
        return [RowSplit(p.rest, (), ()) for p in parsed]
    return [split_row(p.rest, layout, _runs(p, rows)) for p in parsed]


def split_row(rest: tuple[Word, ...], layout: Layout, runs: list[tuple[int, int]]) -> RowSplit:
    """A row's scores before the cells, its cells and its scores after them (``runs``:
    the row's runs of cells)."""
    if not layout.rounds:
        return RowSplit(rest, (), ())
    fitting = [
        (
            abs(max(start, min(layout.before, start + length - layout.rounds)) - layout.before),
            start,
            length,
        )
        for start, length in runs
        if length >= layout.rounds
    ]
    if fitting:
        _, start, length = min(fitting)
        at = max(start, min(layout.before, start + length - layout.rounds))
        return RowSplit(rest[:at], rest[at : at + layout.rounds], rest[at + layout.rounds :])
    # A short row: the window where the cells should stand, unless scores stand in it;
    # then only the row's own cells (the checks report the missing rounds).
    at = max(0, min(layout.before, len(rest) - layout.rounds))
    window = rest[at : at + layout.rounds]
    if any(parse_score(w.text) is not None and parse_token(w.text) is None for w in window):
        start, length = min(
            runs or [(min(at, len(rest)), 0)], key=lambda run: (abs(run[0] - at), -run[1])
        )
        return RowSplit(rest[:start], rest[start : start + length], rest[start + length :])
    return RowSplit(rest[:at], window, rest[at + layout.rounds :])


def _cost(
    parsed: list[PlayerLine],
    runs: list[list[tuple[int, int]]],
    layout: Layout,
    rows: int,
    named: int | None,
    longest: Counter[int],
    misplaced: list[list[int]],
) -> tuple[int, int, int]:
    """What reading ``layout.rounds`` rounds would break, and how rare that count is.

    Words read as cells that are none, game cells or other words left among the scores,
    short rows, fewer scores than the header names, and games whose opponent's cell in
    the same round names someone else (a score column taken for a round fails that).
    """
    problems = 0
    cells: dict[int, tuple[Word, ...]] = {}
    for p, row_runs, prefix in zip(parsed, runs, misplaced, strict=True):
        split = split_row(p.rest, layout, row_runs)
        cells[p.row] = split.cells
        problems += len(split.cells) < layout.rounds
        problems += sum(parse_token(w.text) is None for w in split.cells)
        # The misplaced words before the cells and after them, from the row's counts.
        start = len(split.before)
        problems += prefix[start] + prefix[-1] - prefix[start + len(split.cells)]
        problems += bool(named) and start + len(split.after) < (named or 0)
    for row, own in cells.items():
        for number, word in enumerate(own):
            token = parse_token(word.text)
            if token is None or not 0 < token.opponent <= rows:
                continue
            theirs = cells.get(token.opponent, ())
            back = parse_token(theirs[number].text) if number < len(theirs) else None
            problems += back is not None and back.opponent != row
    return problems, -longest[layout.rounds], layout.rounds


def _misplaced(p: PlayerLine, rows: int) -> list[int]:
    """Element k: how many of the row's first k words would be misplaced among its
    scores (a game cell, or a word that is no number). Counted once per row: each
    layout tried then costs a row O(1), not a pass over its words (a damaged row has
    a thousand)."""
    out = [0]
    total = 0
    for word, opponent in zip(p.rest, p.opponents, strict=True):
        total += 0 < opponent <= rows if opponent >= 0 else parse_score(word.text) is None
        out.append(total)
    return out
