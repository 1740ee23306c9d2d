"""A rebuild reads the PGN files of the events it builds, not the archive's: an unchanged
PGN is taken with its stored digest, as tournament files are (issue 46,
site.game_files)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from games.gamehelpers import pgn, small_event
from rebuildhelpers import built as _built
from rebuildhelpers import report as _report
from rebuildhelpers import (
    report_changed_after,
    settled_at_once,  # noqa: F401  (autouse: each test here)
)
from rebuildhelpers import settled as _settled
from treedigest import tree_digest

from trfsite.site.build_sources import CHANGED_CODE

MakeSrc = Callable[[dict[str, str | bytes]], Path]

# The first game's comment in small.pgn (R1 board 1), shown on its game page.
COMMENT = b"{Opera game moves.}"


def _event(name: str) -> str:
    return small_event().replace("012 Small Test Round Robin", f"012 {name}")


def _files() -> dict[str, str | bytes]:
    # Three events with their games beside them, and one without.
    return {
        "2024/spring.trf": _event("Spring Open"),
        "2024/spring.pgn": pgn("small.pgn"),
        "2024/summer.trf": _event("Summer Open"),
        "2024/summer.pgn": pgn("small.pgn"),
        "2025/autumn.trf": _event("Autumn Open"),
        "2025/autumn.PGN": pgn("small.pgn"),
        "2025/winter.trf": _event("Winter Open"),
    }


class _PgnReads:
    """Records each PGN file opened, by its name (the stub wraps ``Path.open``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.names: list[str] = []
        opened = Path.open

        def recorded(path: Path, *args: object, **kwargs: object) -> object:
            if path.suffix.lower() == ".pgn":
                self.names.append(path.name)
            return opened(path, *args, **kwargs)  # type: ignore[call-overload]

        monkeypatch.setattr(Path, "open", recorded)


def _game_page(out: Path, slug: str) -> str:
    return (out / slug / "games/1-1.html").read_text(encoding="utf-8")


def test_a_rebuild_after_one_changed_event_reads_no_other_pgn(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    (src / "2024/summer.trf").write_text(_event("Summer Open, corrected"), encoding="utf-8")
    cold = _built(src, tmp_path / "cold")
    reads = _PgnReads(monkeypatch)
    report = _report(src, out)
    # main reads the three PGN files; the changed event's is read once, when it is built.
    assert reads.names == ["summer.pgn"]
    assert (report.events, report.reused) == (4, 3)
    assert tree_digest(out) == cold


def test_a_rebuild_looks_up_no_pgn_path(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discovery's walk lists the PGN files: no event asks whether its PGN is there
    (main: two ``is_file`` for winter, which has none, and a ``resolve`` per PGN)."""
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    asked: list[str] = []
    is_file, resolve = Path.is_file, Path.resolve

    def counted_is_file(path: Path) -> bool:
        if path.suffix.lower() == ".pgn":
            asked.append(path.name)
        return is_file(path)

    def counted_resolve(path: Path, strict: bool = False) -> Path:
        if path.suffix.lower() == ".pgn":
            asked.append(path.name)
        return resolve(path, strict)

    monkeypatch.setattr(Path, "is_file", counted_is_file)
    monkeypatch.setattr(Path, "resolve", counted_resolve)
    report = _report(src, out)
    assert report.reused == 4
    assert asked == []


def test_a_changed_pgn_alone_builds_its_event_again(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    changed = pgn("small.pgn").replace(COMMENT, b"{Corrected comment.}")
    (src / "2025/autumn.PGN").write_bytes(changed)
    cold = _built(src, tmp_path / "cold")
    reads = _PgnReads(monkeypatch)
    report = _report(src, out)
    assert reads.names == ["autumn.PGN"]
    assert (report.events, report.reused) == (4, 3)
    assert "Corrected comment." in _game_page(out, "autumn")
    assert "Corrected comment." not in _game_page(out, "spring")
    assert tree_digest(out) == cold


@pytest.mark.parametrize("change", ["removed", "added"])
def test_a_pgn_removed_or_added_is_seen(make_src: MakeSrc, tmp_path: Path, change: str) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    if change == "removed":
        (src / "2024/spring.pgn").unlink()
    else:
        (src / "2025/winter.pgn").write_bytes(pgn("small.pgn"))
    cold = _built(src, tmp_path / "cold")
    report = _report(src, out)
    assert (report.events, report.reused) == (4, 3)
    slug = "spring" if change == "removed" else "winter"
    assert (out / slug / "games/1-1.html").exists() == (change == "added")
    assert tree_digest(out) == cold


def test_a_pgn_changed_after_its_event_s_job_costs_that_file_alone(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A PGN taken unread (when the events' jobs are made, after discovery) whose bytes
    differ when its event is built: the event is built
    from what was read, under the key of those bytes, and the PGN has one error finding."""
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    # A new title: every event is built, each PGN read late.
    (src / "trfsite.toml").write_text('title = "Club results"\n', encoding="utf-8")
    saved = pgn("small.pgn").replace(COMMENT, b"{Saved late.}")
    report = report_changed_after(
        monkeypatch, src, out, "event_jobs", lambda: (src / "2024/spring.pgn").write_bytes(saved)
    )
    assert [(f.file, f.code) for f in report.refused] == [("2024/spring.pgn", CHANGED_CODE)]
    assert (report.events, report.failed) == (4, ())
    assert "Saved late." in _game_page(out, "spring")
    # Built under the key of what was read: the next build reuses it, as a cold one.
    again = _report(src, out)
    assert (again.reused, again.refused) == (4, ())
    assert tree_digest(out) == _built(src, tmp_path / "cold")


def test_a_pgn_gone_after_its_event_s_job_costs_that_file_alone(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A PGN taken unread and removed before its event is built: the event is built
    without games, and the PGN has one error finding."""
    src = make_src(_files())
    out = tmp_path / "out"
    _settled(src, out)
    (src / "trfsite.toml").write_text('title = "Club results"\n', encoding="utf-8")
    report = report_changed_after(
        monkeypatch, src, out, "event_jobs", lambda: (src / "2024/spring.pgn").unlink()
    )
    assert [(f.file, f.code) for f in report.refused] == [("2024/spring.pgn", CHANGED_CODE)]
    assert (report.events, report.failed) == (4, ())
    assert not (out / "spring/games").exists()
    again = _report(src, out)
    assert (again.reused, again.refused) == (4, ())
    assert tree_digest(out) == _built(src, tmp_path / "cold")
