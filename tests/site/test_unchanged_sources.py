"""A rebuild reads the source files that changed and writes the cache rows of the events
it built, not the archive's (issue 46, site.state_cache)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from rebuildhelpers import (
    MakeSrc,
    named_round_robin,
    report_changed_after,
    settled_at_once,  # noqa: F401  (autouse: each test here)
)
from rebuildhelpers import built as _built
from rebuildhelpers import report as _report
from rebuildhelpers import settled as _settled
from samecode import same_code
from sitehelpers import ROOT
from treedigest import tree_digest

from trfsite.cli import cli
from trfsite.cli.shared import EXIT_FINDINGS
from trfsite.site import build as build_module
from trfsite.site import discover as discover_module
from trfsite.site import linking, state_cache
from trfsite.site.build_sources import CHANGED_CODE
from trfsite.site.cache import CACHE_ID
from trfsite.site.state import state_path


def _files() -> dict[str, str | bytes]:
    # Three .trf files and one without a tournament suffix, found by sniffing its head.
    return {
        "2024/spring.trf": named_round_robin("Spring Open"),
        "2024/summer.trf": named_round_robin("Summer Open"),
        "2025/autumn.trf": named_round_robin("Autumn Open"),
        "2025/club.txt": named_round_robin("Club Championship"),
    }


class _Reads:
    """Counts the files discovery and the late reads read whole, and the heads sniffed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.whole: list[str] = []
        self.bytes = 0
        self.heads: list[str] = []
        read_input, read_head = discover_module.read_input, discover_module.read_head

        def counted_input(path: Path, limit: int, root: Path | None = None) -> bytes:
            data = read_input(path, limit, root)
            self.whole.append(path.name)
            self.bytes += len(data)
            return data

        def counted_head(path: Path, size: int, root: Path | None = None) -> bytes:
            self.heads.append(path.name)
            return read_head(path, size, root)

        monkeypatch.setattr(discover_module, "read_input", counted_input)
        monkeypatch.setattr(discover_module, "read_head", counted_head)


class _Written:
    """Counts the cache entries written into the build state."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.slugs: list[str] = []
        save = state_cache.save

        def counted(db: sqlite3.Connection, changes: state_cache.CacheChanges) -> None:
            def entry(slug: str) -> str:
                self.slugs.append(slug)
                return changes.entry(slug)

            save(db, replace(changes, entry=entry))

        monkeypatch.setattr(state_cache, "save", counted)


def _entries(out: Path) -> int:
    with sqlite3.connect(state_path(out)) as db:
        return int(db.execute("SELECT count(*) FROM cache_entries").fetchone()[0])


def test_a_rebuild_reads_only_the_changed_file_and_writes_its_entry_alone(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    changed = src / "2024/summer.trf"
    text = named_round_robin("Summer Open, corrected")
    changed.write_text(text, encoding="utf-8")
    cold = _built(src, tmp_path / "cold")
    reads, written = _Reads(monkeypatch), _Written(monkeypatch)
    rebuilt = _built(src, out)
    # main reads all four files whole (and sniffs club.txt's head), and writes the
    # manifest's four entries.
    assert reads.whole == ["summer.trf"]
    assert reads.bytes == len(text.encode())
    assert reads.heads == []
    assert written.slugs == ["summer"]
    # The four events' and the previous live build's summer (were this build not published).
    assert _entries(out) == 5
    assert "Summer Open, corrected" in (out / "summer/index.html").read_text(encoding="utf-8")
    assert rebuilt == cold


def test_a_rebuild_decodes_no_file_list_of_a_folder_moved_whole(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From the third build on, the unchanged events' folders are moved from the build
    that publishing removes (publish.move_from_donor): their lists of files, most of
    the bytes of the cache's entries, are neither decoded nor sent to the workers."""
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)  # two builds: the first is the donor of the third
    (src / "2024/summer.trf").write_text(
        named_round_robin("Summer Open, corrected"), encoding="utf-8"
    )
    decoded: list[str] = []
    walk = linking.Listing.__iter__

    def counted(listing: linking.Listing) -> Iterator[tuple[str, int]]:
        decoded.append(listing.folder)
        return walk(listing)

    monkeypatch.setattr(linking.Listing, "__iter__", counted)
    report = _report(src, out)
    assert report.reused == 3
    assert decoded == []  # main decoded the whole manifest: every event's files
    cold = _built(src, tmp_path / "cold")
    assert tree_digest(out) == cold


