"""A rebuild's discovery stats each unchanged file once: whether an event has notes
(NAME.md) is answered from the folder the walk listed, not by one lstat per event
(issue 46: 3,000 of them in a 3,000-event rebuild)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from rebuildhelpers import (
    named_round_robin,
    settled_at_once,  # noqa: F401  (autouse: each test here)
)

from trfsite.site.discover import Discovery, discover
from trfsite.site.state_cache import SourceStore

_EVENTS = ("2024/spring", "2024/summer", "2025/autumn", "2025/winter", "2025/club")


def _src(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    for stem in _EVENTS:
        path = src / f"{stem}.trf"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(named_round_robin(stem), encoding="utf-8")
    (src / "2024/spring.md").write_text("Spring notes.\n", encoding="utf-8")
    (src / "2025/autumn.md").symlink_to(src / "nowhere.md")  # there, though unreadable
    return src


def _rediscovered(src: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Discovery, list[str]]:
    """Discovery of ``src`` from the store of a first discovery, with the files
    lstat-ed (``os.path.lexists`` calls ``os.lstat`` too; the folders resolved, one
    lstat per part of their path, are left out)."""
    first = SourceStore({})
    discover(src, store=first)
    lstat = os.lstat
    seen: list[str] = []

    def counted(path: str | bytes | os.PathLike[str], *args: object, **kwargs: object) -> object:
        name = os.path.basename(os.fsdecode(path))
        if name.endswith((".trf", ".md")):
            seen.append(name)
        return lstat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "lstat", counted)
    found = discover(src, store=SourceStore(dict(first.found)))
    monkeypatch.setattr(os, "lstat", lstat)
    return found, seen


def test_a_rebuild_stats_each_unchanged_file_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found, seen = _rediscovered(_src(tmp_path), monkeypatch)
    assert found.unread == 5
    # One lstat per tournament file (its signature against the stored one), and those
    # of the two notes read (reading checks the file, autumn's the link's target too);
    # main also lstat-ed the NAME.md of each event and SRC/index.md (14 in all).
    notes_read = ["autumn.md", "nowhere.md", "spring.md"]
    assert sorted(seen) == sorted([*(f"{s.rpartition('/')[2]}.trf" for s in _EVENTS), *notes_read])


def test_notes_are_found_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found, _ = _rediscovered(_src(tmp_path), monkeypatch)
    notes = {source.relative: (source.notes_path, source.notes) for source in found.files}
    src = tmp_path / "src"
    assert notes == {
        "2024/spring.trf": (src / "2024/spring.md", "Spring notes.\n"),
        "2024/summer.trf": (None, ""),
        "2025/autumn.trf": (None, ""),
        "2025/club.trf": (None, ""),
        "2025/winter.trf": (None, ""),
    }
    # The dangling link named like autumn's notes is seen, and refused when read.
    assert [finding.file for finding in found.refused] == ["2025/autumn.md"]
