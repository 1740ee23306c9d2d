"""Accessibility of the sample site: axe-core in Chromium, at desktop and phone widths.

axe-core (vendor/, MPL-2.0) checks each page kind at 1280 and 390 px: no violation of
impact critical, serious or moderate may remain. Then what axe cannot see: at 390 px
the prize amounts are in view and each validation excerpt shows its caret; at 1280 px
the Swiss crosstable fits its box.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserhelpers import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
WIDTHS = (1280, 390)
# Twelve kinds of page (and three more): home, event overview, players, standings,
# Swiss crosstable, round, player card, validation, statistics, prizes, team, person
# (and a federation's people).
PAGES = [
    "index.html",
    "karl-mala-open-2005/index.html",
    "karl-mala-open-2005/players.html",
    "karl-mala-open-2005/standings.html",
    "karl-mala-open-2005/crosstable.html",
    "karl-mala-open-2005/rounds/4.html",
    "karl-mala-open-2005/players/5.html",
    "grandmommys-cup-2024/validation.html",
    "karl-mala-open-2005/statistics.html",
    "karl-mala-open-2005/awards.html",
    "grandmommys-cup-2024/teams/16.html",
    "people/fide-14102340.html",
    "karl-mala-open-2005/startlist.html",
    "club-championship-2024/crosstable.html",
    "people/index.html",
    "people/federations/ind.html",
]
BLOCKING = ("critical", "serious", "moderate")


def _violations(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['impact']} {v['id']}: {v['nodes'][0]['target']} ({len(v['nodes'])} nodes)"
        for v in found["violations"]
        if v["impact"] in BLOCKING
    ]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", PAGES)
def test_axe_finds_nothing_serious(browser: Any, site_url: str, path: str, width: int) -> None:
    context, page, problems = open_page(browser, site_url + path, width=width)
    try:
        assert _violations(page) == []
        assert problems == []
    finally:
        context.close()


def test_prize_amounts_in_view_on_a_phone(browser: Any, site_url: str) -> None:
    context, page, _ = open_page(browser, site_url + "karl-mala-open-2005/awards.html", 390)
    try:
        wrap = page.locator("table.prizes").locator("xpath=..")
        sizes = wrap.evaluate("w => [w.scrollWidth, w.clientWidth]")
        assert sizes[0] <= sizes[1], sizes  # nothing to scroll to: all of it in view
        right = wrap.evaluate("w => w.getBoundingClientRect().right")
        amounts = page.locator("table.prizes details.how summary")
        assert amounts.count() >= 8
        for box in amounts.evaluate_all("s => s.map(e => e.getBoundingClientRect().right)"):
            assert box <= right
    finally:
        context.close()


def test_every_caret_in_view_on_a_phone(browser: Any, site_url: str) -> None:
    # The team cup's 29 findings at column 69 (declared team ranks) quote 310 lines
    # wider than a phone: each excerpt is scrolled to its caret.
    url = site_url + "grandmommys-cup-2024/validation.html"
    context, page, _ = open_page(browser, url, 390)
    try:
        hidden = page.evaluate(
            """() => [...document.querySelectorAll('pre.source .caret-mark')].filter(m => {
                 const pre = m.closest('pre').getBoundingClientRect();
                 const mark = m.getBoundingClientRect();
                 return mark.left < pre.left || mark.right > pre.right;
               }).length"""
        )
        carets = page.locator("pre.source .caret-mark").count()
        assert carets >= 29 and hidden == 0
        # The caret's line scrolls with its excerpt: one box, one scroll position.
        first = page.locator("pre.source").filter(has=page.locator(".caret-mark")).nth(5)
        assert first.evaluate("p => p.scrollLeft") > 0
    finally:
        context.close()


def test_swiss_crosstable_fits_its_box_at_1280(browser: Any, site_url: str) -> None:
    url = site_url + "karl-mala-open-2005/crosstable.html"
    context, page, _ = open_page(browser, url, 1280)
    try:
        wrap = page.locator("table.crosstable").locator("xpath=..")
        scroll, client = wrap.evaluate("w => [w.scrollWidth, w.clientWidth]")
        assert scroll <= client
    finally:
        context.close()
