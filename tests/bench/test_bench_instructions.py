"""bench_games' instruction counts (issue 42): perf stat's CSV read back, and a machine
without the hardware counter (a VM) told as such rather than counted as zero."""

from __future__ import annotations

from pathlib import Path

import bench_process  # benchmarks/, put on the path by this folder's conftest


def test_a_count_is_read_from_perf_s_csv(tmp_path: Path) -> None:
    output = tmp_path / "perf.csv"
    # What perf stat -x, -o writes: a comment, a blank line, then value,unit,event,...
    output.write_text("# started on Sun Nov 29\n\n31415926535,,instructions:u,12,100.00,,\n")
    assert bench_process._read_perf(output) == 31_415_926_535


def test_no_counter_is_none_not_zero(tmp_path: Path) -> None:
    output = tmp_path / "perf.csv"
    output.write_text("<not supported>,,instructions:u,0,100.00,,\n")
    assert bench_process._read_perf(output) is None
    assert bench_process._read_perf(tmp_path / "never-written.csv") is None
