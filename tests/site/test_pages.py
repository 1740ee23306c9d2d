"""Key facts of every page type, read back with lxml from a built site.

Expected values are worked out by hand from the small round robin in
conftest.py (results listed in its docstring); none is copied from output.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import html
from sitehelpers import SAMPLES, small_round_robin

from trfsite.site.build import BuildOptions, build_site
from trfsite.site.slug import RESERVED


def _page(out: Path, relative: str) -> html.HtmlElement:
    return html.fromstring((out / relative).read_bytes())


def _text(element: html.HtmlElement) -> str:
    return " ".join(element.text_content().split())


@pytest.fixture
def small_site(make_src: Callable[[dict[str, str | bytes]], Path], tmp_path: Path) -> Path:
    src = make_src({"small.trf": small_round_robin(), "small.md": "# Prizes\n\nA *book* each."})
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    return out / "small"


def test_standings_rank_and_points(small_site: Path) -> None:
    doc = _page(small_site, "standings.html")
    rows = doc.xpath("//table[contains(@class,'standings')]/tbody/tr")
    names = [_text(r.xpath("./th")[0]) for r in rows]
    # Scores by hand: Anna 2.5, Bert 2, Gus 1.5, Dora 0 (all different, no tie-break needed).
    assert names == ["Alpha,Anna", "Beta,Bert", "Gamma,Gus", "Delta,Dora"]
    points = [r.xpath("./td[contains(@class,'strong')]")[0].get("data-sort") for r in rows]
    assert [float(p) for p in points] == [2.5, 2.0, 1.5, 0.0]
    assert _text(rows[0].xpath("./td[contains(@class,'strong')]")[0]) == "2\u00bd"
    assert doc.xpath("//table/caption") and doc.xpath("//th[@scope='col']")


def test_standings_after_each_round(small_site: Path) -> None:
    # After round 1: Anna 1 (beat Dora), Bert and Gus ½ each, Dora 0.
    doc = _page(small_site, "standings-1.html")
    rows = doc.xpath("//table[contains(@class,'standings')]/tbody/tr")
    first = rows[0]
    assert _text(first.xpath("./th")[0]) == "Alpha,Anna"
    assert float(first.xpath("./td[contains(@class,'strong')]")[0].get("data-sort")) == 1.0
    assert (small_site / "standings-3.html").is_file()
    assert not (small_site / "standings-4.html").exists()


def test_crosstable_cells(small_site: Path) -> None:
    doc = _page(small_site, "crosstable.html")
    anna = doc.xpath("//table[contains(@class,'crosstable')]/tbody/tr")[0]
    cells = [_text(td) for td in anna.xpath("./td[contains(@class,'cell')]")]
    # R1 white vs Dora (final rank 4) won; R2 white vs Bert (rank 2) drew; R3 black vs Gus won.
    assert cells == ["4w1", "2w\u00bd", "3b1"]
    assert anna.xpath("./td[contains(@class,'cell')]/a/@href")[0] == "players/4.html"


def test_round_page_boards(small_site: Path) -> None:
    doc = _page(small_site, "rounds/1.html")
    rows = doc.xpath("//table[contains(@class,'pairings')]/tbody/tr")
    # Everyone has 0 points before round 1; the pair with the best rating (Anna 2000) is board 1.
    first = [_text(td) for td in rows[0].xpath("./td")]
    assert first[0] == "1"
    assert "Alpha,Anna" in first[1] and "Delta,Dora" in first[5]
    assert first[3] == "1\u20130"
    second = [_text(td) for td in rows[1].xpath("./td")]
    assert "Beta,Bert" in second[1] and second[3] == "\u00bd\u2013\u00bd"
    assert doc.xpath("//a[@rel='next']/@href") == ["../rounds/2.html"]


def test_player_card(small_site: Path) -> None:
    doc = _page(small_site, "players/3.html")
    assert _text(doc.xpath("//h1")[0]) == "Gamma,Gus"
    rows = doc.xpath("//table[contains(@class,'record')]/tbody/tr")
    results = [_text(r.xpath("./td[contains(@class,'result')]")[0]) for r in rows]
    assert results == ["\u00bd", "1", "0"]  # drew Bert, beat Dora, lost to Anna
    # Running score by hand: ½, 1½, 1½.
    assert [_text(r.xpath("./td")[-2]) for r in rows] == ["\u00bd", "1\u00bd", "1\u00bd"]
    assert doc.xpath("//svg//polyline"), "the rank/score chart is drawn inline"
    assert doc.xpath("//details[contains(@class,'explanation')]")


def test_overview_statistics_players_validation(small_site: Path) -> None:
    overview = _page(small_site, "index.html")
    assert "A book each." in _text(overview.xpath("//section[@class='notes']")[0])
    assert "Chief Arbiter Person" in _text(overview)
    assert overview.xpath("//ol[@class='tiebreaks']/li")
    stats = _page(small_site, "statistics.html")
    # White won R1 Anna-Dora and R3 Bert-Dora; drew R1 Bert-Gus and R2 Anna-Bert;
    # Black won R2 Dora-Gus and R3 Gus-Anna: 2 / 2 / 2 of 6 games.
    per_round = stats.xpath("//table[contains(@class,'per-round')]/tbody/tr")
    totals = [sum(int(_text(r.xpath("./td")[i])) for r in per_round) for i in (0, 1, 2, 3)]
    assert totals == [6, 2, 2, 2]
    players = _page(small_site, "players.html")
    assert len(players.xpath("//table[contains(@class,'players')]/tbody/tr")) == 4
    assert players.xpath("//table[contains(@class,'sortable')]")
    validation = _page(small_site, "validation.html")
    assert validation.xpath("//ol[@class='findings']/li") or "No problems" in _text(validation)


def test_html_lang_and_self_contained(small_site: Path) -> None:
    for page in small_site.rglob("*.html"):
        doc = html.fromstring(page.read_bytes())
        assert doc.get("lang") == "en"
        for attr in doc.xpath("//@href | //@src"):
            assert not attr.startswith(("http:", "https:", "//")), (page, attr)


@pytest.fixture(scope="module")
def sample_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("samples") / "site"
    build_site(BuildOptions(SAMPLES, out, pdf=False))
    return out


def test_sample_layout(sample_site: Path) -> None:
    events = sorted(p.name for p in sample_site.iterdir() if p.is_dir() and p.name not in RESERVED)
    assert events == [
        "club-championship-2024",
        "grandmommys-cup-2024",
        "karl-mala-open-2005",
        "mcmahon-frankfurt-2023",
    ]
    for slug in events:
        for name in (
            "index.html",
            "players.html",
            "standings.html",
            "crosstable.html",
            "validation.html",
            "statistics.html",
            "rounds/1.html",
            "standings-1.html",
        ):
            assert (sample_site / slug / name).is_file(), (slug, name)
    # 14 rounds in the team cup (record 142), 7 in the Swiss.
    assert (sample_site / "grandmommys-cup-2024/rounds/14.html").is_file()
    assert (sample_site / "karl-mala-open-2005/standings-7.html").is_file()
    assert (sample_site / "karl-mala-open-2005/players/283.html").is_file()
    assert not (sample_site / "karl-mala-open-2005/players/284.html").exists()  # spielfrei
    assert len(list((sample_site / "grandmommys-cup-2024/teams").glob("*.html"))) == 50


def test_home_page_newest_first_with_search(sample_site: Path) -> None:
    doc = _page(sample_site, "index.html")
    links = doc.xpath("//li[contains(@class,'event-card')]/a/@href")
    # Start dates: cup 2024-12-01, club 2024-03-02, Go 2023-11-18, open 2005-07-28.
    assert links == [
        "grandmommys-cup-2024/index.html",
        "club-championship-2024/index.html",
        "mcmahon-frankfurt-2023/index.html",
        "karl-mala-open-2005/index.html",
    ]
    assert doc.xpath("//input[@id='event-search']")
    assert "Königsspringer" in _text(doc.xpath("//section[@class='notes']")[0])


def test_team_pages(sample_site: Path) -> None:
    card = _page(sample_site, "grandmommys-cup-2024/teams/1.html")
    assert card.xpath("//table[contains(@class,'roster')]/tbody/tr")
    assert card.xpath("//section[@class='match']//table[contains(@class,'boards')]")
    round_page = _page(sample_site, "grandmommys-cup-2024/rounds/1.html")
    boards = round_page.xpath("(//section[@class='match'])[1]//table/tbody/tr")
    assert len(boards) == 4  # record 352 WBWB: four boards
    standings = _page(sample_site, "grandmommys-cup-2024/standings.html")
    assert standings.xpath("//table[contains(@class,'board-stats')]")


def test_go_pages(sample_site: Path) -> None:
    standings = _page(sample_site, "mcmahon-frankfurt-2023/standings.html")
    first = standings.xpath("//table[contains(@class,'standings')]/tbody/tr")[0]
    assert _text(first.xpath("./th")[0]) == "Schmidt Anna"
    # Start MMS 32 (4d above the 3d bar, 1d = 30) plus five wins = 37.
    assert float(first.xpath("./td[contains(@class,'strong')]")[0].get("data-sort")) == 37.0
    crosstable = _page(sample_site, "mcmahon-frankfurt-2023/crosstable.html")
    cells = [_text(td) for td in crosstable.xpath("//tbody/tr[1]/td[contains(@class,'cell')]")]
    assert cells[0] == "3+/w0"


def test_crosstable_tooltips_show_names_as_written(
    make_src: Callable[[dict[str, str | bytes]], Path], tmp_path: Path
) -> None:
    # A player called "Absent", in German: the catalog has that English word ("Abwesend"),
    # but a name is never translated. Dora met player 1 in round 1.
    src = make_src({"small.trf": small_round_robin("Absent"), "trfsite.toml": 'language = "de"\n'})
    build_site(BuildOptions(src, tmp_path / "out", pdf=False))
    doc = _page(tmp_path / "out" / "small", "crosstable.html")
    dora = doc.xpath("//table[contains(@class,'crosstable')]/tbody/tr")[3]
    titles = dora.xpath("./td[contains(@class,'cell')]/@title")
    assert titles == ["Absent", "Gamma,Gus", "Beta,Bert"]


def test_sample_open_says_how_its_declared_order_compares(sample_site: Path) -> None:
    # Issue 47: the 2005 open (28 July 2005, before C.07 2023 bound rated events on 1 April
    # 2024) is ranked under the rules before 2023, and its standings say why its declared
    # ranks (columns 86-89) are not followed: no rule set and list tried gives them all.
    doc = _page(sample_site, "karl-mala-open-2005/standings.html")
    notes = [_text(p) for p in doc.xpath("//p[@class='note']")]
    assert any(n.startswith("Tie-break rules: the FIDE tie-break rules before 2023") for n in notes)
    ranks = [n for n in notes if n.startswith("The ranks the file declares (columns 86-89)")]
    assert len(ranks) == 1 and "none of the 11 combinations" in ranks[0], notes
    caption = _text(doc.xpath("//table[contains(@class,'standings')]/caption")[0])
    assert caption.endswith("Rules before 2023")
    overview = _page(sample_site, "karl-mala-open-2005/index.html")
    assert "Rule set: FIDE tie-break rules before 2023" in _text(overview)
