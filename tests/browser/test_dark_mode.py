"""Dark mode (issue 43, item 4): axe in dark mode, and the toggle that remembers the choice.

The default theme follows ``prefers-color-scheme``; the header's toggle overrides it and
is remembered in localStorage, and works (for the page) when storage is blocked, with
no error in the console. axe-core (vendor/, MPL-2.0) checks the pages with the most
colour (crosstables, statistics' charts, standings, validation) in dark mode at 1280
and 390 px: no violation of impact critical, serious or moderate may remain.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserhelpers import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
PAGES = [
    "index.html",
    "karl-mala-open-2005/index.html",
    "karl-mala-open-2005/standings.html",
    "karl-mala-open-2005/crosstable.html",
    "club-championship-2024/crosstable.html",
    "karl-mala-open-2005/statistics.html",
    "karl-mala-open-2005/rounds/4.html",
    "karl-mala-open-2005/players/5.html",
    "grandmommys-cup-2024/validation.html",
    "grandmommys-cup-2024/standings.html",
    "mcmahon-frankfurt-2023/standings.html",
]
BLOCKING = ("critical", "serious", "moderate")
DARK_BG = "rgb(21, 23, 27)"  # --bg: #15171b
LIGHT_BG = "rgb(255, 255, 255)"
BLOCKED_STORAGE = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("storage is blocked", "SecurityError"); }
});
"""


def _violations(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['impact']} {v['id']}: {v['nodes'][0]['target']} ({len(v['nodes'])} nodes)"
        for v in found["violations"]
        if v["impact"] in BLOCKING
    ]


def _background(page: Any) -> str:
    return str(page.evaluate("() => getComputedStyle(document.body).backgroundColor"))


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path", PAGES)
def test_axe_finds_nothing_serious_in_dark_mode(
    browser: Any, site_url: str, path: str, width: int
) -> None:
    context, page, problems = open_page(browser, site_url + path, width, color_scheme="dark")
    try:
        assert _background(page) == DARK_BG
        assert _violations(page) == []
        assert problems == []
    finally:
        context.close()


def test_the_toggle_is_remembered(browser: Any, site_url: str) -> None:
    url = site_url + "karl-mala-open-2005/crosstable.html"
    context, page, problems = open_page(browser, url, color_scheme="light")
    try:
        toggle = page.locator("button.theme-toggle")
        assert toggle.is_visible() and toggle.get_attribute("aria-pressed") == "false"
        assert _background(page) == LIGHT_BG
        toggle.click()
        assert _background(page) == DARK_BG
        assert toggle.get_attribute("aria-pressed") == "true"
        page.goto(site_url + "karl-mala-open-2005/standings.html")  # another page: still dark
        assert _background(page) == DARK_BG
        assert page.locator("button.theme-toggle").get_attribute("aria-pressed") == "true"
        page.locator("button.theme-toggle").click()  # and back to light, over the system's
        page.reload()
        assert _background(page) == LIGHT_BG
        assert problems == []
    finally:
        context.close()


def test_light_chosen_in_a_dark_system(browser: Any, site_url: str) -> None:
    context, page, problems = open_page(browser, site_url + "index.html", color_scheme="dark")
    try:
        assert page.locator("button.theme-toggle").get_attribute("aria-pressed") == "true"
        page.locator("button.theme-toggle").click()
        assert _background(page) == LIGHT_BG
        assert _violations(page) == []
        assert problems == []
    finally:
        context.close()


def test_blocked_storage_is_no_error(browser: Any, site_url: str) -> None:
    url = site_url + "karl-mala-open-2005/index.html"
    context, page, problems = open_page(browser, url, init_script=BLOCKED_STORAGE)
    try:
        page.locator("button.theme-toggle").click()
        assert _background(page) == DARK_BG  # for this page, not remembered
        page.reload()
        assert _background(page) == LIGHT_BG
        assert problems == []
    finally:
        context.close()
