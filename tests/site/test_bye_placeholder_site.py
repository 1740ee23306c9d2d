"""The 2005 open's ``spielfrei`` line (start number 284) on the site: no card, not counted,
and the validation page says how it was read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lxml import html
from sitehelpers import SAMPLES

from trfsite.site.build import BuildOptions, build_site

KARL = "karl-mala-open-2005"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    shutil.copy(SAMPLES / f"{KARL}.trf", src / f"{KARL}.trf")
    out = tmp_path_factory.mktemp("out") / "site"
    build_site(BuildOptions(src, out, pdf=False))
    return out


def test_no_card_and_not_among_the_players(site: Path) -> None:
    assert (site / KARL / "players" / "283.html").is_file()
    assert not (site / KARL / "players" / "284.html").exists()
    players = (site / KARL / "players.html").read_text(encoding="utf-8")
    assert "spielfrei" not in players
    overview = html.fromstring((site / KARL / "index.html").read_bytes())
    [count] = overview.xpath("//dt[.='Players']/following-sibling::dd[1]")
    assert count.text_content().startswith("283")  # 284 lines, one the bye's placeholder


def test_the_validation_page_says_how_the_line_was_read(site: Path) -> None:
    page = html.fromstring((site / KARL / "validation.html").read_bytes())
    [finding] = [
        li
        for li in page.xpath("//li[contains(@class,'finding')]")
        if "player-bye-placeholder" in li.text_content()
    ]
    text = finding.text_content()
    assert "'spielfrei'" in text and "not as a player" in text
    assert "spielfrei" in finding.xpath(".//pre[@class='source']")[0].text_content()
