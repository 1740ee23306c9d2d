"""The people pages of a built site, and the incremental rebuild (issue 12).

Numbers are the ones worked by hand in tests/data/people/README.md.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from lxml import html

from trfsite.site.build import BuildOptions, build_site

RULES = Path(__file__).resolve().parent.parent / "data" / "people" / "rules"


@pytest.fixture(autouse=True)
def fixed_build_date(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("people") / "site"
    build_site(BuildOptions(RULES, out, pdf=False))
    return out


def _page(path: Path) -> html.HtmlElement:
    return html.fromstring(path.read_bytes())


def _text(node: html.HtmlElement) -> str:
    return " ".join(node.text_content().split())


def test_person_page_events_and_head_to_head(site: Path) -> None:
    page = _page(site / "people" / "fide-4100018.html")
    assert _text(page.xpath("//h1")[0]) == "Müller, Jürgen"
    fide = page.xpath("//dl[contains(@class,'person-ids')]//a")[0]
    assert fide.get("href") == "https://ratings.fide.com/profile/4100018"
    rows = page.xpath("//table[@class='person-events']/tbody/tr")
    assert len(rows) == 2
    first = [_text(td) for td in rows[0].xpath("td")]
    # a-2020: rank 1 of 4, 1½ of 2 rounds, rating 2000, TPR 2193 (README).
    assert first[3:7] == ["1 of 4", "1½ of 2", "2000", "2193"]
    assert rows[0].xpath(".//a")[0].get("href") == "../a-2020/index.html"
    # Head to head: a-2020 beat Kowalski, drew Smith 400001; b-2021 beat Smith 400002,
    # drew Nagy (1971): four opponents, one game each.
    h2h = {
        row.xpath("th/a")[0].get("href"): [_text(td) for td in row.xpath("td")][:4]
        for row in page.xpath("//table[@class='head-to-head']/tbody/tr")
    }
    assert h2h == {
        "fide-1100001.html": ["1", "1", "0", "0"],
        "fide-400001.html": ["1", "0", "1", "0"],
        "fide-400002.html": ["1", "1", "0", "0"],
        # The second of the two Nagy Annas of HUN (keys ...-1970, ...-1971): no
        # address shows a birth year ([privacy]), so namesakes are numbered in key order.
        "nagy-anna-hun--2.html": ["1", "0", "1", "0"],
    }
    game = page.xpath("//table[@class='head-to-head']//td[@class='games']/a")[0]
    assert game.get("href") in {"../a-2020/rounds/1.html", "../a-2020/rounds/2.html"}


def test_event_names_link_to_person_pages(site: Path) -> None:
    standings = _page(site / "a-2020" / "standings.html")
    links = {a.get("href") for a in standings.xpath("//a[@class='person-link']")}
    assert "../people/fide-4100018.html" in links
    # Nagy (HUN, no id) links to her name and federation without her birth year
    # ([privacy]); two Nagy Annas of HUN share it: a page that lists both.
    assert "../people/nagy-anna-hun.html" in links
    namesakes = _page(site / "people" / "nagy-anna-hun.html")
    chosen = namesakes.xpath("//ul[@class='people-list']//a/@href")
    assert chosen == ["nagy-anna-hun--1.html", "nagy-anna-hun--2.html"]
    assert "1970" not in _text(namesakes.xpath("//main")[0])
    # b-2021 gives Müller no id: his link is the name key, which forwards to his page.
    later = _page(site / "b-2021" / "standings.html")
    hrefs = {a.get("href") for a in later.xpath("//a[@class='person-link']")}
    assert "../people/mueller-jurgen-ger.html" in hrefs
    redirect = _page(site / "people" / "mueller-jurgen-ger.html")
    refresh = redirect.xpath("//meta[@http-equiv='refresh']")[0].get("content")
    assert refresh == "0; url=fide-4100018.html"
    # No file of the site is named with a birth year of the data (1970, 1971, 1980,
    # 1999, 2001: the id-less players of tests/data/people/rules).
    assert not [p for p in site.rglob("*") if re.search(r"(19[5-9]\d|200\d)", p.name)]
    # Every person link of every event page leads to a page that exists.
    for page in site.glob("*/**/*.html"):
        if page.parts[-2] == "people" or "people" in page.relative_to(site).parts[:1]:
            continue
        for a in _page(page).xpath("//a[@class='person-link']"):
            assert (page.parent / a.get("href")).resolve().is_file(), (page, a.get("href"))


def test_names_are_escaped(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    text = (RULES / "a-2020.trf").read_text(encoding="utf-8")
    text = text.replace("Nagy, Anna                       ", "<b>Nagy</b>, Anna                ")
    (src / "a-2020.trf").write_text(text, encoding="utf-8")
    # One event has people pages only when asked for.
    (src / "trfsite.toml").write_text("[people]\npages = true\n", encoding="utf-8")
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    person = next((out / "people").glob("b-nagy*.html"))
    raw = person.read_text(encoding="utf-8")
    assert "<b>Nagy</b>" not in raw and "&lt;b&gt;Nagy&lt;/b&gt;" in raw


def _one_event(tmp_path: Path, config: str = "") -> Path:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(RULES / "a-2020.trf", src)
    if config:
        (src / "trfsite.toml").write_text(config, encoding="utf-8")
    return src


def test_a_site_of_one_event_has_its_cards_as_its_players_pages(tmp_path: Path) -> None:
    # A person page of a one-event site would repeat the card: none is made, no name
    # links to one, and the header has no People link.
    out = tmp_path / "out"
    build_site(BuildOptions(_one_event(tmp_path), out, pdf=False))
    assert not (out / "people").exists()
    pages = sorted(out.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        tree = _page(page)
        assert not tree.xpath("//a[@class='person-link']"), page
        assert not tree.xpath("//a[contains(@href, 'people/')]"), page
    # Müller (start no. 1, FIDE 4100018): his card links his id to his FIDE profile.
    card = _page(out / "a-2020" / "players" / "1.html")
    (fide,) = card.xpath("//dt[.='FIDE ID']/following-sibling::dd[1]/a")
    assert fide.get("href") == "https://ratings.fide.com/profile/4100018"
    assert _text(fide) == "4100018"


def test_people_pages_of_one_event_when_asked_and_none_when_refused(tmp_path: Path) -> None:
    out = tmp_path / "one"
    build_site(BuildOptions(_one_event(tmp_path, "[people]\npages = true\n"), out, pdf=False))
    assert (out / "people" / "fide-4100018.html").is_file()
    assert _page(out / "index.html").xpath("//a[@class='site-nav']/@href") == ["people/index.html"]
    card = _page(out / "a-2020" / "players" / "1.html")
    assert card.xpath("//h1/a[@class='person-link']/@href") == ["../../people/fide-4100018.html"]
    src = tmp_path / "archive"
    shutil.copytree(RULES, src)
    (src / "trfsite.toml").write_text("[people]\npages = false\n", encoding="utf-8")
    build_site(BuildOptions(src, tmp_path / "none", pdf=False))
    assert not (tmp_path / "none" / "people").exists()
    assert not _page(tmp_path / "none" / "index.html").xpath("//a[@class='site-nav']")


def test_findings_federations_and_search_pieces(site: Path) -> None:
    findings = _page(site / "people" / "findings.html")
    items = [_text(li) for li in findings.xpath("//ul[@class='findings']/li")]
    assert len(items) == 2
    assert items[0].startswith("b-2021.trf:15:") and "[person-birth-conflict]" in items[0]
    pol = _page(site / "people" / "federations" / "pol.html")
    people = {a.get("href") for a in pol.xpath("//ul[@class='people-list']//a")}
    assert people == {"../fide-1100001.html", "../gross-lukasz-pol.html"}
    # A group page lists its people, a line each: Kowalski (FIDE 1100001) played
    # a-2020, b-2021 and d-2023 (042 dates 2020/05/01, 2021/05/01, 2023/05/01).
    kowalski = pol.xpath("//a[@href='../fide-1100001.html']/..")[0]
    assert _text(kowalski) == "Kowalski, Jan POL · Events: 3 · Last event: 2023"
    piece = (site / "people" / "search" / "mu.js").read_text(encoding="utf-8")
    assert piece.startswith('trfsitePeople.add("mu",')
    assert '"fide-4100018"' in piece and '"mueller-juergen-aut"' in piece


def _files(out: Path) -> dict[str, tuple[int, bytes]]:
    return {
        p.relative_to(out).as_posix(): (p.stat().st_ino, p.read_bytes())
        for p in (out / "people").rglob("*")
        if p.is_file()
    }


def _built_copy(tmp_path: Path) -> tuple[Path, Path, dict[str, tuple[int, bytes]]]:
    """A copy of the rules archive, built once: (source, output, its people files)."""
    src = tmp_path / "src"
    shutil.copytree(RULES, src)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    return src, out, _files(out)


def test_rebuild_after_one_event_rewrites_only_its_people(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out, before = _built_copy(tmp_path)
    changed = src / "d-2023.trf"
    changed.write_text(
        changed.read_text(encoding="utf-8").replace("Spring Open 2023", "Spring Cup 2023"),
        encoding="utf-8",
    )
    # The unchanged events' people come from the cache: no file is read again for them.
    import trfsite.site.people as site_people

    def no_reading(*args: object) -> None:
        raise AssertionError(f"read again: {args[1]}")

    monkeypatch.setattr(site_people, "read_entries", no_reading)
    report = build_site(BuildOptions(src, out, pdf=False))
    assert report.reused == 3
    after = _files(out)
    assert set(after) == set(before)
    rewritten = {path for path in after if after[path][1] != before[path][1]}
    # d-2023's four players show the event's name; nobody else played in it, and
    # the federation pages list people, not events (their lines are the same).
    assert rewritten == {
        "people/fide-1100001.html",
        "people/fide-400001.html",
        "people/gross-lukasz-pol.html",
        "people/ostergaard-aesa-den.html",
    }
    # The rest were not written again: the same files (hard links), byte for byte.
    for path in set(after) - rewritten:
        assert after[path][0] == before[path][0], path


def test_rebuild_after_a_new_spelling_shows_it_to_every_opponent(tmp_path: Path) -> None:
    """A person's name is the latest event's spelling (README of tests/data/people):
    respelling Kowalski (fide-1100001) in d-2023 changes the head-to-head rows of
    the people he met in a-2020 and b-2021, whose own events did not change."""
    src, out, before = _built_copy(tmp_path)
    changed = src / "d-2023.trf"
    text = changed.read_text(encoding="utf-8")
    changed.write_text(text.replace("Kowalski, Jan   ", "Kowalski, Janusz"), encoding="utf-8")
    build_site(BuildOptions(src, out, pdf=False))
    after = _files(out)
    # a-2020: Kowalski (2) met Müller (1, fide-4100018) and Nagy (4, nagy-anna-hun--1);
    # b-2021: Kowalski (4) met Nagy (3, nagy-anna-hun--2) and Smith (2, fide-400002).
    for key in ("fide-4100018", "nagy-anna-hun--1", "nagy-anna-hun--2", "fide-400002"):
        page = _page(out / "people" / f"{key}.html")
        rows = [_text(a) for a in page.xpath("//table[@class='head-to-head']//th/a")]
        assert "Kowalski, Janusz" in rows, key
        assert "Kowalski, Jan" not in rows, key
    # Müller of c-2022 (AUT) never met him and d-2023 did not list him: untouched.
    path = "people/mueller-juergen-aut.html"
    assert after[path][0] == before[path][0]


@pytest.mark.parametrize("remote", [False, True], ids=["local workers", "remote workers"])
def test_an_unchanged_page_whose_old_file_is_gone_is_made_again(
    tmp_path: Path, remote: bool
) -> None:
    from trfsite.site.executors import InlineExecutor

    src, out, before = _built_copy(tmp_path)
    lost = "people/fide-400001.html"
    (out / lost).unlink()  # e.g. deleted by hand in the live build
    # A caller's executor is a remote one (its workers link nothing): this process links.
    build_site(BuildOptions(src, out, pdf=False), executor=InlineExecutor() if remote else None)
    after = _files(out)
    assert set(after) == set(before)
    assert after[lost][1] == before[lost][1]  # made again, the same bytes
    for path in set(after) - {lost}:
        assert after[path][0] == before[path][0], path  # linked


def test_no_people_page_quotes_a_birth_year(tmp_path: Path) -> None:
    """[privacy] birth = "none" (the default): the identity findings are published on
    the people pages, so they name no birth year. The rules archive's birth-year
    conflict (Kowalski, 1990 in a-2020 and 1991 in b-2021) and, with a fifth event
    whose Anna Nagy of HUN has no birth year, an ambiguity between the two Anna Nagy
    of HUN (born 1970 and 1971, keys nagy-anna-hun-1970 and -1971)."""
    src = tmp_path / "src"
    shutil.copytree(RULES, src)
    text = (src / "d-2023.trf").read_text(encoding="utf-8")
    nagy = "Nagy, Anna                        1650 HUN                       "
    ostergaard = "Østergaard, Æsa                   1650 DEN             1999/00/00"
    assert len(nagy) == len(ostergaard) and ostergaard in text
    (src / "e-2024.trf").write_text(
        text.replace(ostergaard, nagy).replace("2023/05/01", "2024/05/01"), encoding="utf-8"
    )
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    findings = _page(out / "people" / "findings.html")
    items = [_text(li) for li in findings.xpath("//ul[@class='findings']/li")]
    # The Nagy of e-2024 matches both and is kept apart; named by their address.
    ambiguous = [i for i in items if i.startswith("e-2024.trf:13:")]
    assert ambiguous and "(nagy-anna-hun, nagy-anna-hun)" in ambiguous[0], items
    conflict = [i for i in items if "[person-birth-conflict]" in i]
    assert conflict and "has another birth year here than at a-2020.trf:13" in conflict[0]
    years = re.compile(r"\b(1970|1971|1980|1990|1991|1999|2001)\b")
    for page in (out / "people").rglob("*.html"):
        tree = _page(page)
        shown = [t for t in (*tree.itertext(), *tree.xpath("//@href")) if years.search(t)]
        assert not shown, (page, shown)
