"""read_cells' fast path reads a cell exactly as _slow_cell, the complete reading, does.

The fast path takes the usual cells ("  12 w 1", "0000 - H", "0000 - -") without the
checks; on random cells (digits, blanks, junk, cut short) both must give the same
entry and the same findings.
"""

from __future__ import annotations

import random

import pytest

from trfsite.formats.trf.fields import Sink, SourceLine
from trfsite.formats.trf.round_cells import FIRST_CELL, _slow_cell, read_cells

_OPPONENT_CHARS = "0123456789    x²"
_MARKS = "wbWB- =+10DLHFUZdlhfuz?x"


def _cell(rng: random.Random) -> str:
    if rng.random() < 0.5:  # well formed, any parts: mostly the fast path's
        opponent = f"{rng.choice([0, 0, 1, 12, 999, 2000]):4d}"
        return f"{opponent} {rng.choice('wbWB- ')} {rng.choice(_MARKS)}"
    opponent = "".join(rng.choice(_OPPONENT_CHARS) for _ in range(4))
    if rng.random() < 0.5:
        opponent = f"{rng.randint(0, 9999):4d}" if rng.random() < 0.7 else "0000"
    gap = " " if rng.random() < 0.85 else rng.choice("x-")
    cell = f"{opponent}{gap}{rng.choice(_MARKS)}{' ' if rng.random() < 0.85 else 'x'}"
    cell += rng.choice(_MARKS)
    return cell[: rng.choice([8, 8, 8, 8, 7, 6, 5])]


@pytest.mark.parametrize("seed", range(40))
def test_fast_and_slow_paths_agree(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(100):
        cell = _cell(rng)
        line = SourceLine(3, "001    1".ljust(FIRST_CELL - 1) + cell)
        if line.text.rstrip() != line.text:
            continue  # the reader strips the line first: a different cell
        fast, slow = Sink("f"), Sink("f")
        read = read_cells(line, fast)
        if len(read) != 1 or fast.findings and fast.findings[0].code.startswith("round-cells"):
            continue  # junk tail: reported as such, not read as a cell
        expected = _slow_cell(slow, 3, FIRST_CELL, 1, cell)
        got = read[0]
        assert (got.round, got.opponent, got.color, got.outcome, got.handicap, got.raw) == (
            expected.round,
            expected.opponent,
            expected.color,
            expected.outcome,
            expected.handicap,
            expected.raw,
        ), cell
        assert got.source == expected.source, cell
        assert [f.code for f in fast.findings] == [f.code for f in slow.findings], cell
