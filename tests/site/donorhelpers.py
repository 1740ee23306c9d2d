"""What the tests of a rebuild's donor build share: two events, the inodes of a build's
pages, and a spy on the folders moved in from the donor."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from sitehelpers import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import generate_individual_swiss  # noqa: E402

from trfsite.site.linking import Linking  # noqa: E402


def two_events(tmp_path: Path) -> Path:
    """SRC holding an open of 20 players and a cup of 16."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "open.trf").write_text(generate_individual_swiss(20, 5, 3), "utf-8")
    (src / "cup.trf").write_text(generate_individual_swiss(16, 5, 4), "utf-8")
    return src


def html_inodes(folder: Path) -> dict[str, int]:
    """The inode of each page under ``folder``."""
    return {p.relative_to(folder).as_posix(): p.stat().st_ino for p in folder.rglob("*.html")}


def spy_moves(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The folders each ``Linking.move_from_donor`` call moves in, one list per call."""
    moves: list[list[str]] = []
    real = Linking.move_from_donor

    def spy(self: Linking, workers: object = None) -> None:
        moves.append(list(self._movable))
        real(self, workers)  # type: ignore[arg-type]

    monkeypatch.setattr(Linking, "move_from_donor", spy)
    return moves
