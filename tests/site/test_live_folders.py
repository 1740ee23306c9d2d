"""A rebuild knows which event folders the live build still holds from one ``scandir``
of OUT, not an ``lstat`` an event (issue 46: 3,000 of them before the archive starts)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from rebuildhelpers import named_round_robin
from treedigest import tree_digest

from trfsite.site import events
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.cache import live_folders


def test_a_rebuild_asks_for_no_event_folder_of_out_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714521600")
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    names = [f"event-{n}" for n in range(5)]
    for name in names:
        (src / f"{name}.trf").write_text(named_round_robin(name.title()), encoding="utf-8")
    build_site(BuildOptions(src, out, pdf=False, jobs=1))
    (src / "event-3.trf").write_text(named_round_robin("Renamed"), encoding="utf-8")
    asked: list[str] = []
    real_lstat, real_scandir = os.lstat, os.scandir

    def lstat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        asked.append(f"lstat {path}")
        return real_lstat(path, *args, **kwargs)  # type: ignore[arg-type]

    def scandir(path: object) -> object:
        asked.append(f"scandir {path}")
        return real_scandir(path)  # type: ignore[call-overload]

    real_plan = events.plan_events
    planned: list[list[str]] = []

    def plan_events(*args: object, **kwargs: object) -> events.Plan:
        with monkeypatch.context() as patch:
            patch.setattr(os, "lstat", lstat)
            patch.setattr(os, "scandir", scandir)
            plan = real_plan(*args, **kwargs)  # type: ignore[arg-type]
        planned.append(sorted(plan.reused))
        return plan

    with monkeypatch.context() as patch:
        patch.setattr("trfsite.site.build.plan_events", plan_events)
        build_site(BuildOptions(src, out, pdf=False, jobs=1))
    assert planned == [["event-0", "event-1", "event-2", "event-4"]]
    # Main: an lstat of OUT/event-0 ... OUT/event-4 but the renamed one (4 calls).
    assert [a for a in asked if a.startswith("lstat") and str(out) in a] == []
    assert asked.count(f"scandir {out}") == 1
    build_site(BuildOptions(src, tmp_path / "cold", pdf=False, jobs=1))
    assert tree_digest(out) == tree_digest(tmp_path / "cold")


def test_the_live_folders_are_the_folders_not_the_links_or_files(tmp_path: Path) -> None:
    (tmp_path / "cup").mkdir()
    (tmp_path / "open").mkdir()
    (tmp_path / "index.html").write_text("home", encoding="utf-8")
    (tmp_path / "linked").symlink_to(tmp_path / "cup")
    assert live_folders(tmp_path) == {"cup", "open"}
    assert live_folders(tmp_path / "missing") == frozenset()
