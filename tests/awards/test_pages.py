"""The awards on the site: standings columns, player card, starting list, prizes page.

Event (2025, Swiss, 2 rounds; config tie-break WIN only):
  1 (2100, born 1950)      R1 beats 3     R2 beats 2        2 points
  2 (2000, woman, no date) R1 draws 4     R2 loses to 1     0.5
  3 (1900, born 2009)      R1 loses to 1  R2 forfeit win v 4  1
  4 (unrated)              R1 draws 2     R2 forfeit loss   0.5
Ranks: 1, 3, then 2 and 4 share 3rd (0.5 points, no wins each).
K (B.02 8.3.3): 1: 20 (adult, 2100 < 2400); 2: 20 (no birth date: adult K);
3: 40 (born 2009, 18 in 2027, 1900 < 2300); 4: unrated.
Rating change (table 8.1(b)): 1: D +200 We .76, D +100 We .64 -> 20 x (.24 + .36) = +12.0;
2: only the loss to 1 counts, We .36 -> 20 x -.36 = -7.2; 3: We .24 -> 40 x -.24 = -9.6.
Categories in 2025: S65 born 1960 or earlier -> 1; U18 born 2007 or later -> 3;
women -> 2 (category rank 1, overall rank 3).
Prizes (one prize per player): overall 100 -> 1, 50 -> 3; women 30 -> 2.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from lxml import html

from trfsite.formats.trf.writer import write_trf
from trfsite.site.build import BuildOptions, build_site

from .build import rated_event

CONFIG = """
[events.rated]
tiebreaks = ["WIN"]
categories = ["women", "U18", "S65"]
[events.rated.prizes]
overall = [100, 50]
women = [30]
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("awards")
    t = rated_event(
        {1: (2100, "1950/02/03"), 2: (2000, ""), 3: (1900, "2009/00/00"), 4: (None, "")},
        [(1, 1, 3, "1"), (1, 2, 4, "="), (2, 1, 2, "1"), (2, 3, 4, "+")],
        start=dt.date(2025, 5, 1),
        extra={2: {"sex": "w"}},
    )
    src = tmp / "src"
    src.mkdir()
    (src / "rated.trf").write_text(write_trf(t), encoding="utf-8")
    (src / "trfsite.toml").write_text(CONFIG, encoding="utf-8")
    out = tmp / "out"
    build_site(BuildOptions(src, out, pdf=False))
    return out / "rated"


def _cells(row: html.HtmlElement) -> list[str]:
    return [" ".join(c.text_content().split()) for c in row.xpath("./td|./th")]


def test_standings_columns(site: Path) -> None:
    page = html.fromstring((site / "standings.html").read_bytes())
    heads = [" ".join(h.text_content().split()) for h in page.xpath("//table//thead//th")]
    change_at = heads.index("Rtg ±")
    got = {}
    for row in page.xpath("//table[contains(@class,'standings')]/tbody/tr"):
        cells = _cells(row)
        got[cells[1]] = cells[change_at]
    assert got == {"Player 1": "+12.0", "Player 2": "-7.2", "Player 3": "-9.6", "Player 4": ""}


def test_player_card_shows_each_game(site: Path) -> None:
    page = html.fromstring((site / "players/1.html").read_bytes())
    rows = page.xpath("//table[contains(@class,'rating-games')]/tbody/tr")
    # Rd, opponent, rating, D, W, We, W - We, K x (W - We)
    assert [_cells(r) for r in rows] == [
        ["1", "Player 3", "1900", "+200", "1", "0.76", "0.24", "+4.8"],
        ["2", "Player 2", "2000", "+100", "1", "0.64", "0.36", "+7.2"],
    ]
    text = " ".join(page.xpath("//section[@aria-labelledby='rating']")[0].text_content().split())
    assert "change = K x sum(W - We) = 20 x +0.60 = +12.0" in text


def test_start_list_by_rating_with_k(site: Path) -> None:
    page = html.fromstring((site / "startlist.html").read_bytes())
    rows = [_cells(r) for r in page.xpath("//table/tbody/tr")]
    assert [(r[2], r[-1]) for r in rows] == [
        ("Player 1", "20"),
        ("Player 2", "20"),
        ("Player 3", "40"),
        ("Player 4", ""),
    ]


def test_prizes_and_categories(site: Path) -> None:
    page = html.fromstring((site / "awards.html").read_bytes())
    # A category's line heads its prizes: place, prize, name, points, receives (its
    # summary; the details say how).
    rows = []
    category = ""
    for r in page.xpath("//table[@class='prizes']/tbody/tr"):
        if r.get("class") == "group":
            category = _cells(r)[0]
            continue
        rows.append((category, _cells(r)[0], _cells(r)[2], r.xpath("string(.//summary)")))
    assert rows == [
        ("Overall", "1", "Player 1", "100.00"),
        ("Overall", "2", "Player 3", "50.00"),
        ("Women", "1", "Player 2", "30.00"),
    ]
    women = page.xpath("//h2[@id='cat-women']/following::table[1]/tbody/tr")
    assert [_cells(r)[:3] for r in women] == [["1", "3", "Player 2"]]
    seniors = page.xpath("//h2[@id='cat-s65']/following::table[1]/tbody/tr")
    assert [_cells(r)[2] for r in seniors] == ["Player 1"]
