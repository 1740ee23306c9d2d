"""What a worker's templates memoize is kept for one task (an event, a batch of people
pages), not for the archive the worker goes through (issue 46, ``memo.forgotten_per_task``)."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sitehelpers import small_round_robin
from treedigest import tree_digest

from trfsite.memo import forget_all
from trfsite.render.environment import Memoized
from trfsite.site import events as events_module
from trfsite.site import people_files
from trfsite.site.build import BuildOptions, build_site

MakeSrc = Callable[[dict[str, str | bytes]], Path]


def _files() -> dict[str, str | bytes]:
    return {
        f"2024/{name}.trf": small_round_robin().replace(
            "012 Small Test Round Robin", f"012 {name.title()} Open"
        )
        for name in ("spring", "summer", "autumn")
    }


def _memoized() -> int:
    """The results every memoized macro of this process keeps now."""
    return sum(len(made._made) for made in gc.get_objects() if isinstance(made, Memoized))


def test_an_event_or_a_batch_of_people_pages_leaves_nothing_memoized(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src(_files())
    whole = tmp_path / "whole"
    build_site(BuildOptions(src, whole, pdf=False, jobs=1))
    forget_all()  # what the listing pages, made in this process, left
    left: list[tuple[str, int]] = []
    build_event, render_batch = events_module.build_event, people_files.render_batch

    def after_event(*args: Any, **kwargs: Any) -> Any:
        output = build_event(*args, **kwargs)
        left.append(("event", _memoized()))
        return output

    def after_batch(*args: Any, **kwargs: Any) -> Any:
        made = render_batch(*args, **kwargs)
        left.append(("people", _memoized()))
        return made

    monkeypatch.setattr(events_module, "build_event", after_event)
    monkeypatch.setattr(people_files, "render_batch", after_batch)
    build_site(BuildOptions(src, tmp_path / "out", pdf=False, jobs=1, cache=False))
    # Three events, then the people pages (fewer than 40: one batch).
    # main: 53 results kept after the first task, and still after the last.
    assert left == [("event", 0), ("event", 0), ("event", 0), ("people", 0)]
    assert tree_digest(tmp_path / "out") == tree_digest(whole)
