"""What discovery does for each unchanged tournament file of a rebuild (issue 46: 3,000
of them before the archive starts): no sniffing call for a known suffix, and no
``NAME.md`` path made for an event that has no notes."""

from __future__ import annotations

import pathlib
from pathlib import Path

import pytest
from sitehelpers import small_round_robin

from trfsite.site import discover as discover_module
from trfsite.site import state_cache
from trfsite.site.discover import discover
from trfsite.site.state_cache import SourceStore


def _src(root: Path) -> Path:
    for name in ("a.trf", "b.trf", "2024/c.trf", "2024/d.trf", "2024/e.txt"):
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(small_round_robin(), encoding="utf-8")
    (root / "2024/d.md").write_text("Notes of d.\n", encoding="utf-8")
    return root


def _stored(src: Path, monkeypatch: pytest.MonkeyPatch) -> SourceStore:
    """The store a second build reads: every file as the first build found it."""
    monkeypatch.setattr(state_cache, "SETTLING_NS", 0)
    store = SourceStore({})
    discover(src, store=store)
    return SourceStore(dict(store.found))


def test_an_unchanged_file_with_a_tournament_suffix_is_not_sniffed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = _src(tmp_path / "src")
    store = _stored(src, monkeypatch)
    sniffed: list[str] = []
    real = discover_module._looks_like_tournament

    def counted(path: Path, root: Path | None) -> bool:
        sniffed.append(path.name)
        return real(path, root)

    monkeypatch.setattr(discover_module, "_looks_like_tournament", counted)
    found = discover(src, store=store)
    assert sniffed == []  # main: a.trf, b.trf, c.trf, d.trf (e.txt: the store's answer)
    assert [f.relative for f in found.files] == [
        "2024/c.trf",
        "2024/d.trf",
        "2024/e.txt",
        "a.trf",
        "b.trf",
    ]
    assert found.unread == 5
    # Without a store the .txt file is sniffed, the others still not.
    discover(src)
    assert sniffed == ["e.txt"]


def test_only_the_notes_that_are_there_get_a_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = _src(tmp_path / "src")
    made: list[str] = []
    real = pathlib.PurePath.with_suffix

    def with_suffix(self: pathlib.PurePath, suffix: str) -> pathlib.PurePath:
        made.append(f"{self.name} {suffix}")
        return real(self, suffix)

    monkeypatch.setattr(pathlib.PurePath, "with_suffix", with_suffix)
    found = discover(src)
    assert made == ["d.trf .md"]  # main: one per file, 5
    notes = {f.relative: (f.notes_path, f.notes) for f in found.files}
    assert notes["2024/d.trf"] == (src / "2024/d.md", "Notes of d.\n")
    assert notes["2024/c.trf"] == (None, "")
    assert notes["a.trf"] == (None, "")
