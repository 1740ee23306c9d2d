"""In Chromium: a page served by ``trfsite serve`` reloads itself after a rebuild."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from browserhelpers import open_page

from trfsite.cli.live_server import BuildSignal, start_server, stop_server
from trfsite.site.build import BuildOptions, build_site

pytestmark = pytest.mark.browser
LIVE = Path(__file__).resolve().parents[1] / "data" / "live"


def test_open_page_reloads_and_shows_the_new_result(browser: Any, tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    trf = src / "club.trf"
    shutil.copy(LIVE / "club-round2-partial.trf", trf)
    out = tmp_path / "site"
    build_site(BuildOptions(src, out, pdf=False))
    signal = BuildSignal()
    server = start_server(out, 0, signal)
    try:
        url = f"http://127.0.0.1:{server.server_port}/club/rounds/2.html"
        context, page, problems = open_page(browser, url)
        result = "//tbody/tr[2]/td[contains(@class, 'result')]"
        assert page.inner_text(result).strip() == ""
        page.evaluate("window.beforeRebuild = true")
        # The arbiter enters board 2 (4-2) as 1-0: player 4's line ends '   2 w' (its
        # last cell, trailing blanks cut), player 2's '   4 b'.
        text = trf.read_text(encoding="utf-8")
        text = text.replace("   2 w\n", "   2 w 1\n").replace("   4 b\n", "   4 b 0\n")
        trf.write_text(text, encoding="utf-8")
        build_site(BuildOptions(src, out, pdf=False))
        signal.built()
        page.wait_for_function("window.beforeRebuild === undefined", timeout=15000)
        page.wait_for_load_state("load")
        assert page.inner_text(result).strip() == "1\u20130"
        assert problems == []
        context.close()
    finally:
        stop_server(server, signal)
