"""A player card on a 390 px phone: the round-by-round table fits the screen.

Its score and rank columns are charted just below it, so a phone leaves them out
(``opt``); the other columns (round, opponent, rating, colour, result, rating change)
fit without scrolling sideways. Wider, every column is there.
"""

from __future__ import annotations

from typing import Any

import pytest
from browserhelpers import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = 390

# An open with rating changes (the widest record), a team event, a Go event.
CARDS = [
    "karl-mala-open-2005/players/1.html",
    "grandmommys-cup-2024/players/1.html",
    "mcmahon-frankfurt-2023/players/2.html",
]


def _record_overflow(page: Any) -> int:
    return int(
        page.evaluate(
            "() => { const w = document.querySelector('table.record').closest('.table-wrap');"
            " return w.scrollWidth - w.clientWidth; }"
        )
    )


def _head(page: Any) -> list[str]:
    """The record's column heads a reader sees (``innerText`` would still give the
    hidden ones)."""
    return list(
        page.evaluate(
            "() => [...document.querySelectorAll('table.record thead th')]"
            ".filter(th => getComputedStyle(th).display !== 'none')"
            ".map(th => th.textContent.trim())"
        )
    )


@pytest.mark.parametrize("path", CARDS)
def test_the_rounds_fit_a_phone_without_scrolling(browser: Any, site_url: str, path: str) -> None:
    context, page, problems = open_page(browser, site_url + path, PHONE)
    try:
        assert _record_overflow(page) <= 1
        head = _head(page)
        assert "Opponent" in head and "Result" in head
        assert "Rank" not in head  # charted below: "Rank after each round"
        assert (
            page.locator("svg.rank-chart, .rank-chart").count()
            + page.locator("svg.score-chart, .score-chart").count()
            >= 1
        )
        assert problems == [], problems
    finally:
        context.close()


def test_a_wide_screen_shows_the_score_and_rank_columns(browser: Any, site_url: str) -> None:
    context, page, problems = open_page(browser, site_url + CARDS[0], 1280)
    try:
        head = _head(page)
        assert head[-2:] == ["Pts", "Rank"], head
        assert _record_overflow(page) <= 1
        assert problems == [], problems
    finally:
        context.close()