def test_an_unchanged_file_is_read_when_its_event_is_built_again(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    # Its folder in the live build is gone: the event is built again, from its file.
    live = out.resolve()
    for path in sorted((live / "autumn").rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() else path.unlink()
    (live / "autumn").rmdir()
    cold = _built(src, tmp_path / "cold")
    reads = _Reads(monkeypatch)
    rebuilt = _built(src, out)
    assert reads.whole == ["autumn.trf"]  # main: all four
    assert rebuilt == cold


def test_every_event_built_again_reads_each_file_once(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    # A new site title changes every event's key: each is built, its file read for it
    # and its people taken from what was built, not read a second time.
    (src / "trfsite.toml").write_text('title = "Club results"\n', encoding="utf-8")
    cold = _built(src, tmp_path / "cold")
    reads, written = _Reads(monkeypatch), _Written(monkeypatch)
    rebuilt = _built(src, out)
    assert sorted(reads.whole) == ["autumn.trf", "club.txt", "spring.trf", "summer.trf"]
    assert sorted(written.slugs) == ["autumn", "club", "spring", "summer"]
    # The build's four and the previous live build's four; older ones are gone.
    assert _entries(out) == 8
    assert rebuilt == cold


def test_a_file_rewritten_with_its_size_and_mtime_is_read_again(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    path = src / "2025/autumn.trf"
    before = os.stat(path)
    text = path.read_text(encoding="utf-8").replace("Autumn Open", "Winter Open")
    assert len(text) == len(path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # as a copy keeping times
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert after.st_ctime_ns != before.st_ctime_ns
    reads = _Reads(monkeypatch)
    rebuilt = _built(src, out)
    assert reads.whole == ["autumn.trf"]
    assert "Winter Open" in (out / "autumn/index.html").read_text(encoding="utf-8")
    assert rebuilt == _built(src, tmp_path / "cold")


def test_src_spelled_another_way_reads_no_file(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The signatures are kept by path under SRC, not by SRC's spelling."""
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    (tmp_path / "elsewhere").mkdir()
    reads = _Reads(monkeypatch)
    report = _report(tmp_path / "elsewhere" / ".." / src.name, out)
    assert (reads.whole, report.reused) == ([], 4)


def test_a_site_in_two_languages_reads_the_changed_file_once(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each language is a site of its own, with its own build state; the signatures
    are the first language's, and a file read late serves both."""
    src = make_src({**_files(), "trfsite.toml": 'languages = ["en", "de"]\n'})
    out = tmp_path / "out"
    _settled(src, out)
    (src / "2024/summer.trf").write_text(
        named_round_robin("Summer Open, corrected"), encoding="utf-8"
    )
    cold = _built(src, tmp_path / "cold")
    reads, written = _Reads(monkeypatch), _Written(monkeypatch)
    rebuilt = _built(src, out)
    assert reads.whole == ["summer.trf"]  # main: all four
    assert written.slugs == ["summer", "summer"]  # one entry in each language's state
    assert rebuilt == cold


def test_a_file_changed_just_before_a_build_is_read_by_the_next(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change in the same tick of the file system's clock as the build's read would
    keep every time: a file that recent is not stored (git's racily clean entries)."""
    monkeypatch.setattr(state_cache, "SETTLING_NS", 3600 * 10**9)
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    reads = _Reads(monkeypatch)
    _built(src, out)
    assert len(reads.whole) == 4  # still within the hour: read each time


def test_a_file_changed_after_discovery_costs_that_file_alone(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file taken unread whose bytes differ when its event is built (an organiser
    saving it while ``trfsite publish`` builds): its event is built from what was read,
    the file has one error finding, and the other events and the site are built."""
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    # A new title: every event is built, each file read late.
    (src / "trfsite.toml").write_text('title = "Club results"\n', encoding="utf-8")
    report = report_changed_after(
        monkeypatch,
        src,
        out,
        "discover",
        lambda: (src / "2024/spring.trf").write_text(
            named_round_robin("Spring Open, saved late"), "utf-8"
        ),
    )
    assert [(f.file, f.code) for f in report.refused] == [("2024/spring.trf", CHANGED_CODE)]
    assert "build again" in report.refused[0].message
    assert report.files_with_errors == 1  # the CLI's exit code for findings
    assert (report.events, report.failed) == (4, ())
    assert "Spring Open, saved late" in (out / "spring/index.html").read_text(encoding="utf-8")
    assert "Club results" in (out / "autumn/index.html").read_text(encoding="utf-8")
    # Built under the key of what was read: the next build reuses it, as a cold one.
    again = _report(src, out)
    assert (again.reused, again.refused) == (4, ())
    assert tree_digest(out) == _built(src, tmp_path / "cold")


def test_a_file_gone_after_discovery_costs_that_file_alone(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    (src / "trfsite.toml").write_text('title = "Club results"\n', encoding="utf-8")
    discover = build_module.discover

    def removed_meanwhile(*args: object, **kwargs: object) -> object:
        found = discover(*args, **kwargs)  # type: ignore[arg-type]
        (src / "2025/autumn.trf").unlink()
        return found

    with monkeypatch.context() as patch:
        patch.setattr(build_module, "discover", removed_meanwhile)
        result = CliRunner().invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf"])
    assert result.exit_code == EXIT_FINDINGS, result.output  # as for any file's finding
    assert "2025/autumn.trf: error: changed while the build ran" in result.output
    assert "Club results" in (out / "summer/index.html").read_text(encoding="utf-8")
    assert "Club results" in (out / "spring/index.html").read_text(encoding="utf-8")


_KILLED_BEFORE_PUBLISHING = """
import os, signal, sys
from pathlib import Path
import trfsite.site.publish as publish
from trfsite.site.build import BuildOptions, build_site

def killed(*args, **kwargs):  # the state is committed, the build not yet live
    os.kill(os.getpid(), signal.SIGKILL)
publish.publish = killed
build_site(BuildOptions(Path(sys.argv[1]), Path(sys.argv[2]), pdf=False, jobs=1))
"""


def _killed(script: str, src: Path, out: Path) -> None:
    """A build of ``src`` into ``out`` by ``script``, which kills itself."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", same_code(script), str(src), str(out)],
        env=env,
        capture_output=True,
    )
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()


@pytest.mark.parametrize("then", ["same", "reverted"])
def test_a_build_killed_after_its_commit_leaves_the_next_build_right(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, then: str
) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    live = tree_digest(out)
    path = src / "2024/summer.trf"
    original = path.read_text(encoding="utf-8")
    path.write_text(named_round_robin("Summer Open, killed"), encoding="utf-8")
    _killed(_KILLED_BEFORE_PUBLISHING, src, out)
    assert tree_digest(out) == live
    with sqlite3.connect(state_path(out)) as db:  # the state describes the unpublished build
        (described,) = db.execute("SELECT value FROM meta WHERE name = 'cache_build'").fetchone()
    assert described != (out / CACHE_ID).read_text(encoding="ascii").strip()
    if then == "reverted":
        path.write_text(original, encoding="utf-8")
    cold = _built(src, tmp_path / "cold")
    reads = _Reads(monkeypatch)
    report = _report(src, out)
    # The live build's events as the state held them before the killed build's rows.
    assert report.reused == (4 if then == "reverted" else 3)
    assert reads.whole == ["summer.trf"]  # main: all four
    assert tree_digest(out) == cold


def test_what_discovery_found_is_saved_before_the_events_are_built(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not held by the build process to its end (issue 46: ~1.5 MB of a 3,000-event
    cold build's largest process)."""
    src, out = make_src(_files()), tmp_path / "out"
    stored: list[int] = []
    build_events = build_module.build_events

    def counted(*args: object, **kwargs: object) -> object:
        with sqlite3.connect(state_path(out)) as db:
            stored.append(db.execute("SELECT count(*) FROM sources").fetchone()[0])
        return build_events(*args, **kwargs)

    monkeypatch.setattr(build_module, "build_events", counted)
    _report(src, out)
    assert stored == [4]  # the four files, while their events are yet to be built


_KILLED_AT_THE_END = """
import os, signal, sys
from pathlib import Path
from trfsite.site import site_wide
from trfsite.site.build import BuildOptions, build_site

def killed(*args, **kwargs):  # the sources are saved, the events' cache rows not
    os.kill(os.getpid(), signal.SIGKILL)
site_wide.SiteWide.write = killed
build_site(BuildOptions(Path(sys.argv[1]), Path(sys.argv[2]), pdf=False, jobs=1))
"""


@pytest.mark.parametrize("first", ["cold", "rebuild"])
def test_a_build_killed_with_its_sources_saved_leaves_the_next_build_right(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first: str
) -> None:
    src, out = make_src(_files()), tmp_path / "out"
    if first == "rebuild":
        _settled(src, out)
    (src / "2024/summer.trf").write_text(named_round_robin("Summer, killed"), encoding="utf-8")
    _killed(_KILLED_AT_THE_END, src, out)
    cold = _built(src, tmp_path / "cold")
    reads = _Reads(monkeypatch)
    report = _report(src, out)
    # The state knew summer's digest, not its event: built again, its file read late.
    assert report.reused == (3 if first == "rebuild" else 0)
    assert reads.whole.count("summer.trf") <= 1
    assert tree_digest(out) == cold
