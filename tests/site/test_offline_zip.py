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

import io
import os
import random
import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


def _zipfile_copy(target: Path, files: dict[str, bytes]) -> bytes:
    """The copy as zipfile writes it, entry by entry (what the copy was made with before
    the pages were packed where they are rendered, and deflated by ISA-L)."""
    with zipfile.ZipFile(target, "w", compresslevel=1) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.create_system = 3
            stored = name.endswith((".pdf", ".png"))
            info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name], compresslevel=1)
    return target.read_bytes()


def _entries(copy: bytes) -> list[tuple[object, ...]]:
    """Each entry's fields (central directory and local header) and unpacked bytes."""
    with zipfile.ZipFile(io.BytesIO(copy)) as archive:
        assert archive.testzip() is None
        found = []
        for info in archive.infolist():
            local = copy[info.header_offset : info.header_offset + 30]
            fields = (info.filename, info.flag_bits, info.compress_type, info.date_time)
            made_by = (info.create_system, info.create_version, info.extract_version)
            sizes = (info.CRC, info.file_size, info.external_attr, info.extra, info.comment)
            # Local header: signature, versions, flags, method, time, date, CRC; sizes.
            header = (local[:18], local[22:26], local[26:30])
            found.append((fields, made_by, sizes, header, archive.read(info)))
        return found


