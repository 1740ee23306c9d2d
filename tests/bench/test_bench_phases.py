"""bench_phases counts the work it times: events built, pages per template (no timings)."""

from __future__ import annotations

from pathlib import Path

from bench_phases import PHASES, measure
from generate_people import generate_people_archive
from pytest import MonkeyPatch


def test_measure_counts_events_and_pages_per_template(tmp_path: Path) -> None:
    files = generate_people_archive(tmp_path / "src", 2, n_people=60, seed=3)
    players = sum(
        1 for path in files for line in path.read_text("utf-8").splitlines() if line[:4] == "001 "
    )
    measured = measure(tmp_path / "src", tmp_path / "out")
    assert measured.events == 2
    # One page per player of each event, one overview each, one home page.
    assert measured.templates["player.html"].pages == players
    assert measured.templates["overview.html"].pages == 2
    assert measured.templates["index.html"].pages == 1
    assert all(made.chars > 0 for made in measured.templates.values())
    # Phases count their own time only (nested timers subtract): never more than the build.
    assert sum(measured.totals[p] for p in PHASES) <= measured.cpu + 0.05


def test_rebuild_builds_the_changed_event_alone(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # the same build date twice
    files = generate_people_archive(tmp_path / "src", 3, n_people=200, seed=3)
    out = tmp_path / "out"
    measure(tmp_path / "src", out)
    changed = files[1]
    lines = changed.read_text("utf-8").splitlines(keepends=True)
    changed.write_text("012 Corrected name\n" + "".join(lines[1:]), "utf-8")
    measured = measure(tmp_path / "src", out, rebuild=True)
    assert measured.events == 1  # the other two are taken from the cache
    assert measured.templates["overview.html"].pages == 1
    assert measured.templates["index.html"].pages == 1
