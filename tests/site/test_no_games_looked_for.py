"""An archive without PGN files looks for no event's own PGN file (issue 46: two paths
made and hashed per event of a 3,000-event rebuild, for nothing)."""

from __future__ import annotations

from pathlib import Path, PurePath

import pytest
from rebuildhelpers import (
    named_round_robin,
    settled_at_once,  # noqa: F401  (autouse: each test here)
)

from trfsite.pages.config import SiteConfig
from trfsite.render.page_meta import SiteInfo
from trfsite.site.build_sources import event_jobs
from trfsite.site.discover import discover
from trfsite.site.state_cache import SourceStore

_SITE = SiteInfo("Club", "en", "", "2026-01-01", "trfsite", (), "", False, ())


def _suffixes_made(src: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    """(the jobs, the suffixes ``Path.with_suffix`` made while the jobs were made)."""
    found = discover(src, store=SourceStore({}))
    made: list[str] = []
    with_suffix = PurePath.with_suffix

    def counted(path: PurePath, suffix: str) -> PurePath:
        made.append(suffix)
        return with_suffix(path, suffix)

    monkeypatch.setattr(PurePath, "with_suffix", counted)
    jobs = event_jobs(found, SiteConfig(), _SITE, False, False, ())
    monkeypatch.undo()
    return len(jobs), made


def test_no_pgn_file_in_src_no_look_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.trf").write_text(named_round_robin(name), encoding="utf-8")
    # main made a.pgn and a.PGN for each event: 6.
    assert _suffixes_made(tmp_path, monkeypatch) == (3, [])


def test_a_pgn_file_in_src_is_still_looked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("a", "b"):
        (tmp_path / f"{name}.trf").write_text(named_round_robin(name), encoding="utf-8")
    (tmp_path / "b.pgn").write_text('[Event "b"]\n\n1. e4 *\n', encoding="utf-8")
    jobs, made = _suffixes_made(tmp_path, monkeypatch)
    # a's two names; b's first (b.pgn) is found.
    assert (jobs, made) == (2, [".pgn", ".PGN", ".pgn"])
