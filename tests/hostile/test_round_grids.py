"""Issue 50, item 2: a Go table of hundreds of rounds builds pages in proportion to it.

Each page of the standings after round r showed a results grid of players x r cells:
over the pages of every round that is players x rounds^2 / 2 (a 14 KB table of 8
players and 300 rounds made 366,000 cells and took 14 s of CPU to build). Beyond
MAX_ROUND_GRID_CELLS only the final standings show the grid. Counts, not time.
"""

from __future__ import annotations

from pathlib import Path

from lxml import html

from trfsite.formats.limits import MAX_ROUND_GRID_CELLS

from .data import build_go_table


def _grid_cells(page: Path) -> int:
    return len(html.fromstring(page.read_bytes()).xpath("//td[contains(@class, 'gcell')]"))


def test_per_round_grids_beyond_the_budget_are_left_to_the_final_standings(
    tmp_path: Path,
) -> None:
    # 8 players x (1 + 2 + ... + 230) = 8 x 26,565 = 212,520 cells > 60,000.
    assert 8 * 230 * 231 // 2 > MAX_ROUND_GRID_CELLS.limit == 60_000
    event = build_go_table(tmp_path, 8, 230)
    assert _grid_cells(event / "standings.html") == 8 * 230
    after = event / "standings-1.html"
    assert _grid_cells(after) == 0
    assert _grid_cells(event / "standings-229.html") == 0
    text = after.read_text(encoding="utf-8")
    assert "show no results grid: over their pages it would have 212,520 cells" in text


def test_per_round_grids_within_the_budget_stay(tmp_path: Path) -> None:
    # 8 players x (1 + ... + 20) = 1,680 cells: each page after round r has 8 x r.
    event = build_go_table(tmp_path, 8, 20)
    assert _grid_cells(event / "standings-3.html") == 8 * 3
    assert _grid_cells(event / "standings.html") == 8 * 20


def test_a_tiny_table_of_hundreds_of_rounds_shows_no_per_round_grids(tmp_path: Path) -> None:
    # The fuzz run's input #45 of seed 2026: a 3.6 KB Go table whose rows run to 302
    # rounds took 10 s of CPU to build, 182,000 grid cells (under the old 200,000).
    # Here 4 players x (1 + ... + 200) = 4 x 20,100 = 80,400 cells > 60,000, which a
    # 1,000-player congress of 10 rounds (1,000 x 55 = 55,000) stays under.
    event = build_go_table(tmp_path, 4, 200)
    assert _grid_cells(event / "standings.html") == 4 * 200
    assert _grid_cells(event / "standings-100.html") == 0
    assert MAX_ROUND_GRID_CELLS.limit >= 1_000 * 55  # such a congress keeps its grids
