"""The offline copy (issue 43, last item) unzipped and opened from disk in Chromium.

The sample site's ``karl-mala-open-2005.zip`` is unzipped into a folder of its own;
its overview, standings, a round and a player's page are opened via file:// with no
failed request and no console error (its styles and scripts come from the copy).
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest
from browserhelpers import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SLUG = "karl-mala-open-2005"
PAGES = ["index.html", "standings.html", "rounds/4.html", "players/5.html"]


@pytest.fixture(scope="module")
def unzipped(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("offline")
    with zipfile.ZipFile(built_site / SLUG / f"{SLUG}.zip") as archive:
        archive.extractall(folder)
    return folder


@pytest.mark.parametrize("page_path", PAGES)
def test_the_copy_works_from_disk(browser: Any, unzipped: Path, page_path: str) -> None:
    url = (unzipped / SLUG / page_path).as_uri()
    context, page, problems = open_page(browser, url)
    try:
        page.wait_for_load_state("networkidle")
        # The stylesheet came from the copy: the page is styled.
        background = page.evaluate(
            "() => getComputedStyle(document.documentElement).getPropertyValue('--bg')"
        )
        assert background.strip()
        assert problems == []
    finally:
        context.close()
