"""A cold build of an archive leaves a linked twin of itself (``publish.publish_twin``),
so that the first rebuild takes its unchanged folders whole from a donor (issue 46)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from donorhelpers import html_inodes, spy_moves, two_events
from treedigest import tree_digest

from trfsite.site import publish
from trfsite.site.build import BuildOptions, build_site


@pytest.fixture
def twin_from_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """A twin from two events on (an archive's 100 are too slow for a test)."""
    monkeypatch.setattr(publish, "TWIN_FROM_EVENTS", 2)


def _builds(out: Path) -> list[str]:
    return sorted(p.name for p in publish.builds_dir(out).iterdir() if p.name.startswith("build-"))


@pytest.mark.usefixtures("twin_from_two")
def test_a_cold_build_publishes_a_linked_twin_and_keeps_the_original(tmp_path: Path) -> None:
    src, out = two_events(tmp_path), tmp_path / "site"
    build_site(BuildOptions(src, out, pdf=False))
    assert _builds(out) == ["build-000001", "build-000002"]
    assert os.readlink(out) == "site.builds/build-000002"
    original = publish.builds_dir(out) / "build-000001"
    # The very same files: the twin costs a link each, no byte is copied.
    assert html_inodes(out) == html_inodes(original) != {}
    assert tree_digest(out) == tree_digest(original)
    assert publish.donor_build(out, 1) == original
    assert not [p for p in publish.builds_dir(out).iterdir() if p.name.startswith(".tmp-")]


@pytest.mark.usefixtures("twin_from_two")
@pytest.mark.parametrize("jobs", [1, 2])
def test_the_first_rebuild_moves_its_unchanged_folders_from_the_original(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    src, out = two_events(tmp_path), tmp_path / "site"
    build_site(BuildOptions(src, out, pdf=False, jobs=jobs))
    cup = html_inodes(out / "cup")
    people = (publish.builds_dir(out) / "build-000001" / "people").stat().st_ino
    moves = spy_moves(monkeypatch)
    (src / "open.md").write_text("Notes.\n", "utf-8")
    report = build_site(BuildOptions(src, out, pdf=False, jobs=jobs))
    assert report.reused == 1 and moves == [["cup"]]  # moved whole, not linked file by file
    assert html_inodes(out / "cup") == cup
    assert (out / "people").stat().st_ino == people  # the original's folder, taken whole
    # The original went to make the rebuild; the twin stays for rollback; no new twin.
    assert _builds(out) == ["build-000002", "build-000003"]
    # The next rebuild takes the twin's folders as it took the original's.
    twin = publish.builds_dir(out) / "build-000002"
    people = (twin / "people").stat().st_ino
    (src / "open.md").write_text("Notes 2.\n", "utf-8")
    build_site(BuildOptions(src, out, pdf=False, jobs=jobs))
    assert moves[-1] == ["cup"] and html_inodes(out / "cup") == cup
    assert (out / "people").stat().st_ino == people
    fresh = tmp_path / "fresh"
    build_site(BuildOptions(src, fresh, pdf=False, cache=False))
    assert tree_digest(out) == tree_digest(fresh)


def test_a_small_site_or_keep_0_has_no_twin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = two_events(tmp_path)
    build_site(BuildOptions(src, tmp_path / "small", pdf=False))
    assert _builds(tmp_path / "small") == ["build-000001"]  # 2 events, below TWIN_FROM_EVENTS
    monkeypatch.setattr(publish, "TWIN_FROM_EVENTS", 2)
    build_site(BuildOptions(src, tmp_path / "none kept", pdf=False, keep=0))
    assert _builds(tmp_path / "none kept") == ["build-000001"]  # nothing to take it from
    build_site(BuildOptions(src, tmp_path / "uncached", pdf=False, cache=False))
    assert _builds(tmp_path / "uncached") == ["build-000001"]


@pytest.mark.usefixtures("twin_from_two")
def test_a_twin_that_cannot_be_made_leaves_the_build_published_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out = two_events(tmp_path), tmp_path / "site"
    made = 0

    def no_links(source: str, target: str) -> None:
        nonlocal made
        made += 1
        if made > 5:  # some links made, then the disk refuses (EMLINK, a full disk...)
            raise OSError(31, "Too many links")
        real_link(source, target)

    real_link = os.link
    monkeypatch.setattr(os, "link", no_links)
    report = build_site(BuildOptions(src, out, pdf=False))
    monkeypatch.undo()
    assert report.events == 2
    assert _builds(out) == ["build-000001"] and os.readlink(out) == "site.builds/build-000001"
    assert not [p for p in publish.builds_dir(out).iterdir() if p.name.startswith(".tmp-")]


@pytest.mark.usefixtures("twin_from_two")
def test_a_build_killed_while_making_its_twin_leaves_it_to_a_remover(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src, out = two_events(tmp_path), tmp_path / "site"
    real = publish._link_tree

    def killed(source: str, target: str) -> None:
        real(source, target)
        raise KeyboardInterrupt  # as a kill would stop it: nothing cleaned up

    monkeypatch.setattr(publish, "_link_tree", killed)
    with pytest.raises(KeyboardInterrupt):
        build_site(BuildOptions(src, out, pdf=False))
    monkeypatch.undo()
    # The build itself was published; the half-made twin is named as an old build.
    assert _builds(out) == ["build-000001"] and os.readlink(out) == "site.builds/build-000001"
    (left,) = [p.name for p in publish.builds_dir(out).iterdir() if p.name.startswith(".tmp")]
    assert left.startswith(".tmp-old-twin-")
    handed: list[list[str]] = []
    monkeypatch.setattr(publish, "remove_later", lambda paths: handed.append(paths) or object())
    build_site(BuildOptions(src, out, pdf=False, prune_later=True))
    assert [[p.name for p in paths] for paths in handed][0] == [left]  # not removed in the build
