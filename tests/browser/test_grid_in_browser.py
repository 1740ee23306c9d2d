"""The club championship's round-robin grid in real headless Chromium."""

from __future__ import annotations

from typing import Any

import pytest
from browserhelpers import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGE = "club-championship-2024/crosstable.html"


@pytest.mark.parametrize("width", [390, 1280])
def test_grid_loads_without_errors_and_scrolls_in_its_box(
    browser: Any, site_url: str, width: int
) -> None:
    context, page, problems = open_page(browser, site_url + PAGE, width)
    try:
        grid = page.locator("table.crossgrid")
        assert grid.count() == 1
        # ten players: 10 rows of 10 cells, the diagonal among them
        assert page.locator("table.crossgrid tbody tr").count() == 10
        assert page.locator("table.crossgrid td.gc").count() == 100
        assert page.locator("table.crossgrid td.diagonal").count() == 10
        # the page never scrolls sideways; the grid does inside its own box
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert problems == [], problems
    finally:
        context.close()


def test_grid_names_lead_to_player_cards(browser: Any, site_url: str) -> None:
    context, page, problems = open_page(browser, site_url + PAGE, 1280)
    try:
        links = page.locator("table.crossgrid tbody th.name a:not(.person-link)")
        assert links.count() == 10
        # row 1 is Østergaard, start number 5 in the file (7 points, the most)
        first = links.nth(0)
        assert "Østergaard" in first.inner_text()
        first.click()
        page.wait_for_load_state("load")
        assert page.url.endswith("club-championship-2024/players/5.html")
        assert "Østergaard" in page.locator("h1").inner_text()
        page.go_back()
        page.wait_for_load_state("load")
        # every name links to a card that exists
        hrefs = page.eval_on_selector_all(
            "table.crossgrid tbody th.name a:not(.person-link)", "links => links.map(a => a.href)"
        )
        for href in hrefs:
            response = context.request.get(href)
            assert response.ok, href
        assert problems == [], problems
    finally:
        context.close()


def test_a_game_link_in_a_cell_leaves_the_grid_narrow(browser: Any, site_url: str) -> None:
    """A cell whose result links to its game (``a.game``) was laid out as the game page's
    two-column grid on a wide screen: each column 327 px, the grid 3,842 px wide in its
    1,168 px box. Ten players' grid fits a desktop's width whole."""
    context, page, problems = open_page(browser, site_url + PAGE, 1280)
    try:
        assert page.locator("table.crossgrid a.game").count() > 0  # the sample has games
        widths = page.evaluate(
            """() => [...document.querySelectorAll('table.crossgrid td.gc')]
                   .map(cell => cell.getBoundingClientRect().width)"""
        )
        # one or two characters in 1.9rem (30.4 px) with padding: a narrow column each
        assert max(widths) < 60, max(widths)
        grid = page.locator("table.crossgrid").bounding_box()
        box = page.locator(".grid-wrap").bounding_box()
        assert grid["width"] <= box["width"]
        assert problems == [], problems
    finally:
        context.close()
