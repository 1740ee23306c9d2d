"""bench.py --baseline: the goals scaled by an older commit timed in turn (issue 17).

Expected values are worked out by hand from the goal, the baseline's time here and
the issue's own figure for it: ceiling = goal x baseline here / issue's figure.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.bench.conftest import BENCHMARKS

# Loaded by path: ``bench`` is also this test folder's package name.
_SPEC = importlib.util.spec_from_file_location("bench_script", BENCHMARKS / "bench.py")
assert _SPEC is not None and _SPEC.loader is not None
bench = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = bench  # its dataclasses look their module up there
_SPEC.loader.exec_module(bench)
BASELINE_TAG, Run = bench.BASELINE_TAG, bench.Run
baseline_summary, in_turn = bench.baseline_summary, bench.in_turn


def _runs(*walls: float) -> list[bench.Run]:
    return [Run(wall, wall, 50.0, 50.0) for wall in walls]


@pytest.fixture
def results(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, list[Run]]]:
    found: list[tuple[str, list[Run]]] = []
    monkeypatch.setattr(bench, "RESULTS", found)
    return found


def test_goals_are_scaled_by_the_baseline_timed_here(
    results: list[tuple[str, list[Run]]],
) -> None:
    standings = "open2000: standings BH-C1,BH,SB,PS,WIN"
    html = "open2000: build --no-pdf (default flags: --jobs 2)"
    pdf = "open2000: build (HTML + PDF, default flags: --jobs 2)"
    results += [
        (standings, _runs(0.26, 0.25)),
        (standings + BASELINE_TAG, _runs(0.50, 0.45)),
        (html, _runs(2.1, 2.0)),
        (html + BASELINE_TAG, _runs(6.0, 6.8)),
        (pdf, _runs(9.0)),
        (pdf + BASELINE_TAG, _runs(15.0)),
    ]
    line = baseline_summary("85fab09")
    assert line.startswith("summary against 85fab09 here: ")
    # standings: 0.12 x 0.45 / 0.2 = 0.27 s; best 0.25 s is 1.80x the baseline's speed
    assert "OK #17 standings 0.25 s <= 0.12 x 0.45 / 0.2 = 0.27 s (1.80x" in line
    # HTML: 1.5 x 6.0 / 3.4 = 2.647 s; 6.0 / 2.0 = 3.00x, and 3.4 / 1.5 = 2.27x asked
    assert "OK #17 HTML site 2.00 s <= 1.5 x 6.00 / 3.4 = 2.65 s (3.00x" in line
    assert "2.27x asked" in line
    # HTML + PDF: 6 x 15 / 15 = 6.00 s, and 9 s is more
    assert "MISS #17 HTML + PDF 9.00 s <= 6 x 15.00 / 15 = 6.00 s" in line


def test_the_plain_summary_reads_the_current_code_only(
    results: list[tuple[str, list[bench.Run]]],
) -> None:
    standings = "open2000: standings BH-C1,BH,SB,PS,WIN"
    # the baseline's 0.10 s would pass 0.12 s; the current code's 0.25 s does not
    results += [(standings + BASELINE_TAG, _runs(0.10)), (standings, _runs(0.25))]
    assert "MISS #17 standings 0.25 s <= 0.12 s" in bench.summary()


def test_a_figure_without_its_baseline_is_left_out(
    results: list[tuple[str, list[Run]]],
) -> None:
    results.append(("open2000: standings BH-C1,BH,SB,PS,WIN", _runs(0.2)))
    assert baseline_summary("HEAD~1").endswith("no figure with a goal was measured")


def test_runs_are_taken_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    tree = Path("/nowhere/baseline")
    monkeypatch.setattr(bench, "BASELINE", [tree])
    order: list[Path | None] = []

    def measure(where: Path | None) -> Run:
        order.append(where)
        return _runs(1.0)[0]

    ours, theirs = in_turn(measure, 2)
    assert order == [tree, None, tree, None]
    assert len(ours) == len(theirs) == 2
