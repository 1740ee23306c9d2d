"""-v and -q work before and after the command name; -v says what happened to each event."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from sitehelpers import small_round_robin

from trfsite.cli import cli

MakeSrc = Callable[[dict[str, str | bytes]], Path]


@pytest.mark.parametrize(
    "args",
    [["-v", "build", "SRC", "-o", "OUT"], ["build", "SRC", "-o", "OUT", "-v"]],
)
def test_verbose_build_names_each_event(make_src: MakeSrc, tmp_path: Path, args: list[str]) -> None:
    src = make_src({"small.trf": small_round_robin()})
    out = tmp_path / "out"
    argv = [str(src) if a == "SRC" else str(out) if a == "OUT" else a for a in args]
    result = CliRunner().invoke(cli, [*argv, "--no-pdf"])
    assert result.exit_code == 0, result.output
    assert "INFO: small.trf -> small/: built" in result.stderr


def test_verbosity_after_the_command_is_accepted(make_src: MakeSrc) -> None:
    src = make_src({"small.trf": small_round_robin()})
    for flag in ("-v", "-vv", "-q", "--verbose", "--quiet"):
        result = CliRunner().invoke(cli, ["validate", str(src / "small.trf"), flag])
        assert result.exit_code == 0, (flag, result.output)


def test_quiet_build_prints_no_summary(make_src: MakeSrc, tmp_path: Path) -> None:
    src = make_src({"small.trf": small_round_robin()})
    result = CliRunner().invoke(
        cli, ["build", str(src), "-o", str(tmp_path / "o"), "--no-pdf", "-q"]
    )
    assert result.exit_code == 0
    assert "events" not in result.stderr