@pytest.mark.parametrize("packed_share", [0, 1, 2, 3])
def test_the_copy_has_zipfiles_bytes_packed_or_read(
    tmp_path: Path, packed_share: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy put together from packed files (deflated where the pages were rendered)
    has the bytes zipfile writes; a file that came unpacked, or whose packed form no
    longer fits the file on disk, is read from disk; a copy beyond the plain format's
    limits (3: the limit lowered) is written by zipfile itself. Names: ASCII and UTF-8
    (flag bit 11), a stored PDF, an empty file."""
    from trfsite.site import offline_zip
    from trfsite.site.offline_zip import pack, write_offline_zip

    if packed_share == 3:
        monkeypatch.setattr(offline_zip, "_PLAIN_ENTRIES", 2)

    root = tmp_path / "out"
    files = {
        "ev/index.html": b'<a href="../index.html">home</a>' * 50,
        "ev/players/1.html": "<p>Ærøskøbing Šimůnek</p>".encode() * 30,
        "ev/d\u00e9j\u00e0.csv": b"a,b\n1,2\n",
        "ev/ev.pdf": b"%PDF-1.7 not really" * 10,
        "ev/empty.json": b"",
    }
    static = tmp_path / "site.js"
    static.write_bytes(b"console.log(1);\n" * 20)
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    names = sorted(files)
    packed = {
        n: pack(n, files[n], "ev", "") for n in names[: len(names) * min(packed_share, 2) // 2]
    }
    if packed_share == 2:  # a stale packed form: the file changed after it was packed
        packed["ev/index.html"] = pack("ev/index.html", b"older", "ev", "")
    size = write_offline_zip(root, "ev", [("site.js", static)], "", packed)
    made = (root / "ev" / "ev.zip").read_bytes()
    expected = _zipfile_copy(
        tmp_path / "expected.zip", {**files, "static/site.js": static.read_bytes()}
    )
    assert size == len(made)
    # Every field zipfile writes, but the deflated data (ISA-L's against zlib's) and what
    # follows from its length; the copy beyond the plain format's limits is zipfile's own.
    assert _entries(made) == _entries(expected)
    if packed_share == 3:
        assert made == expected
    with zipfile.ZipFile(root / "ev" / "ev.zip") as archive:
        assert archive.testzip() is None
        assert archive.read("ev/d\u00e9j\u00e0.csv") == files["ev/d\u00e9j\u00e0.csv"]


def test_static_files_are_packed_once_a_build(
    sample_src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 46: the theme's static files are the same in every event's copy, so they
    are read and deflated once for the build, not once per event; each copy holds
    them with the same bytes as before (the same entry in both events' copies)."""
    from trfsite.site import offline_zip

    packed_static: list[str] = []
    real_pack = offline_zip.pack

    def counting(arcname: str, data: bytes, slug: str, base_url: str) -> offline_zip.Packed:
        if arcname.startswith("static/"):
            packed_static.append(arcname)
        return real_pack(arcname, data, slug, base_url)

    monkeypatch.setattr(offline_zip, "pack", counting)
    out = tmp_path / "site"
    build_site(BuildOptions(sample_src, out, pdf=False, jobs=1, cache=False))
    static = sorted(p.relative_to(out).as_posix() for p in (out / "static").rglob("*.*"))
    # Two events: each static file once (it was twice: 2 x len(static)).
    assert sorted(packed_static) == static
    other = "karl-mala-open-2005"
    with (
        zipfile.ZipFile(out / SLUG / f"{SLUG}.zip") as one,
        zipfile.ZipFile(out / other / f"{other}.zip") as two,
    ):
        for name in static:
            assert one.getinfo(name).CRC == two.getinfo(name).CRC
            assert one.read(name) == two.read(name) == (out / name).read_bytes()


class _CountedEntry:
    """A directory entry whose ``stat`` calls (each a system call) are counted."""

    def __init__(self, entry: os.DirEntry[str], stats: list[str]) -> None:
        self._entry, self._stats = entry, stats

    def stat(self, **kwargs: bool) -> os.stat_result:
        self._stats.append(self._entry.path)
        return self._entry.stat(**kwargs)

    def __getattr__(self, name: str) -> object:
        return getattr(self._entry, name)


def test_the_copy_stats_each_file_once_and_is_written_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 46: the build process puts each event's copy together; it stat'ed every file
    of the event's folder twice (``is_file``, then its size against the packed form's):
    once now, the directory's entries telling files from folders. And it wrote each
    entry's header and data apart (two system calls an entry larger than the buffer):
    a copy under 1 MiB is one write now. The copy is the same."""
    from trfsite.site.offline_zip import pack, write_offline_zip

    root = tmp_path / "out"
    # Pages that deflate badly: each entry's data is larger than a default buffer.
    files = {f"ev/players/{n}.html": random.Random(n).randbytes(12_000) for n in range(1, 6)}
    files |= {"ev/index.html": b"<p>index</p>", "ev/data/rounds.json": b"{}\n"}
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    (root / "ev" / "old").mkdir()  # an empty folder: nothing to stat
    static = tmp_path / "site.css"
    static.write_bytes(b"body{}\n" * 10)
    packed = {name: pack(name, data, "ev", "") for name, data in files.items()}

    stats: list[str] = []
    real_stat, real_scandir = os.stat, os.scandir

    def counted_stat(path: object, **kwargs: bool) -> os.stat_result:
        stats.append(str(path))
        return real_stat(path, **kwargs)  # type: ignore[arg-type]

    class CountedScandir:
        def __init__(self, path: object) -> None:
            self._listing = real_scandir(path)  # type: ignore[call-overload]

        def __enter__(self) -> CountedScandir:
            return self

        def __exit__(self, *exc: object) -> None:
            self._listing.close()

        def __iter__(self) -> Iterator[_CountedEntry]:
            return (_CountedEntry(entry, stats) for entry in self._listing)

        def close(self) -> None:
            self._listing.close()

    writes: list[int] = []

    class CountedFile(io.FileIO):
        def write(self, data: Any) -> int:
            writes.append(len(memoryview(data)))
            return super().write(data)

    real_open = Path.open

    def counted_open(path: Path, mode: str = "r", buffering: int = -1, **kwargs: Any) -> Any:
        if path.suffix != ".zip":
            return real_open(path, mode, buffering, **kwargs)
        size = buffering if buffering > 1 else io.DEFAULT_BUFFER_SIZE
        return io.BufferedWriter(CountedFile(path, "wb"), size)

    monkeypatch.setattr(os, "stat", counted_stat)
    monkeypatch.setattr(os, "scandir", CountedScandir)
    monkeypatch.setattr(Path, "open", counted_open)
    size = write_offline_zip(root, "ev", [("site.css", static)], "", packed)
    monkeypatch.undo()

    # One stat a file of the folder and one the static file (main: two a file).
    assert sorted(stats) == sorted([str(root / name) for name in files] + [str(static)])
    # One write of the whole copy (main: 11, the five pages' data and headers apart).
    assert writes == [size]
    made = (root / "ev" / "ev.zip").read_bytes()
    assert size == len(made)
    expected = _zipfile_copy(
        tmp_path / "expected.zip", {**files, "static/site.css": static.read_bytes()}
    )
    assert _entries(made) == _entries(expected)
