"""The norms pages: norms.html, the arbiter's report and norms.json, and the overview's
link (only with a norm or a live chance of one). FIDE B.01, edition applied from
1 January 2024.

``open``: the candidate (2350, GER, FIDE id 1234567) against nine GMs at 2380 (HUN,
FRA, ESP), 7 points (78 %, dp 220): Rp 2600, a GM norm; rounds 10 and 11 lost to GMs
at 2380 are left out (11 games: 64 %, Rp 2482).
``live``: rounds 1-7 of 9 against GMs at 2400 (5 points), round 8 paired with a GM at
2450: GM norm with 2 from 2 games (Ra 2406: 7/9 = 78 %), IM norm with ½.
``club``: nine untitled opponents: no norm, no page.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lxml import html

from trfsite.formats.trf.writer import write_trf
from trfsite.site.build import BuildOptions, build_site

from .build import Opp, nine, norm_event

FEDS = ("HUN", "FRA", "ESP") * 3


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("norms")
    src = tmp / "src"
    src.mkdir()
    rows = nine(2380, results="111111100") + [Opp(2380, "GM", "ITA", "0")] * 2
    (src / "open.trf").write_text(write_trf(norm_event(rows)), encoding="utf-8")
    live = [Opp(2400, "GM", f, r) for f, r in zip(FEDS, "1111100", strict=False)]
    live.append(Opp(2450, "GM", "ITA", "?"))
    (src / "live.trf").write_text(write_trf(norm_event(live, rounds=9)), encoding="utf-8")
    club = [Opp(1800, "", f, r) for f, r in zip(FEDS, "111111100", strict=True)]
    (src / "club.trf").write_text(write_trf(norm_event(club)), encoding="utf-8")
    out = tmp / "out"
    build_site(BuildOptions(src, out, pdf=False))
    return out


def _text(node: html.HtmlElement) -> str:
    return " ".join(node.text_content().split())


def test_overview_links_the_norms_page(site: Path) -> None:
    page = html.parse(str(site / "open" / "index.html")).getroot()
    section = page.xpath("//section[@aria-labelledby='norms-heading']")[0]
    assert "1 title norm made." in _text(section)
    assert section.xpath(".//a/@href") == ["norms.html"]
    live = html.parse(str(site / "live" / "index.html")).getroot()
    assert "No title norm yet. 1 player still in reach of one." in _text(live)


def test_no_page_and_no_link_without_a_norm_or_a_chance(site: Path) -> None:
    assert not (site / "club" / "norms.html").exists()
    page = html.parse(str(site / "club" / "index.html")).getroot()
    assert not page.xpath("//a[@href='norms.html']")


def test_norms_page_shows_the_norm_and_its_games(site: Path) -> None:
    page = html.parse(str(site / "open" / "norms.html")).getroot()
    summary = page.xpath("//table[contains(@class, 'norms-summary')]/tbody/tr")
    assert [_text(c) for c in summary[0].xpath("./th|./td")] == [
        "Candidate, Carl",
        "GM",
        "9",
        "7",
        "2380",
        "2600",
        "9 games",
    ]
    block = page.xpath("//section[@id='norm-1']")[0]
    requirements = {
        _text(row.xpath("./th")[0]): [_text(c) for c in row.xpath("./td")][:2]
        for row in block.xpath(".//table[contains(@class, 'norm-requirements')]/tbody/tr")
    }
    assert requirements["Average rating of the opponents (Ra)"] == ["2380", "≥ 2380"]
    assert requirements["Performance (Rp)"] == ["2600", "≥ 2600"]
    assert requirements["Opponents with the norm's level titles (GM)"] == ["9", "≥ 3"]
    assert requirements["Opponents from any one federation"] == ["3", "≤ 6"]
    used = block.xpath(".//table[contains(@class, 'norm-games')]/tbody/tr")
    assert len(used) == 9
    first = [_text(c) for c in used[0].xpath("./td")]
    assert first == ["1", "GM Opponent 2", "HUN", "", "2380", "1"]
    left = block.xpath(".//table[contains(@class, 'norm-left')]/tbody/tr")
    assert [_text(row.xpath("./td")[0]) for row in left] == ["10", "11"]
    assert "after round 9: the norm was met by then" in _text(left[0])
    assert "What the file cannot show" in _text(page)
    assert "eight_of_nine_shares = 8" in _text(page)


def test_live_page_forecasts(site: Path) -> None:
    page = html.parse(str(site / "live" / "norms.html")).getroot()
    rows = page.xpath("//table[contains(@class, 'norm-forecast')]/tbody/tr")
    cells = [[_text(c) for c in row.xpath("./th|./td")] for row in rows]
    assert [c[1] for c in cells] == ["GM", "IM"]
    assert cells[0][2].startswith(
        "2 from 2 games (rounds 8–9) against opponents rated about 2406 on average"
    )
    assert cells[1][2].startswith("½ from 2 games")
    assert not (site / "live" / "norms-report.html").exists()  # no norm made yet


def test_arbiters_report_and_json(site: Path) -> None:
    page = html.parse(str(site / "open" / "norms-report.html")).getroot()
    block = page.xpath("//section[contains(@class, 'norm-report')]")[0]
    text = _text(block)
    assert "GM norm: Candidate, Carl" in text
    facts = {_text(dt): _text(dt.getnext()) for dt in block.xpath(".//dl/dt")}
    assert (facts["FIDE ID"], facts["Federation"], facts["Rating"]) == ("1234567", "GER", "2350")
    assert (facts["Event"], facts["Rounds"]) == ("Norm test open", "11 (Swiss system)")
    assert len(block.xpath(".//table[contains(@class, 'norm-games')]/tbody/tr")) == 9
    data = json.loads((site / "open" / "norms.json").read_text(encoding="utf-8"))
    (norm,) = data["norms"]
    assert (norm["norm"], norm["ra"], norm["rp"], norm["left_out"]) == ("GM", 2380, 2600, [10, 11])
    assert norm["fide_id"] == "1234567" and len(norm["opponents"]) == 9
