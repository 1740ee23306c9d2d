"""A rebuild's few people pages are rendered by the build's own process.

Issue 46: after one renamed event of a 3,000-event archive, its 42 players' pages went
to a pool worker in two batches (0.06 s of CPU) while this process waited for them; the
worker took the other core from the archive's copy, the longest part of the rebuild.
Up to ``_HERE_AT_MOST`` pages are rendered here; more go to the workers in batches, as
before.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sitehelpers import small_round_robin
from treedigest import tree_digest

from trfsite.site import people_files
from trfsite.site.build import BuildOptions, build_site

pytestmark = pytest.mark.slow

_NOT_SITE = {".trfsite-cache-id", ".trfsite-state-id"}


def _not_site(name: str) -> bool:
    return name in _NOT_SITE


def _three_events(src: Path) -> Path:
    src.mkdir()
    for year in ("2024", "2025", "2026"):
        text = small_round_robin().replace("2024", year)
        (src / f"open-{year}.trf").write_text(text, encoding="utf-8")
    return src / "open-2025.trf"


def _renamed(path: Path) -> None:
    path.write_text(path.read_text("utf-8").replace("Alpha,Anna", "Alpha,Anne"), "utf-8")


def _environments_by_process(monkeypatch: pytest.MonkeyPatch, log: Path) -> None:
    """Writes to ``log`` the process of each people pages' environment asked for (a
    file: a forked worker inherits the wrapper and appends to it)."""
    real = people_files.environment

    def noted(*args: object, **kwargs: object) -> object:
        with open(log, "a", encoding="utf-8") as file:
            file.write(f"{os.getpid()}\n")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(people_files, "environment", noted)


def _rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[set[str], dict[str, str]]:
    """(the processes that made people pages in a rebuild after one renamed event, the
    rebuild's digest)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    changed = _three_events(tmp_path / "src")
    out, log = tmp_path / "out", tmp_path / "made.log"
    build_site(BuildOptions(tmp_path / "src", out, pdf=False, jobs=2))
    _renamed(changed)
    _environments_by_process(monkeypatch, log)
    build_site(BuildOptions(tmp_path / "src", out, pdf=False, jobs=2))
    return set(log.read_text(encoding="utf-8").split()), tree_digest(out, ignore=_not_site)


def _cold(tmp_path: Path) -> dict[str, str]:
    cold = tmp_path / "cold"
    build_site(BuildOptions(tmp_path / "src", cold, pdf=False, jobs=2, cache=False))
    return tree_digest(cold, ignore=_not_site)


def test_a_rebuilds_few_people_pages_are_rendered_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    processes, rebuilt = _rebuilt(tmp_path, monkeypatch)
    assert processes == {str(os.getpid())}  # main: a pool worker's too
    monkeypatch.setattr(people_files, "_HERE_AT_MOST", 0)  # the same pages by the workers
    assert rebuilt == _cold(tmp_path)


def test_more_pages_than_held_go_to_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(people_files, "_HERE_AT_MOST", 0)
    processes, rebuilt = _rebuilt(tmp_path, monkeypatch)
    assert processes - {str(os.getpid())}  # a worker's
    monkeypatch.undo()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    assert rebuilt == _cold(tmp_path)  # the same pages made here


def test_a_cold_builds_listing_pages_are_rendered_by_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 46: a federation's page lists a quarter of the archive's people; rendered
    # by the build process it was that process's peak (~10 MiB at 3,000 events). With
    # the pages sent out (more than _HERE_AT_MOST of them), no page is rendered here.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    _three_events(tmp_path / "src")
    monkeypatch.setattr(people_files, "_HERE_AT_MOST", 0)
    log = tmp_path / "made.log"
    _environments_by_process(monkeypatch, log)
    out = tmp_path / "out"
    build_site(BuildOptions(tmp_path / "src", out, pdf=False, jobs=2, cache=False))
    assert (out / "people" / "federations").is_dir() and (out / "people" / "index.html").is_file()
    processes = set(log.read_text(encoding="utf-8").split())
    assert processes and str(os.getpid()) not in processes
    monkeypatch.undo()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    assert tree_digest(out, ignore=_not_site) == _cold(tmp_path)  # made here: the same
