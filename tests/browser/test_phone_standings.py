"""Standings on a 390 px phone: rank, name and points stay in view while the table
scrolls sideways, the round buttons (with "Final") are all on screen, and the
overview's rounds read along the row."""

from __future__ import annotations

from typing import Any

import pytest
from browserhelpers import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = 390

# One standings page of each kind: individual Swiss (7 rounds), team Swiss
# (14 rounds: the longest "After round" bar), Go (grade and country columns).
STANDINGS = [
    "karl-mala-open-2005/standings.html",
    "grandmommys-cup-2024/standings.html",
    "mcmahon-frankfurt-2023/standings.html",
]


def _inside(box: dict[str, float], left: float, right: float) -> bool:
    return box["x"] >= left - 0.5 and box["x"] + box["width"] <= right + 0.5


@pytest.mark.parametrize("path", STANDINGS)
def test_rank_name_and_points_stay_in_view_when_scrolled(
    browser: Any, site_url: str, path: str
) -> None:
    context, page, problems = open_page(browser, site_url + path, PHONE)
    try:
        wrap = page.locator(".table-wrap.standings-wrap")
        room = page.evaluate(
            "() => { const w = document.querySelector('.standings-wrap');"
            " return w.scrollWidth - w.clientWidth; }"
        )
        assert room > 0, "the table fits a phone: nothing to scroll, nothing tested"
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        assert wrap.evaluate("w => w.scrollLeft") > 0
        box = wrap.bounding_box()
        left, right = box["x"], box["x"] + box["width"]
        row = page.locator("table.standings tbody tr").first
        rank = row.locator("td.rk")
        name = row.locator("th.name")
        points = row.locator("td.pts")
        # Go's results grid (issue 45) puts the scores after the rounds' cells, which
        # scroll under rank and name: there only those two stay put.
        grid = page.locator("table.standings.go-grid").count() == 1
        for cell in (rank, name) if grid else (rank, name, points):
            assert _inside(cell.bounding_box(), left, right), cell.inner_text()
        assert rank.inner_text().strip() == "1"
        # they do not cover one another: rank, then name, then points
        r, n, p = (c.bounding_box() for c in (rank, name, points))
        assert r["x"] + r["width"] <= n["x"] + 0.5
        assert grid or n["x"] + n["width"] <= p["x"] + 0.5
        assert problems == [], problems
    finally:
        context.close()


@pytest.mark.parametrize("path", STANDINGS)
def test_final_button_is_on_screen(browser: Any, site_url: str, path: str) -> None:
    context, page, problems = open_page(browser, site_url + path, PHONE)
    try:
        final = page.locator(".round-nav a", has_text="Final")
        box = final.bounding_box()
        assert box is not None and _inside(box, 0, PHONE)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
        assert problems == [], problems
    finally:
        context.close()


def test_overview_rounds_read_along_the_row(browser: Any, site_url: str) -> None:
    context, page, problems = open_page(browser, site_url + "grandmommys-cup-2024/index.html", 1280)
    try:
        links = page.locator(".round-links li")
        first, second = links.nth(0).bounding_box(), links.nth(1).bounding_box()
        assert "Round 1" in links.nth(0).inner_text() and "Round 2" in links.nth(1).inner_text()
        assert abs(first["y"] - second["y"]) < 1 and second["x"] > first["x"]
        assert problems == [], problems
    finally:
        context.close()


PERSON = "people/fide-70623454321.html"


def test_a_persons_events_fit_a_phone(browser: Any, site_url: str) -> None:
    """Eight columns of events do not scroll sideways on a phone: each event is a
    block whose figures carry their column's name."""
    context, page, problems = open_page(browser, site_url + PERSON, PHONE)
    try:
        wrap = page.locator(".table-wrap:has(table.person-events)")
        assert wrap.evaluate("w => w.scrollWidth - w.clientWidth") <= 0
        row = page.locator("table.person-events tbody tr").first
        rank = row.locator("td[data-label]").first
        assert rank.get_attribute("data-label") == "Rank"
        box = rank.bounding_box()
        assert box is not None and _inside(box, 0, PHONE)
        label = rank.evaluate("td => getComputedStyle(td, '::before').content")
        assert label == '"Rank "', label
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
        assert problems == [], problems
    finally:
        context.close()
    # on a desktop the table keeps its header row
    context, page, problems = open_page(browser, site_url + PERSON, 1280)
    try:
        header = page.locator("table.person-events thead th").nth(3)
        assert header.inner_text().strip() == "Rank" and header.is_visible()
        assert header.bounding_box()["height"] > 5
        assert problems == [], problems
    finally:
        context.close()


HEAD_TO_HEAD = "people/fide-1101463.html"  # seven opponents, names up to 20 letters


def test_a_persons_head_to_head_fits_a_phone(browser: Any, site_url: str) -> None:
    """Opponent, games, +, =, − and the results fit 390 px without scrolling sideways
    (the last column, the results, was 25 px out of view)."""
    context, page, problems = open_page(browser, site_url + HEAD_TO_HEAD, PHONE)
    try:
        wrap = page.locator(".table-wrap:has(table.head-to-head)")
        assert wrap.evaluate("w => w.scrollWidth - w.clientWidth") <= 0
        result = page.locator("table.head-to-head thead th").nth(5)
        assert result.inner_text().strip() == "Result"
        box = result.bounding_box()
        assert box is not None and _inside(box, 0, PHONE)
        assert problems == [], problems
    finally:
        context.close()
