"""Issue 45: the Go standings' results grid in real headless Chromium, at 390 and 1280 px.

The sample McMahon table (16 players, 5 rounds): row 1, Schmidt Anna, beat the
players placed 3, 2, 5, 4 and 6 (``3+/w0 2+/w0 5+/b0 4+/b0 6+/w0`` in the file, and
the final places equal the file's rows).
"""

from __future__ import annotations

from typing import Any

import pytest
from browserhelpers import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGE = "mcmahon-frankfurt-2023/standings.html"


def _inside(box: dict[str, float], left: float, right: float) -> bool:
    return box["x"] >= left - 0.5 and box["x"] + box["width"] <= right + 0.5


@pytest.mark.parametrize("width", [390, 1280])
def test_the_grid_has_a_cell_per_round_and_scrolls_in_its_box(
    browser: Any, site_url: str, width: int
) -> None:
    context, page, problems = open_page(browser, site_url + PAGE, width)
    try:
        assert page.locator("table.standings tbody tr").count() == 16
        assert page.locator("table.standings td.gcell").count() == 16 * 5
        first = page.locator("table.standings tbody tr").first.locator("td.gcell")
        assert [first.nth(k).inner_text() for k in range(5)] == [
            "3+/w0",
            "2+/w0",
            "5+/b0",
            "4+/b0",
            "6+/w0",
        ]
        # the page never scrolls sideways; the table does inside its own box
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert problems == [], problems
    finally:
        context.close()


def test_at_390_px_the_names_stay_visible_while_the_cells_scroll(
    browser: Any, site_url: str
) -> None:
    context, page, problems = open_page(browser, site_url + PAGE, 390)
    try:
        wrap = page.locator(".table-wrap.standings-wrap")
        room = wrap.evaluate("w => w.scrollWidth - w.clientWidth")
        assert room > 0, "the grid fits a phone: nothing to scroll, nothing tested"
        box = wrap.bounding_box()
        left, right = box["x"], box["x"] + box["width"]
        row = page.locator("table.standings tbody tr").nth(6)  # Rossi Marco, 7th
        name, rank, last_round = (
            row.locator("th.name"),
            row.locator("td.rk"),
            row.locator("td.gcell").nth(4),
        )
        assert not _inside(last_round.bounding_box(), left, right)  # round 5 is off screen
        # Scroll until round 5's cell stands right after the name.
        named = name.bounding_box()
        shift = last_round.bounding_box()["x"] - (named["x"] + named["width"])
        wrap.evaluate("(w, shift) => { w.scrollLeft = shift; }", shift)
        assert wrap.evaluate("w => w.scrollLeft") > 0
        for cell in (rank, name):
            assert _inside(cell.bounding_box(), left, right), cell.inner_text()
        assert "Rossi" in name.inner_text()
        # rounds 1-4 scrolled under rank and name; round 5 is in view, right of the name
        cell = last_round.bounding_box()
        assert _inside(cell, left, right) and cell["x"] >= named["x"] + named["width"] - 1
        assert last_round.inner_text() == "2\u2212/b0"
        assert problems == [], problems
    finally:
        context.close()


def test_a_cell_leads_to_the_opponents_row(browser: Any, site_url: str) -> None:
    context, page, problems = open_page(browser, site_url + PAGE, 390, height=700)
    try:
        # Petrov (16th) met Horvath (11th) in round 5: '11-/w0'.
        link = page.locator("table.standings tbody tr").nth(15).locator("td.gcell a").nth(4)
        assert link.inner_text() == "11\u2212/w0"
        assert link.get_attribute("title") == "Horváth Bence"
        link.click()
        assert page.url.endswith("#p11")
        target = page.locator("#p11")
        assert "Horváth" in target.locator("th.name").inner_text()
        top = target.bounding_box()["y"]
        assert 0 <= top < 700  # scrolled into view
        assert problems == [], problems
    finally:
        context.close()


def test_at_390_px_the_person_icon_stays_beside_the_name(browser: Any, site_url: str) -> None:
    # The grid leaves the names little room: 'Horváth Bence' and "O'Brien Siobhán" fill
    # their column; the icon after them must neither take a line of its own nor stick
    # out of the column over the first round's cell.
    context, page, problems = open_page(browser, site_url + PAGE, 390)
    try:
        gaps = page.evaluate(
            """() => [...document.querySelectorAll('table.standings tbody th.name')].map(th => {
                const name = th.querySelector('a:not(.person-link)').getClientRects();
                const icon = th.querySelector('.person-link').getBoundingClientRect();
                const last = name[name.length - 1];
                const inside = icon.right <= th.getBoundingClientRect().right + 0.5;
                return [th.textContent.trim(), Math.abs(icon.top - last.top) < 4, inside];
            })"""
        )
        assert len(gaps) == 16
        assert [who for who, beside, _ in gaps if not beside] == []
        assert [who for who, _, inside in gaps if not inside] == []
        assert problems == [], problems
    finally:
        context.close()
