"""Each file's name under SRC is joined from the walk's names, not made by pathlib per
file (issue 46: ``relative_to`` and ``as_posix`` for each of 3,000 files were a third
of a rebuild's discovery, before the archive could start)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitehelpers import small_round_robin

from trfsite.site import discover as discover_module
from trfsite.site.discover import discover

# Where each file is put, and the name it must be shown by (its path under SRC, POSIX).
_FILES = ("top.trf", "2024/spring.trf", "2024/deep/er.trf", "2025/autumn.txt")


def _src(root: Path) -> Path:
    for name in _FILES:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(small_round_robin(), encoding="utf-8")
    return root


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The paths ``discover`` makes relative to SRC with pathlib."""
    made: list[Path] = []
    real = discover_module._relative

    def counted(path: Path, root: Path) -> str:
        made.append(path)
        return real(path, root)

    monkeypatch.setattr(discover_module, "_relative", counted)
    return made


@pytest.mark.parametrize("spelling", ["src", "src/", "./src"])
def test_the_names_under_src_come_from_the_walk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spelling: str
) -> None:
    _src(tmp_path / "src")
    monkeypatch.chdir(tmp_path)
    made = _counted(monkeypatch)
    found = discover(Path(spelling))
    assert made == []  # main: one per file, 4
    # Sorted by those names; the .txt file sniffed as a tournament.
    assert [f.relative for f in found.files] == [
        "2024/deep/er.trf",
        "2024/spring.trf",
        "2025/autumn.txt",
        "top.trf",
    ]
    assert [f.path for f in found.files] == [Path(spelling) / f.relative for f in found.files]


def test_a_file_named_by_the_user_is_shown_by_its_name(tmp_path: Path) -> None:
    src = _src(tmp_path / "src")
    found = discover(src / "2024" / "spring.trf")
    assert [f.relative for f in found.files] == ["spring.trf"]
