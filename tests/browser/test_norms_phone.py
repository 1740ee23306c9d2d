"""The norms pages on a 390 px phone: a norm's games table fits the screen (no sideways
scrolling to reach the result column), even with a long name and a rating raised to
the floor. FIDE B.01 (edition applied from 1 January 2024) 1.4.6 for the floor.

The event: the candidate (2350, GER) against seven IMs at 2400 (6 points), an unrated
opponent with a long name (won) and a 1900 (lost): the unrated one, at 1400 the lowest,
is raised to the IM floor 2050; 7 x 2400 + 2050 + 1900 = 20750, / 9 = 2305.6 -> Ra 2306;
7/9 = 78 %, dp 220: Rp 2526, an IM norm.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from browserhelpers import open_page

from tests.norms.build import Opp, norm_event
from trfsite.formats.trf.writer import write_trf
from trfsite.site.build import BuildOptions, build_site

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = 390
LONG_NAME = "Brzęczyszczykiewiczowska, Ewa"  # within TRF16's 33 characters


@pytest.fixture(scope="module")
def norm_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("norms-phone")
    src = tmp / "src"
    src.mkdir()
    feds = ("HUN", "FRA", "ESP") * 3
    rows = [Opp(2400, "IM", f, r) for f, r in zip(feds[:7], "1111110", strict=False)]
    rows += [Opp(None, "", "ITA", "1"), Opp(1900, "", "POL", "0")]
    t = norm_event(rows)
    players = tuple(dataclasses.replace(p, name=LONG_NAME) if p.id == 9 else p for p in t.players)
    t = dataclasses.replace(t, players=players)
    (src / "floor.trf").write_text(write_trf(t), encoding="utf-8")
    out = tmp / "out"
    build_site(BuildOptions(src, out, pdf=False))
    return out


@pytest.mark.parametrize("page_name", ["norms.html", "norms-report.html"])
def test_the_games_table_fits_a_phone(browser: Any, norm_site: Path, page_name: str) -> None:
    url = (norm_site / "floor" / page_name).as_uri()
    context, page, problems = open_page(browser, url, PHONE)
    try:
        wrap = page.locator(".table-wrap:has(table.norm-games)").first
        room = wrap.evaluate("w => w.scrollWidth - w.clientWidth")
        assert room <= 0, f"the games table is {room} px wider than the phone"
        raised = page.locator("table.norm-games tbody tr").nth(7)
        assert LONG_NAME in raised.inner_text()
        assert "2050" in raised.locator("td.ra-rating").inner_text()
        assert problems == [], problems
    finally:
        context.close()
