"""Issue 46: a page is written in three system calls (open, write, close).

Every file of a build goes through ``SiteWriter.write_bytes`` (some 130 an event of
the people archive). ``open(path, "wb")`` made a buffered file around each, which asked
the system three things more (the file's size, whether it is a terminal, the
position): six system calls a page, three now. The bytes, the mode and the folders are
the same.
"""

from __future__ import annotations

import builtins
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from trfsite.site.writer import SiteWriter


def test_a_page_is_one_open_one_write_one_close(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pages = {
        "ev/index.html": b"<p>index</p>",
        "ev/players/1.html": "<p>Ærøskøbing</p>".encode() * 3000,
        "ev/players/2.html": b"",
        "ev/data/rounds.json": b"{}\n",
    }
    calls: list[str] = []
    real = {name: getattr(os, name) for name in ("open", "write", "close")}

    def counted(name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return real[name](*args, **kwargs)

        return call

    def buffered(*args: Any, **kwargs: Any) -> Any:
        calls.append("buffered open")  # openat, fstat, ioctl, lseek; then write, close
        return real_open(*args, **kwargs)

    real_open = builtins.open
    writer = SiteWriter(tmp_path / "site")
    writer.write_bytes("ev/old.html", b"before")  # a folder made before counting
    for name in real:
        monkeypatch.setattr(os, name, counted(name))
    monkeypatch.setattr(builtins, "open", buffered)
    for relative, data in pages.items():
        writer.write_bytes(relative, data)
    writer.write_bytes("ev/old.html", b"after")  # written over: truncated
    monkeypatch.undo()

    # Each page: open, write (none for an empty one), close; main: a buffered open each.
    assert (
        calls == ["open", "write", "close"] * 2 + ["open", "close"] + ["open", "write", "close"] * 2
    )
    root = tmp_path / "site"
    for relative, data in pages.items():
        assert (root / relative).read_bytes() == data
    assert (root / "ev/old.html").read_bytes() == b"after"
    assert writer.written == [*["ev/old.html"], *pages, "ev/old.html"]
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE((root / "ev/index.html").stat().st_mode) == 0o666 & ~umask


def test_a_person_page_is_written_as_every_other_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The people pages (``people_files._place``) go through ``write_file`` too."""
    from trfsite.site import people_files

    opened: list[str] = []
    real_open = builtins.open

    def buffered(*args: Any, **kwargs: Any) -> Any:
        opened.append(str(args[0]))
        return real_open(*args, **kwargs)

    monkeypatch.setattr(builtins, "open", buffered)
    linked = people_files._place(str(tmp_path), None, "people/ann.html", b"<p>Ann</p>", set())
    monkeypatch.undo()
    assert linked is False
    assert opened == []  # main: a buffered open of people/ann.html
    assert (tmp_path / "people" / "ann.html").read_bytes() == b"<p>Ann</p>"


def test_a_page_s_path_is_its_folder_s_text_and_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No Path made for each page (one join and one conversion to text each: 0.5 % of an
    # archive's CPU): the folder, checked and made once, is kept as text.
    given: list[object] = []
    real_open = os.open

    def recorded(path: Any, *args: Any) -> int:
        given.append(path)
        return real_open(path, *args)

    writer = SiteWriter(tmp_path / "site")
    monkeypatch.setattr(os, "open", recorded)
    for relative in ("index.html", "ev/index.html", "ev/players/1.html", "ev/players/2.html"):
        writer.write_bytes(relative, b"x")
    monkeypatch.undo()
    root = (tmp_path / "site").resolve()
    assert [type(path) for path in given] == [str] * 4  # main: a PosixPath each
    assert list(map(Path, given)) == [
        root / "index.html",
        root / "ev" / "index.html",
        root / "ev" / "players" / "1.html",
        root / "ev" / "players" / "2.html",
    ]


def test_a_large_site_wide_file_is_written_a_batch_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 46: the home page and ``events.json`` of a 3,000-event archive (1.4 and 2.2
    MB) were joined whole and encoded whole at the build's end, +5 MiB over the people
    step's peak for a moment. ``write_pieces`` holds about a batch."""
    from trfsite.site import writer as writer_module

    # 20 characters, 23 bytes a piece (Æ, ø, ø: two bytes each); 800,000 characters.
    pieces = ["<li>Ærøskøbing</li>\n"] * 40_000
    sizes: list[int] = []
    real_write = os.write

    def write(fd: int, data: Any) -> int:
        sizes.append(len(data))
        return real_write(fd, data)

    writer = SiteWriter(tmp_path / "site")
    monkeypatch.setattr(os, "write", write)
    writer.write_pieces("index.html", iter(pieces))
    writer.write_pieces("empty.json", iter(()))
    monkeypatch.undo()

    assert (tmp_path / "site/index.html").read_bytes() == "".join(pieces).encode()
    assert (tmp_path / "site/empty.json").read_bytes() == b""
    assert writer.written == ["index.html", "empty.json"]
    # A batch ends with the piece that reaches _BATCH (262,144) characters: 13,108 pieces
    # (262,160 characters); three such, then the last 40,000 - 3 x 13,108 = 676 pieces.
    assert writer_module._BATCH == 262_144
    assert sizes == [13_108 * 23] * 3 + [676 * 23]
