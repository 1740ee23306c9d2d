"""The archive's worker gets the summaries of the events its working copy lacks only.

Issue 46: a rebuild of a 3,000-event archive pickled every event's summary to the pool
worker that makes ``data/archive.sqlite`` (1.2 MB, 0.03 s to pickle, 0.025 s to
unpickle, before the copy began), though the worker inserts only the changed event's
rows. The events whose rows the copy holds under their key go as (key, slug).
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from sitehelpers import small_round_robin

from trfsite.site import archive_work
from trfsite.site.build import BuildOptions, build_site

pytestmark = pytest.mark.slow

ARCHIVE = Path("data") / "archive.sqlite"


def _three_events(src: Path) -> None:
    for year in ("2024", "2025", "2026"):
        text = small_round_robin().replace("2024", year)
        (src / f"e-{year}.trf").write_text(text, encoding="utf-8")


def _record_summaries(monkeypatch: pytest.MonkeyPatch, log: Path) -> None:
    """Writes to ``log``, per call of ``write_archive`` (in a forked worker too), its
    process and how many of its events came with a summary, and how many without."""
    real = archive_work.write_archive

    def recorded(*args: object, **kwargs: object) -> bool:
        events = args[1]
        with_summary = sum(1 for e in events if hasattr(e, "summary"))  # type: ignore[attr-defined]
        with open(log, "a", encoding="utf-8") as file:
            file.write(f"{os.getpid()} {with_summary} {len(events) - with_summary}\n")  # type: ignore[arg-type]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(archive_work, "write_archive", recorded)


def _calls(log: Path) -> list[tuple[bool, int, int]]:
    """(made here, events with a summary, events without) of each call."""
    here = str(os.getpid())
    rows = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    return [(pid == here, int(full), int(lean)) for pid, full, lean in rows]


def _events_in(archive: Path) -> list[str]:
    with closing(sqlite3.connect(archive)) as db:
        return [slug for (slug,) in db.execute("SELECT slug FROM events ORDER BY slug")]


def test_a_rebuild_sends_the_changed_events_summary_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out, log = tmp_path / "src", tmp_path / "out", tmp_path / "calls.log"
    src.mkdir()
    _three_events(src)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    build_site(BuildOptions(src, out, pdf=False, jobs=2))
    changed = src / "e-2025.trf"
    changed.write_text(changed.read_text("utf-8").replace("Alpha,Anna", "Alpha,Anne"), "utf-8")
    _record_summaries(monkeypatch, log)
    build_site(BuildOptions(src, out, pdf=False, jobs=2))
    # One call, on the worker: the changed event with its summary, the other two by key
    # (main: three summaries).
    assert _calls(log) == [(False, 1, 2)]
    monkeypatch.undo()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    build_site(BuildOptions(src, tmp_path / "cold", pdf=False, jobs=2, cache=False))
    assert (out / ARCHIVE).read_bytes() == (tmp_path / "cold" / ARCHIVE).read_bytes()


def test_a_copy_that_lost_what_was_read_of_it_is_made_here_with_every_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The working copy is removed after its keys were read, before the worker opens it:
    the worker publishes nothing, and this process makes the copy again with every
    event's summary; the archive is a cold build's."""
    src, out, log = tmp_path / "src", tmp_path / "out", tmp_path / "calls.log"
    src.mkdir()
    _three_events(src)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    build_site(BuildOptions(src, out, pdf=False, jobs=2))
    changed = src / "e-2025.trf"
    changed.write_text(changed.read_text("utf-8").replace("Alpha,Anna", "Alpha,Anne"), "utf-8")
    real_held = archive_work.held_keys

    def held_then_lost(state_file: Path) -> dict[str, str]:
        held = real_held(state_file)
        for path in archive_work.work_paths(state_file):
            path.unlink()
        return held

    _record_summaries(monkeypatch, log)
    monkeypatch.setattr(archive_work, "held_keys", held_then_lost)
    build_site(BuildOptions(src, out, pdf=False, jobs=2))
    # The worker's call with two events by key, then this process's with three summaries.
    assert _calls(log) == [(False, 1, 2), (True, 3, 0)]
    monkeypatch.undo()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    build_site(BuildOptions(src, tmp_path / "cold", pdf=False, jobs=2, cache=False))
    assert (out / ARCHIVE).read_bytes() == (tmp_path / "cold" / ARCHIVE).read_bytes()
