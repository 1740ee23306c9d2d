"""The offline copy per event (issue 43, last item): ``EVENT/EVENT.zip``.

Linked from the event's overview; it holds the event's pages (standings, rounds,
players), its data files and the theme's static files in the site's layout; its
entries are sorted, dated 1980-01-01 and its bytes the same on every build; an
unchanged event keeps its copy from the previous build. Links that leave the copy
(home, people pages) point to the online site under ``base_url``, or stay relative
without it. The browser test (tests/browser/test_offline_zip_in_browser.py) opens it
from disk.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from lxml import html
from sitehelpers import SAMPLES, small_round_robin

from trfsite.site.build import BuildOptions, build_site

pytestmark = pytest.mark.slow

SLUG = "club-championship-2024"
BASE = "https://example.org/results/"


@pytest.fixture(scope="module")
def sample_src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in (f"{SLUG}.trf", "karl-mala-open-2005.trf"):
        shutil.copy(SAMPLES / name, src / name)
    (src / "trfsite.toml").write_text(f'title = "Club"\nbase_url = "{BASE}"\n', encoding="utf-8")
    return src


@pytest.fixture(scope="module")
def two_builds(sample_src: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    first = tmp_path_factory.mktemp("one") / "site"
    second = tmp_path_factory.mktemp("two") / "site"
    build_site(BuildOptions(sample_src, first, pdf=False))
    build_site(BuildOptions(sample_src, second, pdf=False, cache=False))
    return first, second


def _names(site: Path, slug: str = SLUG) -> list[str]:
    with zipfile.ZipFile(site / slug / f"{slug}.zip") as archive:
        return archive.namelist()


def test_the_overview_links_the_copy(two_builds: tuple[Path, Path]) -> None:
    site = two_builds[0]
    tree = html.parse(str(site / SLUG / "index.html"))
    links = tree.xpath(f'//a[@href="{SLUG}.zip"]')
    assert len(links) == 1
    assert links[0].get("download") is not None
    assert (site / SLUG / f"{SLUG}.zip").is_file()


def test_it_holds_pages_data_and_static_files(two_builds: tuple[Path, Path]) -> None:
    names = set(_names(two_builds[0]))
    for page in ("index.html", "standings.html", "rounds/1.html", "players.html"):
        assert f"{SLUG}/{page}" in names
    assert any(n.startswith(f"{SLUG}/players/") for n in names)
    for data in ("standings", "rounds", "players"):
        assert {f"{SLUG}/data/{data}.json", f"{SLUG}/data/{data}.csv"} <= names
    assert {"static/style.css", "static/site.js"} <= names
    # Only this event and the static files: not the other event, not itself.
    assert all(n.startswith((f"{SLUG}/", "static/")) for n in names)
    assert f"{SLUG}/{SLUG}.zip" not in names


def test_entries_are_sorted_dated_and_the_bytes_repeat(two_builds: tuple[Path, Path]) -> None:
    first, second = two_builds
    names = _names(first)
    assert names == sorted(names)
    with zipfile.ZipFile(first / SLUG / f"{SLUG}.zip") as archive:
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert archive.testzip() is None
    for slug in (SLUG, "karl-mala-open-2005"):
        zipped = f"{slug}/{slug}.zip"
        assert (first / zipped).read_bytes() == (second / zipped).read_bytes()


def test_links_out_of_the_copy_go_online(two_builds: tuple[Path, Path]) -> None:
    with zipfile.ZipFile(two_builds[0] / SLUG / f"{SLUG}.zip") as archive:
        page = html.fromstring(archive.read(f"{SLUG}/players/2.html"))
    hrefs = page.xpath("//a/@href")
    assert f"{BASE}index.html" in hrefs  # the home page
    assert any(h.startswith(f"{BASE}people/") for h in hrefs)
    assert "../index.html" in hrefs  # the event's own overview stays in the copy
    # Nothing relative climbs out of the copy any more.
    assert not [h for h in hrefs if h.startswith("../../") and "static/" not in h]
    styles = page.xpath("//link[@rel='stylesheet']/@href")
    assert styles == ["../../static/style.css"]


def test_an_unchanged_event_keeps_its_copy(
    sample_src: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    out = tmp_path_factory.mktemp("again") / "site"
    build_site(BuildOptions(sample_src, out, pdf=False))
    before = (out / SLUG / f"{SLUG}.zip").read_bytes()
    report = build_site(BuildOptions(sample_src, out, pdf=False))
    assert report.reused == 2
    assert (out / SLUG / f"{SLUG}.zip").read_bytes() == before


def test_without_base_url_links_out_stay_relative(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "spring.trf").write_text(small_round_robin(), encoding="utf-8")
    (src / "autumn.trf").write_text(small_round_robin("Omega,Olga"), encoding="utf-8")
    out = tmp_path / "site"
    build_site(BuildOptions(src, out, pdf=False))
    with zipfile.ZipFile(out / "spring" / "spring.zip") as archive:
        page = html.fromstring(archive.read("spring/index.html"))
    hrefs = page.xpath("//a/@href")
    assert "../index.html" in hrefs
    assert not [h for h in hrefs if h.startswith("http")]
