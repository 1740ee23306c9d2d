"""Feeds, sitemap, robots.txt and share previews (issue 43, item 3), read with lxml.

The small round robin (sitehelpers; by hand there: R1 Anna beats Dora, Bert-Gus
drawn; R2 Anna-Bert drawn, Gus beats Dora; R3 Bert beats Dora, Anna beats Gus) has no
round dates, so its entries are dated by its last day, 2024-05-03 (record 052).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from lxml import etree, html
from sitehelpers import small_round_robin

from trfsite.site.build import BuildOptions, build_site
from trfsite.site.web_files import write_sitemaps

pytestmark = pytest.mark.slow

A = "{http://www.w3.org/2005/Atom}"
S = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
BASE = "https://chess.example.org/results/"


def _site(tmp: Path, config: str, epoch: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    src = tmp / "src"
    src.mkdir(exist_ok=True)
    (src / "small.trf").write_text(small_round_robin(), encoding="utf-8")
    (src / "other.trf").write_text(
        small_round_robin("Omega,Olga").replace("Small Test", "Other"), encoding="utf-8"
    )
    (src / "trfsite.toml").write_text(config, encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    out = tmp / f"out-{epoch}"
    build_site(BuildOptions(src, out, pdf=False))
    return out


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return _site(tmp_path, f'base_url = "{BASE}"\n', "1714521600", monkeypatch)


def test_the_event_feed_has_a_dated_entry_per_round(site: Path) -> None:
    feed = etree.parse(str(site / "small" / "feed.xml")).getroot()
    assert feed.tag == f"{A}feed"
    entries = feed.findall(f"{A}entry")
    assert [e.findtext(f"{A}title") for e in entries] == [
        f"Round {n} results and standings" for n in (3, 2, 1)
    ]
    assert [e.findtext(f"{A}id") for e in entries] == [
        f"{BASE}small/rounds/{n}.html" for n in (3, 2, 1)
    ]
    assert {e.findtext(f"{A}updated") for e in entries} == {"2024-05-03T00:00:00Z"}
    # After round 1 Anna leads with 1; after round 3 with 1 + ½ + 1 = 2½.
    assert entries[2].findtext(f"{A}summary") == "Leader after round 1: Alpha,Anna on 1"
    assert entries[0].findtext(f"{A}summary") == "Leader after round 3: Alpha,Anna on 2½"
    link = entries[0].find(f"{A}link")
    assert link is not None and link.get("href") == f"{BASE}small/rounds/3.html"


def test_the_site_feed_has_an_entry_per_event(site: Path) -> None:
    feed = etree.parse(str(site / "feed.xml")).getroot()
    entries = {e.findtext(f"{A}id"): e for e in feed.findall(f"{A}entry")}
    assert set(entries) == {f"{BASE}small/index.html", f"{BASE}other/index.html"}
    small = entries[f"{BASE}small/index.html"]
    assert small.findtext(f"{A}summary") == "Final standings: winner Alpha,Anna on 2½"
    assert feed.findtext(f"{A}updated") == "2024-05-03T00:00:00Z"


def test_feeds_do_not_follow_the_build_clock(
    tmp_path: Path, site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    later = _site(tmp_path, f'base_url = "{BASE}"\n', "1800000000", monkeypatch)
    for name in ("feed.xml", "small/feed.xml"):
        assert (later / name).read_bytes() == (site / name).read_bytes()


def test_the_sitemap_lists_every_page_once(site: Path) -> None:
    urlset = etree.parse(str(site / "sitemap.xml")).getroot()
    locs = [loc.text for loc in urlset.iter(f"{S}loc")]
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert locs == [BASE + page for page in pages]
    assert f"{BASE}small/standings.html" in locs
    assert (site / "robots.txt").read_text().splitlines()[-1] == f"Sitemap: {BASE}sitemap.xml"


def test_a_sitemap_index_past_the_limit(site: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("a.html", "b.html", "c/d.html", "c/e.html", ".hidden/f.html"):
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        (copy / name).write_text("<p>x</p>")
    write_sitemaps(copy, BASE, per_file=3)
    index = etree.parse(str(copy / "sitemap.xml")).getroot()
    assert index.tag == f"{S}sitemapindex"
    parts = [loc.text for loc in index.iter(f"{S}loc")]
    assert parts == [f"{BASE}sitemap-1.xml", f"{BASE}sitemap-2.xml"]
    listed = [
        loc.text
        for n in (1, 2)
        for loc in etree.parse(str(copy / f"sitemap-{n}.xml")).getroot().iter(f"{S}loc")
    ]
    assert listed == [BASE + p for p in ("a.html", "b.html", "c/d.html", "c/e.html")]


def test_every_page_has_a_share_preview(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for path in pages:
        head = html.fromstring(path.read_bytes()).find("head")
        assert head is not None
        meta = {m.get("property") or m.get("name"): m.get("content") for m in head.iter("meta")}
        for key in ("og:title", "og:description", "og:type", "twitter:card"):
            assert meta.get(key), (path, key)
        assert meta["og:url"] == BASE + path.relative_to(site).as_posix()
    standings = html.fromstring((site / "small" / "standings.html").read_bytes())
    [description] = standings.xpath("//meta[@property='og:description']/@content")
    assert description == "Final standings: winner Alpha,Anna on 2½"


def test_without_base_url_no_sitemap_and_no_absolute_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # The handler on the module's logger itself: a CLI test before this one may have
    # stopped trfsite's records from reaching the root logger (cli configures logging).
    logger = logging.getLogger("trfsite.site.web_files")
    logger.addHandler(caplog.handler)
    try:
        with caplog.at_level(logging.INFO, logger="trfsite.site.web_files"):
            site = _site(tmp_path, 'language = "de"\n', "1714521600", monkeypatch)
    finally:
        logger.removeHandler(caplog.handler)
    assert not (site / "sitemap.xml").exists() and not (site / "robots.txt").exists()
    told = {id(r): r.message for r in caplog.records if "sitemap" in r.message}  # one line
    assert list(told.values()) == [
        "sitemap.xml and robots.txt skipped: trfsite.toml sets no base_url"
    ]
    page = html.fromstring((site / "small" / "index.html").read_bytes())
    assert page.xpath("//meta[@property='og:url']") == []
    # In German: "Endstand: Sieger Alpha,Anna mit 2½".
    [description] = page.xpath("//meta[@property='og:description']/@content")
    assert description.startswith("Endstand") and "2½" in description
    feed = etree.parse(str(site / "small" / "feed.xml")).getroot()
    assert feed.findtext(f"{A}entry/{A}id") == "urn:trfsite:small/rounds/3.html"
