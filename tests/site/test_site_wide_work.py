"""A rebuild's own work on the site's events but the changed one: none per unchanged
event where its result is not needed (issue 46). Each test builds archives of 2 and 6
events and counts the same work on both."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from rebuildhelpers import (
    MakeSrc,
    built,
    named_round_robin,
    settled,
    settled_at_once,  # noqa: F401  (autouse: each test here)
)

from trfsite.pages.config import load_config
from trfsite.site import build as build_module
from trfsite.site.build_checks import check_event_sections
from trfsite.site.discover import Discovery, SourceFile, discover
from trfsite.site.linking import Listing


def _archive(make_src: MakeSrc, events: int) -> Path:
    return make_src({f"e{n}.trf": named_round_robin(f"Event {n}") for n in range(events)})


def _change(src: Path) -> None:
    (src / "e1.trf").write_text(named_round_robin("Event 1, corrected"), encoding="utf-8")


@pytest.mark.parametrize("events", [2, 6])
def test_a_quiet_build_says_nothing_of_each_event(
    events: int,
    make_src: MakeSrc,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Without -v the line of each event is not even asked for (main: a call each)."""
    src = _archive(make_src, events)
    out = tmp_path / "out"
    settled(src, out)
    caplog.set_level(logging.WARNING, logger=build_module.logger.name)
    lines: list[object] = []
    monkeypatch.setattr(build_module.logger, "info", lambda *args, **kw: lines.append(args))
    _change(src)
    rebuilt = built(src, out)
    assert lines == []
    assert rebuilt == built(src, tmp_path / "cold")


class _Looked(tuple[SourceFile, ...]):
    """Discovered files that count those looked at."""

    seen = 0

    def __iter__(self) -> Iterator[SourceFile]:
        for source in super().__iter__():
            _Looked.seen += 1
            yield source


@pytest.mark.parametrize("events", [2, 6])
def test_a_site_without_event_tables_looks_at_no_file_for_them(
    events: int, make_src: MakeSrc, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``[events.NAME]`` checked against the files only when the config has such a
    table (main: every file's stem made and sorted on each build)."""
    src = _archive(make_src, events)
    found = discover(src)
    assert len(found.files) == events
    monkeypatch.setattr(_Looked, "seen", 0)
    check_event_sections(Discovery(_Looked(found.files), None), load_config(src, None))
    assert _Looked.seen == 0


def test_an_unchanged_folder_of_a_site_in_one_language_keeps_its_listing() -> None:
    """A site in one language links each unchanged folder with the listing it has (main:
    a copy of each, 3,000 at 3,000 events); a language's part of a site puts it under
    its folder."""
    listing = Listing.of("spring", [("spring/index.html", 120), ("spring/standings.html", 80)])
    assert listing.within("") is listing
    moved = listing.within("de/")
    assert (moved.folder, moved.text, moved.seal) == ("de/spring", listing.text, listing.seal)
