"""Issue 45 on the site: the Go standings' results grid, the GoR column and the card.

A small McMahon table built by hand (class A, no handicap), so every number on the
pages is known:
  R1: Ahn (1, 2d) beat Berg (2, 1k), Cruz (3, 3k) beat Dahl (4, 5k);
  R2: Ahn beat Cruz, Berg beat Dahl.
  MMS (1d = 30): Ahn 31 + 2 = 33, Berg 29 + 1 = 30, Cruz 27 + 1 = 28, Dahl 25 + 0 = 25.
  GoR from the grades: Ahn 2200, Berg 2000, Cruz 1800, Dahl 1600.
"""

from __future__ import annotations

from pathlib import Path

from lxml import html

from trfsite.site.build import BuildOptions, build_site

TABLE = """\
; CL[A]
; EV[Grid Cup]
; HA[h9]
1 Ahn Su     2d KR xxxx  2+/w0 3+/b0
2 Berg Ole   1k SE xxxx  1-/b0 4+/w0
3 Cruz Ana   3k ES xxxx  4+/w0 1-/w0
4 Dahl Liv   5k NO xxxx  3-/b0 2-/b0
"""


def _site(tmp_path: Path) -> Path:
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "cup.h9").write_text(TABLE)
    build_site(BuildOptions(src, out, pdf=False, cache=False))
    return out / "cup"


def test_the_standings_grid_cells_lead_to_the_opponents_rows(tmp_path: Path) -> None:
    page = html.parse(str(_site(tmp_path) / "standings.html")).getroot()
    rows = page.xpath("//table[contains(@class, 'go-grid')]/tbody/tr")
    assert [r.get("id") for r in rows] == ["p1", "p2", "p3", "p4"]
    cells = [
        [c.text_content().strip() for c in r.xpath("td[contains(@class, 'gcell')]")] for r in rows
    ]
    # the opponent's place in this table, the result, colour and handicap
    assert cells == [
        ["2+/w0", "3+/b0"],
        ["1\u2212/b0", "4+/w0"],
        ["4+/w0", "1\u2212/w0"],
        ["3\u2212/b0", "2\u2212/b0"],
    ]
    links = rows[0].xpath("td[contains(@class, 'gcell')]/a")
    assert [a.get("href") for a in links] == ["#p2", "#p3"]
    assert [a.get("title") for a in links] == ["Berg Ole", "Cruz Ana"]
    heads = [th.text_content().strip() for th in page.xpath("//table//thead//th")]
    # the score columns after the rounds, then the GoR change
    assert heads.index("2") < heads.index("MMS") < heads.index("GoR ±")


def test_the_gor_column_and_the_card(tmp_path: Path) -> None:
    folder = _site(tmp_path)
    page = html.parse(str(folder / "standings.html")).getroot()
    changes = [
        td.text_content().strip()
        for td in page.xpath("//table/tbody/tr/td[contains(@class, 'rating-change')]")
    ]
    # Ahn (2200), class A (weight 1): beat Berg (2000): +3.925056 (tests/egf/test_gor.py,
    # the even game); beat Cruz (1800): beta(1800) = -7 ln 1500 = -7 x 7.313220
    # = -51.192543; Se = 1 / (1 + exp(-51.192543 + 49.021458)) = 1 / (1 + exp(-2.171085))
    # = 1 / (1 + 0.114054) = 0.897623; 15.296086 x (1 - 0.897623) + 0.300386 = 1.866358.
    # Sum: 3.925056 + 1.866358 = 5.791414, shown +5.8.
    assert changes[0] == "+5.8"
    assert "not the EGD's official figure" in page.text_content()
    card = html.parse(str(folder / "players" / "1.html")).getroot()
    section = card.xpath("//section[h2[@id='gor']]")[0]
    text = " ".join(section.text_content().split())
    facts = {
        dt.text_content().strip(): dd.text_content().strip()
        for dt, dd in zip(section.xpath(".//dl//dt"), section.xpath(".//dl//dd"), strict=True)
    }
    assert facts == {"GoR before the event": "2200", "Class weight": "1", "GoR change": "+5.8"}
    assert "An estimate from the table, not the EGD's official figure." in text
    games = section.xpath(".//table[contains(@class, 'gor-games')]/tbody/tr")
    assert len(games) == 2
    first = [td.text_content().strip() for td in games[0].xpath("td")]
    assert first[0] == "1" and "Berg" in first[1] and first[2] == "2000"
    assert first[-1] == "+3.93"  # 3.925056, two decimals


def test_the_gor_card_writes_its_numbers_in_the_page_language(tmp_path: Path) -> None:
    # The same sums as above (+5.791414 in all, +3.925056 for round 1), in German:
    # a decimal comma, also in the card's sum and per-game lines (they were formatted
    # in Python with a point whatever the language).
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "cup.h9").write_text(TABLE)
    (src / "trfsite.toml").write_text('language = "de"\n')
    build_site(BuildOptions(src, out, pdf=False, cache=False))
    card = html.parse(str(out / "cup" / "players" / "1.html")).getroot()
    section = card.xpath("//section[h2[@id='gor']]")[0]
    values = [dd.text_content().strip() for dd in section.xpath(".//dl//dd")]
    assert values[-1] == "+5,8"
    summary = " ".join(section.xpath(".//summary")[0].text_content().split())
    assert summary.endswith("+5,8 = 1 × +5,79"), summary
    games = section.xpath(".//table[contains(@class, 'gor-games')]/tbody/tr")
    assert [td.text_content().strip() for td in games[0].xpath("td")][-1] == "+3,93"


# Rounds without a game, a result not known and a game won by default, as the file
# writes them. Places follow the rows: Ahn (2d) 3 wins (2+/w0, the free win 0+,
# 3+!w0), Berg (1k) 0 wins (+ ½ for 0=), Cruz (3k) 0 wins and the lowest grade.
BYES = """\
; CL[A]
; EV[Bye Cup]
1 Ahn Su     2d KR xxxx  2+/w0 0+    3+!w0
2 Berg Ole   1k SE xxxx  1-/b0 3?/w0 0=
3 Cruz Ana   3k ES xxxx  0-    2?/b0 1-!b0
"""


def test_rounds_without_a_game_and_unknown_results_as_the_file_writes_them(
    tmp_path: Path,
) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "byes.h9").write_text(BYES)
    build_site(BuildOptions(src, out, pdf=False, cache=False))
    page = html.parse(str(out / "byes" / "standings.html")).getroot()
    rows = page.xpath("//table[contains(@class, 'go-grid')]/tbody/tr")
    cells = [r.xpath("td[contains(@class, 'gcell')]") for r in rows]
    texts = [[c.text_content().strip() for c in row] for row in cells]
    assert texts == [
        ["2+/w0", "0+", "3+!w0"],
        ["1\u2212/b0", "3?/w0", "0="],
        ["0-", "2?/b0", "1\u2212!b0"],
    ]
    # a game (its result known or not, played or by default) leads to the opponent's row;
    # a round without a game leads nowhere and says what it is
    links = [
        [(a.get("href") if (a := c.find("a")) is not None else None) for c in row] for row in cells
    ]
    assert links == [["#p2", None, "#p3"], ["#p1", "#p3", None], [None, "#p2", "#p1"]]
    assert "bye" in cells[0][1].get("class") and "bye" in cells[1][2].get("class")
    assert cells[0][1].find("span").get("title") == "Free win (0+)"
    assert cells[1][2].find("span").get("title") == "Free round worth ½ (0=)"
