"""The site while a round is pending (tests/data/live/README.md has the numbers)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import lxml.html
import pytest

from trfsite.site.build import BuildOptions, build_site

LIVE = Path(__file__).resolve().parents[1] / "data" / "live"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    shutil.copy(LIVE / "club-round2-partial.trf", src / "club.trf")
    out = tmp_path_factory.mktemp("out") / "site"
    build_site(BuildOptions(src, out, pdf=False))
    return out / "club"


def _page(path: Path) -> lxml.html.HtmlElement:
    return lxml.html.parse(str(path)).getroot()


def test_overview_says_round_2_in_progress_and_links_its_pairings(site: Path) -> None:
    page = _page(site / "index.html")
    live = page.xpath("//section[contains(@class, 'live')]")[0]
    assert live.xpath("string(.//h2)") == "Round 2 in progress"
    links = live.xpath(".//a/@href")
    assert links[0] == "rounds/2.html"
    assert "Standings after round 1" in live.text_content()


def test_pending_round_page_shows_pairings_with_empty_results(site: Path) -> None:
    page = _page(site / "rounds" / "2.html")
    rows = page.xpath("//table//tbody/tr")
    results = [r.xpath("string(./td[contains(@class, 'result')])").strip() for r in rows]
    # Board 1: 6-1 entered 0-1; boards 2 (4-2) and 3 (5-3) not played yet.
    assert results == ["0\u20131", "", ""]
    assert "In progress" in page.text_content()


def test_byes_entered_ahead_appear_on_their_round(site: Path) -> None:
    page = _page(site / "rounds" / "3.html")
    byes = [li.text_content() for li in page.xpath("//li") if "bye" in li.text_content()]
    # Only player 3's 0000 - H; the others' round 3 is blank: not known yet, no bye.
    assert byes == ["Charlie,Carl \u2013 Half-point bye (\u00bd)"]


def test_crosstable_shows_coming_games_and_no_invented_byes(site: Path) -> None:
    page = _page(site / "crosstable.html")
    cells = {
        row.xpath("string(.//a)"): [c.text_content().strip() for c in row.xpath("./td")][2:5]
        for row in page.xpath("//tbody/tr")
    }
    # Round 1 complete; round 2: 6-1 entered 0-1, 4-2 and 5-3 to come; round 3: 3's bye.
    # Cells read: opponent's rank (shared ranks after round 1), colour, result.
    assert cells["Alpha,Anna"] == ["5w1", "1b1", ""]
    assert cells["Bravo,Ben"] == ["3w\u00bd", "5b", ""]
    assert cells["Charlie,Carl"] == ["1w0", "3b", "H\u00bd"]


def test_standings_page_counts_the_complete_rounds_only(site: Path) -> None:
    page = _page(site / "standings.html")
    text = " ".join(page.text_content().split())
    assert "Standings after round 1 \u00b7" in text and "Final standings" not in text
    # Player 1 (README.md): 1 point after round 1, not 2 with round 2's entered win.
    row = page.xpath("//tr[.//a[contains(., 'Alpha,Anna')]]")[0]
    cells = [c.text_content().strip() for c in row.xpath("./td")]
    assert "1" in cells and "2" not in cells


def test_bulletin_says_after_round_1_not_final(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(LIVE / "club-round2-partial.trf", src / "club.trf")
    build_site(BuildOptions(src, tmp_path / "out", pdf=True))
    pdf = tmp_path / "out" / "club" / "club.pdf"
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Standings after round 1" in text and "Final standings" not in text
    assert "?" not in text  # the pending games of round 2 have empty results


def test_statistics_count_no_forfeits_for_games_still_on(site: Path) -> None:
    page = _page(site / "statistics.html")
    table = page.xpath("//table")[0]
    rows = [
        [c.text_content().strip() for c in tr.xpath("./td|./th")] for tr in table.xpath(".//tr")
    ]
    by_round = {row[0]: row[1:] for row in rows[1:]}
    # Round 2: one game with a result (6-1, 0-1: a black win), two still on, which are
    # neither games counted nor forfeits. Columns: games, 1-0, draws, 0-1, forfeits, byes.
    assert by_round["2"] == ["1", "0", "0", "1", "0", "0"]
