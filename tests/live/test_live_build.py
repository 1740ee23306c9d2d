"""What ``trfsite publish`` asks of the build (issue 48): the time each event's file was
saved on its overview and current standings, and the pages of a file's last readable
version while the latest cannot be read."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from trfsite.pages.plan import Fallback
from trfsite.site.build import BuildOptions, build_site

from .publishhelpers import CLUB

SAVED = 1_764_331_200  # 2025-11-28 12:00 UTC: still the 28th from UTC-12 to UTC+11


def _src(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(CLUB, src / "club.trf")
    os.utime(src / "club.trf", (SAVED, SAVED))
    return src


def test_live_pages_say_when_the_file_was_saved_and_a_plain_build_does_not(
    tmp_path: Path,
) -> None:
    src = _src(tmp_path)
    build_site(BuildOptions(src, tmp_path / "live", pdf=False, live=True))
    build_site(BuildOptions(src, tmp_path / "plain", pdf=False))
    live = (tmp_path / "live" / "club" / "index.html").read_text("utf-8")
    assert '<p class="updated muted">Updated 28 Nov 2025, ' in live  # local time of day
    assert "Updated" in (tmp_path / "live" / "club" / "standings.html").read_text("utf-8")
    # Not on the other pages: a result must send only the pages it changes.
    assert "Updated" not in (tmp_path / "live" / "club" / "players.html").read_text("utf-8")
    for page in (tmp_path / "plain").rglob("*.html"):
        assert "Updated" not in page.read_text("utf-8"), page


def test_an_unreadable_file_keeps_its_last_readable_versions_pages(tmp_path: Path) -> None:
    src = _src(tmp_path)
    good = (src / "club.trf").read_bytes()
    (src / "club.trf").write_text("this is no tournament any more\n", encoding="utf-8")
    fallback = (("club.trf", Fallback(good, "2025-11-28T21:14:05+00:00")),)
    out = tmp_path / "site"
    options = BuildOptions(src, out, pdf=False, live=True, fallbacks=fallback)
    report = build_site(options)
    standings = (out / "club" / "standings.html").read_text("utf-8")
    assert "Foxtrot" in standings and "Updated 28 Nov 2025, 21:14:05" in standings
    validation = (out / "club" / "validation.html").read_text("utf-8")
    assert "The latest version of this file could not be read as a tournament" in validation
    assert "file-unknown-format" in validation  # the latest version's finding
    assert report.files_with_errors == 1  # the latest file's error is still counted
    again = build_site(options)
    assert again.reused == 1  # the same inputs (fallback included): nothing built again
    without = build_site(BuildOptions(src, out, pdf=False, live=True))
    assert without.reused == 0 and not (out / "club" / "standings.html").exists()
