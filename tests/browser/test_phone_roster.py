"""A team's page on a 390 px phone: the roster's games and points are in view without
scrolling sideways.

On a phone the rating, federation and percentage columns are left out (``opt``), as the
standings leave rating and federation out: a team event's players mostly share the
team's federation, and the percentage is points over games. Wider, every column is there.
"""

from __future__ import annotations

from typing import Any

import pytest
from browserhelpers import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TEAM = "grandmommys-cup-2024/teams/1.html"


def _visible_heads(page: Any) -> list[str]:
    """The roster's column heads a reader sees (``innerText`` would give hidden ones)."""
    return list(
        page.evaluate(
            "() => [...document.querySelectorAll('table.roster thead th')]"
            ".filter(th => getComputedStyle(th).display !== 'none')"
            ".map(th => th.textContent.trim())"
        )
    )


def _right_edges(page: Any) -> dict[str, float]:
    """The right edge of each visible column head, in the page's coordinates."""
    return dict(
        page.evaluate(
            "() => [...document.querySelectorAll('table.roster thead th')]"
            ".filter(th => getComputedStyle(th).display !== 'none')"
            ".map(th => [th.textContent.trim(), th.getBoundingClientRect().right])"
        )
    )


def test_the_roster_points_are_in_view_on_a_phone(browser: Any, site_url: str) -> None:
    context, page, problems = open_page(browser, site_url + TEAM, 390)
    try:
        heads = _visible_heads(page)
        assert heads == ["Bd.", "Name", "Games", "Points"], heads
        wrap = page.locator("table.roster").locator("xpath=..").bounding_box()
        right = wrap["x"] + wrap["width"]
        edges = _right_edges(page)
        assert max(edges.values()) <= right + 0.5, (edges, right)
        assert problems == [], problems
    finally:
        context.close()


def test_a_wide_screen_shows_the_roster_rating_and_federation(browser: Any, site_url: str) -> None:
    context, page, problems = open_page(browser, site_url + TEAM, 1280)
    try:
        heads = _visible_heads(page)
        assert heads == ["Bd.", "Name", "Rating", "Fed", "Games", "Points", "%"], heads
        assert problems == [], problems
    finally:
        context.close()
