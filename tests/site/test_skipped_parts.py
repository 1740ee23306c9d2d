"""A part of an event that fails inside trfsite (a bug of ours) costs that part only,
and the user reads one line about it, not a traceback (the traceback is for -vv)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from sitehelpers import small_round_robin

import trfsite.norms.event
from trfsite.cli import cli


def test_failed_norms_check_is_one_line_and_the_site_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "club.trf").write_text(small_round_robin(), encoding="utf-8")

    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("integer division or modulo by zero")

    monkeypatch.setattr(trfsite.norms.event, "event_norms", broken)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "club.trf: its title norms could not be checked (ZeroDivisionError:" in result.output
    assert "Traceback" not in result.output
    assert (out / "club" / "standings.html").is_file()
