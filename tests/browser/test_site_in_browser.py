"""The sample site in real headless Chromium: console, sorting, links, phone width."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from browserhelpers import open_page
from lxml import html

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# One page of every type, for each kind of event (individual Swiss, round robin, team, Go).
PAGES = [
    "index.html",
    "karl-mala-open-2005/index.html",
    "karl-mala-open-2005/players.html",
    "karl-mala-open-2005/standings.html",
    "karl-mala-open-2005/standings-3.html",
    "karl-mala-open-2005/crosstable.html",
    "karl-mala-open-2005/rounds/4.html",
    "karl-mala-open-2005/players/5.html",
    "karl-mala-open-2005/validation.html",
    "karl-mala-open-2005/statistics.html",
    "club-championship-2024/index.html",
    "club-championship-2024/crosstable.html",
    "club-championship-2024/players/2.html",
    "club-championship-2024/games/1-1.html",
    "grandmommys-cup-2024/standings.html",
    "grandmommys-cup-2024/crosstable.html",
    "grandmommys-cup-2024/rounds/2.html",
    "grandmommys-cup-2024/teams/16.html",
    "grandmommys-cup-2024/players/1.html",
    "grandmommys-cup-2024/statistics.html",
    "grandmommys-cup-2024/validation.html",
    "mcmahon-frankfurt-2023/standings.html",
    "mcmahon-frankfurt-2023/crosstable.html",
    "mcmahon-frankfurt-2023/rounds/1.html",
    "mcmahon-frankfurt-2023/players/1.html",
]


@pytest.mark.parametrize("path", PAGES)
def test_no_console_errors_and_no_overflow_at_360(browser: Any, site_url: str, path: str) -> None:
    context, page, problems = open_page(browser, site_url + path, width=360, height=800)
    try:
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= 360, f"{path} is {scroll_width}px wide at 360px"
        assert problems == [], problems
    finally:
        context.close()


def _column(page: Any, table: str, index: int) -> list[str]:
    return page.eval_on_selector_all(
        f"{table} tbody tr",
        f"rows => rows.map(r => (r.children[{index}].getAttribute('data-sort') ?? "
        f"r.children[{index}].textContent).trim())",
    )


def test_standings_table_sorts(browser: Any, site_url: str) -> None:
    context, page, problems = open_page(
        browser, site_url + "club-championship-2024/standings.html", height=800
    )
    try:
        table = "table.standings"
        headers = page.locator(f"{table} thead th")
        names = [h.strip() for h in headers.all_inner_texts()]
        name_col = next(i for i, text in enumerate(names) if text.startswith("Name"))
        rating_col = next(i for i, text in enumerate(names) if text.startswith("Rating"))
        by_rank = _column(page, table, name_col)
        page.locator(f"{table} thead th").nth(name_col).locator("button").click()
        sorted_names = _column(page, table, name_col)
        # Names sort the way the reader's language does (Ø beside O), so ask the browser's
        # collator what sorted means; the rank order it replaced was different.
        expected = page.evaluate(
            "names => names.slice().sort(new Intl.Collator(undefined, "
            "{sensitivity: 'base', numeric: true}).compare)",
            by_rank,
        )
        assert sorted_names == expected
        assert sorted_names != by_rank and sorted(sorted_names) == sorted(by_rank)
        button = page.locator(f"{table} thead th").nth(rating_col).locator("button")
        button.click()
        ratings = [float(x) for x in _column(page, table, rating_col)]
        assert ratings == sorted(ratings)
        button.click()
        ratings = [float(x) for x in _column(page, table, rating_col)]
        assert ratings == sorted(ratings, reverse=True)
        sort_state = page.locator(f"{table} thead th").nth(rating_col).get_attribute("aria-sort")
        assert sort_state == "descending"
        assert problems == []
    finally:
        context.close()


def test_home_page_search_filters_events(browser: Any, site_url: str) -> None:
    context, page, problems = open_page(browser, site_url + "index.html", height=800)
    try:
        cards = page.locator(".event-card")
        assert cards.count() == 4
        page.fill("#event-search", "mcmahon")
        visible = [c for c in cards.all() if c.is_visible()]
        assert len(visible) == 1 and "McMahon" in visible[0].inner_text()
        page.fill("#event-search", "no such event anywhere")
        assert page.locator("#no-match").is_visible()
        page.fill("#event-search", "")
        page.select_option("#event-kind", "team")
        assert [c.is_visible() for c in cards.all()].count(True) == 1
        assert problems == []
    finally:
        context.close()


def test_every_internal_link_resolves(built_site: Path) -> None:
    """Every href/src of every page points at a file of the site (fragments aside)."""
    base = "http://site.invalid/"
    broken: list[str] = []
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 500
    for page in pages:
        relative = page.relative_to(built_site).as_posix()
        doc = html.fromstring(page.read_bytes())
        for link in doc.xpath("//a/@href | //link[@rel='stylesheet']/@href | //script/@src"):
            if link.startswith("#"):
                continue
            target = urljoin(base + relative, link)
            if not target.startswith(base):
                continue  # the canonical base_url and external links in notes
            path = urlsplit(target).path.lstrip("/")
            if not (built_site / path).is_file():
                broken.append(f"{relative} -> {link}")
    assert broken == []
