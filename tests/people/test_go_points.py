"""A Go player's points on the people pages are the games won, not the McMahon score.

The table is the sample McMahon of sample_reports/ (bar 3d: start scores 32 for 3d and
above, 1d = 30, 1k = 29, ...). Wins counted by hand from its rows.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lxml import html

from trfsite.site.build import BuildOptions, build_site

SAMPLE = Path(__file__).resolve().parents[2] / "sample_reports" / "mcmahon-frankfurt-2023.h9"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("go-people") / "src"
    src.mkdir()
    shutil.copy(SAMPLE, src)
    (src / "trfsite.toml").write_text(
        '[people]\npages = true\n\n[events.mcmahon-frankfurt-2023]\ngo_bar = "3d"\n',
        encoding="utf-8",
    )
    out = src.parent / "out"
    build_site(BuildOptions(src, out, pdf=False))
    return out


def _points_cell(site: Path, stem: str) -> str:
    page = html.fromstring((site / "people" / f"{stem}.html").read_bytes())
    row = page.xpath("//table[@class='person-events']/tbody/tr")[0]
    return " ".join(row.xpath("td")[4].text_content().split())


def test_points_are_games_won_not_the_mcmahon_score(site: Path) -> None:
    # Schmidt Anna (4d): 3+ 2+ 5+ 4+ 6+ -> 5 wins of 5 (her MMS is 32 + 5 = 37).
    assert _points_cell(site, "schmidt-anna-de") == "5 of 5"
    # Dubois Élodie (3d): 4+ 1- 3+ 5+ 7+ -> 4 of 5 (MMS 36).
    assert _points_cell(site, "dubois-elodie-fr") == "4 of 5"
    # Petrov Ivan (15k): five losses -> 0 of 5, not his start score.
    assert _points_cell(site, "petrov-ivan-bg") == "0 of 5"
