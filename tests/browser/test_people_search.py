"""The people search on a 390 px phone, opened from file:// (no server, no fetch).

The archive is tests/data/people/rules (README there): typing "mull" must load
only the "mu" piece and list both Jürgen Müllers (FIDE 4100018 GER and the AUT
entry without id); "mueller jür" folds to "muller jur" and finds them too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserhelpers import open_page

from trfsite.site.build import BuildOptions, build_site

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RULES = Path(__file__).resolve().parents[1] / "data" / "people" / "rules"
PHONE = 390


@pytest.fixture(scope="module")
def people_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("people-browser") / "site"
    build_site(BuildOptions(RULES, out, pdf=False))
    return out


def _results(page: Any) -> list[tuple[str, str]]:
    page.wait_for_function("() => !document.getElementById('people-results').hidden")
    return page.evaluate(
        "() => [...document.querySelectorAll('#people-results a')]"
        ".map(a => [a.textContent, a.getAttribute('href')])"
    )


def test_search_from_file_url_on_a_phone(browser: Any, people_site: Path) -> None:
    url = (people_site / "people" / "index.html").as_uri()
    context, page, problems = open_page(browser, url, PHONE)
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    try:
        box = page.locator("#people-search").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE
        page.locator("#people-search").fill("mull")
        found = _results(page)
        assert sorted(map(tuple, found)) == [
            ("Müller, Jürgen", "fide-4100018.html"),
            ("Müller, Jürgen", "mueller-juergen-aut.html"),
        ]
        assert [u.rsplit("/", 1)[-1] for u in requested if u.endswith(".js")] == ["mu.js"]
        # The count in a sentence from the catalog (the page's data-found), not a bare 2.
        assert page.locator("#people-status").text_content() == "Found: 2"
        page.locator("#people-search").fill("mueller jür")
        assert len(_results(page)) == 2  # same piece: the results come at once
        page.locator("#people-search").fill("nagy")
        page.wait_for_function("() => document.querySelectorAll('#people-results a').length === 2")
        page.locator("#people-results a").first.click()
        page.wait_for_load_state("load")
        assert page.url.startswith("file://") and "/people/nagy-anna-hun--" in page.url
        assert problems == []
    finally:
        context.close()
