"""The built events' files' listings go to the build state as they pile up, not held
by the build process to the cache's save (issue 46: 2.5 MiB per 1,000 events)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from sitehelpers import small_event_tasks

from trfsite.site import cache
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.events import Plan, build_events
from trfsite.site.executors import InlineExecutor
from trfsite.site.state import state_path
from trfsite.site.writer import SiteWriter

RULES = Path(__file__).resolve().parent.parent / "data" / "people" / "rules"
SLUGS = ("spring", "summer", "autumn")


def _built(tmp_path: Path, held: int) -> tuple[list[cache.CacheEntry], Path, Path]:
    """Three small events built in this process, their listings held up to ``held``
    bytes; (entries, output folder, state file)."""
    tasks = small_event_tasks(SLUGS)
    out, state = tmp_path / "out", tmp_path / "state.sqlite"
    keys = {slug: f"key-{slug}" for slug in SLUGS}
    plan = Plan(keys, {}, tasks, state_file=state, listings_held=held)
    entries = build_events(SiteWriter(out), InlineExecutor(), 1, plan, None, local=True)
    return entries, out, state


def _stored(state: Path) -> dict[str, list[list[object]]]:
    db = sqlite3.connect(state)
    try:
        return {key: json.loads(text) for key, text in db.execute("SELECT * FROM cache_files")}
    finally:
        db.close()


def test_each_built_events_listing_is_in_the_state_and_no_longer_held(tmp_path: Path) -> None:
    entries, out, state = _built(tmp_path, held=1)  # every listing passes one byte
    # main: every entry held its listing's text (Plan took no state file)
    assert [entry.files.text for entry in entries] == [None, None, None]
    assert [entry.files.stored for entry in entries] == [
        (str(state), f"key-{slug}") for slug in SLUGS
    ]
    stored = _stored(state)
    assert sorted(stored) == sorted(f"key-{slug}" for slug in SLUGS)
    for slug in SLUGS:
        size = (out / slug / "index.html").stat().st_size
        assert ["index.html", size] in stored[f"key-{slug}"]


def test_listings_below_the_limit_stay_held_until_the_save(tmp_path: Path) -> None:
    entries, _, state = _built(tmp_path, held=10**9)
    assert all(entry.files.text for entry in entries)
    assert not state.exists()


def test_the_save_writes_the_entries_whose_listings_went_ahead(tmp_path: Path) -> None:
    entries, out, state = _built(tmp_path, held=1)
    cache.save_entries(SiteWriter(out), state, entries, (), cache.Previous())
    found = cache.load_entries(out, state)
    # main (the save wrote an entry only with its listing): none
    assert sorted(found.entries) == sorted(f"key-{slug}" for slug in SLUGS)
    assert {entry.slug for entry in found.entries.values()} == set(SLUGS)


def test_a_build_without_the_cache_still_forgets_the_state(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_site(BuildOptions(RULES, out, pdf=False))
    db = sqlite3.connect(state_path(out))
    with db:
        db.execute("INSERT INTO cache_files (key, files) VALUES ('stale', '[]')")
    db.close()
    build_site(BuildOptions(RULES, out, pdf=False, cache=False))
    keys = set(_stored(state_path(out)))
    assert "stale" not in keys
    assert len(keys) == 4  # the four events' listings, written again


def test_a_listing_that_names_no_entry_is_dropped_at_the_next_save(tmp_path: Path) -> None:
    # A build killed after its listings went ahead, before its save, leaves such rows.
    out = tmp_path / "out"
    build_site(BuildOptions(RULES, out, pdf=False))
    before = set(_stored(state_path(out)))
    db = sqlite3.connect(state_path(out))
    with db:
        db.execute("INSERT INTO cache_files (key, files) VALUES ('orphan', '[]')")
    db.close()
    build_site(BuildOptions(RULES, out, pdf=False))  # every event reused
    assert set(_stored(state_path(out))) == before  # main: the orphan stays for good
