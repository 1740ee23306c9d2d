"""A cold build does not hold the archive's source bytes: past ``HELD_SOURCE_BYTES``
discovery keeps each file's digest, and the file is read again as its event's task
goes out (issue 46, ``site.build_sources``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from rebuildhelpers import built as _built
from rebuildhelpers import settled_at_once  # noqa: F401  (autouse: each test here)
from sitehelpers import small_round_robin
from treedigest import tree_digest

from trfsite.site import build as build_module
from trfsite.site import events as events_module
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.discover import Discovery
from trfsite.site.event_build import EventOutput, EventTask
from trfsite.site.events import Plan

MakeSrc = Callable[[dict[str, str | bytes]], Path]


def _files() -> dict[str, str | bytes]:
    return {
        f"{year}/{name}.trf": small_round_robin().replace(
            "012 Small Test Round Robin", f"012 {name.title()} Open"
        )
        for year, name in (("2024", "spring"), ("2024", "summer"), ("2025", "autumn"))
    }


class _Held:
    """The source files' bytes the build holds (in its discovery and plan, besides the
    task going out) each time an event is built."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.discovery: Discovery | None = None
        self.plan: Plan | None = None
        self.counts: list[int] = []
        discover, plan_events = build_module.discover, build_module.plan_events
        build_event = events_module.build_event

        def kept_discovery(*args: object, **kwargs: object) -> Discovery:
            self.discovery = discover(*args, **kwargs)  # type: ignore[arg-type]
            return self.discovery

        def kept_plan(*args: object, **kwargs: object) -> Plan:
            self.plan = plan_events(*args, **kwargs)  # type: ignore[arg-type]
            return self.plan

        def counted(task: EventTask, in_two: bool = False) -> EventOutput:
            self.counts.append(len(self._held()))
            return build_event(task, in_two)

        monkeypatch.setattr(build_module, "discover", kept_discovery)
        monkeypatch.setattr(build_module, "plan_events", kept_plan)
        monkeypatch.setattr(events_module, "build_event", counted)

    def _held(self) -> set[int]:
        """The distinct non-empty bytes objects of source files held now."""
        assert self.discovery is not None and self.plan is not None
        held = [f.data for f in self.discovery.files]
        held += [t.job.data for t in self.plan.build]
        late = getattr(self.plan, "late", None)
        held += [r.data for r in late.read.values()] if late is not None else []
        return {id(data) for data in held if data}


def test_a_cold_build_past_the_budget_holds_no_file_of_the_archive(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src(_files())
    whole = _built(src, tmp_path / "whole")  # the three files kept (within 1 MiB)
    monkeypatch.setattr(build_module, "HELD_SOURCE_BYTES", 0, raising=False)
    held = _Held(monkeypatch)
    build_site(BuildOptions(src, tmp_path / "out", pdf=False, jobs=1))
    # Three events built, one at a time (jobs=1). main: the three files' bytes held
    # at every build (discovery's, shared by the plan's tasks).
    assert held.counts == [0, 0, 0]
    assert held.discovery is not None
    assert [f.read for f in held.discovery.files] == [False, False, False]
    assert tree_digest(tmp_path / "out") == whole
