"""The series page (issue 44) in Chromium: axe-core finds nothing serious at desktop and
phone widths, and on a phone the standings scroll in their own box, not the page."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserhelpers import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
SEASON = Path(__file__).resolve().parents[1] / "data" / "series" / "season"
BLOCKING = ("critical", "serious", "moderate")


@pytest.fixture(scope="module")
def series_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from trfsite.site.build import BuildOptions, build_site

    out = tmp_path_factory.mktemp("series-browser") / "site"
    build_site(BuildOptions(SEASON, out, pdf=False))
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="module")
def series_url(series_site: Path) -> Iterator[str]:
    """Served over HTTP, as conftest's site_url: axe reads the style sheets."""
    handler = functools.partial(_Quiet, directory=str(series_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path", ["series/grand-prix.html", "people/fide-1100001.html"])
def test_axe_finds_nothing_serious(browser: Any, series_url: str, path: str, width: int) -> None:
    context, page, problems = open_page(browser, series_url + path, width=width)
    try:
        page.add_script_tag(path=str(AXE))
        found = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        serious = [
            f"{v['impact']} {v['id']}: {v['nodes'][0]['target']}"
            for v in found["violations"]
            if v["impact"] in BLOCKING
        ]
        assert serious == []
        assert problems == []
    finally:
        context.close()


def test_phone_scrolls_the_table_not_the_page(browser: Any, series_url: str) -> None:
    context, page, _ = open_page(browser, series_url + "series/grand-prix.html", width=390)
    try:
        sizes = page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert sizes[0] <= sizes[1], sizes
        struck = page.locator("table.series-standings del").first
        assert struck.evaluate("e => getComputedStyle(e).textDecorationLine") == "line-through"
    finally:
        context.close()
