"""The home page, ``data/events.json`` and ``feed.xml`` are joined from rows kept per event
in the build state: a rebuild makes the changed event's row alone (issue 46,
site.event_rows)."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from pathlib import Path

import pytest
from rebuildhelpers import (
    MakeSrc,
    built,
    named_round_robin,
    settled,
    settled_at_once,  # noqa: F401  (autouse: each test here)
)

from trfsite.pages.data_files import DATA_VERSION
from trfsite.pages.rows import EventSummary
from trfsite.pages.share import atom_feed
from trfsite.render.page_meta import SiteInfo
from trfsite.site import event_rows
from trfsite.site.state import state_path


def _files() -> dict[str, str | bytes]:
    return {
        "2024/spring.trf": named_round_robin("Spring Open"),
        "2024/summer.trf": named_round_robin("Summer Open"),
        "2025/autumn.trf": named_round_robin("Autumn Open"),
    }


class _Made:
    """The events whose row a build made (their slugs)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.slugs: list[str] = []
        real = event_rows.make_row

        def counted(*args: object, **kwargs: object) -> event_rows.EventRow:
            row = real(*args, **kwargs)  # type: ignore[arg-type]
            self.slugs.append(row.order[2])
            return row

        monkeypatch.setattr(event_rows, "make_row", counted)


def test_a_rebuild_makes_the_changed_events_row_alone(
    make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    made = _Made(monkeypatch)
    settled(src, out)
    assert sorted(made.slugs) == ["autumn", "spring", "summer"]  # the cold build's
    made.slugs.clear()
    (src / "2024/summer.trf").write_text(
        named_round_robin("Summer Open, corrected"), encoding="utf-8"
    )
    rebuilt = built(src, out)
    assert made.slugs == ["summer"]  # main: every event's card rendered, item and entry made
    assert rebuilt == built(src, tmp_path / "cold")  # the same bytes as a build from nothing


def test_an_unchanged_events_card_item_and_entry_come_from_the_state(
    make_src: MakeSrc, tmp_path: Path
) -> None:
    src = make_src(_files())
    out = tmp_path / "out"
    settled(src, out)
    # Mark what the state holds of spring: a rebuild that made its row again would not show it.
    with sqlite3.connect(state_path(out)) as db:
        changed = db.execute(
            "UPDATE event_rows SET card = replace(card, 'Spring Open', 'Spring Open (kept)'),"
            " item = replace(item, 'Spring Open', 'Spring Open (kept)'),"
            " entry = replace(entry, 'Spring Open', 'Spring Open (kept)') WHERE slug = 'spring'"
        ).rowcount
    assert changed == 1
    (src / "2025/autumn.trf").write_text(
        named_round_robin("Autumn Open, corrected"), encoding="utf-8"
    )
    built(src, out)
    for name in ("index.html", "feed.xml", "data/events.json"):
        text = (out / name).read_text(encoding="utf-8")
        assert text.count("Spring Open (kept)") == 1, name
        assert "Autumn Open, corrected" in text, name


def _summary(slug: str, name: str, start: dt.date | None, **other: object) -> EventSummary:
    values: dict[str, object] = {
        "city": "Köln",
        "federation": "GER",
        "end_date": start,
        "kind": "individual",
        "participants": 4,
        "rounds": 3,
        "errors": 0,
        "warnings": 0,
        "failed": False,
        "source_name": f"{slug}.trf",
        "search_text": name.lower(),
        "complete_rounds": 3,
        "headline": "Final standings: winner Anna on 2½",
    }
    values.update(other)
    return EventSummary(slug, name, start_date=start, **values)  # type: ignore[arg-type]


_SUMMARIES = [
    _summary("b", 'Zoë <Open> & "Cup"', dt.date(2024, 5, 1), end_date=dt.date(2024, 5, 3)),
    _summary("a", "alpha", dt.date(2024, 5, 1), failed=True, headline=""),
    _summary("c", "Undated", None, end_date=None, results_date=""),
    _summary("d", "Later", dt.date(2025, 1, 2), results_date="2025-01-09", kind="team"),
]


@pytest.mark.parametrize("count", [0, 1, 4])
@pytest.mark.parametrize("base_url", ["", "https://example.org/"])
def test_the_joined_rows_are_the_whole_files_bytes(count: int, base_url: str) -> None:
    """events.json as ``json.dumps`` of the whole document gives it, feed.xml as
    ``atom_feed`` of every entry does: the files a build made before the rows."""
    from trfsite.render.theme import find_theme, theme_chain
    from trfsite.site.event_build import environment

    site = SiteInfo("Archive", "en", base_url, "2026-01-01", "trfsite", (), base_url, True, ())
    env = environment(tuple(t.path for t in theme_chain(find_theme("default"))), "en")
    summaries = _SUMMARIES[:count]
    made = [event_rows.make_row(env, site, s.slug, s) for s in summaries]
    rows = event_rows.site_rows(map(event_rows.flat, reversed(made)))
    # By hand: the latest start first, then by folded name (alpha before Zoë), undated last.
    ordered = [s.slug for s in summaries]
    expected_order = [slug for slug in ("d", "a", "b", "c") if slug in ordered]
    assert list(rows.slugs) == expected_order
    by_slug = {s.slug: s for s in summaries}
    items = [event_rows.event_item(by_slug[slug]) for slug in expected_order]
    whole = {"version": DATA_VERSION, "events": items}
    assert (
        "".join(event_rows.events_json(rows))
        == json.dumps(whole, ensure_ascii=False, indent=2) + "\n"
    )
    entries = [
        (
            f"{base_url}{slug}/index.html" if base_url else f"urn:trfsite:{slug}/index.html",
            by_slug[slug].name,
            f"{base_url}{slug}/index.html",
            {"d": "2025-01-09", "a": "2024-05-01", "b": "2024-05-03", "c": "1970-01-01"}[slug]
            + "T00:00:00Z",
            by_slug[slug].headline,
        )
        for slug in expected_order
    ]
    feed_id = f"{base_url}feed.xml" if base_url else "urn:trfsite:feed.xml"
    expected = atom_feed(
        "en", "Archive", "Archive", f"{base_url}feed.xml", f"{base_url}index.html", feed_id, entries
    )
    assert "".join(event_rows.feed_xml(site, rows)) == expected


@pytest.mark.parametrize("events", [2, 6])
def test_a_rebuild_orders_the_changed_events_row_alone(
    events: int, make_src: MakeSrc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The unchanged events' rows are sorted as the state stores them (their order
    first), not each made into a row object and given its order again: the count
    does not grow with the archive (main: one order per event, and one for the row made)."""
    src = make_src({f"e{n}.trf": named_round_robin(f"Event {n}") for n in range(events)})
    out = tmp_path / "out"
    settled(src, out)
    orders: list[str] = []
    real = event_rows.order_of

    def counted(summary: EventSummary) -> tuple[int, str, str]:
        orders.append(summary.slug)
        return real(summary)

    monkeypatch.setattr(event_rows, "order_of", counted)
    (src / "e1.trf").write_text(named_round_robin("Event 1, corrected"), encoding="utf-8")
    rebuilt = built(src, out)
    assert orders == ["e1"]  # its new row's
    assert rebuilt == built(src, tmp_path / "cold")
