"""``data/archive.sqlite`` made on a worker of the build's pool, beside the people pages.

Copying the archive whole (``VACUUM INTO``) grows with it; a rebuild after one changed
event of a large archive waited for it after its people pages. With a local pool the
archive is started before the people step and made by a pool worker meanwhile; without
one (``--jobs 1``) it is made at once, in the build's own process.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest
from sitehelpers import small_round_robin

from trfsite.site import archive_work, build, open_data
from trfsite.site.build import BuildOptions, build_site

pytestmark = pytest.mark.slow


def _two_events(src: Path) -> None:
    (src / "a-2024.trf").write_text(small_round_robin(), encoding="utf-8")
    (src / "b-2025.trf").write_text(small_round_robin().replace("2024", "2025"), encoding="utf-8")


def _record_calls(monkeypatch: pytest.MonkeyPatch, log: Path) -> None:
    """Writes each call of the archive, of the people step and who made it to ``log``
    (a file: a forked worker inherits the wrappers, and appends as the build does)."""
    real_archive, real_people, real_start = (
        archive_work.write_archive,
        build._people,
        open_data.start_archive,
    )

    def start(*args: object, **kwargs: object) -> object:
        with open(log, "a", encoding="utf-8") as file:
            file.write(f"start {os.getpid()}\n")
        return real_start(*args, **kwargs)  # type: ignore[arg-type]

    def archive(*args: object, **kwargs: object) -> bool:
        with open(log, "a", encoding="utf-8") as file:
            file.write(f"archive {os.getpid()}\n")
        return real_archive(*args, **kwargs)  # type: ignore[arg-type]

    def people(*args: object, **kwargs: object) -> int:
        with open(log, "a", encoding="utf-8") as file:
            file.write(f"people {os.getpid()}\n")
        return real_people(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(archive_work, "write_archive", archive)
    monkeypatch.setattr(build, "_people", people)
    monkeypatch.setattr(open_data, "start_archive", start)


def _events_in(archive: Path) -> list[str]:
    with closing(sqlite3.connect(archive)) as db:
        return [slug for (slug,) in db.execute("SELECT slug FROM events ORDER BY slug")]


def test_a_pool_worker_makes_the_archive_started_before_the_people_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src, log = tmp_path / "src", tmp_path / "calls.log"
    src.mkdir()
    _two_events(src)
    _record_calls(monkeypatch, log)
    build_site(BuildOptions(src, tmp_path / "out", pdf=False, jobs=2))
    calls = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    here = str(os.getpid())
    # Started here before the people step; made by a worker, while the people step runs
    # here (which of the two writes its line first is the machine's choice).
    assert calls[0] == ["start", here]
    assert sorted(what for what, _ in calls[1:]) == ["archive", "people"]
    by_step = dict(calls[1:])
    assert by_step["people"] == here
    assert by_step["archive"] != here
    assert _events_in(tmp_path / "out" / "data" / "archive.sqlite") == ["a-2024", "b-2025"]


def test_without_a_pool_the_archive_is_made_here_before_the_people_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src, log = tmp_path / "src", tmp_path / "calls.log"
    src.mkdir()
    _two_events(src)
    _record_calls(monkeypatch, log)
    build_site(BuildOptions(src, tmp_path / "out", pdf=False, jobs=1))
    calls = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    here = str(os.getpid())
    assert calls == [["start", here], ["archive", here], ["people", here]]
    assert _events_in(tmp_path / "out" / "data" / "archive.sqlite") == ["a-2024", "b-2025"]


def test_the_same_bytes_with_and_without_the_pool(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    _two_events(src)
    build_site(BuildOptions(src, tmp_path / "one", pdf=False, jobs=1))
    build_site(BuildOptions(src, tmp_path / "two", pdf=False, jobs=2))
    archive = Path("data") / "archive.sqlite"
    assert (tmp_path / "one" / archive).read_bytes() == (tmp_path / "two" / archive).read_bytes()


def _noting_the_wait(steps: list[str]) -> Callable[..., object]:
    """``open_data.start_archive`` whose returned wait adds "archive waited for" to ``steps``."""
    real_start = open_data.start_archive

    def start(*args: object, **kwargs: object) -> object:
        wait = real_start(*args, **kwargs)  # type: ignore[arg-type]

        def waited() -> None:
            steps.append("archive waited for")
            wait()  # type: ignore[operator]

        return waited

    return start


def test_the_archive_is_waited_for_after_the_home_page_and_the_cache_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 46: a rebuild of a 3,000-event archive waited for the archive's ``VACUUM
    INTO`` (0.6 s of CPU) after its people pages, then made the home page, the open data
    and the cache's rows (0.1 s), which do not read it; now they are made meanwhile."""
    from trfsite.site import cache, site_wide

    src, log = tmp_path / "src", tmp_path / "calls.log"
    src.mkdir()
    _two_events(src)
    _record_calls(monkeypatch, log)
    steps: list[str] = []
    real_home, real_save = site_wide.write_home, cache.save_entries

    def home(*args: object, **kwargs: object) -> int:
        steps.append("home page")
        return real_home(*args, **kwargs)  # type: ignore[arg-type]

    def save(*args: object, **kwargs: object) -> None:
        steps.append("cache rows")
        real_save(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(open_data, "start_archive", _noting_the_wait(steps))
    monkeypatch.setattr(site_wide, "write_home", home)
    monkeypatch.setattr(cache, "save_entries", save)
    build_site(BuildOptions(src, tmp_path / "out", pdf=False, jobs=2))
    assert steps == ["home page", "cache rows", "archive waited for"]
    assert _events_in(tmp_path / "out" / "data" / "archive.sqlite") == ["a-2024", "b-2025"]


def test_the_donors_folders_are_moved_in_by_the_other_worker_while_the_archive_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 46: a rebuild moves each unchanged event's folder from the donor (the older
    build that publishing removes), a rename each (0.1 s of CPU at 3,000 events, growing
    with the archive). The build process did so while the archive was made, on a 3,000-
    event rebuild's longest path; now the pool's other worker does, started once the
    archive is: the build process renames no folder (main: it renamed a-2024). Each
    folder is moved once, and the site is the same as a cold build's."""
    from treedigest import tree_digest

    from trfsite.site import linking

    src, log = tmp_path / "src", tmp_path / "calls.log"
    src.mkdir()
    _two_events(src)
    out = tmp_path / "out"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    build_site(BuildOptions(src, out, pdf=False, jobs=2))
    changed = src / "b-2025.trf"
    changed.write_text(changed.read_text("utf-8").replace("2025", "2026"), encoding="utf-8")
    build_site(BuildOptions(src, out, pdf=False, jobs=2))  # the first build is kept: a donor
    changed.write_text(changed.read_text("utf-8").replace("2026", "2027"), encoding="utf-8")
    steps: list[str] = []
    real_move, rename = linking.Linking.move_from_donor, os.rename

    def move(self: linking.Linking, *workers: object) -> None:
        steps.append("moves started")
        real_move(self, *workers)  # type: ignore[arg-type]

    def counted(source: object, target: object) -> None:
        if Path(str(target)).name == "a-2024":  # a forked worker appends as the build does
            with open(log, "a", encoding="utf-8") as file:
                file.write(f"moved {os.getpid()}\n")
        rename(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(open_data, "start_archive", _noting_the_wait(steps))
    monkeypatch.setattr(linking.Linking, "move_from_donor", move)
    monkeypatch.setattr(linking.os, "rename", counted)
    build_site(BuildOptions(src, out, pdf=False, jobs=2))
    monkeypatch.undo()
    assert steps == ["moves started", "archive waited for"]
    moved = log.read_text(encoding="utf-8").split()
    assert moved[0] == "moved" and len(moved) == 2, moved  # once
    assert moved[1] != str(os.getpid())  # by a worker
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    build_site(BuildOptions(src, tmp_path / "cold", pdf=False, jobs=2, cache=False))
    ignored = {".trfsite-cache-id", ".trfsite-state-id"}
    same = tree_digest(out, ignore=lambda n: n in ignored)
    assert same == tree_digest(tmp_path / "cold", ignore=lambda n: n in ignored)
