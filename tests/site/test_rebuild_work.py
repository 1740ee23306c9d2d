"""What a rebuild after one changed event does per unchanged event (issue 46): the
people pages' digests read once, the unchanged event folders' file lists not loaded."""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

import pytest
from statetrace import traced_statements
from treedigest import tree_digest

from trfsite.people.report import PEOPLE_FOLDER
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.linking import Linking, Listing, Reused

_PAGES_READ = "SELECT path, digest FROM pages"


def _archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[Path]]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from generate_people import generate_people_archive

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    src = tmp_path / "src"
    return src, generate_people_archive(src, 6, 300, seed=3)


def _rename(path: Path, name: str) -> None:
    text = path.read_text(encoding="utf-8").splitlines(keepends=True)
    text[0] = f"012 {name}\n"
    path.write_text("".join(text), encoding="utf-8")


def test_a_rebuild_reads_the_people_pages_digests_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The people step reads the state's page digests to know what to make again; saving
    the build compares the new digests with those, not with a second read of every one
    (main: twice, 2 x the people pages' rows)."""
    src, files = _archive(tmp_path, monkeypatch)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    _rename(files[2], "Corrected event name")
    statements = traced_statements(monkeypatch)
    build_site(BuildOptions(src, out, pdf=False))
    monkeypatch.undo()
    assert sum(1 for s in statements if s.startswith(_PAGES_READ)) == 1
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    build_site(BuildOptions(src, tmp_path / "cold", pdf=False))
    assert tree_digest(out) == tree_digest(tmp_path / "cold")


def _event_pages(out: Path) -> dict[str, int]:
    """Each event's home page under ``out`` and its inode."""
    pages = (p for p in out.glob("*/index.html") if p.parent.name != PEOPLE_FOLDER)
    return {p.parent.name: p.stat().st_ino for p in pages}


def test_unchanged_folders_go_to_the_link_workers_without_their_file_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unchanged event folder the donor build holds is moved in whole: the link
    workers need its seal, not the list of its files (main: each listing's JSON read
    from the state and pickled to them). A rebuild without a donor (the second build)
    reads the lists where it links the folders file by file. Both equal a cold build."""
    src, files = _archive(tmp_path, monkeypatch)
    out = tmp_path / "out"
    sent: list[list[Reused]] = []
    starts = Linking.__init__

    def linking(self: Linking, live: Path, tmp: Path, folders: list[Reused], *rest: object) -> None:
        sent.append(folders)
        starts(self, live, tmp, folders, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(Linking, "__init__", linking)
    build_site(BuildOptions(src, out, pdf=False))
    for build, name in enumerate(("Corrected event name", "Corrected again")):
        _rename(files[2], name)
        before = _event_pages(out)
        build_site(BuildOptions(src, out, pdf=False))
        after = _event_pages(out)
        # The five unchanged events' pages carried over (linked, then moved), not built.
        assert sum(1 for page, inode in before.items() if after.get(page) == inode) == 5
        build_site(BuildOptions(src, tmp_path / f"cold{build}", pdf=False))
        assert tree_digest(out) == tree_digest(tmp_path / f"cold{build}")
    assert [len(folders) for folders in sent] == [5, 5]
    # The second rebuild has a donor: no listing read; 64 bytes of key and the seal's
    # path and size each, not their ~20 files' paths and sizes.
    assert all(isinstance(f.files, Listing) and f.files.text is None for f in sent[1])
    assert len(pickle.dumps(sent[1])) < 5 * 300, len(pickle.dumps(sent[1]))


def test_unchanged_folders_are_moved_from_the_donor_without_a_mkdir_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folders the donor build holds are renamed into the new build; their parent
    (the build's root) is made once, not asked for again per folder (main: one
    ``mkdir`` per unchanged event)."""
    src, files = _archive(tmp_path, monkeypatch)
    out = tmp_path / "out"
    for name in ("", "Corrected event name"):
        if name:
            _rename(files[2], name)
        build_site(BuildOptions(src, out, pdf=False))
    made: list[str] = []
    mkdir, moves = os.mkdir, Linking.move_from_donor

    def counted(path: object, *args: object, **kwargs: object) -> None:
        made.append(str(path))
        mkdir(path, *args, **kwargs)  # type: ignore[arg-type]

    def moving(self: Linking, workers: object = None) -> None:
        with monkeypatch.context() as patch:
            patch.setattr(os, "mkdir", counted)
            moves(self, workers)  # type: ignore[arg-type]

    monkeypatch.setattr(Linking, "move_from_donor", moving)
    _rename(files[2], "Corrected again")
    before = _event_pages(out)
    build_site(BuildOptions(src, out, pdf=False, jobs=1))  # moved here, where it is counted
    after = _event_pages(out)
    assert sum(1 for page, inode in before.items() if after.get(page) == inode) == 5
    assert len(made) == 1, made
    build_site(BuildOptions(src, tmp_path / "cold", pdf=False))
    assert tree_digest(out) == tree_digest(tmp_path / "cold")
