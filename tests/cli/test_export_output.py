"""``trfsite export FILE -o PATH`` writes through the path the user named (issue 50.16),
and a Go table is refused, for TRF is chess's (issue 41.8)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from trfsite.cli import cli

ROOT = Path(__file__).resolve().parents[2]
CLUB = ROOT / "sample_reports" / "club-championship-2024.trf"
GO = ROOT / "tests" / "data" / "samples" / "opengotha-ioct_20_02.h9"


def _export(*args: str) -> Result:
    return CliRunner().invoke(cli, ["export", *args])


def _is_trf(path: Path) -> bool:
    return path.read_text("utf-8").startswith("012 ")


def test_a_go_table_is_refused_with_one_line_and_no_file(tmp_path: Path) -> None:
    out = tmp_path / "ioct.trf"
    done = _export(str(GO), "-o", str(out))
    assert done.exit_code == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Go table" in lines[0] and "trfsite standings" in lines[0]
    assert not out.exists() and list(tmp_path.iterdir()) == []
    to_stdout = _export(str(GO))
    assert to_stdout.exit_code == 2 and to_stdout.stdout == ""


def test_a_link_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.trf"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.trf"
    link.symlink_to(real)
    done = _export(str(CLUB), "-o", str(link))
    assert done.exit_code == 0, done.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert _is_trf(real)
    dangling = tmp_path / "new-link.trf"
    dangling.symlink_to(tmp_path / "made.trf")
    assert _export(str(CLUB), "-o", str(dangling)).exit_code == 0
    assert dangling.is_symlink() and _is_trf(tmp_path / "made.trf")


def test_special_files_are_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.trf"
    os.mkfifo(fifo)
    done = _export(str(CLUB), "-o", str(fifo))
    assert done.exit_code == 2 and "FIFO" in done.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still the FIFO, not replaced
    device = tmp_path / "null.trf"
    device.symlink_to("/dev/null")
    done = _export(str(CLUB), "-o", str(device))
    assert done.exit_code == 2 and "character device" in done.stderr
    assert device.is_symlink() and os.readlink(device) == "/dev/null"
    loop = tmp_path / "loop.trf"
    loop.symlink_to(loop)
    done = _export(str(CLUB), "-o", str(loop))
    assert done.exit_code == 2 and "loop" in done.stderr and "Traceback" not in done.output
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_device_named_directly_is_refused() -> None:
    # Not through the command: trfsite 416ffd1 replaced /dev/null itself (run as root).
    from trfsite.cli.export_cmd import output_target

    with pytest.raises(Exception, match="character device"):
        output_target(Path("/dev/null"))


def test_a_regular_file_is_replaced_at_once_keeping_its_mode(tmp_path: Path) -> None:
    out = tmp_path / "out.trf"
    out.write_text("old\n", encoding="utf-8")
    out.chmod(0o640)
    before = out.stat().st_ino
    assert _export(str(CLUB), "-o", str(out)).exit_code == 0
    # A new file renamed over the old one (never a half-written one), with its mode.
    assert out.stat().st_ino != before and _is_trf(out)
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.trf"]
    fresh = tmp_path / "fresh.trf"
    umask = os.umask(0o022)
    try:
        assert _export(str(CLUB), "-o", str(fresh)).exit_code == 0
    finally:
        os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644  # as the shell's '>' makes it
