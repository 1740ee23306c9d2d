"""Issue 50: a file of duplicated 001 lines builds in proportion to its lines.

The fuzz run of seed 2026 found input #203: FIDE's 284-player example with some 500
of its 001 lines repeated (125 KB) took 75 s of CPU to build. Every card of a start
number seen before was "made again" and explained again alone: a whole ranking of
the event per duplicated line. Counts the rankings, never time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import trfsite.standings.compute as compute
from trfsite.cli import cli
from trfsite.standings.options import StandingsOptions

from .data import CLEAN


def test_duplicated_lines_do_not_rank_the_event_once_per_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = CLEAN.rstrip("\n").splitlines()
    first_player = next(line for line in lines if line.startswith("001"))
    # clean.trf's 4 players, and player 1's line 30 more times: 34 lines, 4 start numbers.
    src = tmp_path / "src"
    src.mkdir()
    (src / "dup.trf").write_text("\n".join(lines + [first_player] * 30) + "\n", "utf-8")
    explained: list[frozenset[int]] = []
    original = compute.compute_standings

    def counting(t: object, options: StandingsOptions) -> object:
        if options.explain:
            explained.append(options.explained)
        return original(t, options)  # type: ignore[arg-type]

    monkeypatch.setattr(compute, "compute_standings", counting)
    out = tmp_path / "out"
    done = CliRunner().invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf", "-j", "1"])
    assert done.exit_code in (0, 1), done.output
    assert (out / "dup" / "index.html").is_file()
    # The cards' explanations: one ranking for the part that builds them, not one more
    # per duplicated line of player 1 (31 before).
    assert 1 <= len(explained) <= 2, len(explained)
